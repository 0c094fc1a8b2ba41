"""The build runner: a pipeline file in, a verified, published artifact version out.

Steps, each streaming and counted:
1. read    every source's entries, with their forms when the game plays inflections
2. judge   each headword and form against the profile's rules (kept, or dropped with a reason)
3. stage   kept analyses and exclusions go to a staging database, so memory stays flat
4. write   the artifact database in sorted order; the version is the hash of its content
5. graph   the word graph (KWG) over every valid tiling, its alphabet file, the membership index
6. publish verify checksums, rename into place, move the `current` pointer
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any

from lexicon import LimitExceeded, Reason, __version__, artifacts, format_tiling, store, wordgraph
from lexicon.alphabet import Alphabet
from lexicon.kwg import GraphBuilder

from .definition import Pipeline, load_pipeline
from .progress import Progress, Silent
from .rules import HEADWORD, Candidate, Dropped, Kept, Rules, TilingChooser, candidates


@dataclass
class BuildResult:
    name: str
    version: str
    path: Path
    manifest: dict[str, Any]


@dataclass
class Counts:
    entries: Counter = field(default_factory=Counter)  # per source id
    candidates: int = 0
    kept: Counter = field(default_factory=Counter)  # per kind (headword, inflected)
    dropped: Counter = field(default_factory=Counter)  # per reason code
    dropped_with_headword: int = 0  # forms dropped for their headword's reason: counted, not listed
    evidence: Counter = field(default_factory=Counter)  # how tilings were chosen, per key

    def as_dict(self, words: int, forms: int, multi_tiling: int) -> dict[str, Any]:
        return {
            "entries": dict(sorted(self.entries.items())), "candidates": self.candidates,
            "kept": dict(sorted(self.kept.items())), "words": words, "forms": forms,
            "dropped": dict(sorted(self.dropped.items())), "dropped_total": sum(self.dropped.values()),
            "dropped_forms_not_listed": self.dropped_with_headword,
            "words_with_several_tilings": multi_tiling, "tiling_evidence": dict(sorted(self.evidence.items())),
        }


ALLOWLIST = "allowlist"
BLOCKLIST = "blocklist"


def build(pipeline: Pipeline | str | Path, root: str | Path | None = None, *, progress: Progress | None = None,
          make_current: bool = True, choose: TilingChooser | None = None, expand=None,
          gaddag: bool | None = None) -> BuildResult:
    """Build a pipeline into `root/<name>/<version>/` and publish it.

    When the profile plays inflections, `expand` (Entry → Entry with forms) adds each entry's
    forms; without it, the generator the pipeline names in `[inflection]` does. `choose` picks
    the valid tilings of a word; without it, the pipeline's `[tiling]` table decides. `gaddag`
    overrides the pipeline's `[graph] gaddag` setting (the KWG then holds a GADDAG too).
    """
    p = pipeline if isinstance(pipeline, Pipeline) else load_pipeline(pipeline)
    if gaddag is None:
        gaddag = p.graph.gaddag
    progress = progress or Silent()
    root = artifacts.artifacts_root(root)
    build_dir = artifacts.new_build_dir(root, p.name)
    try:
        counts = Counts()
        staging = _Staging(build_dir / "staging.sqlite")
        readers = p.readers()
        choose = choose or p.chooser(readers)
        rules = Rules(p.profile, choose)
        source_order = {s.id: i for i, s in enumerate(p.sources)}
        source_order[ALLOWLIST] = len(source_order)
        inflector = p.inflector() if p.profile.inflections and expand is None else None
        expand = expand or inflector
        for reader in readers:
            progress.start(f"read {reader.id}")
            for entry in reader.entries():
                counts.entries[reader.id] += 1
                if p.profile.inflections and expand is not None:
                    entry = expand(entry)
                staging.add_entry(map(rules.judge, candidates(entry, p.profile.inflections)),
                                  source_order[reader.id], counts)
                progress.advance()
                if counts.candidates > p.limits.max_words:
                    raise LimitExceeded(f"{p.path}: more than {p.limits.max_words:,} candidate words; "
                                        f"raise [limits] max_words if this is intended")
            progress.finish(f"{counts.entries[reader.id]:,} entries")
        allow_rules = Rules(p.profile, choose, apply_flags=False)
        for number, word in enumerate(p.overlays.allow, start=1):
            c = Candidate(word, word, "", HEADWORD, "", ALLOWLIST, frozenset(), ALLOWLIST, number)
            staging.add(allow_rules.judge(c), source_order[ALLOWLIST], counts)
        blocked = {rules.normalize(w).key for w in p.overlays.block} - {None}

        progress.start("write")
        db_path = build_dir / store.FILENAME
        graph_input = _GraphInput(p.profile.alphabet)
        summary = _write_store(db_path, staging, blocked, p, counts, progress, graph_input, gaddag)
        staging.close()
        (build_dir / "staging.sqlite").unlink()
        progress.finish(f"{summary['words']:,} words")

        progress.start("graph")
        graph = wordgraph.write_files(build_dir, p.profile.alphabet, _stored_keys(db_path), graph_input.sequences,
                                      gaddag=gaddag)
        del graph_input
        progress.finish(f"{graph['nodes']:,} nodes ({graph['format']}{', with GADDAG' if gaddag else ''})")

        manifest = _manifest(p, readers, counts, summary, build_dir, graph)
        if inflector is not None:
            manifest["inflection"] = inflector.report()
        (build_dir / artifacts.MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                                     encoding="utf-8")
        final = artifacts.publish(build_dir, root, p.name, summary["version"], make_current=make_current)
        return BuildResult(p.name, summary["version"], final, artifacts.read_manifest(final))
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise


class _Staging:
    """Kept analyses and exclusions in arrival order, in a scratch database beside the build."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.execute("CREATE TABLE kept (seq INTEGER PRIMARY KEY, key, display, lemma, pos, kind, tag, rule, "
                        "source, record, src_order, tilings, evidence)")
        self.db.execute("CREATE TABLE dropped (seq INTEGER PRIMARY KEY, word, key, reason, detail, lemma, pos, "
                        "kind, tag, source, record, src_order)")
        self.kept: list[tuple] = []
        self.dropped: list[tuple] = []
        self.seq = 0

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
        counts.candidates += 1
        c = outcome.candidate
        if isinstance(outcome, Kept):
            counts.kept[c.kind] += 1
            self.kept.append((self.seq, outcome.key, c.text.strip(), c.lemma, c.pos, c.kind, c.tag, c.rule,
                              c.source, c.record, src_order, _join_tilings(outcome.tilings), outcome.evidence))
        else:
            counts.dropped[outcome.reason.value] += 1
            if not listed:
                counts.dropped_with_headword += 1
                return
            self.dropped.append(self._dropped_row(outcome, src_order))
        if len(self.kept) + len(self.dropped) >= 20000:
            self.flush()

    def _dropped_row(self, d: Dropped, src_order: int) -> tuple:
        c = d.candidate
        return (self.seq, c.text, d.key or "", d.reason.value, d.detail, c.lemma, c.pos, c.kind, c.tag, c.source,
                c.record, src_order)

    def block(self, row: tuple, counts: Counts) -> None:
        """Move a kept analysis (a staged `kept` row) to the exclusions as blocklisted."""
        seq, key, display, lemma, pos, kind, tag, rule, source, record, src_order = row[:11]
        counts.kept[kind] -= 1
        counts.dropped[Reason.BLOCKLIST.value] += 1
        self.db.execute("INSERT INTO dropped VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                        (seq, display, key, Reason.BLOCKLIST.value, "", lemma, pos, kind, tag, source, record,
                         src_order))

    def flush(self) -> None:
        self.db.executemany("INSERT INTO kept VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", self.kept)
        self.db.executemany("INSERT INTO dropped VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", self.dropped)
        self.kept.clear()
        self.dropped.clear()

    def kept_by_key(self):
        self.flush()
        self.db.execute("CREATE INDEX kept_order ON kept (key, kind != 'headword', src_order, record, seq)")
        return self.db.execute("SELECT * FROM kept ORDER BY key, kind != 'headword', src_order, record, seq")

    def dropped_in_order(self):
        return self.db.execute("SELECT word, key, reason, detail, lemma, pos, kind, tag, source, record FROM dropped "
                               "ORDER BY src_order, record, seq")

    def close(self) -> None:
        self.db.close()


