"""Leaves (lexicon.play.leaves): how many a bag allows (English's count as engines give it, and ours), the KLV2
file they are written in, plays ranked by equity in the C core, the equity player, and training by self-play."""

import dataclasses
import json
import lzma
import math
import os
import shutil
import struct
import subprocess
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from click.testing import CliRunner

from lexicon import InputError, LimitExceeded, PlayError
from lexicon.errors import ArtifactError
from lexicon.graph.native import use_core
from lexicon.play import empty_board, engine, load_game
from lexicon.play.board import parse_board
from lexicon.play.compiled import game_leaves, shipped_klv, use_leaves
from lexicon.play.endgame import rack_value
from lexicon.play.klv import read_klv, write_klv
from lexicon.play.leavegen import Tally, prune, train, values_of
from lexicon.play.leaves import (
    all_leaves,
    bag_counts,
    count_multisets,
    counts,
    full_klv,
    leave_count,
    leave_of,
    numbers,
)
from lexicon.play.move import BLANK, parse_rack
from lexicon.play.moves import MAX_LIMIT, find_moves, moves_request
from lexicon.play.selfplay import PLAYERS, Player, play_game, player
from lexicon_cli import main
from support.played import check_game

#: The English Scrabble bag: A..Z, then the blanks.
ENGLISH = [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2]


def test_the_english_bag_has_the_leaves_engines_count():
    assert count_multisets(ENGLISH, 6) == 914_624  # wolges and Macondo's leave files hold as many


def test_small_bags_by_hand():
    assert count_multisets([1, 1], 2) == 3  # A, B, AB
    assert count_multisets([2], 3) == 2  # A, AA
    assert count_multisets([3, 1], 2) == 4  # A, B, AA, AB


def test_a_shipped_bag_counted_as_its_leaves_listed_one_by_one():
    game = load_game("sv-scrabble")
    counts = bag_counts(game)
    listed = sum(1 for size in range(1, game.rack) for leave in combinations_with_replacement(range(len(counts)), size)
                 if all(leave.count(kind) <= n for kind, n in enumerate(counts)))
    assert leave_count(game) == listed > 1_000_000


# ---------------------------------------------------------------------------------- KLV2, the leave-value file

LEAVES = {bytes([0]): 25.5, bytes([0, 0]): 40.0, bytes([1]): 1.25, bytes([1, 1]): -3.5, bytes([3, 17]): 7.0,
          bytes([0, 5, 5, 9]): -0.0625, bytes([17]): -8.0}


def _core_value(leaves, leave: bytes) -> float:
    return leaves.value(counts(leave))


def test_a_klv2_file_reads_back_in_python_and_in_the_core():
    data = write_klv(LEAVES)
    assert read_klv(data) == LEAVES
    core = use_core(True).Leaves(data)
    assert len(core) == len(LEAVES)
    assert {leave: _core_value(core, leave) for leave in LEAVES} == LEAVES
    assert _core_value(core, bytes([2])) == 0.0 and _core_value(core, b"") == 0.0  # a leave not listed, none
    # the order in the file is the leaves' order as byte strings, the blank (tile 0) first
    (nodes,) = struct.unpack_from("<I", data)
    values = struct.unpack_from(f"<{len(LEAVES)}f", data, 8 + 4 * nodes)
    assert list(values) == [LEAVES[k] for k in sorted(LEAVES)]


def test_a_leave_must_be_sorted_tile_numbers():
    with pytest.raises(InputError, match=r"leave \[2, 1\]: tile numbers 0 to 62 in increasing order"):
        write_klv({bytes([2, 1]): 1.0})


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d[:-1], "make 40 bytes, and the file has 39|and the file has"),
    (lambda d: d[:5], "at least 8|cannot hold"),
    (lambda d: struct.pack("<I", 10 ** 6) + d[4:], "cannot hold the 1000000 nodes"),
    (lambda d: d[:-4] + struct.pack("<f", float("nan")), "not a finite number"),
    (lambda d: d[:-4 - 4 * len(LEAVES)] + struct.pack("<I", len(LEAVES) - 1) + d[-4 * len(LEAVES):-4],
     "leaves in the word graph and"),
])
def test_a_damaged_file_is_refused_saying_what_is_wrong(damage, message):
    bad = damage(write_klv(LEAVES))
    with pytest.raises(ArtifactError, match=message):
        use_core(True).Leaves(bad)
    if "finite" not in message:  # the Python codec reads the values as they are
        with pytest.raises(ArtifactError):
            read_klv(bad)


