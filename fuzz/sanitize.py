"""`make sanitize` (`python -m fuzz.sanitize`): the word-graph core under AddressSanitizer and
UndefinedBehaviorSanitizer, every finding fatal.

1. tests/c/test_core.c, test_moves.c and test_play.c, the library's own tests, built with clang and the
   sanitizers, run.
2. The libFuzzer targets fuzz/c/reader.c (damaged graphs, both layouts), fuzz/c/builder.c (arbitrary
   sequences) and fuzz/c/bundle.c (hostile words, racks and patterns, and bundles damaged with their
   checksums made right), fuzz/c/moves.c (hostile boards, racks, rules and graphs for the move
   generator), fuzz/c/play.c (hostile POST /play and POST /moves bodies and game documents for the
   play engine's JSON entry points) and fuzz/c/leaves.c (damaged leave-value files, and plays ranked by
   them), SANITIZE_SECONDS (30) each, from a seed corpus of real graphs, word
   lists, queries and requests that this script writes with the toolkit's own builder (build/sanitize/seeds),
   over the bundles of a small Swedish list, a small Hungarian lexicon with forms and one decided by the compiled
   compound rule (build/sanitize/bundles);
   inputs libFuzzer finds go to build/sanitize/corpus, crashes to build/sanitize/findings.
3. The Python binding built with gcc and the sanitizers into a copy of the package (build/sanitize/tree),
   where the graph tests run against it: tests/test_graph_core.py, test_kwg.py, test_search.py, the
   small lexicons' tests of tests/test_bundle.py, the move generator's brute-force tests of tests/test_moves.py,
   the play engine's tests of tests/test_play_engine.py that need no SAOL build, the compiled word rule's
   tests (tests/test_rule.py: its verdicts, searches and stacking moves)
   and the hypothesis runs of the fuzz targets that reach C code
   (`kwg`, `artifact`), with every allocation through malloc (PYTHONMALLOC) so that ASan guards
   Python's buffers too.

Step 3 runs beside steps 1 and 2 (one lane a core); each step's output goes to build/sanitize/logs/<step>.log,
and the end of it is printed where the step fails. Exit status 1 when any step finds something or fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "sanitize"
CORE = ROOT / "lexicon" / "graph" / "core"
BINDING = ROOT / "lexicon" / "graph" / "binding"
SANITIZERS = ["-g", "-O1", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
CLANG = os.environ.get("SANITIZE_CC", "clang-14")
GRAPH_TESTS = ["tests/test_graph_core.py", "tests/test_kwg.py", "tests/test_search.py",
               "tests/test_fuzz.py::test_fuzz_target[kwg]", "tests/test_fuzz.py::test_fuzz_damaged_artifact",
               "tests/test_bundle.py::test_the_c_core_answers_small_lexicons_as_the_library_does",
               "tests/test_bundle.py::test_the_c_core_searches_hungarian_as_the_service_does",
               "tests/test_bundle.py::test_the_brief_document_as_json_is_the_dict",
               "tests/test_bundle.py::test_quick_verdicts_from_the_c_core_are_the_judges[small_sv]",
               "tests/test_bundle.py::test_quick_verdicts_from_the_c_core_are_the_judges[small_hu]",
               "tests/test_bundle.py::test_quick_verdicts_refuse_a_class_they_cannot_fill",
               "tests/test_bundle.py::test_check_is_the_c_librarys_and_hands_the_judge_what_it_does_not_decide",
               "tests/test_bundle.py::test_the_batch_from_the_c_core_is_byte_for_byte_the_brief_answers[small_sv]",
               "tests/test_bundle.py::test_the_batch_from_the_c_core_is_byte_for_byte_the_brief_answers[small_hu]",
               "tests/test_bundle.py::test_damaged_bundles_are_refused_saying_what",
               "tests/test_bundle.py::test_a_wrong_checksum_is_refused",
               "tests/test_bundle.py::test_sections_of_the_wrong_shape_are_refused_with_right_checksums",
               "tests/test_bundle.py::test_a_damaged_bundle_answers_nothing_and_the_library_is_safe",
               "tests/test_bundle.py::test_the_key_graphs_word_counts_travel_in_the_bundle",
               "tests/test_bundle.py::test_a_damaged_graph_is_refused_naming_its_section_and_its_fault",
               "tests/test_bundle.py::test_a_word_graph_tile_the_tile_set_lacks_is_refused_by_verify_and_by_the_searches",
               "tests/test_moves.py::test_the_generator_finds_what_trying_everything_finds",
               "tests/test_moves.py::test_the_small_board_has_plays_through_and_beside_tiles",
               "tests/test_play_engine.py::test_every_shipped_game_compiles_into_the_core",
               "tests/test_play_engine.py::test_a_game_document_is_read_strictly",
               "tests/test_play_engine.py::test_positions_met_in_play_answer_as_the_reference[hu-betutorony]",
               "tests/test_play_engine.py::test_a_lexicon_validated_by_analysis_judges_what_its_bundle_leaves_open",
               "tests/test_play_engine.py::test_a_client_with_the_bundle_alone_gets_the_same_documents[hu-betutorony]",
               "tests/test_play_engine.py::test_hostile_bodies_are_refused_saying_what_and_where",
               "tests/test_rule.py",
               "tests/test_leaves.py::test_a_klv2_file_reads_back_in_python_and_in_the_core",
               "tests/test_leaves.py::test_a_damaged_file_is_refused_saying_what_is_wrong",
               "tests/test_leaves.py::test_an_arc_outside_the_file_is_refused",
               "tests/test_leaves.py::test_with_the_bag_said_every_exchange_and_the_pass_are_weighed_by_what_they_keep",
               "tests/test_leaves.py::test_a_rack_of_more_exchanges_than_the_core_lists_is_refused_naming_rack"]
#: What the copy needs to run the tests: the package, the tests and what they import from the checkout.
TREE = ["lexicon", "tests", "fuzz", "support", "pyproject.toml"]


#: The libFuzzer targets, fuzz/c/<name>.c.
TARGETS = ["reader", "builder", "bundle", "moves", "play", "leaves"]


def main() -> int:
    seconds = int(os.environ.get("SANITIZE_SECONDS", "30"))
    (OUT / "logs").mkdir(parents=True, exist_ok=True)
    # One lane a core: the Python graph tests, the longest step, beside the C tests and the fuzz targets in turn
    # (each of them one process). Each step's output goes to its log, shown where the step fails.
    lanes = [[("Python graph tests", _python_tests)],
             [("C tests", _c_tests), *((f"fuzz {target}", partial(_fuzz, target, seconds)) for target in TARGETS)]]
    with ThreadPoolExecutor(len(lanes)) as pool:
        try:
            failed = [name for lane in pool.map(_run_lane, lanes) for name in lane]
        except KeyboardInterrupt:  # the lanes start no step more; the ones running end with their processes
            _STOP.set()
            raise
    print("sanitizers found nothing" if not failed else "failed: " + ", ".join(failed))
    return 1 if failed else 0


#: Set when the run is interrupted: no lane starts another step.
_STOP = threading.Event()
#: Where a failing step's log says what went wrong: shown from there (CI keeps no files), else its end.
_FINDING = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|^=+ FAILURES =+$")


def _run_lane(steps: list[tuple[str, Callable[[IO[bytes]], bool]]]) -> list[str]:
    """Run `steps` in turn, each writing to build/sanitize/logs/<name>.log; the names of those that failed."""
    failed = []
    for name, step in steps:
        if _STOP.is_set():
            break
        path = OUT / "logs" / f"{name.replace(' ', '-')}.log"
        start = time.monotonic()
        print(f"== sanitize: {name} (log: {path.relative_to(ROOT)})", flush=True)
        with path.open("wb") as log:
            try:
                ok = step(log)
            except Exception:  # a step that cannot run fails with its traceback in the log; the others go on
                log.write(traceback.format_exc().encode())
                ok = False
        print(f"== {name}: {'passed' if ok else 'FAILED'} in {time.monotonic() - start:.0f} s", flush=True)
        if not ok:
            print("\n".join(f"   {name} | {line}" for line in _what_failed(path)), flush=True)
            failed.append(name)
    return failed


def _what_failed(log: Path) -> list[str]:
    """The lines of a failing step's log that say why: from the first sanitizer report or test failure on (400
    lines at most), else its last 60."""
    lines = log.read_bytes().decode(errors="replace").splitlines()
    first = next((i for i, line in enumerate(lines) if _FINDING.search(line)), None)
    return lines[-60:] if first is None else lines[first:first + 400]


def _core_sources() -> list[str]:
    """The library's sources, every layer's folder (docs/architecture.md); its command-line tools are no part."""
    return [str(p) for p in sorted(CORE.rglob("*.c")) if p.parent.name != "tool"]


def _call(command: list[str], log: IO[bytes], **options) -> bool:
    log.flush()
    return subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, **options) == 0


def _compile(out: Path, sources: list[str], log: IO[bytes], *flags: str) -> bool:
    return _call([CLANG, "-std=c11", *SANITIZERS, *flags, f"-I{CORE}", *sources, "-o", str(out)], log)


def _c_tests(log: IO[bytes]) -> bool:
    for test in ("test_core", "test_moves", "test_play"):
        binary = OUT / test
        if not (_compile(binary, [str(ROOT / "tests" / "c" / f"{test}.c"), *_core_sources()], log) and
                _call([str(binary)], log)):
            return False
    return True


def _fuzz(target: str, seconds: int, log: IO[bytes]) -> bool:
    binary = OUT / f"fuzz_{target}"
    if not _compile(binary, [str(ROOT / "fuzz" / "c" / f"{target}.c"), *_core_sources()], log, "-fsanitize=fuzzer"):
        return False
    seeds, corpus, findings = OUT / "seeds" / target, OUT / "corpus" / target, OUT / "findings"
    _write_seeds(target, seeds)
    corpus.mkdir(parents=True, exist_ok=True)
    findings.mkdir(exist_ok=True)
    env = os.environ | ({"FUZZ_BUNDLES": str(_bundles())} if target in ("bundle", "play") else {})
    return _call([str(binary), str(corpus), str(seeds), f"-max_total_time={seconds}", "-timeout=10",
                  "-rss_limit_mb=2048", "-max_len=65536", "-print_final_stats=1",
                  f"-artifact_prefix={findings}/{target}-"], log, env=env)


def _bundles() -> Path:
    """The bundles the bundle target asks and damages: a small Swedish word list's, a small Hungarian lexicon's,
    validated by analysis, with forms in its word graph and a precheck, and one decided by the compiled compound
    rule (support.lexicons builds them)."""
    from lexicon.lookup import load
    from lexicon_pipelines import build
    from support.lexicons import DEBIAN, HU_STEMS, compiled_lexicon, hungarian_lexicon, word_list_pipeline

    folder = OUT / "bundles"
    if folder.exists():
        shutil.rmtree(folder)
    work = folder / "build"
    work.mkdir(parents=True)
    words = "hus husen hund hundar katt allé pietà ånga ärta öl zoo watt quiz abc-bok mp3 ab a FN Dalarna"
    path, _ = word_list_pipeline(work, "sv-small", "\n".join(words.split()) + "\n")
    build(path, work / "art")
    for lex in (load("sv-small", work / "art"), hungarian_lexicon(work, DEBIAN, "hu-small", HU_STEMS, graph_forms=1,
                                                                             precheck=True),
                compiled_lexicon(work, DEBIAN, "hu-rule", HU_STEMS, "", compounds="rule")):
        shutil.copy(lex.path / lex.manifest["bundle"]["file"], folder / f"{lex.name}.bundle")
    return folder


def _write_seeds(target: str, folder: Path) -> None:
    """Real inputs for a start: graphs of Swedish and Hungarian words in both layouts, with and without
    a GADDAG, and the test data's graphs (reader); the same words as packed sequences (builder)."""
    from lexicon import load_alphabet, tilings
    from lexicon.graph import KBWG, KWG, TileCodes, build_kwg

    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if target == "bundle":
        _write_queries(folder)
        return
    if target == "moves":
        _write_positions(folder)
        return
    if target == "play":
        _write_requests(folder)
        return
    if target == "leaves":
        _write_leaves(folder)
        return
    lists = {"sv": ("sv-betapet", ["HUND", "HUNDAR", "KATT", "KATTER", "ALLE", "ÅNGA", "ÖRN", "ZOO", "ABBA", "A"]),
             "hu": ("hu-betutorony", ["HÁZSOR", "HÁZ", "SOR", "ASSZONY", "SZEM", "ZSEB", "CSÉSZE", "LYUK", "NY"])}
    for name, (tileset, words) in lists.items():
        alphabet = load_alphabet(tileset)
        codes = TileCodes(alphabet)
        sequences = [codes.encode(cut) for word in words for cut in tilings(word, alphabet)]
        if target == "builder":
            packed = b"".join(bytes((len(s),)) + s for s in sequences)
            for flags in range(4):
                (folder / f"{name}-{flags}").write_bytes(bytes((flags,)) + packed)
            continue
        for layout in (KWG, KBWG):
            for gaddag in (False, True):
                data = build_kwg(sequences, gaddag=gaddag, layout=layout).data
                (folder / f"{name}-{layout}-{int(gaddag)}").write_bytes(data)
    if target == "reader":
        for path in sorted((ROOT / "tests" / "data").glob("*.kwg")):
            shutil.copy(path, folder / path.name)


