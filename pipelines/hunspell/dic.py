"""The .dic file: a count line, then one stem a line: `word[/flags][<TAB or blanks>morphology]`.

Split the way Hunspell's hash manager splits a line: the morphology starts at the first
two-letter field (`po:`, `is:` …) preceded by a blank, or at the first tab; the word ends at the
first slash not written `\\/`. The word may hold spaces (`ad hoc`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..files import DEFAULT_MAX_BYTES
from .aff import AffixFile
from .text import Decoder, raw_lines

_FIELD = re.compile(rb"[ \t][^ \t:]{2}:")  # a blank then a two-character field id and a colon


@dataclass(frozen=True, slots=True)
class Stem:
    word: str
    flags: frozenset[str]
    morph: str  # the morphological fields as written (or as the AM alias expands)
    line: int


def read_dic(path: Path, aff: AffixFile, max_bytes: int = DEFAULT_MAX_BYTES) -> list[Stem]:
    """Every stem of a .dic file, in file order."""
    decode = Decoder(path, aff.encoding)
    lines = raw_lines(path, max_bytes)
    first = next(lines, None)
    if first is None:
        raise decode.fail("empty .dic file: the first line should be the word count", 1)
    count = first[1].strip()
    if not count.isdigit() or int(count) < 1:
        raise decode.fail(f"the first line should be the word count, got {count[:40].decode('latin-1')!r}", 1)
    ignore = {ord(c): None for c in aff.ignore}
    flag_cache: dict[bytes, frozenset[str]] = {}
    stems = []
    for number, line in lines:
        if not line.strip():
            continue

        def fail(message: str, at: int = number) -> Exception:
            return decode.fail(message, at)

        word, flags, morph = split_line(line)
        text = decode(word, number).replace("\\/", "/")
        if ignore:
            text = text.translate(ignore)
        flag_set = flag_cache.get(flags)
        if flag_set is None:
            flag_set = flag_cache[flags] = aff.flag_set(flags, fail) if flags else frozenset()
        description = ""
        if morph:
            head = morph.split()[0] if morph.split() else b""
            if aff.morph_aliases and head.isdigit():
                description = aff.alias_morph(head, fail)
            else:
                description = morph.decode(aff.encoding, errors="replace").strip()
        stems.append(Stem(text, flag_set, description, number))
    return stems


def split_line(line: bytes) -> tuple[bytes, bytes, bytes]:
    """(word, flags, morphology) of a .dic line, still as bytes."""
    cut = len(line)
    found = _FIELD.search(line)
    if found:
        start = found.start()
        while start > 0 and line[start - 1] in b" \t":
            start -= 1
        if start > 0:
            cut = start
    tab = line.find(b"\t")
    if 0 <= tab < cut:
        cut = tab
    head, morph = line[:cut], line[cut:].strip()
    slash = _flag_slash(head)
    if slash < 0:
        return head, b"", morph
    return head[:slash], head[slash + 1:], morph


def _flag_slash(head: bytes) -> int:
    """The slash that starts the flags: the first one not escaped and not in the first column."""
    pos = head.find(b"/", 1)
    while pos > 0 and head[pos - 1:pos] == b"\\":
        pos = head.find(b"/", pos + 1)
    return pos