def test_an_arc_outside_the_file_is_refused():
    data = bytearray(write_klv(LEAVES))
    struct.pack_into("<I", data, 8, struct.unpack_from("<I", data, 8)[0] | 0x3FFFFF)  # node 1's arc, far away
    with pytest.raises(ArtifactError):
        use_core(True).Leaves(bytes(data))
    with pytest.raises(ArtifactError):
        read_klv(bytes(data))


def test_every_leave_of_a_bag_is_listed_once_shortest_first():
    game = load_game("sv-scrabble")
    listed = list(all_leaves(game))
    assert len(listed) == len(set(listed)) == leave_count(game)
    assert [len(x) for x in listed] == sorted(len(x) for x in listed)
    assert all(list(x) == sorted(x) for x in listed[::997])


# ---------------------------------------------------------------------------------- equity in the engine

def _with_leaves(game, values):
    copy = dataclasses.replace(game)
    use_leaves(copy, None if values is None else write_klv(values))
    return copy


def test_plays_by_equity_are_ranked_by_score_plus_what_they_keep(betapet):
    game = load_game("sv-betapet")
    number = numbers(game)
    values = {bytes([0]): 30.0, bytes([number["S"]]): 8.0, bytes([number["Z"]]): -12.0,
              bytes(sorted([0, number["S"]])): 41.0}
    played = _with_leaves(game, values)
    board = empty_board(game)
    rack = "ZS?ARTE"
    by_equity = find_moves(played, board, rack, betapet, limit=MAX_LIMIT, order="equity")
    by_score = find_moves(played, board, rack, betapet, limit=MAX_LIMIT)
    assert by_equity.order == "equity" and by_equity.count == by_score.count
    leaves = game_leaves(played)

    def kept(play) -> float:
        left = list(rack)
        for p in play.placed:
            left.remove(BLANK if p.blank else p.tile)
        return leaves.value(counts(leave_of(game, left)))

    for play in by_equity:
        assert play.document["leave"] == round(kept(play), 2)
        cost = opening_cost(game, game.premiums(), play)
        assert play.document["adjustment"] == round(-cost, 2)
        assert play.document["equity"] == pytest.approx(play.score + kept(play) - cost, abs=0.011)
    equities = [p.document["equity"] for p in by_equity]
    assert equities == sorted(equities, reverse=True)
    def value(play) -> float:
        return play.score + kept(play) - opening_cost(game, game.premiums(), play)

    assert value(by_equity[0]) == pytest.approx(max(map(value, by_score)))
    assert [p.move for p in by_equity] != [p.move for p in by_score]  # what is kept changes the order
    assert "equity" not in by_score[0].document


#: What the opening costs a vowel laid beside a double-letter square across the play's line (Quackle's, Macondo's
#: and MAGPIE's 0.7), and what not going out costs beyond the tiles kept.
OPENING_VOWEL, END_NOT_OUT = 0.7, 10


def opening_cost(game, premiums, play) -> float:
    """The opening's cost of a play on an empty board, worked out here from the layout and the tile set."""
    vowels = {t.letter for t in game.alphabet.tiles if t.vowel}
    size, cost = game.size, 0.0
    for p in play.placed:
        row, column = divmod(p.square, size)
        beside = [(row, column - 1), (row, column + 1)] if play.direction == "down" else \
            [(row - 1, column), (row + 1, column)]
        if p.tile in vowels and any(0 <= r < size and 0 <= c < size and premiums[r * size + c] == "d"
                                    for r, c in beside):
            cost += OPENING_VOWEL
    return cost


