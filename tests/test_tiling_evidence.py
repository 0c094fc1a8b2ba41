"""Hungarian tiling from morpheme boundaries: across a boundary a digraph is two letters."""

import pytest

from lexicon import load_alphabet, tilings
from lexicon_pipelines.rules import HEADWORD, Candidate
from lexicon_pipelines.tiling_evidence import CompoundParts, MorphologyChooser, inside_digraphs, tiling_by_parts

HU = load_alphabet("hu-betutorony")


def candidate(text, boundaries):
    return Candidate(text, text, "", HEADWORD, "", "", frozenset(), "t", 1, boundaries)


def choose(text, boundaries, stems=(), policy="as-written"):
    key = text.upper()
    parts = CompoundParts(frozenset(stems), frozenset(stems))
    return MorphologyChooser(HU, policy, lambda: parts)(key, tilings(key, HU, policy), candidate(text, boundaries))


@pytest.mark.parametrize("key, boundaries, tiles", [
    ("HÁZSOR", [3], ("H", "Á", "Z", "S", "O", "R")),
    ("HÁZSOR", [], ("H", "Á", "ZS", "O", "R")),
    ("VÍZSZINT", [3], ("V", "Í", "Z", "SZ", "I", "N", "T")),
    ("EGYSZER", [], ("E", "GY", "SZ", "E", "R")),
    ("ASSZONY", [], ("A", "S", "SZ", "O", "NY")),
    ("KISSZÉK", [3], ("K", "I", "S", "SZ", "É", "K")),
])
def test_tiling_by_parts(key, boundaries, tiles):
    assert tiling_by_parts(key, boundaries, HU) == tiles


def test_a_boundary_inside_an_untileable_place_gives_none():
    assert tiling_by_parts("HOBBY", [], HU) is None


def test_inside_digraphs():
    assert inside_digraphs("HÁZSOR", HU) == [3]
    assert inside_digraphs("VÍZSZINT", HU) == [3, 4]


def test_a_compound_boundary_decides():
    assert choose("házsor", (3,)) == ((("H", "Á", "Z", "S", "O", "R"),), "morphology")


def test_one_morpheme_reads_digraphs_as_digraphs():
    assert choose("egyszer", ()) == ((("E", "GY", "SZ", "E", "R"),), "morphology")


def test_nothing_known_keeps_the_preferred_cut():
    assert choose("házsor", None) == ((("H", "Á", "ZS", "O", "R"),), "none")


def test_single_cut_needs_no_evidence():
    assert choose("nyúl", ()) == ((("NY", "Ú", "L"),), "single")


def test_a_compound_split_adds_its_reading_first_and_keeps_the_whole_word():
    valid, evidence = choose("vízszint", (), stems={"víz", "szint", "vízszint"})
    assert evidence == "compound-split"
    assert valid == (("V", "Í", "Z", "SZ", "I", "N", "T"), ("V", "Í", "ZS", "Z", "I", "N", "T"))


def test_two_letter_parts_are_not_trusted():
    assert choose("aszab", (), stems={"as", "zab"})[1] == "morphology"


def test_a_suffix_boundary_and_a_split_inside_the_stem():
    # vízszintes = vízszint + -es; the split works inside the stem part only
    valid, evidence = choose("vízszintes", (8,), stems={"víz", "szint"})
    assert valid[0] == ("V", "Í", "Z", "SZ", "I", "N", "T", "E", "S") and evidence == "compound-split"


def test_doubled_digraph_policies_per_part():
    assert choose("asszony", (), policy="pronounced")[0] == (("A", "SZ", "SZ", "O", "NY"),)
    assert choose("asszony", (), policy="as-written")[0] == (("A", "S", "SZ", "O", "NY"),)


@pytest.mark.parametrize("word, morph, bounds", [
    ("üzletág", "po:noun ts:NOM hy:5", (5,)),
    ("ügyeletesszoba", "po:noun ts:NOM hy:ü=gye-le-tes|szo-ba", (1, 4, 6, 9, 12)),
    ("Édeskuty", "po:noun_prs hy:t.y", (7,)),
    ("ötvennyolc", "hy:n|ny", (5,)),  # ötven|nyolc
    ("alma", "po:noun ts:NOM", ()),
    ("alma", "hy:xyz|q", ()),  # a fragment that is not in the word
])
def test_hy_boundaries(word, morph, bounds):
    from lexicon_pipelines.tiling_evidence import hy_boundaries

    assert hy_boundaries(word, morph) == bounds


@pytest.mark.parametrize("stem, stem_bounds, steps, form, bounds", [
    ("ház", (), [(False, "", "sor")], "házsor", (3,)),
    ("víz", (), [(False, "", "szint")], "vízszint", (3,)),
    ("alma", (), [(False, "a", "ája")], "almája", (3,)),
    ("vízszint", (3,), [(False, "", "es")], "vízszintes", (3, 8)),
    ("ad", (), [(True, "", "meg"), (False, "", "ni")], "megadni", (3, 5)),
    ("mosz", (), [(False, "z", "zt")], "moszt", (4,)),  # the boundary never splits the stem's SZ
])
def test_affix_boundaries(stem, stem_bounds, steps, form, bounds):
    from lexicon_pipelines.tiling_evidence import affix_boundaries

    assert affix_boundaries(stem, stem_bounds, steps) == bounds


def test_a_doubled_digraph_across_a_suffix_boundary():
    # asszony + -nyi is written asszonnyi
    assert tiling_by_parts("ASSZONNYI", [6], HU) == ("A", "S", "SZ", "O", "N", "NY", "I")
    assert tiling_by_parts("ASSZONNYI", [6], HU, "pronounced") == ("A", "SZ", "SZ", "O", "NY", "NY", "I")
