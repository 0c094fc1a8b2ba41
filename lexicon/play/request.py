"""One play as JSON in, one answer as JSON out: what `POST /play` and `lexicon judge` both call.

    judge_request({"game": "sv-betapet", "board": [...15 rows...],
                   "move": {"word": "HUND", "start": "H8", "direction": "across"}}, lexicon_for)

`lexicon_for(spec)` gives the loaded lexicon for a name or `name@version` (the service's registry,
or `lexicon.load` in a script). Malformed input raises PlayError (an InputError) naming the field and square.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._data import is_plain_name
from ..errors import DataError, PlayError
from ..lookup import Lexicon
from .board import parse_board
from .game import game_names, load_game
from .judge import judge
from .move import move_from_json, parse_rack

FIELDS = ("game", "lexicon", "board", "heights", "layout", "move", "rack")


def judge_request(body: Any, lexicon_for: Callable[[str], Lexicon]) -> dict[str, Any]:
    """Judge the play a request describes; the answer as a JSON-ready dict."""
    if not isinstance(body, dict):
        raise PlayError("body", 'a JSON object: {"game": "sv-scrabble", "board": [...], "move": [...]}')
    unknown = set(body) - set(FIELDS)
    if unknown:
        raise PlayError("body", f"unknown field {sorted(unknown)[0][:40]!r} (allowed: {', '.join(FIELDS)})")
    for key in ("game", "board", "move"):
        if key not in body:
            raise PlayError(key, "required")
    name = body["game"]
    # Only a shipped game's name: a path would read any file the server can.
    if not isinstance(name, str) or not is_plain_name(name):
        raise PlayError("game", f"one of {', '.join(game_names())}")
    try:
        game = load_game(name)
    except DataError as exc:
        raise PlayError("game", str(exc)) from None
    for key in ("lexicon", "heights", "layout", "rack"):  # optional, but never null
        if key in body and body[key] is None:
            raise PlayError(key, "leave it out rather than null")
    spec = body.get("lexicon", game.lexicon)
    if not isinstance(spec, str):
        raise PlayError("lexicon", "a lexicon name or name@version")
    board = parse_board(game, body["board"], body.get("heights"))
    premiums = game.premiums(body.get("layout"))
    move = move_from_json(game, board, body["move"])
    rack = parse_rack(game, body["rack"]) if "rack" in body else None
    lexicon = lexicon_for(spec)
    return judge(game, board, move, lexicon, rack=rack, premiums=premiums).as_dict()
