"""Games as data: board, premium layouts, rack, turns, stacking, scoring, challenges and end of game, one
TOML file a game in `lexicon/data/games/` (the rules of each are in docs/games.md), or anywhere by path.

    >>> game = load_game("sv-scrabble")
    >>> game.size, game.rack, game.scoring.whole_rack_bonus, game.challenge.rule
    (15, 7, 50, 'double')

A game file given by path names its tile set by a shipped name or by a path relative to the game
file; a game file or tile set that changes is read again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .._data import Fields, beside, data_names, file_stamp, is_path, read_toml
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
    cover_whole_word: bool = True  # a turn may cover every cube of a word on the board at once


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
    # The game also ends after this many rounds in which every turn was one of `scoreless`.
    scoreless_rounds: int = 2
    scoreless: frozenset[str] = frozenset({"pass"})


#: The kinds of turn that score nothing and count towards the scoreless end.
SCORELESS_KINDS = ("pass", "exchange", "withdrawn")


@dataclass(frozen=True)
class Exchange:
    """Changing tiles instead of playing: only while the bag holds `bag_minimum` tiles, at most `most`."""

    bag_minimum: int
    most: int


#: The named challenge rules (Macondo's and Woogles' names): whether a challenge exists at all (void:
#: a play with an invalid word is refused before it is laid), whether a wrong challenge costs the
#: challenger the next turn, and what it gives the player whose play stood.
CHALLENGE_RULES: dict[str, tuple[bool, bool, int]] = {
    "void": (False, False, 0),
    "single": (True, False, 0),
    "double": (True, True, 0),
    "five-point": (True, False, 5),
    "ten-point": (True, False, 10),
}


@dataclass(frozen=True)
class Challenge:
    """What a challenge does: a play with an invalid word comes off the board (its player scores 0 and
    the turn is over), or under `void` is refused before it is laid (the player plays again); a wrong
    challenge of a valid play costs the challenger the next turn and `challenger_penalty` points, and
    gives the player `player_bonus`, as the rule says."""

    rule: str
    challenger_loses_turn: bool = False
    player_bonus: int = 0
    challenger_penalty: int = 0  # none of the named rules has one; a game may add it (seed 002's social play)

    @property
    def void(self) -> bool:
        return not CHALLENGE_RULES[self.rule][0]


@dataclass(frozen=True)
class OpenChoice:
    """A rule the game's source leaves open: the key that holds the choice, and how it was read."""

    key: str
    reading: str


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
    several_words: bool = False  # a turn may lay several words, each in one line (Betűtorony)
    exchange: Exchange = Exchange(7, 7)
    challenge: Challenge = Challenge("single")
    open_choices: tuple[OpenChoice, ...] = ()
    path: Path | None = field(default=None, compare=False)
    # Where the tile set is read from: `tileset` resolved from the game file's folder when it is a
    # path, or the copy a published game carries.
    tileset_path: Path | None = field(default=None, compare=False)

    @property
    def alphabet(self) -> Alphabet:
        return load_alphabet(self.tileset_path or self.tileset)

    @property
    def unverified(self) -> list[dict[str, str]]:
        """The data this game plays with that is marked unverified: a premium layout, or the tile set's
        counts, standing in until the real ones are checked."""
        found = [{"key": f"layouts.{lay.name}", "reading": lay.source} for lay in self.layouts.values()
                 if not lay.verified]
        alphabet = self.alphabet
        if not alphabet.counts_verified:
            found.append({"key": "tileset.counts", "reading": alphabet.provenance})
        return found

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

    @property
    def square_names(self) -> tuple[str, ...]:
        """Every square's name, by index."""
        return _names(self.size)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "description": self.description, "rules": self.rules, "tileset": self.alphabet.name,
            "lexicon": self.lexicon, "size": self.size, "start": [self.square_name(s) for s in self.start],
            "rack": self.rack, "layout": self.layout,
            "layouts": {n: {"rows": list(lay.rows), "verified": lay.verified, "source": lay.source}
                        for n, lay in self.layouts.items()},
            "stacking": None if self.stacking is None else vars(self.stacking).copy(),
            "scoring": {k: sorted(v) if isinstance(v, frozenset) else v for k, v in vars(self.scoring).items()},
            "turn": {"several_words": self.several_words}, "exchange": vars(self.exchange).copy(),
            "challenge": vars(self.challenge).copy(),
            "end": {k: sorted(v) if isinstance(v, frozenset) else v for k, v in vars(self.end).items()},
            "time_controls": {n: vars(t).copy() for n, t in self.time_controls.items()},
            "open": [{"key": c.key, "reading": c.reading} for c in self.open_choices], "unverified": self.unverified,
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


@cache
def _shipped() -> frozenset[str]:
    return frozenset(game_names())


def load_game(name_or_path: str | Path, *, tileset: str | Path | None = None) -> Game:
    """Load a game by name (`sv-betapet`) or path; cached while the files are unchanged. `tileset`
    reads the tile set from another file (the copy a published game carries)."""
    tileset = None if tileset is None else str(tileset)
    game = _load(str(name_or_path), file_stamp(name_or_path), tileset, file_stamp(tileset))
    if game.tileset_path is not None and tileset is None:
        # The tile set the game file names by path may change on its own: read the game again then.
        game = _load(str(name_or_path), file_stamp(name_or_path), None, None, file_stamp(game.tileset_path))
    return game


_KEYS = {"name", "description", "rules", "tileset", "lexicon", "board", "rack", "layouts", "stacking", "scoring",
         "turn", "challenge", "end", "time_controls", "open"}


