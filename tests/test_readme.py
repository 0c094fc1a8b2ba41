"""Every example in the README is run, from a directory that is not the checkout, so none can drift.

The Python example is a doctest. Each command line of the shell examples has an entry in RUNS
saying how it is run and what its output must show; a README line without one fails the test, as
does an entry whose line left the README. Every build line is run through the CLI as written:
sv-betapet and sv-dsso (about a minute) here; sv-betapet-inflected (one to two minutes) once per
test run, by its session fixture, whose output is checked here. hu-betutorony over the whole of
Magyar Ispell takes half an hour or more (20 M forms in its graph, its compound rule's pieces and the
words of five corpora judged), so the shipped pipeline is built word for word over the real lines of
the dictionary the Hungarian examples need, and those examples run on that build. The `diff` line
compares the session's sv-betapet with a second, different version built from the shipped pipeline
with a word added and one blocked.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from lexicon import artifacts, load
from lexicon_pipelines import build, load_pipeline

from .conftest import DEBIAN, ROOT, cli, subset_dic

README = (ROOT / "README.md").read_text(encoding="utf-8")
@dataclass(frozen=True)
class Run:
    """Run the line; its exit code and what its output must hold."""

    shows: tuple[str, ...] = ()
    code: int = 0
    # where $LEXICON_ARTIFACTS points: the session's builds, a fresh directory, the Hungarian build
    # (which this line's entry checks instead of running: `built`), or the two sv-betapet versions
    artifacts: str = "session"
    built: bool = False  # the line is a build a fixture ran through the CLI: check what it printed
    first_lines: int = 0  # read only this many lines of output, then stop it (a million-line dump)


RUNS = {
    "lexicon build sv-betapet": Run(("built sv-betapet@", " words (", " entries")),
    "lexicon check ALLÉ --lexicon sv-betapet": Run(("ALLÉ → ALLE: valid in sv-betapet@", "saol14 record 1144")),
    "lexicon check ABC-BOK": Run(("not valid", "non-letter", "excluded 'abc-bok'", "hyphenated"), code=1),
    "lexicon tiles házsor --alphabet hu-betutorony": Run(("HÁ[ZS]OR", "HÁ[Z][S]OR")),
    "lexicon export sv-betapet --max-length 2 --field display": Run(("pH\n",)),
    "lexicon info sv-betapet": Run(("sv-betapet@", "source saol14", "words ", "versions built, oldest first:",
                                    "(current)")),
    "lexicon diff sv-betapet@<old> sv-betapet@<new>": Run(("+HUSORDETT\n", "-HUND\n", ": 1 added, 1 removed"),
                                                         artifacts="two-versions"),
    "lexicon build sv-betapet-inflected": Run(("built sv-betapet-inflected@", " words ("), built=True),
    "lexicon check GRÄVARENS --lexicon sv-betapet-inflected": Run(("inflected form of grävare (sg def gen)",)),
    "lexicon inflect grävare": Run(("grävarens", "sg def gen")),
    "lexicon expand /usr/share/hunspell/sv_SE.dic": Run(first_lines=2000),
    "lexicon build sv-dsso": Run(("built sv-dsso@", " words ("), artifacts="fresh"),
    "lexicon build hu-betutorony": Run(("built hu-betutorony@", " words ("), artifacts="hungarian", built=True),
    "lexicon check 'HÁ[ZS]OR' --lexicon hu-betutorony": Run(("wrong-tiling", "valid tilings: H Á Z S O R"), code=1,
                                                            artifacts="hungarian"),
    "lexicon check kortárs --lexicon hu-betutorony": Run(("valid in hu-betutorony@", "headword 'kortárs'",
                                                          "freedict record"), artifacts="hungarian"),
    "lexicon check sorház --lexicon hu-betutorony": Run(("valid in hu-betutorony@", "a compound by the rule",
                                                         "sor + ház"), artifacts="hungarian"),
    "lexicon check számara --lexicon hu-betutorony": Run(("not valid in hu-betutorony@", "excluded:typo",
                                                          "SZÁMÁRA"), code=1, artifacts="hungarian"),
    "lexicon check budapesti --lexicon hu-betutorony": Run(("valid in hu-betutorony@", "Budapest"),
                                                            artifacts="hungarian"),
    "lexicon judge --game sv-betapet --word HUND --at H8": Run(("HUND", "20")),
    "python3 -c 'print(*[\".\"*15]*7, \".\"*7 + \"HUND\" + \".\"*4, *[\".\"*15]*7, sep=\"\\n\")' | .venv/bin/lexicon "
    "judge - --game sv-scrabble --word HUNDAR --at H8 --rack 'AR?XYZE'": Run(("HUNDAR",)),
    "lexicon moves --game sv-betapet --rack 'HUNDA?S' -n 5": Run(("sv-betapet with sv-betapet@", "plays, the best 5")),
    "curl 'http://127.0.0.1:8000/valid?word=ALL%C3%89&lexicon=sv-betapet'": Run(('"normalized":"ALLE"',
                                                                                 '"valid":true')),
    "curl -X POST http://127.0.0.1:8000/valid -H 'Content-Type: application/json' -d "
    "'{\"words\":[\"hund\",\"hundar\"]}'": Run(('"valid":true', '"valid":false')),
    "python3 -c 'import json; print(json.dumps({\"game\": \"sv-betapet\", \"board\": [\".\"*15]*15, \"move\": "
    "{\"word\": \"HUND\", \"start\": \"H8\"}}))' | curl -X POST http://127.0.0.1:8000/play -H "
    "'Content-Type: application/json' -d @-": Run(('"legal":true', '"score":20')),
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
def hungarian(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """`lexicon build` of the shipped hu-betutorony pipeline, unchanged but for its .dic: the real lines of
    Magyar Ispell the Hungarian examples need, read with the real .aff. Its artifacts, and what it printed."""
    folder = tmp_path_factory.mktemp("hu-readme")
    subset_dic(DEBIAN, ["ház", "sor", "történik", "Budapest", "kor", "társ", "szám", "ara"], folder, "hu_HU")
    (folder / "hu_HU.aff").symlink_to(DEBIAN.with_suffix(".aff"))
    shipped = Path(load_pipeline("hu-betutorony").path).read_text(encoding="utf-8")
    whole = f'path = "{DEBIAN.with_suffix(".dic")}"'
    assert shipped.count(whole) == 1, "the shipped pipeline no longer reads the Debian .dic: update this fixture"
    (folder / "hu-betutorony.toml").write_text(shipped.replace(whole, 'path = "hu_HU.dic"'), encoding="utf-8")
    built = cli("build", str(folder / "hu-betutorony.toml"), artifacts=folder / "art", cwd=folder)
    assert built.returncode == 0, built.stdout + built.stderr
    return folder / "art", built


@pytest.fixture(scope="module")
def two_versions(betapet, tmp_path_factory) -> tuple[Path, str, str]:
    """The session's sv-betapet, and a second version from the shipped pipeline with one word added (HUSORDETT)
    and one blocked (HUND), in one artifacts directory: the `diff` example's old and new."""
    root = tmp_path_factory.mktemp("two-versions")
    shutil.copytree(betapet.path, root / "sv-betapet" / betapet.version)
    shipped = Path(load_pipeline("sv-betapet").path).read_text(encoding="utf-8")
    edited = root / "edited" / "sv-betapet.toml"
    edited.parent.mkdir()
    edited.write_text(shipped + '\n[overlays]\nallow = ["husordett"]\nblock = ["hund"]\n', encoding="utf-8")
    new = build(edited, root, make_current=False).version
    assert new != betapet.version
    return root, betapet.version, new


