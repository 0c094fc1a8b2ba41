"""One turn as JSON in, one answer as JSON out: what `POST /play` and `lexicon judge` both call.

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
from functools import cache
from typing import TYPE_CHECKING, Any

import orjson

from .._data import is_path
from ..errors import PlayError
from .board import Board, parse_board
from .game import Game, game_names, load_game
from .judge import judge_turn
from .move import Placement, move_from_json, parse_rack

if TYPE_CHECKING:
    from ..lookup import Lexicon

FIELDS = ("game", "lexicon", "board", "heights", "layout", "move", "turn", "rack", "detail")
#: The most plays a turn of a request may hold (each lays at least one tile of the rack).
MAX_PLAYS = 26

#: Answers kept per process, and the largest request whose answer is kept (a 15×15 board and its move
#: take about 400 bytes; padding must not fill memory).
ANSWER_CACHE = 4096
MAX_KEPT_REQUEST = 8192


def shipped_game(name: Any) -> Game:
    """A game that ships with the package, by name; anything else is refused with the names known."""
    if not isinstance(name, str) or name not in _shipped():
        what = f"{name[:40]!r} is not a game" if isinstance(name, str) else "a game's name, as a string"
        raise PlayError("game", f"{what}; games: {', '.join(sorted(_shipped()))}")
    return load_game(name)


def local_game(name_or_path: Any) -> Game:
    """A shipped game by name, or a game file by path: for a caller that may read any file it is given
    (the command line, a script), never for a request from elsewhere."""
    if isinstance(name_or_path, str) and is_path(name_or_path):
        return load_game(name_or_path)
    return shipped_game(name_or_path)


def judge_request(body: Any, lexicon_for: Callable[[str], Lexicon],
                  game_for: Callable[[Any], Game] = shipped_game) -> dict[str, Any]:
    """Judge the turn a request describes; the answer as a JSON-ready dict."""
    return _judge(body, lexicon_for, game_for)[0]


def lexicon_of(body: dict, game: Game, lexicon_for: Callable[[str], Lexicon]) -> tuple[Lexicon | None, str | None]:
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


def _judge(body: Any, lexicon_for: Callable[[str], Lexicon], game_for: Callable[[Any], Game]
           ) -> tuple[dict[str, Any], Lexicon | None, str | None, Game]:
    check_fields(body, FIELDS, ("game", "board"), '{"game": "sv-scrabble", "board": [...], "move": [...]}')
    if ("move" in body) == ("turn" in body):
        raise PlayError("move", "required: a move, or a turn of several plays (not both)")
    game = game_for(body["game"])
    board = parse_board(game, body["board"], body.get("heights"))
    premiums = game.premiums(body.get("layout"))
    plays = read_turn(game, board, body["turn"], "turn") if "turn" in body else [move_from_json(game, board,
                                                                                                 body["move"])]
    rack = parse_rack(game, body["rack"]) if "rack" in body else None
    lexicon, spec = lexicon_of(body, game, lexicon_for)
    answer = judge_turn(game, board, plays, lexicon, rack=rack, premiums=premiums).as_dict(body.get("detail", False))
    return answer, lexicon, spec, game


def read_turn(game: Game, board: Board, items: Any, where: str) -> list[list[Placement]]:
    """The plays of a turn, each a move as `move` gives one, read on the board the plays before it leave
    (a word may run through a tile an earlier play laid)."""
    if not isinstance(items, list) or not items:
        raise PlayError(where, "a list of plays, each a list of tiles or a word with a start square and a direction")
    most = min(MAX_PLAYS, game.rack)  # each play lays a tile of the rack at least
    if len(items) > most:
        raise PlayError(where, f"{len(items)} plays; a turn in {game.name} holds at most {most}")
    plays = []
    for i, item in enumerate(items):
        play = move_from_json(game, board, item, f"{where}[{i}]")
        plays.append(play)
        board = board.laid(play)
    return plays


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

    def __call__(self, raw: bytes, lexicon_for: Callable[[str], Lexicon],
                 game_for: Callable[[Any], Game] = shipped_game) -> tuple[bytes, Lexicon | None]:
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
        body = parse_json(raw)
        answer, lexicon, spec, game = _judge(body, lexicon_for, game_for)
        data = orjson.dumps(answer)
        if len(raw) <= MAX_KEPT_REQUEST and self.size:
            data = bytes(memoryview(data))  # kept: an exact-size copy, not orjson's whole write buffer
            with self._lock:
                self._kept[raw] = (body["game"], weakref.ref(game), spec,
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


@cache
def _shipped() -> frozenset[str]:
    return frozenset(game_names())