def test_equity_without_leave_values_or_another_order_is_refused(betapet):
    game = _with_leaves(load_game("sv-betapet"), None)
    with pytest.raises(PlayError, match=r"\"equity\": sv-betapet has no leave values"):
        find_moves(game, empty_board(game), "ARTE", betapet, order="equity")
    with pytest.raises(PlayError, match=r"'best': plays are ordered by \"score\" or by \"equity\""):
        find_moves(game, empty_board(game), "ARTE", betapet, order="best")


def test_the_opening_costs_vowels_laid_beside_double_letters_and_only_the_opening(betapet):
    game = load_game("sv-betapet")
    first = find_moves(game, empty_board(game), "ORKESTA", betapet, limit=MAX_LIMIT, order="equity")
    costs = [opening_cost(game, game.premiums(), p) for p in first]
    assert [p.document["adjustment"] for p in first] == [round(-c, 2) for c in costs]
    assert any(costs) and not all(costs)  # some plays open a double letter to a vowel, some do not
    later = find_moves(game, parse_board(game, WITH_HUND), "ORKESTA", betapet, limit=MAX_LIMIT, order="equity")
    assert later.count and {p.document["adjustment"] for p in later} == {0.0}


WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7


def unseen(game, board, rack: str) -> dict[str, int]:
    """The tiles neither on the board nor on the rack: with the bag empty, the other racks'."""
    left = {t.letter: t.count for t in game.alphabet.tiles} | {BLANK: game.alphabet.blanks}
    for square in range(game.size * game.size):
        if board.heights[square]:
            left[BLANK if board.blanks[square] else board.tiles[square]] -= 1
    for tile, n in parse_rack(game, rack).items():
        left[tile] -= n
    return left


@pytest.mark.parametrize("rack", ["ARS", "ETT?"])
def test_with_the_bag_empty_the_end_values_what_is_kept(betapet, rack):
    """Going out gains twice the other racks (they lose them, the player gains them); keeping tiles costs twice
    what they count and 10 more. The leave values have no part: nothing is drawn."""
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    found = find_moves(game, board, rack, betapet, limit=MAX_LIMIT, order="equity", bag=0)
    assert found.document["bag"] == 0
    others = engine.rack_value(game, Counter(unseen(game, board, rack)))
    outs = 0
    for play in found:
        left = list(rack)
        for p in play.placed:
            left.remove(BLANK if p.blank else p.tile)
        out = not left
        outs += out
        expected = 2 * others if out else -2 * rack_value(game, "".join(left)) - END_NOT_OUT
        assert play.document["leave"] == 0.0
        assert play.document["adjustment"] == expected, (play.move, left)
        assert play.document["equity"] == play.score + expected
    assert 0 < outs < found.count
    equities = [p.document["equity"] for p in found]
    assert equities == sorted(equities, reverse=True)
    midgame = find_moves(game, board, rack, betapet, limit=MAX_LIMIT, order="equity", bag=1)
    assert {p.document["adjustment"] for p in midgame} == {0.0} and any(p.document["leave"] for p in midgame)


def test_betutorony_s_end_counts_the_cubes_under_the_stacks_too(hu_compiled):
    """Five points a cube left, gained once (Betűtorony's going out gains nothing): the other racks' cubes are the
    game's less those on the board, every one in a stack counted, and the rack's."""
    game = load_game("hu-betutorony")
    rows = ["." * 10] * 4 + ["...HÁZ...."] + ["." * 10] * 5
    heights = ["0" * 10] * 4 + ["0002310000"] + ["0" * 10] * 5
    board = parse_board(game, rows, heights)
    rack = "SORE"
    found = find_moves(game, board, rack, hu_compiled, limit=MAX_LIMIT, order="equity", bag=0)
    cubes = sum(t.count for t in game.alphabet.tiles) - sum(board.heights) - len(rack)
    words = {p.move["word"]: p.document["adjustment"] for p in found if p.kind == "play"}
    for play in found:
        out = len(play.placed) == len(rack)
        assert play.document["adjustment"] == (5 * cubes if out else -5 * (len(rack) - len(play.placed)) - END_NOT_OUT)
    assert words["HÁZSOR"] == -5 - END_NOT_OUT  # the E kept
    # Betűtorony exchanges one cube at a time while the bag holds one
    some = find_moves(game, board, rack, hu_compiled, limit=MAX_LIMIT, order="equity", bag=1)
    assert sorted(p.exchange for p in some if p.kind == "exchange") == sorted(rack)


