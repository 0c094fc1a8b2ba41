"""Word graphs: the C core against wolges, the pure-Python reference and dawg2, like for like.

Lists: sv-betapet (SAOL 14 headwords) and sv-dsso (every form of Debian's hunspell-sv), built by their
pipelines; a graph is built from their keys with the tile numbers of their tile sets (wolges' Swedish
numbering, so wolges' built-in Swedish alphabet reads the same words).

wolges is measured in the same run when two programs built from its source are named (nothing of it is
in this repository; docs/benchmarks.md says how they were made):
- WOLGES_BUILDLEX: its `buildlex` (`swedish-kwg-dawg`, `swedish-kwg`), timed as a whole process;
- WOLGES_HARNESS: a small program over its library that parses and sorts a word list as buildlex does,
  then times `build::build` alone (`build dawg|kwg WORDS`), and walks a graph's DAWG for the anagrams
  of racks (`anagram GRAPH RACKS`), each printing one line of JSON.
Ours are the C library's own command (`make lib`: build/lib/tile-graph, the same measurements), and the
Python API beside them.

Targets (issue 24): every build at or below 1.0× wolges in time and peak memory, in-process and as a
whole process; anagrams of 7 letters + 2 blanks on sv-dsso at or below wolges' p50 on the same racks;
the same bytes as the Python reference writer and the same words and GADDAG paths as wolges' files.
"""

from __future__ import annotations

import hashlib
import json
import os
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
KINDS = {False: ("dawg", "swedish-kwg-dawg", "DAWG"), True: ("kwg", "swedish-kwg", "DAWG+GADDAG")}
TOOL = ROOT / "build" / "lib" / "tile-graph"
WHOLE_RUNS = 5
#: each rack is searched this many times in a row by both walks: the p50 is then of warm searches, and a
#: one-off stall of the shared machine moves it less
RACK_REPEATS = 5


def run() -> str:
    subprocess.run(["make", "--no-print-directory", "-s", "lib"], cwd=ROOT, check=True)
    peer = _peer()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        artifacts = {name: _build_artifact(name, work / "artifacts") for name in LISTS}
        keys = {name: _keys_file(artifacts[name], work, name) for name in LISTS}
        sections = [_intro(keys, peer), _builds(keys, artifacts, peer, work), _whole(keys, artifacts, peer, work),
                    _membership(keys, artifacts, work), _anagrams(artifacts["sv-dsso"], peer, work),
                    _patterns(artifacts["sv-dsso"])]
    return "\n\n".join(sections)


def _peer() -> dict[str, str] | None:
    found = {name: os.environ.get(f"WOLGES_{name.upper()}", "") for name in ("buildlex", "harness")}
    return found if all(found.values()) and all(Path(p).is_file() for p in found.values()) else None


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


def _intro(keys: dict[str, Path], peer) -> str:
    counts = ", ".join(f"{name} {sum(1 for _ in path.open(encoding='utf-8')):,} words" for name, path in keys.items())
    commit = os.environ.get("WOLGES_COMMIT", "")
    wolges = (f"wolges{f' ({commit})' if commit else ''} measured in this run" if peer else
              "**wolges not measured in this run**: name its programs in WOLGES_BUILDLEX and WOLGES_HARNESS")
    return ("The machine is shared with other work (2 cores): compare the ratios of one run. "
            f"Lists: {counts}; {wolges}.\n\n"
            "How the peer is built (nothing of it is in this repository): andy-k/wolges from its source, offline, "
            "with Debian's `rustc-web`/`cargo-web` 1.96 (its edition 2024 needs them), Debian's `librust-*-dev` "
            "packages as a directory registry for csv, num_cpus, serde and libc, its optional shell "
            "dependencies dropped and a stand-in crate for `rand`, which `buildlex` and the build never call; "
            "`cargo build --release` gives `buildlex` (WOLGES_BUILDLEX). The harness (WOLGES_HARNESS) is a small "
            "Rust program over its library with wolges' release settings: `build` reads and sorts a list as "
            "`buildlex` does, then times `build::build` three times with the peak measured as ours; `anagram` "
            "walks the DAWG of `Kwg::from_bytes_alloc` with the rack's tile counts, a tile of the rack before a "
            "blank, as wolges' move generator walks it (wolges has no anagram search of its own).")


# ---------------------------------------------------------------- building


