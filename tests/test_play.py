"""Judging whole plays by each seed's rules, with scores worked out by hand from the seeds' text.

Betapet plays are judged by the real SAOL 14 lexicon, Betűtorony plays by a lexicon built from
real lines of Debian's hu_HU, Swedish Scrabble plays by a small hand-written word list (the rules
under test are the scoring rules; the words are real).
"""

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexicon import DataError, PlayError, load_game
from lexicon.play import final_adjustments, game_names, judge_request, local_game, rack_value, time_penalty
from lexicon.play.board import parse_board
from lexicon.play.move import placements

from .conftest import DEBIAN, hungarian_lexicon

HU_STEMS = ["ház", "váz", "kár", "kér", "ár", "ér", "nyúl", "csésze", "asszony", "kocsi", "házsor", "sor", "íz",
            "víz", "hal", "kapu", "oktat", "okos", "méz"]


@pytest.fixture(scope="module")
def hu(tmp_path_factory):
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-play"), DEBIAN, "hu-play", HU_STEMS)


def rows(game: str, *words: tuple[str, str, str]) -> list[str]:
    """An otherwise empty board with each (tiles, start square, direction) laid on it."""
    g = load_game(game)
    grid = [["."] * g.size for _ in range(g.size)]
    for text, start, direction in words:
        r, c = divmod(g.square(start), g.size)
        for tile in re.findall(r"\[[^\]]+\]|.", text):
            grid[r][c] = tile
            r, c = (r, c + 1) if direction == "across" else (r + 1, c)
    return ["".join(row) for row in grid]


def play(lex, game: str, board: list[str], move, **extra) -> dict:
    """The answer for a move (or, with `turn=[…]` and move None, a turn of several plays)."""
    body = {"game": game, "board": board} | ({"move": move} if move is not None else {}) | extra
    return judge_request(body, lambda spec: lex)


def word(text: str, start: str, direction: str = "across") -> dict:
    return {"word": text, "start": start, "direction": direction}


def scores(answer: dict) -> dict[str, int]:
    return {w["word"]: w["score"] for w in answer["words"]}


# ---------------------------------------------------------------------------------- the games as data


def test_the_three_games_ship_and_name_their_seed():
    assert game_names() == ["hu-betutorony", "sv-betapet", "sv-scrabble"]
    for name, seed in (("sv-betapet", "000_26056345c9a2b3f1"), ("hu-betutorony", "001_684c9c7e4c3be856"),
                       ("sv-scrabble", "002_5a0be5cdd35b94bc")):
        game = load_game(name)
        assert seed in game.rules and game.alphabet.name == game.tileset == name


def test_the_standard_layout_has_the_standard_premium_counts():
    """8 triple words, 17 double words (the centre star among them), 12 triple and 24 double letters,
    symmetric under every turn and reflection of the board."""
    for name, layout in (("sv-scrabble", "standard"), ("sv-betapet", "klassisk")):
        rows_ = load_game(name).layouts[layout].rows
        counts = {code: "".join(rows_).count(code) for code in "TDtd"}
        assert counts == {"T": 8, "D": 17, "t": 12, "d": 24}
        assert rows_[7][7] == "D" and list(rows_) == list(reversed(rows_))
        assert ["".join(col) for col in zip(*rows_)] == list(rows_)


def test_betapets_layout_is_marked_unverified():
    game = load_game("sv-betapet")
    assert game.layout == "klassisk" and game.layouts["klassisk"].verified is False
    assert "UNVERIFIED" in game.layouts["klassisk"].source


def test_the_settings_the_seeds_leave_open_have_their_defaults():
    bt = load_game("hu-betutorony")
    assert (bt.stacking.max_height, bt.stacking.scores) == (5, "stack")
    assert [bt.square_name(s) for s in bt.start] == ["E5", "F5", "E6", "F6"]
    assert bt.scoring.rare == {"CS", "Í", "LY", "NY", "TY", "Ú", "Ű", "ZS"} and bt.scoring.rare_bonus == 2
    assert (load_game("sv-scrabble").start, load_game("sv-betapet").start) == ((112,), (112,))


def test_a_malformed_game_file_names_the_file_and_the_key(tmp_path):
    text = (Path(load_game("sv-scrabble").path).read_text(encoding="utf-8")
            .replace('"T..d...T...d..T",\n  ".D...t', '"T..d...T...d..X",\n  ".D...t', 1))
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"broken.toml: layouts.standard.rows\[0\]: square O1: 'X'"):
        load_game(path)


