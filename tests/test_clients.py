"""The clients games embed (docs/embedding.md), over real bundles: the JavaScript package under Node's own
test runner and in headless Chromium with the network cut, and the C library's example, each answering a
corpus of 100,000+ inputs per lexicon as the library does and searches as the service does.

`make test` builds the clients first (`make clients`): the WebAssembly module, the static library, the
example. Here the expected answers are written for them: the library's brief answers for the corpus
(support/corpus.py) and the service's documents for the searches (its views, through the Flask app), and
for POST /play and POST /moves on positions met by playing whole games through the engine (support/played.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import orjson
import pytest

from lexicon.play import load_game
from lexicon.play.board import _SQUARE, cell_table
from lexicon.play.compiled import document as game_document
from lexicon.play.compiled import game_leaves
from lexicon.play.engine import play_json
from lexicon.search import MAX_BLANKS, MAX_PATTERN_CHARS, MAX_RACK_CHARS, MAX_RACK_TILES
from lexicon.word_judge import MAX_WORD_CHARS
from lexicon_service import create_app
from support.browser import chromium, wait_for
from support.corpus import PATTERNS, RACKS, WORDS, corpus, queries, verdict_document
from support.lexicons import hungarian_list
from support.played import body as position_body
from support.played import positions

from .conftest import ROOT

JS = ROOT / "clients" / "js"
WASM = JS / "tile-lexicon.wasm"
WASM_PLAY = JS / "tile-lexicon-play.wasm"
EXAMPLE = ROOT / "build" / "clients" / "c" / "example"
LEXICONS = ["betapet", "betapet_inflected", "scrabble", "hu_graphed", "hu_compiled"]
#: The games played through the engine for the play and moves fixtures, each with the lexicon it is played by.
PLAYED = {"sv-scrabble": "scrabble", "sv-betapet": "betapet", "hu-betutorony": "hu_list"}


def _built() -> None:
    missing = [str(p.relative_to(ROOT)) for p in (WASM, WASM_PLAY, EXAMPLE) if not p.exists()]
    assert not missing, f"{', '.join(missing)} not built: make clients (make test builds them)"


def _query_string(search: str, text: str, options: dict, name: str) -> dict:
    field = {"pattern": "q", "anagram": "rack"}.get(search, "word")
    flags = {k: str(v).lower() if isinstance(v, bool) else v for k, v in options.items()}
    return {field: text, "lexicon": name} | flags


@pytest.fixture(scope="module")
def hu_list(tmp_path_factory):
    """Betűtorony's words valid by a list: positions full of stacks, and every word decided by the bundle."""
    return hungarian_list(tmp_path_factory.mktemp("hu-list"), "hu-list")


def _found(client, body: dict) -> list[dict]:
    """The plays the service finds for a POST /moves body."""
    return client.post("/moves", data=orjson.dumps(body), content_type="application/json").get_json()["plays"]


#: The endgame's budget in the bodies: lists of the word graph, a fraction of a second.
ENDGAME_BUDGET = 1_000_000


