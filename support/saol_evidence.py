"""Installable evidence about SAOL 14's words, for the supplement's review and the completeness report.

Three independent sources, each read once and cached:
- SAOL 14 itself (PyPI `saol`): its headwords, and the words its notations write out
  (`den`: `n. det; gen. dess; pl. de …` names det, dess and de);
- DSSO (Debian hunspell-sv) through the project's Hunspell reader: its stems with their flags,
  and Hunspell's verdict on a word (PyPI chunspell);
- wswedish (Debian): a plain list of 121,426 Swedish words, inflected forms included.

`Evidence().holds(kind, word)` checks one claim of the supplement (`saol:de`: a SAOL notation writes
de out; `dsso-stem:de`, `dsso:dem`, `wswedish:deras`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cached_property
from pathlib import Path

DSSO = Path("/usr/share/hunspell/sv_SE.dic")
WSWEDISH = Path("/usr/share/dict/swedish")


class Evidence:
    """What SAOL 14, DSSO and wswedish say about words."""

    def __init__(self, dsso: Path = DSSO, wswedish: Path = WSWEDISH) -> None:
        self.dsso_path, self.wswedish_path = dsso, wswedish

    @cached_property
    def saol(self) -> dict[str, list[tuple[str, str]]]:
        """SAOL 14 headword → its (part of speech, notation) entries, as the package has them."""
        from saol import saol14

        entries: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for item in saol14:
            entries[item.word].append((item.upos, "" if item.conj == "(null)" else item.conj))
        return dict(entries)

    @cached_property
    def named(self) -> dict[str, set[str]]:
        """Word → the SAOL headwords whose notation writes it out (`de` → {`den`})."""
        found: dict[str, set[str]] = defaultdict(set)
        for headword, entries in self.saol.items():
            for _, notation in entries:
                text = re.sub(r"\[[^\]]*\]?", " ", notation)  # pronunciation notes name no words
                for token in re.findall(r"(?<![+\-:\w])[^\W\d_]+(?![.:\w])", text):
                    found[token].add(headword)
        return dict(found)

    @cached_property
    def dsso_stems(self) -> dict[str, list[frozenset[str]]]:
        """DSSO stem → the flag sets of its .dic lines (one per homograph)."""
        from lexicon_pipelines.hunspell import read_aff, read_dic

        aff = read_aff(self.dsso_path.with_suffix(".aff"))
        stems: dict[str, list[frozenset[str]]] = defaultdict(list)
        for stem in read_dic(self.dsso_path, aff):
            stems[stem.word].append(stem.flags)
        return dict(stems)

    @cached_property
    def speller(self):
        import hunspell  # PyPI chunspell

        return hunspell.Hunspell(self.dsso_path.stem, hunspell_data_dir=str(self.dsso_path.parent))

    def dsso_accepts(self, word: str) -> bool:
        return bool(self.speller.spell(word))

    @cached_property
    def wswedish(self) -> frozenset[str]:
        return frozenset(self.wswedish_path.read_text(encoding="iso-8859-1").split())

    def holds(self, kind: str, word: str) -> bool:
        """Whether the supplement's claim `kind:word` is true of the installed sources."""
        if kind == "saol":
            return word in self.named
        if kind == "dsso-stem":
            return word in self.dsso_stems
        if kind == "dsso":
            return self.dsso_accepts(word)
        if kind == "wswedish":
            return word in self.wswedish
        raise ValueError(f"unknown kind of evidence {kind!r}")

    def describe(self, word: str) -> list[str]:
        """Every claim the sources support about `word`, in the supplement's notation."""
        claims = [f"saol:{word}"] if word in self.named else []
        if word in self.dsso_stems:
            claims.append(f"dsso-stem:{word}")
        elif self.dsso_accepts(word):
            claims.append(f"dsso:{word}")
        if word in self.wswedish:
            claims.append(f"wswedish:{word}")
        return claims
