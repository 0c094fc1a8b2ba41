"""The fuzz targets. Each takes bytes and returns nothing; see fuzz/__init__.py."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from lexicon import LexiconError, format_tiling, load_alphabet, parse_notation, tilings
from lexicon.normalize import Normalizer
from lexicon.tiling import notation_tilings
from lexicon_pipelines.sources import KINDS, SourceConfig

ALPHABETS = [load_alphabet(n) for n in ("sv-betapet", "sv-scrabble", "hu-betutorony")]
NORMALIZERS = [Normalizer(a) for a in ALPHABETS]
_SCRATCH = Path(tempfile.mkdtemp(prefix="lexicon-fuzz-"))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def normalize(data: bytes) -> None:
    """Normalisation never raises, and a key normalises to itself."""
    text = _text(data)
    for n in NORMALIZERS:
        result = n(text)
        if result.ok:
            assert n(result.key).key == result.key, (text, result.key)
            assert set(result.key) <= n.alphabet.letters
        else:
            assert result.reason is not None


def notation(data: bytes) -> None:
    """Tile notation parses or raises a LexiconError with a position; what parses round-trips."""
    text = _text(data)
    for alphabet, n in zip(ALPHABETS, NORMALIZERS):
        try:
            cuts = notation_tilings(parse_notation(text, alphabet, n.key), alphabet)
        except LexiconError:
            continue
        for cut in cuts[:8]:
            again = notation_tilings(parse_notation(format_tiling(cut, alphabet), alphabet), alphabet)
            assert again == [cut], (text, cut, again)


def tiling(data: bytes) -> None:
    """Every cut spells the word; a flood of cuts is refused, never enumerated."""
    alphabet = ALPHABETS[2]
    key = "".join(t.letter for t in alphabet.tiles)
    word = "".join(key[b % len(key)] for b in data[:64])
    try:
        cuts = tilings(word, alphabet)
    except LexiconError:
        return
    assert all("".join(c) == word for c in cuts)


def _read(kind: str, data: bytes, suffix: str, **options) -> None:
    path = _SCRATCH / f"input-{os.getpid()}{suffix}"
    path.write_bytes(data)
    try:
        for _ in KINDS[kind](SourceConfig("fuzz", kind, {"path": str(path), **options}, _SCRATCH)).entries():
            pass
    except LexiconError:
        pass


def xml_entries(data: bytes) -> None:
    """The entry-XML reader takes any bytes: entries or a DataError, nothing else."""
    _read("saol-xml", data, ".xml")


def lmf(data: bytes) -> None:
    _read("lmf", data, ".xml")


def plain(data: bytes) -> None:
    _read("plain", data, ".txt", encoding="utf-8")
    _read("tsv", data, ".tsv", encoding="iso-8859-1", pos_column=True)


_HUNSPELL = Path(__file__).parent.parent / "tests" / "data" / "hunspell"
_BASIC_AFF, _BASIC_DIC = (_HUNSPELL / "basic.aff").read_bytes(), (_HUNSPELL / "basic.dic").read_bytes()
#: Separates the .aff from the .dic in one input; without it the input is tried as each file in
#: turn, beside a real example of the other.
DIC_MARK = b"\n--dic--\n"


def hunspell(data: bytes) -> None:
    """The Hunspell reader takes any .aff and .dic: entries whose forms are non-empty, or a DataError.
    The bounds keep a hostile affix table from running long (it must then stop with an error)."""
    aff, mark, dic = data.partition(DIC_MARK)
    pairs = [(aff, dic)] if mark else [(data, _BASIC_DIC), (_BASIC_AFF, data)]
    for aff, dic in pairs:
        aff_path, dic_path = _SCRATCH / f"fuzz-{os.getpid()}.aff", _SCRATCH / f"fuzz-{os.getpid()}.dic"
        aff_path.write_bytes(aff)
        dic_path.write_bytes(dic)
        options = {"path": str(dic_path), "aff": str(aff_path), "max_letters": 12, "max_forms": 20_000}
        try:
            source = KINDS["hunspell"](SourceConfig("fuzz", "hunspell", options, _SCRATCH))
            for entry in source.entries():
                # an empty stem (a line that starts with a tab) is an entry: the build drops it as `empty`
                assert isinstance(entry.headword, str) and all(form.text for form in entry.forms)
            source.compound_parts()
        except LexiconError:
            pass


_CLASSES = ("NOUN", "VERB", "ADJ", "PRON", "ADV", "OTHER")


def saol_notation(data: bytes) -> None:
    """SAOL's inflection notation: key forms and a paradigm, or an UnreadableNotation; the first line
    is the headword, the rest its notation (`hund` / `+en +ar`)."""
    from lexicon_pipelines.inflection import inflect

    head, _, notation = _text(data).partition("\n")
    try:
        forms = inflect(head.strip() or "hund", _CLASSES[len(data) % len(_CLASSES)], notation)
    except LexiconError:
        return
    assert all(isinstance(form.text, str) and form.text for form in forms)


def artifact(data: bytes) -> None:
    """A damaged artifact file is refused with an ArtifactError, never served: flip bytes of a real one.

    The manifest itself is not in the rotation: it holds the checksums, and damage to them is
    caught like damage to the files; damage to its free text (a description) is not damage.
    """
    from lexicon.lookup import open_lexicon

    source = Path(os.environ["FUZZ_ARTIFACT"])
    target = _SCRATCH / f"artifact-{os.getpid()}"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    files = sorted(p for p in target.iterdir() if p.is_file() and p.name != "manifest.json")
    if not data:
        return
    victim = files[data[0] % len(files)]
    blob = bytearray(victim.read_bytes())
    for i in range(1, len(data) - 3, 4):
        offset = int.from_bytes(data[i:i + 3], "little") % len(blob)
        blob[offset] ^= data[i + 3] or 1
    victim.write_bytes(bytes(blob))
    try:
        open_lexicon(target)
    except LexiconError:
        return
    raise AssertionError(f"a damaged {victim.name} was accepted")


def kwg(data: bytes) -> None:
    """Untrusted KWG bytes: the compiled core and the reference agree on validation; every entry
    point of the compiled reader answers or raises a LexiconError, validated or not (its reads
    check every index); on bytes that pass validation, every walk ends and both agree."""
    from itertools import islice

    from lexicon.graph import KBWG, KWG, Kwg

    body = data[: len(data) // 4 * 4]
    if not body:
        return
    probe = data[:6]
    for layout in (KWG, KBWG):
        try:
            compiled, reference = Kwg(body, layout, native=True), Kwg(body, layout, native=False)
        except LexiconError:
            continue
        verdicts = []
        for graph in (compiled, reference):
            try:
                graph.validate()
                verdicts.append(None)
            except LexiconError as exc:
                verdicts.append(str(exc))
        assert verdicts[0] == verdicts[1], verdicts
        _calls_end_cleanly(compiled, probe)
        if verdicts[0] is None:
            words = list(islice(reference.words(), 2000))
            assert all(compiled.contains(word) for word in words)
            # a search reads a tile as its low six bits (the format's 1..63; the kwg layout has 8)
            walked = list(islice(compiled.core.pattern([-2, -3], 10**6, "budget"), 2000))
            assert walked == [bytes(t & 63 for t in w) for w in words]


def _calls_end_cleanly(graph, probe: bytes) -> None:
    """Every entry point of the compiled reader answers or raises a LexiconError on these bytes."""
    from itertools import islice

    from lexicon.search import Search

    search = Search(graph, ALPHABETS[0], NORMALIZERS[0].key, max_visits=2000)
    rack = bytes(range(64))
    calls = [(graph.contains, probe), (graph.follow, probe), (graph.rank, probe), (graph.ranks, [probe, probe[:2]]),
             (graph.core.hooks, probe), (lambda: list(islice(graph.core.pattern([-2, -3], 2000, "budget"), 500)),),
             (lambda: list(graph.core.anagrams(rack, 2, True, 1, 2000, "budget")),),
             (lambda: list(islice(search.anagrams("AB??", sub=True), 100)),)]
    for function, *args in calls:
        try:
            function(*args)
        except (LexiconError, KeyError):
            pass  # KeyError: a tile number outside the alphabet, when a result is spelled


TARGETS = {"normalize": normalize, "notation": notation, "tiling": tiling, "xml_entries": xml_entries, "lmf": lmf,
           "plain": plain, "hunspell": hunspell, "saol_notation": saol_notation, "artifact": artifact, "kwg": kwg}
