"""Best plays (lexicon.play.moves, the C core's generator): every play it finds is one the judge calls legal,
with every word valid and the same score; on small boards it finds exactly what trying every placement of
every subset of the rack finds; the library, `lexicon moves` and POST /moves give the same answer, and bad
input is refused with the field named."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexicon import PlayError, bundle, load
from lexicon.common import COMMON, common_keys
from lexicon.errors import LimitExceeded
from lexicon.graph import Kwg, LetterCodes
from lexicon.graph.native import use_core
from lexicon.normalize import Normalizer
from lexicon.play import empty_board, judge, load_game, parse_board, word_move
from lexicon.play.move import BLANK, Placement, parse_rack
from lexicon.play.moves import MAX_LIMIT, find_moves
from lexicon_cli import main
from support.lexicons import DEBIAN, HU_STEMS, hungarian_lexicon, hungarian_list, word_list_pipeline
from support.positions import position
from support.reference_common import is_common

EMPTY = ["." * 15] * 15
WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def key(placed) -> frozenset:
    return frozenset((p.square, p.tile, p.blank) for p in placed)


def check_against_the_judge(game, board, lex, found) -> None:
    """Every play: laid as its move says, the judge's legal play with every word valid and the same score and
    direction, and answered with the judge's words, placements and bonuses (the engine judges the plays it
    finds without checking their legality again); no play twice; best first."""
    seen = set()
    for play in found:
        again = word_move(game, board, play.move["word"], play.move["start"], play.move["direction"])
        assert key(again) == key(play.placed), play.move
        judged = judge(game, board, again, lex)
        assert judged.legal and judged.stands, (play.move, [p.as_dict() for p in judged.errors])
        assert judged.score == play.score, (play.move, judged.score, play.score)
        assert judged.direction == play.direction, play.move
        answered = play.as_dict()
        assert answered["words"] == judged.word_dicts(), play.move
        assert (answered["placed"], answered["bonuses"]) == (judged.placed_dicts(), judged.earned), play.move
        assert key(play.placed) not in seen, play.move
        seen.add(key(play.placed))
    scores = [p.score for p in found]
    assert scores == sorted(scores, reverse=True)


# ---------------------------------------------------------------------------------- worked examples


def test_the_first_play_covers_the_star_and_scores_as_the_judge(betapet):
    game = load_game("sv-betapet")
    found = find_moves(game, empty_board(game), "HUND", betapet, limit=MAX_LIMIT)
    plays = {(p.move["word"], p.move["start"], p.move["direction"]): p.score for p in found}
    # docs/games.md: HUND from H8 is (H3 U4 N1 D2) × 2 = 20; down from H8 the same squares' premiums
    assert plays[("HUND", "H8", "across")] == 20 and plays[("HUND", "H8", "down")] == 20
    assert plays[("HUND", "E8", "across")] == 20  # E8 to H8: the D on the star
    assert all(any(sq == "H8" for sq in (pl["square"] for pl in p.as_dict()["placed"])) for p in found)
    assert found.count == len(found) and not found.cut
    check_against_the_judge(game, empty_board(game), betapet, found)


def test_a_limit_cuts_the_list_and_says_so(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    every = find_moves(game, board, "ARSTE?K", betapet, limit=MAX_LIMIT)
    first = find_moves(game, board, "ARSTE?K", betapet, limit=5)
    assert first.count == every.count > 5 and first.cut and len(first) == 5
    assert [p.as_dict() for p in first] == [p.as_dict() for p in every.plays[:5]]
    answer = first.as_dict()
    assert (answer["count"], answer["cut"], answer["limit"], len(answer["plays"])) == (every.count, True, 5, 5)


def test_ties_are_ordered_by_square_direction_and_tiles(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    found = find_moves(game, board, "ARSTE?K", betapet, limit=MAX_LIMIT)
    again = find_moves(game, board, "KE?TSRA", betapet, limit=MAX_LIMIT)  # the same rack in another order
    assert [p.as_dict() for p in found] == [p.as_dict() for p in again]
    for a, b in zip(found, found.plays[1:]):
        if a.score == b.score:
            ka = (a.placed[0].square, a.direction == "down")
            kb = (b.placed[0].square, b.direction == "down")
            assert ka <= kb


def test_a_blank_and_a_tile_of_the_same_letter_are_two_plays(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    found = find_moves(game, board, "RA?", betapet, limit=MAX_LIMIT)
    hundra = {p.move["word"]: p.score for p in found if p.move["start"] == "H8" and p.move["word"].upper() == "HUNDRA"}
    # tests/test_play_service.py: HUNDRA from H8 over HUND scores 13; a blank for the R or the A scores less
    assert set(hundra) == {"HUNDRA", "HUNDrA", "HUNDRa"} and hundra["HUNDRA"] == 13
    assert hundra["HUNDrA"] < 13 and hundra["HUNDRa"] < 13


# ---------------------------------------------------------------------------------- the judge agrees


@PROPERTY
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 14), blank=st.sampled_from([True, False, None]))
def test_every_play_on_a_self_played_betapet_position_is_the_judges(betapet, seed, turns, blank):
    game = load_game("sv-betapet")
    board, rack = position(betapet, game, seed, turns, blank)
    found = find_moves(game, board, rack, betapet, limit=MAX_LIMIT)
    check_against_the_judge(game, board, betapet, found)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), turns=st.integers(4, 14))
def test_every_play_on_a_self_played_scrabble_position_is_the_judges(scrabble, seed, turns):
    game = load_game("sv-scrabble")
    board, rack = position(scrabble, game, seed, turns, blank=True)
    found = find_moves(game, board, rack, scrabble, limit=MAX_LIMIT)
    check_against_the_judge(game, board, scrabble, found)


def test_phonies_are_marked_and_valid_plays_are_the_same(betapet):
    game = load_game("sv-betapet")
    board, rack = position(betapet, game, seed=5, turns=8, blank=False)
    valid = find_moves(game, board, rack, betapet, limit=MAX_LIMIT)
    every = find_moves(game, board, rack, betapet, limit=MAX_LIMIT, phonies=True)
    assert every.count > valid.count
    assert {key(p.placed) for p in every if p.valid} == {key(p.placed) for p in valid}
    for play in every:
        judged = judge(game, board, play.placed, betapet)
        main = next(w for w in judged.words if w.main)
        assert judged.legal and main.valid and judged.score_if_valid == play.score
        assert judged.stands == play.valid
        assert play.as_dict()["valid"] == play.valid


# ---------------------------------------------------------------------------------- brute force

SMALL_GAME = """name = "sv-small"
description = "Swedish tiles on a 7×7 board, for the brute-force test"
rules = "a test fixture"
tileset = "sv-scrabble"
lexicon = "sv-small"

