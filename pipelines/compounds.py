"""The compiled word rule of a lexicon validated by compiled rules (`compounds = "rule"`): every word of
exactly two pieces that the dictionary's flags allow, decided by data the build writes and the C core
reads (lexicon/graph/core/lexicon/rule.c), never by a spell checker at query time.

Materialising the words is out of reach (about 10^9 two-part strings within ten tiles), so the version
holds their pieces instead (lexicon_pipelines.hunspell.pieces says which and why): each piece's valid
tilings, then a separator, then one of its roles in digits, in one word graph (`rule.dwg`); the role
table, the seam's checks and the leads' conditions in `rule.json`; and `rule-refused.dwg`, the words the
rule must not take whatever their pieces: English words (the pipeline's foreign list) and names written
small (the dictionary's names and the foreign list's). A compound the rule takes is also refused when a
common slip (the dictionary's REP table, the pipeline's `typos`) makes it a word of the lexicon: `számara`
is `számára` misspelt, not szám + ara.

A piece is tiled as the word graph tiles it where the graph holds it as a word (`vízszint`: V Í Z SZ I N T),
else by its preferred cut; a seam between pieces is a tile boundary, so `házsor` is H Á Z S O R.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexicon import Reason, __version__, artifacts, preferred_tiling, tilings
from lexicon.graph import TileCodes
from lexicon.graph.codec import LetterCodes
from lexicon.graph.reader import Kwg
from lexicon.graph.writer import GraphBuilder

from .files import DEFAULT_MAX_BYTES, decoded_lines
from .forked import add_forked, default_workers
from .hunspell import pieces as roles
from .hunspell import read_aff, read_dic
from .hunspell.pieces import Pieces

if TYPE_CHECKING:
    from lexicon import Profile

    from .definition import CompoundOptions
    from .progress import Progress

RULE_STEM, REFUSED_STEM, TABLE = "rule", "rule-refused", "rule.json"
FORMAT, FORMAT_VERSION = "tile-lexicon-rule", 1
#: The role kinds as rule.h numbers them.
KINDS = {"first": 1, "first-counted": 2, "first-stop": 3, "last-stop": 4, "veto": 5, "veto-compound": 6,
         "last": 7, "lead": 8, "takes": 9, "whole": 10}
#: Why rule-refused.dwg holds a key: its marker after the key's letters is letters + 1 + this.
REFUSED_WHY = {Reason.FOREIGN: 0, Reason.PROPER_NOUN: 1}
#: Stems a producer takes at a time.
CHUNK = 500
DIGITS, BASE = 2, 16


def role_table() -> list[tuple[int, int, int, int]]:
    """(kind, counted, class, syllable correction) of every marker the pieces use, by marker number."""
    named = {roles.FIRST: ("first", 0), roles.FIRST_COUNTED: ("first-counted", 0), roles.FIRST_STOP: ("first-stop", 0),
             roles.LAST: ("last", 0), roles.LAST_COUNTED: ("last", 1), roles.LAST_STOP: ("last-stop", 0),
             roles.VETO: ("veto", 0), roles.VETO_COMPOUND: ("veto-compound", 0), roles.WHOLE: ("whole", 0)}
    table = []
    for marker in range(roles.MAX_MARKER + 1):
        if marker in named:
            kind, counted = named[marker]
            table.append((KINDS[kind], counted, 0, 0))
        elif roles.LEAD_BASE <= marker < roles.TAKES_BASE:
            table.append((KINDS["lead"], 0, marker - roles.LEAD_BASE, 0))
        elif marker >= roles.TAKES_BASE:
            table.append((KINDS["takes"], 0, marker - roles.TAKES_BASE, 0))
        else:
            table.append((0, 0, 0, 0))
    return table


def rule_identity(options: CompoundOptions) -> dict[str, Any]:
    """What makes a version's rule besides the dictionary, which the version hashes already: the rule's format and
    roles as this code writes them, its slips and the foreign list's bytes. Hashed into the version (runner.write),
    so a rule made another way is another version."""
    foreign = options.foreign
    return {"format_version": FORMAT_VERSION, "roles": role_table(), "typos": [list(t) for t in options.typos],
            "foreign": artifacts.sha256_file(foreign) if foreign is not None and foreign.is_file() else None,
            "toolkit": __version__}


class PieceTiler:
    """The tile sequences of a piece in the pieces graph: each valid tiling (the word graph's cuts of it,
    else the preferred cut), then the separator and the role's digits."""

    def __init__(self, profile: Profile, graph_path: Path) -> None:
        self.alphabet, self.policy = profile.alphabet, profile.doubled_digraphs
        self.codes = TileCodes(self.alphabet)
        self.separator = len(self.alphabet.tiles) + 1
        self.multi = self.alphabet.multi_re.search
        singles = "".join(t.letter for t in self.alphabet.tiles if len(t.letter) == 1)
        self.single = re.compile(f"[{re.escape(singles)}]+").fullmatch  # every letter a tile by itself
        self.graph_path = graph_path
        self._graph: Kwg | None = None
        self._cuts: dict[str, list[bytes]] = {}

    @property
    def graph(self) -> Kwg:
        if self._graph is None:  # opened in the worker that uses it (a forked process maps its own)
            self._graph = Kwg.open(self.graph_path)
        return self._graph

    def cuts(self, text: str) -> list[bytes]:
        found = self._cuts.get(text)
        if found is not None:
            return found
        key = text.upper()
        encode = self.codes.encode
        if self.multi(key) is None and self.single(key):
            found = [encode(tuple(key))]
        else:
            every = [encode(cut) for cut in tilings(key, self.alphabet, self.policy)]
            found = [cut for cut in every if self.graph.contains(cut)]
            if not found:
                cut = preferred_tiling(key, self.alphabet, self.policy)
                found = [encode(cut)] if cut is not None else []
        if len(self._cuts) > 200_000:
            self._cuts.clear()
        self._cuts[text] = found
        return found

    def packed(self, marked: list[tuple[int, str]]) -> bytes:
        out = bytearray()
        separator = self.separator
        for marker, text in marked:
            digits = bytes((marker // BASE + 1, marker % BASE + 1))
            for cut in self.cuts(text):
                out.append(len(cut) + 1 + DIGITS)
                out += cut
                out.append(separator)
                out += digits
        return bytes(out)


class _Producer:
    """What a forked worker runs: the pieces of a slice of the stems, packed."""

    def __init__(self, pieces: Pieces, tiler: PieceTiler) -> None:
        self.pieces, self.tiler = pieces, tiler

    def __call__(self, bounds: tuple[int, int]) -> bytes:
        stems = self.pieces.stems[bounds[0]:bounds[1]]
        return self.tiler.packed(list(self.pieces.strings(stems)))


def write_rule(folder: Path, options: CompoundOptions, dictionary, profile: Profile, graph_file: str,
               progress: Progress, workers: int | None = None) -> dict[str, Any]:
    """Write the rule's files into `folder` from the dictionary source `dictionary` (a HunspellSource);
    the manifest's `rule` entry."""
    aff = read_aff(dictionary.aff_path(), DEFAULT_MAX_BYTES)
    stems = read_dic(dictionary.dic_path(), aff, DEFAULT_MAX_BYTES)
    pieces = Pieces(aff, stems, profile.alphabet, profile.max_tiles)
    tiler = PieceTiler(profile, folder / graph_file)
    progress.start("rule pieces", len(pieces.stems))
    builder = GraphBuilder()
    builder.add_packed(tiler.packed(list(pieces.leads)))
    add_forked(builder, _Producer(pieces, tiler), len(pieces.stems), CHUNK, progress,
               default_workers() if workers is None else workers)
    encoded = builder.finish(gaddag=False)
    graph_name = RULE_STEM + encoded.suffix
    (folder / graph_name).write_bytes(encoded.data)
    progress.finish(f"{encoded.distinct:,} tiled pieces, {encoded.nodes:,} nodes")

    refused, refused_counts = _refused(options, stems, profile)
    refused_name = None
    if refused:
        refused_encoded = refused.finish(gaddag=False)
        refused_name = REFUSED_STEM + refused_encoded.suffix
        (folder / refused_name).write_bytes(refused_encoded.data)
    seam = pieces.seam
    table = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "toolkit": __version__,
        "separator": tiler.separator, "digits": DIGITS, "base": BASE, "layout": encoded.layout,
        "dup": seam.dup, "triple": seam.triple, "min_letters": seam.min_letters,
        "max_words": seam.max_words or 0, "max_syllables": seam.max_syllables or 0,
        "roles": role_table(), "classes": pieces.class_names(),
        "vowels": sorted({v.upper() for v in seam.vowels}),
        "patterns": [[end.upper(), begin.upper()] for end, begin in seam.patterns],
        "leads": [[lead.upper(), k, condition.upper()] for (lead, k), condition in pieces.lead_condition_texts()],
        "typos": _typos(options, aff, profile),
        "refused": refused_name,
    }
    (folder / TABLE).write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return {"graph": graph_name, "table": TABLE, "refused": refused_name, "format": encoded.layout,
            "nodes": encoded.nodes, "pieces": encoded.distinct, "refused_words": refused_counts,
            "source": dictionary.id, "classes": len(pieces.classes)}


def _typos(options: CompoundOptions, aff, profile: Profile) -> list[list[str]]:
    """The slips a compound is checked for: the dictionary's REP pairs whose both sides are letters of the
    alphabet, and the pipeline's own (`typos`), each side in capitals, once."""
    letters = set(LetterCodes.of(profile.alphabet).letters)
    pairs = [(a.upper(), b.upper()) for a, b in (*aff.replacements, *options.typos)]
    return [list(p) for p in dict.fromkeys(p for p in pairs if p[0] != p[1] and set(p[0] + p[1]) <= letters)]


def _refused(options: CompoundOptions, stems, profile: Profile) -> tuple[GraphBuilder | None, dict[str, int]]:
    """The refused keys, each its letters and a marker of why: the foreign list's words in small letters
    (foreign) and capitalised ones (names), and the dictionary's names, written small."""
    letters = LetterCodes.of(profile.alphabet)
    base = len(letters.letters) + 1
    builder, counts = GraphBuilder(), {str(Reason.FOREIGN): 0, str(Reason.PROPER_NOUN): 0}
    seen: set[str] = set()

    def add(word: str, why: Reason) -> None:
        key = word.upper()
        codes = letters.encode(key)
        if codes is None or key in seen:
            return
        seen.add(key)
        builder.add(codes + bytes((base + REFUSED_WHY[why],)))
        counts[str(why)] += 1

    if options.foreign is not None:
        for _, line in decoded_lines(options.foreign, "utf-8"):
            word = line.strip()
            if word.isalpha():
                add(word, Reason.FOREIGN if word.islower() else Reason.PROPER_NOUN)
    for stem in stems:
        if stem.word[:1].isupper() or "po:noun_prs" in stem.morph:
            add(stem.word, Reason.PROPER_NOUN)
    return (builder if seen else None), counts


def rule_entry(folder: Path) -> dict[str, Any]:
    """The rule's table as the bundle writes it (lexicon.bundle reads the version's files through this)."""
    return json.loads((folder / TABLE).read_text(encoding="utf-8"))


__all__ = ["FORMAT", "FORMAT_VERSION", "KINDS", "PieceTiler", "rule_entry", "write_rule"]
