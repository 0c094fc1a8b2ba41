"""The bundle: one file per version, written by every build, read by the C core the clients run
(tl_lexicon.h), and answering field for field as the library's brief answers do.

The C core's answers are asked through the binding (lexicon.graph._core.Bundle), the same code the
JavaScript package and the C library compile (tests/test_clients.py asks those).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import struct
import subprocess
import sys
import unicodedata
import zlib
from collections import Counter

import orjson
import pytest

from lexicon import ArtifactError, InputError, bundle
from lexicon.graph import _core
from lexicon.lookup import load
from lexicon.verdict import Verdict
from lexicon_pipelines import build
from lexicon_service import create_app
from support.corpus import SIZE, corpus, queries, verdict_document

from .conftest import DEBIAN, HU_STEMS, ROOT, hungarian_lexicon, word_list_pipeline

#: A small Swedish list: every letter, words of every length the game allows and beyond.
SMALL_WORDS = ["hus", "husen", "hund", "hundar", "katt", "allé", "pietà", "ånga", "ärta", "ö", "öl", "zoo", "watt",
               "xylofon", "quiz", "björnbärssnår", "abc-bok", "mp3", "ab", "a", "produktionsplaneringsavdelning",
               "jalapeño", "crème", "naïve", "Dalarna", "FN"]


@pytest.fixture(scope="module")
def small_sv(tmp_path_factory):
    """A word-list lexicon built in a second: the bundle of a list, small enough to damage section by section."""
    folder = tmp_path_factory.mktemp("small-sv")
    path, _ = word_list_pipeline(folder, "sv-small", "\n".join(SMALL_WORDS) + "\n")
    build(path, folder / "art")
    return load("sv-small", folder / "art")


@pytest.fixture(scope="module")
def small_hu(tmp_path_factory):
    """A Hungarian lexicon validated by analysis with forms in its word graph and a precheck, built in seconds."""
    folder = tmp_path_factory.mktemp("small-hu")
    return hungarian_lexicon(folder, DEBIAN, "hu-small", HU_STEMS, graph_forms=1, precheck=True)


def _bundle(lex) -> bytes:
    return (lex.path / lex.manifest["bundle"]["file"]).read_bytes()


def _answers(c, words):
    out = []
    for word in words:
        answer = c.check(word)
        del answer["position"]
        out.append(answer)
    return out


def parity(lex, words) -> Counter:
    """The C core's brief answers beside the library's: equal wherever the bundle decides; where it cannot
    (valid None, `needs-analysis`) the library must be a lexicon validated by analysis. The shares."""
    c = _core.Bundle(_bundle(lex))
    shares = Counter()
    for word, ours, theirs in zip(words, _answers(c, words), lex.brief_answers(words), strict=True):
        if ours["valid"] is None:
            assert lex.analyser is not None and ours["reason"] == "needs-analysis", word
            assert ours["normalized"] == theirs["normalized"], word
            shares["needs-analysis", theirs["valid"]] += 1
            continue
        assert ours == theirs, word
        shares[theirs["reason"] or "valid"] += 1
    return shares


def verdict_parity(lex, words) -> Counter:
    """The C core's verdict documents beside the library's, where the bundle decides. The shares."""
    c = _core.Bundle(_bundle(lex))
    shares = Counter()
    for word in words:
        ok, answer = c.verdict(word)
        ours = json.loads(answer)
        assert ok, word
        if ours["valid"] is None:
            assert lex.analyser is not None and ours["reason"] == "needs-analysis", word
            shares["needs-analysis"] += 1
            continue
        assert ours == verdict_document(lex, word), word
        shares[ours["kind"] if ours["valid"] else ours["reason"]] += 1
    return shares


def no_surrogates(words):
    """Words a Python str can hand the binding as UTF-8."""
    return [w for w in words if not any(0xD800 <= ord(c) < 0xE000 for c in w)]


# ---------------------------------------------------------------- written by the build


def test_every_build_writes_its_bundle_and_the_manifest_lists_it(betapet):
    entry = betapet.manifest["bundle"]
    data = _bundle(betapet)
    assert entry["file"] == bundle.FILENAME and entry["size"] == len(data)
    assert entry["sha256"] == hashlib.sha256(data).hexdigest() == betapet.manifest["files"][entry["file"]]["sha256"]
    found = bundle.verify(data)
    assert (found.lexicon, found.version, found.tileset) == (betapet.name, betapet.version, "sv-betapet")
    summary = found.manifest
    assert summary["version"] == betapet.version and "build_time" not in summary
    assert all("path" not in s and "files" not in s for s in summary["sources"])  # no server paths
    c = _core.Bundle(data)
    assert (c.name, c.version) == (betapet.name, betapet.version)
    assert c.section("graph") == (betapet.path / betapet.manifest["graph"]["file"]).read_bytes()


def test_a_bundle_written_again_is_the_same_bytes(betapet, tmp_path):
    entry = bundle.write(betapet.path, betapet.manifest, betapet.profile, tmp_path / "again.bundle")
    assert entry["sha256"] == betapet.manifest["bundle"]["sha256"]
    assert not list(tmp_path.glob("*.tmp"))


def test_the_bundle_is_not_much_more_than_the_graph_and_index_files(betapet, hu_graphed):
    for lex in (betapet, hu_graphed):
        graph = lex.manifest["graph"]
        files = [graph["file"], graph["keys"]["graph"], graph["keys"]["table"]]
        if "forms" in graph:
            files += [graph["forms"]["graph"], graph["forms"]["table"]]
        size = sum(lex.manifest["files"][f]["size"] for f in files)
        size += len(bundle.leaves(bundle.bundled_games(lex.alphabet), lex.name))  # its games' leave values
        assert lex.manifest["bundle"]["size"] <= 1.1 * size, lex.name


# ---------------------------------------------------------------- the same answers


def test_the_corpus_is_large_and_has_every_kind_of_input(betapet):
    words = corpus(betapet)
    assert len(words) >= SIZE and len(set(words)) == len(words)
    assert "" in words and "x" * 300 in words and "\ud800" in words and "a" + "\u0301" * 5 in words
    assert any("[" in w for w in words) and any(w.startswith('["') for w in words)
    assert any(unicodedata.normalize("NFD", w) == w != unicodedata.normalize("NFC", w) for w in words)


@pytest.mark.parametrize("name", ["betapet", "betapet_inflected", "scrabble"])
def test_the_c_core_answers_as_the_library_does(name, request):
    lex = request.getfixturevalue(name)
    shares = parity(lex, corpus(lex))
    assert not any(k[0] == "needs-analysis" for k in shares)  # a list decides every word
    # the corpus reaches every kind of answer a Swedish lexicon gives
    assert {"valid", "not-in-lexicon", "non-letter", "bad-notation", "too-long", "too-short", "empty"} <= set(shares)


@pytest.mark.parametrize("name", ["betapet_inflected", "hu_graphed", "hu_compiled", "small_sv", "small_hu"])
def test_the_batch_from_the_c_core_is_byte_for_byte_the_brief_answers(name, request):
    """POST /valid's path: `Lexicon.brief_json` (the C library's batch, with the analyser's answer put in for
    each word only it decides) writes exactly the bytes orjson writes for `brief_answers`, in batches of 1,000."""
    lex = request.getfixturevalue(name)
    assert lex.core_bundle is not None  # a build of this round has its bundle
    words = [w for w in corpus(lex, size=20_000 if name.startswith("small") else 30_000)
             if not any(0xD800 <= ord(c) < 0xE000 for c in w)]  # a JSON request's words have no lone surrogate
    undecided = 0
    for at in range(0, len(words), 1000):
        batch = words[at:at + 1000]
        answers = lex.brief_answers(batch)
        data, valid = lex.brief_json(batch)
        assert data == orjson.dumps(answers), batch
        assert valid == sum(1 for a in answers if a["valid"])
        undecided += len(lex.core_bundle.brief_json(batch)[2])
    assert (undecided > 0) == (lex.analyser is not None)  # the Hungarian batches put the analyser's answers in


@pytest.mark.parametrize("name", ["small_sv", "small_hu"])
def test_the_c_core_answers_small_lexicons_as_the_library_does(name, request):
    lex = request.getfixturevalue(name)
    shares = parity(lex, corpus(lex, size=20_000))
    assert shares["valid"] > 0 and shares["non-letter"] > 0 and shares["bad-notation"] > 0


def test_the_c_core_answers_the_hungarian_lexicon_or_says_it_cannot(hu_graphed):
    shares = parity(hu_graphed, corpus(hu_graphed))
    assert {"valid", "wrong-tiling", "bad-notation", "too-long", "non-letter"} <= set(shares)
    assert any(k.startswith("excluded:") for k in shares if isinstance(k, str))
    decided = sum(v for k, v in shares.items() if isinstance(k, str))
    assert decided > 0.5 * sum(shares.values())


@pytest.mark.parametrize("name", ["betapet_inflected", "small_sv", "hu_graphed", "small_hu"])
def test_the_c_core_writes_the_verdict_document_as_the_library_does(name, request):
    """GET /valid's document from the bundle (tl_lexicon_verdict): kind, part of speech, the tiles shown with
    their points and bag, every valid tiling, field for field as the library's, wherever the bundle decides."""
    lex = request.getfixturevalue(name)
    forms = ["megtörtént", "legújabb", "budapesti"] if lex.analyser is not None else []  # of the form index
    shares = verdict_parity(lex, no_surrogates(corpus(lex, size=20_000)) + forms)
    assert shares["headword"] > 0 and shares["bad-notation"] > 0 and shares["non-letter"] > 0
    if name == "betapet_inflected":
        assert shares["inflected"] > 0 and shares["not-in-lexicon"] > 0
    if lex.analyser is not None:  # the digraph cubes: tiles asked that are none of the word's
        assert shares["needs-analysis"] > 0 and shares["wrong-tiling"] > 0
    if name == "hu_graphed":
        assert shares["analysed"] > 0  # forms of the form index, with their reading


