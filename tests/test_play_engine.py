"""The rules once, in the C core: POST /play and POST /moves are answered by the engine (lexicon/graph/core/play,
its JSON read and written by lexicon/graph/core/wire), and its documents are the Python reference's
(support/reference_judge.py, reference_moves.py: the judge as it was before it left Python) byte for byte: on
positions met by playing whole games through the engine (support.played: empty, mid-game and near-end boards,
blanks, Betűtorony's stacks), for every play found, judged again as a word and as tiles, for illegal plays made
from them, for turns of several plays, and for requests broken field by field; a client that has a bundle alone
gets the same documents from it; hostile bodies are refused saying what and where."""

from __future__ import annotations

import random
import re
from pathlib import Path

import orjson
import pytest

from lexicon import PlayError, bundle
from lexicon.errors import InputError, LimitExceeded
from lexicon.graph import _core
from lexicon.play import empty_board, game_names, load_game
from lexicon.play.compiled import document, engine_game, game_leaves
from lexicon.play.engine import moves_json, play_json
from lexicon_service import create_app
from support import pystr_tables, reference_judge, reference_moves
from support.hostile import JSON_BODIES
from support.lexicons import DEBIAN, hungarian_list
from support.mutations import mutations
from support.played import body as position_body
from support.played import positions

from .conftest import HU_STEMS, hungarian_lexicon

SEEDS = (1, 2)


@pytest.fixture(scope="module")
def hu_list(tmp_path_factory):
    """Betűtorony's words valid by a list, enough of them for positions full of stacks."""
    return hungarian_list(tmp_path_factory.mktemp("hu-list"), "hu-list")


@pytest.fixture(scope="module")
def hu_analysed(tmp_path_factory):
    """Betűtorony's words validated by analysis: the words its bundle leaves open are the library's to judge."""
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-analysed"), DEBIAN, "hu-analysed", HU_STEMS, graph_forms=1)


def lexicon_of(request, game: str):
    name = {"sv-betapet": "betapet", "sv-scrabble": "scrabble", "hu-betutorony": "hu_list"}[game]
    return request.getfixturevalue(name)


def outcome(answer):
    """What a door gives: the document's bytes, or the refusal as (kind, field, message, square)."""
    try:
        return answer()
    except PlayError as exc:
        return "PlayError", exc.parameter, str(exc), exc.square
    except LimitExceeded as exc:
        return "LimitExceeded", str(exc)


def same_play(body: dict, lex) -> bytes | tuple:
    """The engine's answer to a POST /play body, held to the reference's; the engine's."""
    lexicon_for = lambda spec: lex  # noqa: E731
    engine = outcome(lambda: play_json(orjson.dumps(body), lexicon_for)[0])
    reference = outcome(lambda: orjson.dumps(reference_judge.judge_request(body, lexicon_for)))
    assert engine == reference, body
    return engine


def same_moves(body: dict, lex) -> bytes | tuple:
    lexicon_for = lambda spec: lex  # noqa: E731
    engine = outcome(lambda: moves_json(orjson.dumps(body), lexicon_for)[0])
    reference = outcome(lambda: orjson.dumps(reference_moves.moves_request(body, lexicon_for)[0]))
    assert engine == reference, body
    return engine


def base_body(game, board, rack: str | None = None) -> dict:
    return position_body(game, board) | ({"rack": rack} if rack is not None else {})


def played(lex, game) -> list:
    return [p for seed in SEEDS for p in positions(lex, game, seed)]


# ---------------------------------------------------------------------------------- games as compiled data


def test_every_shipped_game_compiles_into_the_core():
    for name in game_names():
        game = load_game(name)
        compiled = engine_game(game)
        assert (compiled.name, compiled.size) == (name, game.size)
        assert document(game)["tileset"]["name"] == game.alphabet.name


def test_a_bundle_carries_the_games_that_play_its_tiles(betapet):
    sections = bundle.read((betapet.path / "lexicon.bundle").read_bytes()).sections
    carried = orjson.loads(bytes(sections["games"]).rstrip(b"\0"))
    assert carried == [document(load_game("sv-betapet"))]


