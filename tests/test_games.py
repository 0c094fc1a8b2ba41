"""A game of one's own: a game file and tile set from another directory (tests/data/en-game: English tiles
on the standard board, with its own profile, word list and pipeline) through the library, the command line
and the service; the files read again when they change; a tile set known by its content, not its path."""

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lexicon import DataError, PlayError, load_alphabet, load_game
from lexicon.play import judge_request, local_game
from lexicon.play.published import open_published_game, publish_game
from lexicon_cli import main

from .conftest import DATA, Server

EN_GAME = DATA / "en-game"
EMPTY = ["." * 15] * 15
HOTEL = {"word": "HOTEL", "start": "D8", "direction": "across"}


def cli(*args, cwd: Path | None = None):
    here = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        return CliRunner().invoke(main, list(args), catch_exceptions=False)
    finally:
        os.chdir(here)


@pytest.fixture(scope="module")
def game_folder(tmp_path_factory) -> Path:
    """A copy of the game maker's folder somewhere else: every path in it is relative to its files."""
    folder = tmp_path_factory.mktemp("maker") / "en-game"
    shutil.copytree(EN_GAME, folder)
    return folder


@pytest.fixture(scope="module")
def english(game_folder, tmp_path_factory):
    """The game maker's lexicon, built by the command line from a third directory."""
    art = tmp_path_factory.mktemp("en-artifacts")
    result = cli("build", str(game_folder / "pipeline.toml"), "--artifacts", str(art), "--quiet",
                 cwd=tmp_path_factory.mktemp("elsewhere"))
    assert result.exit_code == 0, result.output
    from lexicon import load

    return load("en-scrabble", art), art


def test_a_game_file_finds_its_tile_set_beside_it_from_any_directory(game_folder, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = load_game(game_folder / "game.toml")
    assert game.tileset_path == game_folder / "tiles.toml" and game.alphabet.name == "en-scrabble"
    assert game.alphabet.tile("Q").points == 10 and game.alphabet.total_tiles == 100
    assert game.challenge.rule == "five-point" and game.unverified == []


def test_a_missing_tile_set_names_the_game_file(tmp_path):
    text = (EN_GAME / "game.toml").read_text(encoding="utf-8").replace('"tiles.toml"', '"nowhere/tiles.toml"')
    (tmp_path / "game.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"game.toml: tileset: .*nowhere/tiles.toml: no such file"):
        load_game(tmp_path / "game.toml")


def test_a_changed_game_file_and_tile_set_are_read_again(tmp_path):
    shutil.copytree(EN_GAME, tmp_path / "g")
    game_file, tiles = tmp_path / "g" / "game.toml", tmp_path / "g" / "tiles.toml"
    first = load_game(game_file)
    assert load_game(game_file) is first  # unchanged: the cached game
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("whole_rack_bonus = 50",
                                                                       "whole_rack_bonus = 35"), encoding="utf-8")
    assert load_game(game_file).scoring.whole_rack_bonus == 35
    tiles.write_text(tiles.read_text(encoding="utf-8").replace('letter = "H", count = 2, points = 4',
                                                               'letter = "H", count = 2, points = 5'),
                     encoding="utf-8")
    assert load_game(game_file).alphabet.tile("H").points == 5


def test_the_tile_set_is_known_by_its_content_not_its_path(english, game_folder, tmp_path):
    """The lexicon carries a copy of the tile set; the game names the file beside it: the same set. A tile
    set that differs in play is refused with the difference named."""
    lex, _ = english
    assert lex.alphabet.path != load_game(game_folder / "game.toml").alphabet.path
    a = judge_request({"game": str(game_folder / "game.toml"), "board": EMPTY, "move": HOTEL}, lambda spec: lex,
                      local_game)
    assert a["legal"] and a["score"] == (4 * 2 + 1 + 1 + 1 + 1) * 2
    shutil.copytree(game_folder, tmp_path / "g")
    tiles = tmp_path / "g" / "tiles.toml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace('letter = "H", count = 2, points = 4',
                                                               'letter = "H", count = 2, points = 5'),
                     encoding="utf-8")
    with pytest.raises(PlayError, match="en-scrabble plays another tile set en-scrabble than en-scrabble does: "
                                        "H: points 5, not 4 in the game's"):
        judge_request({"game": str(tmp_path / "g" / "game.toml"), "board": EMPTY, "move": HOTEL},
                      lambda spec: lex, local_game)
    assert load_alphabet(tiles).fingerprint != lex.alphabet.fingerprint