[board]
size = 7
start = ["D4"]
layout = "small"

[layouts.small]
rows = ["T..d..T", ".D...D.", "..t.t..", "d..D..d", "..t.t..", ".D...D.", "T..d..T"]

[rack]
size = 5
whole_rack_bonus = 30

[scoring]
rule = "letters"
premiums_every_word = {every}

[challenge]
rule = "single"

[end]
remaining = "face-value"
"""
SMALL_WORDS = """as at en er et in is ni ok om på så te ta tu år ör ån
akt ark art bar dag dar eka ena era ett hat hund kant kat kort rak rot sak sant son ska sko tak tar tre
arta kors kant orts rakt skar skot sten tank trak akter karta stora torka snart
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    from lexicon_pipelines import build

    folder = tmp_path_factory.mktemp("sv-small")
    path, _ = word_list_pipeline(folder, "sv-small", SMALL_WORDS.replace(" ", "\n"), profile="sv-scrabble")
    build(path, folder / "art")
    games = {}
    for every in (True, False):
        game_file = folder / f"game-{every}.toml"
        game_file.write_text(SMALL_GAME.format(every=str(every).lower()), encoding="utf-8")
        games[every] = load_game(game_file)
    return games, load("sv-small", folder / "art")


def brute_force(game, board, rack: str, lex) -> dict[frozenset, tuple[int, bool]]:
    """Every placement of every subset of the rack in one line of empty squares (a blank as every letter),
    judged: the legal ones whose main word is valid → (score if it stands, every word valid)."""
    counts = parse_rack(game, rack)
    tiles = [t for t, n in counts.items() for _ in range(n)]
    letters = [t.letter for t in game.alphabet.tiles]
    size, found = game.size, {}
    for step in (1, size):
        for start in range(size * size):
            line = []  # the empty squares from start along the line
            s = start
            while s < size * size and (step == size or s // size == start // size):
                if board.heights[s] == 0:
                    line.append(s)
                s += step
            if not line or line[0] != start:
                continue
            for k in range(1, min(len(tiles), len(line)) + 1):
                for chosen in set(itertools.permutations(tiles, k)):
                    choices = [[(t, False)] if t != BLANK else [(x, True) for x in letters] for t in chosen]
                    for laid in itertools.product(*choices):
                        placed = [Placement(sq, t, b) for sq, (t, b) in zip(line[:k], laid)]
                        if k > 1 and _run(board, placed, step, size) not in lex:
                            continue  # the main word is no word: the judge would say so, a thousand times slower
                        judged = judge(game, board, placed, lex)
                        if not judged.legal:
                            continue
                        main = next(w for w in judged.words if w.main)
                        if main.valid:
                            found[key(placed)] = (judged.score_if_valid, judged.stands)
    return found


def finds_what_trying_everything_finds(game, board, rack: str, lex, expected: dict[frozenset, tuple[int, bool]]):
    """The generator's plays are the brute force's valid ones, and with phonies all of them, with their scores; the
    plays found, for more checks."""
    valid = {k: v for k, v in expected.items() if v[1]}
    assert valid  # every position leaves plays to find
    found = find_moves(game, board, rack, lex, limit=MAX_LIMIT)
    assert not found.cut and {key(p.placed): (p.score, True) for p in found} == valid
    phonies = find_moves(game, board, rack, lex, limit=MAX_LIMIT, phonies=True)
    assert not phonies.cut and {key(p.placed): (p.score, p.valid) for p in phonies} == expected
    return found


def _run(board, placed, step: int, size: int) -> str:
    """The letters of the line of tiles through the placed ones, along `step`."""
    new = {p.square: p.tile for p in placed}
    first, last = placed[0].square, placed[-1].square

    def inside(s):
        return 0 <= s < size * size and (step == size or s // size == first // size)
    while inside(first - step) and (board.heights[first - step] or first - step in new):
        first -= step
    while inside(last + step) and (board.heights[last + step] or last + step in new):
        last += step
    return "".join(new.get(s) or board.tiles[s] for s in range(first, last + 1, step))


SMALL_BOARDS = {
    "empty": ["......."] * 7,
    "crossed": [".......", "..S....", "..KORT.", "..A.A..", "..R.K..", ".......", "......."],
    "a blank on it": [".......", ".......", ".......", "..sTEN.", "....K..", "....A..", "......."],
}


@pytest.mark.parametrize("every", [True, False], ids=["premiums-every-word", "premiums-main-word"])
@pytest.mark.parametrize("board, rack", [("empty", "KAT?"), ("empty", "ARTSK"), ("crossed", "ANTE?"),
                                         ("crossed", "STARE"), ("a blank on it", "TARS?"), ("a blank on it", "OKSTA"),
                                         (3, "EKO?"), (4, "NSTAR")])
def test_the_generator_finds_what_trying_everything_finds(small, every, board, rack):
    """On a hand-made or self-played (the seed) position: the same plays, the same scores, the same phonies."""
    games, lex = small
    game = games[every]
    if isinstance(board, int):
        board, _ = position(lex, game, board, 3, blank=False)
    else:
        board = parse_board(game, SMALL_BOARDS[board])
    finds_what_trying_everything_finds(game, board, rack, lex, brute_force(game, board, rack, lex))


def test_the_small_board_has_plays_through_and_beside_tiles(small):
    games, lex = small
    game = games[True]
    board = parse_board(game, ["......."] * 3 + ["..KORT."] + ["......."] * 3)
    found = find_moves(game, board, "SAN", lex, limit=MAX_LIMIT)
    moves = {(p.move["word"], p.move["start"], p.move["direction"]) for p in found}
    assert ("KORTS", "C4", "across") not in moves  # not a word of the list
    assert ("ORTS", "D4", "across") not in moves  # ORTS needs the K gone: the line runs on from C4
    assert any(m[2] == "down" for m in moves) and found.count == len(moves)
    check_against_the_judge(game, board, lex, found)


# ---------------------------------------------------------------------------------- Betűtorony

STACK_GAME = """name = "hu-small"
description = "Betűtorony's cubes on a 6×6 board, for the brute-force test"
rules = "a test fixture"
tileset = "hu-betutorony"
lexicon = "hu-small"

[board]
size = 6
start = ["C3", "D3", "C4", "D4"]

[rack]
size = 4
whole_rack_bonus = {bonus}

[turn]
several_words = true

[stacking]
max_height = {height}
scores = "{scores}"
cover_whole_word = {cover}

[scoring]
rule = "cubes"
cube = 1
flat_cube = 2
rare = ["CS", "Í", "LY", "NY", "TY", "Ú", "Ű", "ZS"]
rare_bonus = 2
rare_bonus_every_word = {every}

[challenge]
rule = "single"

[end]
remaining = "per-tile"
per_tile = 5
"""
#: Betűtorony's own reading of the seed (lexicon/data/games/hu-betutorony.toml), and every choice the other way.
STACK_RULES = {"as-betutorony": {"bonus": 10, "height": 5, "scores": "stack", "cover": "false", "every": "true"},
               "the-other-way": {"bonus": 0, "height": 2, "scores": "top", "cover": "true", "every": "false"}}
STACK_WORDS = """ha az ez ok ma el le te se mi ki be ár ír úr új íz ól ló tó hó kő sí
kar kor rak sok sor ház kár lé tor rés sár sík kés hal hat ara óra éra kék rak nyak nyár csak cső szó
haza kard sors csók szél szár sáros karó kacsa korsó
"""
STACK_BOARDS = {
    # HÁZ across row 3 and KÁR down column C through its Á, which lies on a cube under it
    "stacked": ([("......", "000000"), ("..K...", "001000"), (".HÁZ..", "012100"), ("..R...", "001000"),
                 ("......", "000000"), ("......", "000000")]),
    # KARÓ across row 2 over stacks, AZ down column C from its A, ÓRA down column E from its Ó
    "crossed": ([("......", "000000"), (".KARÓ.", "012130"), ("..Z.R.", "001010"), ("....A.", "000010"),
                 ("......", "000000"), ("......", "000000")]),
    "full stack": ([("......", "000000"), ("......", "000000"), ("..SOK.", "00251" + "0"), ("......", "000000"),
                    ("......", "000000"), ("......", "000000")]),
}


@pytest.fixture(scope="module")
def stacking(tmp_path_factory):
    from lexicon_pipelines import build

    folder = tmp_path_factory.mktemp("hu-small")
    path, _ = word_list_pipeline(folder, "hu-small", STACK_WORDS.replace(" ", "\n"),
                                 profile="hu-betutorony-list")
    build(path, folder / "art")
    games = {}
    for name, rules in STACK_RULES.items():
        game_file = folder / f"{name}.toml"
        game_file.write_text(STACK_GAME.format(**rules), encoding="utf-8")
        games[name] = load_game(game_file)
    return games, load("hu-small", folder / "art")


def stack_board(game, name: str):
    rows = STACK_BOARDS[name]
    top = game.stacking.max_height  # the stacks as high as the game allows
    heights = ["".join(str(min(int(d), top)) for d in h) for _, h in rows]
    return parse_board(game, [r for r, _ in rows], heights)


def brute_force_stacks(game, board, rack: str, lex) -> dict[frozenset, tuple[int, bool]]:
    """Every placement of every ordered subset of the rack on the squares of one line, empty or not, judged:
    the legal ones whose main word is valid → (score if it stands, every word valid)."""
    tiles = [t for t, n in parse_rack(game, rack).items() for _ in range(n)]
    size, found = game.size, {}
    lines = [[r * size + c for c in range(size)] for r in range(size)] + \
            [[r * size + c for r in range(size)] for c in range(size)]
    for line in lines:
        for k in range(1, min(len(tiles), size) + 1):
            for where in itertools.combinations(line, k):
                span = line[line.index(where[0]):line.index(where[-1]) + 1]
                if any(not board.heights[s] and s not in where for s in span):
                    continue  # a gap: the judge says so, a hundred times slower
                for chosen in set(itertools.permutations(tiles, k)):
                    placed = [Placement(sq, t, False) for sq, t in zip(where, chosen)]
                    judged = judge(game, board, placed, lex)
                    if judged.legal and next(w for w in judged.words if w.main).valid:
                        found[key(placed)] = (judged.score_if_valid, judged.stands)
    return found


@pytest.mark.parametrize("rules", list(STACK_RULES))
@pytest.mark.parametrize("board, rack", [("empty", "KARÓ"), ("stacked", "SÁRO"), ("stacked", "[CS]AK[NY]"),
                                         ("full stack", "ÁRSÍ"), ("empty", "[NY]ÁKR"), ("crossed", "SOKH"),
                                         ("crossed", "[CS]AKÉ"), ("crossed", "ÁRSE")])
def test_the_stacking_generator_finds_what_trying_everything_finds(stacking, rules, board, rack):
    """Cubes on empty squares and on cubes of other letters, by the game's own rules and by rules read the other
    way (height, what a tower scores, covering a word, the rare bonus, the whole-rack bonus): the same plays,
    the same scores, the same phonies as judging every placement."""
    games, lex = stacking
    game = games[rules]
    board = empty_board(game) if board == "empty" else stack_board(game, board)
    found = finds_what_trying_everything_finds(game, board, rack, lex, brute_force_stacks(game, board, rack, lex))
    check_against_the_judge(game, board, lex, found)


def test_a_stacked_play_scores_its_towers_and_its_rare_cubes(stacking):
    games, lex = stacking
    plays = {}
    for rules, game in games.items():
        found = find_moves(game, stack_board(game, "stacked"), "SOR", lex, limit=MAX_LIMIT)
        plays[rules] = {(p.move["word"], p.move["start"], p.move["direction"]): p.score for p in found}
        check_against_the_judge(game, stack_board(game, "stacked"), lex, found)
    # SÁR across row 3: S on HÁZ's H, R on its Z, the Á kept: three towers of 2, each scoring its height; down
    # column C: S on KÁR's K, over the Á of 2 and the R of 1. With a stack's top cube scoring alone, 1 each.
    assert plays["as-betutorony"] == {("SÁR", "B3", "across"): 6, ("SÁR", "C2", "down"): 5}
    assert plays["the-other-way"] == {("SÁR", "B3", "across"): 3, ("SÁR", "C2", "down"): 3}
    game = games["as-betutorony"]
    first = find_moves(game, empty_board(game), "[NY]AK", lex, limit=MAX_LIMIT)
    # NYAK on the first level: 3 cubes of 2, and 2 for the rare NY
    # from A, B, C and D of rows 3 and 4 across, each over a start square, and rows 1 to 4 of columns C and D down
    assert {p.score for p in first} == {8} and first.count == 16


@pytest.fixture(scope="module")
def hu_stems(tmp_path_factory):
    """Betűtorony's words valid by a list, enough of them for positions full of stacks (support.lexicons)."""
    return hungarian_list(tmp_path_factory.mktemp("hu-stems"), "hu-stems")


@PROPERTY
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 12))
def test_every_play_on_a_self_played_betutorony_position_is_the_judges(hu_stems, seed, turns):
    game = load_game("hu-betutorony")
    board, rack = position(hu_stems, game, seed, turns)
    found = find_moves(game, board, rack, hu_stems, limit=MAX_LIMIT)
    check_against_the_judge(game, board, hu_stems, found)


