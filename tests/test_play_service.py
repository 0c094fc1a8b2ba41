"""`lexicon judge` and POST /play: the same answer, and bad input refused with the field and square named,
through the command line and through real HTTP under gunicorn."""

import json

import pytest
from click.testing import CliRunner

from lexicon import PlayError
from lexicon_cli import main
from lexicon_service import create_app

EMPTY = ["." * 15] * 15
WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
HU_EMPTY = ["." * 10] * 10


def body(**fields) -> dict:
    return {"game": "sv-betapet", "board": EMPTY, "move": {"word": "HUND", "start": "H8"}} | fields


# Each: the request, and what the problem's detail must say (the field, and the square where there is one).
BAD = [
    (body(board=EMPTY[:14]), "board: sv-betapet has a 15×15 board: 15 rows of 15 squares, not 14 rows"),
    (body(board=EMPTY[:3] + ["." * 14] + EMPTY[4:]), "board[3]: row 4 has 14 squares; the board is 15 wide"),
    (body(board=EMPTY[:7] + ["..!............"] + EMPTY[8:]), "board[7]: square C8: '!' is not a tile of sv-betapet"),
    (body(board=EMPTY[:7] + ["..[CS]............"] + EMPTY[8:]), "board[7]: square C8: '[CS]' is not a tile"),
    (body(move=[{"row": 15, "col": 0, "tile": "A"}]), "move[0].row: 15 is off the 15×15 board (0 to 14)"),
    (body(move=[{"square": "P1", "tile": "A"}]), "move[0].square: P1 is off the 15×15 board (A1 to O15)"),
    (body(move={"word": "HUNDARNAS", "start": "K8"}), "move.word: 9 tiles from K8 across run off the board"),
    (body(move=[]), "move: 0 tiles; a move in sv-betapet lays 1 to 7"),
    (body(move=[{"row": 0, "col": c, "tile": "A"} for c in range(15)] + [{"row": 1, "col": c, "tile": "A"}
                                                                         for c in range(5)]),
     "move: 20 tiles; a move in sv-betapet lays 1 to 7"),
    (body(move=[{"square": "H8", "tile": "?"}]), "move[0].tile: the blank on H8 must name the letter it stands for"),
    (body(move=[{"square": "H8", "tile": "Ñ"}]), "move[0].tile: square H8: 'Ñ' is not a tile of sv-betapet"),
    (body(move=[{"square": "H8", "tile": "A"}, {"row": 7, "col": 7, "tile": "B"}]),
     "move[1]: two tiles on square H8 (also move[0])"),
    (body(game="hu-betutorony", board=HU_EMPTY, heights=["0" * 10] * 4 + ["0000020000"] + ["0" * 10] * 5),
     "heights[4]: square F5 is empty but its height is 2"),
    (body(game="hu-betutorony", board=HU_EMPTY[:4] + ["....KÁR..."] + HU_EMPTY[5:],
          heights=["0" * 10] * 4 + ["0000161000"] + ["0" * 10] * 5),
     "heights[4]: square F5: a stack of 6; hu-betutorony stacks at most 5 high"),
    (body(game="hu-betutorony", board=HU_EMPTY[:4] + ["....ház..."] + HU_EMPTY[5:]),
     "board[4]: square E5: 'h' is a blank, and hu-betutorony has no blanks"),
    (body(heights=["0" * 15] * 15), "heights: sv-betapet does not stack tiles"),
    (body(rack="HUNDARNA"), "rack: 8 tiles; a rack in sv-betapet holds at most 7"),
    (body(layout="special"), "layout: sv-betapet has no layout 'special' (layouts: klassisk)"),
    (body(game="sv-alfapet"), "game: 'sv-alfapet' is not a game; games: hu-betutorony, sv-betapet, sv-scrabble"),
    (body(game="../../etc/passwd"), "game: '../../etc/passwd' is not a game"),
    (body(game=["sv-betapet"]), "game: a game's name, as a string"),
    (body(detail="yes"), "detail: true or false"),
    (body(rack=None), "rack: leave it out rather than null"),
    (body(colour="red"), "body: unknown field 'colour'"),
]