def _write_positions(folder: Path) -> None:
    """The moves target's seeds: 15×15 boards with HUND and KATT on them (a byte of 200 + 2 × (tile - 1) a
    square, smaller bytes empty) and racks of their letters, on the target's own graph (an even mode) and on real
    graphs with and without a GADDAG (odd)."""
    from lexicon import load_alphabet
    from lexicon.graph import TileCodes, build_kwg

    codes = TileCodes(load_alphabet("sv-betapet"))
    graphs = [build_kwg([codes.encode(w) for w in ("HUND", "HUNDAR", "KATT", "KATTER", "DAG", "AT", "TA")],
                        gaddag=gaddag).data for gaddag in (True, False)]
    for n, (words, rack) in enumerate([((), "HUNDAR?"), (("HUND",), "ARKATT?"), (("HUND", "KATT"), "ERDAGT?")]):
        cells = bytearray(15 * 15)
        for row, word in enumerate(words):
            for col, tile in enumerate(codes.encode(word)):
                cells[(7 + 2 * row) * 15 + 5 + col] = 200 + 2 * (tile - 1)
        tail = bytes(0 if t == "?" else codes.encode(t)[0] for t in rack) + b"\x32"
        for mode in range(8):
            graph = graphs[mode >> 2 & 1] if mode & 1 else b""
            (folder / f"position-{n}-{mode}").write_bytes(bytes((mode, 13)) + bytes(cells) + tail + graph)


