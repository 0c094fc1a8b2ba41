"""Games as data: board, premium layouts, rack, stacking, scoring and end of game, one TOML file a game
in `lexicon/data/games/` (the rules of each are in docs/games.md).

    >>> game = load_game("sv-scrabble")
    >>> game.size, game.rack, game.scoring.whole_rack_bonus
    (15, 7, 50)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .._data import Fields, data_names, read_toml
from ..alphabet import Alphabet, load_alphabet
from ..errors import DataError, PlayError

#: Premium codes of a layout row: the square's letter and word multipliers.
PREMIUMS: dict[str, tuple[str, int, int]] = {
    "d": ("DL", 2, 1),  # double letter
    "t": ("TL", 3, 1),  # triple letter
    "D": ("DW", 1, 2),  # double word
    "T": ("TW", 1, 3),  # triple word
}
PLAIN = "."
#: Columns are named by letters, as on a printed board (H8 is column H, row 8).
MAX_SIZE = 26


@dataclass(frozen=True)
class Layout:
    """Where the premium squares lie: one string per row, `.` plain, `d`/`t` double/triple letter,
    `D`/`T` double/triple word."""

    name: str
    rows: tuple[str, ...]
    verified: bool = True
    source: str = ""

    @cached_property
    def squares(self) -> tuple[str, ...]:
        """The code of every square, row by row."""
        return tuple("".join(self.rows))


@dataclass(frozen=True)
class Stacking:
    """Cubes laid on cubes (Betűtorony)."""

    max_height: int
    scores: str  # "stack": a position scores every cube of its tower; "top": its top cube only


@dataclass(frozen=True)
class Scoring:
    rule: str  # "letters": face values with premium squares; "cubes": points per cube (Betűtorony)
    whole_rack_bonus: int  # for laying as many tiles as the rack holds in one move
    premiums_every_word: bool = True  # a new tile's premium counts in every word it is part of
    cube: int = 1  # a cube of a new word
    flat_cube: int = 2  # each cube when every cube of the word lies on the first level
    rare: frozenset[str] = frozenset()
    rare_bonus: int = 0  # for each rare cube the player laid
    rare_bonus_every_word: bool = True  # that bonus in every word the cube is part of, not once


@dataclass(frozen=True)
class EndRule:
    remaining: str  # "face-value": the points of the tiles left; "per-tile": `per_tile` each
    per_tile: int = 0
    going_out_gains: bool = False  # the player who went out gains the others' remainders


@dataclass(frozen=True)
class TimeControl:
    """A game clock: over `limit` seconds, `penalty` points for every started `step` seconds; a player
    `ends_after` seconds over ends the game."""

    name: str
    limit: int | None  # None: no limit
    step: int = 60
    penalty: int = 0
    ends_after: int | None = None


@dataclass(frozen=True)
class Game:
    """One game's board and rules: `load_game("hu-betutorony").stacking.max_height`."""

    name: str
    description: str
    rules: str
    tileset: str
    lexicon: str  # the lexicon a play is judged by unless the request names another
    size: int
    start: tuple[int, ...]  # squares (row * size + col) one of which the first move covers
    rack: int
    layout: str | None  # the default premium layout; None: a board without premiums
    layouts: dict[str, Layout] = field(hash=False)
    scoring: Scoring
    end: EndRule
    stacking: Stacking | None = None
    time_controls: dict[str, TimeControl] = field(default_factory=dict, hash=False)
    path: Path | None = field(default=None, compare=False)

    @property
    def alphabet(self) -> Alphabet:
        return load_alphabet(self.tileset)

    def premiums(self, layout: str | list[str] | tuple[str, ...] | None = None, where: str = "layout"
                 ) -> tuple[str, ...]:
        """The premium code of every square: the game's default layout, another of its layouts by
        name, or rows given by the caller (checked, with the row and square named)."""
        if layout is None:
            if self.layout is None:
                return (PLAIN,) * (self.size * self.size)
            return self.layouts[self.layout].squares
        if isinstance(layout, str):
            if layout not in self.layouts:
                known = ", ".join(self.layouts) or "none"
                raise PlayError(where, f"{self.name} has no layout {layout[:40]!r} (layouts: {known})")
            return self.layouts[layout].squares
        return check_layout_rows(layout, self.size, where).squares

    def square(self, name: str, where: str = "square") -> int:
        """The index of a square named like `H8` (column letter, row number from 1)."""
        return parse_square(name, self.size, where)

    def square_name(self, index: int) -> str:
        return _names(self.size)[index]

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "description": self.description, "rules": self.rules, "tileset": self.tileset,
            "lexicon": self.lexicon, "size": self.size, "start": [self.square_name(s) for s in self.start],
            "rack": self.rack, "layout": self.layout,
            "layouts": {n: {"rows": list(lay.rows), "verified": lay.verified, "source": lay.source}
                        for n, lay in self.layouts.items()},
            "stacking": None if self.stacking is None else vars(self.stacking).copy(),
            "scoring": {k: sorted(v) if isinstance(v, frozenset) else v for k, v in vars(self.scoring).items()},
            "end": vars(self.end).copy(),
            "time_controls": {n: vars(t).copy() for n, t in self.time_controls.items()},
        }