@pytest.fixture(scope="module")
def client(betapet, artifacts_root):
    return create_app({"ARTIFACTS": str(artifacts_root)}).test_client()


def test_a_play_through_the_app(client, betapet):
    r = client.post("/play", json=body())
    a = r.get_json()
    assert r.status_code == 200 and r.headers["X-Lexicon-Version"] == betapet.spec
    assert (a["game"], a["lexicon"], a["version"], a["legal"], a["score"]) == ("sv-betapet", "sv-betapet",
                                                                               betapet.version, True, 20)
    assert a["words"][0]["verdict"] == {"word": "HUND", "normalized": "HUND", "valid": True, "reason": None,
                                        "detail": None, "lemma": None, "tag": None}
    full = client.post("/play", json=body(detail=True)).get_json()["words"][0]["verdict"]
    assert full == betapet.check("HUND", detail=False).as_dict() and full["kind"] == "headword"


def test_the_game_names_its_lexicon_and_the_request_may_name_another(client, betapet, artifacts_root, tmp_path):
    alone = tmp_path / "artifacts"  # sv-betapet alone, whatever else the session has built
    alone.mkdir()
    (alone / "sv-betapet").symlink_to(artifacts_root / "sv-betapet", target_is_directory=True)
    r = create_app({"ARTIFACTS": str(alone)}).test_client().post("/play", json=body(game="sv-scrabble"))
    assert r.status_code == 404 and "no lexicon 'sv-scrabble'" in r.get_json()["detail"]
    r = client.post("/play", json=body(game="sv-scrabble", lexicon="sv-betapet"))
    assert r.status_code == 400 and r.get_json()["detail"] == (
        "lexicon: sv-betapet plays the tile set sv-betapet, and sv-scrabble plays sv-scrabble")


@pytest.mark.parametrize("request_body, detail", BAD, ids=[d.split(":")[0] for _, d in BAD])
def test_bad_input_over_http_names_the_field_and_square(server, request_body, detail):
    """The detail names the field and the square; so do the problem's `parameter` and `square`."""
    status, headers, raw = server.post("/play", json.dumps(request_body).encode())
    problem = json.loads(raw)
    assert status == 400 and headers["Content-Type"] == "application/problem+json", raw
    assert problem["type"] == "/problems/bad-play" and problem["detail"].startswith(detail), problem["detail"]
    assert problem["parameter"] == detail.split(":")[0]


@pytest.mark.parametrize("raw, content_type, detail", [
    (b'{"game": "sv-betapet", ', "application/json", "body: not valid JSON"),
    (b"[" * 100_000, "application/json", "body: not valid JSON"),
    (b'["sv-betapet"]', "application/json", "body: a JSON object"),
    (b"game=sv-betapet", "application/x-www-form-urlencoded", "body: must be JSON"),
])
def test_malformed_bodies_over_http(server, raw, content_type, detail):
    status, headers, answer = server.post("/play", raw, content_type)
    assert status == 400 and json.loads(answer)["detail"].startswith(detail)


def test_the_square_is_named_in_the_problem(client):
    bad = body(board=EMPTY[:7] + ["..!............"] + EMPTY[8:])
    problem = client.post("/play", json=bad).get_json()
    assert (problem["parameter"], problem["square"]) == ("board[7]", "C8")
    r = client.post("/play?lexicon=sv-betapet", json=body())
    assert r.status_code == 400 and r.get_json()["parameter"] == "lexicon"


def test_a_play_over_http(server):
    status, headers, raw = server.post("/play", json.dumps(body(board=WITH_HUND, move={"word": "HUNDRA",
                                                                                        "start": "H8"})).encode())
    a = json.loads(raw)
    assert status == 200 and headers["ETag"] and headers["X-Lexicon-Version"].startswith("sv-betapet@")
    assert [p["square"] for p in a["placed"]] == ["L8", "M8"] and a["score"] == 13


# ---------------------------------------------------------------------------------- the command line


