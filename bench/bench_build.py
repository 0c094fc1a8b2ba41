"""Build time and peak memory of real pipelines (target for SAOL 14 → sv-betapet: < 15 s, < 500 MiB)."""

from __future__ import annotations

import sys
import tempfile

from .measure import run_child

TITLE = "Building lexicons from real sources"
PIPELINES = ["sv-betapet", "sv-betapet-wswedish", "sv-betapet-inflected"]


def run() -> str:
    rows = ["| pipeline | wall time (s) | peak RSS (MiB) | words |", "|---|---:|---:|---:|"]
    for name in PIPELINES:
        with tempfile.TemporaryDirectory() as root:
            wall, rss = run_child([sys.executable, "-m", "lexicon_cli", "build", name, "--artifacts", root])
            from lexicon import load

            words = len(load(name, root))
        rows.append(f"| {name} | {wall:.1f} | {rss:.0f} | {words:,} |")
    return ("Each build runs in a fresh process (`lexicon build <pipeline>`), into an empty artifacts "
            "directory; the time includes Python start-up and reading the source.\n\n" + "\n".join(rows))
