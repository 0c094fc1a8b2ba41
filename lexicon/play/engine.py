"""The play engine's door: every turn judged and every best play found by the C core (lexicon/graph/core/play,
its documents written by lexicon/graph/core/wire), with the games and lexicons this library loads.

    data, lexicon = play_json(request_bytes, lambda spec: load(spec))        # POST /play's answer, as bytes
    judged = judge_turn(game, board, [placements], lexicon, rack=Counter("HUNDKAT"))

The core reads a request's JSON itself and asks back for what only the library knows: the game a request
names (`game_for`, compiled once a game, lexicon.play.compiled) and the lexicon a spec names (`lexicon_for`):
its bundle, whose verdicts the core reads in place, and the library's own verdict for a word the bundle
cannot decide (a Hungarian word only analysis decides, a full verdict document with `detail`). Nothing of the
rules is here: a Judgement is a view of the core's document.
"""

from __future__ import annotations

import struct
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import orjson

from ..errors import PlayError
from ..graph.native import use_core
from ..tiling import DoubledDigraphs
from .board import Board
from .compiled import engine_game
from .game import Game, shipped_game
from .move import BLANK, Placement

#: Word verdicts kept per lexicon version and process, for the words a bundle cannot decide.
VERDICT_CACHE = 20_000
#: GADDAG lists a generation may enter before it gives up (LimitExceeded, too-costly): the library's default.
MAX_VISITS = 20_000_000


# ---------------------------------------------------------------------------------- a lexicon's words


def words(lexicon: Any) -> tuple:
    """A lexicon as the core reads its words: (name, version, its bundle's handle, its word graph where it has
    no bundle, whether a doubled digraph is laid as pronounced, the library's verdicts for what the bundle
    cannot decide), made once a lexicon."""
    found = lexicon.__dict__.get("_engine_words")
    if found is None:
        bundle = lexicon.core_bundle
        graph = None if bundle is not None else lexicon.graph.kwg.core
        found = (lexicon.name, lexicon.version, bundle, graph, lexicon.policy is DoubledDigraphs.PRONOUNCED,
                 _verdicts(lexicon))
        lexicon.__dict__["_engine_words"] = found
    return found


def _verdicts(lexicon: Any) -> Callable[[str, bool], tuple[bool, str | None, bytes]]:
    """The library's verdict of a word given in tile notation, memoised per lexicon version: valid, reason and
    the document (brief, or with `detail` the full one). The memo sees the lexicon through a weak proxy: no
    reference cycle, so a replaced version is freed with its memo."""
    return lru_cache(maxsize=VERDICT_CACHE)(partial(_verdict, weakref.proxy(lexicon)))


def _verdict(lexicon: Any, notation: str, detail: bool) -> tuple[bool, str | None, bytes]:
    verdict = lexicon.check(notation, detail=False)
    document = verdict.as_dict() if detail else verdict.as_dict(brief=True)
    return bool(verdict.valid), verdict.reason, orjson.dumps(document)


def _same_tiles(game: Game, lexicon: Any, moves: bool) -> None:
    """A game and a lexicon without a bundle (a version built before bundles) play together when their tile
    sets are the same set; with a bundle the core checks it."""
    ours, theirs = game.alphabet, lexicon.alphabet
    if ours is theirs or ours.fingerprint == theirs.fingerprint:
        return
    if moves or ours.name != theirs.name:
        raise PlayError("lexicon", f"{lexicon.name} plays the tile set {theirs.name}, and {game.name} plays "
                                   f"{ours.name}")
    raise PlayError("lexicon", f"{lexicon.name} plays another tile set {theirs.name} than {game.name} does: "
                               f"{ours.difference(theirs)} in the game's")


# ---------------------------------------------------------------------------------- requests


class _Host:
    """What a request names, found by the caller's functions and remembered for the answer."""

    def __init__(self, lexicon_for: Callable[[str], Any], game_for: Callable[[Any], Game], moves: bool) -> None:
        self.lexicon_for, self.game_for, self.moves = lexicon_for, game_for, moves
        self.game: Game | None = None
        self.name: Any = None
        self.spec: str | None = None
        self.lexicon: Any = None

    def find_game(self, raw: bytes):
        self.name = orjson.loads(raw)
        self.game = self.game_for(self.name)
        return engine_game(self.game)

    def find_lexicon(self, spec: str | None, _game) -> tuple:
        self.spec = self.game.lexicon if spec is None else spec
        self.lexicon = self.lexicon_for(self.spec)
        found = words(self.lexicon)
        if found[2] is None:
            _same_tiles(self.game, self.lexicon, self.moves)
        return found


def play_json(raw: bytes, lexicon_for: Callable[[str], Any], game_for: Callable[[Any], Game] = shipped_game
              ) -> tuple[bytes, _Host]:
    """POST /play's answer to the body `raw`, as bytes, and what the request named (its game, lexicon and spec)."""
    host = _Host(lexicon_for, game_for, moves=False)
    return use_core(True).play_answer(raw, host.find_game, host.find_lexicon), host


def moves_json(raw: bytes, lexicon_for: Callable[[str], Any], game_for: Callable[[Any], Game] = shipped_game,
               max_visits: int = MAX_VISITS) -> tuple[bytes, _Host]:
    """POST /moves' answer to the body `raw`, as bytes, and what the request named."""
    host = _Host(lexicon_for, game_for, moves=True)
    return use_core(True).moves_answer(raw, host.find_game, host.find_lexicon, max_visits), host


# ---------------------------------------------------------------------------------- a turn given as values


@dataclass(frozen=True)
class Problem:
    """Why a turn is not legal: a stable code, a sentence, the square concerned if one is, and the play of the
    turn it is about (0 for a turn of one play)."""

    code: str
    message: str
    square: str | None = None
    part: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "square": self.square, "part": self.part}


