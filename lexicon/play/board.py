"""A board as a game client sends it: one string per row, `.` an empty square, a tile as written on it
(upper case; lower case for a blank, which scores 0), a multi-letter tile in brackets (`[CS]`), and
for stacking games the height of every square in a parallel list of digit strings.

    >>> board = parse_board(load_game("sv-scrabble"), ["." * 15] * 7 + ["....hUND......."] + ["." * 15] * 7)
    >>> board.tiles[7 * 15 + 4], board.blanks[7 * 15 + 4]
    ('H', True)

Every square is exact: outside brackets one character is one square, so a row never has two
readings. Spaces are ignored, so rows may be aligned for people to read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..alphabet import Alphabet
from ..errors import PlayError
from .game import Game, square_name

EMPTY = "."
#: One square of a row: a bracketed tile, or one character.
_SQUARE = re.compile(r"\[[^\[\]]*\]|\S")


@dataclass
class Board:
    """The squares of a board, row by row (index = row * size + col)."""

    size: int
    tiles: list[str | None]  # the top tile of each square
    blanks: list[bool]  # whether that tile is a blank (it scores 0)
    heights: list[int]  # how many tiles the square holds (0 or 1 without stacking)

    @property
    def empty(self) -> bool:
        return not any(self.heights)

    def laid(self, placements) -> Board:
        """A new board: this one with the tiles laid (on top, in a stacking game)."""
        tiles, blanks, heights = self.tiles[:], self.blanks[:], self.heights[:]
        for p in placements:
            tiles[p.square], blanks[p.square] = p.tile, p.blank
            heights[p.square] += 1
        return Board(self.size, tiles, blanks, heights)

    def rows(self) -> list[str]:
        """The board in the notation it was read from."""
        return [
            "".join(_written(self.tiles[i], self.blanks[i]) for i in range(r * self.size, (r + 1) * self.size))
            for r in range(self.size)
        ]


def _written(tile: str | None, blank: bool) -> str:
    if tile is None:
        return EMPTY
    text = tile.lower() if blank else tile
    return f"[{text}]" if len(tile) > 1 else text


def empty_board(game: Game) -> Board:
    n = game.size * game.size
    return Board(game.size, [None] * n, [False] * n, [0] * n)


def parse_board(game: Game, rows: Any, heights: Any = None, *, where: str = "board",
                heights_where: str = "heights") -> Board:
    """Read a board; a PlayError names the row, the square and what is wrong with it."""
    size = game.size
    if not isinstance(rows, (list, tuple)) or len(rows) != size:
        got = f"{len(rows)} rows" if isinstance(rows, (list, tuple)) else f"a {type(rows).__name__}"
        raise PlayError(where, f"{game.name} has a {size}×{size} board: {size} rows of {size} squares, not {got}")
    table, plain = _tables(game.alphabet, size)
    if all(type(row) is str and plain.fullmatch(row) for row in rows):
        # Every square one valid character (every Swedish board): read them in one pass.
        joined = "".join(rows)
        tiles = [table[ch][0] for ch in joined]
        blanks = [table[ch][1] for ch in joined]
    else:
        tiles, blanks = _read_squares(game, rows, table, where)
    return Board(size, tiles, blanks, _heights(game, heights, tiles, heights_where))


def _read_squares(game: Game, rows: list, table: dict, where: str) -> tuple[list[str | None], list[bool]]:
    size = game.size
    tiles: list[str | None] = []
    blanks: list[bool] = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise PlayError(f"{where}[{r}]", f"row {r + 1} must be a string")
        squares = _squares(row)
        if len(squares) != size:
            raise PlayError(f"{where}[{r}]", f"row {r + 1} has {len(squares)} squares; the board is {size} wide")
        cells = [table.get(text) for text in squares]
        if None in cells:
            c = cells.index(None)
            square = square_name(r * size + c, size)
            raise PlayError(f"{where}[{r}]", f"square {square}: {_why_not_a_square(squares[c], game)}", square=square)
        tiles += [cell[0] for cell in cells]
        blanks += [cell[1] for cell in cells]
    return tiles, blanks


def _squares(row: str) -> list[str] | str:
    """The text of each square: the row itself when it has no brackets or spaces (every Swedish row)."""
    if "[" not in row and "]" not in row and " " not in row:
        return row
    return _SQUARE.findall(row)


# Per alphabet object, by identity: hashing an Alphabet hashes every tile, which costs more than
# reading a whole board. The alphabet is kept in the value, so its id is not reused meanwhile.
_TABLES: dict[tuple[int, int], tuple[Alphabet, dict[str, tuple[str | None, bool]], re.Pattern[str]]] = {}


def cell_table(alphabet: Alphabet) -> dict[str, tuple[str | None, bool]]:
    """Every way a square may be written → (tile, blank): `A`, `a` (a blank), `[CS]`, `[cs]`, `.`."""
    return _tables(alphabet, 1)[0]


def _tables(alphabet: Alphabet, size: int) -> tuple[dict[str, tuple[str | None, bool]], re.Pattern[str]]:
    """The cell table, and a pattern matching a row of `size` squares each one valid character."""
    hit = _TABLES.get((id(alphabet), size))
    if hit is None:
        table: dict[str, tuple[str | None, bool]] = {EMPTY: (None, False)}
        for tile in alphabet.tiles:
            upper = tile.letter
            for written, blank in ((upper, False), (upper.lower(), True)):
                if (blank and not alphabet.blanks) or (not blank and tile.count == 0):
                    continue  # no blanks in the game; a letter with no tile is only ever a blank (Swedish W)
                table[f"[{written}]"] = (upper, blank)
                if len(upper) == 1:
                    table[written] = (upper, blank)
        singles = "".join(sorted(k for k in table if len(k) == 1))
        hit = _TABLES[id(alphabet), size] = (alphabet, table, re.compile(f"[{re.escape(singles)}]{{{size}}}"))
    return hit[1], hit[2]


def _why_not_a_square(text: str, game: Game) -> str:
    alphabet = game.alphabet
    inner = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    upper = inner.upper()
    if upper in alphabet and inner != upper and not alphabet.blanks:
        return f"{text!r} is a blank, and {alphabet.name} has no blanks (write the tile in upper case)"
    if upper in alphabet and inner == upper and alphabet.tile(upper).count == 0:
        return f"{upper} has no tile in {alphabet.name}: only a blank plays it (write {inner.lower()!r})"
    if upper in alphabet and len(upper) > 1 and not text.startswith("["):
        return f"{text!r} is one tile: write it in brackets, [{inner}]"
    if text == "[]":
        return "empty brackets"
    return (f"{text!r} is not a tile of {alphabet.name} (a square is '.', a tile, a lower-case tile for a blank, "
            f"or a multi-letter tile in brackets such as [CS])")


def _heights(game: Game, heights: Any, tiles: list[str | None], where: str) -> list[int]:
    size = game.size
    if heights is None:
        return [0 if t is None else 1 for t in tiles]
    if game.stacking is None:
        raise PlayError(where, f"{game.name} does not stack tiles, so its board has no heights")
    if not isinstance(heights, (list, tuple)) or len(heights) != size:
        raise PlayError(where, f"{size} strings of {size} digits, one per row")
    top = game.stacking.max_height
    for r, row in enumerate(heights):
        if not isinstance(row, str) or len(row) != size or not (row.isascii() and row.isdigit()):
            raise PlayError(f"{where}[{r}]", f"row {r + 1} must be a string of {size} digits")
    out = [digit - 48 for digit in "".join(heights).encode()]
    if max(out) <= top and [h == 0 for h in out] == [t is None for t in tiles]:
        return out  # every square's height fits its tile: the usual board, checked in two passes
    out = []
    for r, row in enumerate(heights):
        for c, digit in enumerate(row):
            i, height = r * size + c, ord(digit) - 48
            if height <= top and (height == 0) == (tiles[i] is None):
                out.append(height)
                continue
            square = square_name(i, size)
            if height > top:
                raise PlayError(f"{where}[{r}]", f"square {square}: a stack of {height}; {game.name} stacks at most "
                                f"{top} high", square=square)
            what = "is empty" if tiles[i] is None else f"holds {tiles[i]}"
            raise PlayError(f"{where}[{r}]", f"square {square} {what} but its height is {height}", square=square)
    return out
