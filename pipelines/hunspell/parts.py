"""The parts of every word Hunspell could accept: what an analysing lexicon's precheck spells with.

Hunspell accepts a word when it is a dictionary stem with at most a prefix and two suffixes, or a
compound of such parts (affixmgr.cxx, `compound_check`): each part a stem or an affixed form that
may stand where it stands, because the stem or one of its affixes carries a flag for that place
(COMPOUNDFLAG anywhere; COMPOUNDBEGIN first, COMPOUNDMIDDLE inside, COMPOUNDEND last; a flag a
COMPOUNDRULE names, here anywhere), and a prefix before a part. A word no such cut spells is one
Hunspell rejects, so the precheck (lexicon.precheck) refuses it without Hunspell's search through
its compound rules, which costs a few hundred microseconds a word that is no word.

The precheck must never refuse a word Hunspell accepts, so the parts are a superset of what the
rules allow, never a subset: each string is in lower case (Hunspell tries a word as written and in
small letters), and every rule that only forbids is ignored (NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX,
FORBIDDENWORD, cross products, a prefix's condition, COMPOUNDFORBIDFLAG, COMPOUNDPERMITFLAG,
CHECKCOMPOUND*, COMPOUNDWORDMAX, syllable counts). Each string ends in a marker of what it is:

- a form: a stem with no suffix, one, or two (the first of a class the stem's flags name or a
  prefix switches on, the second of a class the first names), marked with the places in a compound
  it may take (FIRST | MIDDLE | LAST; none: it stands only alone);
- a lead: what a prefix adds before a form. A prefix that only changes the case of the first letter
  (Magyar Ispell's `"`) adds nothing in lower case; one that strips letters has its forms made
  instead. A lead marks the places its continuation grants the form after it.

A word is spelled when it is a lead (or none) and a form, or two or more parts, each a lead (or
none) and a form, where the form or the lead may take the part's place. Forms no cut into the
game's tiles fits on the board are left out: a part has at most as many tiles as the word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from lexicon import Alphabet
from lexicon.errors import DataError
from lexicon.graph.codec import LetterCodes

from .aff import AffixFile, condition_error, parse_condition
from .dic import Stem
from .expand import Bounds, Expander, _Rule

#: The places of a part in a compound, as bits of a marker.
FIRST, MIDDLE, LAST = 1, 2, 4
#: A lead's marker is LEAD + its places; a form's is its places alone (marker numbers follow the
#: letters': letters + 1 + marker, as tl_graph_spells reads them).
LEAD = 8


def part_letters(alphabet: Alphabet) -> str:
    """The letters a parts graph numbers from 1: the key letters' order, in small letters."""
    return LetterCodes.of(alphabet).letters.lower()


def pack(pieces: Iterable[tuple[int, str]], codes: LetterCodes) -> bytes:
    """(marker, text) pairs as graph sequences, each a length byte and then its bytes: the text's letter
    numbers, then len(letters) + 1 + the marker (GraphBuilder.add_packed reads them)."""
    encode, base = codes.encode, len(codes.letters) + 1
    out = bytearray()
    for marker, text in pieces:
        out.append(len(text) + 1)
        out += encode(text)
        out.append(base + marker)
    return bytes(out)


def places(aff: AffixFile) -> list[tuple[int, frozenset[str]]]:
    """Each place of a part and the flags that let a stem or an affixed form take it."""
    anywhere = {aff.compoundflag} | aff.compoundrule_flags
    named = [(FIRST, {aff.compoundbegin, aff.compoundfirst}), (MIDDLE, {aff.compoundmiddle}),
             (LAST, {aff.compoundend, aff.compoundlast})]
    return [(bit, frozenset((flags | anywhere) - {None})) for bit, flags in named]


