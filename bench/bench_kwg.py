"""Word graphs side by side with dawg2 and marisa-trie, on the same word lists in one run.

Lists: the SAOL 14 Betapet lexicon (pipeline sv-betapet) and the sv_SE full forms (Debian
hunspell-sv through `unmunch`: plain lines without '/', letters only, upper-cased, then built
with the sv-betapet profile so every structure holds exactly the published lexicon's keys).
Every measurement that reports memory runs in a fresh process.

Targets (issue 7): KWG no larger than dawg2's file; build within 10x dawg2's time; peak memory
under 1 GiB; membership through the public API at least half dawg2's rate, adding at most 64 MiB;
anagram of a 7-tile rack with 2 blanks under 20 ms median.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .measure import ROOT, self_rss_mib

TITLE = "Word graphs (KWG) against dawg2 and marisa-trie"
QUERIES = 1_000_000
HUNSPELL = Path("/usr/share/hunspell")


def run() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        lists = {"SAOL 14 (sv-betapet)": _saol(work), "sv_SE full forms": _full_forms(work)}
        sections = [_intro(lists)]
        for label, (artifact, words_file) in lists.items():
            sections.append(_section(label, artifact, words_file, work))
        sections.append(_anagrams(lists["sv_SE full forms"][0]))
        sections.append(_gaddag({label: words_file for label, (_, words_file) in lists.items()}))
    return "\n\n".join(sections)


# ---------------------------------------------------------------- word lists


def _build_artifact(pipeline: Path | str, root: Path) -> Path:
    from lexicon import artifacts
    from pipelines import build

    result = build(pipeline, root)
    return artifacts.resolve(f"{result.name}@{result.version}", root)


def _keys_file(artifact: Path, work: Path, name: str) -> Path:
    from lexicon.lookup import open_lexicon

    lex = open_lexicon(artifact)
    path = work / f"{name}.txt"
    path.write_text("\n".join(lex.keys()) + "\n", encoding="utf-8")
    lex.close()
    return path


def _saol(work: Path) -> tuple[Path, Path]:
    artifact = _build_artifact("sv-betapet", work / "artifacts")
    return artifact, _keys_file(artifact, work, "saol")


def _full_forms(work: Path) -> tuple[Path, Path]:
    out = subprocess.run(["unmunch", str(HUNSPELL / "sv_SE.dic"), str(HUNSPELL / "sv_SE.aff")],
                         capture_output=True, check=True).stdout.decode("utf-8")
    forms = sorted({w.upper() for w in (line.strip() for line in out.splitlines()) if w.isalpha() and "/" not in w})
    (work / "forms.txt").write_text("\n".join(forms) + "\n", encoding="utf-8")
    pipeline = work / "sv-betapet-fullforms.toml"
    pipeline.write_text('name = "sv-betapet-fullforms"\nprofile = "sv-betapet"\n'
                        '[[sources]]\nid = "sv_SE"\nkind = "plain"\npath = "forms.txt"\n', encoding="utf-8")
    artifact = _build_artifact(pipeline, work / "artifacts")
    return artifact, _keys_file(artifact, work, "fullforms")


def _intro(lists) -> str:
    rows = []
    for label, (_, words_file) in lists.items():
        count = sum(1 for _ in words_file.open(encoding="utf-8"))
        rows.append(f"- {label}: {count:,} words")
    return ("Each structure is built from, and queried with, the same keys: those of the published "
            "lexicon (the sv_SE list through the sv-betapet rules keeps words of 2 to 15 tiles). Build "
            "times are CPU seconds (the machine is shared, wall time wanders), the best of three in one "
            "process, from the list of keys to the file's bytes; peak memory is the peak RSS (VmHWM) of "
            "a fresh process that reads the list and builds. Membership runs "
            f"{QUERIES:,} lookups (half present, half absent) in a fresh process per structure; "
            "'+RSS' is what loading the structure (and using it) added to that process, measured after "
            "the queries were read and the library imported (importing `lexicon` with ICU adds about "
            "25 MiB once per process, whatever the number of lexicons).\n\n" + "\n".join(rows))


# ---------------------------------------------------------------- one list


def _section(label: str, artifact: Path, words_file: Path, work: Path) -> str:
    builds = {name: _child("build", name, str(words_file), str(work)) for name in ("kwg", "dawg2", "marisa")}
    (work / "queries.txt").write_text("\n".join(_queries(_words(str(words_file)))), encoding="utf-8")
    lookups = {name: _child("lookup", name, str(words_file), str(work), str(artifact))
               for name in ("lexicon", "dawg2", "marisa", "set", "kwg-walk")}
    d = builds["dawg2"]
    lines = [f"### {label}", "", "| structure | build (s) | × dawg2 | file (bytes) | × dawg2 | peak RSS (MiB) |",
             "|---|---:|---:|---:|---:|---:|"]
    names = {"kwg": "KWG (this project, DAWG only)", "dawg2": "dawg2 (dawgdic)", "marisa": "marisa-trie"}
    for name, b in builds.items():
        lines.append(f"| {names[name]} | {b['seconds']:.2f} | {b['seconds'] / d['seconds']:.1f} | {b['size']:,} | "
                     f"{b['size'] / d['size']:.2f} | {b['peak_mib']:.0f} |")
    lines += ["", "| membership | lookups/s | × dawg2 | +RSS (MiB) |", "|---|---:|---:|---:|"]
    rate = lookups["dawg2"]["rate"]
    names = {"lexicon": "`key in lexicon` (public API: dawgdic index)", "dawg2": "dawg2 `key in d`",
             "marisa": "marisa-trie (mmap)", "set": "Python frozenset",
             "kwg-walk": "`lexicon.contains_tiles` (KWG walk in Python)"}
    for name, r in lookups.items():
        lines.append(f"| {names[name]} | {r['rate'] / 1e6:.2f} M | {r['rate'] / rate:.2f} | {r['added_mib']:.1f} |")
    k, lex = builds["kwg"], lookups["lexicon"]
    lines += ["", "Targets: " + "; ".join([
        _verdict("KWG file ≤ dawg2's", k["size"] <= d["size"]),
        _verdict("build ≤ 10× dawg2", k["seconds"] <= 10 * d["seconds"]),
        _verdict("peak < 1 GiB", k["peak_mib"] < 1024),
        _verdict("lookups ≥ ½ dawg2", lex["rate"] >= 0.5 * rate),
        _verdict("+RSS ≤ 64 MiB", lex["added_mib"] <= 64),
    ]) + "."]
    return "\n".join(lines)


def _verdict(what: str, ok: bool) -> str:
    return f"{what} {'met' if ok else 'MISSED'}"


def _child(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.bench_kwg", *args], capture_output=True, text=True,
                         cwd=ROOT)
    if out.returncode:
        raise RuntimeError(f"bench child {args} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- anagrams and the GADDAG


def _anagrams(artifact: Path) -> str:
    from lexicon.lookup import open_lexicon

    lex = open_lexicon(artifact)
    bag = "".join(t.letter * t.count for t in lex.alphabet.tiles)
    rows = ["### Anagrams on the sv_SE full forms", "",
            "| rack | searches | median (ms) | 90th pct (ms) | median results |", "|---|---:|---:|---:|---:|"]
    median_7 = None
    for letters, blanks, sub in ((5, 2, False), (7, 2, False), (5, 2, True)):
        rnd = random.Random(letters * 10 + blanks)
        times, counts = [], []
        for _ in range(50):
            rack = "".join(rnd.sample(bag, letters)) + "?" * blanks
            start = time.perf_counter()
            found = list(lex.search.anagrams(rack, sub=sub, min_tiles=lex.profile.min_length))
            times.append(time.perf_counter() - start)
            counts.append(len(found))
        times.sort()
        median = statistics.median(times) * 1000
        if (letters, blanks, sub) == (5, 2, False):
            median_7 = median
        kind = "sub-anagrams" if sub else "anagrams"
        rows.append(f"| {letters} letters + {blanks} blanks, {kind} (all results) | {len(times)} | {median:.1f} | "
                    f"{times[int(len(times) * 0.9)] * 1000:.1f} | {statistics.median(counts):.0f} |")
    lex.close()
    rows += ["", "A rack is 7 tiles: the target row is 5 letters + 2 blanks. " +
             _verdict("Median < 20 ms", median_7 is not None and median_7 < 20) + "."]
    return "\n".join(rows)


def _gaddag(lists: dict[str, Path]) -> str:
    rows = ["### DAWG + GADDAG (`lexicon build --gaddag`)", "",
            "| list | nodes | file (bytes) | build (s) | peak RSS (MiB) | layout |", "|---|---:|---:|---:|---:|---|"]
    for label, words_file in lists.items():
        b = _child("build", "kwg-gaddag", str(words_file), str(words_file.parent))
        rows.append(f"| {label} | {b['nodes']:,} | {b['size']:,} | {b['seconds']:.1f} | {b['peak_mib']:.0f} | "
                    f"{b['layout']} |")
    return "\n".join(rows)


# ---------------------------------------------------------------- child processes


def _words(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").split()


def _queries(words: list[str]) -> list[str]:
    rnd = random.Random(1)
    present = rnd.choices(words, k=QUERIES // 2)
    absent = [w + "Q" if i % 2 else w[:-1] + "Ö" for i, w in enumerate(rnd.choices(words, k=QUERIES // 2))]
    queries = present + absent
    rnd.shuffle(queries)
    return queries


def child_build(name: str, words_path: str, work: str) -> dict:
    words = _words(words_path)
    best = float("inf")
    extra: dict = {}
    for _ in range(3):
        start = time.process_time()
        if name in ("kwg", "kwg-gaddag"):
            from lexicon import load_alphabet
            from lexicon.dawg import build
            from lexicon.kwg import encode
            from lexicon.wordgraph import TileCodes

            codes = TileCodes(load_alphabet("sv-betapet"))
            encoded = encode(build([codes.encode(w) for w in words], gaddag=name == "kwg-gaddag"))
            data = encoded.data
            extra = {"nodes": encoded.nodes, "layout": encoded.layout}
        elif name == "dawg2":
            import dawg

            data = dawg.DAWG(words).tobytes()
        else:
            import marisa_trie

            data = marisa_trie.Trie(words).tobytes()
        best = min(best, time.process_time() - start)
        if name == "kwg-gaddag":
            break  # slow and large: one build is enough
    Path(work, f"{name}.bin").write_bytes(data)
    return {"seconds": best, "size": len(data), "peak_mib": _peak_rss_mib()} | extra


def _peak_rss_mib() -> float:
    # VmHWM, not getrusage: Linux carries ru_maxrss over exec, so a child would report its parent's peak.
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def child_lookup(name: str, words_path: str, work: str, artifact: str) -> dict:
    queries = Path(work, "queries.txt").read_text(encoding="utf-8").split("\n")
    import lexicon.lookup  # the library's code is not the lexicon's data: load it before the baseline

    before = self_rss_mib()
    if name == "set":
        with open(words_path, encoding="utf-8") as fh:
            structure = frozenset(line.rstrip("\n") for line in fh)
    elif name in ("lexicon", "kwg-walk"):
        structure = lexicon.lookup.open_lexicon(artifact)
    elif name == "dawg2":
        import dawg

        structure = dawg.DAWG().load(str(Path(work, "dawg2.bin")))
    else:
        import marisa_trie

        structure = marisa_trie.Trie().mmap(str(Path(work, "marisa.bin")))
    # CPU time, best of three passes: other work on the shared machine slows wall time by
    # factors, CPU time much less.
    sample = queries[:50_000] if name == "kwg-walk" else queries
    seconds = float("inf")
    for _ in range(3):
        start = time.process_time()
        if name == "kwg-walk":
            found = sum(1 for q in sample if structure.contains_tiles(tuple(q)))
        else:
            found = 0
            for q in sample:
                if q in structure:
                    found += 1
        seconds = min(seconds, time.process_time() - start)
    return {"rate": len(sample) / seconds, "found": found, "added_mib": self_rss_mib() - before}


if __name__ == "__main__":
    kind, *rest = sys.argv[1:]
    result = child_build(*rest) if kind == "build" else child_lookup(*rest)
    print(json.dumps(result))
