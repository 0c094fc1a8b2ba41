"""The Unicode data normalisation reads, as tables a client without ICU or Python can carry in a bundle.

A word is normalised (lexicon.normalize) by NFC and Python's Unicode properties (unicodedata: the
composition and the combining classes, `isspace`, `isprintable`, the digits), ICU's upper-casing in
the alphabet's locale, and ICU's "Nonspacing Mark" set when accents are stripped; lexicon.text refuses
controls, invisible characters and floods of combining marks. The tables here are those, read off the
same libraries the library calls, so that a client running the same algorithm on them answers as the
library does (tests/test_bundle.py holds the C core's normaliser to the library's on every code point
and on words). docs/bundle.md gives their layout.

- `upper`: per code point whose upper case differs, the code points of its full upper case mapping
- `decompose`: per code point whose canonical decomposition differs, the code points of its full one
- `compose`: the canonical pairs (first, second) → composite that NFC composes (Hangul syllables aside
  here and in `decompose`: a client decomposes and composes them by arithmetic)
- `combining`: ranges of code points with their canonical combining class
- `props`: ranges of code points with flag bits (PROPS)

Per-code-point case mapping is exact for the library's locales (sv, hu, en: ICU tailors only Turkic,
Lithuanian, Greek and Dutch, some of it by context).
"""

from __future__ import annotations

import re
import struct
import sys
import unicodedata
from functools import cache

import icu

from .text import COMBINING, REFUSED

#: Flag bits of the `props` table.
SPACE, UNPRINTABLE, DIGIT, MARK, REFUSED_CHAR, COMBINING_MARK, HYPHEN = 1, 2, 4, 8, 16, 32, 64
PROPS = {"space": SPACE, "unprintable": UNPRINTABLE, "digit": DIGIT, "mark": MARK, "refused": REFUSED_CHAR,
         "combining": COMBINING_MARK, "hyphen": HYPHEN}
HYPHENS = "-\u2010\u2011"  # lexicon.normalize's hyphens
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3
LAST = sys.maxunicode


def _runs(values) -> list[tuple[int, int, int]]:
    """(start, end inclusive, value) runs of a value per code point, without the runs of 0."""
    out: list[tuple[int, int, int]] = []
    start, current = 0, values(0)
    for cp in range(1, LAST + 2):
        value = values(cp) if cp <= LAST else None
        if value != current:
            if current:
                out.append((start, cp - 1, current))
            start, current = cp, value
    return out


def _mappings(mapped: dict[int, str]) -> bytes:
    """count, then (code point, offset, length) per entry, then the pool of code points."""
    entries, pool = [], []
    for cp in sorted(mapped):
        entries.append((cp, len(pool), len(mapped[cp])))
        pool.extend(map(ord, mapped[cp]))
    return (struct.pack("<I", len(entries)) + b"".join(struct.pack("<3I", *e) for e in entries)
            + struct.pack(f"<{len(pool)}I", *pool))


def _ranges(runs: list[tuple[int, int, int]]) -> bytes:
    return struct.pack("<I", len(runs)) + b"".join(struct.pack("<3I", *r) for r in runs)


@cache
def tables(language: str) -> dict[str, bytes]:
    """The tables by section name (`uni.upper`, …) for an alphabet of `language`."""
    locale = icu.Locale(language)
    upper, decompose, compose = {}, {}, []
    for cp in range(LAST + 1):
        if 0xD800 <= cp < 0xE000:
            continue
        ch = chr(cp)
        if unicodedata.category(ch) == "Cn":
            continue
        up = str(icu.UnicodeString(ch).toUpper(locale))
        if up != ch:
            upper[cp] = up
        if HANGUL_FIRST <= cp <= HANGUL_LAST:
            continue  # a client decomposes and composes Hangul syllables by arithmetic
        nfd = unicodedata.normalize("NFD", ch)
        if nfd != ch:
            decompose[cp] = nfd
        mapping = unicodedata.decomposition(ch)
        if mapping and not mapping.startswith("<"):
            parts = [chr(int(x, 16)) for x in mapping.split()]
            if len(parts) == 2 and unicodedata.normalize("NFC", parts[0] + parts[1]) == ch:
                compose.append((ord(parts[0]), ord(parts[1]), cp))
    icu_marks = icu.UnicodeSet("[:Nonspacing Mark:]")
    marks = set()
    for i in range(icu_marks.getRangeCount()):
        marks.update(range(ord(icu_marks.getRangeStart(i)), ord(icu_marks.getRangeEnd(i)) + 1))
    refused = re.compile(f"[{REFUSED}\ud800-\udfff]")
    combining = re.compile(f"[{COMBINING}]")

    def props(cp: int) -> int:
        ch = chr(cp)
        return ((SPACE if ch.isspace() else 0) | (0 if ch.isprintable() else UNPRINTABLE)
                | (DIGIT if unicodedata.category(ch) == "Nd" else 0) | (MARK if cp in marks else 0)
                | (REFUSED_CHAR if refused.match(ch) else 0) | (COMBINING_MARK if combining.match(ch) else 0)
                | (HYPHEN if ch in HYPHENS else 0))

    compose.sort()
    return {
        "uni.upper": _mappings(upper),
        "uni.decompose": _mappings(decompose),
        "uni.compose": struct.pack("<I", len(compose)) + b"".join(struct.pack("<3I", *c) for c in compose),
        "uni.combining": _ranges(_runs(lambda cp: unicodedata.combining(chr(cp)))),
        "uni.props": _ranges(_runs(props)),
    }
