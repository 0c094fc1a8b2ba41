"""The shrink guard: a version that would lose many of the current version's words is not made current.

A truncated download, an empty word list or a wrong path builds a perfectly valid lexicon with
few words. Before a version becomes current (by `lexicon build`, or when a service sees the
`current` pointer move), its keys are compared with the version it replaces; when it loses more
than a set share of them (5% unless told otherwise), or a source gave no entries at all, it is
held back with the change's summary. `lexicon build --allow-shrink` publishes it anyway, and
marks the pointer so that services follow.

    >>> change = Change("sv-x@0123456789ab", "sv-x@ba9876543210", 50, 13, added=3, removed=40)
    >>> change.refusal(0.05)
    'it would lose 40 of the 50 words of sv-x@0123456789ab (80.0%, more than the 5.0% allowed)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .graph.keys import EXCLUDED, KeyIndex
from .search import _CORE_TOKENS, ANY_RUN

#: The share of the current version's words a new version may lose and still become current.
MAX_LOSS = 0.05
#: Every word of a graph, as the compiled pattern search reads it: any run of tiles, then the end.
_EVERY_WORD = [_CORE_TOKENS[ANY_RUN], _CORE_TOKENS[None]]


@dataclass(frozen=True)
class Change:
    """What making `new` current does to the words of `old` (None: nothing is current yet)."""

    old: str | None
    new: str
    old_words: int
    new_words: int
    added: int = 0
    removed: int = 0
    empty_sources: tuple[str, ...] = ()  # sources that gave no entries

    @property
    def lost(self) -> float:
        """The share of the old version's words the new one lacks."""
        return self.removed / self.old_words if self.old_words else 0.0

    def refusal(self, max_loss: float = MAX_LOSS) -> str | None:
        """Why the new version must not become current without being told to, or None."""
        if self.empty_sources:
            which = ", ".join(repr(s) for s in self.empty_sources)
            return f"source {which} gave no entries (an empty or truncated file?)"
        if self.old is not None and self.lost > max_loss:
            return (f"it would lose {self.removed:,} of the {self.old_words:,} words of {self.old} "
                    f"({self.lost:.1%}, more than the {max_loss:.1%} allowed)")
        return None

    def summary(self) -> str:
        """`sv-x@… → sv-x@…: 3 added, 40 removed; 13 words (was 50)`."""
        if self.old is None:
            return f"{self.new}: {self.new_words:,} words (nothing was current)"
        return (f"{self.old} → {self.new}: {self.added:,} added, {self.removed:,} removed; "
                f"{self.new_words:,} words (was {self.old_words:,})")

    def as_dict(self) -> dict[str, object]:
        return {"old": self.old, "new": self.new, "old_words": self.old_words, "new_words": self.new_words,
                "added": self.added, "removed": self.removed, "lost": round(self.lost, 6),
                "empty_sources": list(self.empty_sources)}


def compare(old: str | None, old_keys: Iterable[str | bytes], new: str, new_keys: Iterable[str | bytes],
            empty_sources: Iterable[str] = ()) -> Change:
    """Count the words added and removed between two key streams, each in key order."""
    counts = {"added": 0, "removed": 0, "kept": 0}
    for _, side in merged(old_keys, new_keys):
        counts[side] += 1
    old_words = counts["removed"] + counts["kept"]
    return Change(old, new, old_words, counts["added"] + counts["kept"], counts["added"], counts["removed"],
                  tuple(empty_sources))


def compare_indexes(old: KeyIndex | None, old_spec: str | None, new: KeyIndex, new_spec: str,
                    empty_sources: Iterable[str] = ()) -> Change:
    """`compare` over two key indexes (None: nothing is current)."""
    if old is None:
        return compare(None, (), new_spec, _keys(new, raw=True), empty_sources)
    raw = old.letters == new.letters  # the same letter numbers: compare the keys' codes undecoded
    return compare(old_spec, _keys(old, raw), new_spec, _keys(new, raw), empty_sources)


def compare_folders(old: Path | None, old_spec: str | None, new: Path, new_spec: str,
                    empty_sources: Iterable[str] = ()) -> Change:
    """`compare` over two artifact version directories, reading only their key indexes."""
    new_index = KeyIndex(new)
    old_index = KeyIndex(old) if old is not None else None
    try:
        return compare_indexes(old_index, old_spec, new_index, new_spec, empty_sources)
    finally:
        new_index.close()
        if old_index is not None:
            old_index.close()


def merged(old: Iterable, new: Iterable) -> Iterator[tuple[Any, str]]:
    """Every key of two sorted streams with its side: `removed` (only old), `added` (only new), `kept`."""
    a, b = iter(old), iter(new)
    x, y = next(a, None), next(b, None)
    while x is not None or y is not None:
        if y is None or (x is not None and x < y):
            yield x, "removed"
            x = next(a, None)
        elif x is None or y < x:
            yield y, "added"
            y = next(b, None)
        else:
            yield x, "kept"
            x, y = next(a, None), next(b, None)


def _keys(index: KeyIndex, raw: bool) -> Iterator[str | bytes]:
    """The valid keys in key order: as their letter numbers (`raw`) from the compiled graph, which
    lists them some 25 times faster than `KeyIndex.keys` decodes them (0.02 s for sv-betapet's
    119,121 keys), or as text."""
    core = index.graph.core
    if not raw or core is None:
        return (key for _, key in index.keys())
    kind = index.kind
    return (codes for n, codes in enumerate(core.pattern(_EVERY_WORD, 1 << 62, "")) if kind(n) != EXCLUDED)
