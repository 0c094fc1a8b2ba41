"""The build's write step: staged outcomes → the artifact's store and key index, in key order.

Every key a source gave (kept, or dropped after it normalised) gets a number, its rank in key
order (lexicon.graph.keys). A kept key's readings go to the store's `forms`, its record (preferred
reading, tile count, flags) to the key table; a dropped key's record carries its first reason.
The content is hashed as it is written: the hash is the version.

One pass over the merge of kept and dropped rows feeds a writer per output: the key table, the
store's forms, tilings and exclusions (each with its own batch of rows), the word graphs' input
and the version's digest.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path
from typing import Any

from lexicon import format_tiling, store
from lexicon.alphabet import Alphabet
from lexicon.errors import InputError
from lexicon.graph import MAX_LENGTH, GraphBuilder, LetterCodes, TileCodes
from lexicon.graph import keys as keyindex
from lexicon.graph.keys import EXCLUDED, HEADWORD, INFLECTED, KeyTableWriter, Strings

from .definition import Pipeline
from .progress import Progress
from .rules import GIVEN
from .staging import DROPPED, KEPT, Counts, Staging

_K = {name: i for i, name in enumerate(KEPT)}
_D = {name: i for i, name in enumerate(DROPPED)}
#: Rows a table writer holds before it inserts them.
BATCH = 20000
#: Evidence codes of a tiling chosen by guess among several cuts (.rules, .tiling_evidence).
GUESSED = frozenset({"preferred", "none"})


class GraphInput:
    """Every valid key's valid tilings (as tile numbers), and every key's letters, in key order.

    Tilings and letters go straight into the compiled graph builders, which keep them in flat
    buffers: no Python object per word, whatever the lexicon's size."""

    def __init__(self, alphabet: Alphabet, letters: LetterCodes) -> None:
        self.codes = TileCodes(alphabet)
        self.letters = letters
        self.sequences = GraphBuilder()
        self.key_codes = GraphBuilder()  # every key in the index, valid or excluded, in order

    @classmethod
    def of(cls, alphabet: Alphabet) -> GraphInput:
        return cls(alphabet, LetterCodes.of(alphabet))

    def add(self, key: str, cuts: list[tuple[str, ...]] | None) -> None:
        codes = self.letters.encode(key)
        if codes is None:
            raise InputError(f"the key {key!r} holds a character that is not a letter of the alphabet")
        self.key_codes.add(codes)
        if cuts is not None:
            for cut in cuts:
                self.sequences.add(self.codes.encode(cut))


class VersionDigest:
    """The version: a hash of every row and every numbered key, in the order they are written, then of the
    build's identity. Each row goes in as `table<TAB>columns…`, each key as `key<TAB>number<TAB>key`."""

    def __init__(self) -> None:
        self.sha256 = hashlib.sha256()

    def row(self, table: str, row: tuple) -> None:
        self.sha256.update((table + "\t" + "\t".join(map(str, row)) + "\n").encode())

    def key(self, number: int, key: str) -> None:
        self.sha256.update(f"key\t{number}\t{key}\n".encode())

    def finish(self, identity: dict[str, Any]) -> str:
        """The version id: the first twelve hex digits, once the identity is hashed too."""
        self.sha256.update(json.dumps(identity, sort_keys=True, ensure_ascii=False).encode())
        return self.sha256.hexdigest()[:12]


class _TableWriter:
    """One table of the store: each row is hashed into the version as it comes and waits in a batch of at
    most BATCH rows, so the table's rows are never all in memory."""

    table: str

    def __init__(self, db: store.StoreWriter, version: VersionDigest, strings: Strings) -> None:
        self.db, self.version, self.strings = db, version, strings
        self.batch: list[tuple] = []

    def _row(self, row: tuple) -> None:
        self.version.row(self.table, row)
        self.batch.append(row)
        if len(self.batch) >= BATCH:
            self.flush()

    def flush(self) -> None:
        self.db.insert(self.table, self.batch)
        self.batch.clear()


class FormsWriter(_TableWriter):
    """A valid key's readings (`forms`), numbered in preference order; `count` is the forms written."""

    table = "forms"

    def __init__(self, db: store.StoreWriter, version: VersionDigest, strings: Strings) -> None:
        super().__init__(db, version, strings)
        self.count = 0

    def add(self, number: int, key: str, readings: list[tuple]) -> None:
        s = self.strings.id
        for n, row in enumerate(readings):
            display = row[_K["display"]]  # stored only where it is more than the key in lower case
            self._row((number, n, None if display == key.lower() else display, s(row[_K["lemma"]]),
                       s(row[_K["pos"]]), _kind(row[_K["kind"]]), s(row[_K["tag"]]), s(row[_K["rule"]]),
                       s(row[_K["source"]]), row[_K["record"]]))
        self.count += len(readings)