def square_name(index: int, size: int) -> str:
    """`H8` for row 7, column 7 (counted from 0 at the top left)."""
    row, col = divmod(index, size)
    return f"{chr(ord('A') + col)}{row + 1}"


@cache
def _names(size: int) -> tuple[str, ...]:
    return tuple(square_name(i, size) for i in range(size * size))


_SQUARE = re.compile(r"([A-Za-z])([0-9]{1,2})")


def parse_square(name: str, size: int, where: str = "square") -> int:
    match = _SQUARE.fullmatch(name.strip()) if isinstance(name, str) else None
    if match is None:
        raise PlayError(where, f"{str(name)[:20]!r} is not a square name like H8 (column letter, row number)")
    col, row = ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1
    if not (0 <= col < size and 0 <= row < size):
        last = square_name(size * size - 1, size)
        raise PlayError(where, f"{name} is off the {size}×{size} board (A1 to {last})", square=name)
    return row * size + col


def check_layout_rows(rows: Any, size: int, where: str, name: str = "custom") -> Layout:
    if not isinstance(rows, (list, tuple)) or len(rows) != size:
        raise PlayError(where, f"a layout is {size} strings, one per row")
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != size:
            raise PlayError(f"{where}[{r}]", f"row {r + 1} must be a string of {size} premium codes")
        for c, code in enumerate(row):
            if code != PLAIN and code not in PREMIUMS:
                square = square_name(r * size + c, size)
                raise PlayError(f"{where}[{r}]", f"square {square}: {code!r} is not a premium code (. plain, d/t "
                                f"double/triple letter, D/T double/triple word)", square=square)
    return Layout(name, tuple(rows))


def game_names() -> list[str]:
    """Names of the games that ship with the package."""
    return data_names("games")


def load_game(name_or_path: str | Path) -> Game:
    """Load a game by name (`sv-betapet`) or path; cached."""
    return _load(str(name_or_path))


_KEYS = {"name", "description", "rules", "tileset", "lexicon", "board", "rack", "layouts", "stacking", "scoring",
         "end", "time_controls"}