class Parts:
    """`Parts(aff, stems, alphabet, max_tiles)`: its `leads` and `strings(stems)` → (marker, lower-case
    string) of every part, repeats allowed; `packed()` the same as graph sequences over `letters`
    (part_letters)."""

    def __init__(self, aff: AffixFile, stems: Iterable[Stem], alphabet: Alphabet, max_tiles: int) -> None:
        if aff.simplifiedtriple or aff.seam_replacements:
            raise DataError(f"{aff.path}: Hunspell spells some of its compounds otherwise than their parts "
                            f"joined (SIMPLIFIEDTRIPLE, or a CHECKCOMPOUNDPATTERN replacement), which the "
                            f"precheck's parts cannot hold: build without [analysis] precheck", code="bad-source")
        self.aff = aff
        self.stems = list(stems)
        self.max_tiles = max_tiles
        ex = self.expander = Expander(aff, self.stems, Bounds(max_tiles=max_tiles, tileset=alphabet))
        self.letters = part_letters(alphabet)
        self.codes = LetterCodes(self.letters)
        self._spelled = re.compile(f"[{re.escape(self.letters)}]+").fullmatch
        self._places = places(aff)
        # how many of a word's last letters decide which rules of a class apply (strip and condition)
        self._reach = {f: max(max(len(r.strip) + 1, len(parse_condition(r.affix.condition, condition_error)))
                              for r in rules) for f, rules in ex.suffixes.items()}
        self._applying: dict[tuple[str, str], tuple[tuple[_Rule, int, int], ...]] = {}
        prefixes = [r for rules in ex.prefixes.values() for r in rules]
        case_only = [r for r in prefixes if self._case_only(r)]
        if any(self.places_of(r.cont) for r in case_only):
            raise DataError(f"{aff.path}: a prefix that only changes a letter's case grants a place in a "
                            f"compound; the precheck's parts cannot hold that", code="bad-source")
        self.leads = sorted({(LEAD | self.places_of(r.cont), r.add.lower())
                             for r in prefixes if not r.strip and r.add and self.fits(r.add.lower())})
        self.stripping = [r for r in prefixes if r.strip and r not in case_only]
        # suffix classes a prefix's continuation switches on, for a stem that lacks them
        self.enabled = frozenset(f for r in prefixes for f in r.cont if f in ex.suffixes)

    @staticmethod
    def _case_only(rule: _Rule) -> bool:
        """Magyar Ispell's `"`: strip a capital, add it back in small letters."""
        return len(rule.strip) == 1 and len(rule.add) == 1 and rule.strip.lower() == rule.add.lower()

    def places_of(self, flags: Iterable[str]) -> int:
        flags = frozenset(flags)
        return sum(bit for bit, granting in self._places if flags & granting)

    def fits(self, text: str) -> bool:
        """Letters of the tile set, in few enough tiles; a lower bound on the tiles keeps more, never fewer."""
        return self._spelled(text) is not None and (len(text) <= self.max_tiles or
                                                    self.expander.size(text) <= self.expander.limit)

    def strings(self, stems: Iterable[Stem]) -> Iterator[tuple[int, str]]:
        """(marker, text) of the forms of `stems` that fit."""
        fits = self.fits
        for stem in stems:
            for text, marker in self._forms(stem):
                text = text.lower()
                if fits(text):
                    yield marker, text

    def packed(self, bounds: tuple[int, int] | None = None) -> bytes:
        """As graph sequences, each a length byte and then its bytes (GraphBuilder.add_packed): letter
        numbers, then len(letters) + 1 + the marker. With `bounds`, the forms of those stems only; else
        the leads alone."""
        return pack(self.strings(self.stems[bounds[0]:bounds[1]]) if bounds else self.leads, self.codes)

    def _forms(self, stem: Stem) -> Iterator[tuple[str, int]]:
        """The stem and its forms with up to two suffixes, and with a letter-stripping prefix, each with
        the places the flags of its stem and affixes grant. Pruned as the expander prunes: a rule is
        tried only when what it makes can still fit (`growth`, the least it adds in tiles)."""
        ex = self.expander
        word, own = stem.word, stem.flags
        if not word:
            return
        size, limit, growth, after = ex.size, ex.limit, ex.growth, ex.after
        mine = self.places_of(own)
        made = [(word, mine)]
        start = size(word)
        keep = bool(self.stripping)  # a prefix that strips letters may bring a form back within the limit
        for flag in own | self.enabled:
            if flag not in growth or start + growth[flag] + after[flag] > limit:
                continue
            shrink = limit - start - after[flag]
            for s1, cut, granted in self._applicable(flag, word):
                if s1.growth > shrink:
                    continue
                one = word[:len(word) - cut] + s1.add
                first = mine | granted
                n = size(one)
                if n <= limit or keep:
                    made.append((one, first))
                for flag2 in s1.next_suffixes:
                    if n + growth[flag2] > limit:
                        continue
                    for s2, cut2, granted2 in self._applicable(flag2, one):
                        if n + s2.growth <= limit:
                            two = one[:len(one) - cut2] + s2.add
                            if keep or len(two) <= limit or size(two) <= limit:
                                made.append((two, first | granted2))
        yield from made
        for p in self.stripping:
            granted = self.places_of(p.cont)
            for text, marker in made:
                prefixed = ex._apply(p, text)
                if prefixed:
                    yield prefixed, marker | granted

    def _applicable(self, flag: str, word: str) -> tuple[tuple[_Rule, int, int], ...]:
        """The suffixes of class `flag` that apply to `word`, with how many letters each strips and the
        places it grants: what applies depends only on the word's last few letters, so millions of
        forms ask a few thousand times."""
        key = (flag, word[-self._reach[flag]:])
        found = self._applying.get(key)
        if found is None:
            ex = self.expander
            found = self._applying[key] = tuple((r, len(r.strip), self.places_of(r.cont))
                                                for r in ex.suffix_index(flag, word[-1]) if ex._apply(r, word))
        return found
