"""The build runner: a pipeline file in, a verified, published artifact version out.

    build(pipeline) = publish(graph(write(stage(judge(read(sources))))))

1. read    every source's entries, with their forms when the game plays inflections
2. judge   each headword and form against the profile's rules (kept, or dropped with a reason)
3. stage   kept analyses and exclusions go to a staging database, so memory stays flat; then the
           overlays: allowed words join, blocked ones leave
4. write   the store and the key table in key order (lexicon_pipelines.write); the version is the hash of the content
5. graph   the word graph (KWG) over every valid tiling, its alphabet file, the key graph (lexicon.graph.keys);
           with `[graph.forms]`, also the affixed forms of a Hunspell source beyond the list, and their
           form index (lexicon_pipelines.graphforms, lexicon.graph.forms)
   and the bundle, all a client needs in one file (lexicon.bundle)
6. publish verify checksums, rename into place, move the `current` pointer, unless the shrink
           guard (lexicon.guard) holds the version back: it loses more than `max_loss` of the
           current version's words, or a source gave no entries
Besides the tables, the version carries what it was built from and needs to be opened (the
pipeline, profile and tile set files, the overlays' words: lexicon_pipelines.recorded), and, for a profile
that validates by analysis, the dictionary files its analyser reads, copied before the sources are
read (so they are the files the words came from).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lexicon import ArtifactError, DataError, LimitExceeded, __version__, artifacts, bundle, store
from lexicon.analyser import ENGINE
from lexicon.errors import HeldBack
from lexicon.graph import files as wordgraph
from lexicon.graph import forms as formindex
from lexicon.guard import MAX_LOSS, Change, compare_folders
from lexicon.profile import Compounds, Validation

from .attested import Attestation
from .compounds import rule_identity, write_rule
from .definition import Pipeline, load_pipeline, shipped
from .entry import Entry
from .graphforms import add_forms
from .precheck import precheck_entry, write_parts
from .progress import Progress, Silent
from .recorded import checksums, record_inputs
from .rules import HEADWORD, Candidate, Dropped, Kept, Rules, TilingChooser, candidates
from .sources import Source
from .staging import Counts, Staging
from .write import GraphInput, write_tables


@dataclass
class BuildResult:
    name: str
    version: str
    path: Path
    manifest: dict[str, Any]
    current: bool = True  # made current (False: --no-current, or held back by the shrink guard)
    change: Change | None = None  # what it did to the current version's words (None: not compared)
    warnings: list[str] = field(default_factory=list)


ALLOWLIST = "allowlist"
BLOCKLIST = "blocklist"
#: Guessed tilings named in a warning.
EXAMPLES = 5


@dataclass
class Job:
    """One build in progress: the pipeline and its readers and rules, then what each step makes."""

    p: Pipeline
    folder: Path
    progress: Progress
    readers: list[Source]
    rules: Rules
    expand: Any  # Entry → Entry with its forms, or None
    inflector: Any  # the pipeline's inflection generator, when it expands (its report joins the manifest)
    gaddag: bool
    inputs: dict[str, Any]  # the recorded profile, tile set and overlays (lexicon_pipelines.recorded)
    analysis: dict[str, Any] | None  # the analyser's files, for a profile that validates by analysis
    graph_input: GraphInput  # the word graphs' input: the graph's forms beyond the list first, then the list
    counts: Counts = field(default_factory=Counts)
    staging: Staging | None = None
    summary: dict[str, Any] = field(default_factory=dict)  # what `write` wrote: the version, words, forms …
    graph: dict[str, Any] = field(default_factory=dict)  # what `graph_files` wrote
    forms: dict[str, Any] | None = None  # what `add_forms` wrote: the graph's forms beyond the list
    attestation: Attestation | None = None  # the evidence corpora's words (lexicon_pipelines.attested)
    manifest: dict[str, Any] = field(default_factory=dict)

    def source_order(self) -> dict[str, int]:
        order = {s.id: i for i, s in enumerate(self.p.sources)}
        return order | {ALLOWLIST: len(order)}


def build(pipeline: Pipeline | str | Path, root: str | Path | None = None, *, progress: Progress | None = None,
          make_current: bool = True, allow_shrink: bool = False, max_loss: float = MAX_LOSS,
          choose: TilingChooser | None = None, expand=None, gaddag: bool | None = None) -> BuildResult:
    """Build a pipeline into `root/<name>/<version>/` and publish it.

    The version becomes current unless `make_current` is false, or the shrink guard holds it back
    (HeldBack, which carries the result): it would lose more than `max_loss` of the current
    version's words, or a source gave no entries; `allow_shrink` makes it current anyway.
    When the profile plays inflections, `expand` (Entry → Entry with forms) adds each entry's
    forms; without it, the generator the pipeline names in `[inflection]` does. `choose` picks
    the valid tilings of a word; without it, the pipeline's `[tiling]` table decides. `gaddag`
    overrides the pipeline's `[graph] gaddag` setting (the KWG then holds a GADDAG too).
    """
    p = pipeline if isinstance(pipeline, Pipeline) else load_pipeline(pipeline)
    progress = progress or Silent()
    root = artifacts.artifacts_root(root)
    folder = artifacts.new_build_dir(root, p.name)
    try:
        job = _job(p, folder, progress, choose, expand, p.graph.gaddag if gaddag is None else gaddag)
        if p.graph.forms is not None:  # first: the evidence a corpus gives is what these forms lack
            job.forms = add_forms(job.folder, p, job.readers, job.rules, job.graph_input, progress)
        stage(job, judge(job, read(job)))
        graph_input = write(job)
        graph_files(job, graph_input)
        if _has_rule(p):
            dictionary = next(r for r in job.readers if r.id == p.compounds.dictionary)
            job.graph["rule"] = write_rule(job.folder, p.compounds, dictionary, p.profile, job.graph["file"],
                                           progress)
        if p.precheck:
            job.analysis["precheck"] |= write_parts(job.folder, job.folder / ANALYSIS_FILES["aff"],
                                                    job.folder / ANALYSIS_FILES["dic"], p.profile, progress)
        describe(job)
        return publish(job, root, make_current=make_current, allow_shrink=allow_shrink, max_loss=max_loss)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    finally:
        progress.close()


def _job(p: Pipeline, folder: Path, progress: Progress, choose: TilingChooser | None, expand, gaddag: bool) -> Job:
    """The readers, rules and generators of a build, and the files the version carries from the start:
    the recorded inputs, and the analyser's dictionary (copied before the sources are read)."""
    readers = p.readers()
    inflector = p.inflector() if p.profile.inflections and expand is None else None
    job = Job(p, folder, progress, readers, Rules(p.profile, choose or p.chooser(readers)),
              (expand or inflector) if p.profile.inflections else None, inflector, gaddag,
              record_inputs(p, folder), _copy_analysis_files(p, readers, folder), GraphInput.of(p.profile.alphabet))
    if p.compounds is not None and p.compounds.evidence:
        job.attestation = Attestation(p, readers, folder)
    return job