#: The session fixture that built what a build line builds into the session's artifacts.
FIXTURES = {"sv-betapet": "betapet", "sv-betapet-inflected": "betapet_inflected"}


@pytest.mark.parametrize("line", list(RUNS))
def test_each_shell_example(line, betapet, betapet_inflected, scrabble, artifacts_root, server, tmp_path, request):
    how = RUNS[line]
    root = {"session": lambda: artifacts_root, "fresh": lambda: tmp_path / "art",
            "hungarian": lambda: request.getfixturevalue("hungarian")[0],
            "two-versions": lambda: request.getfixturevalue("two_versions")[0]}[how.artifacts]()
    if how.built:
        out = request.getfixturevalue("hungarian")[1] if how.artifacts == "hungarian" else \
            request.getfixturevalue("betapet_inflected_build")
    else:
        out = run_line(line, how, root, server, tmp_path, request)
        if out is None:
            return
    assert out.returncode == how.code, out.stdout + out.stderr
    for text in how.shows:
        assert text in out.stdout, (text, out.stdout[-2000:])
    if line.startswith("lexicon build "):  # it published a version that loads, and said which
        name = line.split()[-1]
        current = artifacts.current_version(root, name)
        assert current and f"built {name}@{current} " in out.stdout and load(name, root).version == current
        if name in FIXTURES:  # the same inputs as the fixture's build: the same version
            assert current == request.getfixturevalue(FIXTURES[name]).version


def run_line(line: str, how: Run, root: Path, server, tmp_path: Path, request) -> subprocess.CompletedProcess | None:
    """Run one README line in `tmp_path` against the artifacts in `root`; None when the run checked its own output."""
    if how.artifacts == "two-versions":
        _, old, new = request.getfixturevalue("two_versions")
        line = line.replace("<old>", old).replace("<new>", new)
    line = line.replace("http://127.0.0.1:8000", server.url)
    env = os.environ | {"LEXICON_ARTIFACTS": str(root)}
    if " | " in line:  # a pipeline: run by the shell as written, the checkout's lexicon command for .venv/bin's
        command = line.replace(".venv/bin/lexicon ", f"{shlex.quote(sys.executable)} -m lexicon_cli ")
        return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=600)
    argv = shlex.split(line)
    if argv[0] == "lexicon":
        argv = [sys.executable, "-m", "lexicon_cli", *argv[1:]]
    if how.first_lines:
        with subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True) as proc:
            head = [proc.stdout.readline() for _ in range(how.first_lines)]
            proc.kill()
        assert all(w.endswith("\n") for w in head) and sum(w.strip().isalpha() for w in head) > 1000, head[:10]
        return None
    return subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
