"""SAOL 14 from the PyPI package `saol`: 126,900 entries of (word, upos, conj)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections.abc import Iterator
from pathlib import Path

from lexicon.errors import DataError

from ..entry import INITIALISM, PROPER_NOUN, Entry
from ..schema import Key
from .base import Source


class SaolSource(Source):
    """Headwords of Svenska Akademiens ordlista, 14th edition, with SAOL's inflection notation."""

    kind = "saol"
    options = {"edition": Key(int, "the SAOL edition: the package has 14 only", 14, choices=(14,))}

    def entries(self) -> Iterator[Entry]:
        for number, item in enumerate(self._words(), start=1):
            word, upos, conj = item.word, item.upos, item.conj
            notation = "" if conj in ("(null)", "", None) else conj
            flags = frozenset({PROPER_NOUN}) if upos == "X" and word[:1].isupper() else frozenset()
            if initialism(word, notation):
                flags |= {INITIALISM}
            yield Entry(headword=word, pos=upos, flags=flags, source=self.id, record=number, notation=notation)

    def _words(self):
        edition = self.config.get("edition", int, 14)
        if edition != 14:
            raise DataError(f"source {self.id!r}: the saol package has edition 14 only, not {edition}",
                            code="bad-source")
        try:
            from saol import saol14
        except ImportError as exc:
            raise DataError(f"source {self.id!r}: the PyPI package 'saol' is not installed "
                            f"(pip install saol)", code="bad-source") from exc
        return saol14

    def size_hint(self) -> int:
        return len(self._words())

    def files(self) -> list[Path]:
        spec = importlib.util.find_spec("saol.wordlist.saol14")
        return [Path(spec.origin)] if spec and spec.origin else []

    def version(self) -> str:
        try:
            package = importlib.metadata.version("saol")
        except importlib.metadata.PackageNotFoundError:
            package = "not installed"
        return f"SAOL 14 (PyPI saol {package})"


def initialism(word: str, notation: str) -> bool:
    """Does SAOL mark the headword an initialism: its endings joined to it with a colon (vd: `vd:n vd:ar`;
    DNA: `DNA:t _ dna:t`; färg-tv: `+:n +:ar`), as SAOL writes no other words' forms? A letter's name (a:
    `a:et`) is no initialism, and one letter is no word of the games anyway."""
    return len(word) > 1 and (f"{word.casefold()}:" in notation.casefold() or "+:" in notation)
