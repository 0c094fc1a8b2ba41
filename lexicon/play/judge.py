"""Judging a play: is it legal, which words does it form, are they words, and what does it score.

    >>> game, lex = load_game("sv-betapet"), load("sv-betapet")            # doctest: +SKIP
    >>> board = empty_board(game)                                          # doctest: +SKIP
    >>> judge(game, board, word_move(game, board, "HUND", "H8", "across"), lex).score   # doctest: +SKIP
    20

Every rule comes from the game's data (`lexicon/data/games/*.toml`); docs/games.md explains them.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from ..errors import PlayError
from ..lookup import Lexicon
from ..tiling import DoubledDigraphs, format_tiling, spell
from ..verdict import Verdict
from . import score
from .board import Board
from .game import Game
from .move import BLANK, Placement


@dataclass(frozen=True)
class Problem:
    """Why a play is not legal: a stable code, a sentence, and the square concerned, if one is."""

    code: str
    message: str
    square: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "square": self.square}


#: Word verdicts kept per lexicon version and process.
VERDICT_CACHE = 20_000
#: Problems that leave no well-defined words to list.
_SHAPELESS = frozenset({"not-in-line", "gap", "occupied", "same-letter", "stack-full"})


@dataclass
class Word:
    """One word a play forms: its squares, tiles, which tiles are new, its verdict and score."""

    squares: tuple[int, ...]
    tiles: tuple[str, ...]
    new: tuple[bool, ...]
    direction: str
    main: bool
    notation: str
    spelled: str
    verdict: Verdict
    brief: dict[str, Any]  # the brief verdict document; shared with the memo: read it, do not change it
    score: int = 0
    scoring: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return self.verdict.valid


@dataclass
class Judgement:
    """The answer for one play. `score` is the play's total under the game's rules: 0 when the play is
    not legal or any word it forms is not valid (the tiles go back: seed 002's challenge rule)."""

    game: Game
    lexicon: Lexicon
    placed: list[Placement]
    first_move: bool
    direction: str | None
    errors: list[Problem]
    words: list[Word]
    bonuses: list[dict[str, Any]]

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def invalid(self) -> list[Word]:
        return [w for w in self.words if not w.valid]

    @property
    def bonus(self) -> int:
        return sum(b["points"] for b in self.bonuses)

    @property
    def score_if_valid(self) -> int | None:
        """What the play scores if no word is challenged off the board (None when it is not legal)."""
        return sum(w.score for w in self.words) + self.bonus if self.legal else None

    @property
    def score(self) -> int:
        return 0 if not self.legal or self.invalid else self.score_if_valid

    def as_dict(self, detail: bool = False) -> dict[str, Any]:
        """The answer as JSON-ready data; each word's verdict document brief, or full with `detail`."""
        game, size = self.game, self.game.size
        invalid = [w.spelled for w in self.invalid]
        return {
            "game": game.name, "lexicon": self.lexicon.name, "version": self.lexicon.version,
            "legal": self.legal, "errors": [p.as_dict() for p in self.errors],
            "first_move": self.first_move, "direction": self.direction,
            "placed": [{"square": game.square_name(p.square), "row": p.square // size, "col": p.square % size,
                        "tile": p.tile, "blank": p.blank} for p in self.placed],
            "words": [_word_dict(game, w, detail) for w in self.words],
            "bonus": self.bonus, "bonuses": self.bonuses, "score_if_valid": self.score_if_valid, "score": self.score,
            "challenge": {"upheld": bool(invalid), "invalid": invalid},
        }


def _word_dict(game: Game, w: Word, detail: bool) -> dict[str, Any]:
    return {"word": w.spelled, "notation": w.notation, "tiles": list(w.tiles),
            "squares": [game.square_name(s) for s in w.squares], "new": list(w.new), "direction": w.direction,
            "main": w.main, "valid": w.verdict.valid, "reason": w.verdict.reason,
            "verdict": w.verdict.as_dict() if detail else w.brief, "score": w.score, "scoring": w.scoring}


def judge(game: Game, board: Board, move: list[Placement], lexicon: Lexicon, *, rack: Counter[str] | None = None,
          premiums: tuple[str, ...] | None = None) -> Judgement:
    """Judge `move` laid on `board`: legality with reasons, every word formed with its verdict from
    `lexicon` and its score, the bonuses. `rack` (from `parse_rack`) is checked when given;
    `premiums` is a layout's squares (`game.premiums(...)`), the game's default when None."""
    if lexicon.alphabet.name != game.tileset:
        raise PlayError("lexicon", f"{lexicon.name} plays the tile set {lexicon.alphabet.name}, and {game.name} "
                        f"plays {game.tileset}")
    if board.size != game.size:
        raise PlayError("board", f"{board.size}×{board.size}; {game.name} is played on {game.size}×{game.size}")
    if not move:
        raise PlayError("move", f"no tiles; a move in {game.name} lays 1 to {game.rack}")
    move = sorted(move, key=lambda p: p.square)
    new = {p.square: p for p in move}
    if len(new) != len(move):
        name = game.square_name(_twice(move))
        raise PlayError("move", f"two tiles on square {name}", square=name)
    first_move = board.empty
    errors: list[Problem] = []
    direction = _direction(game, board, move, new, errors)
    _check_squares(game, board, move, errors)
    if direction is not None:
        _check_gaps(game, board, move, new, direction, errors)
    _check_connected(game, board, move, first_move, errors)
    if rack is not None:
        _check_rack(game, move, rack, errors)
    words: list[Word] = []
    if direction is not None and not any(p.code in _SHAPELESS for p in errors):
        words = _words(game, board, move, new, direction, lexicon, premiums or game.premiums())
        if not words:
            errors.append(Problem("no-word", "the play forms no word of two or more tiles",
                                  game.square_name(move[0].square)))
    bonuses = []
    if len(move) == game.rack and game.scoring.whole_rack_bonus:
        bonuses.append({"kind": "whole-rack", "points": game.scoring.whole_rack_bonus,
                        "detail": f"all {game.rack} tiles of the rack in one move"})
    return Judgement(game, lexicon, move, first_move, direction, errors, words, bonuses)


def _twice(move: list[Placement]) -> int:
    seen = set()
    for p in move:
        if p.square in seen:
            return p.square
        seen.add(p.square)
    raise AssertionError("no square twice")


def _occupied(board: Board, new: dict[int, Placement], square: int) -> bool:
    return square in new or board.heights[square] > 0


def _direction(game: Game, board: Board, move: list[Placement], new: dict[int, Placement],
               errors: list[Problem]) -> str | None:
    size = game.size
    rows = {p.square // size for p in move}
    cols = {p.square % size for p in move}
    if len(move) == 1:
        # One tile reads across when it has a neighbour across; its other word is the cross word.
        square = move[0].square
        across = any(_occupied(board, new, s) for s in _neighbours(square, size, True))
        return "across" if across else "down"
    if len(rows) == 1:
        return "across"
    if len(cols) == 1:
        return "down"
    names = ", ".join(game.square_name(p.square) for p in move)
    errors.append(Problem("not-in-line", f"the tiles ({names}) are neither in one row nor in one column"))
    return None


def _neighbours(square: int, size: int, across: bool) -> list[int]:
    row, col = divmod(square, size)
    if across:
        return [square + d for d, ok in ((-1, col > 0), (1, col < size - 1)) if ok]
    return [square + d for d, ok in ((-size, row > 0), (size, row < size - 1)) if ok]


def _check_squares(game: Game, board: Board, move: list[Placement], errors: list[Problem]) -> None:
    stacking = game.stacking
    for p in move:
        name = game.square_name(p.square)
        if board.heights[p.square] == 0:
            continue
        under = board.tiles[p.square]
        if stacking is None:
            errors.append(Problem("occupied", f"{name} already holds {under}", name))
        elif under == p.tile:
            errors.append(Problem("same-letter", f"{p.tile} on {name} would lie on another {under}: a cube goes "
                                                 f"only on a different letter", name))
        elif board.heights[p.square] >= stacking.max_height:
            errors.append(Problem("stack-full", f"the stack on {name} is already {board.heights[p.square]} high, "
                                                f"the most {game.name} allows", name))


def _check_gaps(game: Game, board: Board, move: list[Placement], new: dict[int, Placement], direction: str,
                errors: list[Problem]) -> None:
    step = 1 if direction == "across" else game.size
    for square in range(move[0].square, move[-1].square + 1, step):
        if not _occupied(board, new, square):
            name = game.square_name(square)
            errors.append(Problem("gap", f"{name} is empty between the tiles laid: a play is one unbroken line",
                                  name))
            return


def _check_connected(game: Game, board: Board, move: list[Placement], first_move: bool,
                     errors: list[Problem]) -> None:
    size = game.size
    if first_move:
        if not any(p.square in game.start for p in move):
            where = " or ".join(game.square_name(s) for s in game.start)
            errors.append(Problem("start", f"the first play must cover {where}"))
        return
    for p in move:
        if board.heights[p.square] or any(board.heights[s] for a in (True, False)
                                           for s in _neighbours(p.square, size, a)):
            return
    errors.append(Problem("not-connected", "the play touches no tile on the board"))


def _check_rack(game: Game, move: list[Placement], rack: Counter[str], errors: list[Problem]) -> None:
    left = Counter(rack)
    for p in move:
        key = BLANK if p.blank else p.tile
        if left[key] <= 0:
            name = game.square_name(p.square)
            what = "a blank" if p.blank else p.tile
            errors.append(Problem("not-on-rack", f"the {what} on {name} is not on the rack "
                                                 f"({_rack_text(rack)})", name))
        left[key] -= 1


def _rack_text(rack: Counter[str]) -> str:
    return "".join((t if len(t) == 1 else f"[{t}]") * n for t, n in sorted(rack.items())) or "empty"


def _verdicts(lexicon: Lexicon) -> Callable[[str], tuple[Verdict, dict[str, Any]]]:
    """The memo of a lexicon version's word verdicts for plays, made on first use. A version's
    verdicts never change, and plays check the same short cross words again and again.

    The lexicon owns the memo and the memo sees the lexicon through a weak proxy: no reference
    cycle, so a replaced version is freed with its memo.
    """
    memo = lexicon.__dict__.get("_play_verdicts")
    if memo is None:
        memo = lexicon._play_verdicts = lru_cache(maxsize=VERDICT_CACHE)(partial(_verdict, weakref.proxy(lexicon)))
    return memo


def _verdict(lexicon: Lexicon, notation: str) -> tuple[Verdict, dict[str, Any]]:
    verdict = lexicon.check(notation, detail=False)
    return verdict, verdict.as_dict(brief=True)


def _run(square: int, across: bool, size: int, heights: list[int]) -> range:
    """The squares of the unbroken line of tiles through `square`, across or down."""
    row, col = divmod(square, size)
    step, lo, hi = (1, square - col, square - col + size - 1) if across else (size, col, col + size * (size - 1))
    a = b = square
    while a - step >= lo and heights[a - step]:
        a -= step
    while b + step <= hi and heights[b + step]:
        b += step
    return range(a, b + 1, step)


def _words(game: Game, board: Board, move: list[Placement], new: dict[int, Placement], direction: str,
           lexicon: Lexicon, premiums: tuple[str, ...]) -> list[Word]:
    size, across = game.size, direction == "across"
    # The board after the move.
    tiles_after, blanks_after, heights_after = board.tiles[:], board.blanks[:], board.heights[:]
    for p in move:
        tiles_after[p.square], blanks_after[p.square] = p.tile, p.blank
        heights_after[p.square] += 1
    runs = [(_run(move[0].square, across, size, heights_after), direction, True)]
    cross = "down" if across else "across"
    runs += [(_run(p.square, not across, size, heights_after), cross, False) for p in move]
    alphabet, verdicts = lexicon.alphabet, _verdicts(lexicon)
    as_written = lexicon.policy is DoubledDigraphs.AS_WRITTEN
    rare_credited: set[int] | None = None if game.scoring.rare_bonus_every_word else set()
    words = []
    for squares, way, main in runs:
        if len(squares) < 2:  # one square is not a word in any crossword game
            continue
        tiles = tuple(tiles_after[s] for s in squares)
        fresh = tuple(s in new for s in squares)
        letters = "".join(tiles)
        # With single-letter tiles only (Swedish), the letters are the exact notation.
        notation = format_tiling(tiles, alphabet) if alphabet.multi else letters
        verdict, brief = verdicts(notation)
        word = Word(tuple(squares), tiles, fresh, way, main, notation,
                    letters if as_written else spell(tiles, lexicon.policy), verdict, brief)
        if game.scoring.rule == "letters":
            blanks = tuple(blanks_after[s] for s in squares)
            word.score, word.scoring = score.letters(game, alphabet, premiums, squares, tiles, blanks, fresh, main)
        else:
            heights = tuple(heights_after[s] for s in squares)
            word.score, word.scoring = score.cubes(game, squares, tiles, heights, fresh, rare_credited)
        words.append(word)
    return words