def _builds(keys: dict[str, Path], artifacts: dict[str, Path], peer, work: Path) -> str:
    rows = ["### Building, the builder alone", "",
            "In-process, like for like: each program reads the list and puts it in tile order first (wolges' "
            "`build::build` takes sorted words; ours, given them in order, streams them into the DAWG), then the "
            "build is timed alone: CPU seconds, the best of three runs, and the peak RSS those runs added above "
            "the process with its list loaded (reset through /proc/self/clear_refs). The Python columns are "
            "`lexicon.graph.build_kwg` from Python on the sequences in key order (not tile order: it collects and "
            "sorts them), in a fresh process, the same measure.", "",
            "| list | graph | C core (s) | wolges (s) | × wolges | C peak (MiB) | wolges peak (MiB) | × wolges "
            "| Python API (s, MiB) | bytes | as the Python writer | as wolges' file |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    verdicts = []
    for name, path in keys.items():
        alphabet = artifacts[name] / "alphabet.txt"
        for gaddag in (False, True):
            kind, command, label = KINDS[gaddag]
            out = work / f"ours.{kind}"
            ours = _json([str(TOOL), "build", *(["--gaddag"] if gaddag else []), "--time", str(alphabet), str(path),
                          str(out)])
            python = _child("build", "core", str(int(gaddag)), LISTS[name], str(path))
            reference = _child("build", "python", str(int(gaddag)), LISTS[name], str(path))
            same = "yes" if hashlib.sha256(out.read_bytes()).hexdigest() == reference["sha256"] else "NO"
            if peer:
                theirs = _json([peer["harness"], "build", kind, str(path)])
                subprocess.run([peer["buildlex"], command, str(path), str(work / f"wolges.{kind}")], check=True,
                               capture_output=True)
                decoded = "yes" if _same(out, work / f"wolges.{kind}") else "NO"
                time_ratio, peak_ratio = ours["seconds"] / theirs["seconds"], ours["peak_mib"] / theirs["peak_mib"]
                wolges = (f"{theirs['seconds']:.3f} | {time_ratio:.2f} | {ours['peak_mib']:.1f} | "
                          f"{theirs['peak_mib']:.1f} | {peak_ratio:.2f}")
                verdicts += [_verdict(f"{name} {label} time ≤ wolges", time_ratio <= 1),
                             _verdict("peak ≤ wolges", peak_ratio <= 1)]
            else:
                wolges, decoded = f"— | — | {ours['peak_mib']:.1f} | — | —", "—"
            rows.append(f"| {name} | {label} | {ours['seconds']:.3f} | {wolges} | {python['seconds']:.3f}, "
                        f"{python['peak_mib']:.0f} | {ours['size']:,} | {same} | {decoded} |")
    return "\n".join(rows) + ("\n\nTargets: " + "; ".join(verdicts) + "." if verdicts else "")


def _same(ours: Path, theirs: Path) -> bool:
    """Do two graphs hold the same words and GADDAG paths, however their builders laid them out?"""
    return subprocess.run([str(TOOL), "same", str(ours), str(theirs)], capture_output=True).returncode == 0


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
    best, runs = float("inf"), 1 if impl == "python" else 3
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


# ---------------------------------------------------------------- whole processes


def _whole(keys: dict[str, Path], artifacts: dict[str, Path], peer, work: Path) -> str:
    rows = ["### Building, the whole process", "",
            f"From the word list's file to the graph's file: `tile-graph build` against wolges' `buildlex` (both "
            f"cut the words by their Swedish alphabet, sort them, build and write), run in turn {WHOLE_RUNS} times "
            "after one warm-up each, under GNU time; the medians of the CPU seconds (user + system) and of the "
            "peak RSS the kernel counted for each process, and the median of the ratios pair by pair.", "",
            "| list | graph | tile-graph (s) | buildlex (s) | × | tile-graph (MiB) | buildlex (MiB) | × |",
            "|---|---|---:|---:|---:|---:|---:|---:|"]
    if not peer:
        return "\n".join(rows[:3]) + "\n\nNot measured in this run: wolges was not named (WOLGES_BUILDLEX)."
    verdicts = []
    for name, path in keys.items():
        alphabet = artifacts[name] / "alphabet.txt"
        for gaddag in (False, True):
            kind, command, label = KINDS[gaddag]
            ours = [str(TOOL), "build", *(["--gaddag"] if gaddag else []), str(alphabet), str(path),
                    str(work / f"whole.{kind}")]
            theirs = [peer["buildlex"], command, str(path), str(work / f"whole-wolges.{kind}")]
            pairs = [(_process(ours), _process(theirs)) for _ in range(WHOLE_RUNS + 1)][1:]
            a_cpu, b_cpu = (statistics.median(p[i][0] for p in pairs) for i in (0, 1))
            a_mib, b_mib = (statistics.median(p[i][1] for p in pairs) for i in (0, 1))
            cpu_ratio = statistics.median(a[0] / b[0] for a, b in pairs)
            mib_ratio = statistics.median(a[1] / b[1] for a, b in pairs)
            rows.append(f"| {name} | {label} | {a_cpu:.3f} | {b_cpu:.3f} | {cpu_ratio:.2f} | {a_mib:.1f} | "
                        f"{b_mib:.1f} | {mib_ratio:.2f} |")
            verdicts += [_verdict(f"{name} {label} time ≤ wolges", cpu_ratio <= 1),
                         _verdict("peak ≤ wolges", mib_ratio <= 1)]
    return "\n".join(rows) + "\n\nTargets: " + "; ".join(verdicts) + "."


def _process(args: list[str]) -> tuple[float, float]:
    """One run of a command: (its CPU seconds, its peak RSS in MiB), as GNU time reports that child. Not
    os.wait4 from here: Linux carries the peak over fork and exec, so a child of this large process
    would report this process's peak; time's own children start from its megabyte."""
    out = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode:
        raise RuntimeError(f"{args} failed: {out.stderr[-2000:]}")
    user, system, kib = out.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), int(kib) / 1024