# ---------------------------------------------------------------------- the steps

def read(job: Job) -> Iterator[tuple[int, Entry]]:
    """Every source's entries in pipeline order, each with its source's place and, when the game
    plays inflections, its forms; then the words the evidence corpora attest that the lexicon admits
    (lexicon_pipelines.attested)."""
    order, counts, progress = job.source_order(), job.counts, job.progress
    for reader in job.readers:
        progress.start(f"read {reader.id}", reader.size_hint())
        for entry in reader.entries():
            counts.entries[reader.id] += 1
            if job.expand is not None:
                entry = job.expand(entry)
            yield order[reader.id], entry
            progress.advance()
        progress.finish(f"{counts.entries[reader.id]:,} entries")
    if job.attestation is not None:
        job.attestation.forms_entry = job.forms
        yield from job.attestation.entries(progress, counts, len(order))


def judge(job: Job, entries: Iterable[tuple[int, Entry]]) -> Iterator[tuple[int, Iterator[Kept | Dropped]]]:
    """Each entry's headword and forms judged by the profile's rules: kept (with valid tilings) or dropped."""
    rules, with_forms = job.rules, job.p.profile.inflections
    for order, entry in entries:
        yield order, map(rules.judge, candidates(entry, with_forms))


def stage(job: Job, judged: Iterable[tuple[int, Iterator[Kept | Dropped]]]) -> None:
    """Stage every outcome (bounded by `[limits] max_words`), then the overlays: allowed words are
    judged without the source-flag rules and join, blocked keys leave."""
    p, counts = job.p, job.counts
    job.staging = staging = Staging(job.folder / "staging.sqlite")
    for order, outcomes in judged:
        staging.add_entry(outcomes, order, counts)
        if counts.candidates > p.limits.max_words:
            raise LimitExceeded(f"{p.path}: more than {p.limits.max_words:,} candidate words; "
                                f"raise [limits] max_words if this is intended")
    allow_rules = Rules(p.profile, job.rules.choose, apply_flags=False)
    order = job.source_order()[ALLOWLIST]
    for number, word in enumerate(p.overlays.allow, start=1):
        staging.add(allow_rules.judge(Candidate(word, word, "", HEADWORD, "", ALLOWLIST, frozenset(), ALLOWLIST,
                                                number)), order, counts)
    blocked: dict[str, str] = {}
    for word, why in zip(p.overlays.block, p.overlays.evidence("block")):
        key = job.rules.normalize(word).key
        if key is not None and not blocked.get(key):
            blocked[key] = why  # the first evidence given for the key
    staging.block(blocked, counts)


