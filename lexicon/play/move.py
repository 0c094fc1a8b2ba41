"""A move: the tiles a player lays, given square by square or as a word with a start square and a
direction; and the rack they come from.

    >>> game = load_game("sv-scrabble")
    >>> [p.square for p in word_move(game, empty_board(game), "HUND", "H8", "across")]
    [112, 113, 114, 115]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import PlayError
from .board import Board, _squares, _why_not_a_square, cell_table
from .game import Game, parse_square, square_name

BLANK = "?"


def rack_notation(tiles: list[str]) -> str:
    """Tiles as a rack writes them: a tile of several letters in brackets, `?` a blank."""
    return "".join(t if len(t) == 1 else f"[{t}]" for t in tiles)


#: In a word laid, a square whose tile is already on the board.
THROUGH = "."
DIRECTIONS = ("across", "down")


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile laid: its square (row * size + col), the tile, and whether a blank plays it."""

    square: int
    tile: str
    blank: bool = False


def placements(game: Game, items: Any, where: str = "move") -> list[Placement]:
    """Tiles given one by one: `[{"row": 7, "col": 7, "tile": "H"}, {"square": "I8", "tile": "w"}, …]`.

    A lower-case tile or `"blank": true` is a blank, named with the letter it stands for."""
    if not isinstance(items, list):
        raise PlayError(where, "a list of tiles, or a word with a start square and a direction")
    _check_count(game, len(items), where)
    size, table = game.size, cell_table(game.alphabet)
    out: list[Placement] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(items):
        here = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise PlayError(here, 'a tile is an object like {"row": 7, "col": 7, "tile": "H"}')
        unknown = set(item) - {"row", "col", "square", "tile", "blank"}
        if unknown:
            raise PlayError(here, f"unknown field {sorted(unknown)[0][:40]!r} (allowed: row, col, square, tile, blank)")
        square = _square_of(item, size, here)
        tile, blank = item.get("tile"), item.get("blank")
        if not isinstance(tile, str) or not tile:
            raise PlayError(f"{here}.tile", "the tile laid, as a string")
        if "blank" in item and not isinstance(blank, bool):
            raise PlayError(f"{here}.blank", "true or false")
        name = square_name(square, size)
        if tile == BLANK:
            raise PlayError(f"{here}.tile", f"the blank on {name} must name the letter it stands for", square=name)
        text = tile if len(tile) == 1 or tile.startswith("[") else f"[{tile}]"
        if blank:
            text = text.lower()
        cell = table.get(text)
        if cell is None or cell[0] is None:
            raise PlayError(f"{here}.tile", f"square {name}: {_why_not_a_square(text, game)}", square=name)
        if blank is False and cell[1]:
            raise PlayError(f"{here}.blank", f"square {name}: {tile!r} in lower case is a blank, but blank is false",
                            square=name)
        if square in seen:
            raise PlayError(here, f"two tiles on square {name} (also {where}[{seen[square]}])", square=name)
        seen[square] = i
        out.append(Placement(square, cell[0], cell[1]))
    return out


def _square_of(item: dict, size: int, where: str) -> int:
    if "square" in item:
        if "row" in item or "col" in item:
            raise PlayError(where, "give either square or row and col, not both")
        return parse_square(item["square"], size, f"{where}.square")
    row, col = item.get("row"), item.get("col")
    for key, value in (("row", row), ("col", col)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PlayError(f"{where}.{key}", "an integer from 0 (rows and columns count from 0 at the top left)")
        if not 0 <= value < size:
            raise PlayError(f"{where}.{key}", f"{value} is off the {size}×{size} board (0 to {size - 1})")
    return row * size + col


def word_move(game: Game, board: Board, word: Any, start: Any, direction: Any, where: str = "move") -> list[Placement]:
    """The tiles a word needs when laid from `start` in `direction`: squares that already show the
    word's tile, or that the word gives as `.` (the tile on the board, as game records write it), are
    passed over; every other square gets a tile (on a stacking board, laid on top).

    Outside brackets one character is one tile, as on the board: `[CS]ÉSZE` is CS É S Z E."""
    if not isinstance(word, str) or not word.strip():
        raise PlayError(f"{where}.word", "the word laid, in tile notation (lower case for a blank)")
    if direction not in DIRECTIONS:
        raise PlayError(f"{where}.direction", f"across or down, not {str(direction)[:20]!r}")
    if not isinstance(start, str):
        raise PlayError(f"{where}.start", "a square name like H8")
    size, table = game.size, cell_table(game.alphabet)
    first = parse_square(start, size, f"{where}.start")
    step = 1 if direction == "across" else size
    row, col = divmod(first, size)
    texts = _squares(word)
    room = size - (col if direction == "across" else row)
    if len(texts) > room:
        raise PlayError(f"{where}.word", f"{len(texts)} tiles from {start} {direction} run off the board "
                        f"({room} squares to the edge)", square=start)
    out: list[Placement] = []
    for k, text in enumerate(texts):
        square = first + k * step
        if text == THROUGH:
            if not board.heights[square]:
                name = square_name(square, size)
                raise PlayError(f"{where}.word", f"tile {k + 1} ({name}): '.' stands for the tile on the board, and "
                                f"{name} is empty", square=name)
            continue
        cell = table.get(text)
        if cell is None or cell[0] is None:
            name = square_name(square, size)
            raise PlayError(f"{where}.word", f"tile {k + 1} ({name}): {_why_not_a_square(text, game)}", square=name)
        if board.tiles[square] == cell[0]:
            continue  # already on the board: the word runs through it
        out.append(Placement(square, cell[0], cell[1]))
    _check_count(game, len(out), f"{where}.word", after="once the tiles already on the board are passed over")
    return out


def move_from_json(game: Game, board: Board, value: Any, where: str = "move") -> list[Placement]:
    """A move as a request gives it: a list of tiles, or `{"word", "start", "direction"}`."""
    if isinstance(value, dict):
        unknown = set(value) - {"word", "start", "direction"}
        if unknown:
            raise PlayError(where, f"unknown field {sorted(unknown)[0][:40]!r} (allowed: word, start, direction)")
        return word_move(game, board, value.get("word"), value.get("start"), value.get("direction", "across"),
                         where)
    return placements(game, value, where)


def _check_count(game: Game, count: int, where: str, after: str = "") -> None:
    if not 1 <= count <= game.rack:
        tail = f" {after}" if after else ""
        raise PlayError(where, f"{count} tiles{tail}; a move in {game.name} lays 1 to {game.rack}")


def parse_rack(game: Game, rack: Any, where: str = "rack") -> Counter[str]:
    """A rack in tile notation, `?` a blank: `HUNDA?S`, `[CS]ÉSZE`. Counts of tiles (`?` for blanks)."""
    if not isinstance(rack, str):
        raise PlayError(where, "the rack as a string of tiles, ? for a blank")
    alphabet, table = game.alphabet, cell_table(game.alphabet)
    texts = _squares(rack)
    if len(texts) > game.rack:
        raise PlayError(where, f"{len(texts)} tiles; a rack in {game.name} holds at most {game.rack}")
    counts: Counter[str] = Counter()
    for k, text in enumerate(texts):
        if text == BLANK:
            if not alphabet.blanks:
                raise PlayError(where, f"tile {k + 1} is a blank, and {alphabet.name} has no blanks")
            counts[BLANK] += 1
            continue
        cell = table.get(text.upper())  # a rack holds tiles; its blanks are `?`
        if cell is None or cell[0] is None:
            raise PlayError(where, f"tile {k + 1}: {_why_not_a_square(text.upper(), game)}")
        counts[cell[0]] += 1
    return counts