def _played_bodies(lex, game, client) -> list[tuple[str, dict]]:
    """(kind, body) on positions met in two games (empty, mid-game, near the end): the best plays of each rack,
    with phonies, of common words alone, and with a blank for a tile where the game has blanks; the endgame searched
    once the bag is empty (refused for a stacking game); the first plays judged again as a word, as tiles from the
    rack, with detail, two as one turn; and on the mid-game board, bodies the service refuses."""
    out = []
    for seed in (1, 2):
        for stage, board, rack in positions(lex, game, seed):
            base = position_body(game, board) | {"lexicon": lex.name}
            out.append(("moves", base | {"rack": rack, "limit": 200}))
            out.append(("moves", base | {"rack": rack, "limit": 15, "phonies": True}))
            out.append(("moves", base | {"rack": rack, "limit": 4, "common": True}))  # a beginner's plays
            if game.alphabet.blanks and "?" not in rack:
                out.append(("moves", base | {"rack": rack[:-1] + "?", "limit": 40}))
            plays = _found(client, base | {"rack": rack, "limit": 200})
            if lex.name == game.lexicon and game_leaves(game) is not None:  # the bundle carries the leave values
                out.append(("moves", base | {"rack": rack, "limit": 30, "order": "equity"}))
                # the bag empty: the end's rule values the tiles kept; a bag the position cannot have is refused
                out.append(("moves", base | {"rack": rack, "limit": 30, "order": "equity", "bag": 0}))
                out.append(("moves", base | {"rack": rack, "order": "equity", "bag": 1000}))
                out += [("play", base | {"move": p["move"], "rack": rack, "rank": True}) for p in plays[-1:]]
            for play in plays[:8] + plays[-2:]:
                out.append(("play", base | {"move": play["move"]}))
                tiles = [{"square": t["square"], "tile": t["tile"], "blank": t["blank"]} for t in play["placed"]]
                out.append(("play", base | {"move": tiles, "rack": rack}))
                if len(tiles) > 2:  # a gap: not legal
                    out.append(("play", base | {"move": tiles[:1] + tiles[2:]}))
            phonies = _found(client, base | {"rack": rack, "limit": 100, "phonies": True})
            out += [("play", base | {"move": p["move"]}) for p in phonies if not p["valid"]][:3]  # not words
            if len(plays) > 1:
                out.append(("play", base | {"move": plays[0]["move"], "detail": True}))
                out.append(("play", base | {"turn": [plays[0]["move"], plays[-1]["move"]], "rack": rack}))
            if stage == "end":  # the bag empty: the endgame searched, the other rack the tiles unseen
                out.append(("moves", base | {"rack": rack, "limit": 3, "endgame": ENDGAME_BUDGET}))
            if stage == "mid" and plays:
                move = plays[0]["move"]
                out += [("play", base | {"board": base["board"][:-1], "move": move}),
                        ("play", base | {"move": move | {"start": "Z99"}}),
                        ("play", base | {"move": move | {"direction": "sideways"}}),
                        ("play", base | {"move": move, "rack": "#"}),
                        ("moves", base | {"rack": rack, "limit": 5000}),
                        ("moves", base | {"rack": rack, "phonies": "yes"}),
                        ("moves", base | {"rack": rack, "common": "yes"}),
                        ("moves", base | {"rack": ""})]
    return out