class _GraphInput:
    """Every valid tiling (as tile numbers), streamed into the graph builder, which keeps them in
    one flat buffer: no Python object per word, whatever the lexicon's size."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.codes = wordgraph.TileCodes(alphabet)
        self.sequences = GraphBuilder()

    def add(self, key: str, cuts: list[tuple[str, ...]]) -> None:
        for cut in cuts:
            self.sequences.add(self.codes.encode(cut))


def _stored_keys(db_path: Path):
    """The keys of the written database, in order, one at a time."""
    conn = store.open_readonly(db_path)
    try:
        for (key,) in conn.execute("SELECT key FROM words ORDER BY key"):
            yield key
    finally:
        conn.close()


def _join_tilings(tilings) -> str:
    return "\n".join(" ".join(t) for t in tilings)


def _write_store(path: Path, staging: _Staging, blocked: set[str], p: Pipeline, counts: Counts,
                 progress: Progress, graph_input: _GraphInput, gaddag: bool) -> dict[str, Any]:
    """Write the final tables in sorted order, hashing their content for the version."""
    alphabet = p.profile.alphabet
    writer = store.StoreWriter(path)
    digest = hashlib.sha256()
    words, forms, tilings_rows = [], [], []
    n_words = n_forms = multi = 0
    hold = []  # blocklisted rows, moved once the cursor is done

    def flush() -> None:
        for table, rows in (("words", words), ("forms", forms), ("tilings", tilings_rows)):
            for row in rows:
                digest.update(_row_bytes(table, row))
            writer.insert(table, rows)
            rows.clear()

    for key, group in groupby(staging.kept_by_key(), key=lambda row: row[1]):
        rows = list(group)
        if key in blocked:
            hold.extend(rows)
            continue
        best = rows[0]
        cuts = [tuple(t.split(" ")) for t in best[11].split("\n")]
        counts.evidence[best[12]] += 1
        multi += len(cuts) > 1
        graph_input.add(key, cuts)
        preferred = cuts[0]
        words.append({"key": key, "display": best[2], "tiles": format_tiling(preferred, alphabet),
                      "tile_count": len(preferred), "lemma": best[3], "pos": best[4], "kind": best[5], "tag": best[6]})
        seen = set()
        for row in rows:
            ident = row[2:10]  # display … record: every source record that gave this key is kept
            if ident in seen:
                continue
            seen.add(ident)
            forms.append({"key": key, "display": row[2], "lemma": row[3], "pos": row[4], "kind": row[5],
                          "tag": row[6], "rule": row[7], "source": row[8], "record": row[9]})
        for i, cut in enumerate(cuts):
            tilings_rows.append({"key": key, "tiles": format_tiling(cut, alphabet), "tile_count": len(cut),
                                 "preferred": int(i == 0), "evidence": best[12]})
        n_words += 1
        n_forms += len(seen)
        progress.advance()
        if len(forms) >= 20000:
            flush()
    flush()
    for row in hold:
        staging.block(row, counts)

    exclusions = []
    for row in staging.dropped_in_order():
        record = dict(zip(store.TABLES["exclusions"], row))
        digest.update(_row_bytes("exclusions", record))
        exclusions.append(record)
        if len(exclusions) >= 20000:
            writer.insert("exclusions", exclusions)
            exclusions.clear()
    writer.insert("exclusions", exclusions)

    identity = {"name": p.name, "schema_version": store.SCHEMA_VERSION, "profile": p.profile.as_dict(),
                "alphabet": _alphabet_identity(alphabet), "graph": {"gaddag": gaddag}}
    digest.update(json.dumps(identity, sort_keys=True, ensure_ascii=False).encode())
    version = digest.hexdigest()[:12]
    writer.finish({
        "format": store.FORMAT, "schema_version": store.SCHEMA_VERSION, "name": p.name, "version": version,
        "profile": p.profile.name, "tileset": alphabet.name, "words": n_words, "forms": n_forms,
        "rules": json.dumps(p.profile.as_dict(), sort_keys=True, ensure_ascii=False),
    })
    return {"version": version, "words": n_words, "forms": n_forms, "multi_tiling": multi}


def _row_bytes(table: str, row: dict[str, Any]) -> bytes:
    return (table + "\t" + "\t".join(str(v) for v in row.values()) + "\n").encode()


def _alphabet_identity(alphabet: Alphabet) -> dict[str, Any]:
    return {"name": alphabet.name, "tiles": [[t.letter, t.count, t.points] for t in alphabet.tiles],
            "blanks": alphabet.blanks}


def _manifest(p: Pipeline, readers, counts: Counts, summary: dict[str, Any], build_dir: Path,
              graph: dict[str, Any]) -> dict[str, Any]:
    files = sorted(f.name for f in build_dir.iterdir() if f.is_file() and f.name != artifacts.MANIFEST)
    return {
        "format": artifacts.MANIFEST_FORMAT,
        "format_version": artifacts.MANIFEST_VERSION,
        "name": p.name,
        "version": summary["version"],
        "description": p.description,
        "build_time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "toolkit": {"distribution": "tile-lexicon", "version": __version__},
        "formats": {store.FILENAME: {"format": store.FORMAT, "schema_version": store.SCHEMA_VERSION}}
        | wordgraph.formats(graph),
        "graph": graph,
        "pipeline": {"path": str(p.path), "sha256": p.sha256},
        "profile": p.profile.as_dict(),
        "tileset": {"name": p.profile.alphabet.name, "sha256": artifacts.sha256_file(p.profile.alphabet.path)},
        "sources": [r.provenance() | {"entries": counts.entries[r.id]} for r in readers],
        "overlays": {"allow": len(p.overlays.allow), "block": len(p.overlays.block)},
        "counts": counts.as_dict(summary["words"], summary["forms"], summary["multi_tiling"]),
        "files": artifacts.file_records(build_dir, files),
    }
