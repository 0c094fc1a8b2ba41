"""The word graph: the KWG bytes, minimality, determinism, the GADDAG, and the real lexicons.

The files are read back by a decoder written here from the format description (docs/kwg.md),
not by the library's reader, so a shared misunderstanding cannot hide.
"""

from __future__ import annotations

import json
import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon import ArtifactError, load_alphabet
from lexicon.graph import KBWG, KWG, Kwg
from lexicon.graph.alphabet_file import alphabet_text, read_alphabet_text
from lexicon.graph.dawg import build
from lexicon.graph.writer import encode
from lexicon.lookup import load

from .conftest import DATA, write_pipeline

# ---------------------------------------------------------------- an independent decoder


def decode(data: bytes, layout: str = KWG) -> list[tuple[int, bool, bool, int]]:
    """(tile, accepts, is_end, arc) per node, straight from the format description."""
    assert len(data) % 4 == 0
    out = []
    for (value,) in struct.iter_unpack("<I", data):
        if layout == KWG:
            out.append((value >> 24, bool(value >> 23 & 1), bool(value >> 22 & 1), value & 0x3FFFFF))
        else:
            out.append((value & 0x3F, bool(value >> 7 & 1), bool(value >> 6 & 1), value >> 8))
    return out


def sibling_list(nodes, start: int) -> list[int]:
    """The node indexes of the sibling list at `start`, checking the format's promises on the way."""
    if start == 0:
        return []
    out = []
    index = start
    while True:
        out.append(index)
        if nodes[index][2]:
            break
        index += 1
        assert index < len(nodes), "a sibling list runs off the end of the file"
    tiles = [nodes[i][0] for i in out]
    assert tiles == sorted(set(tiles)), f"siblings at {start} are not in strictly increasing tile order"
    return out


def language(nodes, start: int) -> set[tuple[int, ...]]:
    """Every sequence accepted from the sibling list at `start`."""
    out = set()
    for index in sibling_list(nodes, start):
        tile, accepts, _, arc = nodes[index]
        if accepts:
            out.add((tile,))
        out.update((tile,) + rest for rest in language(nodes, arc))
    return out


def dawg_words(data: bytes, layout: str = KWG) -> set[tuple[int, ...]]:
    nodes = decode(data, layout)
    tile, accepts, is_end, arc = nodes[0]
    assert (tile, accepts, is_end) == (0, False, True)
    return language(nodes, arc)


def as_tuples(words) -> set[tuple[int, ...]]:
    return {tuple(w) for w in words}


def kwg_bytes(words, **kw) -> bytes:
    return encode(build([bytes(w) for w in words], gaddag=kw.pop("gaddag", False)), **kw).data


# small alphabets make shared prefixes and suffixes likely
word_lists = st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=7).map(tuple), max_size=40)
wide_lists = st.lists(st.lists(st.integers(1, 63), min_size=1, max_size=5).map(tuple), max_size=30)

# ---------------------------------------------------------------- bytes


def test_an_empty_word_list_is_one_root_node():
    # wolges' builder: a DAWG-only file has node 0 only; node 0 has no list to point at.
    assert kwg_bytes([]) == bytes.fromhex("00004000")


def test_an_empty_word_list_with_gaddag_is_the_eight_bytes_engines_expect():
    assert kwg_bytes([], gaddag=True) == bytes.fromhex("0000400000004000")


def test_the_worked_example_in_the_docs():
    # docs/kwg.md: CAR CARE CARS CAT CATS with A=1 C=3 E=5 R=18 S=19 T=20. The list [S] after
    # CAT is the tail of the list [E S] after CAR, so T's arc points into it (node 6).
    words = [(3, 1, 18), (3, 1, 18, 5), (3, 1, 18, 19), (3, 1, 20), (3, 1, 20, 19)]
    data = kwg_bytes(words)
    assert data.hex(" ", 4) == "01004000 02004003 03004001 05008012 0600c014 00008005 0000c013"
    assert decode(data)[4] == (20, True, True, 6) and decode(data)[6] == (19, True, True, 0)
    assert dawg_words(data) == as_tuples(words)


def test_two_single_tile_words():
    data = kwg_bytes([(1,), (2,)])
    assert [n for n in decode(data)] == [(0, False, True, 1), (1, True, False, 0), (2, True, True, 0)]


