"""Every shell command the README and docs/ show names what exists: each `lexicon …` line parses with the
command line's own options and arguments, each `curl` line asks a route the service has (with its method), and
each `make` line names a target of the Makefile. The lines are not run here (they build lexicons, serve, or
read a reader's own files); the README's quick examples run as written in tests/test_readme.py, and the docs'
Python blocks in tests/test_docs_examples.py."""

from __future__ import annotations

import re
import shlex

import click
import pytest

from lexicon_cli import main as cli
from lexicon_service import create_app

from .conftest import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _commands() -> list[tuple[str, str]]:
    """(where, command) for each command of the docs' sh blocks: continued lines joined, comments dropped,
    a pipeline or list cut into its commands, and a leading `$ ` prompt taken away."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for block in re.finditer(r"```sh\n(.*?)```", text, re.S):
            first = text[:block.start()].count("\n") + 2
            for i, line in _lines(block.group(1)):
                words = shlex.split(line.removeprefix("$ "), comments=True, posix=True)
                command: list[str] = []
                for word in [*words, ";"]:
                    if word in ("|", ";", "&&", "||", "&") or word.startswith(">"):
                        if command:
                            found.append((f"{path.name}:{first + i}", command))
                        command = [] if word in ("|", ";", "&&", "||", "&") else ["<redirected>"]
                    elif command != ["<redirected>"]:
                        command.append(word)
    return [(where, c) for where, c in found if c and c != ["<redirected>"]]


def _lines(block: str):
    """(index, line) of each command line of a block: a line continued with a backslash, or inside a
    quotation, runs on into the next."""
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        start, line = i, lines[i]
        while line.endswith("\\") or _open_quote(line):
            i += 1
            line = line.removesuffix("\\") + ("\n" if _open_quote(line) else " ") + lines[i]
        if line.strip():
            yield start, line
        i += 1


def _open_quote(line: str) -> bool:
    try:
        shlex.split(line, comments=True)
    except ValueError:
        return True
    return False


COMMANDS = _commands()


def _program(command: list[str]) -> str:
    return command[0].rsplit("/", 1)[-1]


LEXICON = [(w, c[1:]) for w, c in COMMANDS if _program(c) == "lexicon"]
CURL = [(w, c[1:]) for w, c in COMMANDS if _program(c) == "curl"]
MAKE = [(w, c[1:]) for w, c in COMMANDS if _program(c) == "make"]


def test_the_docs_show_commands_of_each_kind():
    assert len(LEXICON) >= 50 and len(CURL) >= 8 and len(MAKE) >= 3


@pytest.mark.parametrize(("where", "args"), LEXICON, ids=[w for w, _ in LEXICON])
def test_each_lexicon_command_of_the_docs_parses(where, args, tmp_path, monkeypatch):
    """The subcommand exists and takes these options and arguments (a renamed option fails here). A file
    the line names relative to where it runs (board.txt, game.gcg) is made empty, as a reader has it."""
    monkeypatch.chdir(tmp_path)
    for arg in args:
        if re.fullmatch(r"[\w-]+(/[\w-]+)*\.(txt|gcg|json|toml|bundle)", arg):
            (tmp_path / arg).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / arg).touch()
    ctx = click.Context(cli, info_name="lexicon")
    command = cli.get_command(ctx, args[0])
    assert command is not None, f"{where}: no command {args[0]!r}"
    try:
        command.make_context(args[0], list(args[1:]), parent=ctx)
    except click.UsageError as exc:
        pytest.fail(f"{where}: lexicon {shlex.join(args)}: {exc.format_message()}")


def _curl(args: list[str]) -> tuple[str, str]:
    """The method and path a curl line asks."""
    method = "GET"
    url = None
    it = iter(args)
    for arg in it:
        if arg == "-X":
            method = next(it)
        elif arg in ("-d", "--data", "--data-binary"):
            next(it)
            method = "POST" if method == "GET" else method
        elif arg in ("-H", "-o"):
            next(it)
        elif arg.startswith("http"):
            url = arg
    assert url, args
    return method, re.sub(r"^https?://[^/]+", "", url).split("?", 1)[0]


@pytest.fixture(scope="module")
def routes(tmp_path_factory):
    return create_app({"ARTIFACTS": str(tmp_path_factory.mktemp("none"))}).url_map.bind("localhost")


@pytest.mark.parametrize(("where", "args"), CURL, ids=[w for w, _ in CURL])
def test_each_curl_command_of_the_docs_asks_a_route_the_service_has(where, args, routes):
    method, path = _curl(args)
    routes.match(path, method=method)  # raises NotFound or MethodNotAllowed


@pytest.mark.parametrize(("where", "args"), MAKE, ids=[w for w, _ in MAKE])
def test_each_make_command_of_the_docs_names_a_target(where, args):
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = {t for line in re.findall(r"^([^\s#=:][^=:]*):(?!=)", makefile, re.M) for t in line.split()}
    named = [a.replace(".venv/bin/", "$(BIN)/") for a in args if "=" not in a and not a.startswith("-")]
    assert named and set(named) <= targets, (where, named)
