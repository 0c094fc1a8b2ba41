"""Reading and bounding request parameters: every value is checked before any work is done."""

from __future__ import annotations

import unicodedata

from flask import request

from lexicon import InputError
from lexicon.lookup import MAX_WORD_CHARS

from .problems import TooLong

MAX_LIMIT = 1000
DEFAULT_LIMIT = 100


def text(name: str, *, required: bool = True, default: str | None = None, max_chars: int = MAX_WORD_CHARS) -> str | None:
    value = request.args.get(name)
    if value is None or value == "":
        if required:
            raise InputError(f"the query parameter {name!r} is required")
        return default
    if len(value) > max_chars:
        raise TooLong(f"{name!r} is {len(value)} characters long; the limit is {max_chars}")
    check_text(name, value)
    return value


#: More combining marks than this on one letter is not writing, it is a flood.
MAX_COMBINING_RUN = 4


def check_text(name: str, value: str) -> None:
    """Refuse text no one types as a word: control and invisible format characters (zero-width,
    direction marks), unassigned code points, and floods of combining marks."""
    if not value.isprintable():
        position = next(i for i, ch in enumerate(value) if not ch.isprintable())
        raise InputError(f"{name!r} has a control or invisible character (U+{ord(value[position]):04X}) at "
                         f"position {position}", position=position)
    if not value.isascii():
        run = 0
        for i, ch in enumerate(value):
            run = run + 1 if unicodedata.combining(ch) else 0
            if run > MAX_COMBINING_RUN:
                raise InputError(f"{name!r} has more than {MAX_COMBINING_RUN} combining marks in a row at "
                                 f"position {i}", position=i)


def integer(name: str, default: int | None, low: int, high: int) -> int | None:
    value = request.args.get(name)
    if value is None or value == "":
        return default
    if not (value.isascii() and value.lstrip("-").isdigit()) or len(value) > 9:
        raise InputError(f"{name!r} must be an integer, got {value[:20]!r}")
    number = int(value)
    if not low <= number <= high:
        raise InputError(f"{name!r} must be between {low} and {high}, got {number}")
    return number


def choice(name: str, options: tuple[str, ...], default: str) -> str:
    value = request.args.get(name) or default
    if value not in options:
        raise InputError(f"{name!r} must be one of {', '.join(options)}, got {value[:20]!r}")
    return value


def flag(name: str) -> bool:
    return choice(name, ("true", "false", "1", "0"), "false") in ("true", "1")


def limit() -> int:
    return integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT)
