"""Plain word lists (one word a line) and TSV lists (headword, then its forms), in a declared encoding.

A word may be written in tile notation, brackets around tiles (`HÁ[Z][S]OR`, `há[z][s]or`): the
word is its letters, and the tiling the notation gives wins over the guess among a word's cuts
(lexicon_pipelines.rules). The letters of a word in notation are read in lower case.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..entry import Entry, Form
from ..files import DEFAULT_MAX_BYTES, decoded_lines
from ..schema import Key
from .base import MAX_BYTES, PATH, Source

_BRACKETS = re.compile(r"[\[\]]")


def written(text: str) -> tuple[str, str]:
    """(the word, its tile notation or ''): `HÁ[Z][S]OR` → ('házsor', 'HÁ[Z][S]OR')."""
    if "[" not in text:
        return text, ""
    return _BRACKETS.sub("", text).lower(), text


class PlainSource(Source):
    """One word a line. Blank lines are skipped; `comment` starts a line to ignore (off by default)."""

    kind = "plain"
    options = {
        "path": PATH,
        "encoding": Key(str, "the file's encoding (Debian's wswedish is `iso-8859-1`)", "utf-8"),
        "comment": Key(str, "a line starting with this is skipped (off by default)", ""),
        "max_bytes": MAX_BYTES,
    }

    def _lines(self) -> Iterator[tuple[int, str]]:
        comment = self.config.get("comment", str, "")
        encoding = self.config.get("encoding", str, "utf-8")
        max_bytes = self.config.get("max_bytes", int, DEFAULT_MAX_BYTES)
        for number, line in decoded_lines(self.config.path(), encoding, max_bytes):
            if not line.strip() or (comment and line.startswith(comment)):
                continue
            yield number, line

    def entries(self) -> Iterator[Entry]:
        for number, line in self._lines():
            word, tiling = written(line.strip())
            yield Entry(headword=word, tiling=tiling, source=self.id, record=number)

    def files(self) -> list[Path]:
        return [self.config.path()]


class TsvSource(PlainSource):
    """`headword<TAB>form<TAB>form…`; with `pos_column = true` the second column is the part of speech.

    A form may carry a tag after a `|`: `hundarna|pl def nom`. Headword and forms may be in tile notation.
    """

    kind = "tsv"
    options = PlainSource.options | {
        "pos_column": Key(bool, "the second column is the part of speech (UD tags: NOUN, VERB …)", False),
    }

    def entries(self) -> Iterator[Entry]:
        has_pos = self.config.get("pos_column", bool, False)
        for number, line in self._lines():
            cells = [c.strip() for c in line.split("\t")]
            (headword, tiling), rest = written(cells[0]), cells[1:]
            pos = rest.pop(0) if has_pos and rest else ""
            forms = tuple(_form(cell) for cell in rest if cell)
            yield Entry(headword=headword, tiling=tiling, pos=pos, forms=forms, source=self.id, record=number)


def _form(cell: str) -> Form:
    text, _, tag = cell.partition("|")
    word, tiling = written(text)
    return Form(word, tag, tiling=tiling)
