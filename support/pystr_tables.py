"""The tables of Python's str that the C core's request reader follows (lexicon/graph/core/wire/pystr_tables.c):
which characters `isspace` and `isprintable`, and the full case mappings of `upper` and `lower`, read off the
running Python, so that a refusal the core words (a square that is no tile, a field's value quoted by repr) reads
as the service words it. `python -m support.pystr_tables` writes the file; tests/test_play_engine.py holds it to
the running Python.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "lexicon" / "graph" / "core" / "wire" / "pystr_tables.c"


def _ranges(test) -> list[tuple[int, int]]:
    out, start = [], None
    for cp in range(sys.maxunicode + 2):
        inside = cp <= sys.maxunicode and test(chr(cp))
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            out.append((start, cp - 1))
            start = None
    return out


def _mappings(change) -> tuple[list[tuple[int, int]], list[tuple[int, ...]]]:
    single, multi = [], []
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp < 0xE000:
            continue
        mapped = change(chr(cp))
        if mapped == chr(cp):
            continue
        if len(mapped) == 1:
            single.append((cp, ord(mapped)))
        else:
            codes = [ord(c) for c in mapped]
            multi.append((cp, len(codes), *(codes + [0] * (3 - len(codes)))))
    return single, multi


def _array(name: str, rows: list[tuple[int, ...]]) -> str:
    body = ",\n".join("    " + ", ".join(f"0x{v:x}" for v in row) for row in rows) or "    0"
    count = name.replace("_ranges", "") + "_count"
    return f"const uint32_t {name}[] = {{\n{body}\n}};\nconst size_t {count} = {len(rows)};\n"


def source() -> str:
    """The C file's text."""
    upper_single, upper_multi = _mappings(str.upper)
    lower_single, lower_multi = _mappings(str.lower)
    parts = [
        "/* Python's str as the request reader follows it (reader.h): written by `python -m support.pystr_tables`\n"
        f" * from Python {sys.version_info.major}.{sys.version_info.minor}'s unicodedata "
        f"(Unicode {unicodedata.unidata_version}); do not edit. */\n",
        '#include "wire/reader.h"\n',
        f'const char py_unicode_version[] = "{unicodedata.unidata_version}";\n',
        "/* ranges of code points, first and last */\n",
        _array("py_space_ranges", _ranges(str.isspace)),
        _array("py_unprintable_ranges", _ranges(lambda c: not c.isprintable())),
        "/* code point, its one mapping */\n",
        _array("py_upper_single", upper_single),
        _array("py_lower_single", lower_single),
        "/* code point, the mapping's length, its code points */\n",
        _array("py_upper_multi", upper_multi),
        _array("py_lower_multi", lower_multi),
    ]
    return "\n".join(parts)


if __name__ == "__main__":
    TARGET.write_text(source(), encoding="utf-8")
    print(f"wrote {TARGET}")
