"""Reading and bounding request parameters: every value is checked before any work is done."""

from __future__ import annotations

import re

from flask import request

from lexicon import InputError
from lexicon.lookup import MAX_WORD_CHARS

from .problems import TooLong

MAX_LIMIT = 1000
DEFAULT_LIMIT = 100


def text(name: str, *, required: bool = True, default: str | None = None,
         max_chars: int = MAX_WORD_CHARS) -> str | None:
    value = request.args.get(name)
    if value is None or value == "":
        if required:
            raise InputError(f"the query parameter {name!r} is required")
        return default
    if len(value) > max_chars:
        raise TooLong(f"{name!r} is {len(value)} characters long; the limit is {max_chars}")
    check_text(name, value)
    return value


# Characters no one types as part of a word: C0 and C1 controls, zero-width and direction marks,
# line and paragraph separators, invisible operators, the byte-order mark, interlinear
# annotation, lone surrogates, non-characters. The OpenAPI document states the same pattern.
REFUSED = ("\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
           "\ufff9-\ufffb\ufffe\uffff")
COMBINING = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
#: More combining marks than this on one letter is not writing, it is a flood.
MAX_COMBINING_RUN = 4
_REFUSED_RE = re.compile(f"[{REFUSED}\ud800-\udfff]")
_FLOOD_RE = re.compile(f"[{COMBINING}]{{{MAX_COMBINING_RUN + 1}}}")
#: The pattern of acceptable text, for the OpenAPI document (surrogates cannot be written there).
TEXT_PATTERN = f"^(?![\\s\\S]*[{COMBINING}]{{{MAX_COMBINING_RUN + 1}}})[^{REFUSED}]*$"


def check_texts(name: str, values: list[str]) -> None:
    """check_text for every item of a list, with one search over all of them in the common case."""
    joined = "".join(values)
    # isprintable() is False for every refused character (controls, format characters, separators,
    # surrogates, non-characters), so in the common case it spares the slower regex.
    refused = not joined.isprintable() and _REFUSED_RE.search(joined)
    if refused or (not _latin1(joined) and _FLOOD_RE.search(joined)):  # a flood may only span two items
        for i, value in enumerate(values):
            check_text(f"{name}[{i}]", value)


def _latin1(text: str) -> bool:
    """Whether every character is below U+0100, so none is a combining mark (a copy in C, no scan
    in Python: Swedish and most Hungarian batches pass here)."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def check_text(name: str, value: str) -> None:
    """Refuse text no one types as a word: control and invisible format characters (zero-width,
    direction marks) and floods of combining marks."""
    bad = _REFUSED_RE.search(value)
    if bad:
        raise InputError(f"{name!r} has a control or invisible character (U+{ord(bad.group()):04X}) at "
                         f"position {bad.start()}", position=bad.start())
    flood = _FLOOD_RE.search(value)
    if flood:
        raise InputError(f"{name!r} has more than {MAX_COMBINING_RUN} combining marks in a row at position "
                         f"{flood.start()}", position=flood.start())


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
