"""The build runner: a pipeline file in, a verified, published artifact version out.

Steps, each streaming and counted:
1. read    every source's entries, with their forms when the game plays inflections
2. judge   each headword and form against the profile's rules (kept, or dropped with a reason)
3. stage   kept analyses and exclusions go to a staging database, so memory stays flat
4. write   the store and the key table in key order (pipelines.write); the version is the hash of the content
5. graph   the word graph (KWG) over every valid tiling, its alphabet file, the key graph (lexicon.keyindex)
6. publish verify checksums, rename into place, move the `current` pointer
A profile that validates by analysis also gets the dictionary files its analyser reads, copied
into the version before the sources are read (so they are the files the words came from).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lexicon import DataError, LimitExceeded, __version__, artifacts, store, wordgraph
from lexicon.analyser import ENGINE
from lexicon.profile import Validation

from .definition import Pipeline, load_pipeline
from .progress import Progress, Silent
from .rules import HEADWORD, Candidate, Rules, TilingChooser, candidates
from .staging import Counts, Staging
from .write import write_tables


@dataclass
class BuildResult:
    name: str
    version: str
    path: Path
    manifest: dict[str, Any]


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
        staging = Staging(build_dir / "staging.sqlite")
        readers = p.readers()
        analysis = _copy_analysis_files(p, readers, build_dir)
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
        staging.block({rules.normalize(w).key for w in p.overlays.block} - {None}, counts)

        progress.start("write")
        summary, graph_input = write_tables(build_dir, staging, p, counts, progress, gaddag, analysis)
        staging.close()
        progress.finish(f"{summary['words']:,} words")

        progress.start("graph")
        graph = wordgraph.write_files(build_dir, p.profile.alphabet, graph_input.valid_keys, graph_input.sequences,
                                      gaddag=gaddag, key_codes=graph_input.key_codes)
        del graph_input
        progress.finish(f"{graph['nodes']:,} nodes ({graph['format']}{', with GADDAG' if gaddag else ''})")

        manifest = _manifest(p, readers, counts, summary, build_dir, graph)
        if analysis is not None:
            manifest["analysis"] = analysis
        if inflector is not None:
            manifest["inflection"] = inflector.report()
        (build_dir / artifacts.MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                                     encoding="utf-8")
        final = artifacts.publish(build_dir, root, p.name, summary["version"], make_current=make_current)
        return BuildResult(p.name, summary["version"], final, artifacts.read_manifest(final))
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise


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
        "counts": counts.as_dict(summary["words"], summary["forms"], summary["multi_tiling"],
                                 summary["excluded_keys"]),
        "files": artifacts.file_records(build_dir, files),
    }


#: Where an analysing lexicon's dictionary files go in its version (Hunspell opens <name>.aff/.dic).
ANALYSIS_FILES = {"aff": "analysis.aff", "dic": "analysis.dic"}


def _copy_analysis_files(p: Pipeline, readers, build_dir: Path) -> dict[str, Any] | None:
    """For a profile that validates by analysis: copy the first Hunspell source's .aff and .dic into
    the build, so the served version carries (and checksums) the files its analyser reads; the
    manifest's `analysis` entry, or None for a lexicon validated by its list."""
    if p.profile.validation is not Validation.ANALYSIS:
        return None
    source = next((r for r in readers if r.kind == ENGINE), None)
    if source is None:
        raise DataError(f"{p.path}: profile {p.profile.name!r} validates by analysis, which needs a "
                        f"{ENGINE} source to analyse with; this pipeline has none")
    checksums = {}
    for role, path in (("aff", source.aff_path()), ("dic", source.dic_path())):
        target = build_dir / ANALYSIS_FILES[role]
        shutil.copyfile(path, target)
        checksums[role] = artifacts.sha256_file(target)
    return {"engine": ENGINE, "source": source.id, "files": dict(ANALYSIS_FILES), "sha256": checksums,
            "compounds": str(p.profile.compounds)}
