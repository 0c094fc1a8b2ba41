"""The `lexicon` command: every command has help, bad input exits 2 with a message, --json parses."""

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from lexicon_cli import main

from .conftest import ROOT


def run(*args, **kw):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, **kw)


def commands() -> dict[str, click.Command]:
    ctx = click.Context(main)
    return {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}


def test_every_command_module_is_registered():
    """Commands load on use (lexicon_cli.COMMANDS): a command defined but not listed there is never seen."""
    import importlib
    import pkgutil

    import lexicon_cli

    defined = set()
    for module in (m for m in pkgutil.iter_modules(lexicon_cli.__path__) if m.name != "__main__"):
        found = vars(importlib.import_module(f"lexicon_cli.{module.name}"))
        # a group's own commands are reached through it (`lexicon leaves train`)
        grouped = {id(c) for g in found.values() if isinstance(g, click.Group) for c in g.commands.values()}
        defined |= {f"lexicon_cli.{module.name}:{attr}" for attr, value in found.items()
                    if isinstance(value, click.Command) and id(value) not in grouped
                    and (value.callback.__module__ if value.callback else module.name) == f"lexicon_cli.{module.name}"}
    assert defined == set(lexicon_cli.COMMANDS.values())


def test_every_command_has_help_text():
    assert len(commands()) >= 11
    for name, command in commands().items():
        assert command.help and len(command.help.strip()) > 20, name
        result = run(name, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_flag and param.name not in ("help",):
                assert param.help, f"{name} {param.name} has no help"


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and "normalize" in out.stdout


def test_normalize():
    result = run("normalize", "allé")
    assert (result.exit_code, result.output) == (0, "ALLE\n")
    data = json.loads(run("normalize", "PIETÀ", "--json").output)
    assert data["normalized"] == "PIETA"


def test_normalize_bad_word_exits_2_with_the_reason():
    result = run("normalize", "abc-bok")
    assert result.exit_code == 2
    assert "hyphenated" in result.stderr and "position 3" in result.stderr


def test_tiles_lists_every_cut():
    result = run("tiles", "házsor", "--alphabet", "hu-betutorony")
    assert result.exit_code == 0
    assert "H Á ZS O R" in result.output and "H Á Z S O R" in result.output
    data = json.loads(run("tiles", "asszony", "-a", "hu-betutorony", "--policy", "pronounced", "--json").output)
    assert data["preferred"] == ["A", "SZ", "SZ", "O", "NY"]


@pytest.mark.parametrize("args, message", [
    (["tiles", "A[XY]", "-a", "hu-betutorony"], "position 1"),
    (["tiles", "hobby", "-a", "hu-betutorony"], "cannot be cut"),
    (["normalize", "hund", "-a", "xx-nope"], "no tileset named"),
    (["check", "hund", "--lexicon", "../../etc", "--artifacts", "/tmp"], "not a lexicon name"),
    (["check", "hund", "--lexicon", "sv-nothing", "--artifacts", "/tmp"], "no lexicon 'sv-nothing'"),
    (["build", "/nonexistent/p.toml"], "no such pipeline file"),
])
def test_bad_input_exits_2_with_a_clear_message(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_check_info_export_diff_on_a_real_build(betapet, artifacts_root):
    root = ["--artifacts", str(artifacts_root)]
    ok = run("check", "ALLÉ", "--lexicon", "sv-betapet", *root)
    assert ok.exit_code == 0 and "ALLÉ → ALLE: valid" in ok.output and "saol14 record" in ok.output
    bad = run("check", "ABC-BOK", "-l", "sv-betapet", *root)
    assert bad.exit_code == 1 and "excluded 'abc-bok'" in bad.output and "hyphenated" in bad.output
    data = json.loads(run("check", "hundar", "-l", "sv-betapet", "--json", *root).output)
    assert data["valid"] is False and data["reason"] == "not-in-lexicon" and data["version"] == betapet.version

    info = run("info", "sv-betapet", *root)
    assert info.exit_code == 0 and "multiword" in info.output and "126,900 entries" in info.output
    assert json.loads(run("info", str(betapet.path), "--json").output)["version"] == betapet.version

    two = run("export", "sv-betapet", "--max-length", "2", *root).output.split()
    assert "PH" in two and all(len(w) <= 2 for w in two)
    display = json.loads(run("export", "sv-betapet", "--field", "display", "--prefix", "allé", "--format", "json",
                             *root).output)
    assert display[0] == "allé"
    nouns = run("export", "sv-betapet", "--pos", "NOUN", "--contains", "hund", *root).output.split()
    assert "HUND" in nouns and "HUNDGÅRD" in nouns

    same = json.loads(run("diff", "sv-betapet", f"sv-betapet@{betapet.version}", "--json", *root).output)
    assert (same["added"], same["removed"]) == (0, 0)