@pytest.mark.parametrize("name", ["betapet_inflected", "hu_graphed", "small_hu"])
def test_get_valid_documents_from_the_c_core_are_byte_for_byte_the_librarys(name, request):
    """GET /valid's path: `Lexicon.verdict_json` writes exactly the bytes orjson writes for the verdict document,
    from the bundle wherever it holds the whole answer (every word but those only analysis decides and the
    refusals that carry a dropped source record), and raises where `check` raises."""
    lex = request.getfixturevalue(name)
    from_core = checked = 0
    for word in no_surrogates(corpus(lex, size=20_000)):
        try:
            verdict = lex.check(word, detail=False)
        except InputError:
            with pytest.raises(InputError):
                lex.verdict_json(word)
            continue
        checked += 1
        assert lex.verdict_json(word) == (verdict.valid, orjson.dumps(verdict.as_dict())), word
        valid, reason, _ = lex.core_bundle.verdict_json(word)
        from_core += bool(valid) or (valid is False and reason not in ("too-short", "too-long", "non-letter", "empty")
                                     and not reason.startswith("excluded:"))
    # a corpus of every kind of input: of a list's, 30% valid or not in the lexicon; of an analysis lexicon's, 13%
    # (analysis decides most of the rest)
    assert from_core > (0.1 if lex.analyser is not None else 0.25) * checked