@pytest.mark.parametrize(("body", "message"), [
    ({"bag": 0}, r"the tiles left in the bag count in a play's equity: ask for \"order\": \"equity\""),
    ({"bag": -1, "order": "equity"}, r"0 to \d+ tiles: what sv-betapet's tiles less the board's and the rack's leave"),
    ({"bag": "7", "order": "equity"}, r"0 to \d+ tiles"),
    ({"bag": True, "order": "equity"}, r"0 to \d+ tiles"),
    ({"bag": 2 ** 63, "order": "equity"}, r"0 to \d+ tiles"),
    ({"bag": 0, "order": "equity", "board": ["ZZZ" + "." * 12] + ["." * 15] * 14}, r"hold 3 Z, and sv-betapet has 1"),
])
def test_a_bag_that_cannot_be_is_refused_naming_bag(betapet, body, message):
    game = load_game("sv-betapet")
    request = {"game": "sv-betapet", "board": ["." * 15] * 15, "rack": "AB"} | body
    with pytest.raises(PlayError, match=message) as caught:
        moves_request(request, lambda name: betapet)
    assert caught.value.parameter == "bag"
    most = sum(t.count for t in game.alphabet.tiles) + game.alphabet.blanks - 2  # the game's tiles, the rack's not
    empty = {"game": "sv-betapet", "board": ["." * 15] * 15, "rack": "AB", "order": "equity"}
    with pytest.raises(PlayError, match=rf"0 to {most} tiles"):
        moves_request(empty | {"bag": most + 1}, lambda name: betapet)
    assert moves_request(empty | {"bag": most}, lambda name: betapet)[0]["bag"] == most


def test_the_service_answers_a_bag_as_the_library_does(betapet, server):
    body = {"game": "sv-betapet", "board": WITH_HUND, "rack": "ARS", "order": "equity", "bag": 0, "limit": 5}
    status, _, raw = server.post("/moves", json.dumps(body).encode())
    answer = json.loads(raw)
    assert status == 200
    assert answer == moves_request(body, lambda name: betapet)[0]
    assert answer["bag"] == 0 and all("adjustment" in p for p in answer["plays"])
    status, _, raw = server.post("/moves", json.dumps(body | {"bag": [0]}).encode())
    assert status == 400 and json.loads(raw)["parameter"] == "bag"


