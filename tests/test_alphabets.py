"""Tile sets are data: each shipped set loads, adds up to 100 tiles, and bad files fail clearly."""

import re

import pytest

from lexicon import DataError, load_alphabet
from lexicon.alphabet import alphabet_names

from .conftest import ROOT


@pytest.mark.parametrize("name", ["sv-scrabble", "sv-betapet", "hu-scrabble", "hu-betutorony"])
def test_every_shipped_tile_set_has_100_tiles(name):
    alphabet = load_alphabet(name)
    assert alphabet.total_tiles == 100
    assert alphabet.provenance


def test_the_four_games_ship():
    assert {"sv-scrabble", "sv-betapet", "hu-scrabble", "hu-betutorony"} <= set(alphabet_names())


def test_swedish_scrabble_figures(sv_scrabble):
    assert sv_scrabble.blanks == 2
    assert sv_scrabble.tile("Z").points == 10
    assert sv_scrabble.tile("A").count == 8
    assert set(sv_scrabble.blank_only) == {"Q", "W", "Ü", "Æ"}


def test_betapet_points_and_unverified_counts(sv):
    assert [sv.tile(c).points for c in "ABCXYZÅÄÖ"] == [1, 4, 8, 8, 7, 10, 4, 4, 4]
    assert sv.counts_verified is False
    assert set(sv.blank_only) == {"Q", "W"}
    assert "Ü" not in sv.letters


def test_hungarian_digraphs_are_single_tiles():
    hu = load_alphabet("hu-scrabble")
    assert {"CS", "GY", "LY", "NY", "SZ", "TY", "ZS"} <= set(hu.multi)
    assert hu.tile("TY").points == 10
    assert not {"Q", "W", "X"} & hu.letters


def test_betutorony_counts_from_the_seed_and_no_blanks(hu):
    assert hu.blanks == 0
    assert [hu.tile(t).count for t in ("A", "CS", "SZ", "T", "ZS")] == [6, 1, 2, 5, 1]
    # Betűtorony scores a cube 1, and a rare letter 2 more.
    assert hu.face_value(["CS", "É", "SZ", "E"]) == 3 + 1 + 1 + 1
    assert hu.face_value(["CS", "É", "SZ", "E"], blanks=(0,)) == 1 + 1 + 1  # a blank plays the CS


def test_bag_fit_counts_blanks():
    sv = load_alphabet("sv-scrabble")
    fit = sv.bag_fit(list("WOW"))
    assert (fit.formable, fit.blanks, fit.short) == (True, 2, {"W": 2})
    assert load_alphabet("hu-betutorony").bag_fit(["ZS", "ZS"]).formable is False


def test_a_tiles_document_values_a_digraph_the_bag_is_short_of():
    """KÖNYÖKNYI lays two NY cubes and the bag has one: the answer says so, and values the missing
    cube as a blank (nothing) rather than reading NY as the letters N and Y."""
    from lexicon.verdict import tiles_document

    hu = load_alphabet("hu-betutorony")
    tiles = ["K", "Ö", "NY", "Ö", "K", "NY", "I"]
    doc = tiles_document(hu, tiles)
    assert doc["bag"] == {"formable": False, "blanks": 1, "short": {"NY": 1}}
    assert doc["points"] == hu.points_of(tiles)
    assert doc["value"] == sum(doc["points"]) - hu.tile("NY").points
    assert doc["notation"] == "KÖ[NY]ÖK[NY]I" and doc["tile_count"] == 7


@pytest.mark.parametrize("body, message", [
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = []', "1 to 63 tiles"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "a", count = 1, points = 1}]',
     "upper-case"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "A", count = -1, points = 1}]',
     "negative"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "A", count = true, points = 1}]',
     "integer"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "A", count = 1, points = 1}]\n'
     '[fold]\n"É" = "Q"', "not spelled"),
    ('name = "x"\nlanguage = "sv"\nblanks = 2\ntiles = [{letter = "A", count = 1, points = 1}]', "provenance: missing"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ncolour = 1\ntiles = []', "unknown key"),
    ("name = ", "not valid TOML"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "A", count = 1, points = 1, '
     'number = 5}, {letter = "B", count = 1, points = 1, number = 3}]', "3 follows 5"),
    ('name = "x"\nlanguage = "sv"\nprovenance = "p"\nblanks = 2\ntiles = [{letter = "A", count = 1, points = 1, '
     'number = 64}]', "up to 63"),
])
def test_malformed_tile_sets_name_the_file_and_key(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DataError, match=message) as err:
        load_alphabet(path)
    assert str(path) in str(err.value)


def test_unknown_tile_set_lists_the_known_ones():
    with pytest.raises(DataError, match="hu-betutorony"):
        load_alphabet("xx-nothing")
    with pytest.raises(DataError, match="not a valid name"):
        load_alphabet("..")
    with pytest.raises(DataError, match="not valid TOML"):  # a path is read as a path, and refused
        load_alphabet("/etc/passwd")


def _documented_tiles(title: str) -> dict[str, tuple[int, int]]:
    """The table of docs/alphabets.md under the paragraph that starts with `title`: letter → (count, points)."""
    text = (ROOT / "docs" / "alphabets.md").read_text(encoding="utf-8")
    table = text.split(f"\n{title} (", 1)[1].split("\n\n", 2)[1]
    tiles = {}
    for points, cells in re.findall(r"^\| (\d+) \| (.+) \|$", table, re.M):
        for letter, count in re.findall(r"(\S+?) ?×(\d+)", cells):
            tiles[letter] = (int(count), int(points))
    return tiles


@pytest.mark.parametrize("title, name", [("Swedish Scrabble", "sv-scrabble"), ("Betapet", "sv-betapet"),
                                         ("Hungarian Scrabble", "hu-scrabble")])
def test_every_shipped_tile_set_is_its_table_in_docs_alphabets(title, name):
    alphabet = load_alphabet(name)
    shipped = {t.letter: (t.count, t.points) for t in alphabet.tiles} | {"blank": (alphabet.blanks, 0)}
    assert _documented_tiles(title) == shipped
