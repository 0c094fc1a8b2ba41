"""Shared fixtures: expensive builds happen once per test run."""

from __future__ import annotations

import ast
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lexicon import ANSWER_FORMAT, load_alphabet
from lexicon.lookup import load
from support.http import Served
from support.lexicons import (  # noqa: F401 (the tests import them from here)
    DEBIAN,
    FASTSPELL,
    HU_KINDS_OF_WORDS,
    HU_STEMS,
    compiled_lexicon,
    hungarian_lexicon,
    subset_dic,
    word_list_pipeline,
    write_pipeline,
)

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


def extension_files() -> tuple[list[str], list[str]]:
    """The compiled core's sources and headers as setup.py names them (its SOURCES and HEADERS, folder by
    folder), read without running setup.py."""
    module = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    tables = {node.targets[0].id: ast.literal_eval(node.value) for node in module.body
              if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
              and node.targets[0].id in ("SOURCES", "HEADERS")}

    def paths(table: dict[str, list[str]], suffix: str) -> list[str]:
        return sorted(f"{'lexicon/graph/binding' if folder == 'binding' else f'lexicon/graph/core/{folder}'}/{name}"
                      f"{suffix}" for folder, names in table.items() for name in names)

    return paths(tables["SOURCES"], ".c"), paths(tables["HEADERS"], "")


def answer_etag(version: str) -> re.Pattern:
    """What every answer's ETag is (docs/service.md, Caching and versions): the version, the library's
    answer format and a hash, quoted."""
    return re.compile(rf'"{re.escape(version)}-a{ANSWER_FORMAT}-[0-9a-f]{{16}}"')


@pytest.fixture(scope="session")
def sv():
    return load_alphabet("sv-betapet")


@pytest.fixture(scope="session")
def sv_scrabble():
    return load_alphabet("sv-scrabble")


@pytest.fixture(scope="session")
def hu():
    return load_alphabet("hu-betutorony")


@pytest.fixture(scope="session")
def artifacts_root(tmp_path_factory) -> Path:
    """One artifacts directory for the real builds of this test run."""
    return tmp_path_factory.mktemp("artifacts")


def built_once(tmp_path_factory, name: str, artifacts_root: Path, build: Callable[[Path], dict]) -> dict:
    """Build lexicon `name` once for the whole test run: `build(root)` makes it in `root` and says what it
    printed. Under pytest-xdist the first worker to ask builds it into a directory the workers share,
    under a lock, and each worker copies the result into its own artifacts directory, where its tests
    may publish, damage and swap versions without the others seeing it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return build(artifacts_root)
    shared = tmp_path_factory.getbasetemp().parent / "built-once"
    shared.mkdir(exist_ok=True)
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or when a worker dies holding it
        said = shared / f"{name}.json"
        if not said.exists():
            out = build(shared / name)
            said.write_text(json.dumps(out))
    shutil.copytree(shared / name / name, artifacts_root / name)
    return json.loads(said.read_text())


def shipped(name: str) -> Callable[[Path], dict]:
    """built_once's build of a shipped pipeline, in process (it prints nothing)."""
    def make(root: Path) -> dict:
        from lexicon_pipelines import build

        build(name, root)
        return {}
    return make


@pytest.fixture(scope="session")
def betapet(artifacts_root, tmp_path_factory):
    """sv-betapet built from the installed SAOL 14 (the PyPI package saol)."""
    built_once(tmp_path_factory, "sv-betapet", artifacts_root, shipped("sv-betapet"))
    return load("sv-betapet", artifacts_root)


def cli(*args: str, artifacts: Path, cwd: Path) -> subprocess.CompletedProcess:
    """`lexicon ARGS` in a fresh process, with `$LEXICON_ARTIFACTS` set as the README's commands expect."""
    return subprocess.run([sys.executable, "-m", "lexicon_cli", *args], cwd=cwd, capture_output=True, text=True,
                          env=os.environ | {"LEXICON_ARTIFACTS": str(artifacts)}, timeout=1800)


