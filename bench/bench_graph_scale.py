"""The compiled graph builder at Hungarian scale: tens of millions of tile sequences.

A stand-in for the enlarged hu-betutorony (issue 13): every form Magyar Ispell (Debian
hunspell-hu) gives with one affix and at most 13 letters (`lexicon expand --max-depth 1
--max-letters 13`), upper-cased, cut into hu-betutorony's tiles longest tile first (a regular
expression: the scale is the point here, not the tiling evidence), kept when it has 2 to 10 tiles.
The sequences are streamed into the builder in the order they come (not sorted), as a build
streams them. Runs only when named (`python -m bench graph_scale`): the
expansion takes minutes. BENCH_HU_FORMS names a file of forms already expanded, to skip it.

With a hu-betutorony version built ($BENCH_ARTIFACTS or ./artifacts), the same builder also
makes that version's own graphs again: the word graph of its two-affix forms and its form index
(lexicon.graph.forms), every sequence read back from the built files and shuffled (seed 1).

Target (issue 17): the graph built in at most 60 s, within the machine's 24 GiB.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .measure import ROOT

TITLE = "Word graphs at Hungarian scale"
ON_REQUEST = True


def run() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        forms = os.environ.get("BENCH_HU_FORMS")
        if not forms:
            forms = str(Path(tmp) / "forms.txt")
            subprocess.run([str(Path(sys.executable).with_name("lexicon")), "expand", "/usr/share/hunspell/hu_HU.dic",
                            "--max-depth", "1", "--max-letters", "13", "-o", forms], check=True)
        sequences = Path(tmp) / "sequences.bin"
        lines, kept = _tile(forms, sequences)
        rows = [f"Forms: {lines:,} lines of `lexicon expand`, {kept:,} tile sequences of 2 to 10 tiles (with repeats: "
                "homonyms and forms given by several stems). CPU seconds; the peak is the builder's, above the "
                "process with the sequences loaded as one bytes object each.", "",
                "| graph | build (s) | peak (MiB) | distinct sequences | nodes | layout | file (MB) |",
                "|---|---:|---:|---:|---:|---|---:|"]
        for gaddag in (False, True):
            rows.append(_row("DAWG+GADDAG" if gaddag else "DAWG", _child(str(sequences), str(int(gaddag)))))
        built = _built_graphs(Path(tmp))
        if built:
            rows += ["", f"The graphs of {built[0]}, made again from their own sequences in random order (DAWG):", "",
                     "| graph | build (s) | peak (MiB) | distinct sequences | nodes | layout | file (MB) |",
                     "|---|---:|---:|---:|---:|---|---:|"]
            rows += [_row(name, _child(str(path), "0")) for name, path in built[1]]
        return "\n".join(rows)


def _row(name: str, r: dict) -> str:
    if "error" in r:
        return f"| {name} | {r['seconds']:.1f} | {r['peak_mib']:.0f} | {r['error']} | | | |"
    return (f"| {name} | {r['seconds']:.1f} | {r['peak_mib']:.0f} | {r['distinct']:,} | {r['nodes']:,} | "
            f"{r['layout']} | {r['bytes'] / 1e6:.1f} |")


def _built_graphs(tmp: Path) -> tuple[str, list[tuple[str, Path]]] | None:
    """The built hu-betutorony's word graph and form index as files of shuffled sequences, or None."""
    from lexicon import LexiconError, load

    try:
        lex = load("hu-betutorony", os.environ.get("BENCH_ARTIFACTS"))
    except LexiconError:
        return None
    if lex.forms is None:
        return None
    files = []
    for name, core in (("word graph", lex.graph.kwg.core), ("form index", lex.forms.graph.core)):
        sequences = core.after(b"")
        random.Random(1).shuffle(sequences)
        path = tmp / f"{name.replace(' ', '-')}.bin"
        path.write_bytes(b"".join(bytes((len(s),)) + s for s in sequences))
        files.append((f"{name}, {len(sequences):,} sequences", path))
    return f"{lex.name}@{lex.version}", files


def _tile(forms: str, out: Path) -> tuple[int, int]:
    import re

    from lexicon import load_alphabet
    from lexicon.graph import TileCodes

    alphabet = load_alphabet("hu-betutorony")
    codes = TileCodes(alphabet)
    tiles = sorted((t.letter for t in alphabet.tiles), key=len, reverse=True)
    cut = re.compile("|".join(map(re.escape, tiles))).findall
    whole = re.compile(f"(?:{'|'.join(map(re.escape, tiles))})+").fullmatch
    lines = kept = 0
    with open(forms, encoding="utf-8") as fh, out.open("wb") as sink:
        for line in fh:
            lines += 1
            word = line.strip().upper()
            if not whole(word):
                continue
            pieces = cut(word)
            if not 2 <= len(pieces) <= 10:
                continue
            data = codes.encode(pieces)
            sink.write(bytes((len(data),)) + data)
            kept += 1
    return lines, kept


def child(path: str, gaddag: str) -> dict:
    from lexicon import LimitExceeded
    from lexicon.graph import GraphBuilder

    from .bench_kwg import _peak_rss_mib, _reset_peak
    from .measure import self_rss_mib

    blob = Path(path).read_bytes()
    sequences, at = [], 0
    while at < len(blob):
        sequences.append(blob[at + 1:at + 1 + blob[at]])
        at += 1 + blob[at]
    del blob
    _reset_peak()
    before = self_rss_mib()
    start = time.process_time()
    builder = GraphBuilder()
    builder.extend(sequences)
    try:
        encoded = builder.finish(gaddag=gaddag == "1")
    except LimitExceeded as exc:  # past the big layout's 0x1000000 nodes
        return {"error": str(exc), "seconds": time.process_time() - start, "peak_mib": _peak_rss_mib() - before}
    seconds = time.process_time() - start
    return {"seconds": seconds, "peak_mib": _peak_rss_mib() - before, "nodes": encoded.nodes,
            "layout": encoded.layout, "bytes": len(encoded.data), "distinct": encoded.distinct}


def _child(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.bench_graph_scale", *args], capture_output=True, text=True,
                         cwd=ROOT)
    if out.returncode:
        raise RuntimeError(f"bench child {args} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    print(json.dumps(child(*sys.argv[1:])))