@pytest.fixture(scope="module")
def fixtures(request, tmp_path_factory) -> Path:
    """Per lexicon: its bundle, the corpus with the library's answers, the searches with the service's."""
    _built()
    folder = tmp_path_factory.mktemp("client-fixtures")
    listed = []
    for name in LEXICONS:
        lex = request.getfixturevalue(name)
        shutil.copy(lex.path / lex.manifest["bundle"]["file"], folder / f"{lex.name}.bundle")
        words = corpus(lex)
        with open(folder / f"{lex.name}.corpus.jsonl", "w", encoding="utf-8") as out:
            for word, expected in zip(words, lex.brief_answers(words), strict=True):
                out.write(json.dumps({"word": word, "expected": expected}) + "\n")
        with open(folder / f"{lex.name}.verdicts.jsonl", "w", encoding="utf-8") as out:
            for word in words[::20]:  # a share of every kind of input, with `detail`
                if not any(0xD800 <= ord(c) < 0xE000 for c in word):
                    out.write(json.dumps({"word": word, "expected": verdict_document(lex, word)}) + "\n")
        client = create_app({"ARTIFACTS": str(lex.path.parent.parent)}).test_client()
        with open(folder / f"{lex.name}.queries.jsonl", "w", encoding="utf-8") as out:
            for search, text, options in queries(lex, count=80):
                response = client.get(f"/{search}", query_string=_query_string(search, text, options, lex.name))
                out.write(json.dumps({"search": search, "text": text, "options": options,
                                      "status": response.status_code, "document": response.get_json()}) + "\n")
        listed.append({"name": lex.name, "version": lex.version, "bundle": f"{lex.name}.bundle",
                       "corpus": f"{lex.name}.corpus.jsonl", "queries": f"{lex.name}.queries.jsonl",
                       "verdicts": f"{lex.name}.verdicts.jsonl",
                       "analysis": lex.analyser is not None, "decided": len(words) // 2})
    (folder / "fixtures.json").write_text(json.dumps(listed), encoding="utf-8")
    games = []
    for name, lexicon_fixture in PLAYED.items():
        lex, game = request.getfixturevalue(lexicon_fixture), load_game(name)
        shutil.copy(lex.path / lex.manifest["bundle"]["file"], folder / f"{name}.game.bundle")
        client = create_app({"ARTIFACTS": str(lex.path.parent.parent)}).test_client()
        with open(folder / f"{name}.plays.jsonl", "w", encoding="utf-8") as out:
            for i, (kind, body) in enumerate(_played_bodies(lex, game, client)):
                response = client.post(f"/{kind}", data=orjson.dumps(body), content_type="application/json")
                # a body may name its game by its document instead (own_game): one that carries no leave values
                by_equity = body.get("order") == "equity" or body.get("rank")
                out.write(json.dumps({"kind": kind, "body": body, "status": response.status_code,
                                      "document": response.get_json(), "own_game": i % 5 == 0 and not by_equity})
                          + "\n")
        games.append({"name": name, "lexicon": lex.name, "bundle": f"{name}.game.bundle",
                      "plays": f"{name}.plays.jsonl", "document": game_document(game)})
    (folder / "games.json").write_text(json.dumps(games), encoding="utf-8")
    return folder


def test_the_javascript_package_answers_as_the_library_and_the_service(fixtures):
    run = subprocess.run(["node", "--test", "--test-reporter=spec", "test/"], cwd=JS, capture_output=True, text=True,
                         env=os.environ | {"TILE_LEXICON_FIXTURES": str(fixtures)}, timeout=1200)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-4000:]
    summary = dict(re.findall(r"^ℹ (\w+) (\d+)$", run.stdout, re.M))
    assert int(summary["pass"]) >= 16 and summary["fail"] == summary["skipped"] == summary["todo"] == "0", summary


def test_the_c_example_answers_as_the_library(fixtures):
    for entry in json.loads((fixtures / "fixtures.json").read_text()):
        cases = [json.loads(line) for line in (fixtures / entry["corpus"]).read_text(encoding="utf-8").splitlines()]
        cases = [c for c in cases if "\n" not in c["word"]]  # the example reads a word a line
        stdin = "".join(c["word"] + "\n" for c in cases).encode("utf-8", "surrogatepass")
        run = subprocess.run([str(EXAMPLE), str(fixtures / entry["bundle"]), "-"], input=stdin, capture_output=True,
                             timeout=600)
        assert run.returncode == 0, run.stderr.decode()
        answers = run.stdout.decode("utf-8", "surrogatepass").split("\n")[:-1]  # U+2028 and NEL stay raw in JSON
        assert len(answers) == len(cases) >= 100_000
        for case, line in zip(cases, answers, strict=True):
            answer = json.loads(line)
            if answer["valid"] is None:
                assert entry["analysis"] and answer["reason"] == "needs-analysis", case["word"]
                continue
            assert answer == case["expected"], case["word"]


def test_hungarian_answers_do_not_depend_on_the_machines_load(fixtures, hu_compiled):
    """A lexicon validated by compiled rules decides every word from its own files: the C library answers the whole
    corpus as the library does with both cores kept busy, and no answer waits on analysis."""
    entry = next(e for e in json.loads((fixtures / "fixtures.json").read_text()) if e["name"] == hu_compiled.name)
    assert not entry["analysis"]
    cases = [json.loads(line) for line in (fixtures / entry["corpus"]).read_text(encoding="utf-8").splitlines()]
    cases = [c for c in cases if "\n" not in c["word"]]
    assert sum(1 for c in cases if c["expected"]["valid"] and c["expected"]["lemma"]) > 1000
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    try:
        stdin = "".join(c["word"] + "\n" for c in cases).encode("utf-8", "surrogatepass")
        run = subprocess.run([str(EXAMPLE), str(fixtures / entry["bundle"]), "-"], input=stdin, capture_output=True,
                             timeout=1200)
        under_load = hu_compiled.brief_answers([c["word"] for c in cases])
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert run.returncode == 0, run.stderr.decode()
    answers = [json.loads(line) for line in run.stdout.decode("utf-8", "surrogatepass").split("\n")[:-1]]
    assert answers == [c["expected"] for c in cases] == under_load


def test_the_c_example_judges_turns_and_finds_plays_as_the_service(fixtures):
    """`example BUNDLE --play` and `--moves`: a body a line in, the service's document or problem a line out."""
    for entry in json.loads((fixtures / "games.json").read_text()):
        cases = [json.loads(line) for line in (fixtures / entry["plays"]).read_text(encoding="utf-8").splitlines()]
        for kind in ("play", "moves"):
            asked = [c for c in cases if c["kind"] == kind]
            stdin = "".join(json.dumps(c["body"]) + "\n" for c in asked).encode()
            run = subprocess.run([str(EXAMPLE), str(fixtures / entry["bundle"]), f"--{kind}"], input=stdin,
                                 capture_output=True, timeout=600)
            assert run.returncode == 0, run.stderr.decode()
            answers = run.stdout.decode().splitlines()
            assert len(answers) == len(asked) > 10
            refused = 0
            for case, line in zip(asked, answers, strict=True):
                answer, expected = json.loads(line), case["document"]
                if case["status"] != 200:  # the problem document the service's problem+json is made from
                    refused += 1
                    expected = {"code": expected["type"].removeprefix("/problems/"), "status": case["status"]} | {
                        k: expected[k] for k in ("detail", "parameter", "square") if k in expected}
                assert answer == expected, case["body"]
            assert refused >= 3, kind


def test_the_c_example_takes_words_as_arguments_and_refuses_a_damaged_bundle(fixtures, tmp_path):
    bundle = fixtures / "sv-betapet.bundle"
    run = subprocess.run([str(EXAMPLE), str(bundle), "allé", "hund", "x-y"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [(a["normalized"], a["valid"]) for a in answers] == [("ALLE", True), ("HUND", True), (None, False)]
    damaged = tmp_path / "damaged.bundle"
    data = bytearray(bundle.read_bytes())
    data[len(data) // 2] ^= 0x10
    damaged.write_bytes(bytes(data))
    run = subprocess.run([str(EXAMPLE), str(damaged), "hus"], capture_output=True, text=True)
    assert run.returncode == 2 and "is damaged (its checksum does not match)" in run.stderr and not run.stdout
    run = subprocess.run([str(EXAMPLE), str(tmp_path / "missing.bundle"), "hus"], capture_output=True, text=True)
    assert run.returncode == 2 and "missing.bundle: No such file or directory" in run.stderr


# ---------------------------------------------------------------- the package as a game maker installs it


PACKED = ["README.md", "index.d.ts", "index.js", "notation.d.ts", "notation.js", "package.json",
          "tile-lexicon-play.wasm", "tile-lexicon.wasm"]
TSC = ROOT / "tests" / "node_modules" / ".bin" / "tsc"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict]:
    """`npm pack` in clients/js, then `npm install ./tile-lexicon-<version>.tgz` into a fresh project: the
    project's folder and what npm says it packed."""
    _built()
    folder = tmp_path_factory.mktemp("npm")
    run = subprocess.run(["npm", "pack", "--json", "--pack-destination", str(folder)], cwd=JS, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    (packed,) = json.loads(run.stdout)
    project = folder / "a-game"
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "a-game", "private": True, "type": "module"}))
    run = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--offline", str(folder / packed["filename"])],
                         cwd=project, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return project, packed


def test_npm_pack_gives_the_package_with_its_modules_types_and_readme(installed):
    project, packed = installed
    assert sorted(f["path"] for f in packed["files"]) == PACKED
    assert sorted(p.name for p in (project / "node_modules" / "tile-lexicon").iterdir()) == PACKED
    manifest = json.loads((JS / "package.json").read_text())
    assert not manifest.get("dependencies") and manifest["type"] == "module"
    assert packed["version"] == manifest["version"]


def test_the_installed_package_answers_in_node_as_the_library(installed, betapet, tmp_path):
    """Imported by its name from the fresh project, as its README shows: words checked from a bundle given as
    fetch gives it (a promise of a Response), and a turn judged with the play engine."""
    project, _ = installed
    script = project / "check.mjs"
    script.write_text("""import { load } from "tile-lexicon";
import { readFile } from "node:fs/promises";
const bytes = await readFile(process.argv[2]);
const lex = await load(Promise.resolve(new Response(bytes)));
const words = JSON.parse(process.argv[3]);
const game = await load(bytes, { play: true });
const board = Array(15).fill(".".repeat(15));
const turn = game.play({ game: "sv-betapet", board, move: { word: "HUND", start: "H8" }, rack: "HUNDKAT" });
console.log(JSON.stringify({ answers: words.map((w) => lex.check(w)), score: turn.score, limits: lex.limits }));
""", encoding="utf-8")
    words = ["allé", "hundar", "xyzzy", "a b", "[A]LLE", "kat\u200b", "HÁZSOR"]
    bundle = betapet.path / betapet.manifest["bundle"]["file"]
    run = subprocess.run(["node", str(script), str(bundle), json.dumps(words)], cwd=project, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["answers"] == betapet.brief_answers(words)
    assert answer["limits"] == {"word": MAX_WORD_CHARS, "rack": MAX_RACK_CHARS, "rackTiles": MAX_RACK_TILES,
                                "blanks": MAX_BLANKS, "pattern": MAX_PATTERN_CHARS}  # the library's bounds
    body = {"game": "sv-betapet", "lexicon": betapet.spec, "board": ["." * 15] * 15,
            "move": {"word": "HUND", "start": "H8"}, "rack": "HUNDKAT"}
    served, _ = play_json(orjson.dumps(body), lambda spec: betapet)
    assert answer["score"] == orjson.loads(served)["score"]


CONSUMER = """import { load, Lexicon, LexiconError, Verdict } from "tile-lexicon";

export async function firstCheck(bytes: Uint8Array): Promise<boolean> {
  const lex: Lexicon = await load(bytes);
  const verdict: Verdict = lex.check("allé");
  try {
    lex.anagram("hund?", { limit: 10 });
  } catch (e) {
    if (e instanceof LexiconError) return e.code === "too-costly";
  }
  return verdict.valid === true && lex.has("hund") === true; // has: null where only analysis decides
}
"""


def test_a_typescript_consumer_compiles_against_the_types(installed):
    """`tsc --noEmit`, strict, on a small consumer of the installed package; one that misuses it does not."""
    project, _ = installed
    (project / "tsconfig.json").write_text(json.dumps({"compilerOptions": {
        "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "strict": True, "noEmit": True,
        "lib": ["es2022", "dom"], "types": []}, "files": ["consumer.ts"]}))
    (project / "consumer.ts").write_text(CONSUMER, encoding="utf-8")
    run = subprocess.run([str(TSC), "-p", str(project)], cwd=project, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    (project / "consumer.ts").write_text(CONSUMER.replace('lex.check("allé")', "lex.check(42)"), encoding="utf-8")
    run = subprocess.run([str(TSC), "-p", str(project)], cwd=project, capture_output=True, text=True)
    assert run.returncode != 0 and "consumer.ts" in run.stdout and "number" in run.stdout


def test_npm_pack_refuses_a_package_without_its_modules(tmp_path):
    """A checkout that has not built the WebAssembly modules (`make clients`) cannot pack a package whose
    load() would fail: the pack stops and says what to build."""
    copy = tmp_path / "js"
    shutil.copytree(JS, copy, ignore=shutil.ignore_patterns("*.wasm", "test", "wasm.c"))
    run = subprocess.run(["npm", "pack", "--dry-run"], cwd=copy, capture_output=True, text=True)
    assert run.returncode != 0
    assert "tile-lexicon.wasm is missing" in run.stderr and "make clients" in run.stderr


# ---------------------------------------------------------------- in a browser, offline


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # nothing from a cache: offline means offline
        super().end_headers()


# The installed package by its name, through an import map (no bundler), and the bundle as fetch gives it.
PAGE = """<!doctype html><meta charset="utf-8"><title>offline</title>
<script type="importmap">{"imports": {"tile-lexicon": "./node_modules/tile-lexicon/index.js"}}</script>
<script type="module">
import { load } from "tile-lexicon";
window.lexicon = load(fetch("./lexicon.bundle")).then((lex) => (window.lex = lex, lex.name),
                                                      (e) => "error: " + e.message);
</script>"""


def test_the_package_answers_in_chromium_with_the_network_cut(installed, betapet, tmp_path):
    project, _ = installed
    site = tmp_path / "site"
    shutil.copytree(project / "node_modules" / "tile-lexicon", site / "node_modules" / "tile-lexicon")
    shutil.copy(betapet.path / betapet.manifest["bundle"]["file"], site / "lexicon.bundle")
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    words = ["allé", "hundar", "xyzzy", "a b", "[A]LLE", "kat\u200b"]
    try:
        with chromium() as driver:
            driver.get(f"http://127.0.0.1:{server.server_port}/index.html")
            assert wait_for(driver, "return window.lex && window.lex.name", timeout=30) == "sv-betapet"
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                                          "downloadThroughput": -1,
                                                                          "uploadThroughput": -1})
            offline = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "fetch('./lexicon.bundle?again').then(() => done('online'), () => done('offline'));")
            assert offline == "offline"
            answers = driver.execute_script("return arguments[0].map((w) => window.lex.check(w));", words)
            page = driver.execute_script("return window.lex.anagram('hund?', {limit: 5});")
    finally:
        server.shutdown()
    assert answers == betapet.brief_answers(words)
    client = create_app({"ARTIFACTS": str(betapet.path.parent.parent)}).test_client()
    expected = client.get("/anagram", query_string={"rack": "hund?", "limit": 5, "lexicon": "sv-betapet"}).get_json()
    assert page == expected


