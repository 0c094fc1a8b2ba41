"""Embedded clients: the JavaScript package in Node and the C library, in-process, on the bundles of real
lexicons, beside each other in one run; sizes; and how often a Hungarian word needs the service.

- Throughput: `check` (the brief document) and `has` (yes or no) over the distinct keys of
  sv-betapet-inflected, half of them as written in lower case and half mutated in one letter (as players
  mistype), the best of five passes; the C library's `tl_lexicon_check` and `tl_lexicon_has` over the
  same words, and `tl_lexicon_check_each` with all of them as one batch (bench/c/embed.c, `make clients`'
  static library, -O2), the JavaScript package's `check` and `has` in Node (bench/js/embed.mjs).
- Load to the first answer: JavaScript from the bundle's bytes in memory (the module compiled once, then
  instantiated and the bundle opened, the median of 15 loads; the first load with its compile beside), C
  from its file (`tl_lexicon_load`: mapped, every checksum read, as a native game opens it).
- Anagrams of 7 letters and 2 blanks on sv-dsso: `tl_lexicon_anagram` in C and `anagram` in Node over
  the same racks (alpha order, limit 0: the page's count), five times each in a row, p50 and p95.
  wolges-wasm, the peer the issue names, needs Rust's wasm32 target and wasm-bindgen, which this machine
  cannot fetch: the Node figure is set beside our native one instead.
- Sizes: the bundle against the sum of the version's graph and index files; the module and the loader,
  as files and gzipped.
- Hungarian: the share of the distinct words of real text (the RÚF Bible, Debian's manpages-hu; words in
  lower case, at least 3 times) the hu-betutorony bundle answers `needs-analysis`, and of those the share
  the service's analyser then accepts. hu-betutorony is the build in $BENCH_ARTIFACTS (or ./artifacts),
  built there when missing (a few minutes).

Targets (issue 25): JavaScript `check` ≥ 2,000,000 words/s, `has` ≥ 10,000,000/s; the C library's
calls ≥ 5,000,000/s; load ≤ 30 ms; the bundle ≤ 1.1× the graph and index files; module + loader ≤ 150 KB
(≤ 60 KB gzipped); anagrams in Node ≤ 1.5× the native figure.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import tempfile
from pathlib import Path

from .measure import ROOT

TITLE = "Embedded clients: the JavaScript package and the C library on real bundles"
NODE_SCRIPT = ROOT / "bench" / "js" / "embed.mjs"
C_BENCH = ROOT / "bench" / "c" / "embed.c"
CLIENTS = ROOT / "build" / "clients" / "c"
RACKS = 200
SEED = 25


def run() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        binary = native_bench(work)
        root = Path(os.environ.get("BENCH_ARTIFACTS", ROOT / "artifacts"))
        lexicons = {name: _lexicon(name, root) for name in ("sv-betapet-inflected", "sv-dsso", "hu-betutorony")}
        bundles = {name: _bundle(lex, work) for name, lex in lexicons.items()}
        words = _words(lexicons["sv-betapet-inflected"], work)
        racks = _racks(lexicons["sv-dsso"], work)
        throughput = _side_by_side(binary, bundles["sv-betapet-inflected"], words)
        anagrams = _side_by_side(binary, bundles["sv-dsso"], words, racks)
        sections = [_throughput(throughput, lexicons["sv-betapet-inflected"]), _anagrams(anagrams),
                    _sizes(lexicons, bundles), _analysis(lexicons["hu-betutorony"], bundles["hu-betutorony"])]
    return "\n\n".join(sections)


def native_bench(work: Path) -> Path:
    """The clients built (`make clients`) and bench/c/embed.c compiled against the C library, in `work`."""
    subprocess.run(["make", "--no-print-directory", "-s", "clients"], cwd=ROOT, check=True)
    binary = work / "embed"
    subprocess.run(["cc", "-O2", "-std=c11", f"-I{CLIENTS}", str(C_BENCH), f"-L{CLIENTS}", "-ltilelexicon", "-o",
                    str(binary)], check=True)
    return binary


def _lexicon(name: str, root: Path):
    from lexicon.errors import ArtifactError
    from lexicon.lookup import load
    from lexicon_pipelines import build

    try:
        return load(name, root)
    except ArtifactError:  # not built there yet
        result = build(name, root)
        return load(f"{name}@{result.version}", root)


def _bundle(lex, work: Path) -> Path:
    from lexicon import bundle

    out = work / f"{lex.name}.bundle"
    bundle.export(lex.path, lex.manifest, lex.profile, out)
    return out


def _words(lex, work: Path) -> Path:
    """Distinct keys, half in lower case as written, half with one letter changed."""
    rng = random.Random(SEED)
    letters = sorted(lex.alphabet.letters)
    keys = [key for _, key in lex.key_index.keys()]
    out = set()
    for i, key in enumerate(keys):
        if i % 2:
            j = rng.randrange(len(key))
            out.add((key[:j] + rng.choice(letters) + key[j + 1:]).lower())
        else:
            out.add(key.lower())
    words = sorted(out)
    rng.shuffle(words)
    path = work / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def _racks(lex, work: Path) -> Path:
    rng = random.Random(SEED)
    letters = [t.letter for t in lex.alphabet.tiles for _ in range(max(t.count, 1))]
    racks = ["".join(rng.sample(letters, 7)) + "??" for _ in range(RACKS)]
    path = work / "racks.txt"
    path.write_text("\n".join(racks) + "\n", encoding="utf-8")
    return path


def _side_by_side(binary: Path, bundle: Path, words: Path, racks: Path | None = None) -> dict[str, dict]:
    extra = [str(racks)] if racks else []
    native = subprocess.run([str(binary), str(bundle), str(words), *extra], capture_output=True, text=True,
                            check=True)
    node = subprocess.run(["node", "--expose-gc", str(NODE_SCRIPT), str(bundle), str(words), *extra],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return {"c": json.loads(native.stdout), "js": json.loads(node.stdout)}


def _throughput(found: dict[str, dict], lex) -> str:
    c, js = found["c"], found["js"]
    rows = [
        ("`check` (brief document), words/s", f"{js['check_per_s']:,}", "≥ 2,000,000", f"{c['check_per_s']:,}",
         "≥ 5,000,000"),
        ("the same, the words as one batch (`tl_lexicon_check_each`), words/s", "—", "", f"{c['check_each_per_s']:,}",
         ""),
        ("`has` (yes or no), words/s", f"{js['has_per_s']:,}", "≥ 10,000,000", f"{c['has_per_s']:,}", ""),
        ("load → first answer, ms (JavaScript: bytes in memory, the median of 15 loads each after a garbage "
         "collection; C: the file, `tl_lexicon_load`)",
         f"{js['load_ms']} (first, with the compile: {js['first_load_ms']})", "≤ 30", f"{c['load_ms']}", ""),
    ]
    table = ["| | JavaScript in Node | target | C library | target |", "|---|---|---|---|---|"]
    table += [f"| {' | '.join(row)} |" for row in rows]
    same = ("the same" if c["valid"] == js["valid"] == c["each_valid"] else
            f"{c['valid']:,} in C ({c['each_valid']:,} in its batch), {js['valid']:,} in JavaScript")
    return (f"### Checking words: {lex.spec}\n\n{c['words']:,} distinct words, half valid keys in lower case, half "
            f"mutated in one letter; valid answers: {same} ({c['valid']:,}).\n\n" + "\n".join(table) +
            f"\n\nJavaScript against C: `check` {js['check_per_s'] / c['check_per_s']:.2f}×, `has` "
            f"{js['has_per_s'] / c['has_per_s']:.2f}×.")


def _anagrams(found: dict[str, dict]) -> str:
    c, js = found["c"], found["js"]
    same = "the same words" if c["anagram_words"] == js["anagram_words"] else "DIFFERENT words"
    return (f"### Anagrams: 7 letters + 2 blanks on sv-dsso\n\n{RACKS} racks, each five times in a row; {same} "
            f"({c['anagram_words']:,}).\n\n| | p50 ms | p95 ms |\n|---|---|---|\n"
            f"| C library (`tl_lexicon_anagram`) | {c['anagram_p50_ms']} | {c['anagram_p95_ms']} |\n"
            f"| JavaScript in Node (`anagram`) | {js['anagram_p50_ms']} | {js['anagram_p95_ms']} |\n\n"
            f"Node against native: {js['anagram_p50_ms'] / c['anagram_p50_ms']:.2f}× at p50 (target ≤ 1.5×). "
            "wolges-wasm could not be built here (Rust's wasm32 target and wasm-bindgen cannot be fetched), so "
            "it is not beside them.")


def _sizes(lexicons: dict, bundles: dict[str, Path]) -> str:
    rows = []
    for name, lex in lexicons.items():
        graph = lex.manifest["graph"]
        files = [graph["file"], graph["keys"]["graph"], graph["keys"]["table"]]
        if "forms" in graph:
            files += [graph["forms"]["graph"], graph["forms"]["table"]]
        parts = sum((lex.path / f).stat().st_size for f in files)
        size = bundles[name].stat().st_size
        rows.append(f"| {lex.spec} | {size:,} | {parts:,} | {size / parts:.2f}× |")
    wasm, script = ROOT / "clients" / "js" / "tile-lexicon.wasm", ROOT / "clients" / "js" / "index.js"
    raw = wasm.stat().st_size + script.stat().st_size
    packed = len(gzip.compress(wasm.read_bytes(), 9)) + len(gzip.compress(script.read_bytes(), 9))
    return ("### Sizes\n\n| lexicon | bundle, bytes | graph and index files | ratio (target ≤ 1.1×) |\n"
            "|---|---|---|---|\n" + "\n".join(rows) +
            f"\n\nThe module and its loader: {wasm.stat().st_size:,} + {script.stat().st_size:,} = {raw:,} bytes "
            f"(target ≤ 150 KB), {packed:,} gzipped (target ≤ 60 KB).")


def _analysis(lex, bundle: Path) -> str:
    from bench.hungarian_recall import MIN_COUNT, manpage_counts, ruf_counts
    from lexicon.graph import _core

    c = _core.Bundle(bundle.read_bytes())
    rows = []
    for label, counts in (("the RÚF Bible", ruf_counts), ("Debian's manpages-hu", manpage_counts)):
        found = counts()
        words = sorted(w for w, n in found.items() if n >= MIN_COUNT and w == w.lower() and w.isalpha())
        answers = [c.check(w) for w in words]
        open_words = [w for w, a in zip(words, answers) if a["valid"] is None]
        tokens = sum(found[w] for w in words)
        open_tokens = sum(found[w] for w in open_words)
        accepted = sum(1 for a in lex.brief_answers(open_words) if a["valid"])
        rows.append(f"| {label} | {len(words):,} | {len(open_words):,} ({len(open_words) / len(words):.1%}) | "
                    f"{open_tokens / tokens:.1%} | {accepted:,} ({accepted / max(len(open_words), 1):.0%}) |")
    return (f"### Hungarian words the bundle leaves to the service: {lex.spec}\n\nDistinct lower-case words "
            f"written at least {MIN_COUNT} times. `needs-analysis` is the bundle's honest \"ask the service\"; "
            "of those, the service's analyser then accepts the share in the last column (the rest it refuses).\n\n"
            "| text | words | needs-analysis | of the running text | valid by analysis |\n|---|---|---|---|---|\n"
            + "\n".join(rows))
