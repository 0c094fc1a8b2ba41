"""Every example in the README is run, from a directory that is not the checkout, so none can drift.

The Python example is a doctest. Each command line of the shell examples has an entry in RUNS
saying how it is run and what its output must show; a README line without one fails the test, as
does an entry whose line left the README. Three builds take minutes to an hour (sv-betapet-inflected,
sv-dsso, hu-betutorony): their pipelines are loaded by name from elsewhere, sv-betapet-inflected is
built by its session fixture, and the Hungarian checks run on a hu-betutorony built from the real
lines of Magyar Ispell that the examples need (conftest.hungarian_lexicon).
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from lexicon import artifacts
from lexicon_pipelines import load_pipeline

from .conftest import DEBIAN, ROOT, hungarian_lexicon

README = (ROOT / "README.md").read_text(encoding="utf-8")
BOARD = json.dumps(["." * 15] * 15)


@dataclass(frozen=True)
class Run:
    """Run the line; its exit code and what its output must hold."""

    shows: tuple[str, ...] = ()
    code: int = 0
    hungarian: bool = False  # run against the Hungarian stand-in
    first_lines: int = 0  # read only this many lines of output, then stop it (a million-line dump)


@dataclass(frozen=True)
class Pipeline:
    """A build too long for the tests: its pipeline loads by name from elsewhere."""

    name: str


RUNS = {
    "lexicon build sv-betapet": Run(("built sv-betapet@", " words (", " entries")),
    "lexicon check ALLÉ --lexicon sv-betapet": Run(("ALLÉ → ALLE: valid in sv-betapet@", "saol14 record 1144")),
    "lexicon check ABC-BOK": Run(("not valid", "non-letter", "excluded 'abc-bok'", "hyphenated"), code=1),
    "lexicon tiles házsor --alphabet hu-betutorony": Run(("HÁ[ZS]OR", "HÁ[Z][S]OR")),
    "lexicon export sv-betapet --max-length 2 --field display": Run(("pH\n",)),
    "lexicon info sv-betapet": Run(("sv-betapet@", "source saol14", "words ")),
    "lexicon diff sv-betapet@<old> sv-betapet@<new>": Run(("0 added, 0 removed",)),
    "lexicon build sv-betapet-inflected": Pipeline("sv-betapet-inflected"),
    "lexicon check GRÄVARENS --lexicon sv-betapet-inflected": Run(("inflected form of grävare (sg def gen)",)),
    "lexicon inflect grävare": Run(("grävarens", "sg def gen")),
    "lexicon expand /usr/share/hunspell/sv_SE.dic": Run(first_lines=2000),
    "lexicon build sv-dsso": Pipeline("sv-dsso"),
    "lexicon build hu-betutorony": Pipeline("hu-betutorony"),
    "lexicon check 'HÁ[ZS]OR' --lexicon hu-betutorony": Run(("wrong-tiling", "valid tilings: H Á Z S O R"), code=1,
                                                            hungarian=True),
    "lexicon check megtörtént --lexicon hu-betutorony": Run(("valid in hu-betutorony@", "by analysis",
                                                             "meg + történik"), hungarian=True),
    "lexicon check budapesti --lexicon hu-betutorony": Run(("valid in hu-betutorony@", "Budapest"), hungarian=True),
    "lexicon judge --game sv-betapet --word HUND --at H8": Run(("HUND", "20")),
    "lexicon judge board.txt --game sv-scrabble --word HUNDAR --at H8 --rack 'AR?XYZE'": Run(("HUNDAR",)),
    "curl 'http://127.0.0.1:8000/valid?word=ALL%C3%89&lexicon=sv-betapet'": Run(('"normalized":"ALLE"',
                                                                                 '"valid":true')),
    "curl -X POST http://127.0.0.1:8000/valid -H 'Content-Type: application/json' -d "
    "'{\"words\":[\"hund\",\"hundar\"]}'": Run(('"valid":true', '"valid":false')),
    "curl -X POST http://127.0.0.1:8000/play -H 'Content-Type: application/json' -d '{\"game\":\"sv-betapet\","
    "\"board\":[…15 rows…],\"move\":{\"word\":\"HUND\",\"start\":\"H8\"}}'": Run(('"legal":true', '"score":20')),
}


def example_lines() -> list[str]:
    """The command lines of the README's shell examples (continuations joined, comments and the
    setup block's `make` targets left out: those are what CI runs)."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            command = re.sub(r"(^|\s+)#.*$", "", line).strip()
            command = re.sub(r"\s+", " ", command.removeprefix(".venv/bin/"))
            if command and not command.startswith("make "):
                lines.append(command)
    return lines


def test_every_example_has_a_run_and_every_run_an_example():
    lines = example_lines()
    assert set(lines) - set(RUNS) == set(), "README examples no test runs: add them to RUNS"
    assert set(RUNS) - set(lines) == set(), "RUNS for lines no longer in the README"


def test_the_python_example(betapet, artifacts_root, monkeypatch, tmp_path):
    monkeypatch.setenv("LEXICON_ARTIFACTS", str(artifacts_root))
    monkeypatch.chdir(tmp_path)
    (block,) = re.findall(r"```python\n(.*?)```", README, re.S)
    test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0 and test.examples


@pytest.fixture(scope="module")
def hungarian(tmp_path_factory) -> Path:
    """A hu-betutorony from the real Magyar Ispell lines the Hungarian examples need."""
    folder = tmp_path_factory.mktemp("hu-readme")
    hungarian_lexicon(folder, DEBIAN, "hu-betutorony", ["ház", "sor", "történik", "Budapest"])
    return folder / "art"


@pytest.mark.parametrize("line", list(RUNS))
def test_each_shell_example(line, betapet, betapet_inflected, scrabble, artifacts_root, hungarian, server, tmp_path):
    how = RUNS[line]
    if isinstance(how, Pipeline):
        code = f"from lexicon_pipelines import load_pipeline as p; print(p({how.name!r}).name)"
        out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
        assert out.stdout.strip() == how.name == load_pipeline(how.name).name, out.stderr
        return
    line = line.replace("<old>", betapet.version).replace("<new>", betapet.version)
    line = line.replace("http://127.0.0.1:8000", server.url).replace("[…15 rows…]", BOARD)
    argv = shlex.split(line)
    if argv[0] == "lexicon":
        argv = [sys.executable, "-m", "lexicon_cli", *argv[1:]]
    if "board.txt" in argv:  # the board the example reads: HUND laid on H8, to be extended to HUNDAR
        rows = ["." * 15] * 15
        rows[7] = "." * 7 + "HUND" + "." * 4
        (tmp_path / "board.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    env = os.environ | {"LEXICON_ARTIFACTS": str(hungarian if how.hungarian else artifacts_root)}
    if how.first_lines:
        with subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True) as proc:
            head = [proc.stdout.readline() for _ in range(how.first_lines)]
            proc.kill()
        assert all(w.endswith("\n") for w in head) and sum(w.strip().isalpha() for w in head) > 1000, head[:10]
        return
    out = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == how.code, out.stdout + out.stderr
    for text in how.shows:
        assert text in out.stdout, (text, out.stdout[-2000:])
    if argv[-2:] == ["build", "sv-betapet"] or "build" in argv:
        assert artifacts.current_version(artifacts_root, "sv-betapet") == betapet.version