def test_self_played_betutorony_positions_stack_and_keep_finding_plays(hu_stems):
    """What the property above walks through: positions with towers, where plays lay cubes on cubes."""
    game = load_game("hu-betutorony")
    stacked = 0
    for seed in range(6):
        board, rack = position(hu_stems, game, seed, 10)
        found = find_moves(game, board, rack, hu_stems, limit=MAX_LIMIT)
        assert sum(board.heights) >= 15 and found.count >= 5, (seed, board.rows(), rack)
        stacked += sum(1 for p in found if any(board.heights[pl.square] for pl in p.placed))
    assert stacked >= 30


# ---------------------------------------------------------------------------------- common words


def section_keys(lex) -> frozenset[str]:
    """The keys of the bundle's `common` section, read back by the library's own graph reader (once a version)."""
    if lex.path not in _SECTIONS:
        found = bundle.read((lex.path / lex.manifest["bundle"]["file"]).read_bytes())
        codes = LetterCodes.of(lex.alphabet)
        _SECTIONS[lex.path] = frozenset(codes.decode(w) for w in Kwg(bytes(found.sections["common"])).words())
    return _SECTIONS[lex.path]


_SECTIONS: dict = {}


def test_the_common_section_holds_the_frequent_words_the_lexicon_takes_or_holds_as_keys(betapet):
    """What lexicon.common writes: the most frequent Swedish words (wordfreq), kept where the lexicon takes them or
    holds them as keys; never a key wordfreq does not list; its provenance beside it."""
    held = section_keys(betapet)
    frequent = common_keys(betapet.alphabet)
    assert {"HUND", "KATT", "OCH", "ATT"} <= held <= frequent and len(held) > 15_000
    dropped = sorted(frequent - held)[:200:10]
    assert dropped and not any(betapet.check(k).valid for k in dropped), dropped
    meta = json.loads(bytes(bundle.read((betapet.path / "lexicon.bundle").read_bytes()).sections["common.meta"]))
    assert meta["source"] == "wordfreq" and meta["keys"] == len(held) and meta["most_frequent"] == COMMON