# ------------------------------------------------------------------ the notation module (tile-lexicon/notation)

ROWS = ["." * 15, "HUND" + "." * 11, "hund", "[CS]É[SZ]E", "[cs]é[sz]e", "[C][S]", "W", "w", "[W]", "[w]", "Q", "a b",
        "[", "]", "[]", "[AB]", "[[A]]", "ÅÄÖ", "åäö", "ŐŰ", "\u3000A", "A\ufeffB", "\x1cA\x85", "[\n]", "\U0001F600A",
        "q\u0303", "ß", "İ", ".[.]", "[ CS]", "[cS]", "\u200bA", "Ａ"]


@pytest.mark.parametrize("name", ["sv-betapet", "sv-scrabble", "hu-betutorony"])
def test_the_notation_module_reads_board_rows_as_the_service(name, tmp_path):
    """tile-lexicon/notation's readRow, given a game's tiles as the page has them, finds the same squares as
    POST /play's board reader (lexicon/play/board.py) in every row of a catalogue, hostile rows included, and
    refuses the same first square."""
    game = load_game(name)
    alphabet = game.alphabet
    tiles = [[t.letter, t.points, t.count > 0] for t in alphabet.tiles]  # as service/page.py gives them
    table = cell_table(alphabet)
    rows = [*ROWS, *WORDS, *RACKS, *PATTERNS]

    def served(row):
        squares = _SQUARE.findall(row)
        for i, text in enumerate(squares):
            if text not in table:
                return {"square": i, "text": text}
        return [None if table[s][0] is None else {"tile": table[s][0], "blank": table[s][1]} for s in squares]

    script = tmp_path / "rows.mjs"
    script.write_text(f"""import {{ readRow, squareTable }} from {json.dumps((JS / "notation.js").as_uri())};
import {{ readFileSync }} from "node:fs";
const {{ tiles, blanks, rows }} = JSON.parse(readFileSync(process.argv[2], "utf8"));
const table = squareTable(tiles, blanks);
console.log(JSON.stringify(rows.map((row) => readRow(row, table))));
""", encoding="utf-8")
    given = tmp_path / "rows.json"
    given.write_text(json.dumps({"tiles": tiles, "blanks": alphabet.blanks, "rows": rows}), encoding="utf-8")
    run = subprocess.run(["node", str(script), str(given)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    read = json.loads(run.stdout)
    assert len(read) == len(rows)
    for row, js in zip(rows, read):
        assert js == served(row), (row, js)
    assert sum(isinstance(r, list) for r in read) > 10 and sum(isinstance(r, dict) for r in read) > 10