# ---------------------------------------------------------------------------------- Swedish Scrabble (seed 002)


def test_two_double_words_multiply_by_four(scrabble_words):
    """'Täcker ditt lagda ord två rosa DW-rutor multipliceras ordpoängen med 4×': KANSLER from E5 to
    K5 covers the double words E5 and K5; S is on the board. K2 A1 N1 S1 L1 E1 R1 = 8, × 4 = 32."""
    board = rows("sv-scrabble", ("STAT", "H5", "down"))
    a = play(scrabble_words, "sv-scrabble", board, word("KANSLER", "E5"))
    assert a["legal"] and scores(a) == {"KANSLER": 32} and a["score"] == 32
    (w,) = a["words"]
    assert w["scoring"] == {"points": [2, 1, 1, 1, 1, 1, 1], "premiums": {"E5": "DW", "K5": "DW"}, "letters": 8,
                            "word_multiplier": 4}


def test_two_triple_words_multiply_by_nine_and_the_bingo_comes_after(scrabble_words):
    """'två röda TW-rutor … 9×'; '+50 poäng till sist, efter att alla ordmultiplikatorer har räknats':
    SKRATTAR on A1–H1 through the T of TAK lays 7 tiles. S1 K2 R1 A1·DL T1 T1 A1 R1 = 10, × 9 = 90,
    + 50 = 140 (not (10 + 50) × 9)."""
    board = rows("sv-scrabble", ("TAK", "F1", "down"))
    a = play(scrabble_words, "sv-scrabble", board, word("SKRATTAR", "A1"))
    assert scores(a) == {"SKRATTAR": 90}
    assert a["bonuses"] == [{"kind": "whole-rack", "points": 50, "detail": "all 7 tiles of the rack in one move"}]
    assert (a["bonus"], a["score"]) == (50, 140)


def test_a_premium_counts_in_both_words_of_a_new_tile(scrabble_words):
    """'räknas bonusrutan för båda orden i samma drag': D on the double word E5 ends HUND across and
    starts DAG down. HUND H2 U4 N1 D1 = 8 × 2 = 16; DAG D1 A1 G2 = 4 × 2 = 8; 24 in all."""
    board = rows("sv-scrabble", ("HUN", "B5", "across"), ("AG", "E6", "down"))
    a = play(scrabble_words, "sv-scrabble", board, [{"square": "E5", "tile": "D"}])
    assert scores(a) == {"HUND": 16, "DAG": 8} and a["score"] == 24
    assert [w["main"] for w in a["words"]] == [True, False] and a["direction"] == "across"


def test_a_blank_scores_nothing_even_on_a_premium(scrabble_words):
    """Blanks score 0: a blank H on the centre star. (0 U4 N1 D1 = 6) × 2 = 12."""
    a = play(scrabble_words, "sv-scrabble", rows("sv-scrabble"), word("hUND", "H8"))
    assert a["score"] == 12 and a["placed"][0] == {"square": "H8", "row": 7, "col": 7, "tile": "H", "blank": True,
                                                       "part": 0}
    assert a["words"][0]["scoring"] == {"points": [0, 4, 1, 1], "premiums": {"H8": "DW"}, "letters": 6,
                                        "word_multiplier": 2}


def test_a_premium_under_an_old_tile_is_spent(scrabble_words):
    """Only a tile newly laid on a premium gets it: HUND already covers the star; HUNDAR adds A on the
    double letter L8 and R. H2 U4 N1 D1 A1·DL R1 = 11, no word multiplier."""
    a = play(scrabble_words, "sv-scrabble", rows("sv-scrabble", ("HUND", "H8", "across")), word("HUNDAR", "H8"))
    assert [p["square"] for p in a["placed"]] == ["L8", "M8"]
    assert a["score"] == 11 and a["words"][0]["scoring"]["premiums"] == {"L8": "DL"}


