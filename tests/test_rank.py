"""Rank my move (POST /play with `"rank": true`, issue "A computer opponent"): where a move stands among every
play of its rack, the best play and what the move lost, from the C core, held to POST /moves on the same
positions, through the library and through the service under gunicorn and nginx; and refused as it should be."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from lexicon import PlayError
from lexicon.play import empty_board, load_game, read_gcg, replay
from lexicon.play.compiled import game_leaves
from lexicon.play.move import word_move
from lexicon.play.moves import MAX_LIMIT, find_moves
from lexicon.play.replay import replay_request
from lexicon.play.request import judge_request
from lexicon_cli import main
from support.lexicons import hungarian_list

from .conftest import DATA

WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
RACK = "ARSTE"


def _ranked(betapet, move, rack=RACK, **more):
    body = {"game": "sv-betapet", "board": WITH_HUND, "move": move, "rack": rack, "rank": True} | more
    return judge_request(body, lambda spec, *_: betapet)


def _value(play: dict, order: str) -> float:
    return play["equity"] if order == "equity" else play["score"]


def test_every_play_is_ranked_where_post_moves_lists_it(betapet):
    moves = betapet.moves("sv-betapet", WITH_HUND, RACK, limit=MAX_LIMIT, order=_order())
    listed = moves.as_dict()["plays"]
    assert moves.count == len(listed) < MAX_LIMIT  # every play listed: the ranks can be counted
    for play in listed[:: max(1, len(listed) // 25)] + listed[-3:]:
        answer = _ranked(betapet, play["move"])
        rank = answer["rank"]
        order = rank["order"]
        assert rank["plays"] == moves.count and answer["score"] == play["score"]
        assert rank["rank"] == 1 + sum(_value(p, order) > _value(play, order) for p in listed)
        assert rank["best"] == listed[0]
        assert rank["lost"] == pytest.approx(_value(listed[0], order) - _value(play, order), abs=0.011)
        if order == "equity":
            assert (rank["leave"], rank["equity"]) == (play["leave"], play["equity"])


def test_with_the_bag_said_a_move_is_ranked_where_post_moves_lists_it_at_that_bag(betapet):
    """With the bag empty the end's rule values what each play keeps; the rank counts the plays alone (the
    exchanges and the pass POST /moves lists beside them are not moves of tiles)."""
    game = load_game("sv-betapet")
    listed = [p for p in betapet.moves("sv-betapet", WITH_HUND, RACK, limit=MAX_LIMIT, order="equity",
                                       bag=0).as_dict()["plays"] if "move" in p]
    for play in listed[:: max(1, len(listed) // 10)]:
        rank = _ranked(betapet, play["move"], bag=0)["rank"]
        assert rank["rank"] == 1 + sum(p["equity"] > play["equity"] for p in listed)
        assert (rank["leave"], rank["adjustment"], rank["equity"]) == (play["leave"], play["adjustment"],
                                                                       play["equity"])
        assert rank["best"] == listed[0]
    with pytest.raises(PlayError, match=r"the tiles left in the bag count in a move's rank") as caught:
        judge_request({"game": "sv-betapet", "board": WITH_HUND, "move": listed[0]["move"], "bag": 0},
                      lambda spec, *_: betapet)
    assert caught.value.parameter == "bag" and game.name == "sv-betapet"


def _order() -> str:
    """By equity where sv-betapet ships leave values, else by score: what POST /play's rank uses."""
    return "equity" if game_leaves(load_game("sv-betapet")) is not None else "score"


def test_the_best_play_loses_nothing_and_a_phony_has_no_rank(betapet):
    best = betapet.moves("sv-betapet", WITH_HUND, RACK, limit=1, order=_order()).as_dict()["plays"][0]
    answer = _ranked(betapet, best["move"])
    assert (answer["rank"]["rank"], answer["rank"]["lost"]) == (1, 0)
    phony = _ranked(betapet, {"word": "HUNDXR", "start": "H8", "direction": "across"}, rack="XR")
    rank = phony["rank"]
    assert phony["legal"] and phony["score"] == 0 and rank["rank"] is None and rank["order"] == _order()
    kept = rank.get("equity", 0)  # a phony scores nothing and keeps the rest of the rack
    assert rank["lost"] == pytest.approx(_value(rank["best"], rank["order"]) - kept, abs=0.011)


@pytest.mark.parametrize(("more", "message"), [
    ({"rank": 1}, "rank: true or false"),
    ({"rank": True, "rack": None}, "rank: a move is ranked among the plays of its rack: give the rack"),
    ({"rank": True, "lexicon": None}, "rank: plays are ranked with a lexicon's word graph"),
])
def test_what_cannot_be_ranked_is_refused_naming_rank(betapet, more, message):
    body = {"game": "sv-betapet", "board": WITH_HUND, "move": {"word": "HUNDAR", "start": "H8"}, "rack": RACK} | more
    body = {k: v for k, v in body.items() if v is not None or k == "lexicon"}
    with pytest.raises(PlayError, match=message):
        judge_request(body, lambda spec, *_: betapet)