# ---------------------------------------------------------------- membership


def _membership(keys: dict[str, Path], artifacts: dict[str, Path], work: Path) -> str:
    rows = ["### Membership", "",
            f"{QUERIES:,} lookups, half present, half absent (a word with a tile added or its last tile changed), "
            "the same keys for every structure, CPU time, best of three passes, each structure in a fresh process; "
            "+RSS is what loading and using it added. `brief_answers` answers the same keys in batches of 1,000, "
            "each a verdict document (the service's `POST /valid`).", "",
            "| list | structure | lookups/s | × dawg2 | +RSS (MiB) |", "|---|---|---:|---:|---:|"]
    names = {"dawg2": "dawg2 `key in d` (dawgdic, str)", "core": "key index, `key in graph` in C (str)",
             "lexicon": "`key in lexicon` (public API: the key index)", "batch": "`lexicon.brief_answers` (documents)",
             "set": "Python frozenset (str)", "marisa": "marisa-trie (mmap, str)",
             "python": "pure-Python key index (50,000 lookups)"}
    for name, path in keys.items():
        (work / "queries.txt").write_text("\n".join(_queries(path.read_text(encoding="utf-8").split())),
                                          encoding="utf-8")
        import dawg
        import marisa_trie

        words = path.read_text(encoding="utf-8").split()
        dawg.DAWG(words).save(str(work / "dawg2.bin"))
        marisa_trie.Trie(words).save(str(work / "marisa.bin"))
        results = {s: _child("lookup", s, str(path), str(work), str(artifacts[name])) for s in names}
        rate = results["dawg2"]["rate"]
        for structure, r in results.items():
            rows.append(f"| {name} | {names[structure]} | {r['rate'] / 1e6:.2f} M | {r['rate'] / rate:.2f} | "
                        f"{r['added_mib']:.1f} |")
    return "\n".join(rows) + (
        "\n\nwords.dawg (a dawgdic file read through DAWG2) is no longer built: the key index answers every "
        "lookup the product makes (verdicts, batches, the play judge, embedded clients), and `key in lexicon` "
        "alone was faster with dawgdic (docs/kwg.md, \"Membership\").")