def test_words_valid_by_analysis_alone_are_not_decided_offline(hu_graphed):
    c = _core.Bundle(_bundle(hu_graphed))
    answer = c.check("kortárs")  # a compound: valid by analysis, in neither the list nor the graph
    assert hu_graphed.check("kortárs").valid
    assert (answer["valid"], answer["reason"], answer["normalized"]) == (None, "needs-analysis", "KORTÁRS")
    for word, lemma in [("megtörtént", "történik"), ("legújabb", "új"), ("budapesti", "Budapest")]:
        answer = c.check(word)  # two affixes: in the word graph, with its reading
        assert answer["valid"] is True and answer["lemma"] == lemma and answer["tag"], word
        assert answer == hu_graphed.brief_answers([word])[0] | {"position": -1}


@pytest.mark.parametrize("name", ["betapet_inflected", "hu_graphed", "hu_compiled", "small_sv", "small_hu"])
def test_quick_verdicts_from_the_c_core_are_the_judges(name, request):
    """`Lexicon.check(word, detail=False)` takes its verdict from the C library (bundle.quick_verdicts) wherever
    the bundle decides the whole of it: the verdict the judge makes, field for field, of the same class; the
    judge makes the rest, and the check raises where the judge raises."""
    lex = request.getfixturevalue(name)
    quick = lex._verdicts.check
    made = Counter()
    words = corpus(lex, size=20_000) + ["megtörtént", "legújabb", "budapesti", "HÁZSOR", "kortárs"]
    for word in words:
        try:
            expected = lex.judge.check(word, detail=False)
        except InputError as exc:
            with pytest.raises(InputError, match=re.escape(str(exc))):
                lex.check(word, detail=False)
            continue
        verdict = quick(word)
        if verdict is not None:
            assert type(verdict) is Verdict and verdict.alphabet is lex.alphabet, word
            assert verdict == expected, word
            made[verdict.kind if verdict.valid else verdict.reason] += 1
        assert lex.check(word, detail=False) == expected, word
    assert made["headword"] > 0
    if lex.analyser is None:
        assert made["not-in-lexicon"] > 0
    if name == "hu_graphed":
        assert made["analysed"] > 0  # a form of the form index, its tilings the cuts the word graph holds
    if name == "betapet_inflected":
        # a corpus of every kind of input: a fifth of it valid or not in the lexicon
        assert made["inflected"] > 0 and sum(made.values()) > 0.15 * len(words)


