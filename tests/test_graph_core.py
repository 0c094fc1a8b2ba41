"""The compiled word-graph core against the pure-Python reference: the same bytes, the same results
in the same order, the same errors.

Both run in one process: `native=True` / `native=False` pick the implementation, whatever
LEXICON_PURE_PYTHON says.
"""

from __future__ import annotations

import random
import re
import struct
import subprocess
import sys
import textwrap
from itertools import islice

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lexicon import ArtifactError, LimitExceeded, load_alphabet, tilings
from lexicon.errors import InputError
from lexicon.graph import KBWG, KWG, MAX_LENGTH, GraphBuilder, Kwg, build_kwg
from lexicon.normalize import Normalizer
from lexicon.search import Search

SV = load_alphabet("sv-betapet")
HU = load_alphabet("hu-betutorony")

word_lists = st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=7).map(bytes), max_size=40)
wide_lists = st.lists(st.lists(st.integers(1, 63), min_size=1, max_size=6).map(bytes), max_size=30)


def both(words, **kw):
    """(compiled, reference) encodings of `words`."""
    return build_kwg(words, native=True, **kw), build_kwg(words, native=False, **kw)


# ---------------------------------------------------------------- building


@settings(max_examples=200, deadline=None)
@given(st.one_of(word_lists, wide_lists), st.booleans(), st.sampled_from([None, KWG, KBWG]))
def test_the_same_bytes(words, gaddag, layout):
    compiled, reference = both(words, gaddag=gaddag, layout=layout)
    assert compiled == reference
    assert compiled.distinct == len(set(words))


@settings(max_examples=60, deadline=None)
@given(word_lists, st.randoms(use_true_random=False))
def test_input_order_does_not_matter(words, rnd):
    shuffled = words + words[:5]
    rnd.shuffle(shuffled)
    assert build_kwg(shuffled, native=True, gaddag=True) == build_kwg(words, native=False, gaddag=True)


def test_the_empty_list():
    for gaddag in (False, True):
        compiled, reference = both([], gaddag=gaddag)
        assert compiled == reference and compiled.data == bytes.fromhex("00004000" * (1 + gaddag))


def test_the_builder_streams_and_finishes_once():
    builder = GraphBuilder(native=True)
    builder.add(b"\x01\x02")
    builder.extend(iter([bytearray(b"\x01"), memoryview(b"\x02\x03")]))
    assert len(builder) == 3
    assert builder.finish().data == build_kwg([b"\x01\x02", b"\x01", b"\x02\x03"], native=False).data
    with pytest.raises(ValueError, match="finished"):
        builder.finish()


@pytest.mark.parametrize("native", [True, False])
def test_the_empty_sequence_is_refused(native):
    with pytest.raises(InputError, match="sequence 1: the empty sequence cannot be stored"):
        build_kwg([b"\x01", b""], native=native)


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize("words, message", [
    ([b"\x01", b"\x41"], "sequence 1 (41): tile 65 at position 0 is outside 1..63"),  # the accepts bit
    ([b"\x40"], "sequence 0 (40): tile 64 at position 0"),  # stored as (0,) before the contract
    ([b"\x02\x00\x03"], "sequence 0 (02 00 03): tile 0 at position 1"),  # the GADDAG's separator
    ([bytes([5] * 11 + [255, 1])], "sequence 0 (05 05 05 05 05 05 05 05 05 05 05 ff …): tile 255 at position 11"),
    ([bytes([7] * 256)], "sequence 0: 256 tiles; a word graph path holds at most 255"),
])
def test_both_builders_refuse_what_the_format_cannot_hold(native, words, message):
    with pytest.raises(InputError, match=re.escape(message)):
        build_kwg(words, native=native, gaddag=True)


@pytest.mark.parametrize("native", [True, False])
def test_a_refused_packed_run_adds_nothing(native):
    builder = GraphBuilder(native=native)
    builder.add(b"\x01")
    with pytest.raises(InputError, match=re.escape("packed sequences: tile 64 at byte 4 is outside 1..63 "
                                                      "(sequence 2)")):
        builder.add_packed(b"\x02\x01\x02\x01\x40")
    assert len(builder) == 1


