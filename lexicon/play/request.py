"""One turn as JSON in, one answer as JSON out: what `POST /play` and `lexicon judge` both call, answered by
the C core's engine (lexicon.play.engine).

    judge_request({"game": "sv-betapet", "board": [...15 rows...],
                   "move": {"word": "HUND", "start": "H8", "direction": "across"}}, lexicon_for)

`lexicon_for(spec)` gives the loaded lexicon for a name or `name@version` (the service's registry,
or `lexicon.load` in a script); `"lexicon": null` judges without one (every word scored, validity left
out). `game_for(name)` gives the game: by default a shipped game by name only, since a path would read
any file the process can (`lexicon judge` also takes paths; the service also its published games).
Malformed input raises PlayError (an InputError) naming the field and square.

`PlayAnswers` does the same from the request's bytes to the answer's bytes, and keeps recent answers:
an answer is a function of the request, the game and the lexicon version, and a client asks about the
same play more than once (while the player arranges the tiles, then to lay them).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import orjson

from ..errors import PlayError
from .engine import play_json
from .game import Game, local_game, shipped_game

__all__ = ["FIELDS", "MAX_PLAYS", "PlayAnswers", "check_fields", "judge_request", "lexicon_of", "local_game",
           "parse_json", "shipped_game"]

FIELDS = ("game", "lexicon", "board", "heights", "layout", "move", "turn", "rack", "detail", "rank", "bag")
#: The most plays a turn of a request may hold (each lays at least one tile of the rack); the core's
#: MAX_TURN_PLAYS.
MAX_PLAYS = 26

#: Answers kept per process, and the largest request whose answer is kept (a 15×15 board and its move
#: take about 400 bytes; padding must not fill memory).
ANSWER_CACHE = 4096
MAX_KEPT_REQUEST = 8192


def judge_request(body: Any, lexicon_for: Callable[[str], Any],
                  game_for: Callable[[Any], Game] = shipped_game) -> dict[str, Any]:
    """Judge the turn a request describes; the answer as a JSON-ready dict."""
    try:
        raw = orjson.dumps(body)
    except TypeError as exc:
        raise PlayError("body", f"not JSON: {exc}") from None
    return orjson.loads(play_json(raw, lexicon_for, game_for)[0])


def lexicon_of(body: dict, game: Game, lexicon_for: Callable[[str], Any]) -> tuple[Any, str | None]:
    """The lexicon a request names (`"lexicon": null`: none), else the game's own; and its spec."""
    spec = body.get("lexicon", game.lexicon)
    if spec is None:
        return None, None
    if not isinstance(spec, str):
        raise PlayError("lexicon", "a lexicon name or name@version, or null to score without one")
    return lexicon_for(spec), spec


def check_fields(body: Any, fields: tuple[str, ...], required: tuple[str, ...], example: str) -> None:
    """A request body is an object with known fields, the required ones present, optional ones never null
    (`lexicon` may be: no lexicon)."""
    if not isinstance(body, dict):
        raise PlayError("body", f"a JSON object: {example}")
    unknown = set(body) - set(fields)
    if unknown:
        raise PlayError("body", f"unknown field {sorted(unknown)[0][:40]!r} (allowed: {', '.join(fields)})")
    for key in required:
        if key not in body:
            raise PlayError(key, "required")
    for key, value in body.items():
        if value is None and key not in required and key != "lexicon":
            raise PlayError(key, "leave it out rather than null")
    if "detail" in body and not isinstance(body["detail"], bool):
        raise PlayError("detail", "true or false")


class PlayAnswers:
    """Answers to play requests as bytes, the recent ones kept by the request's bytes for as long as the
    game and the lexicon version that gave each are still the ones their names serve.

        answers = PlayAnswers()
        data, lexicon = answers(request_bytes, registry.get, games.get)
    """

    def __init__(self, size: int = ANSWER_CACHE) -> None:
        self.size = size
        self.hits = self.misses = 0
        self._kept: OrderedDict[bytes, tuple[Any, weakref.ref, Any, weakref.ref | None, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every kept answer."""
        with self._lock:
            self._kept.clear()

    def __call__(self, raw: bytes, lexicon_for: Callable[[str], Any],
                 game_for: Callable[[Any], Game] = shipped_game) -> tuple[bytes, Any]:
        kept = self._kept.get(raw)
        if kept is not None:
            name, game_ref, spec, lexicon_ref, data = kept
            lexicon = None if spec is None else lexicon_for(spec)
            if game_for(name) is game_ref() and (lexicon_ref is None or lexicon is lexicon_ref()):
                self.hits += 1  # still the game and the version that answered
                with self._lock:
                    if raw in self._kept:
                        self._kept.move_to_end(raw)
                return data, lexicon
        self.misses += 1
        data, host = play_json(raw, lexicon_for, game_for)
        lexicon = host.lexicon
        if len(raw) <= MAX_KEPT_REQUEST and self.size:
            with self._lock:
                self._kept[raw] = (host.name, weakref.ref(host.game), host.spec,
                                   None if lexicon is None else weakref.ref(lexicon), data)
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return data, lexicon


def parse_json(raw: bytes) -> Any:
    """A request body as JSON; a PlayError naming the body when it is not."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:  # also nesting deeper than the parser allows
        raise PlayError("body", f"not valid JSON: {exc}") from None