# ---------------------------------------------------------------- the words, exactly


@settings(max_examples=150, deadline=None)
@given(word_lists)
def test_the_dawg_accepts_exactly_the_words(words):
    assert dawg_words(kwg_bytes(words)) == as_tuples(words)


@settings(max_examples=60, deadline=None)
@given(wide_lists)
def test_every_tile_number_up_to_63_round_trips(words):
    assert dawg_words(kwg_bytes(words)) == as_tuples(words)


@settings(max_examples=60, deadline=None)
@given(word_lists)
def test_the_big_layout_holds_the_same_graph(words):
    small, big = kwg_bytes(words), kwg_bytes(words, layout=KBWG)
    assert dawg_words(big, KBWG) == dawg_words(small) == as_tuples(words)
    assert len(big) == len(small)


@settings(max_examples=60, deadline=None)
@given(word_lists)
def test_the_library_reader_agrees(words):
    graph = Kwg(kwg_bytes(words))
    assert set(graph.words()) == as_tuples(words)
    assert list(graph.words()) == sorted(as_tuples(words))
    for word in as_tuples(words):
        assert graph.contains(word)
        assert not graph.contains(word + (9,))


# ---------------------------------------------------------------- minimality


def right_languages(words) -> set[frozenset]:
    """Distinct nonempty right languages of the prefix tree, the textbook definition of the
    minimal automaton's states (computed by brute force, no DAWG involved)."""
    words = as_tuples(words)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    out = set()
    for p in prefixes:
        suffixes = frozenset(w[len(p):] for w in words if w[:len(p)] == p and len(w) > len(p))
        if suffixes:
            out.add(suffixes)
    return out


@settings(max_examples=120, deadline=None)
@given(word_lists)
def test_the_dawg_is_minimal(words):
    nodes = decode(kwg_bytes(words))
    lists = {arc for _, _, _, arc in nodes if arc}
    languages = [frozenset(language(nodes, start)) for start in lists]
    # no two lists with the same right language …
    assert len(set(languages)) == len(languages)
    # … and as many lists as the minimal automaton has (nonempty) states
    assert len(lists) == len(right_languages(words))


@settings(max_examples=60, deadline=None)
@given(word_lists)
def test_a_list_that_ends_another_list_is_not_written_twice(words):
    nodes = decode(kwg_bytes(words))
    starts = {arc for _, _, _, arc in nodes if arc}
    # every written node is reachable as part of some list: nothing is padding
    covered = set()
    for start in starts:
        covered.update(sibling_list(nodes, start))
    assert covered == set(range(1, len(nodes)))


# ---------------------------------------------------------------- determinism


@settings(max_examples=60, deadline=None)
@given(word_lists, st.randoms(use_true_random=False))
def test_the_same_words_give_the_same_bytes_in_any_order(words, rnd):
    shuffled = list(words) + list(words[:3])
    rnd.shuffle(shuffled)
    assert kwg_bytes(shuffled) == kwg_bytes(words)
    assert kwg_bytes(shuffled, gaddag=True) == kwg_bytes(words, gaddag=True)


# ---------------------------------------------------------------- the GADDAG

SEP = 0


def gaddag_paths(nodes, start: int) -> set[tuple[int, ...]]:
    """Accepted sequences from the GADDAG root; after the separator the walk is in the DAWG."""
    return language(nodes, start)


def expected_gaddag(words) -> set[tuple[int, ...]]:
    out = set()
    for w in as_tuples(words):
        out.add(w[::-1])
        for i in range(1, len(w)):
            out.add(w[:i][::-1] + (SEP,) + w[i:])
    return out


@settings(max_examples=120, deadline=None)
@given(word_lists)
def test_the_gaddag_holds_every_split_of_every_word(words):
    data = kwg_bytes(words, gaddag=True)
    nodes = decode(data)
    assert nodes[1][:3] == (0, False, True)
    assert language(nodes, nodes[0][3]) == as_tuples(words)
    assert gaddag_paths(nodes, nodes[1][3]) == expected_gaddag(words)


@settings(max_examples=60, deadline=None)
@given(word_lists)
def test_the_gaddag_is_minimal_too(words):
    nodes = decode(kwg_bytes(words, gaddag=True))
    lists = {arc for _, _, _, arc in nodes if arc}
    languages = [frozenset(language(nodes, start)) for start in lists]
    assert len(set(languages)) == len(languages)