def test_with_the_bag_said_every_exchange_and_the_pass_are_weighed_by_what_they_keep(scrabble_words):
    """Each distinct set of tiles the game lets go back (one to seven while the bag holds seven) once, and the pass,
    each valued as a play keeping the same tiles is; the best exchange keeps the most valuable part of the rack."""
    game = load_game("sv-scrabble")
    number = numbers(game)
    played = _with_leaves(game, {bytes([0]): 20.0, bytes(sorted([0, number["E"]])): 26.0,
                                 bytes([number["X"]]): -9.0})
    leaves = game_leaves(played)
    rack = "?EXAABC"
    found = find_moves(played, empty_board(game), rack, scrabble_words, limit=MAX_LIMIT, order="equity", bag=50)
    turns = [p for p in found if p.kind != "play"]
    exchanges = [p for p in turns if p.kind == "exchange"]
    assert len(exchanges) == 2 * 2 * 2 * 3 * 2 * 2 - 1  # ? E X AA B C: every part but none, each once
    assert len({p.exchange for p in exchanges}) == len(exchanges)
    for turn in turns:
        back = parse_rack(game, turn.exchange or "")
        kept = parse_rack(game, turn.document["keep"])
        assert back + kept == parse_rack(game, rack)
        worth = leaves.value(counts(leave_of(game, kept.elements())))
        assert turn.score == 0 and turn.document["leave"] == round(worth, 2) == turn.document["equity"]
    assert [p.kind for p in turns].count("pass") == 1
    best = next(p for p in found if p.kind == "exchange")
    assert parse_rack(game, best.document["keep"]) == parse_rack(game, "?E") and best.document["equity"] == 26.0
    equities = [p.document["equity"] for p in found]
    assert equities == sorted(equities, reverse=True)
    # a bag of fewer than seven: no exchange, the pass still; without a bag, plays alone
    assert [p.kind for p in find_moves(played, empty_board(game), rack, scrabble_words, limit=MAX_LIMIT,
                                       order="equity", bag=6) if p.kind != "play"] == ["pass"]
    assert not [p for p in find_moves(played, empty_board(game), rack, scrabble_words, limit=MAX_LIMIT,
                                      order="equity") if p.kind != "play"]


def test_a_rack_of_more_exchanges_than_the_core_lists_is_refused_naming_rack(scrabble_words):
    """A custom game's rack may hold many tiles: fifteen kinds allow 32,767 exchanges, listed; sixteen allow 65,535,
    refused as too costly before any is made; repeated tiles allow fewer."""
    game = load_game("sv-scrabble")
    big = dataclasses.replace(game, rack=16, exchange=dataclasses.replace(game.exchange, bag_minimum=7, most=16))

    def count(rack, **more):
        body = {"game": "sv-scrabble", "board": ["." * 15] * 15, "rack": rack, "order": "equity", "limit": 1} | more
        return moves_request(body, lambda name: scrabble_words, lambda name: big)[0]["count"]

    assert count("BCDFGHJKLMNPRST", bag=40) == 2 ** 15 - 1 + 1 + count("BCDFGHJKLMNPRST")  # the exchanges, the pass
    assert count("AAAAAAAARRRRRRRR", bag=40) == 9 * 9 - 1 + 1 + count("AAAAAAAARRRRRRRR")
    with pytest.raises(LimitExceeded, match="the rack's 16 tiles can go back in more than 32768 ways") as caught:
        count("BCDFGHJKLMNPRSTV", bag=40)
    assert caught.value.parameter == "rack"
    assert count("BCDFGHJKLMNPRSTV", bag=3) == 1 + count("BCDFGHJKLMNPRSTV")  # no exchange: the bag is short


def test_the_equity_player_plays_legal_games_and_exchanges_what_it_does_not_keep(betapet):
    game = load_game("sv-betapet")
    number = numbers(game)
    # a table that hates every tile but the blank: the player throws back racks rather than keep them
    values = {bytes([t]): -40.0 for t in number.values() if t} | {bytes([0]): 30.0}
    trained = Player("hater", 1, PLAYERS["equity"].make, "", "equity", write_klv(values))
    seen: list[tuple[list[str], float]] = []
    result = play_game(game, betapet, (trained, player("score")), seed=3, observe=lambda s, r, e: seen.append((r, e)))
    check_game(game, betapet, result)
    assert seen and all(len(rack) == game.rack for rack, _ in seen)
    assert any(e == 0.0 or e == 30.0 for _, e in seen)  # exchanges, keeping nothing or the blank


# ---------------------------------------------------------------------------------- training

