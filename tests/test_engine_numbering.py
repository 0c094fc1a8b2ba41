"""Tile numbers as the engines number them: a Swedish word graph needs no alphabet file.

The table is wolges' built-in Swedish alphabet (src/alphabets/swedish.txt in andy-k/wolges,
docs/kwg.md, Tile numbers): line i is tile i, with its count, score and vowel flag. Hungarian has no
engine alphabet; ours is the reference and is pinned here so that it cannot change unnoticed.
"""

from __future__ import annotations

import pytest

from lexicon import load_alphabet
from lexicon.graph import TileCodes
from lexicon.graph.alphabet_file import alphabet_lines

# number: (label, count, score, vowel), transcribed from wolges' swedish.txt
WOLGES_SWEDISH = {
    0: ("?", 2, 0, False), 1: ("A", 8, 1, True), 2: ("B", 2, 4, False), 3: ("C", 1, 8, False),
    4: ("D", 5, 1, False), 5: ("E", 7, 1, True), 6: ("F", 2, 3, False), 7: ("G", 3, 2, False),
    8: ("H", 2, 2, False), 9: ("I", 5, 1, True), 10: ("J", 1, 7, False), 11: ("K", 3, 2, False),
    12: ("L", 5, 1, False), 13: ("M", 3, 2, False), 14: ("N", 6, 1, False), 15: ("O", 5, 2, True),
    16: ("P", 2, 4, False), 17: ("Q", 0, 0, False), 18: ("R", 8, 1, False), 19: ("S", 8, 1, False),
    20: ("T", 8, 1, False), 21: ("U", 3, 4, True), 22: ("V", 2, 3, False), 23: ("W", 0, 0, False),
    24: ("X", 1, 8, False), 25: ("Y", 1, 7, True), 26: ("Ü", 0, 0, True), 27: ("Z", 1, 10, False),
    28: ("Å", 2, 4, True), 29: ("Ä", 2, 3, True), 30: ("Æ", 0, 0, True), 31: ("Ö", 2, 4, True),
}
WOLGES_NUMBER = {label: number for number, (label, *_) in WOLGES_SWEDISH.items()}


def test_swedish_scrabble_is_wolges_swedish_line_for_line():
    lines = alphabet_lines(load_alphabet("sv-scrabble"))
    assert len(lines) == len(WOLGES_SWEDISH)
    for number, line in enumerate(lines):
        assert (line.label, line.count, line.score, line.vowel) == WOLGES_SWEDISH[number], number
        assert line.blank_label == line.label.lower()


@pytest.mark.parametrize("name", ["sv-betapet", "sv-scrabble"])
def test_every_swedish_tile_has_the_engines_number(name):
    alphabet = load_alphabet(name)
    assert {t.letter: t.number for t in alphabet.tiles} == {
        letter: WOLGES_NUMBER[letter] for letter in (t.letter for t in alphabet.tiles)}
    # the numbers Betapet leaves out are letters the engine has and Betapet does not
    assert {WOLGES_SWEDISH[n][0] for n in alphabet.unused_numbers} == (
        {"Ü", "Æ"} if name == "sv-betapet" else set())


@pytest.mark.parametrize("name", ["sv-betapet", "sv-scrabble"])
def test_words_read_back_with_the_engines_alphabet(name):
    # what the issue saw go wrong: ZON read as ÜON, ÅKA as ZKA
    codes = TileCodes(load_alphabet(name))
    for word in ("ZON", "ÅKA", "ÄLG", "ÖRN", "YXA", "WOK", "QUIZ"):
        assert "".join(WOLGES_SWEDISH[n][0] for n in codes.encode(word)) == word


HUNGARIAN = ("A Á B C CS D E É F G GY H I Í J K L LY M N NY O Ó Ö Ő P R S SZ T TY U Ú Ü Ű V Z ZS").split()


@pytest.mark.parametrize("name", ["hu-betutorony", "hu-scrabble"])
def test_hungarian_numbering_is_ours_and_fixed(name):
    # docs/kwg.md documents this numbering as the reference for Hungarian engines
    assert [(t.letter, t.number) for t in load_alphabet(name).tiles] == [
        (letter, number) for number, letter in enumerate(HUNGARIAN, start=1)]