@cache
def _load(name_or_path: str) -> Game:
    table, path = read_toml(name_or_path, "games")
    f = Fields(table, path)
    f.unknown(_KEYS)
    tileset = f.get("tileset", str)
    alphabet = load_alphabet(tileset)

    board = _section(f, "board", {"size", "start", "layout"})
    size = board.get("size", int)
    board.check("size", 2 <= size <= MAX_SIZE, f"must be between 2 and {MAX_SIZE}")
    start = []
    for name in board.get("start", list):
        try:
            start.append(parse_square(name, size, "start"))
        except PlayError as exc:
            raise DataError(f"{path}: board.{exc}") from None
    board.check("start", bool(start), "name at least one square")

    layouts = {}
    for name, raw in f.get("layouts", dict, {}).items():
        lay = _section(f, f"layouts.{name}", {"rows", "verified", "source"}, raw)
        try:
            rows = check_layout_rows(lay.get("rows", list), size, "rows").rows
        except PlayError as exc:
            raise DataError(f"{path}: layouts.{name}.{exc}") from None
        layouts[name] = Layout(name, rows, lay.get("verified", bool, True), lay.get("source", str, ""))
    layout = board.get("layout", str, None)
    board.check("layout", layout is None or layout in layouts, f"{layout!r} is not one of [layouts]")

    rack = _section(f, "rack", {"size", "whole_rack_bonus"})
    rack_size = rack.get("size", int)
    rack.check("size", 1 <= rack_size <= size * size, "must be at least 1")

    scoring = _scoring(_section(f, "scoring", {"rule", "premiums_every_word", "cube", "flat_cube", "rare",
                                               "rare_bonus", "rare_bonus_every_word"}),
                       rack.get("whole_rack_bonus", int, 0), alphabet)
    stacking = None
    if "stacking" in table:
        s = _section(f, "stacking", {"max_height", "scores"})
        height, scores = s.get("max_height", int), s.get("scores", str)
        s.check("max_height", 2 <= height <= 9, "must be between 2 and 9 (a height is one digit)")
        s.check("scores", scores in ("stack", "top"), f"{scores!r}: stack or top")
        stacking = Stacking(height, scores)

    end = _section(f, "end", {"remaining", "per_tile", "going_out_gains"})
    remaining = end.get("remaining", str)
    end.check("remaining", remaining in ("face-value", "per-tile"), f"{remaining!r}: face-value or per-tile")
    controls = {}
    for i, raw in enumerate(f.get("time_controls", list, [])):
        t = _section(f, f"time_controls[{i}]", {"name", "limit", "step", "penalty", "ends_after"}, raw)
        control = TimeControl(t.get("name", str), t.get("limit", int, None), t.get("step", int, 60),
                              t.get("penalty", int, 0), t.get("ends_after", int, None))
        t.check("step", control.step >= 1, "must be at least 1 second")
        controls[control.name] = control
    return Game(
        name=f.get("name", str), description=f.get("description", str), rules=f.get("rules", str),
        tileset=tileset, lexicon=f.get("lexicon", str), size=size, start=tuple(start), rack=rack_size,
        layout=layout, layouts=layouts, scoring=scoring,
        end=EndRule(remaining, end.get("per_tile", int, 0), end.get("going_out_gains", bool, False)),
        stacking=stacking, time_controls=controls, path=path,
    )


def _section(f: Fields, key: str, allowed: set[str], raw: Any = ...) -> Fields:
    table = f.get(key, dict) if raw is ... else raw
    if not isinstance(table, dict):
        raise DataError(f"{f.path}: {key}: expected a table")
    section = Fields(table, f.path, f"{key}.")
    section.unknown(allowed)
    return section


def _scoring(s: Fields, whole_rack_bonus: int, alphabet: Alphabet) -> Scoring:
    rule = s.get("rule", str)
    s.check("rule", rule in ("letters", "cubes"), f"{rule!r}: letters or cubes")
    rare = frozenset(s.get("rare", list, []))
    for tile in rare:
        s.check("rare", tile in alphabet, f"{tile!r} is not a tile of {alphabet.name}")
    return Scoring(rule, whole_rack_bonus, s.get("premiums_every_word", bool, True), s.get("cube", int, 1),
                   s.get("flat_cube", int, 2), rare, s.get("rare_bonus", int, 0),
                   s.get("rare_bonus_every_word", bool, True))
