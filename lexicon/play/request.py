"""One play as JSON in, one answer as JSON out: what `POST /play` and `lexicon judge` both call.

    judge_request({"game": "sv-betapet", "board": [...15 rows...],
                   "move": {"word": "HUND", "start": "H8", "direction": "across"}}, lexicon_for)

`lexicon_for(spec)` gives the loaded lexicon for a name or `name@version` (the service's registry,
or `lexicon.load` in a script). Malformed input raises PlayError (an InputError) naming the field and square.

`PlayAnswers` does the same from the request's bytes to the answer's bytes, and keeps recent answers:
an answer is a function of the request and the lexicon version, and a client asks about the same play
more than once (while the player arranges the tiles, then to lay them).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from typing import Any

import orjson

from ..errors import PlayError
from ..lookup import Lexicon
from .board import parse_board
from .game import game_names, load_game
from .judge import judge
from .move import move_from_json, parse_rack

FIELDS = ("game", "lexicon", "board", "heights", "layout", "move", "rack", "detail")


#: Answers kept per process, and the largest request whose answer is kept (a 15×15 board and its move
#: take about 400 bytes; padding must not fill memory).
ANSWER_CACHE = 4096
MAX_KEPT_REQUEST = 8192


def judge_request(body: Any, lexicon_for: Callable[[str], Lexicon]) -> dict[str, Any]:
    """Judge the play a request describes; the answer as a JSON-ready dict."""
    return _judge(body, lexicon_for)[0]


def _judge(body: Any, lexicon_for: Callable[[str], Lexicon]) -> tuple[dict[str, Any], Lexicon, str]:
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
    if not isinstance(name, str) or name not in _shipped():
        what = f"{name[:40]!r} is not a game" if isinstance(name, str) else "a game's name, as a string"
        raise PlayError("game", f"{what}; games: {', '.join(sorted(_shipped()))}")
    game = load_game(name)
    detail = body.get("detail", False)
    if not isinstance(detail, bool):
        raise PlayError("detail", "true or false")
    for key in ("lexicon", "heights", "layout", "rack", "detail"):  # optional, but never null
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
    return judge(game, board, move, lexicon, rack=rack, premiums=premiums).as_dict(detail), lexicon, spec


class PlayAnswers:
    """Answers to play requests as bytes, the recent ones kept by the request's bytes for as long as
    the lexicon version that gave each is still the one its name serves.

        answers = PlayAnswers()
        data, lexicon = answers(request_bytes, registry.get)
    """

    def __init__(self, size: int = ANSWER_CACHE) -> None:
        self.size = size
        self.hits = self.misses = 0
        self._kept: OrderedDict[bytes, tuple[str, weakref.ref, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every kept answer."""
        with self._lock:
            self._kept.clear()

    def __call__(self, raw: bytes, lexicon_for: Callable[[str], Lexicon]) -> tuple[bytes, Lexicon]:
        kept = self._kept.get(raw)
        if kept is not None:
            spec, ref, data = kept
            lexicon = lexicon_for(spec)
            if lexicon is ref():  # still the version that answered
                self.hits += 1
                with self._lock:
                    if raw in self._kept:
                        self._kept.move_to_end(raw)
                return data, lexicon
        self.misses += 1
        try:
            body = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:  # also nesting deeper than the parser allows
            raise PlayError("body", f"not valid JSON: {exc}") from None
        answer, lexicon, spec = _judge(body, lexicon_for)
        data = orjson.dumps(answer)
        if len(raw) <= MAX_KEPT_REQUEST and self.size:
            data = bytes(memoryview(data))  # kept: an exact-size copy, not orjson's whole write buffer
            with self._lock:
                self._kept[raw] = (spec, weakref.ref(lexicon), data)
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return data, lexicon


@cache
def _shipped() -> frozenset[str]:
    return frozenset(game_names())
