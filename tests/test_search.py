"""Word-graph searches agree with a brute-force scan of the word list."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lexicon import InputError, LimitExceeded, load_alphabet, tilings
from lexicon.graph import Kwg
from lexicon.graph.dawg import build
from lexicon.graph.writer import encode
from lexicon.normalize import Normalizer
from lexicon.search import MAX_BLANKS, Search
from lexicon.verdict import hit_document

SV = load_alphabet("sv-betapet")
HU = load_alphabet("hu-betutorony")


def searcher(words: list[tuple[str, ...]], alphabet=SV, **kw) -> Search:
    number = {t.letter: t.number for t in alphabet.tiles}
    data = encode(build([bytes(number[t] for t in w) for w in words])).data
    return Search(Kwg(data), alphabet, Normalizer(alphabet).key, **kw)


def order(alphabet, tiles: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(alphabet.tile(t).number for t in tiles)


def brute_anagrams(words, rack: str, blanks: int, sub: bool, min_tiles: int = 1, alphabet=SV):
    have = Counter(rack)
    out = []
    for w in set(words):
        need = Counter(w) - have
        short = sum(need.values())
        size_ok = len(w) >= min_tiles if sub else len(w) == len(rack) + blanks
        if short <= blanks and size_ok and len(w) <= len(rack) + blanks:
            out.append((w, short))
    return sorted(out, key=lambda item: order(alphabet, item[0]))


def brute_pattern(words, pattern: str, alphabet=SV):
    regex = re.compile("".join("." if c == "?" else ".*" if c == "*" else re.escape(c) for c in pattern))
    found = {w for w in words if regex.fullmatch("".join(w))}
    return sorted(found, key=lambda w: order(alphabet, w))


letters = st.sampled_from("AERSTÅÖ")
small_words = st.lists(st.lists(letters, min_size=1, max_size=6).map(tuple), min_size=0, max_size=60)


@settings(max_examples=120, deadline=None)
@given(small_words, st.lists(letters, max_size=6).map("".join), st.integers(0, 2), st.booleans())
def test_anagrams_agree_with_brute_force(words, rack, blanks, sub):
    assume(rack or blanks)  # an empty rack is refused, not searched
    search = searcher(words)
    got = list(search.anagrams(rack + "?" * blanks, sub=sub))
    assert [(m.tiles, len(m.blanks)) for m in got] == brute_anagrams(words, rack, blanks, sub)
    for m in got:  # a blank is used only where the rack has no such tile left
        natural = Counter(rack)
        for i, tile in enumerate(m.tiles):
            if i in m.blanks:
                assert natural[tile] == 0
            else:
                natural[tile] -= 1
                assert natural[tile] >= 0


patterns = st.lists(st.sampled_from(list("AERST?*")), min_size=1, max_size=6).map("".join)


@settings(max_examples=150, deadline=None)
@given(small_words, patterns)
def test_patterns_agree_with_brute_force(words, pattern):
    got = [m.tiles for m in searcher(words).matches(pattern)]
    assert got == brute_pattern(words, pattern)


@settings(max_examples=60, deadline=None)
@given(small_words, st.lists(letters, min_size=1, max_size=3).map("".join))
def test_prefixes_and_hooks_agree_with_brute_force(words, stem):
    search = searcher(words)
    assert [m.tiles for m in search.prefixed(stem)] == brute_pattern(words, stem + "*")
    hooks = search.hooks(stem)
    alphabet_order = [t.letter for t in SV.tiles]
    assert hooks["front"] == [t for t in alphabet_order if (t,) + tuple(stem) in set(words)]
    assert hooks["back"] == [t for t in alphabet_order if tuple(stem) + (t,) in set(words)]


def test_an_empty_word_list_finds_nothing():
    search = searcher([])
    assert list(search.anagrams("AB?")) == [] and list(search.matches("*")) == []
    assert search.hooks("A") == {"word": "A", "tilings": [["A"]], "front": [], "back": []}


# ---------------------------------------------------------------- digraph tiles


HU_WORDS = ["HÁZSOR", "HÁZ", "SOR", "ASSZONY", "SZEM", "SZÉP", "ZSEB", "ZSÁK", "ASZ", "ASZAL"]


@pytest.fixture(scope="module")
def hu_search():
    cuts = [cut for w in HU_WORDS for cut in tilings(w, HU)]
    return searcher(cuts, HU)


def test_a_rack_is_read_as_a_board_row_is(hu_search):
    """Each plain letter one tile, a tile of several letters in brackets: HÁZSOR is the rack that plays HÁZSOR."""
    a, s, z, sz = (HU.tile(t).number for t in ("A", "S", "Z", "SZ"))
    assert hu_search.parse_rack("ASZ") == ({a: 1, s: 1, z: 1}, 0)
    assert hu_search.parse_rack("A[SZ]") == ({a: 1, sz: 1}, 0)
    assert hu_search.parse_rack('["a", "?", "sz"]') == ({a: 1, sz: 1}, 1)
    assert [m.tiles for m in hu_search.anagrams("HÁZSOR")] == [("H", "Á", "Z", "S", "O", "R")]
    assert [m.tiles for m in hu_search.anagrams("HÁ[ZS]OR")] == [("H", "Á", "ZS", "O", "R")]
    assert [m.tiles for m in hu_search.anagrams("A[SZ]")] == [("A", "SZ")]
    assert [m.tiles for m in hu_search.anagrams("ASZ")] == [("A", "S", "Z")]
    with pytest.raises(InputError, match=r"'Y' is no tile of hu-betutorony by itself.*\[GY\], \[LY\], \[NY\], \[TY\]"):
        hu_search.parse_rack("NAGY")


def test_a_pattern_matches_every_cut_of_its_letters(hu_search):
    found = [m.tiles for m in hu_search.matches("HÁZSOR")]
    assert found == [("H", "Á", "Z", "S", "O", "R"), ("H", "Á", "ZS", "O", "R")]
    assert [m.tiles for m in hu_search.matches("HÁ[ZS]OR")] == [("H", "Á", "ZS", "O", "R")]
    assert [m.word for m in hu_search.matches("??")] == ["ASZ"]  # A SZ is two tiles
    assert {m.word for m in hu_search.matches("SZ*")} == {"SZEM", "SZÉP"}


def test_hooks_with_digraphs(hu_search):
    assert hu_search.hooks("HÁ")["back"] == ["Z"]
    assert hu_search.hooks("A")["back"] == ["SZ"]  # A SZ; A S Z is no word
    assert hu_search.hooks("ÁK")["front"] == ["ZS"]
    assert hu_search.hooks("SOR")["front"] == []  # HÁZSOR is three tiles longer


# ---------------------------------------------------------------- bad input and bounds


@pytest.mark.parametrize("rack, message", [
    ("", "empty"), ("A1", "position 1"), ("?" * (MAX_BLANKS + 1), "blanks"), ("A" * 16, "16 tiles"),
    ("[QQ]", "not a tile"), ('["A", 1]', "item 1 is not a string at position 6"), ('["A"', "JSON"), ("A[B", "unclosed"),
])
def test_bad_racks(rack, message):
    with pytest.raises(InputError, match=re.escape(message)):
        list(searcher([("A", "B")]).anagrams(rack))


@pytest.mark.parametrize("pattern, message", [
    ("", "empty"), (" ", "empty"), ("A" * 65, "limit"), ("A-B", "position 1"), ("[QQ]*", "not a tile"),
])
def test_bad_patterns(pattern, message):
    with pytest.raises(InputError, match=re.escape(message)):
        list(searcher([("A", "B")]).matches(pattern))


def test_a_prefix_has_no_wildcards():
    with pytest.raises(InputError):
        searcher([("A",)]).prefixed("A*")


def test_every_search_error_is_an_input_error():
    assert issubclass(InputError, InputError) and issubclass(InputError, InputError)


def test_a_search_that_walks_too_far_stops():
    words = [tuple(random.Random(i).choices("AERST", k=8)) for i in range(3000)]
    search = searcher(words, max_visits=50)
    with pytest.raises(LimitExceeded):
        list(search.matches("*Ö*"))
    with pytest.raises(LimitExceeded):
        list(search.anagrams("AERST??", sub=True))


# ---------------------------------------------------------------- the real lexicon


def test_saol_anagrams_and_patterns_agree_with_brute_force(betapet):
    words = [tuple(k) for k in betapet.keys()]  # Swedish tiles are single letters
    rnd = random.Random(11)
    bag = "".join(t.letter * t.count for t in betapet.alphabet.tiles)
    for blanks in (0, 1, 2):
        rack = "".join(rnd.sample(bag, 7 - blanks))
        got = [(m.tiles, len(m.blanks)) for m in betapet.anagram(rack + "?" * blanks, order="alpha", limit=10_000)]
        assert got == brute_anagrams(words, rack, blanks, sub=False)
    rack = "".join(rnd.sample(bag, 6))
    got = [(m.tiles, len(m.blanks)) for m in betapet.anagram(rack + "?", sub=True, order="alpha", limit=10_000)]
    assert got == brute_anagrams(words, rack, 1, sub=True, min_tiles=betapet.profile.min_length)
    for pattern in ("H?ND*", "*ZZ*", "?Å?", "*ÖRNA", "K*T", "??????????????????"):
        assert [m.tiles for m in betapet.pattern(pattern, limit=10_000)] == brute_pattern(words, pattern)


def test_saol_lists_are_bounded(betapet):
    assert len(betapet.pattern("*", limit=5)) == 5
    assert [m.word for m in betapet.prefix("hund", limit=3)] == ["HUND", "HUNDAKTIG", "HUNDAN"]
    assert list(betapet.pattern("*", limit=0)) == []
    for bad in (-1, 10_001, 2.5, True):
        with pytest.raises(InputError):
            betapet.pattern("*", limit=bad)


def test_saol_hooks(betapet):
    hooks = betapet.hooks("and")
    assert "S" in hooks["front"] and "E" in hooks["back"]
    assert all(t + "AND" in betapet for t in hooks["front"])
    assert all("AND" + t in betapet for t in hooks["back"])


def test_saol_matches_serialise(betapet):
    (match,) = betapet.anagram("HUND")
    assert hit_document(betapet.alphabet, match) == {"word": "HUND", "tiles": ["H", "U", "N", "D"],
                                                     "notation": "HUND", "tile_count": 4, "blanks": [], "value": 10}


def test_a_page_found_within_the_budget_keeps_it_and_cuts_only_its_count(hu_search):
    """An alphabetical page that is whole when the search's budget runs out is answered, its total a lower bound;
    a budget that runs out before the page is whole is refused as too costly."""
    from lexicon.pages import page

    every, kept = list(hu_search.matches("*")), hu_search.max_visits
    try:
        for budget in range(1, 10_000):
            hu_search.max_visits = budget
            try:
                answer = page(hu_search.matches("*"), HU, order="alpha", offset=0, limit=1)
            except LimitExceeded:
                continue
            break
        assert answer.hits and answer.hits[0].word == every[0].word
        assert answer.total is None and answer.truncated and 1 <= answer.total_at_least < len(every)
        hu_search.max_visits = budget - 1
        with pytest.raises(LimitExceeded):
            page(hu_search.matches("*"), HU, order="alpha", offset=0, limit=1)
    finally:
        hu_search.max_visits = kept