@PROPERTY
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 14), blank=st.sampled_from([True, False, None]))
def test_the_plays_of_common_words_are_the_best_whose_every_word_or_its_lemma_is_common(scrabble, seed, turns, blank):
    """`common`: the best plays whose every word is in the section, or whose verdict's lemma is (HUNDARS for
    hund in sv-scrabble, which holds SAOL's forms), as the rule read in Python over every play finds them; the
    count is of every play found."""
    game = load_game("sv-scrabble")
    held, normal = section_keys(scrabble), Normalizer(game.alphabet)

    def knows(word) -> bool:
        verdict = word["verdict"]
        return is_common(word["word"], verdict["lemma"], verdict["tag"], held, normal)

    board, rack = position(scrabble, game, seed, turns, blank)
    every = find_moves(game, board, rack, scrabble, limit=MAX_LIMIT)
    common = find_moves(game, board, rack, scrabble, limit=6, common=True)
    expected = [p.document for p in every.plays if all(map(knows, p.words))][:6]
    assert [p.document for p in common.plays] == expected and common.count == every.count


def test_a_form_of_a_common_word_is_played_by_its_lemma(scrabble):
    """HUNDARS is no frequent word of its own, but a form of HUND: a beginner plays it."""
    assert "HUNDARS" not in section_keys(scrabble) and scrabble.check("HUNDARS").lemma == "hund"
    found = scrabble.moves("sv-scrabble", EMPTY, "HUNDARS", limit=3, common=True)
    assert found.plays and found.plays[0].move["word"] == "HUNDARS"