def test_quick_verdicts_refuse_a_class_they_cannot_fill(small_sv):
    fixed = {"lexicon": "x", "version": "y", "alphabet": None, "detail": None, "position": None, "analyses": None,
             "exclusions": ()}
    with pytest.raises(TypeError, match="slot 'exclusions'"):
        _core.Verdicts(small_sv.core_bundle, Verdict, {k: v for k, v in fixed.items() if k != "exclusions"})

    class Open:  # no slots
        pass

    with pytest.raises(AttributeError):
        _core.Verdicts(small_sv.core_bundle, Open, fixed)
    made = _core.Verdicts(small_sv.core_bundle, Verdict, fixed)
    with pytest.raises(TypeError, match="made once"):
        made.__init__(small_sv.core_bundle, Verdict, fixed)
    assert made.check("hus").lexicon == "x" and made.check("[H]US") is None and made.check("a\x01") is None
    with pytest.raises(TypeError):
        made.check(b"hus")
    with pytest.raises(TypeError, match="without a judge"):
        made("hus", detail=False)
    with pytest.raises(TypeError, match="judge is a callable"):
        _core.Verdicts(small_sv.core_bundle, Verdict, fixed, 1)


def test_check_is_the_c_librarys_and_hands_the_judge_what_it_does_not_decide(small_sv):
    """With a bundle, `Lexicon.check` is the C library's callable: a quick verdict where the bundle decides the
    word whole, and the judge's for everything else, called with the arguments as they came."""
    asked = []

    def judge(*args, **kwargs):
        asked.append((args, kwargs))
        return small_sv.judge.check(*args, **kwargs)

    made = bundle.quick_verdicts(small_sv.core_bundle, {"lexicon": small_sv.name, "version": small_sv.version,
                                                      "alphabet": small_sv.alphabet}, judge)
    assert made("hus", detail=False) == small_sv.judge.check("hus", detail=False) and asked == []
    assert made("[H]US", detail=False) == small_sv.judge.check("[H]US", detail=False)
    assert made("hus") == small_sv.judge.check("hus")
    assert made(word="hus", detail=False).valid
    assert asked == [(("[H]US",), {"detail": False}), (("hus",), {}), ((), {"word": "hus", "detail": False})]
    refused = made("a\x01", detail=False)  # answered, as every door answers it
    assert refused == small_sv.judge.check("a\x01", detail=False) and "U+0001" in refused.detail
    with pytest.raises(TypeError):
        made("hus", False)
    assert type(small_sv.check) is _core.Verdicts
    assert small_sv.check("hus", detail=False) == small_sv.judge.check("hus", detail=False)


