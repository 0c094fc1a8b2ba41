"""The build's staging area: every kept reading and every drop, counted, in a scratch database.

Sources stream entries in their own order; the artifact is written in key order. Between the two,
outcomes wait in a SQLite file beside the build, so memory stays flat however large the source.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexicon import Reason

from .rules import HEADWORD, Dropped, Kept


@dataclass
class Counts:
    entries: Counter = field(default_factory=Counter)  # per source id
    candidates: int = 0
    kept: Counter = field(default_factory=Counter)  # per kind (headword, inflected)
    dropped: Counter = field(default_factory=Counter)  # per reason code
    dropped_with_headword: int = 0  # forms dropped for their headword's reason: counted, not listed
    evidence: Counter = field(default_factory=Counter)  # how tilings were chosen, per key
    without_evidence: list[str] = field(default_factory=list)  # the first keys tiled for want of evidence
    guessed: int = 0  # words with several cuts given the preferred one for want of evidence or notation
    guessed_examples: list[str] = field(default_factory=list)  # the first of them

    def as_dict(self, words: int, forms: int, multi_tiling: int, excluded_keys: int) -> dict[str, Any]:
        return {
            "entries": dict(sorted(self.entries.items())), "candidates": self.candidates,
            "kept": dict(sorted(self.kept.items())), "words": words, "forms": forms,
            "dropped": dict(sorted(self.dropped.items())), "dropped_total": sum(self.dropped.values()),
            "dropped_forms_not_listed": self.dropped_with_headword, "excluded_keys": excluded_keys,
            "words_with_several_tilings": multi_tiling, "tiling_evidence": dict(sorted(self.evidence.items())),
            "tiled_without_evidence": self.without_evidence, "tilings_guessed": self.guessed,
        }


# Columns of the staged rows, in order.
KEPT = ("seq", "key", "display", "lemma", "pos", "kind", "tag", "rule", "source", "record", "src_order",
        "tilings", "evidence", "as_cut")
DROPPED = ("seq", "word", "key", "reason", "detail", "lemma", "pos", "kind", "tag", "source", "record", "src_order")
#: A key's readings in preference order: headwords first, then by source, record and arrival.
READING_ORDER = "kind != 'headword', src_order, record, seq"
DROP_ORDER = "src_order, record, seq"


class Staging:
    """Kept readings and drops in arrival order; read back grouped by key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.execute(f"CREATE TABLE kept ({', '.join(KEPT)}, PRIMARY KEY (seq))")
        self.db.execute(f"CREATE TABLE dropped ({', '.join(DROPPED)}, PRIMARY KEY (seq))")
        self.kept: list[tuple] = []
        self.dropped: list[tuple] = []
        self.seq = 0
        self.rows = 0  # rows staged (the drops that are only counted are not)

    def add_entry(self, outcomes, src_order: int, counts: Counts) -> None:
        """An entry's headword and forms. A form dropped for the reason its headword was dropped
        (the forms of a name are names) is counted, not listed: the headword's row explains them,
        and a Hungarian dictionary has millions of them."""
        headword_reason = None
        for outcome in outcomes:
            dropped = outcome.reason if isinstance(outcome, Dropped) else None
            if outcome.candidate.kind == HEADWORD:
                headword_reason = dropped
                self.add(outcome, src_order, counts)
            else:
                self.add(outcome, src_order, counts, listed=dropped != headword_reason)

    def add(self, outcome: Kept | Dropped, src_order: int, counts: Counts, listed: bool = True) -> None:
        """Stage one outcome; a drop that is not `listed` is counted only (see add_entry)."""
        self.seq += 1
        self.rows += 1
        counts.candidates += 1
        c = outcome.candidate
        if isinstance(outcome, Kept):
            counts.kept[c.kind] += 1
            self.kept.append((self.seq, outcome.key, c.text.strip(), c.lemma, c.pos, c.kind, c.tag, c.rule,
                              c.source, c.record, src_order, _join_tilings(outcome.tilings), outcome.evidence,
                              outcome.as_cut))
        else:
            counts.dropped[outcome.reason.value] += 1
            if not listed:
                counts.dropped_with_headword += 1
                self.rows -= 1
                return
            self.dropped.append((self.seq, c.text, outcome.key or "", outcome.reason.value, outcome.detail,
                                 c.lemma, c.pos, c.kind, c.tag, c.source, c.record, src_order))
        if len(self.kept) + len(self.dropped) >= 20000:
            self.flush()

    def flush(self) -> None:
        self.db.executemany(f"INSERT INTO kept VALUES ({','.join('?' * len(KEPT))})", self.kept)
        self.db.executemany(f"INSERT INTO dropped VALUES ({','.join('?' * len(DROPPED))})", self.dropped)
        self.kept.clear()
        self.dropped.clear()

    def block(self, keys: dict[str, str], counts: Counts) -> None:
        """Move every kept reading of `keys` to the drops, as blocklisted (the pipeline's overlay), each
        with its evidence ("" where none was given) as the drop's detail."""
        self.flush()
        for key, why in sorted(keys.items()):
            rows = self.db.execute("SELECT seq, display, lemma, pos, kind, tag, source, record, src_order FROM kept "
                                   "WHERE key = ?", (key,)).fetchall()
            for seq, display, lemma, pos, kind, tag, source, record, src_order in rows:
                counts.kept[kind] -= 1
                counts.dropped[Reason.BLOCKLIST.value] += 1
                self.db.execute(f"INSERT INTO dropped VALUES ({','.join('?' * len(DROPPED))})",
                                (seq, display, key, Reason.BLOCKLIST.value, why, lemma, pos, kind, tag, source,
                                 record, src_order))
            self.db.execute("DELETE FROM kept WHERE key = ?", (key,))

    def sort(self) -> None:
        """Index the staged rows for reading them back in key order (once everything is staged)."""
        self.flush()
        self.db.execute(f"CREATE INDEX kept_order ON kept (key, {READING_ORDER})")
        self.db.execute(f"CREATE INDEX dropped_order ON dropped (key, {DROP_ORDER})")

    def kept_by_key(self):
        """Kept rows (KEPT columns) by key, each key's readings in preference order."""
        return self.db.execute(f"SELECT * FROM kept ORDER BY key, {READING_ORDER}")

    def dropped_by_key(self):
        """Drops that normalised to a key (DROPPED columns), by key, each key's in source order."""
        return self.db.execute(f"SELECT * FROM dropped WHERE key != '' ORDER BY key, {DROP_ORDER}")

    def dropped_without_key(self):
        """Drops whose text did not normalise (DROPPED columns), in source order."""
        return self.db.execute(f"SELECT * FROM dropped WHERE key = '' ORDER BY {DROP_ORDER}")

    def close(self) -> None:
        self.db.close()
        self.path.unlink(missing_ok=True)


def _join_tilings(tilings) -> str:
    return "\n".join(" ".join(t) for t in tilings)