@pytest.fixture(scope="module")
def hu_analysed(tmp_path_factory):
    """Betűtorony's words validated by analysis (Hunspell's tags in the verdicts), its bundle's common words too."""
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-analysed"), DEBIAN, "hu-analysed", HU_STEMS, graph_forms=1)


def test_a_derived_word_is_no_form_of_its_common_lemma(hu_analysed):
    """A form is played by its lemma when inflection made it: CSÉSZÉT (the cup, accusative) is a form of the common
    csésze; CSÉSZÉS, a maker of cups (a derivational suffix), is another word, and not a common one."""
    held, normal = section_keys(hu_analysed), Normalizer(hu_analysed.alphabet)
    for word, field in (("CSÉSZÉT", "is:ACC"), ("CSÉSZÉS", "ds:")):
        verdict = hu_analysed.check(word)
        assert verdict.valid and word not in held and normal(verdict.lemma).key in held, verdict
        assert field in verdict.tag, verdict
    empty = ["." * 10] * 10

    def words(common: bool) -> set[str]:
        found = hu_analysed.moves("hu-betutorony", empty, "[CS]É[SZ]ÉST", limit=MAX_LIMIT, common=common)
        return {p.move["word"] for p in found.plays}

    assert words(False) == {"[CS]É[SZ]ÉS", "[CS]É[SZ]ÉT"} and words(True) == {"[CS]É[SZ]ÉT"}