def _write_leaves(folder: Path) -> None:
    """The leaves target's seeds: KLV2 files of a few leaves and of every leave of a small bag, after a mode byte."""
    from itertools import combinations_with_replacement

    from lexicon.play.klv import write_klv

    small = {bytes([0]): 25.5, bytes([0, 0]): 40.0, bytes([1, 1]): -3.5, bytes([3, 17]): 7.0, bytes([2, 5, 5, 9]): -1.0}
    bag = {bytes(c): float(sum(c) % 13 - 6) for k in range(1, 5) for c in combinations_with_replacement(range(6), k)}
    for n, values in enumerate((small, bag, {})):
        for mode in (0, 7, 200):
            (folder / f"leaves-{n}-{mode}").write_bytes(bytes((mode,)) + write_klv(values))


def _write_requests(folder: Path) -> None:
    """The play target's seeds: POST /play and POST /moves bodies for both bundles (letters and stacking), valid,
    illegal and hostile (tests/test_play_engine.py's), and the shipped games' documents."""
    from lexicon.play import game_names, load_game
    from lexicon.play.compiled import document_bytes

    empty, hu = ["." * 15] * 15, ["." * 10] * 10
    hund = empty[:7] + [".......HUND...."] + empty[8:]
    kar, heights = hu[:4] + ["....KÁR..."] + hu[5:], ["0" * 10] * 4 + ["0000121000"] + ["0" * 10] * 5
    bodies = {
        "sv": [{"game": "sv-betapet", "board": empty, "move": {"word": "HUND", "start": "H8"}},
               {"game": "sv-betapet", "board": hund, "move": [{"square": "L8", "tile": "a", "blank": True}],
                "rack": "A?", "detail": True},
               {"game": "sv-betapet", "board": hund, "turn": [{"word": "HUNDAR", "start": "H8"}], "lexicon": None},
               {"game": "sv-betapet", "board": hund, "rack": "ARSTE?K", "limit": 5, "phonies": True},
               {"game": "sv-betapet", "board": hund, "rack": "AR", "other": "AG?", "endgame": True, "limit": 0},
               {"game": "sv-betapet", "board": hund, "rack": "KT", "other": "AR", "endgame": 5000, "scoreless": 2},
               {"game": "sv-betapet", "board": hund, "rack": "ARSTE?K", "limit": 5, "common": True}],
        "hu": [{"game": "hu-betutorony", "board": kar, "heights": heights,
                "turn": [[{"square": "F5", "tile": "É"}], {"word": "[NY]ÚL", "start": "E6"}], "rack": "É[NY]ÚL"},
               {"game": "hu-betutorony", "board": kar, "heights": heights, "rack": "ÉSZAKOT", "limit": 20},
               {"game": "hu-betutorony", "board": kar, "heights": heights, "rack": "ÉS", "endgame": True},
               {"game": "hu-betutorony", "board": kar, "heights": heights, "rack": "ÉSZAKOT", "limit": 5,
                "common": True}],
    }
    n = 0
    for which, group in enumerate(bodies.values()):
        for body in group:
            raw = json.dumps(body, ensure_ascii=False).encode()
            for mode in (0, 1, 3):
                (folder / f"request-{n}-{mode}").write_bytes(bytes((4 * which + mode,)) + raw)
            n += 1
    from support.hostile import JSON_BODIES

    for k, (raw, _) in enumerate(JSON_BODIES):
        (folder / f"hostile-{k}").write_bytes(bytes((k % 2,)) + raw)
    for name in game_names():
        (folder / f"game-{name}").write_bytes(b"\x02" + document_bytes(load_game(name)))


