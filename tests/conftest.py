"""Shared fixtures: expensive builds happen once per test run."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon import load_alphabet
from lexicon.lookup import load

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
    from pipelines import build

    build("sv-betapet", artifacts_root)
    return load("sv-betapet", artifacts_root)


def write_pipeline(folder: Path, name: str, body: str) -> Path:
    """A pipeline file in `folder`; relative source paths resolve from there."""
    path = folder / f"{name}.toml"
    path.write_text(f'name = "{name}"\n' + body, encoding="utf-8")
    return path