def test_common_is_refused_where_the_bundle_has_no_common_words_or_with_the_endgame(betapet):
    data = (betapet.path / "lexicon.bundle").read_bytes()
    parts = {k: bytes(v) for k, v in bundle.read(data).sections.items() if not k.startswith("common")}
    bare = use_core(True).Bundle(bundle.encode(parts, betapet.manifest, betapet.profile))
    body = {"game": "sv-betapet", "board": EMPTY, "rack": "HUNDARS", "common": True}
    ok, raw = bare.moves(json.dumps(body).encode())
    problem = json.loads(raw)
    assert not ok and problem["parameter"] == "common" and "without a frequency list" in problem["detail"], problem
    ok, raw = bare.moves(json.dumps(body | {"common": False}).encode())
    assert ok and json.loads(raw)["plays"]


# ---------------------------------------------------------------------------------- refusals


def test_bad_input_is_refused_with_the_field(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    for kwargs, field in [({"rack": ""}, "rack"), ({"rack": "ABCDEFGH"}, "rack"), ({"rack": "A!"}, "rack"),
                          ({"rack": "AB", "limit": -1}, "limit"), ({"rack": "AB", "limit": MAX_LIMIT + 1}, "limit"),
                          ({"rack": "AB", "order": "alpha"}, "order")]:
        with pytest.raises(PlayError) as caught:
            find_moves(game, board, lexicon=betapet, **kwargs)
        assert caught.value.parameter == field, (kwargs, str(caught.value))
    with pytest.raises(PlayError, match="sv-betapet plays the tile set sv-betapet, and hu-betutorony plays"):
        betapet.moves("hu-betutorony", ["." * 10] * 10, "ABC")
    several = dataclasses.replace(game, several_words=True)  # letters and premiums, several words a turn
    with pytest.raises(PlayError, match="its plays are not generated") as caught:
        find_moves(several, board, "ABC", betapet)
    assert caught.value.parameter == "game"
    with pytest.raises(LimitExceeded, match="visited more than 10 lists"):
        find_moves(game, board, "ARSTE?K", betapet, max_visits=10)


# ---------------------------------------------------------------------------------- every door


def test_the_library_the_command_line_and_the_service_agree(betapet, artifacts_root, server):
    answer = betapet.moves("sv-betapet", WITH_HUND, "ARSTE?K", limit=10).as_dict()
    result = CliRunner().invoke(main, ["moves", "-", "-g", "sv-betapet", "--rack", "ARSTE?K", "-n", "10", "--json",
                                       "--artifacts", str(artifacts_root)], input="\n".join(WITH_HUND) + "\n",
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == answer
    text = CliRunner().invoke(main, ["moves", "-", "-g", "sv-betapet", "--rack", "ARSTE?K", "-n", "3",
                                     "--artifacts", str(artifacts_root)], input="\n".join(WITH_HUND) + "\n")
    best = answer["plays"][0]
    assert f"{answer['count']:,} plays, the best 3" in text.output and best["move"]["word"] in text.output
    status, headers, raw = server.post("/moves", json.dumps({"game": "sv-betapet", "board": WITH_HUND,
                                                             "rack": "ARSTE?K", "limit": 10}).encode())
    assert status == 200 and headers["X-Lexicon-Version"] == betapet.spec, raw
    assert json.loads(raw) == answer
    # each play, judged by POST /play as a client would send it, is legal with the same score and words
    for play in answer["plays"]:
        status, _, raw = server.post("/play", json.dumps({"game": "sv-betapet", "board": WITH_HUND,
                                                          "move": play["move"], "rack": "ARSTE?K"}).encode())
        judged = json.loads(raw)
        assert status == 200 and judged["legal"] and judged["score"] == play["score"], (play["move"], judged)
        assert judged["words"] == play["words"] and judged["placed"] == play["placed"]


def test_the_endgame_searched_by_the_library_is_the_services(betapet, server):
    """The C core's search, asked through the library and through POST /moves under gunicorn and nginx, answers one
    turn with the same line, depth and cost: the budget is counted in the word graph's lists, not in seconds."""
    from lexicon.play.endsearch import solve

    game = load_game("sv-betapet")
    found = solve(game, parse_board(game, WITH_HUND), "AERS", "TKLI", betapet, budget=300_000)
    body = {"game": "sv-betapet", "board": WITH_HUND, "rack": "AERS", "other": "TKLI", "endgame": 300_000,
            "limit": 0}
    status, _, raw = server.post("/moves", json.dumps(body).encode())
    assert status == 200, raw
    assert json.loads(raw)["endgame"] == found.document and found.depth >= 1 and found.placed
    # `lexicon moves --endgame` answers the same document (the default budget: searched at least as deep)
    args = ["moves", "-", "-g", "sv-betapet", "--rack", "AERS", "--endgame", "--other", "TKLI", "-n", "0",
            "--artifacts", str(betapet.path.parent.parent)]
    result = CliRunner().invoke(main, [*args, "--json"], input="\n".join(WITH_HUND) + "\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    searched = json.loads(result.output)["endgame"]
    assert searched["depth"] >= found.depth and searched["turn"].get("move")
    text = CliRunner().invoke(main, args, input="\n".join(WITH_HUND) + "\n").output
    assert f"endgame: {searched['turn']['move']['start']}" in text and f"{searched['spread']:+}" in text


def test_plays_of_common_words_agree_in_the_library_the_command_line_and_the_service(betapet, artifacts_root,
                                                                                    server):
    answer = betapet.moves("sv-betapet", WITH_HUND, "ARSTE?K", limit=5, common=True).as_dict()
    assert answer["common"] is True and len(answer["plays"]) == 5 and answer["cut"]
    status, _, raw = server.post("/moves", json.dumps({"game": "sv-betapet", "board": WITH_HUND, "rack": "ARSTE?K",
                                                       "limit": 5, "common": True}).encode())
    assert status == 200 and json.loads(raw) == answer, raw
    args = ["moves", "-", "-g", "sv-betapet", "--rack", "ARSTE?K", "-n", "5", "--common", "--artifacts",
            str(artifacts_root)]
    result = CliRunner().invoke(main, [*args, "--json"], input="\n".join(WITH_HUND) + "\n", catch_exceptions=False)
    assert result.exit_code == 0 and json.loads(result.output) == answer, result.output
    text = CliRunner().invoke(main, args, input="\n".join(WITH_HUND) + "\n").output
    assert "the best 5 of common words" in text and answer["plays"][0]["move"]["word"] in text


def test_betutorony_plays_agree_in_the_library_the_command_line_and_the_service(hu_stems, tmp_path):
    """A self-played Betűtorony position with stacks: `lexicon moves --heights` and POST /moves under gunicorn and
    nginx answer what the library does, and every play sent back through POST /play, heights and all, is legal
    with the same score and words."""
    from .conftest import Server

    game = load_game("hu-betutorony")
    board, rack = next((b, r) for seed in range(50) for b, r in [position(hu_stems, game, seed, 10)]
                       if max(b.heights) >= 2 and find_moves(game, b, r, hu_stems, limit=0).count >= 5)
    heights = ["".join(map(str, board.heights[r * 10:(r + 1) * 10])) for r in range(10)]
    answer = hu_stems.moves("hu-betutorony", board.rows(), rack, heights, limit=20).as_dict()
    assert any(board.heights[game.square(p["square"])] for play in answer["plays"] for p in play["placed"])
    (tmp_path / "board.txt").write_text("\n".join(board.rows()) + "\n", encoding="utf-8")
    (tmp_path / "heights.txt").write_text("# the stacks\n" + "\n".join(heights) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["moves", str(tmp_path / "board.txt"), "--heights", str(tmp_path / "heights.txt"),
                                       "-g", "hu-betutorony", "-l", hu_stems.name, "--rack", rack, "-n", "20", "--json",
                                       "--artifacts", str(hu_stems.path.parent.parent)], catch_exceptions=False)
    assert result.exit_code == 0 and json.loads(result.output) == answer, result.output
    served = Server(hu_stems.path.parent.parent)
    try:
        body = {"game": "hu-betutorony", "lexicon": hu_stems.name, "board": board.rows(), "heights": heights,
                "rack": rack, "limit": 20}
        status, _, raw = served.post("/moves", json.dumps(body).encode())
        assert status == 200 and json.loads(raw) == answer, raw
        for play in answer["plays"]:
            judging = {k: v for k, v in body.items() if k != "limit"} | {"move": play["move"]}
            status, _, raw = served.post("/play", json.dumps(judging).encode())
            judged = json.loads(raw)
            assert status == 200 and judged["legal"] and judged["score"] == play["score"], (play["move"], judged)
            assert judged["words"] == play["words"] and judged["placed"] == play["placed"]
    finally:
        served.stop()


HOSTILE = [
    ({"board": EMPTY[:14]}, "board"),
    ({"board": EMPTY[:7] + ["..!............"] + EMPTY[8:]}, "board[7]"),
    ({"board": "." * 225}, "board"),
    ({"rack": "HUNDARNA"}, "rack"),
    ({"rack": ""}, "rack"),
    ({"rack": 7}, "rack"),
    ({"rack": "[CS]"}, "rack"),
    ({"limit": -1}, "limit"),
    ({"limit": 10 ** 9}, "limit"),
    ({"limit": "10"}, "limit"),
    ({"limit": True}, "limit"),
    ({"order": "alpha"}, "order"),
    ({"phonies": "yes"}, "phonies"),
    ({"lexicon": None}, "lexicon"),
    ({"lexicon": ["sv-betapet"]}, "lexicon"),
    ({"heights": ["0" * 15] * 15}, "heights"),
    ({"layout": "special"}, "layout"),
    ({"game": "hu-betutorony", "board": ["." * 10] * 10, "lexicon": "sv-betapet", "rack": "ABC"}, "lexicon"),
    ({"game": "hu-betutorony", "board": ["." * 10] * 10, "heights": ["0" * 10] * 9 + ["0" * 9 + "1"]}, "heights[9]"),
    ({"game": "../../etc/passwd"}, "game"),
    ({"move": {"word": "HUND", "start": "H8"}}, "body"),
    ({"endgame": "yes"}, "endgame"),
    ({"endgame": True}, "endgame"),  # the tiles unseen fill no rack: the bag is not empty
    ({"endgame": 8_000_001, "other": "AB"}, "endgame"),
    ({"other": "AB"}, "other"),
    ({"endgame": True, "other": "ZZZ"}, "other"),
    ({"endgame": True, "other": "AB", "scoreless": 9}, "scoreless"),
    ({"common": "yes"}, "common"),
    ({"common": 1}, "common"),
    ({"common": True, "endgame": True, "other": "AB"}, "common"),
]


@pytest.mark.parametrize("fields, parameter", HOSTILE, ids=[f"{p}-{i}" for i, (_, p) in enumerate(HOSTILE)])
def test_hostile_requests_are_answered_400_with_the_field(server, fields, parameter):
    body = {"game": "sv-betapet", "board": EMPTY, "rack": "HUND?"} | fields
    status, headers, raw = server.post("/moves", json.dumps(body).encode())
    problem = json.loads(raw)
    assert status == 400 and headers["Content-Type"] == "application/problem+json", raw
    assert problem["parameter"] == parameter and problem["detail"].startswith(f"{parameter}:"), problem