def test_care_in_the_gaddag():
    # CARE as ERAC, RAC@E, AC@RE, C@ARE (A=1 C=3 E=5 R=18)
    nodes = decode(kwg_bytes([(3, 1, 18, 5)], gaddag=True))
    assert gaddag_paths(nodes, nodes[1][3]) == {(5, 18, 1, 3), (18, 1, 3, 0, 5), (1, 3, 0, 18, 5), (3, 0, 1, 18, 5)}


# ---------------------------------------------------------------- the alphabet file


@pytest.mark.parametrize("name", ["sv-betapet", "sv-scrabble", "hu-betutorony", "hu-scrabble"])
def test_the_alphabet_file_numbers_the_tiles(name):
    alphabet = load_alphabet(name)
    text = alphabet_text(alphabet)
    lines = read_alphabet_text(text)
    assert len(lines) == alphabet.tiles[-1].number + 1
    assert (lines[0].label, lines[0].count, lines[0].score) == ("?", alphabet.blanks, 0)
    for tile in alphabet.tiles:
        line = lines[tile.number]
        assert (line.label, line.count, line.score, line.vowel) == (tile.letter, tile.count, tile.points, tile.vowel)
        assert line.blank_label == tile.letter.lower()
    for number in alphabet.unused_numbers:  # placeholders: no tile in the bag, a label no letter has
        assert (lines[number].label, lines[number].count, lines[number].aliases) == (f"_{number}", 0, ())
    assert len(alphabet.tiles) + len(alphabet.unused_numbers) + 1 == len(lines)
    assert all(len(raw.split("\t")) >= 7 for raw in text.splitlines())


def test_folded_letters_are_aliases_of_their_tile():
    lines = read_alphabet_text(alphabet_text(load_alphabet("sv-betapet")))
    by_label = {line.label: line for line in lines}
    assert by_label["Ä"].aliases == ("Æ",) and by_label["Ö"].aliases == ("Ø",)
    assert by_label["Ä"].blank_aliases == ("æ",)


def test_a_broken_alphabet_line_names_its_line():
    with pytest.raises(ArtifactError, match="x.txt:2"):
        read_alphabet_text("?\t?\t2\t0\t0\t0\t0\nA\ta\t8\t1\t1\t2\tÆ\t0\n", name="x.txt")


# ---------------------------------------------------------------- the reader


def test_a_file_of_a_wrong_size_is_refused(tmp_path):
    path = tmp_path / "bad.kwg"
    path.write_bytes(b"\x00\x00\x40")
    with pytest.raises(ArtifactError, match="bad.kwg"):
        Kwg.open(path)


@pytest.mark.parametrize("suffix, layout, gaddag", [(".kwg", KWG, True), (".dwg", KWG, False),
                                                    (".kbwg", KBWG, True), (".kbdwg", KBWG, False)])
def test_the_reader_maps_the_file_and_reads_the_layout_from_its_name(tmp_path, suffix, layout, gaddag):
    encoded = encode(build([b"\x01\x02", b"\x01\x03"], gaddag=gaddag), layout=layout)
    assert encoded.suffix == suffix
    path = tmp_path / ("w" + suffix)
    path.write_bytes(encoded.data)
    graph = Kwg.open(path)
    assert graph.layout == layout and (graph.gaddag_root is not None) == gaddag
    assert list(graph.words()) == [(1, 2), (1, 3)]
    graph.close()


# ---------------------------------------------------------------- the real lexicons


def graph_tilings(lex) -> set[tuple[str, ...]]:
    return {m.tiles for m in lex.search.words()}


def sqlite_tilings(lex) -> set[tuple[str, ...]]:
    """Every valid tiling the lexicon answers (its store's listed tilings, else each key's preferred cut)."""
    return {cut for key in lex.keys() for cut in lex.tilings(key)}


def test_saol_kwg_holds_exactly_the_lexicon(betapet):
    assert betapet.manifest["graph"]["format"] == KWG
    assert graph_tilings(betapet) == sqlite_tilings(betapet)
    assert betapet.manifest["graph"]["sequences"] == len(betapet)


