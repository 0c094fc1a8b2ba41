"""`Lexicon.check` reasons, tile notation on lookups, exports and diffs, on small real builds."""

import pytest

from lexicon import InputError
from lexicon.lookup import diff, load
from lexicon_pipelines import build

from .conftest import write_pipeline


@pytest.fixture(scope="module")
def hungarian(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hu")
    (folder / "words.txt").write_text("házsor\nasszony\ncsésze\negyszer\nnyúl\nBudapest\nkv\n"
                                      "a\ntaxi\nmegszentségteleníthetetlenségeskedéseitekért\n", encoding="utf-8")
    path = write_pipeline(folder, "hu-test-words", 'profile = "hu-betutorony-list"\n[[sources]]\nid = "w"\n'
                          'kind = "plain"\npath = "words.txt"\n')
    build(path, folder / "art")
    return load("hu-test-words", folder / "art")


def test_reasons(hungarian):
    assert hungarian.check("Budapest").reason == "excluded:capitalised"
    assert hungarian.check("kv").reason == "excluded:abbreviation" or hungarian.check("kv").valid
    assert hungarian.check("a").reason == "too-short"
    assert hungarian.check("taxi").reason == "non-letter"
    assert hungarian.check("megszentségteleníthetetlenségeskedéseitekért").reason == "too-long"
    assert hungarian.check("nincs").reason == "not-in-lexicon"


def test_tiles_by_notation_and_wrong_tiling(hungarian):
    ok = hungarian.check("HÁ[ZS]OR")  # without evidence the preferred cut is the valid one
    assert ok.valid and ok.tiles == ("H", "Á", "ZS", "O", "R")
    wrong = hungarian.check("HÁ[Z][S]OR")
    assert not wrong.valid and wrong.reason == "wrong-tiling"
    assert wrong.tilings == (("H", "Á", "ZS", "O", "R"),)
    assert hungarian.check('["CS","É","SZ","E"]').valid


def test_manifest_counts_tilings_chosen_without_evidence(hungarian):
    evidence = hungarian.manifest["counts"]["tiling_evidence"]
    assert evidence["preferred"] >= 4  # házsor, asszony, csésze, egyszer have several cuts
    assert evidence["single"] >= 1  # nyúl


def test_overlong_input_is_refused(hungarian):
    with pytest.raises(InputError, match="limit"):
        hungarian.check("a" * 10_000)


def test_export_filters(hungarian):
    assert list(hungarian.export("tiles", min_tiles=5)) == ["AS[SZ]O[NY]", "E[GY][SZ]ER", "HÁ[ZS]OR"]
    assert list(hungarian.export("display", prefix="cs")) == ["csésze"]


def test_diff(hungarian, betapet):
    added, removed = diff(hungarian, hungarian)
    assert (added, removed) == ([], [])
    added, removed = diff(hungarian, betapet)
    assert "HÁZSOR" in removed and "ALLE" in added


def test_iterators_keep_their_lexicon_alive(hungarian):
    """A lexicon dropped while one of its iterators is in use must not close under it."""
    from lexicon import open_lexicon

    keys = open_lexicon(hungarian.path).keys()
    words = open_lexicon(hungarian.path).export("display")
    assert next(keys) and len(list(keys)) == len(hungarian) - 1
    assert len(list(words)) >= len(hungarian)