def test_a_challenged_word_scores_nothing_and_the_tiles_go_back(scrabble_words):
    """'Om ordet är felaktigt … måste ta tillbaka sina brickor … (0 poäng)'. HUNDS would have made
    (H2 U4 N1 D1 S1·DL = 10) × 2 = 20."""
    a = play(scrabble_words, "sv-scrabble", rows("sv-scrabble"), word("HUNDS", "H8"))
    assert a["legal"] and a["score"] == 0 and a["score_if_valid"] == 20
    assert a["challenge"] == {"rule": "double", "upheld": True, "invalid": ["HUNDS"], "if_challenged": {
        "play": "withdrawn", "player": {"points": 0, "loses_turn": True}, "challenger": {"points": 0,
                                                                                          "loses_turn": False}}}
    assert a["words"][0]["valid"] is False and a["words"][0]["reason"] == "not-in-lexicon"


def test_a_letter_without_a_tile_is_only_a_blank(scrabble_words):
    board = rows("sv-scrabble")
    with pytest.raises(PlayError, match="W has no tile in sv-scrabble: only a blank plays it"):
        play(scrabble_words, "sv-scrabble", board, word("WATT", "H8"))
    assert play(scrabble_words, "sv-scrabble", board, word("wATT", "H8"))["words"][0]["tiles"] == ["W", "A", "T", "T"]


# ---------------------------------------------------------------------------------- Betapet (seed 000)


def test_the_first_word_covers_the_centre_which_doubles_it(betapet):
    """'måste lägga detta så att någon av bokstäverna ligger på spelbrädets mittenruta. Denna ruta ger
    vid detta första drag dubbel ordpoäng': HUND H3 U4 N1 D2 = 10 × 2 = 20."""
    a = play(betapet, "sv-betapet", rows("sv-betapet"), word("HUND", "H8"))
    assert a["first_move"] and a["legal"] and a["score"] == 20
    off = play(betapet, "sv-betapet", rows("sv-betapet"), word("HUND", "A1"))
    assert off["legal"] is False and [e["code"] for e in off["errors"]] == ["start"] and off["score"] == 0


def test_a_rullning_adds_fifty(betapet):
    """'samtliga sju brickor (en så kallad ”rullning”) … 50 bonuspoäng': KARTONG from H8, O on the double
    letter L8: (K3 A1 R1 T1 O2·2 N1 G2 = 13) × 2 = 26, + 50 = 76."""
    a = play(betapet, "sv-betapet", rows("sv-betapet"), word("KARTONG", "H8"), rack="KARTONG")
    assert scores(a) == {"KARTONG": 26} and a["bonus"] == 50 and a["score"] == 76


def test_a_premium_pays_only_the_first_time(betapet):
    """'Bonuspoängen gäller bara första gången en bricka läggs på någon av dessa rutor': HUNDRA over HUND
    on the star: H3 U4 N1 D2 R1·DL A1 = 13."""
    a = play(betapet, "sv-betapet", rows("sv-betapet", ("HUND", "H8", "across")), word("HUNDRA", "H8"))
    assert a["score"] == 13


def test_a_layout_given_with_the_request(betapet):
    """The special and random boards come with the request: R on a triple word this time, (3 + 4 + 1 + 2
    + 1 + 1) × 3 = 36."""
    layout = ["." * 15] * 7 + ["." * 11 + "T..."] + ["." * 15] * 7
    a = play(betapet, "sv-betapet", rows("sv-betapet", ("HUND", "H8", "across")), word("HUNDRA", "H8"),
             layout=layout)
    assert a["score"] == 36


@pytest.mark.parametrize("move, code, square", [
    ([{"square": "H9", "tile": "A"}, {"square": "I10", "tile": "T"}], "not-in-line", None),
    ([{"square": "G9", "tile": "T"}, {"square": "I9", "tile": "A"}], "gap", "H9"),
    ([{"square": "H8", "tile": "K"}], "occupied", "H8"),
    ([{"square": "B2", "tile": "D"}, {"square": "C2", "tile": "U"}], "not-connected", None),
])
def test_illegal_plays_say_why(betapet, move, code, square):
    a = play(betapet, "sv-betapet", rows("sv-betapet", ("HUND", "H8", "across")), move)
    assert a["legal"] is False and a["score"] == 0 and a["score_if_valid"] is None
    assert [(e["code"], e["square"]) for e in a["errors"]] == [(code, square)]


def test_the_rack_is_checked_when_given(betapet):
    board = rows("sv-betapet")
    a = play(betapet, "sv-betapet", board, word("HUND", "H8"), rack="HUNXYZ?")
    assert [(e["code"], e["square"]) for e in a["errors"]] == [("not-on-rack", "K8")]
    assert play(betapet, "sv-betapet", board, word("HUNd", "H8"), rack="HUNXYZ?")["legal"]