class Word:
    """One word a turn forms, as the judge's document gives it (`as_dict`), with its squares as indices."""

    __slots__ = ("document", "squares")

    def __init__(self, game: Game, document: dict[str, Any]) -> None:
        self.document = document
        self.squares = tuple(game.square(name) for name in document["squares"])

    def __getattr__(self, name: str) -> Any:
        document = object.__getattribute__(self, "document")
        key = {"spelled": "word"}.get(name, name)
        if key in ("tiles", "new"):
            return tuple(document[key])
        try:
            return document[key]
        except KeyError:
            raise AttributeError(name) from None

    def as_dict(self) -> dict[str, Any]:
        return self.document


class Judgement:
    """The engine's answer for one turn, POST /play's document (`as_dict`) read as values: `legal`, `errors`,
    `words`, `score` (0 unless the turn stands), `score_if_valid`, the bonuses it earns, what a challenge does."""

    def __init__(self, game: Game, lexicon: Any, document: dict[str, Any], placed: list[Placement],
                 earned: int = 0, plays: int = 1) -> None:
        self.game, self.lexicon, self.document, self.placed = game, lexicon, document, placed
        self.errors = [Problem(**p) for p in document["errors"]]
        self.words = [Word(game, w) for w in document["words"]]
        self.parts = [p["part"] for p in document["placed"]]
        # The bonus the tiles laid earn if the turn stands: the document shows it only then.
        self.earned = document["bonuses"] or ([{"kind": "whole-rack", "points": earned,
                                                "detail": f"all {game.rack} tiles of the rack in one "
                                                          f"{'turn' if plays > 1 else 'move'}"}] if earned else [])

    legal = property(lambda self: self.document["legal"])
    first_move = property(lambda self: self.document["first_move"])
    direction = property(lambda self: self.document["direction"])
    score = property(lambda self: self.document["score"])
    score_if_valid = property(lambda self: self.document["score_if_valid"])
    bonuses = property(lambda self: self.document["bonuses"])
    bonus = property(lambda self: self.document["bonus"])

    @property
    def invalid(self) -> list[Word]:
        """The words a lexicon judged not valid (none without a lexicon)."""
        return [w for w in self.words if self.lexicon is not None and w.valid is not True]

    @property
    def stands(self) -> bool:
        return self.legal and not self.invalid

    def part_scores(self) -> list[int]:
        """What each play of the turn scores if the turn stands: its words, and the bonuses in the last."""
        scores = [0] * (max(self.parts, default=0) + 1)
        for w in self.words:
            scores[w.part] += w.score
        scores[-1] += sum(b["points"] for b in self.earned)
        return scores

    def challenge(self) -> dict[str, Any] | None:
        return self.document["challenge"]

    def placed_dicts(self) -> list[dict[str, Any]]:
        return self.document["placed"]

    def word_dicts(self, detail: bool = False) -> list[dict[str, Any]]:
        return self.document["words"]

    def as_dict(self, detail: bool = False) -> dict[str, Any]:
        return self.document


_LAID = struct.Struct("<HB")


def judge_turn(game: Game, board: Board, plays: list[list[Placement]], lexicon: Any, *,
               rack: Counter[str] | None = None, premiums: tuple[str, ...] | None = None,
               detail: bool = False) -> Judgement:
    """Judge a turn of one or more plays laid in order from one rack on `board`: legality with reasons, every
    word formed with its verdict from `lexicon` (None: scored, validity left out) and its score, the bonuses.
    `rack` (from `parse_rack`) is checked when given; `premiums` is a layout's squares (`game.premiums(...)`),
    the game's default when None. docs/games.md has the rules."""
    if board.size != game.size:
        raise PlayError("board", f"{board.size}×{board.size}; {game.name} is played on {game.size}×{game.size}")
    found = words(lexicon) if lexicon is not None else None
    if found is not None and found[2] is None:
        _same_tiles(game, lexicon, moves=False)
    number = {t.letter: t.number for t in game.alphabet.tiles}
    tiles = bytes(0 if t is None else number[t] | (0x80 if b else 0) for t, b in zip(board.tiles, board.blanks))
    heights = bytes(board.heights) if game.stacking is not None else None
    laid = [b"".join(_LAID.pack(p.square, number[p.tile] | (0x80 if p.blank else 0)) for p in play) for play in plays]
    counts = None
    if rack is not None:
        counts = bytearray(64)
        for tile, n in rack.items():
            counts[0 if tile == BLANK else number[tile]] += n
    codes = None if premiums is None else "".join(premiums).encode("ascii")
    data, earned = use_core(True).judge_turn(engine_game(game), tiles, heights, codes, laid,
                                             None if counts is None else bytes(counts), found, detail)
    document = orjson.loads(data)
    placed = [Placement(game.square(p["square"]), p["tile"], p["blank"]) for p in document["placed"]]
    return Judgement(game, lexicon, document, placed, earned, len(plays))


def judge(game: Game, board: Board, move: list[Placement], lexicon: Any, *, rack: Counter[str] | None = None,
          premiums: tuple[str, ...] | None = None) -> Judgement:
    """Judge `move`, one play, laid on `board` (judge_turn for a turn of one play)."""
    return judge_turn(game, board, [move], lexicon, rack=rack, premiums=premiums)


def rack_value(game: Game, counts: Counter[str]) -> int:
    """What the tiles of a rack (counts, `?` a blank) cost at the end of a game by its rule."""
    number = {t.letter: t.number for t in game.alphabet.tiles}
    rack = bytearray(64)
    for tile, n in counts.items():
        rack[0 if tile == BLANK else number[tile]] += n
    return engine_game(game).rack_value(bytes(rack))