def test_a_turn_of_several_plays_is_not_ranked(tmp_path):
    lex = hungarian_list(tmp_path, "hu-list")
    body = {"game": "hu-betutorony", "board": ["." * 10] * 10, "rack": "KÁRÉ", "rank": True,
            "turn": [{"word": "KÁR", "start": "E5", "direction": "across"}, [{"square": "F6", "tile": "É"}]]}
    with pytest.raises(PlayError, match="rank: a turn of one play is ranked; this one has 2"):
        judge_request(body, lambda spec, *_: lex)


def test_the_service_ranks_as_the_library_does(betapet, server):
    body = {"game": "sv-betapet", "board": WITH_HUND, "move": {"word": "HUNDAR", "start": "H8"}, "rack": RACK,
            "rank": True}
    status, _, raw = server.post("/play", json.dumps(body).encode())
    assert status == 200 and json.loads(raw) == judge_request(body, lambda spec, *_: betapet)
    status, headers, raw = server.post("/play", json.dumps(body | {"rank": "yes"}).encode())
    assert status == 400 and json.loads(raw)["parameter"] == "rank"


# ---------------------------------------------------------------------------------- a game reviewed

RECORDS = DATA / "records"


def test_a_game_reviewed_ranks_each_move_as_post_moves_lists_its_rack(scrabble_words):
    game = load_game("sv-scrabble")
    record = read_gcg((RECORDS / "sv-scrabble.gcg").read_text(encoding="utf-8"))
    answer = replay(record, game, scrabble_words, review=True).as_dict()
    plain = replay(record, game, scrabble_words).as_dict()
    assert [{k: v for k, v in t.items() if k != "review"} for t in answer["turns"]] == plain["turns"]
    assert "review" not in plain["turns"][0]
    board = empty_board(game)
    reviewed = 0
    for turn in answer["turns"]:
        if turn["kind"] != "move":
            assert turn["review"] is None
            continue
        review = turn["review"]
        plays = [p for p in replay_placements(game, board, turn)]
        moves = find_moves(game, board, turn["rack"], scrabble_words, limit=MAX_LIMIT, order=review["order"]).as_dict()
        listed = moves["plays"]
        assert review["plays"] == moves["count"] == len(listed)
        assert review["best"] == {k: listed[0][k] for k in ("move", "score", "leave", "equity") if k in listed[0]}
        if turn["legal"] and all(w["valid"] for w in turn["words"]):
            mine = _found(listed, turn)
            assert review["rank"] == 1 + sum(_value(p, review["order"]) > _value(mine, review["order"]) for p in listed)
            assert review["lost"] == pytest.approx(_value(listed[0], review["order"]) - _value(mine, review["order"]),
                                                   abs=0.011)
            reviewed += 1
        else:
            assert review["rank"] is None  # HUNDS: no word, no play of the rack
        if turn["stands"]:
            board = board.laid(plays)
    assert reviewed >= 3


def replay_placements(game, board, turn):
    (play,) = turn["plays"]
    return word_move(game, board, play["word"], play["start"], play["direction"])


def _found(listed, turn):
    """The listed play that is the move: its main word, from the same first square in the same direction."""
    main = turn["words"][0]
    return next(p for p in listed
                if (p["move"]["word"], p["move"]["start"], p["move"]["direction"]) ==
                (main["word"], main["start"], main["direction"]))


def test_review_is_refused_without_a_lexicon_or_as_anything_but_a_flag(scrabble_words):
    text = (RECORDS / "sv-scrabble.gcg").read_text(encoding="utf-8")
    with pytest.raises(PlayError, match="review: true or false"):
        replay_request({"game": "sv-scrabble", "record": text, "review": "yes"}, lambda spec, *_: scrabble_words)
    with pytest.raises(PlayError, match="review: a game is reviewed with a lexicon's plays"):
        replay_request({"game": "sv-scrabble", "record": text, "review": True, "lexicon": None},
                       lambda spec, *_: scrabble_words)


def test_the_command_prints_each_moves_review(scrabble_words, tmp_path):
    record = RECORDS / "sv-scrabble.gcg"
    run = CliRunner().invoke(main, ["replay", str(record), "-g", "sv-scrabble", "-l", str(scrabble_words.path),
                                    "--review"])
    assert run.exit_code == 0, run.output
    # HUND across H8 lays its U beside the double letters I7 and I9: the opening's 0.7 lost to HUND down H5
    first = r"rank 5 of 14 by equity; best H5 down HUND \(\d+\.\d+\), 0\.7 equity lost"
    assert re.search(first, run.output), run.output
    assert run.output.count(" equity lost") == 4  # the four moves; the exchange and the passes are not ranked