def test_a_game_document_is_read_strictly():
    good = document(load_game("sv-scrabble"))
    _core.Game(orjson.dumps(good))
    for broken, says in ((good | {"format": "other"}, "not a game document"),
                         (good | {"format_version": 2}, "another format version"),
                         (good | {"size": 27}, "size must be 2 to 26"),
                         (good | {"start": ["Z1"]}, "start must name squares"),
                         (good | {"layout": "nowhere"}, "layout must name one of the layouts"),
                         (good | {"challenge": {"rule": "triple", "challenger_penalty": 0}}, "challenge.rule")):
        with pytest.raises(InputError, match=says):
            _core.Game(orjson.dumps(broken))
    with pytest.raises(InputError, match="not JSON"):
        _core.Game(b'{"name": ')


def test_the_readers_python_tables_are_the_running_pythons():
    """What the core's request reader knows of Python's str (whitespace, printable characters, case) is the
    running Python's: a refusal quoting text reads as the reference words it."""
    path = Path(pystr_tables.TARGET)
    assert path.read_text(encoding="utf-8") == pystr_tables.source(), "run `python -m support.pystr_tables`"


# ---------------------------------------------------------------------------------- positions met in play


@pytest.mark.parametrize("name", ["sv-scrabble", "sv-betapet", "hu-betutorony"])
def test_positions_met_in_play_answer_as_the_reference(request, name):
    lex, game = lexicon_of(request, name), load_game(name)
    stages, stacked = set(), 0
    for stage, board, rack in played(lex, game):
        stages.add(stage)
        stacked += max(board.heights) > 1
        base = base_body(game, board)
        found = same_moves(base | {"rack": rack, "limit": 300}, lex)
        same_moves(base | {"rack": rack, "limit": 20, "phonies": True}, lex)
        plays = orjson.loads(found)["plays"]
        for play in plays[:12] + plays[-3:]:
            same_play(base | {"move": play["move"]}, lex)
            tiles = [{"square": t["square"], "tile": t["tile"], "blank": t["blank"]} for t in play["placed"]]
            same_play(base | {"move": tiles, "rack": rack}, lex)
        if plays:
            same_play(base | {"move": plays[0]["move"], "detail": True}, lex)
            same_play(base | {"turn": [plays[0]["move"], plays[-1]["move"]], "rack": rack}, lex)
    assert stages == {"empty", "mid", "end"}
    assert name != "hu-betutorony" or stacked


def test_a_lexicon_validated_by_analysis_judges_what_its_bundle_leaves_open(hu_analysed):
    """The bundle cannot decide a word only the dictionary's morphology does: the library's analyser judges it
    for the engine, and the answer is the reference's."""
    game = load_game("hu-betutorony")
    for _stage, board, rack in positions(hu_analysed, game, 3):
        base = base_body(game, board)
        plays = orjson.loads(same_moves(base | {"rack": rack, "limit": 50}, hu_analysed))["plays"]
        for play in plays[:10]:
            same_play(base | {"move": play["move"], "rack": rack}, hu_analysed)
    empty = base_body(game, empty_board(game))
    for word in ("HÁZSOR", "VÍZSZINT", "[NY]ÚL", "KOCSIK", "HÁZAK"):
        same_play(empty | {"move": {"word": word, "start": "E5"}}, hu_analysed)