# ---------------------------------------------------------------------------------- the command line


def test_judge_and_replay_a_game_by_path_from_another_directory(english, game_folder, tmp_path):
    _, art = english
    judged = cli("judge", "--game", str(game_folder / "game.toml"), "--word", "HOTEL", "--at", "D8",
                 "--artifacts", str(art), "--json", cwd=tmp_path)
    assert judged.exit_code == 0, judged.output
    assert json.loads(judged.output)["score"] == 24
    replayed = cli("replay", str(game_folder / "game.gcg"), "--game", str(game_folder / "game.toml"),
                   "--artifacts", str(art), cwd=tmp_path)
    assert replayed.exit_code == 0, replayed.output
    assert "totals: Ada 95, Bo -21 (record: Ada 95, Bo -21)" in replayed.output
    assert replayed.output.rstrip().endswith("the record agrees with the rules everywhere")


def test_a_game_file_that_is_not_there_exits_2(tmp_path):
    result = cli("judge", "--game", str(tmp_path / "none.toml"), "--word", "HOTEL", "--at", "D8")
    assert result.exit_code == 2 and "none.toml: no such file" in result.stderr


# ---------------------------------------------------------------------------------- published, over HTTP


def test_a_published_game_is_a_version_with_its_tile_set(english, game_folder):
    _, art = english
    name, version, folder = publish_game(game_folder / "game.toml", art)
    assert (name, sorted(p.name for p in folder.iterdir())) == (
        "en-scrabble", ["game.toml", "manifest.json", "tileset.toml"])
    assert publish_game(game_folder / "game.toml", art)[1] == version  # the same files: the same version
    game = open_published_game(art, "en-scrabble")
    assert game.alphabet.fingerprint == load_game(game_folder / "game.toml").alphabet.fingerprint


def test_a_shipped_game_is_not_published_over(tmp_path):
    shutil.copy(load_game("sv-betapet").path, tmp_path / "sv-betapet.toml")
    with pytest.raises(DataError, match="sv-betapet is a shipped game; name yours another way"):
        publish_game(tmp_path / "sv-betapet.toml", tmp_path / "art")


@pytest.fixture(scope="module")
def en_server(english, game_folder):
    _, art = english
    result = cli("publish", str(game_folder / "game.toml"), "--artifacts", str(art))
    assert result.exit_code == 0 and "published game en-scrabble@" in result.output
    s = Server(art)
    yield s
    s.stop()


def test_a_published_game_over_http(en_server, game_folder):
    status, _, raw = en_server.get("/games")
    games = {g["name"]: g for g in json.loads(raw)["games"]}
    assert status == 200 and games["en-scrabble"]["source"] == "published" and games["en-scrabble"]["version"]
    assert games["sv-betapet"]["source"] == "shipped" and games["sv-betapet"]["version"] is None
    status, _, raw = en_server.post("/play", json.dumps({"game": "en-scrabble", "board": EMPTY,
                                                         "move": HOTEL}).encode())
    assert status == 200 and json.loads(raw)["score"] == 24
    record = (game_folder / "game.gcg").read_text(encoding="utf-8")
    status, _, raw = en_server.post("/replay", json.dumps({"game": "en-scrabble", "record": record}).encode())
    answer = json.loads(raw)
    assert status == 200 and answer["disagreements"] == [] and answer["totals"] == {"Ada": 95, "Bo": -21}


def test_a_game_by_path_is_refused_over_http(en_server, game_folder):
    status, _, raw = en_server.post("/play", json.dumps({"game": str(game_folder / "game.toml"), "board": EMPTY,
                                                         "move": HOTEL}).encode())
    problem = json.loads(raw)
    assert status == 400 and problem["parameter"] == "game" and "is not a game; games: en-scrabble" in \
        problem["detail"]


def test_games_say_what_is_unverified(en_server):
    """Betapet's klassisk layout and its tile counts are marked unverified in the data, and the API says so."""
    status, _, raw = en_server.get("/games/sv-betapet")
    game = json.loads(raw)
    assert status == 200 and {u["key"] for u in game["unverified"]} == {"layouts.klassisk", "tileset.counts"}
    assert {o["key"] for o in game["open"]} == {"scoring.premiums_every_word", "challenge.rule"}
    assert game["layouts"]["klassisk"]["verified"] is False and game["challenge"]["rule"] == "void"
    status, _, raw = en_server.get("/games/xx-nothing")
    assert status == 404 and json.loads(raw)["type"] == "/problems/unknown-game"
