"""Size and build time of the Hungarian lexicons from Magyar Ispell, and where their tilings came from.

Each pipeline is built in a fresh process, as `lexicon build` runs it, and the recall of
`hu-betutorony` on real text is measured (bench/hungarian_recall.py). The builds go to a
temporary directory, or to $BENCH_ARTIFACTS when it is set: `make judge-hungarian` keeps them
there and then has Hunspell judge every word.
"""

from __future__ import annotations

import os
import sys
import tempfile

from lexicon import artifacts, format_tiling, preferred_tiling

from . import hungarian_recall
from .measure import run_child

TITLE = "Hungarian lexicons from Magyar Ispell"
ON_REQUEST = True  # about half an hour: `python -m bench hungarian`, or `make judge-hungarian`
PIPELINES = ["hu-betutorony-stems", "hu-betutorony", "hu-betutorony-fastspell"]
EVIDENCE = ["morphology", "compound-split", "single", "none"]


def build(root: str, name: str) -> tuple[float, float, dict, dict, dict]:
    """(wall s, peak RSS MiB, the manifest's counts, file sizes by name, tiling figures) of one build."""
    wall, rss = run_child([sys.executable, "-m", "lexicon_cli", "build", name, "--artifacts", root])
    folder = artifacts.resolve(name, root)
    manifest = artifacts.read_manifest(folder)
    return (wall, rss, manifest["counts"], {f: meta["size"] for f, meta in manifest["files"].items()},
            tiling_figures(folder))


def tiling_figures(folder) -> dict:
    """What the evidence did, read from the built words: words longer than ten letters, words whose
    chosen tiling is not the longest-match cut an engine would make, and the words without evidence."""
    from lexicon.lookup import open_lexicon

    lex = open_lexicon(folder, verify=False)  # just built and verified by the build
    # The store lists the tilings of the keys whose tilings are not just the longest-match cut.
    chosen = lex.records.conn.execute("SELECT t.word, t.tiles FROM tilings t JOIN strings s ON s.id = t.evidence "
                                      "WHERE s.text = 'morphology' AND t.n = 0")
    keys = dict(lex.key_index.keys())
    alphabet = lex.alphabet
    overridden = sum(format_tiling(preferred_tiling(keys[n], alphabet), alphabet) != tiles for n, tiles in chosen)
    longer = sum(len(key) > 10 for key in keys.values())
    none = lex.manifest["counts"].get("tiled_without_evidence", [])
    lex.close()
    return {"overridden": overridden, "longer": longer, "none": none}


def row(name: str, wall: float, rss: float, counts: dict, sizes: dict, figures: dict) -> str:
    evidence = counts.get("tiling_evidence", {})
    mib = {f: sizes.get(f, 0) / 2**20 for f in ("lexicon.sqlite", "lexicon.kwg")}
    return (f"| {name} | {counts['candidates']:,} | {counts['words']:,} | {figures['longer']:,} | "
            f"{counts['dropped_total']:,} | {wall:.0f} | {rss:.0f} | {mib['lexicon.sqlite']:.0f} | "
            f"{mib['lexicon.kwg']:.1f} | " + " | ".join(f"{evidence.get(k, 0):,}" for k in EVIDENCE)
            + f" | {figures['overridden']:,} | {counts.get('words_with_several_tilings', 0):,} |")


def run() -> str:
    keep = os.environ.get("BENCH_ARTIFACTS")
    rows = ["| pipeline | candidates | words | words > 10 letters | dropped | build (s) | peak RSS (MiB) | "
            "SQLite (MiB) | KWG (MiB) | evidence: morphology | compound split | single tiling | none | "
            "chosen ≠ longest match | several tilings |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    without_evidence = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in PIPELINES:
            try:
                measured = build(keep or tmp, name)
            except RuntimeError as exc:  # a build that stops is a figure too: say why, measure the rest
                rows.append(f"| {name} | build failed: {str(exc).strip().splitlines()[-1][:200]} |")
                continue
            rows.append(row(name, *measured))
            if measured[4]["none"]:
                without_evidence.append(f"{name}: " + ", ".join(measured[4]["none"]))
        recall = hungarian_recall.run(keep or tmp)
    return ("Bounds as in the pipeline files: stems only, or stems and their one-affix forms of up to 10 "
            "tiles (`max_depth = 1`, `max_letters = 13`, `max_tiles = 10`), then the hu-betutorony profile "
            "(at most 10 tiles, no names, abbreviations, hyphens, digits or affixes). Candidates are the "
            "forms the reader gave, before the rules; a word's tiling evidence is what chose its tiles "
            "(docs/hungarian.md): morphology (affix or hy: boundaries), a compound split, or a spelling "
            "with a single tiling; `none` is a word tiled by the preferred tiling for want of evidence. "
            "'Chosen ≠ longest match' counts the words whose morphology chose another tiling than the "
            "longest-match cut engines make.\n\n" + "\n".join(rows)
            + "".join(f"\n\nWithout evidence, {line}" for line in without_evidence)
            + "\n\n### Recall on real text\n\nBy `bench/hungarian_recall.py` over the `hu-betutorony` just built "
            "(its docstring says how words are counted):\n\n" + recall)
