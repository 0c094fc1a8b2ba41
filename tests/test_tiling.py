"""Tiling: every cut of a word into tiles, the preferred one, and the tile notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexicon import LimitExceeded, format_tiling, load_alphabet, parse_notation, preferred_tiling, tilings
from lexicon.errors import InputError
from lexicon.normalize import normalizer_for
from lexicon.tiling import fewest_tiles, notation_letters, notation_tilings, spell


def test_hazsor_has_both_cuts_and_no_pretence_of_knowing(hu):
    cuts = tilings("HÁZSOR", hu)
    assert set(cuts) == {("H", "Á", "ZS", "O", "R"), ("H", "Á", "Z", "S", "O", "R")}
    assert preferred_tiling("HÁZSOR", hu) == cuts[0]


@pytest.mark.parametrize("word, preferred, count", [
    ("CSÉSZE", ("CS", "É", "SZ", "E"), 4),
    ("EGYSZER", ("E", "GY", "SZ", "E", "R"), 2),
    ("NYÚL", ("NY", "Ú", "L"), 1),
])
def test_ordinary_digraphs(hu, word, preferred, count):
    assert preferred_tiling(word, hu) == preferred
    assert len(tilings(word, hu)) == count


def test_doubled_digraph_as_written_by_default(hu):
    assert preferred_tiling("ASSZONY", hu) == ("A", "S", "SZ", "O", "NY")
    assert ("A", "SZ", "SZ", "O", "NY") not in tilings("ASSZONY", hu)


def test_doubled_digraph_pronounced_policy(hu):
    assert preferred_tiling("ASSZONY", hu, "pronounced") == ("A", "SZ", "SZ", "O", "NY")
    assert spell(("A", "SZ", "SZ", "O", "NY"), "pronounced") == "ASSZONY"
    assert spell(("A", "S", "SZ", "O", "NY")) == "ASSZONY"


def test_tile_count_not_string_length_is_the_length(hu):
    assert len(preferred_tiling("CSÉSZE", hu)) == 4
    assert len("CSÉSZE") == 6


def test_untileable_letters(hu):
    assert tilings("HOBBY", hu) == []  # Y exists only inside GY, LY, NY, TY
    assert preferred_tiling("HOBBY", hu) is None


def test_a_flood_of_ambiguous_digraphs_hits_the_limit(hu):
    with pytest.raises(LimitExceeded):
        tilings("SZ" * 40, hu)


def test_swedish_words_have_one_cut(sv):
    assert tilings("ALLE", sv) == [("A", "L", "L", "E")]


@pytest.mark.parametrize("notation, tiles", [
    ("HÁ[Z][S]OR", ("H", "Á", "Z", "S", "O", "R")),
    ("[H][Á][Z][S][O][R]", ("H", "Á", "Z", "S", "O", "R")),
    ("HÁ[ZS]OR", ("H", "Á", "ZS", "O", "R")),
    ('["H","Á","Z","S","O","R"]', ("H", "Á", "Z", "S", "O", "R")),
    ("há[z][s]or", ("H", "Á", "Z", "S", "O", "R")),
])
def test_notation_names_one_exact_cut(hu, notation, tiles):
    segments = parse_notation(notation, hu, normalizer_for(hu).key)
    assert notation_tilings(segments, hu) == [tiles]
    assert notation_letters(segments) == "HÁZSOR"


def test_open_letters_leave_the_cut_open(hu):
    assert len(notation_tilings(parse_notation("HÁZSOR", hu), hu)) == 2


@pytest.mark.parametrize("notation, position", [
    ("[", 0), ("[SZ", 0), ("AB[]", 2), ("A[XY]", 1), ("A]", 1), ("[[A]]", 1), ("HÁ[Q]", 2),
    ('["H", 1]', 6), ('[]', 0), ('"H"', 0), ('["H", "Q"]', 6), ('["H"', 4), ('["H" "S"]', 5),
    ('["\\x"]', 2), ('["H"] x', 6), (' ["H\u0000"]', 4),
])
def test_malformed_notation_is_an_error_with_a_position(hu, notation, position):
    with pytest.raises(InputError) as err:
        parse_notation(notation, hu, normalizer_for(hu).key)
    assert err.value.position == position
    assert "position" in str(err.value)


def test_format_uses_brackets_only_where_a_cut_is_ambiguous(hu, sv):
    assert format_tiling(("H", "Á", "Z", "S", "O", "R"), hu) == "HÁ[Z][S]OR"
    assert format_tiling(("H", "Á", "ZS", "O", "R"), hu) == "HÁ[ZS]OR"
    assert format_tiling(("A", "S", "SZ", "O", "NY"), hu) == "AS[SZ]O[NY]"
    assert format_tiling(("A", "L", "L", "E"), sv) == "ALLE"


@st.composite
def tile_sequences(draw, name):
    alphabet = load_alphabet(name)
    letters = [t.letter for t in alphabet.tiles]
    return alphabet, tuple(draw(st.lists(st.sampled_from(letters), min_size=1, max_size=12)))


@pytest.mark.parametrize("name", ["hu-betutorony", "sv-scrabble"])
@given(data=st.data())
def test_notation_round_trip(name, data):
    """tiles → notation → tiles gives back exactly the same cut, and no other."""
    alphabet, tiles = data.draw(tile_sequences(name))
    notation = format_tiling(tiles, alphabet)
    assert notation_tilings(parse_notation(notation, alphabet), alphabet) == [tiles]
    assert format_tiling(tiles, alphabet) == notation


@given(data=st.data())
def test_every_cut_spells_the_word(data):
    alphabet, tiles = data.draw(tile_sequences("hu-betutorony"))
    word = "".join(tiles)
    cuts = tilings(word, alphabet)
    assert tiles in cuts
    assert all("".join(c) == word for c in cuts)


@pytest.mark.parametrize("tileset", ["hu-betutorony", "hu-scrabble", "sv-scrabble"])
@given(word=st.text(alphabet="ACDGLNSTYZEO", min_size=1, max_size=12))
def test_fewest_tiles_is_the_shortest_cut(tileset, word):
    """The count that bounds a build is the length of the shortest real cut, never more."""
    alphabet = load_alphabet(tileset)
    cuts = tilings(word, alphabet)
    if cuts:  # a word with a letter no tile spells (a lone Y) has no cut to compare with
        assert fewest_tiles(word, alphabet) == min(map(len, cuts))


@pytest.mark.parametrize("word, fewest", [("ABC", 1), ("ABBC", 2), ("ABCBC", 2), ("XABX", 3), ("", 0)])
def test_fewest_tiles_with_tiles_of_several_lengths(word, fewest):
    """A tile set whose multi-letter tiles differ in length (as DZS beside DZ would) takes the general count."""
    from types import SimpleNamespace

    assert fewest_tiles(word, SimpleNamespace(multi=("AB", "ABC", "BC"))) == fewest