def test_a_leave_is_worth_what_racks_holding_it_made_above_the_mean_smoothed_by_its_parts():
    game = load_game("sv-scrabble")
    n = numbers(game)
    a, b = bytes([n["A"]]), bytes([n["B"]])
    tally = Tally()
    for _ in range(1000):
        tally.add(bytes(sorted([n["A"], n["C"]])), 30.0)
        tally.add(bytes(sorted([n["B"], n["C"]])), 10.0)
    values = values_of(game, tally, smoothing=50)
    mean = 20.0
    assert tally.turns == 2000 and tally.counts[a] == 1000
    assert values[a] == round((1000 * (30 - mean)) / 1050 * 16) / 16  # its own mean, a little shrunk
    assert values[b] == round((1000 * (10 - mean)) / 1050 * 16) / 16
    ab = bytes(sorted(a + b))
    assert tally.counts.get(ab) is None and values[ab] == values[a] + values[b]  # never seen: its parts


def test_training_writes_whole_generations_and_goes_on_from_the_last(betapet, tmp_path):
    game = load_game("sv-betapet")
    folder = tmp_path / "run"
    first = train(game, betapet, folder, generations=1, games=4, check=2, seed=5)
    assert [g.number for g in first] == [1]
    data = (folder / "generation-1.klv2").read_bytes()
    assert len(read_klv(data)) == first[0].stored < first[0].leaves == leave_count(game)  # what parts do not say
    assert not list(folder.glob("*.part"))
    log = json.loads((folder / "training.json").read_text())
    assert log["generations"][0]["turns"] == first[0].turns > 0
    again = train(game, betapet, folder, generations=2, games=4, check=2, seed=5)
    assert [g.number for g in again] == [1, 2] and again[0] == first[0]
    assert (folder / "generation-1.klv2").read_bytes() == data  # kept, not played again


def test_a_leave_the_file_lacks_is_worth_what_its_parts_say():
    a, b = bytes([1]), bytes([2])
    leaves = use_core(True).Leaves(write_klv({a: 1.0, b: 2.0, a + b: 5.0}))
    # ABB: A + BB (BB: B + B = 4) is 5, and B + AB is 7: their mean
    assert _core_value(leaves, bytes([1, 2, 2])) == 6.0
    assert _core_value(leaves, bytes([3])) == 0.0  # a tile without a value has none to give
    assert _core_value(leaves, bytes([1] * 8)) == 0.0  # longer than any leave a part of which is worked out
    values = {a: 1.0, b: 2.0, a + b: 5.0, bytes([1, 2, 2]): 6.0, bytes([2, 2]): 4.0, bytes([1, 1]): 2.5}
    assert prune(values) == {a: 1.0, b: 2.0, a + b: 5.0, bytes([1, 1]): 2.5}  # what the parts say is left out


def test_the_command_values_a_leave_and_exports_every_leave(tmp_path):
    game = next((g for g in ("sv-scrabble", "sv-betapet", "hu-betutorony") if shipped_klv(load_game(g))), None)
    if game is None:
        pytest.fail("no game ships leave values")
    out = tmp_path / "x.klv2"
    run = CliRunner().invoke(main, ["leaves", "export", "-g", game, "-o", str(out)], catch_exceptions=False)
    assert run.exit_code == 0
    values = read_klv(out.read_bytes())
    shipped = read_klv(shipped_klv(load_game(game)))
    assert len(values) == leave_count(load_game(game)) > len(shipped)
    assert all(values[leave] == value for leave, value in shipped.items())
    core = game_leaves(load_game(game))
    assert all(values[leave] == _core_value(core, leave) for leave in list(values)[::503])
    run = CliRunner().invoke(main, ["leaves", "value", "-g", game, "?", "--json"], catch_exceptions=False)
    assert json.loads(run.output)["value"] == values[bytes([0])] > 0  # a blank is worth keeping
    run = CliRunner().invoke(main, ["leaves", "value", "-g", game, "[ÅÅ"])
    assert run.exit_code == 2 and "leave" in run.output + (run.stderr if run.stderr_bytes else "")


# ---------------------------------------------------------------------------------- other engines read ours

#: wolges' reading of a KLV2 file, where it is built here (docs/games.md, "Equity and leave values"): a program over
#: its library that prints the value wolges gives each leave read on stdin (tile numbers, one leave a line).
WOLGES_KLVVALUES = os.environ.get("WOLGES_KLVVALUES", "")