def test_saol_files_are_listed_with_checksums(betapet):
    # a lexicon meant for play holds the GADDAG too: lexicon.kwg, what a move generator takes
    files = betapet.manifest["files"]
    assert {"lexicon.kwg", "alphabet.txt", "keys.dwg", "keys.dat"} <= set(files)
    assert "words.dawg" not in files  # membership is the key index's (docs/kwg.md)
    assert betapet.manifest["formats"]["lexicon.kwg"] == {"format": "kwg", "gaddag": True,
                                                          "nodes": betapet.manifest["graph"]["nodes"],
                                                          "alphabet": "alphabet.txt"}
    assert (betapet.path / "lexicon.kwg").stat().st_size == 4 * betapet.manifest["graph"]["nodes"]
    assert betapet.graph.kwg.gaddag_root


def test_membership_agrees_with_the_database(betapet):
    every = set(betapet.keys())
    keys = random.Random(3).sample(sorted(every), 2000)
    assert all(k in betapet for k in keys)
    missing = [k + "Q" for k in keys if k + "Q" not in every] + [k[:-1] for k in keys if k[:-1] not in every]
    assert missing and not any(k in betapet for k in missing)
    assert "" not in betapet and "HUND" in betapet and "hund" not in betapet


HUNGARIAN = """házsor
asszony
pénzszekrény
rézszobor
vízszint
egészség
könnyű
hosszú
meggy
gyűszű
csészealj
lyukacsos
ötven
zseb
nyúl
tyúk
"""