def test_the_longest_path_the_contract_allows_is_built_and_read_by_both():
    longest = bytes(1 + i % 25 for i in range(MAX_LENGTH))  # sv-betapet numbers 1..25 all
    compiled, reference = both([longest, b"\x01"], gaddag=True)
    assert compiled == reference
    for graph in (Kwg(compiled.data, native=True), Kwg(compiled.data, native=False)):
        graph.validate()
        assert graph.contains(longest) and graph.rank(longest) == 1
    search = Search(Kwg(compiled.data, native=True), SV, Normalizer(SV).key, max_visits=10_000)
    assert [len(m.tiles) for m in search.matches("*")] == [1, MAX_LENGTH]


def _isolated(code: str) -> subprocess.CompletedProcess:
    """Run `code` in a fresh interpreter: a memory fault fails the test instead of ending the run."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_finish_with_a_bad_layout_by_keyword_is_refused():
    done = _isolated("""
        from lexicon import InputError
        from lexicon.graph.native import use_core
        try:
            use_core(True).Builder().finish(layout="nope")
        except InputError as exc:
            print(type(exc).__name__, exc)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "InputError unknown word-graph layout 'nope' (kwg or kbwg)"


def test_validate_names_a_gaddag_root_past_the_end():
    # node 1, the GADDAG's root pointer, points at 0x3FFFFF in a three-node file
    data = struct.pack("<3I", 0x400002, 0x400000 | 0x3FFFFF, 0x1 << 24 | 0xC00000)
    done = _isolated(f"""
        from lexicon.graph import Kwg
        from lexicon import ArtifactError
        try:
            Kwg({data!r}, name="g").validate()
        except ArtifactError as exc:
            print(exc)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "g: node 1 points to node 4194303, past the last (2)"
    assert outcome(Kwg(data, name="g", native=False).validate)[1] == done.stdout.strip()


def test_a_failed_reinit_keeps_the_graph_it_had():
    done = _isolated("""
        import mmap
        from lexicon.graph import build_kwg
        from lexicon.graph.native import use_core
        data = build_kwg([b"\\x01\\x02"]).data
        mapped = mmap.mmap(-1, len(data))
        mapped.write(data)
        graph = use_core(True).Graph(mapped)
        try:
            graph.__init__(b"abc")
        except Exception as exc:
            print(type(exc).__name__)
        try:
            mapped.close()  # the graph still holds its view: the map cannot go
        except BufferError:
            print("held")
        print(graph.contains(b"\\x01\\x02"))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ArtifactError", "held", "True"]


def test_a_failed_set_letters_keeps_the_kinds_it_had():
    done = _isolated("""
        from lexicon import InputError
        from lexicon.graph import build_kwg
        from lexicon.graph.native import use_core
        graph = use_core(True).Graph(build_kwg([b"\\x01", b"\\x02"]).data)
        graph.set_letters("AB", b"\\x00\\x02", 2)  # B is an excluded key
        for letters, kinds in (("AB", 123), ("AA", b"\\x00\\x00")):  # no buffer; a letter twice
            try:
                graph.set_letters(letters, kinds, 2)
            except (TypeError, InputError) as exc:
                print(type(exc).__name__, exc)
        print("A" in graph, "B" in graph)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["TypeError a bytes-like object is required, not 'int'",
                                        "InputError letter 1 (U+0041) comes twice", "True False"]


def test_a_walk_of_a_graph_opened_again_is_refused():
    graph = Kwg(build_kwg([b"\x01", b"\x01\x02"]).data)
    walk = graph.core.pattern([-2, -3], 100, "budget")
    graph.core.__init__(build_kwg([b"\x03"]).data)
    with pytest.raises(ValueError, match="closed"):
        next(walk)


def test_separators_and_every_byte_value_in_the_gaddag_input():
    # the GADDAG's own separator is tile 0; words with tile 63 sort last
    words = [bytes([63, 1]), bytes([1, 63, 63]), bytes([63]), bytes([2, 1, 2, 1, 2, 1, 2, 1, 2, 1])]
    for gaddag in (False, True):
        compiled, reference = both(words, gaddag=gaddag)
        assert compiled == reference


def test_long_shared_prefixes_past_the_sort_key():
    # sequences that agree on their first 8 tiles are ordered by the rest
    rnd = random.Random(4)
    stem = bytes(rnd.choices(range(1, 6), k=9))
    words = [stem + bytes(rnd.choices(range(1, 4), k=rnd.randint(0, 4))) for _ in range(300)]
    for gaddag in (False, True):
        compiled, reference = both(words, gaddag=gaddag)
        assert compiled == reference


def test_saol_bytes(betapet):
    codes = {t.letter: t.number for t in betapet.alphabet.tiles}
    words = [bytes(codes[ch] for ch in key) for key in betapet.keys()]
    for gaddag in (False, True):
        compiled, reference = both(words, gaddag=gaddag)
        assert compiled == reference
    assert compiled.distinct == len(betapet)


# ---------------------------------------------------------------- reading


def readers(words, **kw):
    data = build_kwg(words, native=False, **kw).data
    return Kwg(data, native=True), Kwg(data, native=False)


@settings(max_examples=80, deadline=None)
@given(word_lists, st.lists(st.lists(st.integers(0, 5), max_size=8).map(bytes), max_size=20))
def test_membership_follow_and_rank_agree(words, probes):
    compiled, reference = readers(words)
    ordered = sorted(set(words))
    assert compiled.word_count() == reference.word_count() == len(ordered)
    for word in ordered + probes:
        assert compiled.contains(word) == reference.contains(word) == (word in set(words))
        assert compiled.follow(word) == reference.follow(word)
        expected = ordered.index(word) if word in set(words) else -1
        assert compiled.rank(word) == reference.rank(word) == expected
    assert compiled.ranks(ordered + probes) == [reference.rank(w) for w in ordered + probes]


def test_a_closed_graph_refuses_work():
    graph, _ = readers([b"\x01"])
    walk = graph.core.pattern([-2, -3], 100, "too far")
    graph.close()
    with pytest.raises(ValueError, match="closed"):
        graph.contains(b"\x01")
    with pytest.raises(ValueError, match="closed"):
        next(walk)


def damaged(seed: int) -> bytes:
    """A real small graph with a few random nodes overwritten."""
    rnd = random.Random(seed)
    words = [bytes(rnd.choices(range(1, 6), k=rnd.randint(1, 6))) for _ in range(40)]
    data = bytearray(build_kwg(words, native=False, gaddag=bool(seed % 2)).data)
    for _ in range(1 + seed % 3):
        at = rnd.randrange(len(data) // 4) * 4
        data[at:at + 4] = struct.pack("<I", rnd.getrandbits(32) if seed % 4 else rnd.randrange(1 << 24))
    return bytes(data)


def outcome(call):
    try:
        return "ok", call()
    except ArtifactError as exc:
        return "ArtifactError", str(exc)


@pytest.mark.parametrize("seed", range(60))
def test_validation_gives_the_same_verdict_on_damaged_bytes(seed):
    data = damaged(seed)
    compiled, reference = Kwg(data, native=True), Kwg(data, native=False)
    assert outcome(compiled.validate) == outcome(reference.validate)


@pytest.mark.parametrize("seed", range(60))
def test_unchecked_damaged_bytes_fail_cleanly(seed):
    """Without validate(), every compiled read checks its indexes: an ArtifactError, a
    LimitExceeded or an answer, never a read outside the file."""
    data = damaged(seed)
    graph = Kwg(data, native=True)
    search = Search(graph, SV, Normalizer(SV).key, max_visits=5000)
    for call in (lambda: graph.contains(b"\x01\x02"), lambda: graph.rank(b"\x01\x02\x03"),
                 lambda: list(islice(search.matches("*"), 2000)), lambda: list(search.anagrams("ABCDE??", sub=True)),
                 lambda: search.hooks("AB")):
        try:
            call()
        except (ArtifactError, LimitExceeded, KeyError):
            pass  # KeyError: a damaged tile number outside the alphabet, when spelling a result


# ---------------------------------------------------------------- searching


def searchers(words, alphabet=SV, **kw):
    number = {t.letter: t.number for t in alphabet.tiles}
    data = build_kwg([bytes(number[t] for t in w) for w in words], native=False).data
    return [Search(Kwg(data, native=native), alphabet, Normalizer(alphabet).key, **kw) for native in (True, False)]


def results(found):
    """The matches a search gives (an iterator), then how it ended."""
    out = []
    try:
        for match in found:
            out.append(match)
    except LimitExceeded as exc:
        return out, str(exc)
    return out, None


letters = st.sampled_from("AERSTÅÖ")
small_words = st.lists(st.lists(letters, min_size=1, max_size=6).map(tuple), max_size=60)


@settings(max_examples=150, deadline=None)
@given(small_words, st.lists(letters, max_size=6).map("".join), st.integers(0, 3), st.booleans(),
       st.integers(1, 4), st.integers(1, 40))
def test_anagrams_agree(words, rack, blanks, sub, min_tiles, visits):
    assume(rack or blanks)  # an empty rack is refused, not searched
    compiled, reference = searchers(words, max_visits=visits)
    rack += "?" * blanks
    assert results(compiled.anagrams(rack, sub=sub, min_tiles=min_tiles)) == \
        results(reference.anagrams(rack, sub=sub, min_tiles=min_tiles))


@settings(max_examples=150, deadline=None)
@given(small_words, st.lists(st.sampled_from(list("AERSTÖ?*")), min_size=1, max_size=7).map("".join),
       st.integers(1, 60))
def test_patterns_agree(words, pattern, visits):
    compiled, reference = searchers(words, max_visits=visits)
    assert results(compiled.matches(pattern)) == results(reference.matches(pattern))


@settings(max_examples=60, deadline=None)
@given(small_words, st.lists(letters, min_size=1, max_size=3).map("".join))
def test_prefixes_and_hooks_agree(words, stem):
    compiled, reference = searchers(words)
    assert results(compiled.prefixed(stem)) == results(reference.prefixed(stem))
    assert compiled.hooks(stem) == reference.hooks(stem)


HU_WORDS = ["HÁZSOR", "HÁZ", "SOR", "ASSZONY", "SZEM", "SZÉP", "ZSEB", "ZSÁK", "ASZ", "ASZAL", "ASSZ"]


def test_digraph_searches_agree():
    cuts = [cut for w in HU_WORDS for cut in tilings(w, HU)]
    compiled, reference = searchers(cuts, HU)
    for pattern in ("HÁZSOR", "*SZ*", "??", "A*", "[ZS]*", "*[S][Z]*"):
        assert results(compiled.matches(pattern)) == results(reference.matches(pattern))
    for rack in ("ASZ", "AS[Z]", "ZSEB?", "?SZ?"):
        for sub in (False, True):
            assert results(compiled.anagrams(rack, sub=sub)) == \
                results(reference.anagrams(rack, sub=sub))
    for word in ("HÁ", "A", "ÁK", "SOR", "ASZ"):
        assert compiled.hooks(word) == reference.hooks(word)


def saol_searchers(lex, **kw):
    graph = lex.graph.kwg
    data = bytes(graph.nodes)
    return [Search(Kwg(data, graph.layout, native=n), lex.alphabet, lex.normalizer.key, lex.policy, **kw)
            for n in (True, False)]


def test_saol_searches_agree(betapet):
    compiled, reference = saol_searchers(betapet)
    rnd = random.Random(17)
    bag = "".join(t.letter * t.count for t in betapet.alphabet.tiles)
    for letters_, blanks, sub in ((7, 0, False), (6, 1, False), (5, 2, False), (7, 2, False), (5, 1, True)):
        for _ in range(3):
            rack = "".join(rnd.sample(bag, letters_)) + "?" * blanks
            assert results(compiled.anagrams(rack, sub=sub, min_tiles=2)) == \
                results(reference.anagrams(rack, sub=sub, min_tiles=2))
    for pattern in ("H?ND*", "*ZZ*", "?Å?", "*ÖRNA", "K*T", "*Q*", "A*A*A*A*A", "B?????????????"):
        assert results(compiled.matches(pattern)) == results(reference.matches(pattern))
    for word in ("AND", "HUND", "Ö", "ZZ"):
        assert compiled.hooks(word) == reference.hooks(word)


def test_saol_budgets_run_out_at_the_same_result(betapet):
    compiled, reference = saol_searchers(betapet, max_visits=3000)
    for pattern in ("*", "*E*R*", "?*A"):
        got = results(compiled.matches(pattern))
        assert got[1] is not None, "the budget should run out"
        assert got == results(reference.matches(pattern))
    got = results(compiled.anagrams("AERST???", sub=True))
    assert got[1] is not None and got == results(reference.anagrams("AERST???", sub=True))


def test_key_index_numbers_agree(betapet):
    """keys.dwg read through the compiled core with str keys gives the reference's numbers."""
    index = betapet.key_index
    reference = Kwg(bytes(index.graph.nodes), native=False)
    table = {ord(ch): i + 1 for i, ch in enumerate(index.letters)}
    every = list(index.keys(excluded=True))
    sample = random.Random(8).sample(every, 3000)
    for number, key in sample:
        assert index.number(key) == number == reference.rank(key.translate(table).encode("latin-1"))
        assert (key in index.members) == (index.kind(number) != 2) == (key in betapet)
    known = {key for _, key in every}
    for key in ("", "HUNDQ", "É", "hund", "HUND" * 70, "ZZZZ"):
        expected = -1 if key not in known else next(n for n, k in every if k == key)
        assert index.number(key) == expected
        assert (key in index.members) == (key in betapet)


# ---------------------------------------------------------------- packed input, what follows a prefix


def _packed(words):
    return b"".join(bytes((len(w),)) + w for w in words)


@settings(max_examples=100, deadline=None)
@given(st.one_of(word_lists, wide_lists).map(lambda ws: [w for w in ws if w]))
def test_packed_sequences_build_the_same_graph(words):
    for native in (True, False):
        builder = GraphBuilder(native=native)
        builder.add_packed(_packed(words))
        assert builder.finish().data == build_kwg(words, native=native).data


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize("data", [b"\x00", b"\x03ab", b"\x01a\x02b"])
def test_bad_packing_is_refused_with_its_place(native, data):
    builder = GraphBuilder(native=native)
    with pytest.raises(InputError, match="at byte"):
        builder.add_packed(data)


def test_what_follows_a_prefix_and_a_separator():
    """after(prefix, separator, limit) lists what follows in order; firsts_after the first per
    prefix."""
    sep = 9
    words = [b"\x01\x02\x09\x05", b"\x01\x02\x09\x03\x04", b"\x01\x09\x07", b"\x02\x02\x09\x01",
             b"\x01\x02\x03"]
    graph = Kwg(build_kwg(words, native=True).data)
    core = graph.core
    assert core.after(b"\x01\x02", sep, 10) == [b"\x03\x04", b"\x05"]
    assert core.after(b"\x01\x02", sep, 1) == [b"\x03\x04"]
    assert core.after(b"\x03", sep, 10) == []
    assert core.firsts_after([b"\x01\x02", b"\x01", b"\x02", b"\x02\x02"], sep) == [b"\x03\x04", b"\x07", None,
                                                                                       b"\x01"]


def test_a_checkout_without_its_compiled_core_reads_the_headers_numbers():
    """With LEXICON_PURE_PYTHON=1 and no compiled core at all, the package still imports and answers, and the
    numbers the C headers set (the version, the longest word) are the compiled core's."""
    from lexicon.graph import _core

    program = textwrap.dedent("""
        import sys
        sys.modules["lexicon.graph._core"] = None  # as in a checkout pip has not built
        import lexicon
        from lexicon.graph import native
        from lexicon.word_judge import MAX_WORD_CHARS
        assert native.compiled is None and native.core is None
        print(lexicon.__version__, MAX_WORD_CHARS, lexicon.normalize("allé", "sv-betapet"))
    """)
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         env={"LEXICON_PURE_PYTHON": "1", "PATH": "/usr/bin:/bin"}, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [_core.VERSION, str(_core.MAX_WORD), "ALLE"]
