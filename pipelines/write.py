"""The build's write step: staged outcomes → the artifact's store and key index, in key order.

Every key a source gave (kept, or dropped after it normalised) gets a number, its rank in key
order (lexicon.graph.keys). A kept key's readings go to the store's `forms`, its record (preferred
reading, tile count, flags) to the key table; a dropped key's record carries its first reason.
The content is hashed as it is written: the hash is the version.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path
from typing import Any

from lexicon import SequenceError, format_tiling, store
from lexicon.alphabet import Alphabet
from lexicon.graph import MAX_LENGTH, GraphBuilder, LetterCodes, TileCodes
from lexicon.graph import keys as keyindex
from lexicon.graph.keys import EXCLUDED, HEADWORD, INFLECTED, KeyTableWriter, Strings

from .definition import Pipeline
from .progress import Progress
from .rules import GIVEN
from .staging import DROPPED, KEPT, Counts, Staging

_K = {name: i for i, name in enumerate(KEPT)}
_D = {name: i for i, name in enumerate(DROPPED)}
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

    def add(self, key: str, cuts: list[tuple[str, ...]] | None) -> None:
        codes = self.letters.encode(key)
        if codes is None:
            raise SequenceError(f"the key {key!r} holds a character that is not a letter of the alphabet")
        self.key_codes.add(codes)
        if cuts is not None:
            for cut in cuts:
                self.sequences.add(self.codes.encode(cut))


def write_tables(folder: Path, staging: Staging, p: Pipeline, counts: Counts, progress: Progress,
                 gaddag: bool, extra: dict[str, Any] | None = None) -> tuple[dict[str, Any], GraphInput]:
    """Write lexicon.sqlite and keys.dat into `folder`; return the summary and the word graphs' input.
    `extra` joins the version's identity: the checksums of the files the version carries and opens
    with (its profile and tile set, the analyser's dictionary)."""
    alphabet = p.profile.alphabet
    letters = LetterCodes.of(alphabet)
    strings = Strings()
    table = KeyTableWriter(strings)
    graph = GraphInput(alphabet, letters)
    writer = store.StoreWriter(folder / store.FILENAME)
    digest = hashlib.sha256()
    buffers: dict[str, list[tuple]] = {"forms": [], "tilings": [], "exclusions": []}
    n_words = n_forms = multi = n_excluded = 0
    exclusion_id = 0

    def emit(name: str, row: tuple) -> None:
        digest.update((name + "\t" + "\t".join(map(str, row)) + "\n").encode())
        buffer = buffers[name]
        buffer.append(row)
        if len(buffer) >= BATCH:
            writer.insert(name, buffer)
            buffer.clear()

    def exclusion(number: int | None, row: tuple) -> None:
        nonlocal exclusion_id
        exclusion_id += 1
        s = strings.id
        emit("exclusions", (exclusion_id, number, row[_D["word"]], s(row[_D["reason"]]), s(row[_D["detail"]]),
                            s(row[_D["lemma"]]), s(row[_D["pos"]]), _kind(row[_D["kind"]]), s(row[_D["tag"]]),
                            s(row[_D["source"]]), row[_D["record"]]))

    for key, kept, dropped in _merged(staging):
        if kept is None and len(key) > MAX_LENGTH:  # no key graph holds it: its drops are kept without a number
            for row in dropped:
                exclusion(None, row)
            progress.advance(len(dropped))
            continue
        number = len(table)
        if kept is None:  # only dropped rows: an excluded key
            first = dropped[0]
            table.add(EXCLUDED, lemma=first[_D["lemma"]], pos=first[_D["pos"]], reason=first[_D["reason"]],
                      detail=first[_D["detail"]])
            graph.add(key, None)
            n_excluded += 1
        else:
            best, tiled = kept[0], _tiled(kept)
            cuts = [tuple(t.split(" ")) for t in tiled[_K["tilings"]].split("\n")]
            counts.evidence[tiled[_K["evidence"]]] += 1
            if tiled[_K["evidence"]] == "none" and len(counts.without_evidence) < 100:
                counts.without_evidence.append(key)
            if tiled[_K["evidence"]] in GUESSED:
                counts.guessed += 1
                if len(counts.guessed_examples) < 100:
                    counts.guessed_examples.append(key)
            multi += len(cuts) > 1
            readings = _readings(key, kept)
            listed = not tiled[_K["as_cut"]]
            flags = ((keyindex.SEVERAL_READINGS if len(readings) > 1 else 0)
                     | (keyindex.LISTED_TILINGS if listed else 0) | (keyindex.ALSO_EXCLUDED if dropped else 0))
            table.add(_kind(best[_K["kind"]]), lemma=best[_K["lemma"]], tag=best[_K["tag"]], pos=best[_K["pos"]],
                      tiles=len(cuts[0]), flags=flags)
            graph.add(key, cuts)
            s = strings.id
            for n, row in enumerate(readings):
                display = row[_K["display"]]
                emit("forms", (number, n, None if display == key.lower() else display, s(row[_K["lemma"]]),
                               s(row[_K["pos"]]), _kind(row[_K["kind"]]), s(row[_K["tag"]]), s(row[_K["rule"]]),
                               s(row[_K["source"]]), row[_K["record"]]))
            if listed:
                evidence = s(tiled[_K["evidence"]])
                for n, cut in enumerate(cuts):
                    emit("tilings", (number, n, format_tiling(cut, alphabet), evidence))
            n_words += 1
            n_forms += len(readings)
        for row in dropped:
            exclusion(number, row)
        digest.update(f"key\t{number}\t{key}\n".encode())
        progress.advance(len(kept or ()) + len(dropped))
    for row in staging.dropped_without_key():
        exclusion(None, row)
        progress.advance()
    for name, rows in buffers.items():
        writer.insert(name, rows)

    identity = {"name": p.name, "schema_version": store.SCHEMA_VERSION, "profile": p.profile.as_dict(),
                "alphabet": _alphabet_identity(alphabet), "graph": {"gaddag": gaddag}}
    identity |= extra or {}
    digest.update(json.dumps(identity, sort_keys=True, ensure_ascii=False).encode())
    version = digest.hexdigest()[:12]
    table.write(folder / keyindex.DATA_FILE, letters.letters)
    writer.finish({
        "format": store.FORMAT, "schema_version": store.SCHEMA_VERSION, "name": p.name, "version": version,
        "profile": p.profile.name, "tileset": alphabet.name, "words": n_words, "forms": n_forms,
        "rules": json.dumps(p.profile.as_dict(), sort_keys=True, ensure_ascii=False),
    }, strings.items)
    return {"version": version, "words": n_words, "forms": n_forms, "multi_tiling": multi,
            "excluded_keys": n_excluded}, graph


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
