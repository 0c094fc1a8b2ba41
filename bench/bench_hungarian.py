"""Size and build time of the Hungarian lexicons from Magyar Ispell, and where their tilings came from.

Each pipeline is built in a fresh process, as `lexicon build` runs it. The builds go to a
temporary directory, or to $BENCH_ARTIFACTS when it is set: `make judge-hungarian` keeps them
there and then has Hunspell judge every word.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from .measure import run_child

TITLE = "Hungarian lexicons from Magyar Ispell"
ON_REQUEST = True  # about half an hour: `python -m bench hungarian`, or `make judge-hungarian`
PIPELINES = ["hu-betutorony-stems", "hu-betutorony", "hu-betutorony-fastspell"]
EVIDENCE = ["morphology", "compound-split", "single", "none"]


def build(root: str, name: str) -> tuple[float, float, dict, dict]:
    """(wall s, peak RSS MiB, the manifest's counts, file sizes by name) of one build into `root`."""
    wall, rss = run_child([sys.executable, "-m", "lexicon_cli", "build", name, "--artifacts", root])
    folder = Path(root) / name
    manifest = json.loads((folder / (folder / "current").read_text().strip() / "manifest.json").read_text())
    return wall, rss, manifest["counts"], {f: meta["size"] for f, meta in manifest["files"].items()}


def row(name: str, wall: float, rss: float, counts: dict, sizes: dict) -> str:
    evidence = counts.get("tiling_evidence", {})
    mib = {f: sizes.get(f, 0) / 2**20 for f in ("lexicon.sqlite", "lexicon.kwg")}
    return (f"| {name} | {counts['candidates']:,} | {counts['words']:,} | {counts['dropped_total']:,} | "
            f"{wall:.0f} | {rss:.0f} | {mib['lexicon.sqlite']:.0f} | {mib['lexicon.kwg']:.1f} | "
            + " | ".join(f"{evidence.get(k, 0):,}" for k in EVIDENCE)
            + f" | {counts.get('words_with_several_tilings', 0):,} |")


def run() -> str:
    keep = os.environ.get("BENCH_ARTIFACTS")
    rows = ["| pipeline | candidates | words | dropped | build (s) | peak RSS (MiB) | SQLite (MiB) | KWG (MiB) | "
            "evidence: morphology | compound split | single tiling | none | several tilings |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        for name in PIPELINES:
            try:
                rows.append(row(name, *build(keep or tmp, name)))
            except RuntimeError as exc:  # a build that stops is a figure too: say why, measure the rest
                rows.append(f"| {name} | build failed: {str(exc).strip().splitlines()[-1][:200]} |")
    return ("Bounds as in the pipeline files: stems only, or stems and their one-affix forms of up to 10 "
            "tiles (`max_depth = 1`, `max_letters = 13`, `max_tiles = 10`), then the hu-betutorony profile (at most 10 "
            "tiles, no names, abbreviations, hyphens, digits or affixes). Candidates are the forms the "
            "reader gave, before the rules; a word's tiling evidence is what chose its tiles "
            "(docs/hungarian.md): morphology (affix or hy: boundaries), a compound split, or a spelling "
            "with a single tiling; `none` is a word tiled by the preferred tiling for want of evidence.\n\n"
            + "\n".join(rows))