@cache
def _load(name_or_path: str, stamp, tileset_file: str | None, tileset_stamp, named_tileset_stamp=None) -> Game:
    table, path = read_toml(name_or_path, "games")
    f = Fields(table, path)
    f.unknown(_KEYS)
    tileset = f.get("tileset", str)
    tileset_path = Path(tileset_file) if tileset_file else beside(path, tileset)
    try:
        alphabet = load_alphabet(tileset_path or tileset)
    except DataError as exc:
        raise DataError(f"{path}: tileset: {exc}") from None

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

    rack = _section(f, "rack", {"size", "whole_rack_bonus", "exchange_bag_minimum", "exchange_most"})
    rack_size = rack.get("size", int)
    rack.check("size", 1 <= rack_size <= size * size, "must be at least 1")
    exchange = Exchange(rack.get("exchange_bag_minimum", int, rack_size), rack.get("exchange_most", int, rack_size))
    rack.check("exchange_most", 1 <= exchange.most <= rack_size, f"must be between 1 and the rack's {rack_size}")
    rack.check("exchange_bag_minimum", exchange.bag_minimum >= 0, "must not be negative")

    scoring = _scoring(_section(f, "scoring", {"rule", "premiums_every_word", "cube", "flat_cube", "rare",
                                               "rare_bonus", "rare_bonus_every_word"}),
                       rack.get("whole_rack_bonus", int, 0), alphabet)
    stacking = None
    if "stacking" in table:
        s = _section(f, "stacking", {"max_height", "scores", "cover_whole_word"})
        height, scores = s.get("max_height", int), s.get("scores", str)
        s.check("max_height", 2 <= height <= 9, "must be between 2 and 9 (a height is one digit)")
        s.check("scores", scores in ("stack", "top"), f"{scores!r}: stack or top")
        stacking = Stacking(height, scores, s.get("cover_whole_word", bool, True))

    end = _end(_section(f, "end", {"remaining", "per_tile", "going_out_gains", "scoreless_rounds", "scoreless"}))
    controls = {}
    for i, raw in enumerate(f.get("time_controls", list, [])):
        t = _section(f, f"time_controls[{i}]", {"name", "limit", "step", "penalty", "ends_after"}, raw)
        control = TimeControl(t.get("name", str), t.get("limit", int, None), t.get("step", int, 60),
                              t.get("penalty", int, 0), t.get("ends_after", int, None))
        t.check("step", control.step >= 1, "must be at least 1 second")
        controls[control.name] = control
    several = _section(f, "turn", {"several_words"}, table.get("turn", {})).get("several_words", bool, False)
    return Game(
        name=f.get("name", str), description=f.get("description", str), rules=f.get("rules", str),
        tileset=tileset, lexicon=f.get("lexicon", str), size=size, start=tuple(start), rack=rack_size,
        layout=layout, layouts=layouts, scoring=scoring, end=end, stacking=stacking, time_controls=controls,
        several_words=several, exchange=exchange, challenge=_challenge(f, table.get("challenge", {})),
        open_choices=_open_choices(f), path=path, tileset_path=tileset_path,
    )


def _section(f: Fields, key: str, allowed: set[str], raw: Any = ...) -> Fields:
    table = f.get(key, dict) if raw is ... else raw
    if not isinstance(table, dict):
        raise DataError(f"{f.path}: {key}: expected a table")
    section = Fields(table, f.path, f"{key}.")
    section.unknown(allowed)
    return section


def _end(end: Fields) -> EndRule:
    remaining = end.get("remaining", str)
    end.check("remaining", remaining in ("face-value", "per-tile"), f"{remaining!r}: face-value or per-tile")
    rounds = end.get("scoreless_rounds", int, 2)
    end.check("scoreless_rounds", rounds >= 1, "must be at least 1")
    kinds = end.get("scoreless", list, ["pass"])
    for kind in kinds:
        end.check("scoreless", kind in SCORELESS_KINDS, f"{kind!r}: one of {', '.join(SCORELESS_KINDS)}")
    return EndRule(remaining, end.get("per_tile", int, 0), end.get("going_out_gains", bool, False), rounds,
                   frozenset(kinds))


def _challenge(f: Fields, raw: Any) -> Challenge:
    c = _section(f, "challenge", {"rule", "challenger_penalty"}, raw)
    rule = c.get("rule", str, "single")
    c.check("rule", rule in CHALLENGE_RULES, f"{rule!r}: one of {', '.join(CHALLENGE_RULES)}")
    penalty = c.get("challenger_penalty", int, 0)
    c.check("challenger_penalty", penalty >= 0, "must not be negative (it is taken off the challenger's score)")
    c.check("challenger_penalty", not (penalty and rule == "void"), "a void game has no challenges")
    _, loses_turn, bonus = CHALLENGE_RULES[rule]
    return Challenge(rule, loses_turn, bonus, penalty)


def _open_choices(f: Fields) -> tuple[OpenChoice, ...]:
    choices = []
    for i, raw in enumerate(f.get("open", list, [])):
        o = _section(f, f"open[{i}]", {"key", "reading"}, raw)
        choices.append(OpenChoice(o.get("key", str), o.get("reading", str)))
    return tuple(choices)


def _scoring(s: Fields, whole_rack_bonus: int, alphabet: Alphabet) -> Scoring:
    rule = s.get("rule", str)
    s.check("rule", rule in ("letters", "cubes"), f"{rule!r}: letters or cubes")
    rare = frozenset(s.get("rare", list, []))
    for tile in rare:
        s.check("rare", tile in alphabet, f"{tile!r} is not a tile of {alphabet.name}")
    return Scoring(rule, whole_rack_bonus, s.get("premiums_every_word", bool, True), s.get("cube", int, 1),
                   s.get("flat_cube", int, 2), rare, s.get("rare_bonus", int, 0),
                   s.get("rare_bonus_every_word", bool, True))