def test_every_code_point_normalises_as_the_library_does(betapet):
    """The C core's Unicode tables and algorithms (lexicon/unicode_tables.py, unicode.c, normalize.c) against
    the library's ICU and unicodedata path: every assigned code point outside the private-use planes
    inside a word, and every 61st of the rest."""
    points = [cp for cp in range(0x110000)
              if (unicodedata.category(chr(cp)) not in ("Cn", "Co", "Cs") or cp % 61 == 0)]
    words = [f"ka{chr(cp)}t" for cp in points] + [chr(cp).upper() for cp in points[::7]]
    assert len(words) > 150_000
    shares = parity(betapet, words)
    assert shares["valid"] > 0 and shares["non-letter"] > 0


def test_the_brief_document_as_json_is_the_dict(small_sv):
    c = _core.Bundle(_bundle(small_sv))
    for word in ["allé", "\ud800x", 'say "hi"\\', "a\x01b", "hundar", "x" * 300, "[A]LLE", '["A","L"]']:
        expected = c.check(word)
        del expected["position"]
        assert json.loads(c.check_json(word)) == expected, word


# ---------------------------------------------------------------- the searches and tiles


def search_parity(lex, root, count: int = 150) -> Counter:
    """Every query of support.corpus.queries through the C core and through the service's views (the Flask
    app over the same artifacts): the same document, or the same problem (its type, detail and position).
    Where the bundle cannot decide a word, a /tiles answer may say null where the service says more."""
    c = _core.Bundle(_bundle(lex))
    client = create_app({"ARTIFACTS": str(root)}).test_client()
    seen = Counter()
    for search, text, options in queries(lex, count):
        ok, answer = getattr(c, search)(text, **options)
        ours = json.loads(answer)
        params = {("q" if search == "pattern" else "rack" if search == "anagram" else "word"): text,
                  "lexicon": lex.name} | {k: str(v).lower() if isinstance(v, bool) else v for k, v in options.items()}
        response = client.get(f"/{search}", query_string=params)
        theirs = response.get_json()
        what = (search, text, options)
        if not ok:
            assert response.status_code == ours["status"], (what, ours, theirs)
            assert theirs["type"].endswith("/" + ours["code"]) and theirs["detail"] == ours["detail"], what
            assert theirs.get("position") == ours.get("position"), what
            seen[search, "refused"] += 1
            continue
        assert response.status_code == 200, (what, theirs)
        if ours.get("valid", True) is None:  # /tiles of a word only analysis decides
            seen[search, "needs-analysis"] += 1
            continue
        assert ours == theirs, what
        seen[search, "answered"] += 1
    return seen


def test_the_c_core_searches_as_the_service_does(betapet, artifacts_root):
    seen = search_parity(betapet, artifacts_root)
    assert all(seen[s, "answered"] > 50 and seen[s, "refused"] > 0 for s in ("anagram", "pattern", "hooks"))
    assert seen["tiles", "answered"] > 50


def test_the_c_core_searches_hungarian_as_the_service_does(small_hu):
    seen = search_parity(small_hu, small_hu.path.parent.parent, count=60)
    assert all(seen[s, "answered"] > 20 for s in ("anagram", "pattern", "hooks", "tiles"))


# ---------------------------------------------------------------- refused, and nothing read outside


def _sections(data: bytes) -> dict[str, bytes]:
    return {name: bytes(part) for name, part in bundle.read(data).sections.items()}


def _manifest(data: bytes) -> tuple[dict, _Profile]:
    found = bundle.read(data)
    return {"name": found.lexicon, "version": found.version, "toolkit": {"version": found.toolkit}}, \
        _Profile(found.tileset)


def _rewritten(data: bytes, **changed: bytes) -> bytes:
    """The bundle with sections replaced (`keys_kind` for keys.kind), every checksum made right: only the C
    core's shape checks stand."""
    parts = _sections(data)
    for name, value in changed.items():
        parts[name.replace("_", ".")] = value
    return bundle.encode(parts, *_manifest(data))


class _Profile:
    """What bundle.encode reads of a profile: its tile set's name."""

    def __init__(self, tileset: str) -> None:
        self.alphabet = type("Tileset", (), {"name": tileset})()


def _refused(data: bytes) -> str:
    with pytest.raises((ArtifactError, InputError)) as caught:
        _core.Bundle(data)
    return str(caught.value)