class TilingsWriter(_TableWriter):
    """A key's listed tilings (`tilings`) in tile notation, with the evidence that chose them."""

    table = "tilings"

    def __init__(self, db: store.StoreWriter, version: VersionDigest, strings: Strings, alphabet: Alphabet) -> None:
        super().__init__(db, version, strings)
        self.alphabet = alphabet

    def add(self, number: int, cuts: list[tuple[str, ...]], evidence: str) -> None:
        code = self.strings.id(evidence)
        for n, cut in enumerate(cuts):
            self._row((number, n, format_tiling(cut, self.alphabet), code))


class ExclusionsWriter(_TableWriter):
    """Dropped rows (`exclusions`), numbered from 1 in writing order, each with its key's number or None
    (a key too long for any graph, a word that never normalised to a key)."""

    table = "exclusions"

    def __init__(self, db: store.StoreWriter, version: VersionDigest, strings: Strings) -> None:
        super().__init__(db, version, strings)
        self.last_id = 0

    def add(self, number: int | None, row: tuple) -> None:
        self.last_id += 1
        s = self.strings.id
        self._row((self.last_id, number, row[_D["word"]], s(row[_D["reason"]]), s(row[_D["detail"]]),
                   s(row[_D["lemma"]]), s(row[_D["pos"]]), _kind(row[_D["kind"]]), s(row[_D["tag"]]),
                   s(row[_D["source"]]), row[_D["record"]]))


class KeyRecords:
    """The key table (keys.dat, lexicon.graph.keys): one record per numbered key, with how many keys are
    valid (`words`), excluded, and valid with several tilings."""

    def __init__(self, strings: Strings) -> None:
        self.table = KeyTableWriter(strings)
        self.words = self.excluded = self.multi_tiling = 0

    def add_excluded(self, first: tuple) -> int:
        """An excluded key's record, from its first dropped row (its reason); returns the key's number."""
        self.excluded += 1
        return self.table.add(EXCLUDED, lemma=first[_D["lemma"]], pos=first[_D["pos"]],
                              reason=first[_D["reason"]], detail=first[_D["detail"]])

    def add_valid(self, best: tuple, cuts: list[tuple[str, ...]], *, several_readings: bool, listed: bool,
                  also_excluded: bool) -> int:
        """A valid key's record, from its preferred reading; returns the key's number."""
        self.words += 1
        self.multi_tiling += len(cuts) > 1
        flags = ((keyindex.SEVERAL_READINGS if several_readings else 0) | (keyindex.LISTED_TILINGS if listed else 0)
                 | (keyindex.ALSO_EXCLUDED if also_excluded else 0))
        return self.table.add(_kind(best[_K["kind"]]), lemma=best[_K["lemma"]], tag=best[_K["tag"]],
                              pos=best[_K["pos"]], tiles=len(cuts[0]), flags=flags)

    def write(self, path: Path, letters: str) -> None:
        self.table.write(path, letters)