def _has_rule(p: Pipeline) -> bool:
    return p.profile.compounds is Compounds.RULE and p.profile.validation is Validation.COMPILED


def write(job: Job) -> GraphInput:
    """The store and the key table, in key order (the summary has the version); the graphs' input."""
    job.progress.start("write", job.staging.rows)
    identity = {"inputs": checksums(job.inputs)} | ({"analysis": job.analysis} if job.analysis else {})
    if job.p.graph.forms is not None:  # the graph's forms beyond the list: made by this code from these bounds
        identity["graph_forms"] = {"options": vars(job.p.graph.forms), "toolkit": __version__}
    if _has_rule(job.p):  # the compound rule: made by this code from the dictionary and these options
        identity["compound_rule"] = rule_identity(job.p.compounds)
    job.summary, graph_input = write_tables(job.folder, job.staging, job.p, job.counts, job.progress, job.gaddag,
                                            identity, job.graph_input)
    job.staging.close()
    job.progress.finish(f"{job.summary['words']:,} words")
    return graph_input


def graph_files(job: Job, graph_input: GraphInput) -> None:
    """The word graph over every valid tiling, its alphabet file and the key graph: the manifest's `graph`."""
    job.progress.start("graph")
    job.graph = graph = wordgraph.write_files(job.folder, job.p.profile.alphabet, graph_input.sequences,
                                              gaddag=job.gaddag, key_codes=graph_input.key_codes)
    if job.forms is not None:
        graph["forms"] = job.forms
    job.progress.finish(f"{graph['nodes']:,} nodes ({graph['format']}{', with GADDAG' if job.gaddag else ''})")


