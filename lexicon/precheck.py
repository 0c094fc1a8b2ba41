"""The precheck of a lexicon validated by analysis: words no cut into the dictionary's parts spells.

Hunspell spends a few hundred microseconds on a word it rejects, searching its compound rules; most
words players try that no list holds are such words. The version's parts graph (built by
`[analysis] precheck`, lexicon_pipelines.hunspell.parts) holds a superset of every part Hunspell
could make a word of, so a word it cannot spell is one Hunspell rejects: the analyser answers it
without asking (lexicon.analyser). The walk is the compiled core's (tl_graph_spells); without the
core there is no precheck and Hunspell answers everything, as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import ArtifactError
from .graph.reader import Kwg


class Precheck:
    """`Precheck.open(folder, entry)`, then `refuses(word)`: True only for a word the parts cannot spell."""

    def __init__(self, kwg: Kwg, letters: str) -> None:
        if kwg.core is None:
            raise ArtifactError(f"{kwg.name}: the precheck needs the compiled core")
        self.kwg = kwg
        self.letters = letters
        self._spells = kwg.core.spells
        kwg.core.set_letters(letters)

    @classmethod
    def open(cls, folder: Path, entry: Any) -> Precheck | None:
        """The precheck the manifest's `analysis.precheck` entry names, or None: no entry, or no compiled core."""
        if entry is None:
            return None
        name = entry.get("file") if isinstance(entry, dict) else None
        letters = entry.get("letters") if isinstance(entry, dict) else None
        if not isinstance(name, str) or "/" in name or name.startswith(".") or not isinstance(letters, str) \
                or not letters or len(set(letters)) != len(letters):
            raise ArtifactError(f"{folder}: the manifest's analysis.precheck entry names no parts graph file and "
                                f"distinct letters: {entry!r}")
        kwg = Kwg.open(folder / name)
        if kwg.core is None:
            kwg.close()
            return None
        return cls(kwg, letters)

    def refuses(self, word: str) -> bool:
        """No cut of `word` (in small letters) into the parts spells it. False also when it cannot tell:
        a character that is not one of the parts' letters, or a word longer than the precheck takes."""
        return self._spells(word, len(self.letters)) is False

    def close(self) -> None:
        self.kwg.close()
