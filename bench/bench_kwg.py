"""Word graphs: the compiled core against wolges' builder, the pure-Python reference and dawg2.

Lists: sv-betapet (SAOL 14 headwords, 109,658 words) and sv-dsso (every form of Debian's
hunspell-sv, 813,916 words), built by their pipelines; the graphs are built from their keys in
key order, as the build streams them, with the tile numbers of their tile sets.

Targets (issue 17): build time ≤ 1.5× wolges' `buildlex` and builder peak ≤ 1.5× its peak (the
wolges column, measured on this machine for the issue: wolges cannot be built from the
registries here); membership ≥ dawg2's rate on the same keys; anagram of a rack with 2 blanks
on sv-dsso p50 ≤ 2 ms; a whole-lexicon pattern ends within its visit budget.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .measure import ROOT, self_rss_mib

TITLE = "Word graphs: the compiled core against wolges, the Python writer and dawg2"
QUERIES = 1_000_000
LISTS = {"sv-betapet": "sv-betapet", "sv-dsso": "sv-scrabble"}  # pipeline: its tile set
# wolges' buildlex on our exports, best of three, on this machine (issue 17): seconds, peak MB
WOLGES = {("sv-betapet", False): (0.03, 13), ("sv-betapet", True): (0.35, 78),
          ("sv-dsso", False): (0.18, 31), ("sv-dsso", True): (1.45, 205)}


def run() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        artifacts = {name: _build_artifact(name, work / "artifacts") for name in LISTS}
        keys = {name: _keys_file(artifacts[name], work, name) for name in LISTS}
        sections = [_intro(keys), _builds(keys), _membership(keys, artifacts, work),
                    _anagrams(artifacts["sv-dsso"]), _patterns(artifacts["sv-dsso"])]
    return "\n\n".join(sections)


# ---------------------------------------------------------------- word lists


def _build_artifact(pipeline: str, root: Path) -> Path:
    from lexicon import artifacts
    from lexicon_pipelines import build

    result = build(pipeline, root)
    return artifacts.resolve(f"{result.name}@{result.version}", root)


def _keys_file(artifact: Path, work: Path, name: str) -> Path:
    from lexicon.lookup import open_lexicon

    lex = open_lexicon(artifact)
    path = work / f"{name}.txt"
    path.write_text("\n".join(lex.keys()) + "\n", encoding="utf-8")
    lex.close()
    return path


def _intro(keys: dict[str, Path]) -> str:
    counts = ", ".join(f"{name} {sum(1 for _ in path.open(encoding='utf-8')):,} words" for name, path in keys.items())
    return ("The machine is shared with other work (2 cores): compare the ratios of one run. Build times are CPU "
            "seconds, the best of three (the Python writer: one run for DAWG+GADDAG), from the list of tile "
            "sequences in key order to the file's bytes; the builder's peak is the peak RSS above the process's "
            "RSS with the list loaded (the peak is reset first through /proc/self/clear_refs), each build in a "
            "fresh process. The wolges column is the issue's: `buildlex` on the same lists, measured on this "
            f"machine. Lists: {counts}.")


# ---------------------------------------------------------------- building


def _builds(keys: dict[str, Path]) -> str:
    rows = ["### Building", "",
            "| list | graph | compiled (s) | × wolges | peak (MiB) | × wolges | Python writer (s) | peak (MiB) | "
            "wolges (s, MB) | bytes | same bytes |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    verdicts = []
    for name, path in keys.items():
        for gaddag in (False, True):
            core = _child("build", "core", str(int(gaddag)), LISTS[name], str(path))
            python = _child("build", "python", str(int(gaddag)), LISTS[name], str(path))
            seconds, megabytes = WOLGES[name, gaddag]
            time_ratio, peak_ratio = core["seconds"] / seconds, core["peak_mib"] * 1.048576 / megabytes
            graph = "DAWG+GADDAG" if gaddag else "DAWG"
            rows.append(f"| {name} | {graph} | {core['seconds']:.3f} | {time_ratio:.2f} | {core['peak_mib']:.0f} | "
                        f"{peak_ratio:.2f} | {python['seconds']:.2f} | {python['peak_mib']:.0f} | {seconds}, "
                        f"{megabytes} | {core['size']:,} | {'yes' if core['sha256'] == python['sha256'] else 'NO'} |")
            verdicts.append(_verdict(f"{name} {graph} time ≤ 1.5× wolges", time_ratio <= 1.5))
            verdicts.append(_verdict("peak ≤ 1.5× wolges", peak_ratio <= 1.5))
    return "\n".join(rows) + "\n\nTargets: " + "; ".join(verdicts) + "."


def _encoded(tileset: str, keys_path: str) -> list[bytes]:
    from lexicon import load_alphabet
    from lexicon.graph import TileCodes

    codes = TileCodes(load_alphabet(tileset))
    return [codes.encode(k) for k in Path(keys_path).read_text(encoding="utf-8").split()]


def child_build(impl: str, gaddag: str, tileset: str, keys_path: str) -> dict:
    from lexicon.graph import build_kwg

    sequences = _encoded(tileset, keys_path)
    _reset_peak()
    before = self_rss_mib()
    best, runs = float("inf"), 1 if impl == "python" and gaddag == "1" else 3
    encoded = None
    for _ in range(runs):
        encoded = None  # the previous result is not part of this build's peak
        start = time.process_time()
        encoded = build_kwg(sequences, gaddag=gaddag == "1", native=impl == "core")
        best = min(best, time.process_time() - start)
    peak = _peak_rss_mib() - before
    return {"seconds": best, "peak_mib": peak, "size": len(encoded.data), "nodes": encoded.nodes,
            "layout": encoded.layout, "sha256": hashlib.sha256(encoded.data).hexdigest()}


def _reset_peak() -> None:
    # Linux: writing 5 to clear_refs resets VmHWM to the current RSS
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")


def _peak_rss_mib() -> float:
    # VmHWM, not getrusage: Linux carries ru_maxrss over exec, so a child would report its parent's peak.
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


# ---------------------------------------------------------------- membership


def _membership(keys: dict[str, Path], artifacts: dict[str, Path], work: Path) -> str:
    rows = ["### Membership", "",
            f"{QUERIES:,} lookups, half present, half absent (a word with a tile added or its last tile changed), "
            "the same keys for every structure, CPU time, best of three passes, each structure in a fresh process; "
            "+RSS is what loading and using it added.", "",
            "| list | structure | lookups/s | × dawg2 | +RSS (MiB) |", "|---|---|---:|---:|---:|"]
    names = {"dawg2": "dawg2 `key in d` (str)", "core": "compiled graph `tiles in graph` (bytes)",
             "core-str": "compiled graph, key encoded per lookup", "lexicon": "`key in lexicon` (public API)",
             "set": "Python frozenset (str)", "marisa": "marisa-trie (mmap, str)",
             "python": "Python reference `Kwg.contains` (50,000 lookups)"}
    verdicts = []
    for name, path in keys.items():
        (work / "queries.txt").write_text("\n".join(_queries(path.read_text(encoding="utf-8").split())),
                                          encoding="utf-8")
        import dawg
        import marisa_trie

        words = path.read_text(encoding="utf-8").split()
        dawg.DAWG(words).save(str(work / "dawg2.bin"))
        marisa_trie.Trie(words).save(str(work / "marisa.bin"))
        results = {s: _child("lookup", s, LISTS[name], str(path), str(work), str(artifacts[name])) for s in names}
        rate = results["dawg2"]["rate"]
        for structure, r in results.items():
            rows.append(f"| {name} | {names[structure]} | {r['rate'] / 1e6:.2f} M | {r['rate'] / rate:.2f} | "
                        f"{r['added_mib']:.1f} |")
        verdicts.append(_verdict(f"{name}: compiled ≥ dawg2", results["core"]["rate"] >= rate))
    return "\n".join(rows) + "\n\nTargets: " + "; ".join(verdicts) + "."


def _queries(words: list[str]) -> list[str]:
    rnd = random.Random(1)
    present = rnd.choices(words, k=QUERIES // 2)
    absent = [w + "Q" if i % 2 else w[:-1] + "Ö" for i, w in enumerate(rnd.choices(words, k=QUERIES // 2))]
    queries = present + absent
    rnd.shuffle(queries)
    return queries


def child_lookup(structure_name: str, tileset: str, keys_path: str, work: str, artifact: str) -> dict:
    queries = Path(work, "queries.txt").read_text(encoding="utf-8").split("\n")
    import lexicon.lookup
    from lexicon import load_alphabet
    from lexicon.graph import TileCodes

    codes = TileCodes(load_alphabet(tileset))
    encoded = [codes.encode(q) for q in queries] if structure_name in ("core", "python") else None
    before = self_rss_mib()
    if structure_name == "dawg2":
        import dawg

        structure = dawg.DAWG().load(str(Path(work, "dawg2.bin")))
    elif structure_name == "marisa":
        import marisa_trie

        structure = marisa_trie.Trie().mmap(str(Path(work, "marisa.bin")))
    elif structure_name == "set":
        structure = frozenset(Path(keys_path).read_text(encoding="utf-8").split())
    elif structure_name == "lexicon":
        structure = lexicon.lookup.open_lexicon(artifact)
    else:
        from lexicon.graph import Kwg

        graph_file = next(p for p in Path(artifact).iterdir() if p.suffix in (".kwg", ".dwg", ".kbwg", ".kbdwg"))
        structure = Kwg.open(graph_file) if structure_name != "python" else Kwg(
            graph_file.read_bytes(), native=False)
    seconds = float("inf")
    found = 0
    for _ in range(3):
        start = time.process_time()
        if structure_name == "core":
            core = structure.core
            found = sum(1 for q in encoded if q in core)
        elif structure_name == "core-str":
            core, encode = structure.core, codes.encode
            found = sum(1 for q in queries if encode(q) in core)
        elif structure_name == "python":
            found = sum(1 for q in encoded[:50_000] if structure.contains(q))
        else:
            found = 0
            for q in queries:
                if q in structure:
                    found += 1
        seconds = min(seconds, time.process_time() - start)
    count = 50_000 if structure_name == "python" else len(queries)
    return {"rate": count / seconds, "found": found, "added_mib": self_rss_mib() - before}


# ---------------------------------------------------------------- searches


def _searches(artifact: Path):
    """The lexicon, and a Search over the same file through the pure-Python reference."""
    from lexicon.graph import Kwg
    from lexicon.lookup import open_lexicon
    from lexicon.search import Search

    lex = open_lexicon(artifact)
    kwg = lex.graph.kwg
    reference = Search(Kwg(bytes(kwg.nodes), kwg.layout, native=False), lex.alphabet, lex.normalizer.key, lex.policy)
    return lex, reference


def _anagrams(artifact: Path) -> str:
    lex, reference = _searches(artifact)
    bag = "".join(t.letter * t.count for t in lex.alphabet.tiles)
    rows = ["### Anagrams on sv-dsso", "",
            "Racks drawn from the Swedish Scrabble bag (seeded), every result listed; CPU time per search (the "
            "machine is shared: wall time there measures the other work too), the same racks for both.", "",
            "| rack | searches | compiled p50 (ms) | p90 (ms) | Python p50 (ms) | p90 (ms) | × faster "
            "| median results |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    verdict = ""
    for letters, blanks, sub in ((7, 2, False), (5, 2, False), (5, 2, True)):
        rnd = random.Random(letters * 10 + blanks + sub)
        racks = ["".join(rnd.sample(bag, letters)) + "?" * blanks for _ in range(101)]
        timings = {}
        for label, search in (("core", lex.search), ("python", reference)):
            times, counts = [], []
            for rack in racks:
                start = time.process_time()
                found = list(search.anagrams(rack, sub=sub, min_tiles=lex.profile.min_length))
                times.append(time.process_time() - start)
                counts.append(len(found))
            times.sort()
            timings[label] = (statistics.median(times) * 1000, times[int(len(times) * 0.9)] * 1000, counts)
        (c50, c90, counts), (p50, p90, _) = timings["core"], timings["python"]
        kind = "sub-anagrams" if sub else "anagrams"
        rows.append(f"| {letters} letters + {blanks} blanks, {kind} | {len(racks)} | {c50:.2f} | {c90:.2f} | "
                    f"{p50:.1f} | {p90:.1f} | {p50 / c50:.0f} | {statistics.median(counts):.0f} |")
        if (letters, blanks, sub) == (7, 2, False):
            verdict = _verdict("7 letters + 2 blanks p50 ≤ 2 ms", c50 <= 2)
    lex.close()
    return "\n".join(rows) + f"\n\nTarget: {verdict}."


def _patterns(artifact: Path) -> str:
    from lexicon import LimitExceeded

    lex, reference = _searches(artifact)
    rows = ["### Whole-lexicon patterns on sv-dsso", "",
            f"Every result of the pattern, or the search stops with LimitExceeded after {lex.search.max_visits:,} "
            "visited lists (the budget); a list that gave nothing in a search state is not walked again. CPU time.",
            "",
            "The walk alone is the compiled search without making a Match per result; visits are the lists it "
            "entered, so the budget bounds any pattern's walk at about budget × (walk time / visits).", "",
            "| pattern | results | ended by | visits | walk alone (ms) | compiled (ms) | Python (ms) |",
            "|---|---:|---|---:|---:|---:|---:|"]
    for pattern in ("*", "*Q*Z*", "*E*R*S*T*", "??????????????*", "B*Ö"):
        out = {}
        for label, search in (("core", lex.search), ("python", reference)):
            start, count, ended = time.process_time(), 0, "end"
            try:
                for _ in search.matches(pattern):
                    count += 1
            except LimitExceeded:
                ended = "budget"
            out[label] = ((time.process_time() - start) * 1000, count, ended)
        (c_ms, count, ended), (p_ms, p_count, p_ended) = out["core"], out["python"]
        assert (count, ended) == (p_count, p_ended), (pattern, out)
        visits, walk_ms = _walk_alone(lex, pattern)
        rows.append(f"| `{pattern}` | {count:,} | {ended} | {visits:,} | {walk_ms:.0f} | {c_ms:.0f} | {p_ms:.0f} |")
    lex.close()
    return "\n".join(rows)


def _walk_alone(lex, pattern: str) -> tuple[int, float]:
    """The compiled walk of a pattern with no Match made: (lists visited, CPU ms)."""
    from lexicon import LimitExceeded
    from lexicon.search import _CORE_TOKENS, _Pattern

    tokens = [_CORE_TOKENS.get(t, t) for t in _Pattern.compile(lex.search, pattern).tokens]
    walk = lex.graph.kwg.core.pattern(tokens, lex.search.max_visits, "budget")
    start = time.process_time()
    try:
        for _ in walk:
            pass
    except LimitExceeded:
        pass
    return walk.visits(), (time.process_time() - start) * 1000


# ---------------------------------------------------------------- plumbing


def _verdict(what: str, ok: bool) -> str:
    return f"{what} {'met' if ok else 'MISSED'}"


def _child(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.bench_kwg", *args], capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise RuntimeError(f"bench child {args} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    kind, *rest = sys.argv[1:]
    result = child_build(*rest) if kind == "build" else child_lookup(*rest)
    print(json.dumps(result))
