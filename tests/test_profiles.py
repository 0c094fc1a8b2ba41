"""Game profiles are data: the shipped games load with the seeds' rules; bad files fail clearly."""

import pytest

from lexicon import Reason, load_profile
from lexicon.errors import DataError
from lexicon.profile import profile_names


def test_shipped_profiles():
    assert {"sv-betapet", "sv-betapet-inflected", "sv-scrabble", "hu-betutorony"} <= set(profile_names())


def test_betapet_allows_names_and_capitals_but_no_inflections():
    p = load_profile("sv-betapet")
    assert (p.min_length, p.max_tiles, p.inflections) == (2, 15, False)
    assert not p.excludes(Reason.PROPER_NOUN) and not p.excludes(Reason.CAPITALISED)
    assert p.excludes(Reason.HYPHENATED) and p.excludes(Reason.MULTIWORD)


def test_betapet_inflected_differs_only_in_inflections():
    a, b = load_profile("sv-betapet").as_dict(), load_profile("sv-betapet-inflected").as_dict()
    assert {k for k in a if a[k] != b[k]} == {"name", "description", "rules", "inflections"}


def test_scrabble_and_betutorony_exclude_names_abbreviations_affixes():
    for name, max_tiles in (("sv-scrabble", 15), ("hu-betutorony", 10)):
        p = load_profile(name)
        assert p.max_tiles == max_tiles and p.inflections
        for kind in (Reason.PROPER_NOUN, Reason.CAPITALISED, Reason.ABBREVIATION, Reason.AFFIX, Reason.HYPHENATED):
            assert p.excludes(kind)


def test_both_doubled_digraph_policies_ship():
    assert load_profile("hu-betutorony").doubled_digraphs == "as-written"
    assert load_profile("hu-betutorony-pronounced").doubled_digraphs == "pronounced"


BASE = ('name = "x"\ndescription = "d"\nrules = "r"\ntileset = "sv-betapet"\nmin_length = 2\nmax_tiles = 15\n'
        'inflections = false\n')


@pytest.mark.parametrize("body, message", [
    (BASE + 'exclude = ["multiword", "digit"]', "must include non-letter"),
    (BASE + 'exclude = ["digit", "non-letter", "rude"]', "not an excludable kind"),
    (BASE.replace("sv-betapet", "xx-none") + 'exclude = ["digit", "non-letter"]', "no tileset named"),
    (BASE.replace("max_tiles = 15", "max_tiles = 1") + 'exclude = ["digit", "non-letter"]', "max_tiles"),
    (BASE + 'exclude = ["digit", "non-letter"]\ndoubled_digraphs = "sideways"', "doubled_digraphs"),
])
def test_malformed_profiles(tmp_path, body, message):
    path = tmp_path / "p.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_profile(path)


def test_lexicons_meant_for_play_build_a_gaddag():
    # every shipped game's pipeline is playable by a move generator (lexicon.kwg); the DSSO
    # reference lexicons are not a game's and keep the DAWG alone (lexicon.dwg), and so does a
    # graph of tens of millions of forms beyond its list ([graph.forms]: hu-betutorony)
    from lexicon_pipelines.definition import PIPELINE_DIR, load_pipeline

    for path in sorted(PIPELINE_DIR.glob("*.toml")):
        p = load_pipeline(path)
        assert p.graph.gaddag is (not path.stem.startswith("sv-dsso") and p.graph.forms is None), path.name