@pytest.mark.parametrize("name", ["sv-scrabble", "sv-betapet", "hu-betutorony"])
def test_a_client_with_the_bundle_alone_gets_the_same_documents(request, name):
    """tl_play_json and tl_moves_json: the bundle's own games and words, no library behind them."""
    lex, game = lexicon_of(request, name), load_game(name)
    own = lex.core_bundle
    offline_equity = game_leaves(game) is not None and lex.name == game.lexicon  # its bundle carries the values
    assert offline_equity or name != "sv-betapet"
    for _stage, board, rack in played(lex, game)[:3]:
        base = base_body(game, board)
        body = base | {"rack": rack, "limit": 30}
        ok, answer = own.moves(orjson.dumps(body))
        assert ok and orjson.loads(answer) == orjson.loads(moves_json(orjson.dumps(body), lambda s: lex)[0])
        if offline_equity:
            by_equity = body | {"order": "equity"}
            ok, ranked = own.moves(orjson.dumps(by_equity))
            assert ok and orjson.loads(ranked) == orjson.loads(moves_json(orjson.dumps(by_equity), lambda s: lex)[0])
            assert orjson.loads(ranked)["order"] == "equity"
            rank = base | {"move": orjson.loads(answer)["plays"][-1]["move"], "rack": rack, "rank": True}
            ok, mine = own.play(orjson.dumps(rank))
            assert ok and orjson.loads(mine) == orjson.loads(play_json(orjson.dumps(rank), lambda s: lex)[0])
        for play in orjson.loads(answer)["plays"][:5]:
            body = base | {"move": play["move"]}
            ok, answer = own.play(orjson.dumps(body))
            assert ok and orjson.loads(answer) == orjson.loads(play_json(orjson.dumps(body), lambda s: lex)[0])
    ok, problem = own.play(orjson.dumps({"game": game.name, "board": [], "move": []}))
    assert not ok and orjson.loads(problem)["code"] == "bad-play" and orjson.loads(problem)["parameter"] == "board"
    ok, problem = own.play(orjson.dumps({"game": "sv-alfapet", "board": [], "move": []}))
    assert not ok and "is not a game; games: " + name in orjson.loads(problem)["detail"]
    ok, problem = own.play(orjson.dumps(base | {"move": [], "lexicon": "another"}))
    assert not ok and orjson.loads(problem)["code"] == "bad-play"  # the move is read before the lexicon
    body = base | {"move": {"word": "AB", "start": "A1"}, "lexicon": "another"}
    ok, problem = own.play(orjson.dumps(body))
    assert not ok and orjson.loads(problem)["code"] in ("unknown-lexicon", "bad-play")


# ---------------------------------------------------------------------------------- illegal plays


def refused_alike(cases: list[tuple[dict, str | None]], lex) -> None:
    """Each body answered alike by both, legal (None), with a problem of its code, or refused naming its field."""
    for body, code in cases:
        answer = same_play(body, lex)
        if code is None:
            assert orjson.loads(answer)["legal"], body
        elif isinstance(answer, tuple):
            assert answer[1] == code, (body, answer)
        else:
            assert code in [e["code"] for e in orjson.loads(answer)["errors"]], (body, answer)