@pytest.mark.parametrize("name", ["small_sv", "small_hu"])
def test_damaged_bundles_are_refused_saying_what(name, request):
    data = _bundle(request.getfixturevalue(name))
    for size in (0, 8, 255, 256, 300, len(data) // 2, len(data) - 1):
        assert "bundle" in _refused(data[:size])
    assert "TLBUNDLE" in _refused(b"PK\x03\x04" + data[4:])
    other = bytearray(data)
    struct.pack_into("<I", other, 8, 2)
    assert "format version 2" in _refused(bytes(other))
    with pytest.raises(InputError):
        _core.Bundle(bytes(other))
    header = bytearray(data)
    header[40] ^= 0x20
    assert "header" in _refused(bytes(header))
    table = bytearray(data)
    table[bundle.HEADER_SIZE + 20] ^= 1
    assert "section table" in _refused(bytes(table))
    for name, part in bundle.read(data).sections.items():  # a flipped byte in each section
        flipped = bytearray(data)
        flipped[_offset(data, name) + len(part) // 2] ^= 0x41
        assert f"section {name} is damaged" in _refused(bytes(flipped)), name


def _offset(data: bytes, name: str) -> int:
    count = struct.unpack_from("<I", data, 12)[0]
    for i in range(count):
        raw, offset, _, _ = bundle.ENTRY.unpack_from(data, bundle.HEADER_SIZE + i * bundle.ENTRY.size)
        if raw.rstrip(b"\0").decode() == name:
            return offset
    raise KeyError(name)


def test_a_wrong_checksum_is_refused(small_sv):
    data = bytearray(_bundle(small_sv))
    entry = bundle.HEADER_SIZE + 3 * bundle.ENTRY.size
    struct.pack_into("<I", data, entry + 28, struct.unpack_from("<I", data, entry + 28)[0] ^ 1)
    count = struct.unpack_from("<I", data, 12)[0]
    table = bytes(data[bundle.HEADER_SIZE:bundle.HEADER_SIZE + bundle.ENTRY.size * count])
    struct.pack_into("<I", data, 24, zlib.crc32(table))  # the table's own checksum made right again
    header = bytearray(data[:bundle.HEADER_SIZE])
    struct.pack_into("<I", header, 28, 0)
    struct.pack_into("<I", data, 28, zlib.crc32(bytes(header)))
    assert "is damaged (its checksum does not match)" in _refused(bytes(data))


def _strings(*items: str) -> bytes:
    return bundle.strings(items)


def test_sections_of_the_wrong_shape_are_refused_with_right_checksums(small_sv, small_hu):
    """Bytes whose checksums are right but whose content lies: each refused by name, nothing read outside."""
    data = _bundle(small_sv)
    parts = _sections(data)
    keys = struct.unpack_from("<I", parts["rules"], 12)[0]
    cases = {
        "rules": [struct.pack("<4I8B", 2, 15, 1, keys, 0, 0, 0, 0, 1, 2, 0, 0)],  # no tiles
        "tiles": [b"\xff" * 8, _strings("A") + b"\1\1\1\1"],
        "letters": [_strings("A", "A"), _strings("AB")],
        "letters.lower": [_strings("a")],
        "fold.to": [_strings("E", "E", "E", "E", "E", "E", "E")],
        "uni.upper": [struct.pack("<I", 5000)],
        "uni.props": [struct.pack("<I3I3I", 2, 10, 20, 1, 5, 30, 1)],
        "graph": [b"\0" * 16, b"\xff" * 64],
        "keys.graph": [parts["keys.graph"][:-8]],
        "keys.kind": [parts["keys.kind"][:keys // 2]],
        "keys.lemma": [b"\xff" * len(parts["keys.lemma"])],
        "keys.strings": [struct.pack("<I", 1 << 30)],
        "keys.reasons": [_strings()],
        "tilings": [struct.pack("<I2I", 1, keys + 5, 0)],
    }
    for name, values in cases.items():
        for value in values:
            message = _refused(_rewritten(data, **{name.replace(".", "_"): value}))
            assert "bundle" in message, (name, message)
    missing = _sections(data)
    del missing["keys.tiles"]
    assert "no section keys.tiles" in _refused(bundle.encode(missing, *_manifest(data)))
    hu = _bundle(small_hu)
    for name, value in {"forms.meta": struct.pack("<4I", 0, 3, 63, 1), "forms.kind": _strings("PFX"),
                        "keys.refused": b""}.items():
        assert "bundle" in _refused(_rewritten(hu, **{name.replace(".", "_"): value})), name


def test_the_key_graphs_word_counts_travel_in_the_bundle(small_sv):
    """keys.counts are the counts the C core makes itself (verify compares them); a bundle written before they were
    opens by counting and answers the same; counts that lie are refused by name, by open or by verify, and the
    answers read through them stay inside the bundle (`make sanitize` runs this over the sanitized binding)."""
    data = _bundle(small_sv)
    parts = _sections(data)
    nodes = len(parts["keys.graph"]) // 4
    assert len(parts["keys.counts"]) == 4 * nodes
    counts = struct.unpack(f"<{nodes}I", parts["keys.counts"])
    root = struct.unpack_from("<I", parts["keys.graph"])[0] & 0x3FFFFF
    assert counts[root] == struct.unpack_from("<I", parts["rules"], 12)[0]  # every key, from the root list
    _core.Bundle(data).verify()
    words = corpus(small_sv)[:3000]
    older = bundle.encode({k: v for k, v in parts.items() if k != "keys.counts"}, *_manifest(data))
    assert _answers(_core.Bundle(older), words) == _answers(_core.Bundle(data), words)
    assert "section keys.counts" in _refused(_rewritten(data, keys_counts=parts["keys.counts"][:-4]))
    assert "section keys.counts" in _refused(_rewritten(data, keys_counts=parts["keys.counts"][:-1]))
    lying = list(counts)
    lying[root] += 1  # one word more than there are keys: the columns do not hold it
    assert "keys" in _refused(_rewritten(data, keys_counts=struct.pack(f"<{nodes}I", *lying)))
    for seed in range(3):  # the root list's word count kept, every other count anything
        rng = random.Random(seed)
        lying = [rng.randrange(1 << 32) for _ in counts]
        lying[root] = counts[root]
        c = _core.Bundle(_rewritten(data, keys_counts=struct.pack(f"<{nodes}I", *lying)))
        with pytest.raises(ArtifactError, match="keys.counts: the word counts are not the graph's own"):
            c.verify()
        for word in words[:500]:
            try:
                c.check(word)
            except ArtifactError as exc:  # a rank past the words there are
                assert "counts are not its own" in str(exc)


def test_a_damaged_graph_is_refused_naming_its_section_and_its_fault(small_sv):
    data = _bundle(small_sv)
    graph = bytearray(_sections(data)["keys.graph"])
    struct.pack_into("<I", graph, 4 * 2, 0x3FFFFF)  # an arc far past the last node
    message = _refused(_rewritten(data, keys_graph=bytes(graph)))
    assert re.search(r"section keys\.graph: node 2 points to node 4194303, past the last", message), message


def test_a_word_graph_tile_the_tile_set_lacks_is_refused_by_verify_and_by_the_searches(small_sv):
    """A bundle whose checksums are right but whose word graph holds a tile the tile set lacks: verify names the node,
    and a search that meets it refuses with the damage instead of spelling a tile that is not there."""
    data = _bundle(small_sv)
    graph = bytearray(_sections(data)["graph"])
    at = struct.unpack_from("<I", graph)[0] & 0x3FFFFF  # the root list
    while not struct.unpack_from("<I", graph, 4 * at)[0] & 0x400000:
        at += 1
    node = struct.unpack_from("<I", graph, 4 * at)[0]
    struct.pack_into("<I", graph, 4 * at, node & 0x00FFFFFF | 63 << 24)  # its last tile becomes tile 63: still in order
    c = _core.Bundle(_rewritten(data, graph=bytes(graph)))
    with pytest.raises(ArtifactError, match=rf"section graph: node {at} has tile 63, which the tile set lacks"):
        c.verify()
    with pytest.raises(ArtifactError, match="holds a tile its tile set lacks"):
        c.pattern("*")
    assert c.pattern("A?")[0]  # a search that does not meet it answers


def test_a_damaged_bundle_answers_nothing_and_the_library_is_safe(small_sv):
    """A bundle the C core opened answers every text; bytes that are not UTF-8 are refused by the call."""
    c = _core.Bundle(_bundle(small_sv))
    assert c.check("\udcff")["reason"] == "non-letter"
    with pytest.raises(TypeError):
        c.check(b"hus")


# ---------------------------------------------------------------- the command


def _lexicon(*args: str, root) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexicon_cli", *args, "--artifacts", str(root)], capture_output=True,
                          text=True, cwd=ROOT)


def test_the_bundle_command_writes_and_checks_bundles(betapet, artifacts_root, tmp_path):
    out = tmp_path / "sv.bundle"
    run = _lexicon("bundle", "sv-betapet", "-o", str(out), "--json", root=artifacts_root)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["sha256"] == betapet.manifest["bundle"]["sha256"]
    assert out.read_bytes() == _bundle(betapet)
    check = _lexicon("bundle", "--check", str(out), "--json", root=artifacts_root)
    assert check.returncode == 0 and json.loads(check.stdout)["version"] == betapet.version
    damaged = tmp_path / "damaged.bundle"
    data = bytearray(out.read_bytes())
    data[len(data) // 3] ^= 1
    damaged.write_bytes(bytes(data))
    refused = _lexicon("bundle", "--check", str(damaged), root=artifacts_root)
    assert refused.returncode == 2 and "damaged" in refused.stderr and str(damaged) in refused.stderr


# ---------------------------------------------------------------- served


def test_the_service_serves_the_bundle_for_caches_and_ranges(server, betapet):
    data = _bundle(betapet)
    status, headers, body = server.get("/lexicons/sv-betapet/bundle")
    assert status == 200 and body == data
    assert headers["Content-Type"] == "application/octet-stream"
    assert headers["ETag"] == f'"{betapet.manifest["bundle"]["sha256"]}"'
    assert "no-cache" in headers["Cache-Control"] and headers["X-Lexicon-Version"] == betapet.spec
    status, headers, body = server.get(f"/lexicons/sv-betapet@{betapet.version}/bundle", {"Range": "bytes=0-255"})
    assert status == 206 and body == data[:256] and headers["Content-Range"] == f"bytes 0-255/{len(data)}"
    assert "immutable" in headers["Cache-Control"]
    status, _, body = server.get("/lexicons/sv-betapet/bundle", {"Range": f"bytes={len(data) - 100}-"})
    assert status == 206 and body == data[-100:]
    status, _, _ = server.get("/lexicons/sv-betapet/bundle", {"If-None-Match": headers["ETag"]})
    assert status == 304
    status, _, _ = server.get("/lexicons/sv-betapet/bundle", {"Range": f"bytes={len(data) + 10}-"})
    assert status == 416
    status, _, body = server.get("/lexicons/no-such/bundle")
    assert status == 404 and json.loads(body)["type"].endswith("unknown-lexicon")


# ---------------------------------------------------------------- docs/bundle.md's worked example


def test_the_worked_example_of_the_docs_is_what_a_build_writes(tmp_path):
    path, _ = word_list_pipeline(tmp_path, "sv-tiny", "hus\nhund\n")
    build(path, tmp_path / "art")
    lex = load("sv-tiny", tmp_path / "art")
    data = _bundle(lex)
    doc = (ROOT / "docs" / "bundle.md").read_text(encoding="utf-8")
    parts = bundle.read(data).sections
    assert f"version {lex.version}, whose bundle is {len(data):,} bytes in {len(parts)} sections" in doc
    assert all(f"{row[:8].hex(' ')}  {row[8:].hex(' ')}" in doc for row in (data[:16], data[16:32]))  # as hexdump -C
    rules = bytes(parts["rules"])
    assert " ".join(f"{b:02x}" for b in rules[:4]) in doc and rules[16:].hex(" ") in doc
    for i in range(6):
        node = int.from_bytes(parts["keys.graph"][4 * i:4 * i + 4], "little")
        assert f"{i}  0x{node:08x}" in doc
    assert bytes(parts["keys.lemma"]).hex(" ") in doc and bytes(parts["keys.counts"]).hex(" ") in doc
    assert _core.Bundle(data).check("Hus") == {"word": "Hus", "normalized": "HUS", "valid": True, "reason": None,
                                               "detail": None, "lemma": None, "tag": None, "position": -1}
