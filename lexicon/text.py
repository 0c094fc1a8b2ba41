"""Text no one types as a word, refused before any lookup, the same way by the library, the CLI and
the service: control and invisible format characters (zero-width, direction marks) and floods of
combining marks. Ordinary non-letters (a hyphen, a digit, `'; DROP TABLE`) are not refused: they
get an answer (`non-letter`, `not-in-lexicon`)."""

from __future__ import annotations

import re

from .errors import InputError

# C0 and C1 controls, zero-width and direction marks, line and paragraph separators, invisible
# operators, the byte-order mark, interlinear annotation, lone surrogates, non-characters.
REFUSED = ("\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
           "\ufff9-\ufffb\ufffe\uffff")
COMBINING = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
#: More combining marks than this on one letter is not writing, it is a flood.
MAX_COMBINING_RUN = 4
_REFUSED_RE = re.compile(f"[{REFUSED}\ud800-\udfff]")
_FLOOD_RE = re.compile(f"[{COMBINING}]{{{MAX_COMBINING_RUN + 1}}}")
#: The pattern of acceptable text, for an OpenAPI document (surrogates cannot be written there).
TEXT_PATTERN = f"^(?![\\s\\S]*[{COMBINING}]{{{MAX_COMBINING_RUN + 1}}})[^{REFUSED}]*$"


def refused_at(value: str) -> int | None:
    """The position of the first control or invisible character in `value`, or None (a line of a game
    record: a flood of marks there is the record's own business)."""
    if value.isprintable():  # nothing refused: see any_refused
        return None
    bad = _REFUSED_RE.search(value)
    return None if bad is None else bad.start()


def refusal(value: str) -> tuple[str, int] | None:
    """Why `value` is text no one types as a word, and where (position in `value`), or None."""
    if value.isprintable() and _latin1(value):  # nothing to refuse: see any_refused
        return None
    at = refused_at(value)
    if at is not None:
        return f"a control or invisible character (U+{ord(value[at]):04X})", at
    flood = _FLOOD_RE.search(value)
    if flood:
        return f"more than {MAX_COMBINING_RUN} combining marks in a row", flood.start()
    return None


def check_text(name: str, value: str) -> None:
    """Raise InputError, naming `name` and the position, if `value` is text no one types as a word."""
    found = refusal(value)
    if found is not None:
        why, position = found
        raise InputError(f"{name!r} has {why} at position {position}", position=position)


def any_refused(values: list[str]) -> bool:
    """Whether refusal() refuses any item of a list, with one search over all of them in the common case."""
    joined = "".join(values)
    # isprintable() is False for every refused character (controls, format characters, separators,
    # surrogates, non-characters), so in the common case it spares the slower regex.
    refused = not joined.isprintable() and _REFUSED_RE.search(joined)
    # a flood may span two items: then ask item by item
    return bool(refused or (not _latin1(joined) and _FLOOD_RE.search(joined)
                            and any(refusal(v) for v in values)))


def _latin1(text: str) -> bool:
    """Whether every character is below U+0100, so none is a combining mark (a copy in C, no scan
    in Python: Swedish and most Hungarian batches pass here)."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True
