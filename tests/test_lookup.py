"""`Lexicon.check` reasons, tile notation on lookups, exports and diffs, on small real builds."""

import pickle

import pytest

from lexicon.changes import Hook, changes, diff
from lexicon.lookup import load
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


def test_overlong_input_is_answered_before_any_lookup(hungarian):
    verdict = hungarian.check("a" * 10_000)
    assert (verdict.valid, verdict.reason, verdict.normalized) == (False, "too-long", None)
    assert verdict.detail == "10000 characters; a word has at most 256"


def test_export_filters(hungarian):
    assert list(hungarian.export("tiles", min_tiles=5)) == ["AS[SZ]O[NY]", "E[GY][SZ]ER", "HÁ[ZS]OR"]
    assert list(hungarian.export("display", prefix="cs")) == ["csésze"]


def test_diff(hungarian, betapet):
    added, removed = diff(hungarian, hungarian)
    assert (added, removed) == ([], [])
    added, removed = diff(hungarian, betapet)
    assert "HÁZSOR" in removed and "ALLE" in added


def _two_editions(folder, profile: str, old: str, new: str):
    """Two versions of one word list, built into one artifacts folder: the old and the new `Lexicon`."""
    found = []
    for words in (old, new):
        (folder / "words.txt").write_text(words.replace(" ", "\n") + "\n", encoding="utf-8")
        path = write_pipeline(folder, "xx-edition", f'profile = "{profile}"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                              'path = "words.txt"\n')
        build(path, folder / "art", allow_shrink=True)  # an edition may drop more than the guard lets a build
        found.append(load("xx-edition", folder / "art"))
    return found


def test_an_editions_change_lists_the_hooks_it_makes_and_takes_away(tmp_path):
    old, new = _two_editions(tmp_path, "sv-betapet", "at hund kat katt ta tak", "at hund hunds katt katten ta tal")
    found = changes(old, new)
    assert (found.added, found.removed) == (["HUNDS", "KATTEN", "TAL"], ["KAT", "TAK"])
    # HUNDS hooks S after HUND and TAL L after TA; KATTEN is two letters more than KATT, no hook
    assert found.hooks_made == [Hook("HUND", "S", "back", "HUNDS"), Hook("TA", "L", "back", "TAL")]
    # KAT took away K before AT (and T after KA, no word); TAK took away K after TA
    assert found.hooks_lost == [Hook("AT", "K", "front", "KAT"), Hook("TA", "K", "back", "TAK")]
    from click.testing import CliRunner

    from lexicon_cli import main

    result = CliRunner().invoke(main, ["diff", old.spec, new.spec, "--artifacts", str(tmp_path / "art")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["+HUNDS", "+KATTEN", "+TAL", "-KAT", "-TAK", "+hook S after HUND (HUNDS)",
                                          "+hook L after TA (TAL)", "-hook K before AT (KAT)", "-hook K after TA (TAK)",
                                          f"{old.spec} → {new.spec}: 3 added, 2 removed; 2 hooks made, 2 lost"]


def test_hooks_are_counted_in_tiles(tmp_path):
    """AD and ADSZ: the hook is the SZ cube, one tile."""
    old, new = _two_editions(tmp_path, "hu-betutorony-list", "ad ház", "ad adsz ház")
    assert changes(old, new).hooks_made == [Hook("AD", "SZ", "back", "AD[SZ]")]


def test_iterators_keep_their_lexicon_alive(hungarian):
    """A lexicon dropped while one of its iterators is in use must not close under it."""
    from lexicon import open_lexicon

    keys = open_lexicon(hungarian.path).keys()
    words = open_lexicon(hungarian.path).export("display")
    assert next(keys) and len(list(keys)) == len(hungarian) - 1
    assert len(list(words)) >= len(hungarian)


def test_a_lexicon_pickles_as_its_folder_and_opens_once_a_process(betapet):
    # what a cluster's worker receives (lexicon.play.leavegen.Shard): the folder, not the open files
    data = pickle.dumps(betapet)
    assert str(betapet.path).encode() in data and len(data) < 1000
    there = pickle.loads(data)
    assert there is not betapet and there.spec == betapet.spec and there.path == betapet.path
    assert there.check("ABBOT", detail=False).valid == betapet.check("ABBOT", detail=False).valid
    assert pickle.loads(data) is there  # opened once, then reused