def test_time_penalties():
    """'10 minuspoäng för varje påbörjad minut … utom vid Panik! och Hets … för var 15:e påbörjad
    sekund'; the game ends 5 minutes over, 2 in Panik!."""
    game = load_game("sv-betapet")
    assert time_penalty(game, "normal", 3600).points == 0
    assert time_penalty(game, "normal", 3601).points == 10
    assert time_penalty(game, "normal", 3600 + 61).points == 20
    assert time_penalty(game, "panik", 360 + 15).points == 10 and time_penalty(game, "panik", 360 + 16).points == 20
    assert time_penalty(game, "hets", 720 + 60).points == 40
    assert not time_penalty(game, "normal", 3600 + 299).ends_game and time_penalty(game, "normal", 3900).ends_game
    assert time_penalty(game, "panik", 360 + 120).ends_game
    assert time_penalty(game, "obegransad", 10 ** 6).points == 0
    with pytest.raises(PlayError, match="no time control 'blixt'"):
        time_penalty(game, "blixt", 1)


def test_the_end_of_game_by_each_seed():
    """Betapet: 'Ett Z och ett S kvar på hand ger t ex 10+1=11 poängs avdrag', the one who went out
    gains the others' sum; Scrabble alike, a blank 0; Betűtorony: each cube left × 5, no gain."""
    assert final_adjustments(load_game("sv-betapet"), {"a": "", "b": "ZS", "c": "?E"}) == {"a": 12, "b": -11,
                                                                                         "c": -1}
    assert final_adjustments(load_game("sv-scrabble"), {"a": "ÄÖ", "b": "X"}) == {"a": -7, "b": -8}
    assert final_adjustments(load_game("hu-betutorony"), {"a": "", "b": "[CS]AB"}) == {"a": 0, "b": -15}
    assert rack_value(load_game("hu-betutorony"), "[CS]") == 5


# ---------------------------------------------------------------------------------- Betűtorony (seed 001)


def test_a_word_all_on_the_first_level_scores_two_a_cube(hu):
    """'Kivéve, ha olyan szót hozunk létre, amelynek minden eleme az első szinten található … 2 pontot érnek.'"""
    a = play(hu, "hu-betutorony", rows("hu-betutorony"), word("HÁZ", "E5"))
    assert a["legal"] and a["score"] == 6
    assert a["words"][0]["scoring"] == {"heights": [1, 1, 1], "points": [2, 2, 2], "first_level": True, "cubes": 6,
                                        "rare": {}}


def test_rare_letters_add_two_for_the_player_who_laid_them(hu):
    """'ritka betűk (CS, Í, LY, NY, TY, Ú, Ű ZS) … további kettő': NYÚL, 3 cubes × 2 + 2 (NY) + 2 (Ú) = 10.
    'csak az élvezheti, aki a táblára helyezte ezeket': VÍZ through a Í already on the board is 3 × 2 = 6."""
    a = play(hu, "hu-betutorony", rows("hu-betutorony"), word("[NY]ÚL", "E5"))
    assert a["score"] == 10 and a["words"][0]["scoring"]["rare"] == {"E5": 2, "F5": 2}
    a = play(hu, "hu-betutorony", rows("hu-betutorony", ("ÍZ", "E5", "across")), word("VÍZ", "E4", "down"))
    assert [p["tile"] for p in a["placed"]] == ["V", "Z"] and a["score"] == 6


def test_all_seven_cubes_add_ten(hu):
    """'egy körben mind a hét betűjét … további 10 bónuszpontot': ASSZONYOK is A S SZ O NY O K, 7 cubes:
    7 × 2 + 2 (NY) = 16, + 10 = 26."""
    a = play(hu, "hu-betutorony", rows("hu-betutorony"), word("AS[SZ]O[NY]OK", "D5"))
    assert scores(a) == {"ASSZONYOK": 16} and a["bonus"] == 10 and a["score"] == 26


