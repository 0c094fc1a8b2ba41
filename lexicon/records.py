"""The store's answers about one version's keys (lexicon.sqlite, read through lexicon.store): the tilings a
list gave, every reading with its source record, the records the rules dropped, the forms as written.
Keys come by their number in the key index (lexicon.graph.keys), which also holds the store's strings.
"""

from __future__ import annotations

import os
import sqlite3
import weakref
from pathlib import Path

from . import store
from .alphabet import Alphabet
from .graph.keys import KINDS, LISTED_TILINGS, KeyIndex
from .tiling import DoubledDigraphs, Tiling, notation_tilings, parse_notation, preferred_tiling
from .verdict import Analysis, Exclusion

#: Exclusions listed in a detailed answer.
MAX_EXCLUSIONS = 20
_EXCLUSION_COLUMNS = "written, reason, detail, lemma, pos, kind, tag, source, record"


class Records:
    """One version's store, opened read-only. A SQLite connection must not cross a fork (gunicorn
    preloads, then forks workers): each process opens its own on first use."""

    def __init__(self, path: Path, key_index: KeyIndex, alphabet: Alphabet, policy: DoubledDigraphs) -> None:
        self.path = path / store.FILENAME
        self.key_index, self.alphabet, self.policy = key_index, alphabet, policy
        self._conn: sqlite3.Connection | None = None
        self._pid = -1
        # sqlite3 connections sit in a reference cycle with their statement cache, so they would
        # live (with their page cache) until the cyclic collector runs: close them as soon as
        # these records are dropped, which is when a service has swapped to a newer version.
        self._connections: list[sqlite3.Connection] = []
        weakref.finalize(self, _close_all, self._connections)

    @property
    def conn(self) -> sqlite3.Connection:
        if self._pid != os.getpid():
            self._conn = store.open_readonly(self.path)
            self._connections.append(self._conn)
            self._pid = os.getpid()
        return self._conn

    def tilings(self, key: str, n: int, flags: int) -> list[Tiling]:
        """The valid tilings of key number `n` with its key-index `flags`: the list's own (listed
        tilings) in the order given, else the one cut of the key the alphabet allows."""
        if flags & LISTED_TILINGS:
            rows = self.conn.execute("SELECT tiles FROM tilings WHERE word = ? ORDER BY n", (n,))
            return [notation_tilings(parse_notation(r[0], self.alphabet), self.alphabet, self.policy)[0]
                    for r in rows]
        if not self.alphabet.multi:
            return [tuple(key)]
        return [preferred_tiling(key, self.alphabet, self.policy)]

    def analyses(self, key: str, n: int) -> list[Analysis]:
        """Every reading of key number `n` (each source record that gave it), preferred first."""
        text = self.key_index.string
        rows = self.conn.execute("SELECT display, lemma, pos, kind, tag, rule, source, record FROM forms "
                                 "WHERE word = ? ORDER BY n", (n,))
        return [Analysis(display if display is not None else key.lower(), text(lemma), text(pos), KINDS[kind],
                         text(tag), text(rule), text(source), record)
                for display, lemma, pos, kind, tag, rule, source, record in rows]

    def exclusions(self, key: str, n: int, limit: int) -> list[Exclusion]:
        """At most `limit` source records the rules dropped that normalise to key number `n`, in source order."""
        rows = self.conn.execute(f"SELECT {_EXCLUSION_COLUMNS} FROM exclusions WHERE word = ? ORDER BY id LIMIT ?",
                                 (n, limit))
        return [self._exclusion(key, row) for row in rows]

    def excluded_as_written(self, word: str) -> tuple[Exclusion, ...]:
        """Source records dropped before they had a key (no word as written), written as `word` is."""
        text = word.strip()
        if not text:
            return ()
        rows = self.conn.execute(f"SELECT {_EXCLUSION_COLUMNS} FROM exclusions WHERE word IS NULL AND "
                                 f"written IN (?, ?, ?) ORDER BY id LIMIT ?",
                                 (text, text.lower(), text.capitalize(), MAX_EXCLUSIONS))
        return tuple(self._exclusion("", row) for row in rows)

    def _exclusion(self, key: str, row: tuple) -> Exclusion:
        written, reason, detail, lemma, pos, kind, tag, source, record = row
        text = self.key_index.string
        return Exclusion(written, key, text(reason), text(detail), text(lemma), text(pos), KINDS[kind], text(tag),
                         text(source), record)

    def exclusion_counts(self) -> dict[str, int]:
        """Dropped source words per reason code."""
        return dict(self.conn.execute("SELECT s.text, count(*) FROM exclusions e JOIN strings s ON s.id = e.reason "
                                      "GROUP BY s.text ORDER BY s.text"))

    def displays(self) -> Displays:
        """The forms as written, key by key, read in one pass beside the keys (lexicon.export)."""
        return Displays(self.conn.execute("SELECT word, display FROM forms ORDER BY word, n"))

    def close(self) -> None:
        _close_all(self._connections)


class Displays:
    """The forms as written of each key, read in one pass alongside the keys (both in number order)."""

    def __init__(self, rows) -> None:
        self.rows = rows
        self.pending = next(rows, None)

    def of(self, n: int, key: str) -> list[str]:
        found = set()
        while self.pending is not None and self.pending[0] <= n:
            if self.pending[0] == n:
                found.add(self.pending[1] if self.pending[1] is not None else key.lower())
            self.pending = next(self.rows, None)
        return sorted(found)


def _close_all(connections: list[sqlite3.Connection]) -> None:
    for conn in connections:
        conn.close()