def test_illegal_plays_are_refused_as_the_reference_refuses_them(betapet, hu_list):
    """Gaps, squares off the board, a first play off the centre, tiles not on the rack, a tile on a tile; and in
    Betűtorony a whole word covered, a stack too high, a cube on its own letter: each the same answer from both,
    with its code."""
    with_hund = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
    board = {"game": "sv-betapet", "board": with_hund}
    cases = [
        (board | {"move": [{"square": "H9", "tile": "A"}, {"square": "H11", "tile": "R"}]}, "gap"),
        (board | {"move": [{"square": "L7", "tile": "A"}, {"square": "M9", "tile": "R"}]}, "not-in-line"),
        (board | {"move": [{"square": "H8", "tile": "A"}]}, "occupied"),
        (board | {"move": {"word": "HUNDAR", "start": "H8"}, "rack": "AXYZ"}, "not-on-rack"),
        (board | {"move": {"word": "HUNDAr", "start": "H8"}, "rack": "A?"}, None),  # a blank stands for the R
        (board | {"move": [{"square": "B2", "tile": "A"}, {"square": "C2", "tile": "T"}]}, "not-connected"),
        (board | {"turn": [{"word": "HUNDAR", "start": "H8"}, {"word": "AT", "start": "M8", "direction": "down"}]},
         "not-in-line"),
        (board | {"board": ["." * 15] * 15, "move": {"word": "HUND", "start": "A1"}}, "start"),
        (board | {"move": {"word": "HUNDARNAS", "start": "K8"}}, "move.word"),  # off the board
        (board | {"move": [{"row": 15, "col": 0, "tile": "A"}]}, "move[0].row"),
        (board | {"move": [{"square": "P1", "tile": "A"}]}, "move[0].square"),
    ]
    refused_alike(cases, betapet)
    empty = ["." * 10] * 10
    kar = empty[:4] + ["....KÁR..."] + empty[5:]
    heights = ["0" * 10] * 4 + ["0000111000"] + ["0" * 10] * 5
    tower = ["0" * 10] * 4 + ["0000511000"] + ["0" * 10] * 5
    hu_board = {"game": "hu-betutorony", "board": kar, "heights": heights}
    cases = [
        (hu_board | {"move": [{"square": "E5", "tile": "M"}, {"square": "F5", "tile": "É"},
                              {"square": "G5", "tile": "Z"}]}, "covers-word"),
        (hu_board | {"heights": tower, "move": [{"square": "E5", "tile": "V"}]}, "stack-full"),
        (hu_board | {"move": [{"square": "F5", "tile": "Á"}]}, "same-letter"),
        (hu_board | {"move": [{"square": "F5", "tile": "É"}]}, None),  # KÉR: a cube on another letter
        (hu_board | {"turn": [[{"square": "F5", "tile": "É"}], [{"square": "F5", "tile": "I"}]]}, "occupied"),
        (hu_board | {"move": [{"square": "F5", "tile": "é"}]}, "move[0].tile"),  # no blanks in Betűtorony
        (hu_board | {"heights": ["0" * 10] * 4 + ["0000161000"] + ["0" * 10] * 5,
                     "move": [{"square": "F5", "tile": "É"}]}, "heights[4]"),
    ]
    refused_alike(cases, hu_list)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_requests_broken_field_by_field_are_refused_as_the_reference_refuses_them(betapet, hu_list, seed):
    """A valid body with a value replaced by another (any JSON kind, a name nearly right, whitespace and
    letters of other scripts): the same answer or the same refusal, field, sentence and square, from both."""
    rng = random.Random(seed)
    with_hund = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
    bodies = [
        ({"game": "sv-betapet", "board": with_hund, "move": {"word": "HUNDAR", "start": "H8", "direction": "across"},
          "rack": "ARSTE?K"}, betapet, same_play),
        ({"game": "sv-betapet", "board": with_hund, "move": [{"square": "L8", "tile": "A"},
                                                             {"row": 7, "col": 12, "tile": "r", "blank": True}]},
         betapet, same_play),
        ({"game": "sv-betapet", "board": with_hund, "rack": "ARST?", "limit": 5, "order": "score", "phonies": False},
         betapet, same_moves),
        ({"game": "hu-betutorony", "board": ["." * 10] * 4 + ["....KÁR..."] + ["." * 10] * 5,
          "heights": ["0" * 10] * 4 + ["0000111000"] + ["0" * 10] * 5,
          "turn": [[{"square": "F5", "tile": "É"}], {"word": "[NY]ÚL", "start": "E6", "direction": "across"}],
          "rack": "É[NY]ÚLAB"}, hu_list, same_play),
    ]
    for base, lex, same in bodies:
        for body in mutations(base, rng, 120):
            same(body, lex)


# ---------------------------------------------------------------------------------- hostile bodies


HOSTILE = JSON_BODIES


def test_hostile_bodies_are_refused_saying_what_and_where():
    """Refused before any game or lexicon is looked for."""
    for raw, says in HOSTILE:
        for answer in (play_json, moves_json):
            with pytest.raises(PlayError) as refused:
                answer(raw, lambda spec: pytest.fail("no lexicon is looked for"))
            assert refused.value.parameter == "body" and str(refused.value).startswith("body: not valid JSON: "), raw
            assert says in str(refused.value), (raw, str(refused.value))
            assert re.search(r"line \d+ column \d+ \(byte \d+\)$", str(refused.value)), raw
    with pytest.raises(PlayError, match=r"body: not valid JSON: a body of 1048577 bytes; at most 1048576"):
        play_json(b" " * (1 << 20 | 1), lambda spec: None)


def test_the_service_refuses_hostile_bodies_with_its_problem_document(betapet, artifacts_root):
    client = create_app({"ARTIFACTS": str(artifacts_root)}).test_client()
    for raw, says in HOSTILE:
        for route in ("/play", "/moves"):
            answer = client.post(route, data=raw, content_type="application/json")
            problem = answer.get_json()
            assert answer.status_code == 400 and answer.mimetype == "application/problem+json", (route, raw)
            assert problem["type"] == "/problems/bad-play" and problem["parameter"] == "body", (route, raw)
            assert says in problem["detail"], (route, raw, problem)