def test_a_stacked_word_scores_its_towers(hu):
    """A cube on the Á of KÁR makes KÉR across and, over the R below, ÉR down; both must be words
    ('továbbra is minden irányból olvasva értelmes szavak maradjanak'). Not flat, so each cube counts
    its tower: KÉR 1 + 2 + 1 = 4, ÉR 2 + 1 = 3."""
    board = rows("hu-betutorony", ("KÁR", "E5", "across"), ("R", "F6", "down"))
    a = play(hu, "hu-betutorony", board, [{"square": "F5", "tile": "É"}])
    assert a["legal"] and scores(a) == {"KÉR": 4, "ÉR": 3} and a["score"] == 7
    assert a["words"][0]["scoring"] == {"heights": [1, 2, 1], "points": [1, 2, 1], "first_level": False, "cubes": 4,
                                        "rare": {}}
    higher = play(hu, "hu-betutorony", board, [{"square": "F5", "tile": "É"}],
                  heights=["0" * 10] * 4 + ["0000131000", "0000010000"] + ["0" * 10] * 4)
    assert scores(higher) == {"KÉR": 1 + 4 + 1, "ÉR": 4 + 1}


def test_top_cube_scoring_is_a_setting(hu, tmp_path):
    text = Path(load_game("hu-betutorony").path).read_text(encoding="utf-8").replace('scores = "stack"',
                                                                                     'scores = "top"')
    (tmp_path / "top.toml").write_text(text, encoding="utf-8")
    top = load_game(tmp_path / "top.toml")
    board = parse_board(top, rows("hu-betutorony", ("KÁR", "E5", "across"), ("R", "F6", "down")))
    from lexicon.play import judge

    j = judge(top, board, placements(top, [{"square": "F5", "tile": "É"}]), hu)
    assert [w.score for w in j.words] == [3, 2]


def test_stacking_must_keep_every_word_valid(hu):
    """V on the H of HÁZ makes VÁZ across, but HAL down becomes VAL, not a word: challenged off."""
    board = rows("hu-betutorony", ("HÁZ", "E5", "across"), ("AL", "E6", "down"))
    a = play(hu, "hu-betutorony", board, [{"square": "E5", "tile": "V"}])
    assert [(w["word"], w["valid"]) for w in a["words"]] == [("VÁZ", True), ("VAL", False)]
    assert a["challenge"]["upheld"] and a["score"] == 0


def test_no_cube_on_the_same_letter_nor_above_the_limit(hu):
    """'egy betűre másik betűt helyezünk': another letter, never the same; at most 5 high."""
    board = rows("hu-betutorony", ("KÁR", "E5", "across"))
    same = play(hu, "hu-betutorony", board, [{"square": "F5", "tile": "Á"}])
    assert [(e["code"], e["square"]) for e in same["errors"]] == [("same-letter", "F5")]
    full = play(hu, "hu-betutorony", board, [{"square": "F5", "tile": "É"}],
                heights=["0" * 10] * 4 + ["0000151000"] + ["0" * 10] * 5)
    assert [(e["code"], e["square"]) for e in full["errors"]] == [("stack-full", "F5")]


def test_digraph_cubes_are_one_tile_and_the_tiling_is_exact(hu):
    """CS, SZ are one cube each: [CS]É[SZ]E is 4 cubes, 4 × 2 + 2 (CS) = 10. Written one character a
    square, KOCSI is K O C S I, and the lexicon knows KOCSI only as K O CS I; HÁZSOR is HÁZ+SOR, so its
    Z and S are two cubes and ZS is wrong."""
    board = rows("hu-betutorony")
    a = play(hu, "hu-betutorony", board, word("[CS]É[SZ]E", "E5"))
    assert a["words"][0]["tiles"] == ["CS", "É", "SZ", "E"] and a["score"] == 10
    split = play(hu, "hu-betutorony", board, word("KOCSI", "E5"), detail=True)["words"][0]
    assert (split["valid"], split["reason"], split["notation"]) == (False, "wrong-tiling", "KO[C][S]I")
    assert split["verdict"]["tilings"] == [{"tiles": ["K", "O", "CS", "I"], "notation": "KO[CS]I", "tile_count": 4}]
    assert play(hu, "hu-betutorony", board, word("KO[CS]I", "E5"))["score"] == 4 * 2 + 2
    assert play(hu, "hu-betutorony", board, word("HÁZSOR", "E5"))["words"][0]["valid"] is True
    wrong = play(hu, "hu-betutorony", board, word("HÁ[ZS]OR", "E5"))["words"][0]
    assert (wrong["valid"], wrong["reason"]) == (False, "wrong-tiling")