def judge(*args, input=None):
    return CliRunner().invoke(main, ["judge", *args], input=input, catch_exceptions=False)


def test_judge_a_word_on_an_empty_board(betapet, artifacts_root):
    result = judge("-g", "sv-betapet", "--word", "HUND", "--at", "H8", "--artifacts", str(artifacts_root))
    assert result.exit_code == 0, result.output
    assert "HUND" in result.output and "3 4 1 2 (DW H8) = 10 × 2" in result.output
    assert result.output.rstrip().endswith("score 20")


def test_judge_reads_the_board_from_stdin_and_answers_json(betapet, artifacts_root):
    board = "# a board\n" + "\n".join(WITH_HUND) + "\n"
    result = judge("-", "-g", "sv-betapet", "--move", '[{"square": "L8", "tile": "A"}, {"square": "M8", "tile": "R"}]',
                   "--json", "--artifacts", str(artifacts_root), input=board)
    a = json.loads(result.output)
    assert result.exit_code == 1 and a["score"] == 0 and a["challenge"] == {
        "rule": "void", "upheld": True, "invalid": ["HUNDAR"],
        "if_challenged": {"play": "refused", "player": {"points": 0, "loses_turn": False}, "challenger": None}}


def test_an_illegal_play_exits_1_with_the_reason(betapet, artifacts_root):
    result = judge("-g", "sv-betapet", "--word", "HUND", "--at", "A1", "--artifacts", str(artifacts_root))
    assert result.exit_code == 1 and "not legal: start: the first play must cover H8" in result.output


@pytest.mark.parametrize("args, message", [
    (["-g", "sv-betapet", "--word", "HUND", "--at", "Z9"], "move.start: Z9 is off the 15×15 board"),
    (["-g", "sv-betapet", "--word", "HUND"], "each --word needs its --at"),
    (["-g", "sv-betapet", "--move", "[{"], "move: not valid JSON"),
    (["-g", "sv-betapet", "--move", "[]"], "move: 0 tiles"),
    (["-g", "hu-betutorony", "--word", "HÁZ", "--at", "E5", "--rack", "HÁ?"], "rack: tile 3 is a blank"),
    (["-g", "nope", "--word", "HUND", "--at", "H8"], "game: 'nope' is not a game"),
])
def test_bad_input_on_the_command_line_exits_2_naming_the_field(args, message):
    result = judge(*args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_a_board_file_of_the_wrong_size(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text("\n".join(EMPTY[:10]) + "\n", encoding="utf-8")
    result = judge(str(path), "-g", "sv-betapet", "--word", "HUND", "--at", "H8")
    assert result.exit_code == 2 and "board: sv-betapet has a 15×15 board" in result.stderr


def test_kept_answers_last_as_long_as_their_lexicon_version(betapet):
    from lexicon import open_lexicon
    from lexicon.play import PlayAnswers
    from lexicon.play.request import MAX_KEPT_REQUEST

    answers = PlayAnswers(size=2)
    served = {"sv-betapet": betapet}
    raw = json.dumps(body()).encode()
    first, lex = answers(raw, served.__getitem__)
    again, _ = answers(raw, served.__getitem__)
    assert again is first and lex is betapet and (answers.hits, answers.misses) == (1, 1)
    served["sv-betapet"] = open_lexicon(betapet.path)  # a new version is served: the kept answer is not
    fresh, lex = answers(raw, served.__getitem__)
    assert fresh == first and fresh is not first and lex is served["sv-betapet"] and answers.misses == 2
    for word in ("HUND", "KATT", "TAK"):
        answers(json.dumps(body(move={"word": word, "start": "H8"})).encode(), served.__getitem__)
    assert len(answers._kept) == 2
    padded = json.dumps(body()).encode() + b" " * MAX_KEPT_REQUEST
    answers(padded, served.__getitem__)
    assert padded not in answers._kept
    with pytest.raises(PlayError, match="move: 0 tiles"):
        answers(json.dumps(body(move=[])).encode(), served.__getitem__)
    assert len(answers._kept) == 2