def _queries(words: list[str]) -> list[str]:
    rnd = random.Random(1)
    present = rnd.choices(words, k=QUERIES // 2)
    absent = [w + "Q" if i % 2 else w[:-1] + "Ö" for i, w in enumerate(rnd.choices(words, k=QUERIES // 2))]
    queries = present + absent
    rnd.shuffle(queries)
    return queries


def child_lookup(structure_name: str, keys_path: str, work: str, artifact: str) -> dict:
    queries = Path(work, "queries.txt").read_text(encoding="utf-8").split("\n")
    from lexicon.lookup import open_lexicon

    before = self_rss_mib()
    if structure_name == "dawg2":
        import dawg

        structure = dawg.DAWG().load(str(Path(work, "dawg2.bin")))
    elif structure_name == "marisa":
        import marisa_trie

        structure = marisa_trie.Trie().mmap(str(Path(work, "marisa.bin")))
    elif structure_name == "set":
        structure = frozenset(Path(keys_path).read_text(encoding="utf-8").split())
    elif structure_name == "python":
        from lexicon.graph import KeyIndex

        structure = KeyIndex(Path(artifact), native=False)
        queries = queries[:50_000]
    else:
        lex = open_lexicon(artifact)
        structure = lex.key_index.members if structure_name == "core" else lex
    seconds = float("inf")
    found = 0
    for _ in range(3):
        start = time.process_time()
        if structure_name == "batch":
            found = 0
            for i in range(0, len(queries), 1000):
                found += sum(a["valid"] for a in structure.brief_answers(queries[i:i + 1000]))
        else:
            found = 0
            for q in queries:
                if q in structure:
                    found += 1
        seconds = min(seconds, time.process_time() - start)
    return {"rate": len(queries) / seconds, "found": found, "added_mib": self_rss_mib() - before}


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


def _racks(lex, letters: int, blanks: int, sub: bool) -> list[str]:
    bag = "".join(t.letter * t.count for t in lex.alphabet.tiles)
    rnd = random.Random(letters * 10 + blanks + sub)
    return ["".join(rnd.sample(bag, letters)) + "?" * blanks for _ in range(101)]


def _anagrams(artifact: Path, peer, work: Path) -> str:
    lex, reference = _searches(artifact)
    graph = next(p for p in artifact.iterdir() if p.suffix in (".kwg", ".dwg"))
    rows = ["### Anagrams on sv-dsso", "",
            "Racks drawn from the Swedish Scrabble bag (seeded), every word that uses the whole rack listed. "
            "In-process and native, like for like: the C core's walk (`tile-graph anagram --time`) against a walk of "
            "wolges' graph API (wolges has no anagram search; its harness walks the DAWG with the rack's tile counts, "
            f"as its move generator walks it), each rack searched {RACK_REPEATS} times in a row, CPU time per search "
            "of the walk and a copy of each word's tiles; then what Python users get (`lex.search.anagrams`, a Match "
            "per word) and the pure-Python reference, once per rack.", "",
            "| rack | C core p50 (ms) | p90 | wolges p50 (ms) | p90 | × wolges | same words | Python API p50 (ms) "
            "| Python reference p50 (ms) | median words |",
            "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    verdict = ""
    for letters, blanks in ((7, 2), (5, 2)):
        racks = _racks(lex, letters, blanks, False)
        rack_file = work / f"racks-{letters}-{blanks}.txt"
        rack_file.write_text("".join(f"{r}\n" * RACK_REPEATS for r in racks), encoding="utf-8")
        ours = _json([str(TOOL), "anagram", "--time", str(graph), str(artifact / "alphabet.txt"), str(rack_file)])
        if peer:
            theirs = _json([peer["harness"], "anagram", str(graph), str(rack_file)])
            ratio = ours["p50_ms"] / theirs["p50_ms"]
            same = "yes" if theirs["words"] == ours["words"] else "NO"
            wolges = f"{theirs['p50_ms']:.3f} | {theirs['p90_ms']:.3f} | {ratio:.2f} | {same}"
            if (letters, blanks) == (7, 2):
                verdict = _verdict("7 letters + 2 blanks p50 ≤ wolges", ratio <= 1)
        else:
            wolges = "— | — | — | —"
        python = _search_p50(lambda rack: list(lex.search.anagrams(rack)), racks)
        pure = _search_p50(lambda rack: list(reference.anagrams(rack)), racks)
        words = statistics.median(len(w) for w in ours["words"])
        rows.append(f"| {letters} letters + {blanks} blanks | {ours['p50_ms']:.3f} | {ours['p90_ms']:.3f} | {wolges} | "
                    f"{python:.3f} | {pure:.1f} | {words:.0f} |")
    sub_racks = _racks(lex, 5, 2, True)
    sub = _search_p50(lambda rack: list(lex.search.anagrams(rack, sub=True, min_tiles=lex.profile.min_length)),
                      sub_racks)
    lex.close()
    return ("\n".join(rows) + f"\n\nSub-anagrams of 5 letters + 2 blanks through the Python API: p50 {sub:.2f} ms."
            + (f"\n\nTarget: {verdict}." if verdict else ""))


def _search_p50(search, racks: list[str]) -> float:
    times = []
    for rack in racks:
        start = time.process_time()
        search(rack)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


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


def _json(args: list[str], **kw) -> dict:
    out = subprocess.run(args, capture_output=True, text=True, **kw)
    if out.returncode:
        raise RuntimeError(f"{args} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _child(*args: str) -> dict:
    return _json([sys.executable, "-m", "bench.bench_kwg", *args], cwd=ROOT)


if __name__ == "__main__":
    kind, *rest = sys.argv[1:]
    result = child_build(*rest) if kind == "build" else child_lookup(*rest)
    print(json.dumps(result))