def _write_queries(folder: Path) -> None:
    """The bundle target's seeds: support.corpus's texts asked of each bundle (an even first byte), and a
    few edits (odd)."""
    from support.corpus import FIXED, PATTERNS, RACKS, WORDS

    for n, text in enumerate(sorted(set(FIXED + PATTERNS + RACKS + WORDS))):
        for which in range(2):
            (folder / f"text-{which}-{n}").write_bytes(bytes((2 * which,)) + text.encode("utf-8", "surrogatepass"))
    for n in range(32):
        edit = bytes((1 + 2 * (n % 2), n, n * 37 % 256, n % 3, 4)) + b"\xff\x00\x7f\x80"
        (folder / f"edit-{n}").write_bytes(edit)


def _python_tests(log: IO[bytes]) -> bool:
    tree = OUT / "tree"
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    ignore = shutil.ignore_patterns("*.so", "__pycache__", "node_modules", ".hypothesis")
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=ignore)
        else:
            shutil.copy(source, tree / name)
    extension = tree / "lexicon" / "graph" / f"_core{sysconfig.get_config_var('EXT_SUFFIX')}"
    gcc = os.environ.get("SANITIZE_PYTHON_CC", "gcc")
    command = [gcc, "-shared", "-fPIC", "-std=c11", *SANITIZERS, f"-I{sysconfig.get_paths()['include']}",
               f"-I{CORE}", *map(str, sorted(BINDING.glob("*.c"))), *_core_sources(), "-o", str(extension)]
    if not _call(command, log):
        return False
    runtime = [subprocess.run([gcc, f"-print-file-name={lib}"], capture_output=True, text=True).stdout.strip()
               for lib in ("libasan.so", "libubsan.so")]
    env = os.environ | {
        "LD_PRELOAD": ":".join(runtime), "PYTHONMALLOC": "malloc",
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1:allocator_may_return_null=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1", "LEXICON_PURE_PYTHON": "",
    }
    # the copy's extension is the one imported, or the run would prove nothing
    probe = subprocess.run([sys.executable, "-c", "import lexicon.graph._core as c; print(c.__file__)"], cwd=tree,
                           env=env, capture_output=True, text=True)
    if probe.returncode or Path(probe.stdout.strip()) != extension:
        log.write(f"the sanitized extension is not the one imported: {probe.stdout}{probe.stderr}".encode())
        return False
    return _call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *GRAPH_TESTS], log, cwd=tree, env=env)


if __name__ == "__main__":
    sys.exit(main())