def describe(job: Job) -> None:
    """The version's manifest: what was built from what, the counts, the warnings, every file's checksum."""
    p, folder, summary = job.p, job.folder, job.summary
    manifest = {
        "format": artifacts.MANIFEST_FORMAT,
        "format_version": artifacts.MANIFEST_VERSION,
        "name": p.name,
        "version": summary["version"],
        "description": p.description,
        "build_time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "toolkit": {"distribution": "tile-lexicon", "version": __version__},
        "formats": {store.FILENAME: {"format": store.FORMAT, "schema_version": store.SCHEMA_VERSION}}
        | wordgraph.formats(job.graph) | (formindex.formats(job.forms) if job.forms is not None else {}),
        "graph": job.graph,
        "pipeline": {"path": str(p.path), "sha256": p.sha256},
        "profile": p.profile.as_dict(),
        "tileset": {"name": p.profile.alphabet.name, "sha256": job.inputs["tileset"]["sha256"]},
        "inputs": job.inputs,
        "sources": [r.provenance() | {"entries": job.counts.entries[r.id]} for r in job.readers],
        "overlays": {"allow": len(p.overlays.allow), "block": len(p.overlays.block)},
        "counts": job.counts.as_dict(summary["words"], summary["forms"], summary["multi_tiling"],
                                     summary["excluded_keys"]),
        "warnings": _warnings(job),
    }
    if job.analysis is not None:
        manifest["analysis"] = job.analysis
    if job.attestation is not None:
        manifest["attested"] = job.attestation.summary()
    if job.inflector is not None:
        manifest["inflection"] = job.inflector.report()
    job.progress.start("bundle")
    manifest["bundle"] = entry = bundle.write(folder, manifest, p.profile)
    job.progress.finish(f"{entry['size']:,} bytes")
    files = sorted(f.name for f in folder.iterdir() if f.is_file() and f.name != artifacts.MANIFEST)
    manifest["files"] = artifacts.file_records(folder, files)
    (folder / artifacts.MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                             encoding="utf-8")
    job.manifest = manifest


def publish(job: Job, root: Path, *, make_current: bool, allow_shrink: bool, max_loss: float) -> BuildResult:
    """Move the verified version into place; make it current unless the shrink guard holds it back."""
    p, version, manifest = job.p, job.summary["version"], job.manifest
    change = refusal = None
    if make_current:
        change = _change(job, root, version)
        refusal = change.refusal(max_loss)
    current = make_current and (refusal is None or allow_shrink)
    final = artifacts.publish(job.folder, root, p.name, version, make_current=current,
                              shrink_allowed=refusal is not None)
    result = BuildResult(p.name, version, final, artifacts.read_manifest(final), current, change,
                         list(manifest["warnings"]))
    if make_current and not current:
        raise HeldBack(f"built {p.name}@{version} in {final} but did not make it current: {refusal}.\n"
                       f"  {change.summary()}\n"
                       f"  see what changed with `lexicon diff {change.old or p.name} {p.name}@{version}`; "
                       f"make it current anyway with `lexicon build {_command_name(p)} --allow-shrink`",
                       result=result, change=change)
    return result


# ---------------------------------------------------------------------- helpers

def _change(job: Job, root: Path, version: str) -> Change:
    """What making the new version current does to the current one's words."""
    name = job.p.name
    empty = [r.id for r in job.readers if job.counts.entries[r.id] == 0]
    old = artifacts.current_version(root, name)
    if old == version:  # the same content again: nothing changes
        words = job.summary["words"]
        return Change(f"{name}@{old}", f"{name}@{version}", words, words, empty_sources=tuple(empty))
    old_folder = root / name / old if old is not None else None
    try:
        return compare_folders(old_folder, f"{name}@{old}" if old_folder else None, job.folder,
                               f"{name}@{version}", empty)
    except ArtifactError:  # a current version that cannot be read protects nothing
        return compare_folders(None, None, job.folder, f"{name}@{version}", empty)


def _warnings(job: Job) -> list[str]:
    """What a maintainer should know about a build that succeeded: tilings guessed among ambiguous cuts."""
    counts = job.counts
    if not counts.guessed:
        return []
    examples = ", ".join(counts.guessed_examples[:EXAMPLES])
    return [f"{counts.guessed:,} words have several tilings and were given the preferred one by guess "
            f"({examples}{', …' if counts.guessed > EXAMPLES else ''}): write a word's tiles in the source in tile "
            f"notation (HÁ[Z][S]OR), or read tilings off the morphology ([tiling] evidence = \"morphology\")"]


def _command_name(p: Pipeline) -> str:
    """How to name the pipeline on the command line: its shipped name, or its file."""
    return p.name if shipped(p.path) else str(p.path)


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
    entry = {"engine": ENGINE, "source": source.id, "files": dict(ANALYSIS_FILES), "sha256": checksums,
             "compounds": str(p.profile.compounds)}
    if p.precheck:  # its file is named when it is built; what it is built from is known now
        entry["precheck"] = precheck_entry(p.profile)
    return entry