# ---------------------------------------------------------------------------------- Betűtorony turns (seed 001)

KAPUK = ("KAPUK", "D5", "across")
OKTAT_OKOS = [word("O.TAT", "H4", "down"), word("O.OS", "D4", "down")]


def test_a_turn_of_two_connected_words_scores_both_and_the_bonus_once(hu):
    """'Egyszerre több szó is alkotható, de a második és minden további szónak … kapcsolódnia kell a már a
    táblán olvasható szavakhoz'; the 10 points are for all seven cubes 'egy körben'. Through KAPUK, O T A T
    down from H4 makes OKTAT and O O S down from D4 makes OKOS: 7 cubes, 5 × 2 + 4 × 2 = 18, + 10 = 28."""
    a = play(hu, "hu-betutorony", rows("hu-betutorony", KAPUK), None, turn=OKTAT_OKOS, rack="OTATOOS")
    assert a["legal"] and scores(a) == {"OKTAT": 10, "OKOS": 8}
    assert [(w["word"], w["part"], w["main"]) for w in a["words"]] == [("OKTAT", 0, True), ("OKOS", 1, True)]
    assert [p["part"] for p in a["placed"]] == [0, 0, 0, 0, 1, 1, 1]
    assert (a["bonus"], a["score"]) == (10, 28)
    assert a["bonuses"][0]["detail"] == "all 7 tiles of the rack in one turn"


def test_the_same_words_as_two_turns_score_without_the_bonus(hu):
    first = play(hu, "hu-betutorony", rows("hu-betutorony", KAPUK), OKTAT_OKOS[0])
    second = play(hu, "hu-betutorony", rows("hu-betutorony", KAPUK, ("OKTAT", "H4", "down")), OKTAT_OKOS[1])
    assert (first["score"], second["score"], first["bonus"], second["bonus"]) == (10, 8, 0, 0)


def test_a_refused_turn_shows_no_bonus(hu):
    """The seven cubes as one play are in no line: not legal, no words, and no bonus shown."""
    tiles = [{"square": sq, "tile": t} for sq, t in (("H4", "O"), ("H6", "T"), ("H7", "A"), ("H8", "T"),
                                                    ("D4", "O"), ("D6", "O"), ("D7", "S"))]
    a = play(hu, "hu-betutorony", rows("hu-betutorony", KAPUK), tiles)
    assert [e["code"] for e in a["errors"]] == ["not-in-line"]
    assert (a["bonus"], a["bonuses"], a["score"], a["score_if_valid"]) == (0, [], 0, None)


def test_every_play_of_a_turn_after_the_first_must_touch_the_board(hu):
    """The first word of the game covers a start square; the second touches the first."""
    board = rows("hu-betutorony")
    a = play(hu, "hu-betutorony", board, None, turn=[word("HÁZ", "E5"), word("SOR", "A1")])
    assert [(e["code"], e["part"]) for e in a["errors"]] == [("not-connected", 1)] and a["score"] == 0
    a = play(hu, "hu-betutorony", board, None, turn=[word("HÁZ", "E5"), word("Á.", "F4", "down")])
    assert a["legal"] and scores(a) == {"HÁZ": 6, "ÁÁ": 4}


def test_a_square_takes_one_cube_a_turn(hu):
    a = play(hu, "hu-betutorony", rows("hu-betutorony", KAPUK), None,
             turn=[[{"square": "E5", "tile": "É"}], [{"square": "E5", "tile": "O"}]])
    assert [(e["code"], e["square"], e["part"]) for e in a["errors"]] == [("occupied", "E5", 1)]


def test_a_turn_lays_at_most_a_rack(hu):
    board = rows("hu-betutorony", KAPUK)
    with pytest.raises(PlayError, match="turn: 8 plays; a turn in hu-betutorony holds at most 7"):
        play(hu, "hu-betutorony", board, None, turn=[[{"square": f"{c}4", "tile": "O"}] for c in "ABCDEFGH"])
    with pytest.raises(PlayError, match="turn: 9 tiles; a turn in hu-betutorony lays 1 to 7"):
        play(hu, "hu-betutorony", board, None, turn=[word("O.TAT", "H4", "down"), word("O.OSOK", "D4", "down")])