def hungarian_words(count: int = 3000) -> list[str]:
    """A few thousand lowercase stems of the installed Magyar Ispell dictionary (Debian hunspell-hu)."""
    stems = []
    with open("/usr/share/hunspell/hu_HU.dic", encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            stem = line.split("/")[0].split("\t")[0].strip()
            if stem.isalpha() and stem == stem.lower():
                stems.append(stem)
    step = max(1, len(stems) // count)
    return stems[::step] + [s for s in stems if "zsz" in s or "ssz" in s][:200]


@pytest.fixture(scope="module")
def hungarian(tmp_path_factory):
    """hu-betutorony over hand-written words and Hungarian stems, keeping every tiling of each word."""
    from lexicon_pipelines import build

    folder = tmp_path_factory.mktemp("hu")
    (folder / "words.txt").write_text(HUNGARIAN + "\n".join(hungarian_words()) + "\n", encoding="utf-8")
    path = write_pipeline(folder, "hu-test-graph", 'profile = "hu-betutorony-list"\n'
                          '[[sources]]\nid = "words"\nkind = "plain"\npath = "words.txt"\n')
    every_cut = lambda key, cuts, candidate: (tuple(cuts), "all")  # noqa: E731
    build(path, folder / "artifacts", choose=every_cut, gaddag=True)
    return load("hu-test-graph", folder / "artifacts")


def test_hungarian_kwg_holds_every_tiling(hungarian):
    tilings = sqlite_tilings(hungarian)
    assert graph_tilings(hungarian) == tilings
    assert ("H", "Á", "ZS", "O", "R") in tilings and ("H", "Á", "Z", "S", "O", "R") in tilings
    assert len(tilings) > len(hungarian) > 2000


def test_hungarian_digraphs_are_single_tiles(hungarian):
    assert hungarian.contains_tiles(["A", "S", "SZ", "O", "NY"])
    assert not hungarian.contains_tiles(["A", "SZ", "SZ", "O", "NY"])  # the pronounced layout
    assert hungarian.contains_tiles("HÁ[Z][S]OR") and hungarian.contains_tiles("HÁ[ZS]OR")
    assert "ASSZONY" in hungarian


def test_hungarian_gaddag_holds_every_split(hungarian):
    codes = {t.letter: t.number for t in hungarian.alphabet.tiles}
    nodes = decode((hungarian.path / "lexicon.kwg").read_bytes())
    words = {tuple(codes[t] for t in cut) for cut in sqlite_tilings(hungarian)}
    sample = random.Random(5).sample(sorted(words), 50)
    gaddag_root = nodes[1][3]
    for word in sample:
        for path in expected_gaddag([word]):
            index, accepted = gaddag_root, False
            for tile in path:
                found = [i for i in sibling_list(nodes, index) if nodes[i][0] == tile]
                assert found, (word, path)
                index, accepted = nodes[found[0]][3], nodes[found[0]][1]
            assert accepted or path[-1] != SEP


def test_building_with_gaddag_changes_the_version(hungarian, tmp_path):
    from lexicon_pipelines import build

    assert hungarian.manifest["graph"]["gaddag"] is True
    words = hungarian.path.parent.parent.parent / "words.txt"
    path = write_pipeline(tmp_path, "hu-test-graph", 'profile = "hu-betutorony-list"\n'
                          f'[[sources]]\nid = "words"\nkind = "plain"\npath = "{words}"\n')
    plain = build(path, tmp_path / "artifacts", choose=lambda k, cuts, c: (tuple(cuts), "all"), gaddag=False)
    assert plain.version != hungarian.version
    assert plain.manifest["graph"]["gaddag"] is False
    # the DAWG alone is a .dwg, as engines name it: a move generator would misread it as a .kwg
    assert plain.manifest["graph"]["file"] == "lexicon.dwg" and not (plain.path / "lexicon.kwg").exists()
    assert (plain.path / "lexicon.dwg").stat().st_size < (hungarian.path / "lexicon.kwg").stat().st_size
    graph = Kwg.open(plain.path / "lexicon.dwg")
    assert graph.layout == KWG and graph.gaddag_root is None
    graph.close()


# ---------------------------------------------------------------- the command line


def test_export_tsv_dumps_the_word_graph(betapet, artifacts_root):
    from click.testing import CliRunner

    from lexicon_cli import main

    result = CliRunner().invoke(main, ["export", "sv-betapet", "--format", "tsv", "--artifacts", str(artifacts_root)])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == betapet.manifest["graph"]["sequences"]
    assert "HUND\tHUND" in lines and "ALLE\tALLE" in lines
    refused = CliRunner().invoke(main, ["export", "sv-betapet", "--format", "tsv", "--prefix", "A",
                                        "--artifacts", str(artifacts_root)])
    assert refused.exit_code == 2


def test_build_gaddag_flag_and_pipeline_key(tmp_path):
    from click.testing import CliRunner

    from lexicon_cli import main
    from lexicon_pipelines.definition import load_pipeline

    (tmp_path / "w.txt").write_text("hund\nkatt\nkatten\n", encoding="utf-8")
    body = 'profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "plain"\npath = "w.txt"\n'
    path = write_pipeline(tmp_path, "sv-test-gaddag", body + "[graph]\ngaddag = true\n")
    assert load_pipeline(path).graph.gaddag is True
    assert load_pipeline(write_pipeline(tmp_path, "sv-test-default", body)).graph.gaddag is True  # playable
    off = write_pipeline(tmp_path, "sv-test-off", body + "[graph]\ngaddag = false\n")
    assert load_pipeline(off).graph.gaddag is False
    root = tmp_path / "artifacts"
    with_gaddag = CliRunner().invoke(main, ["build", str(path), "--artifacts", str(root), "--json"])
    without = CliRunner().invoke(main, ["build", str(path), "--no-gaddag", "--artifacts", str(root), "--json"])
    assert with_gaddag.exit_code == 0 and without.exit_code == 0, with_gaddag.output + without.output
    first, second = (load(f"sv-test-gaddag@{json.loads(r.output)['version']}", root) for r in (with_gaddag, without))
    assert first.manifest["graph"]["gaddag"] and not second.manifest["graph"]["gaddag"]
    assert first.graph.kwg.gaddag_root and second.graph.kwg.gaddag_root is None
    assert (first.manifest["graph"]["file"], second.manifest["graph"]["file"]) == ("lexicon.kwg", "lexicon.dwg")
    bad = write_pipeline(tmp_path, "sv-test-bad", body + "[graph]\ngaddag = 1\n")
    with pytest.raises(Exception, match="graph"):
        load_pipeline(bad)


def test_real_graphs_pass_validation_and_damaged_ones_fail(betapet):
    """validate() accepts what the writer makes and refuses structural damage."""
    from lexicon import ArtifactError
    from lexicon.graph import Kwg

    graph_path = next(betapet.path.glob("lexicon.kw*g"))
    Kwg.open(graph_path).validate()
    data = bytearray((DATA / "six-words-gaddag.kwg").read_bytes())
    Kwg(bytes(data), validate=True)
    data[-4:] = (0).to_bytes(4, "little")  # the last node no longer ends its list
    with pytest.raises(ArtifactError, match="runs past the end"):
        Kwg(bytes(data), validate=True)
