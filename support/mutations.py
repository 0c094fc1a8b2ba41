"""Requests broken one field at a time, for holding the engine's refusals to the reference's: a valid POST /play or
POST /moves body with one value (a field, a board row, a square of a row, a field of a tile or of a word move)
replaced by another, from values a client might send by mistake or on purpose. Seeded: the same seed gives the
same bodies.

    for body in mutations(body, random.Random(3), 200): ...
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

#: Values a field may be given instead of its own: every JSON kind, numbers at the edges, square names and tiles
#: that are nearly right, whitespace and letters of other scripts, brackets alone.
VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 15, 255, 2**63, -(2**63), 2**64 - 1, 1.5, -0.0, 1e16, 1e-5, 0.1, "", " ", "\t",
    "\u00a0", "H8", "h8", " H8 ", "H 8", "Z99", "A0", "A00", "P1", "K10", "?", "a", "A", "Å", "å", "[CS]",
    "[cs]", "CS", "cs", "[Cs]", "Ñ", "ß", "ﬁ", "İ", "ǅ", "Σ", "ж", "字", "😀", "\u200b", "\x7f", "\x00", "[", "]", "[]",
    "[[A]]",
    ".", "..", "x" * 45, "across", "down", "Across", "diagonal", "score", "alpha", "klassisk", "special",
    "sv-betapet", "sv-scrabble", "hu-betutorony", "nope", "HUND", "hUND", "HUN.", "[NY]ÚL", "A?B", [], [1], ["a", 2],
    ["." * 15] * 15, {}, {"a": 1}, {"word": "HUND"}, {"row": 7}, [{"square": "H8", "tile": "A"}],
]


def _slots(body: dict[str, Any]) -> list[tuple[list[Any], Any]]:
    """Every place a value may be replaced: (the path of keys and indexes to it, its container)."""
    out: list[tuple[list[Any], Any]] = [([key], body) for key in body]
    for key in ("board", "heights", "layout"):
        if isinstance(body.get(key), list):
            out += [([key, i], body[key]) for i in range(len(body[key]))]
    for key in ("move", "turn"):
        value = body.get(key)
        plays = value if key == "turn" and isinstance(value, list) else [value]
        for k, play in enumerate(plays):
            path = [key, k] if key == "turn" else [key]
            if isinstance(play, dict):
                out += [([*path, field], play) for field in ("word", "start", "direction")]
            elif isinstance(play, list):
                out += [([*path, i, field], tile) for i, tile in enumerate(play)
                        for field in ("row", "col", "square", "tile", "blank") if isinstance(tile, dict)]
    return out


def _replace(body: dict[str, Any], path: list[Any], value: Any) -> None:
    target = body
    for step in path[:-1]:
        target = target[step]
    if isinstance(target, dict) or (isinstance(target, list) and path[-1] < len(target)):
        target[path[-1]] = value


def _row_character(body: dict[str, Any], rng: random.Random) -> None:
    """One character of a board row replaced by another value's text."""
    rows = body.get("board")
    if not isinstance(rows, list) or not rows or not isinstance(rows[0], str):
        return
    r = rng.randrange(len(rows))
    row = rows[r]
    if not isinstance(row, str) or not row:
        return
    c = rng.randrange(len(row))
    # mostly a text of one square (a character or a bracketed tile), so that the row keeps its length
    texts = [v for v in VALUES if isinstance(v, str) and (len(v) == 1 or v.startswith("["))]
    text = rng.choice(texts if rng.random() < 0.8 else [v for v in VALUES if isinstance(v, str)])
    rows[r] = row[:c] + text + row[c + 1:]


def mutations(body: dict[str, Any], rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    """`count` bodies, each `body` with one or two values replaced (or a field added, dropped or unknown)."""
    for _ in range(count):
        broken = copy.deepcopy(body)
        for _ in range(rng.choice((1, 1, 2))):
            what = rng.random()
            if what < 0.25:
                _row_character(broken, rng)
            elif what < 0.22:
                broken.pop(rng.choice(list(broken)), None)
            elif what < 0.28:
                broken[rng.choice(["colour", "moves", "Game", "heights", "layout", "rack", "detail", "lexicon", "turn",
                                   "limit", "order", "phonies"])] = copy.deepcopy(rng.choice(VALUES))
            else:
                slots = _slots(broken)
                path, _ = rng.choice(slots)
                _replace(broken, path, copy.deepcopy(rng.choice(VALUES)))
        yield broken