@pytest.fixture(scope="session")
def betapet_inflected_build(artifacts_root, tmp_path_factory) -> subprocess.CompletedProcess:
    """The README's `lexicon build sv-betapet-inflected`, run once for the whole test run (one to two minutes):
    what it printed. Built through the CLI so that tests/test_readme.py checks this build, not a second one."""
    def build(root: Path) -> dict:
        run = cli("build", "sv-betapet-inflected", artifacts=root, cwd=tmp_path_factory.mktemp("cwd"))
        return {"args": run.args, "returncode": run.returncode, "stdout": run.stdout, "stderr": run.stderr}

    built = subprocess.CompletedProcess(**built_once(tmp_path_factory, "sv-betapet-inflected", artifacts_root, build))
    assert built.returncode == 0, built.stdout + built.stderr
    return built


@pytest.fixture(scope="session")
def betapet_inflected(betapet_inflected_build, artifacts_root):
    """sv-betapet-inflected: SAOL 14 and every form its inflection notation gives."""
    return load("sv-betapet-inflected", artifacts_root)


@pytest.fixture(scope="session")
def saol_entries():
    """Every entry of SAOL 14 as the pipelines read it."""
    from lexicon_pipelines import load_pipeline

    return [e for reader in load_pipeline("sv-betapet-inflected").readers() for e in reader.entries()]


@pytest.fixture(scope="session")
def saol_inflector(saol_entries):
    """The `saol` inflection generator, prepared with all of SAOL 14."""
    from lexicon_pipelines.inflection import SaolInflector

    return SaolInflector(saol_entries)


@pytest.fixture(scope="session")
def hu_graphed(tmp_path_factory):
    """The Hungarian test lexicon: every 150th stem of the Debian dictionary and the stems of HU_STEMS and
    HU_KINDS_OF_WORDS, with their forms of up to two affixes in the word graph ([graph.forms]); the list
    keeps one affix, and words beyond it are valid by analysis, with a precheck ([analysis] precheck)."""
    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({line.split("/")[0].split("\t")[0] for line in lines[::150]} | set(HU_STEMS)
                   | set(HU_KINDS_OF_WORDS))
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-graphed"), DEBIAN, "hu-test-graphed", words=words,
                             graph_forms=2, precheck=True)


@pytest.fixture(scope="session")
def hu_compiled(tmp_path_factory):
    """The Hungarian test lexicon validated by compiled rules (the shipped hu-betutorony's way): the stems of
    hu_graphed, their forms of up to two affixes in the word graph, and the compound rule over their pieces."""
    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({line.split("/")[0].split("\t")[0] for line in lines[::150]} | set(HU_STEMS)
                   | set(HU_KINDS_OF_WORDS))
    return compiled_lexicon(tmp_path_factory.mktemp("hu-compiled"), DEBIAN, "hu-test-compiled", words, "",
                            compounds="rule")


class Server(Served):
    """The service as `make run` starts it (`lexicon serve`: nginx in front of a lookup and a search
    pool of gunicorn, with the repository's configs; one pool alone with proxy=False), on a free
    loopback port, for real-HTTP tests (support.http)."""


@pytest.fixture(scope="session")
def server(betapet, artifacts_root):
    """gunicorn serving the session's artifacts (sv-betapet at least)."""
    s = Server(artifacts_root)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def scrabble_words(tmp_path_factory):
    """Swedish Scrabble's rules over a small hand-written word list (tests/data/play-sv-scrabble.txt): the
    words of the worked plays and records, built in seconds."""
    from lexicon_pipelines import build

    folder = tmp_path_factory.mktemp("sv-scrabble-words")
    path, _ = word_list_pipeline(folder, "sv-scrabble-words", (DATA / "play-sv-scrabble.txt").read_text(),
                                 profile="sv-scrabble")
    build(path, folder / "art")
    return load("sv-scrabble-words", folder / "art")


@pytest.fixture(scope="session")
def scrabble(artifacts_root, tmp_path_factory):
    """sv-scrabble: SAOL 14 and its supplement with their inflections, by the federation's rules."""
    built_once(tmp_path_factory, "sv-scrabble", artifacts_root, shipped("sv-scrabble"))
    return load("sv-scrabble", artifacts_root)
