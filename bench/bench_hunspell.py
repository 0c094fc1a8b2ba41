"""Expanding Hunspell dictionaries (target for sv_SE, about 0.8 M forms: < 60 s, < 1 GiB), with
`unmunch` (C++, Debian hunspell-tools) on the same files in the same run for scale."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from support.hunspell import DICTIONARIES

from .measure import run_child

TITLE = "Expanding Hunspell dictionaries"


def _lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for _ in fh)


def run() -> str:
    rows = ["| dictionary | tool | lines out | wall time (s) | peak RSS (MiB) | time / unmunch |",
            "|---|---|---:|---:|---:|---:|"]
    for key in ("sv_SE-debian", "sv_SE-fastspell"):
        d = DICTIONARIES[key]
        aff = d.folder / f"{d.name}.aff"
        with tempfile.TemporaryDirectory() as tmp:
            ours, theirs = Path(tmp) / "ours.txt", Path(tmp) / "unmunch.txt"
            wall, rss = run_child([sys.executable, "-m", "lexicon_cli", "expand", str(d.dic), "-o", str(ours)])
            base, base_rss = run_child(["sh", "-c", f'unmunch "{d.dic}" "{aff}" > "{theirs}" 2>/dev/null'])
            rows.append(f"| {d.label} | `lexicon expand` | {_lines(ours):,} | {wall:.2f} | {rss:.0f} | "
                        f"{wall / base:.0f}× |")
            rows.append(f"| {d.label} | `unmunch` | {_lines(theirs):,} | {base:.2f} | {base_rss:.0f} | 1× |")
    return ("Each command runs in a fresh process and writes every form to a file; `lexicon expand` time includes "
            "Python start-up, parsing the .aff and .dic, and the whole-dictionary checks (forbidden words, "
            "homonyms). `unmunch` prints compound-only stems with their flags and forms Hunspell rejects "
            "(docs/hunspell.md); `lexicon expand` prints only what Hunspell accepts, with twofold suffixes.\n\n"
            + "\n".join(rows))