def write_tables(folder: Path, staging: Staging, p: Pipeline, counts: Counts, progress: Progress,
                 gaddag: bool, extra: dict[str, Any] | None = None,
                 graph: GraphInput | None = None) -> tuple[dict[str, Any], GraphInput]:
    """Write lexicon.sqlite and keys.dat into `folder`; return the summary and the word graphs' input
    (`graph`, which may hold sequences already: the graph's forms beyond the list). `extra` joins the
    version's identity: the checksums of the files the version carries and opens with (its profile and
    tile set, the analyser's dictionary)."""
    alphabet = p.profile.alphabet
    letters = LetterCodes.of(alphabet)
    strings = Strings()
    db = store.StoreWriter(folder / store.FILENAME)
    version = VersionDigest()
    keys = KeyRecords(strings)
    forms = FormsWriter(db, version, strings)
    tilings = TilingsWriter(db, version, strings, alphabet)
    exclusions = ExclusionsWriter(db, version, strings)
    graph = graph or GraphInput(alphabet, letters)

    # The order of the calls below is the order of the rows, of the strings' numbers and of the hash:
    # the version of the same inputs depends on it.
    for key, kept, dropped in _merged(staging):
        if kept is None and len(key) > MAX_LENGTH:  # no key graph holds it: its drops are kept without a number
            for row in dropped:
                exclusions.add(None, row)
            progress.advance(len(dropped))
            continue
        if kept is None:  # only dropped rows: an excluded key
            number = keys.add_excluded(dropped[0])
            graph.add(key, None)
        else:
            tiled = _tiled(kept)
            cuts = [tuple(t.split(" ")) for t in tiled[_K["tilings"]].split("\n")]
            readings = _readings(key, kept)
            listed = not tiled[_K["as_cut"]]
            _count_evidence(counts, key, tiled[_K["evidence"]])
            number = keys.add_valid(kept[0], cuts, several_readings=len(readings) > 1, listed=listed,
                                    also_excluded=bool(dropped))
            graph.add(key, cuts)
            forms.add(number, key, readings)
            if listed:
                tilings.add(number, cuts, tiled[_K["evidence"]])
        for row in dropped:
            exclusions.add(number, row)
        version.key(number, key)
        progress.advance(len(kept or ()) + len(dropped))
    for row in staging.dropped_without_key():
        exclusions.add(None, row)
        progress.advance()
    for table in (forms, tilings, exclusions):
        table.flush()

    identity = {"name": p.name, "schema_version": store.SCHEMA_VERSION, "profile": p.profile.as_dict(),
                "alphabet": _alphabet_identity(alphabet), "graph": {"gaddag": gaddag}}
    version_id = version.finish(identity | (extra or {}))
    keys.write(folder / keyindex.DATA_FILE, letters.letters)
    db.finish({
        "format": store.FORMAT, "schema_version": store.SCHEMA_VERSION, "name": p.name, "version": version_id,
        "profile": p.profile.name, "tileset": alphabet.name, "words": keys.words, "forms": forms.count,
        "rules": json.dumps(p.profile.as_dict(), sort_keys=True, ensure_ascii=False),
    }, strings.items)
    return {"version": version_id, "words": keys.words, "forms": forms.count, "multi_tiling": keys.multi_tiling,
            "excluded_keys": keys.excluded}, graph


def _count_evidence(counts: Counts, key: str, evidence: str) -> None:
    """How a valid key's tilings were chosen, and the first keys tiled for want of evidence or by guess."""
    counts.evidence[evidence] += 1
    if evidence == "none" and len(counts.without_evidence) < 100:
        counts.without_evidence.append(key)
    if evidence in GUESSED:
        counts.guessed += 1
        if len(counts.guessed_examples) < 100:
            counts.guessed_examples.append(key)


def _merged(staging: Staging) -> Iterator[tuple[str, list[tuple] | None, list[tuple]]]:
    """(key, its kept rows or None, its dropped rows) for every key of either kind, in key order."""
    staging.sort()
    kept = groupby(staging.kept_by_key(), key=lambda row: row[_K["key"]])
    dropped = groupby(staging.dropped_by_key(), key=lambda row: row[_D["key"]])
    k, d = next(kept, None), next(dropped, None)
    while k is not None or d is not None:
        if d is None or (k is not None and k[0] < d[0]):
            yield k[0], list(k[1]), []
            k = next(kept, None)
        elif k is None or d[0] < k[0]:
            yield d[0], None, list(d[1])
            d = next(dropped, None)
        else:
            yield k[0], list(k[1]), list(d[1])
            k, d = next(kept, None), next(dropped, None)


def _tiled(rows: list[tuple]) -> tuple:
    """The reading whose tilings the key gets: the first the source gave in tile notation (`HÁ[Z][S]OR`),
    wherever it stands among the key's readings, else the preferred reading."""
    return next((row for row in rows if row[_K["evidence"]] == GIVEN), rows[0])


def _readings(key: str, rows: list[tuple]) -> list[tuple]:
    """A key's readings, one per source record that gave it (display … record), in preference order."""
    seen: set[tuple] = set()
    out = []
    for row in rows:
        ident = row[_K["display"]:_K["record"] + 1]
        if ident not in seen:
            seen.add(ident)
            out.append(row)
    return out


def _kind(kind: str) -> int:
    return HEADWORD if kind == "headword" else INFLECTED


def _alphabet_identity(alphabet: Alphabet) -> dict[str, Any]:
    return {"name": alphabet.name, "tiles": [[t.letter, t.count, t.points] for t in alphabet.tiles],
            "blanks": alphabet.blanks}
