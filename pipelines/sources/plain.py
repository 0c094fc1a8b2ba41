"""Plain word lists (one word a line) and TSV lists (headword, then its forms), in a declared encoding."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..entry import Entry, Form
from .base import DEFAULT_MAX_BYTES, Source, decoded_lines


class PlainSource(Source):
    """One word a line. Blank lines are skipped; `comment` starts a line to ignore (off by default)."""

    kind = "plain"
    options = {"path", "encoding", "comment", "max_bytes"}

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
            yield Entry(headword=line.strip(), source=self.id, record=number)

    def files(self) -> list[Path]:
        return [self.config.path()]


class TsvSource(PlainSource):
    """`headword<TAB>form<TAB>form…`; with `pos_column = true` the second column is the part of speech.

    A form may carry a tag after a colon-free `|`: `hundarna|pl def nom`.
    """

    kind = "tsv"
    options = PlainSource.options | {"pos_column"}

    def entries(self) -> Iterator[Entry]:
        has_pos = self.config.get("pos_column", bool, False)
        for number, line in self._lines():
            cells = [c.strip() for c in line.split("\t")]
            headword, rest = cells[0], cells[1:]
            pos = rest.pop(0) if has_pos and rest else ""
            forms = tuple(Form(*cell.split("|", 1)) if "|" in cell else Form(cell) for cell in rest if cell)
            yield Entry(headword=headword, pos=pos, forms=forms, source=self.id, record=number)