def test_a_game_of_one_line_a_turn_refuses_a_turn_of_several(betapet):
    a = play(betapet, "sv-betapet", rows("sv-betapet"), None, turn=[word("HUND", "H8"), word("U.", "I7", "down")])
    assert [(e["code"], e["part"]) for e in a["errors"]] == [("not-in-line", 1)] and a["words"] == []


def test_covering_every_letter_of_a_word_at_once_is_refused(hu, tmp_path):
    """'meglévő szavak betűit részben újakkal helyettesítsük': in part. KÁR → MÉZ covers all three cubes
    of KÁR; the reading is a setting (stacking.cover_whole_word), and with it on the play stands."""
    board = rows("hu-betutorony", ("KÁR", "E5", "across"))
    a = play(hu, "hu-betutorony", board, word("MÉZ", "E5"))
    assert [(e["code"], e["square"]) for e in a["errors"]] == [("covers-word", "E5")] and a["score"] == 0
    text = Path(load_game("hu-betutorony").path).read_text(encoding="utf-8")
    (tmp_path / "whole.toml").write_text(text.replace("cover_whole_word = false", "cover_whole_word = true"),
                                         encoding="utf-8")
    whole = judge_request({"game": str(tmp_path / "whole.toml"), "board": board, "move": word("MÉZ", "E5")},
                          lambda spec: hu, local_game)
    assert whole["legal"] and scores(whole) == {"MÉZ": 2 + 2 + 2}


# ---------------------------------------------------------------------------------- scoring without a lexicon


def test_without_a_lexicon_every_word_is_scored_and_validity_left_out():
    """`"lexicon": null`: no lexicon is read; HUNDS scores what it would, (H3 U4 N1 D2 S1·DL = 12) × 2 for
    the centre, and nothing says whether it is a word."""
    a = judge_request({"game": "sv-betapet", "board": rows("sv-betapet"), "move": word("HUNDS", "H8"),
                       "lexicon": None}, lambda spec: pytest.fail("no lexicon is read"))
    assert (a["lexicon"], a["version"], a["challenge"]) == (None, None, None)
    (w,) = a["words"]
    assert (w["valid"], w["reason"], w["verdict"]) == (None, None, None)
    assert a["score"] == a["score_if_valid"] == (3 + 4 + 1 + 2 + 1 * 2) * 2


# ---------------------------------------------------------------------------------- challenge rules as data


def test_each_game_names_its_challenge_rule():
    assert {n: load_game(n).challenge.rule for n in game_names()} == {
        "hu-betutorony": "single", "sv-betapet": "void", "sv-scrabble": "double"}


@pytest.mark.parametrize("rule, player, challenger", [
    ("single", 20, {"points": 0, "loses_turn": False}),
    ("double", 20, {"points": 0, "loses_turn": True}),
    ("five-point", 25, {"points": 0, "loses_turn": False}),
    ("ten-point", 30, {"points": 0, "loses_turn": False}),
])
def test_a_challenge_of_a_valid_play_costs_what_the_rule_says(betapet, tmp_path, rule, player, challenger):
    """A wrong challenge: double costs the challenger the next turn; five- and ten-point give the player
    5 or 10 (Macondo's and Woogles' rules); single costs nobody anything."""
    game = _with_challenge(tmp_path, f'rule = "{rule}"')
    a = judge_request({"game": str(game), "board": rows("sv-betapet"), "move": word("HUND", "H8")},
                      lambda spec: betapet, local_game)
    assert a["score"] == 20 and a["challenge"] == {"rule": rule, "upheld": False, "invalid": [], "if_challenged": {
        "play": "stands", "player": {"points": player, "loses_turn": False}, "challenger": challenger}}


def test_a_penalty_for_the_challenger_is_data(betapet, tmp_path):
    """Seed 002: in social play a wrong challenge may cost the challenger points ('poängavdrag')."""
    game = _with_challenge(tmp_path, 'rule = "single"\nchallenger_penalty = 10')
    a = judge_request({"game": str(game), "board": rows("sv-betapet"), "move": word("HUND", "H8")},
                      lambda spec: betapet, local_game)
    assert a["challenge"]["if_challenged"]["challenger"] == {"points": -10, "loses_turn": False}