@pytest.mark.skipif(not WOLGES_KLVVALUES, reason="wolges is not built here: name its leave reader in WOLGES_KLVVALUES")
def test_wolges_reads_our_leave_files_as_we_do(tmp_path):
    shipped = [g for g in ("sv-scrabble", "sv-betapet", "hu-betutorony") if shipped_klv(load_game(g))]
    assert shipped
    for name in shipped:
        data = full_klv(load_game(name))  # what other engines are given: every leave
        path = tmp_path / f"{name}.klv2"
        path.write_bytes(data)
        values = read_klv(data)
        leaves = list(values)[::101] + [bytes([40, 41]), b""]  # and two it lacks (0 in every engine)
        lines = "".join(" ".join(map(str, leave)) + "\n" for leave in leaves)
        out = subprocess.run([WOLGES_KLVVALUES, str(path)], input=lines, capture_output=True, text=True, check=True)
        theirs = [float(line.split()[0]) for line in out.stdout.splitlines()]
        # wolges keeps a value in thousandths of a point: the f32 times 1000 in f32, halves rounded away from zero
        ours = [math.copysign(math.floor(abs(_f32(values.get(leave, 0.0) * 1000)) + 0.5), values.get(leave, 0.0)) / 1000
                for leave in leaves]
        assert theirs == pytest.approx(ours, abs=1e-9), name


def _f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def test_the_train_command_writes_the_best_generation_to_ship(artifacts_root, betapet, tmp_path):
    folder = tmp_path / "run"
    run = CliRunner().invoke(main, ["leaves", "train", "-g", "sv-betapet", "-o", str(folder), "--games", "4",
                                    "--check", "2", "--generations", "1", "--artifacts", str(artifacts_root),
                                    "--json"], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    figures = json.loads(run.stdout)
    assert figures["best"] == 1 and figures["leaves"] == leave_count(load_game("sv-betapet"))
    data = (folder / "sv-betapet.klv2").read_bytes()
    assert data == (folder / "generation-1.klv2").read_bytes() == lzma.decompress((folder / "sv-betapet.klv2.xz")
                                                                                      .read_bytes())
    assert len(read_klv(data)) == figures["generations"][0]["stored"]


def test_a_cluster_plays_the_shards_and_their_tallies_merge_exactly(betapet, tmp_path):
    """The self-play on a local Dask cluster (two worker processes, three shards back in any order) gives the
    values one process gives, byte for byte: generation 2 plays with generation 1's values, and a leave its file
    lacks is a mean of its parts (thirds, fifths), which floats would sum differently by order."""
    from distributed import Client, LocalCluster, get_task_stream

    game = load_game("sv-betapet")
    here, there = tmp_path / "here", tmp_path / "there"
    train(game, betapet, here, generations=1, games=4, check=2, seed=5)
    shutil.copytree(here, there)
    alone = train(game, betapet, here, generations=2, games=120, check=2, seed=5)
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        with get_task_stream(client) as stream:
            shared = train(game, betapet, there, generations=2, games=120, check=2, seed=5,
                           executor=client.get_executor(pure=False))
    assert len([t for t in stream.data if t["key"].startswith("play_shard")]) == 3  # 60 pairs, 25 a shard
    assert (there / "generation-2.klv2").read_bytes() == (here / "generation-2.klv2").read_bytes()
    assert shared[1].turns == alone[1].turns > 0 and shared[1].seen == alone[1].seen


def test_the_train_command_names_a_cluster_it_cannot_reach(artifacts_root, tmp_path):
    run = CliRunner().invoke(main, ["leaves", "train", "-g", "sv-betapet", "-o", str(tmp_path / "run"),
                                    "--games", "4", "--check", "2", "--cluster", "tcp://127.0.0.1:9",
                                    "--artifacts", str(artifacts_root)])
    assert run.exit_code != 0 and "--cluster 'tcp://127.0.0.1:9': no Dask scheduler answers there" in run.output
    assert not (tmp_path / "run" / "generation-1.klv2").exists()