def test_a_void_game_refuses_a_play_with_an_invalid_word_and_has_no_challenges(betapet):
    a = play(betapet, "sv-betapet", rows("sv-betapet"), word("HUNDS", "H8"))
    assert a["challenge"] == {"rule": "void", "upheld": True, "invalid": ["HUNDS"], "if_challenged": {
        "play": "refused", "player": {"points": 0, "loses_turn": False}, "challenger": None}}
    assert play(betapet, "sv-betapet", rows("sv-betapet"), word("HUND", "H8"))["challenge"]["if_challenged"] is None


def _with_challenge(folder: Path, table: str) -> Path:
    text = Path(load_game("sv-betapet").path).read_text(encoding="utf-8")
    path = folder / "game.toml"
    assert text.count('rule = "void"') == 1
    path.write_text(text.replace('rule = "void"', table), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- words = a scan of the board


def _runs(tiles: list, size: int) -> set[tuple[int, ...]]:
    """Every line of two or more tiles, across and down, found square by square."""
    found = set()
    for lines in ([[r * size + c for c in range(size)] for r in range(size)],
                  [[r * size + c for r in range(size)] for c in range(size)]):
        for line in lines:
            run: list[int] = []
            for square in line + [None]:
                if square is not None and tiles[square] is not None:
                    run.append(square)
                    continue
                if len(run) >= 2:
                    found.add(tuple(run))
                run = []
    return found


@st.composite
def boards_and_moves(draw, game_name: str):
    game = load_game(game_name)
    size = game.size
    letters = [t.letter for t in game.alphabet.tiles if t.count]
    # Boards from empty to half full, filled by a seeded generator so dense boards are as likely as sparse.
    rng, density = draw(st.randoms(use_true_random=False)), draw(st.sampled_from([0, 0.05, 0.15, 0.3, 0.5]))
    squares = [s for s in range(size * size) if rng.random() < density]
    tiles: list = [None] * (size * size)
    heights = [0] * (size * size)
    for s in squares:
        tiles[s] = rng.choice(letters)
        heights[s] = rng.randint(1, game.stacking.max_height) if game.stacking else 1
    across = draw(st.booleans())
    if squares and draw(st.booleans()):  # most real plays start next to a tile on the board
        row, col = divmod(draw(st.sampled_from(squares)), size)
        line, at = (row, col) if across else (col, row)
        first = max(0, at - draw(st.integers(0, 3)))
    else:
        line, first = draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))
    length = draw(st.integers(1, size - first))
    cells = [line * size + first + k if across else (first + k) * size + line for k in range(length)]
    stack = game.stacking is not None
    move = [c for c in cells if tiles[c] is None or (stack and draw(st.booleans()))][:game.rack]
    if not move:
        move = [cells[0]]
    moved = [{"square": game.square_name(c), "tile": draw(st.sampled_from(letters))} for c in move]
    board = ["".join((f"[{t}]" if t and len(t) > 1 else t or ".") for t in tiles[r * size:(r + 1) * size])
             for r in range(size)]
    height_rows = ["".join(map(str, heights[r * size:(r + 1) * size])) for r in range(size)] if stack else None
    return game, board, height_rows, moved


@pytest.mark.parametrize("game_name, lexicon", [("sv-betapet", "betapet"), ("hu-betutorony", "hu")])
def test_the_words_found_are_every_line_through_a_new_tile(game_name, lexicon, request):
    lex = request.getfixturevalue(lexicon)

    @given(boards_and_moves(game_name))
    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case):
        game, board, heights, moved = case
        extra = {"heights": heights} if heights else {}
        a = play(lex, game_name, board, moved, **extra)
        shapeless = {"not-in-line", "gap", "occupied", "same-letter", "stack-full"}
        if any(e["code"] in shapeless for e in a["errors"]):
            assert a["words"] == []
            return
        after = parse_board(game, board, heights).tiles
        new = set()
        for m in moved:
            after[game.square(m["square"])] = m["tile"]
            new.add(game.square(m["square"]))
        expected = {run for run in _runs(after, game.size) if new & set(run)}
        got = [tuple(game.square(s) for s in w["squares"]) for w in a["words"]]
        assert len(got) == len(set(got)) and set(got) == expected
        for w, squares in zip(a["words"], got):
            assert w["tiles"] == [after[s] for s in squares] and w["new"] == [s in new for s in squares]
        assert a["legal"] == (not a["errors"]) and (a["legal"] or a["score"] == 0)
        assert bool(expected) or "no-word" in {e["code"] for e in a["errors"]}

    check()
