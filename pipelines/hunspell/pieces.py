"""Two-part words decided from a Hunspell dictionary's flags: the pieces, their roles, and the rule.

Hunspell accepts a compound by searching, at query time, the cuts of a word for parts its flags allow
(affixmgr.cxx, `compound_check`), and gives up after 50 ms of CPU. This module decides the same
question for a word of exactly two pieces `a + b` from data made at build time:

1. a compound: `a` has a FIRST role and `b` a LAST role, and the seam passes the checks below; or
2. a lead and a form: `a` is what a prefix adds (LEAD(k): a preverb, `leg-` of superlatives) and
   `b` a stem with no suffix, one or two that takes a prefix of class k (TAKES(k)), the prefix's
   condition holding on `b`: the three-affix forms (le+zár+ás+a) the forms of two affixes lack.

A prefix that strips letters (Magyar Ispell's `"`, which only makes a name's capital small) is no lead:
its three-affix words (egyiptomiak: " + Egyiptom + i + ak) are WHOLE pieces, words by themselves.

`Pieces(aff, stems, alphabet, max_tiles).strings(stems)` streams (marker, text) for the pieces some stems
make (a text may come with several markers, and again from another stem); `packed(bounds)` gives them
as word-graph sequences (letters, then a marker), as parts.py does; `leads` are the leads, with
`lead_conditions`; `seam` the checks. `PieceRule(role_table(pairs), seam, lead_conditions).accepts(word)`
is the rule, a Reading or None. The markers (`describe`):

- FIRST, FIRST_COUNTED: may be a compound's first part; COUNTED when it counts one more word (its stem
  is a COMPOUNDROOT, a compound listed whole, or its prefix has two syllables or more).
- LAST, LAST_COUNTED: may be a compound's last part, counting one more word likewise.
- FIRST_STOP, LAST_STOP: the part rests on a FORBIDDENWORD stem, where Hunspell gives up the word.
- VETO: a word Hunspell refuses whatever its pieces (a FORBIDDENWORD and the forms Hunspell may read
  as one); VETO_COMPOUND: refused as a compound (a dictionary entry of two words, `úti cél`, written
  as one: cpdwordpair_check).
- WHOLE: a word by itself (above). LEAD(k), TAKES(k): a lead of class k and a form that takes one.

What `compound_check` does with two parts (Hunspell 1.7.2, the version chunspell and Debian ship), and
what the rule keeps:

- First part: a root, the first homonym with COMPOUNDFLAG or COMPOUNDBEGIN and no NEEDAFFIX (if that
  homonym is FORBIDDENWORD the cut fails; if the text's first homonym has COMPOUNDFORBIDFLAG it never
  begins a compound), and only when there is none, prefix + stem (+ a cross-product suffix) or stem +
  suffix, every suffix with COMPOUNDPERMITFLAG, the flag on the stem or the affix's continuation, no
  COMPOUNDFORBIDFLAG on an affix (and a suffix with COMPOUNDEND gives no COMPOUNDFLAG part). Never two
  suffixes (no COMPOUNDMORESUFFIXES). Kept.
- Last part: a root (the first homonym with COMPOUNDFLAG or COMPOUNDEND, no NEEDAFFIX), or an affixed
  form as affix_check finds it at a compound's end: prefix with COMPOUNDPERMITFLAG + stem (+ cross
  suffix), stem + suffix (not ONLYINCOMPOUND, NEEDAFFIX or CIRCUMFIX), stem + two suffixes, prefix +
  stem + two suffixes (cross products; Hunspell asks this one as outside a compound, so no
  COMPOUNDPERMITFLAG), the flag on the stem or the inner suffix's continuation; COMPOUNDFORBIDFLAG on
  the prefix or the inner suffix refuses. Kept.
- FORBIDDENWORD on a part's stem makes Hunspell give up the whole word, at the first cut (left to right)
  that reaches it: kept (STOP roles, the cuts tried in Hunspell's order).
- Seam: CHECKCOMPOUNDTRIPLE (three equal letters across it, compared as Hunspell compares bytes, so ASCII
  letters only), CHECKCOMPOUNDPATTERN (the first piece ends with one side, the second begins with the
  other), COMPOUNDMIN (letters of each piece): kept. CHECKCOMPOUNDDUP: Hunspell compares dictionary
  entries (kutya + kutyát refused, lakás + lakás of two entries accepted), the rule the pieces' texts.
- COMPOUNDWORDMAX 2 with COMPOUNDROOT and COMPOUNDSYLLABLE, Hungarian mode (LANG hu_HU): a part whose stem
  is a COMPOUNDROOT, or whose prefix has two syllables or more (vissza-, legesleg-), counts one more
  word, and more than two words need at most COMPOUNDSYLLABLE syllables. Kept, counting the pieces'
  vowels. Left out: Hunspell's corrections of that count (an inflection's vowels not counted, one less
  for an -i suffix, SYLLABLENUM's hardwired c, I and J flags): they change the count by -9 to +2 and
  matter only past six vowels, which a word of ten tiles all but never has (one of wordfreq's 46,428
  Hungarian words: ideológiai); the markers stay within a word graph's tile numbers without them.
- cpdwordpair_check (a dictionary entry of two words written as one): kept, VETO_COMPOUND. FORBIDDENWORD
  words and the forms a FORBIDDENWORD stem makes: kept, VETO (as the expander withholds them).
- Left out: CHECKCOMPOUNDREP and the dictionary's ph: fields (a compound one REP change from a
  dictionary word is a typo: decided elsewhere); CHECKCOMPOUNDCASE (a case change at the seam: none in
  a lower-case word); COMPOUNDRULE (Magyar Ispell's numerals `0*1`, `00*20*1`: no stem with those flags
  is spelled in small letters, `Pieces.rulewords` counts them, so no word of letters is made by them);
  COMPOUNDMIDDLE and three or more parts (not two pieces); hu_mov_rule (a word ending in a hyphen); the
  time limit (Hunspell tries two parts first, with no recursion, so two parts never reach it).
- Approximated: Hunspell checks only the first analysis its search finds for a part (and tries
  COMPOUNDEND only when no COMPOUNDFLAG analysis exists); the rule takes any analysis that passes.

HEAD (2026) differs from 1.7.2 in nothing the rule reads for Magyar Ispell: its time limit is a steady
clock, CHECKCOMPOUNDPATTERN's flags may sit on the affixes (Magyar Ispell's patterns have none), and
affix_check skips an all-capitals-only stem (never in a lower-case word).

The lead and form follow expand.py's rules 3, 5 and 6 (a prefix with suffixes: cross products,
continuation classes, NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND); the prefix's condition is tested on the
form when the rule runs (`lead_conditions`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from lexicon import Alphabet
from lexicon.errors import DataError
from lexicon.graph.codec import LetterCodes
from lexicon.graph.format import MAX_TILE

from .aff import AffixFile, condition_error, parse_condition
from .dic import Stem
from .expand import MAX_DEPTH, Bounds, Expander, _Rule
from .parts import pack, part_letters

# -- roles ----------------------------------------------------------------------------------------

FIRST, FIRST_COUNTED, FIRST_STOP, LAST, LAST_COUNTED, LAST_STOP, VETO, VETO_COMPOUND, WHOLE = range(1, 10)
#: LEAD(k) and TAKES(k), k < MAX_CLASSES: every marker fits a word graph's tile numbers after the letters.
LEAD_BASE, MAX_CLASSES = 10, 9
TAKES_BASE = LEAD_BASE + MAX_CLASSES
MAX_MARKER = TAKES_BASE + MAX_CLASSES - 1
FIRSTS = frozenset((FIRST, FIRST_COUNTED))
LASTS = frozenset((LAST, LAST_COUNTED))
FIRST_ROLES = frozenset((FIRST, FIRST_COUNTED, FIRST_STOP))
_NAMES = {FIRST: "FIRST", FIRST_COUNTED: "FIRST+counted", FIRST_STOP: "FIRST_STOP", LAST: "LAST",
          LAST_COUNTED: "LAST+counted", LAST_STOP: "LAST_STOP", VETO: "VETO", VETO_COMPOUND: "VETO_COMPOUND",
          WHOLE: "WHOLE"}


def describe(marker: int, classes: list[str] | None = None) -> str:
    """A marker as text: `LAST+counted`, `LEAD(X)` …"""
    if marker in _NAMES:
        return _NAMES[marker]
    base, name = (LEAD_BASE, "LEAD") if marker < TAKES_BASE else (TAKES_BASE, "TAKES")
    k = marker - base
    return f"{name}({classes[k] if classes and k < len(classes) else k})"


# -- the seam -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seam:
    """What a compound's two pieces are checked for where they meet, and their syllables."""

    patterns: tuple[tuple[str, str], ...]  # (the first piece's end, the second's beginning; `.` any letter)
    dup: bool  # CHECKCOMPOUNDDUP
    triple: bool  # CHECKCOMPOUNDTRIPLE
    min_letters: int  # COMPOUNDMIN
    max_words: int | None  # COMPOUNDWORDMAX
    max_syllables: int | None  # COMPOUNDSYLLABLE
    vowels: str

    @classmethod
    def of(cls, aff: AffixFile) -> Seam:
        syllables, vowels = aff.compoundsyllable or (None, "")
        return cls(tuple((p.end, p.begin) for p in aff.compound_patterns), aff.checkcompounddup,
                   aff.checkcompoundtriple, aff.compoundmin, aff.compoundwordmax, syllables, vowels)

    def syllables(self, text: str) -> int:
        vowels = self.vowels
        return sum(ch in vowels for ch in text)

    def tripled(self, a: str, b: str) -> bool:
        """Three equal letters across the seam, compared as Hunspell compares bytes (ASCII letters only)."""
        last = a[-1]
        return self.triple and last < "\x80" and b[0] == last and (a[-2:-1] == last or b[1:2] == last)

    def patterned(self, a: str, b: str) -> bool:
        return any(a.endswith(end) and len(b) >= len(begin) and all(p in (".", c) for p, c in zip(begin, b))
                   for end, begin in self.patterns)

    def allows(self, a: str, b: str) -> str | None:
        """None when the seam of a + b passes, else which check refuses it."""
        if self.tripled(a, b):
            return "triple"
        if self.patterned(a, b):
            return "pattern"
        if self.dup and a == b:
            return "dup"
        return None

    def counts(self, words: int, syllables: int) -> bool:
        """Whether a compound of `words` counted words (beyond its two parts) and `syllables` passes."""
        if self.max_words is None or words + 1 < self.max_words:
            return True
        return self.max_syllables is not None and syllables <= self.max_syllables


# -- the pieces -----------------------------------------------------------------------------------

class _Flags:
    """The flags compound_check reads, each None when the .aff has none."""

    def __init__(self, aff: AffixFile) -> None:
        self.compound = aff.compoundflag
        self.begin = aff.compoundbegin or aff.compoundfirst
        self.end = aff.compoundend or aff.compoundlast
        self.permit = aff.compoundpermit
        self.forbid = aff.compoundforbid
        self.root = aff.compoundroot
        self.needaffix = aff.needaffix
        self.onlyin = aff.onlyincompound
        self.forbidden = aff.forbidden
        self.circumfix = aff.circumfix
        self.hungarian = aff.lang in ("hu", "hu_HU")


def _has(flag: str | None, flags: Iterable[str]) -> bool:
    return flag is not None and flag in flags


class LeadClass(NamedTuple):
    """Prefixes that behave alike before a form: the class's flag, continuation and cross product."""

    flag: str
    cont: frozenset[str]
    cross: bool


class Pieces:
    """`Pieces(aff, stems, alphabet, max_tiles)`: `strings(stems)` → (marker, lower-case text) of every
    piece those stems make, repeats allowed; `packed(bounds)` the same as graph sequences over `letters`;
    `leads` the leads (LEAD markers) with `lead_conditions`; `seam` the checks; `classes` the lead classes."""

    def __init__(self, aff: AffixFile, stems: Iterable[Stem], alphabet: Alphabet, max_tiles: int) -> None:
        self._refuse_unsupported(aff)
        self.aff = aff
        self.stems = list(stems)
        self.max_tiles = max_tiles
        self.flags = _Flags(aff)
        self.seam = Seam.of(aff)
        ex = self.expander = Expander(aff, self.stems, Bounds(max_tiles=max_tiles, tileset=alphabet))
        self.letters = part_letters(alphabet)
        self.codes = LetterCodes(self.letters)
        self._spelled = re.compile(f"[{re.escape(self.letters)}]+").fullmatch
        if len(self.letters) + 1 + MAX_MARKER > MAX_TILE:
            raise DataError(f"{len(self.letters)} letters leave no room for the pieces' {MAX_MARKER} markers in a "
                            f"word graph's {MAX_TILE} tile numbers", code="bad-source")
        self._applying: dict[tuple[str, str], tuple[tuple[_Rule, int], ...]] = {}
        self._reach = {f: max(max(len(r.strip) + 1, len(parse_condition(r.affix.condition, condition_error)))
                              for r in rules) for f, rules in ex.suffixes.items()}
        if ex.prefix_enabled:
            raise DataError(f"{aff.path}: a prefix's continuation names a suffix class, which the two-part "
                            f"rule does not read", code="bad-source")
        # Every homonym of a lower-case word in .dic order: Hunspell's lookup returns the first, and its
        # homonym walk takes the first that fits.
        self.homonyms: dict[str, list[Stem]] = {}
        for stem in self.stems:
            if stem.word and stem.word.islower():
                self.homonyms.setdefault(stem.word, []).append(stem)
        self._head = {word: hs[0].line for word, hs in self.homonyms.items()}
        # texts whose root decides whether they begin a compound (no affixed reading is tried)
        self.first_decided = frozenset(w for w, hs in self.homonyms.items() if self._root_first(hs) is not None)
        self.rulewords = sum(1 for s in self.stems if aff.compoundrule_flags & s.flags
                             and s.word.isalpha() and s.word.islower())
        # Prefixes grouped by what decides their readings (flag, continuation, cross product): a group is
        # judged once per form, and its lettered rules that strip nothing are the leads of one class.
        self.classes: list[LeadClass] = []
        self.lead_conditions: dict[tuple[str, int], list[Callable[[str], bool] | None]] = {}
        self._condition_texts: list[tuple[tuple[str, int], str]] = []
        self._groups: dict[str, list[tuple[_Rule, int | None, int]]] = {}
        self._group_rules: list[tuple[_Rule, ...]] = []
        self._group_index: dict[tuple[int, str], tuple[_Rule, ...]] = {}
        leads = set()
        for flag, rules in ex.prefixes.items():
            grouped: dict[LeadClass, list[_Rule]] = {}
            for r in rules:
                grouped.setdefault(LeadClass(r.flag, r.cont, r.cross), []).append(r)
            for key, members in grouped.items():
                lettered = [r for r in members if not r.strip and r.add and self.fits(r.add)]
                k = None
                if lettered:
                    k = len(self.classes)
                    if k >= MAX_CLASSES:
                        raise DataError(f"{aff.path}: more than {MAX_CLASSES} classes of prefixes", code="bad-source")
                    self.classes.append(key)
                    for r in lettered:
                        self.lead_conditions.setdefault((r.add, k), []).append(r.matches)
                        self._condition_texts.append(((r.add, k), "" if r.affix.condition == "." else
                                                      r.affix.condition))
                        leads.add((LEAD_BASE + k, r.add))
                self._groups.setdefault(flag, []).append((members[0], k, len(self._group_rules)))
                self._group_rules.append(tuple(members))
        self.leads = sorted(leads)
        # Hungarian Hunspell counts a prefix of two syllables or more as one more word of a compound
        self._counted_by_prefix = {r.add: self.flags.hungarian and self.seam.syllables(r.add) > 1
                                   for rules in ex.prefixes.values() for r in rules}
        self._body_limit = ex.limit - min(0, min((r.growth for rules in ex.prefixes.values() for r in rules
                                                  if r.strip), default=0))

    @staticmethod
    def _refuse_unsupported(aff: AffixFile) -> None:
        problems = [name for name, on in (
            ("SIMPLIFIEDTRIPLE", aff.simplifiedtriple), ("a CHECKCOMPOUNDPATTERN replacement", aff.seam_replacements),
            ("COMPOUNDMORESUFFIXES", aff.compoundmoresuffixes), ("FORCEUCASE", aff.forceucase),
            ("a CHECKCOMPOUNDPATTERN with flags or a 0 pattern",
             any(p.end_flag or p.begin_flag or p.end.startswith("0") for p in aff.compound_patterns)),
            ("COMPOUNDWORDMAX above 2", (aff.compoundwordmax or 0) > 2)) if on]
        if problems:
            raise DataError(f"{aff.path}: {', '.join(problems)}: the two-part rule does not read it "
                            f"(lexicon_pipelines.hunspell.pieces)", code="bad-source")

    def lead_condition_texts(self) -> list[tuple[tuple[str, int], str]]:
        """Each lead's prefix rules as ((lead, class), its condition as the .aff writes it, "" for none), in
        order, once: what the compiled rule tests a form against (lexicon/graph/core/lexicon/rule.c)."""
        return list(dict.fromkeys(self._condition_texts))

    def class_names(self) -> list[str]:
        """Each lead class as text (its flag, and its continuation where two classes share a flag)."""
        codec = self.aff.codec
        flags = [c.flag for c in self.classes]
        return [codec.show(c.flag) + (f"/{''.join(map(codec.show, sorted(c.cont)))}" if flags.count(c.flag) > 1
                                      else "") for c in self.classes]

    def fits(self, text: str) -> bool:
        """Letters of the tile set in few enough tiles (a lower bound on the tiles keeps more, never fewer)."""
        return self._spelled(text) is not None and (len(text) <= self.max_tiles or
                                                    self.expander.size(text) <= self.expander.limit)

    # -- streaming ----------------------------------------------------------------------------------

    def strings(self, stems: Iterable[Stem]) -> Iterator[tuple[int, str]]:
        """(marker, text) of the pieces `stems` make: their roots' roles (at a word's first homonym), their
        affixed forms' roles, and the words they forbid."""
        spelled = self._spelled
        for stem in stems:
            for marker, text in self._pieces(stem):
                if spelled(text) is not None:
                    yield marker, text

    def packed(self, bounds: tuple[int, int] | None = None) -> bytes:
        """As graph sequences, each a length byte and then its bytes (GraphBuilder.add_packed): letter
        numbers, then len(letters) + 1 + the marker. With `bounds`, the pieces of those stems; else the
        leads alone."""
        return pack(self.strings(self.stems[bounds[0]:bounds[1]]) if bounds else self.leads, self.codes)

    # -- one stem -----------------------------------------------------------------------------------

    def _pieces(self, stem: Stem) -> Iterator[tuple[int, str]]:
        """(marker, text) of one stem's pieces within the bound, not yet checked for the tile set's letters."""
        word, own = stem.word, stem.flags
        if not word:
            return
        f = self.flags
        ex = self.expander
        if self._head.get(word) == stem.line and ex.size(word) <= ex.limit:
            yield from self._root_roles(word)
        if _has(f.forbidden, own):
            yield from self._vetoed(stem)
        if " " in word:
            yield from self._pairs(stem)
            return
        forbidden = _has(f.forbidden, own)
        onlyin = _has(f.onlyin, own)
        root = _has(f.root, own)
        limit, size, apply = ex.limit, ex.size, ex._apply
        prefix_flags = ex.prefix_flags
        by_prefix = self._counted_by_prefix
        for text, s1, s2, n in self._bodies(word, own):
            lower = text.islower()
            exact = n if len(text) > limit else None
            if s1 is not None and lower and n <= limit:
                yield from self._bare(own, text, s1, s2, forbidden, onlyin)
            # prefixes the stem or a suffix's continuation names
            wanted = own & prefix_flags
            if s1 is not None:
                wanted |= s1.next_prefixes
            if s2 is not None:
                wanted |= s2.next_prefixes
            for flag in wanted:
                for rep, k, group in self._groups[flag]:
                    first, last, takes = self._prefixed(own, rep, s1, s2, forbidden, onlyin)
                    if takes and k is not None and lower and n <= limit:
                        yield TAKES_BASE + k, text
                    # a prefix that strips letters is no lead: its three-affix words are pieces by themselves
                    whole = takes and s2 is not None
                    if not (first or last or whole):
                        continue
                    for p in self._group_applying(group, text[0]):
                        if n + p.growth > limit:
                            if exact is None:  # n counts letters where the text fits by them
                                exact = size(text)
                            if exact + p.growth > limit:
                                continue
                        made = apply(p, text)
                        if not made or not made.islower() or size(made) > limit:
                            continue
                        counted = root or by_prefix[p.add]
                        if first and made not in self.first_decided:
                            yield (FIRST_STOP if forbidden else FIRST_COUNTED if counted else FIRST), made
                        if last:
                            yield (LAST_STOP if forbidden else LAST_COUNTED if counted else LAST), made
                        if whole and p.strip:
                            yield WHOLE, made

    def _group_applying(self, group: int, ch: str) -> tuple[_Rule, ...]:
        found = self._group_index.get((group, ch))
        if found is None:
            found = self._group_index[(group, ch)] = tuple(r for r in self._group_rules[group] if r.fits_edge(ch))
        return found

    def _bodies(self, word: str, own: frozenset[str]) -> Iterator[tuple[str, _Rule | None, _Rule | None, int]]:
        """(text, S1, S2, size) of the stem, stem + suffix and stem + two suffixes that fit the bound, or
        that a prefix stripping letters could bring within it. A rule is tried only when the least it adds
        (its growth) leaves room, and a size is measured only for a text longer than the bound."""
        ex = self.expander
        size, growth, fit = ex.size, ex.growth, ex.limit
        limit = self._body_limit
        start = size(word)
        if start > limit:
            return
        yield word, None, None, start
        for flag in own:
            if flag not in growth or start + growth[flag] > limit:
                continue
            for s1, one in self._applicable(flag, word, limit - start):
                # a text no longer than the bound fits it: its size is measured only where it prunes
                n = size(one) if len(one) > fit else len(one)
                if n > limit:
                    continue
                yield one, s1, None, n
                if s1.next_suffixes and len(one) <= fit:
                    n = size(one)
                for flag2 in s1.next_suffixes:
                    if n + growth[flag2] > limit:
                        continue
                    for s2, two in self._applicable(flag2, one, limit - n):
                        n2 = size(two) if len(two) > fit else len(two)
                        if n2 <= limit:
                            yield two, s1, s2, n2

    def _applicable(self, flag: str, word: str, room: int) -> Iterator[tuple[_Rule, str]]:
        """The suffixes of class `flag` that apply to `word` and add at most `room`, with what each makes of
        it: what applies depends only on the word's last few letters (parts.py), so millions of forms ask a
        few thousand times."""
        key = (flag, word[-self._reach[flag]:])
        found = self._applying.get(key)
        if found is None:
            ex = self.expander
            found = self._applying[key] = tuple((r, len(r.strip)) for r in ex.suffix_index(flag, word[-1])
                                                if ex._apply(r, word))
        for r, cut in found:
            if r.growth <= room:
                yield r, word[:len(word) - cut] + r.add

    # -- roots --------------------------------------------------------------------------------------

    def _root_first(self, homonyms: list[Stem]) -> int | None:
        """FIRST or FIRST_COUNTED for a root that begins a compound, 0 for one whose homonyms forbid it,
        None when the root does not decide (affixed readings are tried)."""
        f = self.flags
        if _has(f.forbid, homonyms[0].flags):
            return 0  # COMPOUNDFORBIDFLAG on the first homonym: the cut is skipped
        for h in homonyms:
            fl = h.flags
            if not _has(f.needaffix, fl) and (_has(f.compound, fl) or _has(f.begin, fl)):
                if _has(f.forbidden, fl):
                    return 0
                return FIRST_COUNTED if _has(f.root, fl) else FIRST
        return None

    def _root_roles(self, word: str) -> Iterator[tuple[int, str]]:
        homonyms = self.homonyms[word]
        first = self._root_first(homonyms)
        if first:
            yield first, word
        f = self.flags
        for h in homonyms:
            fl = h.flags
            if not _has(f.needaffix, fl) and (_has(f.compound, fl) or _has(f.end, fl)):
                if _has(f.forbidden, fl):
                    yield LAST_STOP, word
                else:
                    yield LAST_COUNTED if _has(f.root, fl) else LAST, word
                break

    # -- affixed readings ---------------------------------------------------------------------------

    def _bare(self, own: frozenset[str], text: str, s1: _Rule, s2: _Rule | None, forbidden: bool,
              onlyin: bool) -> Iterator[tuple[int, str]]:
        """Readings of stem + suffix and stem + two suffixes."""
        f = self.flags
        counted = _has(f.root, own)
        circ = _has(f.circumfix, s1.cont)
        if s2 is None:
            cont = s1.cont
            # first part (suffix_check at a compound's beginning): the suffix carries COMPOUNDPERMITFLAG
            if (text not in self.first_decided and _has(f.permit, cont) and not circ
                    and not _has(f.needaffix, cont) and not _has(f.forbid, cont)):
                need = own | cont
                if ((_has(f.compound, need) and not _has(f.end, cont)) or _has(f.begin, need)):
                    yield (FIRST_STOP if forbidden else FIRST_COUNTED if counted else FIRST), text
            # last part (suffix_check at a compound's end): no COMPOUNDFORBIDFLAG check, the affix is cleared
            if not (circ or _has(f.needaffix, cont) or _has(f.onlyin, cont)):
                need = own | cont
                if _has(f.compound, need) or _has(f.end, need):
                    yield (LAST_STOP if forbidden else LAST_COUNTED if counted else LAST), text
            return
        # two suffixes: a last part only; the inner suffix's continuation holds the flag
        if onlyin or circ or _has(f.onlyin, s1.cont) or _has(f.forbid, s1.cont):
            return
        need = own | s1.cont
        if _has(f.compound, need) or _has(f.end, need):
            yield (LAST_STOP if forbidden else LAST_COUNTED if counted else LAST), text

    def _prefixed(self, own: frozenset[str], p: _Rule, s1: _Rule | None, s2: _Rule | None, forbidden: bool,
                  onlyin: bool) -> tuple[bool, bool, bool]:
        """Whether a prefix like `p` (its flag, continuation and cross product) before a body makes a first
        part, a last part, and a word by itself (the body then TAKES its class)."""
        f = self.flags
        pc = p.cont
        if s1 is None:  # P + stem
            if p.flag not in own or _has(f.needaffix, pc):
                return False, False, False
            need = own | pc
            part = not _has(f.forbid, pc)
            return (part and (_has(f.compound, need) or _has(f.begin, need)),
                    part and _has(f.permit, pc) and (_has(f.compound, need) or _has(f.end, need)),
                    not (forbidden or onlyin or _has(f.onlyin, pc)))
        sc = s1.cont
        if s2 is None:  # P + stem + S, a cross product
            if not (p.cross and s1.cross and (s1.flag in own or s1.flag in pc) and (p.flag in own or p.flag in sc)
                    and _has(f.circumfix, pc) == _has(f.circumfix, sc)
                    and not (_has(f.needaffix, sc) and _has(f.needaffix, pc))):
                return False, False, False
            need = own | sc
            part = not (_has(f.forbid, pc) or _has(f.forbid, sc))
            return (part and _has(f.permit, sc) and (_has(f.compound, need) or _has(f.begin, need)),
                    part and _has(f.permit, pc) and (_has(f.compound, need) or _has(f.end, need)),
                    not (forbidden or onlyin or _has(f.onlyin, pc) or _has(f.onlyin, sc)))
        # P + stem + S1 + S2 (prefix_check_twosfx): P and S2 cross products; S1 crossed with P unless S2
        # switches P on
        if not (p.cross and s2.cross) or onlyin or _has(f.onlyin, sc):
            return False, False, False
        if p.flag not in s2.cont:
            if not (s1.cross and (s1.flag in own or s1.flag in pc) and (p.flag in own or p.flag in sc)
                    and _has(f.circumfix, pc) == _has(f.circumfix, sc)):
                return False, False, False
        elif _has(f.circumfix, sc):
            return False, False, False
        need = own | sc
        part = not (_has(f.forbid, pc) or _has(f.forbid, sc))
        return False, part and (_has(f.compound, need) or _has(f.end, need)), not forbidden

    # -- words refused whole ------------------------------------------------------------------------

    def _vetoed(self, stem: Stem) -> Iterator[tuple[int, str]]:
        """A FORBIDDENWORD stem and its forms (those no other entry makes a dictionary word): Hunspell
        refuses them before it tries a compound."""
        ex, fits = self.expander, self.fits
        if stem.word.islower() and stem.word in ex.first_forbidden and fits(stem.word):
            yield VETO, stem.word
        for text, _ in ex._derive(stem.word, stem.flags, MAX_DEPTH):
            if text.islower() and text not in ex.words and fits(text):
                yield VETO, text

    def _pairs(self, stem: Stem) -> Iterator[tuple[int, str]]:
        """A dictionary entry of two words (`úti cél`) and its forms, written as one: Hunspell refuses that
        as a compound (cpdwordpair_check)."""
        if stem.word.count(" ") != 1:
            return
        ex = self.expander
        texts = {stem.word} | {text for text, _ in ex._derive(stem.word, stem.flags, MAX_DEPTH)}
        for text in texts:
            joined = text.replace(" ", "")
            if text.count(" ") == 1 and joined.islower() and self.fits(joined):
                yield VETO_COMPOUND, joined


# -- the rule -------------------------------------------------------------------------------------

class Reading(NamedTuple):
    """Why the rule accepts a word: `lead` (a lead and a form) or `compound`, the pieces and their roles."""

    kind: str
    first: str
    last: str
    first_role: int
    last_role: int

    def describe(self, classes: list[str] | None = None) -> str:
        if self.kind == "whole":
            return f"whole: {self.first}"
        return (f"{self.kind}: {self.first} [{describe(self.first_role, classes)}] + "
                f"{self.last} [{describe(self.last_role, classes)}]")


def role_table(pieces: Iterable[tuple[int, str]], table: dict[str, frozenset[int]] | None = None
               ) -> dict[str, frozenset[int]]:
    """text → its markers, from (marker, text) pairs (added to `table` when given). Each distinct set of markers
    is stored once: millions of texts share a few hundred sets."""
    table = {} if table is None else table
    shared: dict[frozenset[int], frozenset[int]] = {m: m for m in table.values()}
    get = table.get
    for marker, text in pieces:
        old = get(text)
        if old is None:
            new = frozenset((marker,))
        elif marker in old:
            continue
        else:
            new = old | {marker}
        table[text] = shared.setdefault(new, new)
    return table


class PieceRule:
    """The two-piece rule over `roles` (text → its markers), with the seam checks and the leads' conditions:
    `accepts(word)` → a Reading, or None."""

    def __init__(self, roles: Mapping[str, frozenset[int]], seam: Seam,
                 lead_conditions: Mapping[tuple[str, int], list[Callable[[str], bool] | None]]) -> None:
        self.roles = roles
        self.seam = seam
        self.lead_conditions = lead_conditions

    @classmethod
    def build(cls, pieces: Pieces, keep: Callable[[str], bool] | None = None,
              stems: Iterable[Stem] | None = None) -> PieceRule:
        """The rule over the pieces of `stems` (all by default) whose text `keep` accepts."""
        made = [*pieces.leads, *pieces.strings(pieces.stems if stems is None else stems)]
        return cls(role_table(made if keep is None else ((m, t) for m, t in made if keep(t))), pieces.seam,
                   pieces.lead_conditions)

    def accepts(self, word: str) -> Reading | None:
        roles = self.roles.get
        mine = roles(word, frozenset())
        if VETO in mine:
            return None
        if WHOLE in mine:
            return Reading("whole", word, "", WHOLE, WHOLE)
        n = len(word)
        cuts = [(word[:i], word[i:]) for i in range(1, n)]
        for a, b in cuts:  # a lead and a form: Hunspell's affix search comes before any compound
            ra = roles(a)
            if not ra:
                continue
            for m in ra:
                if LEAD_BASE <= m < TAKES_BASE:
                    k = m - LEAD_BASE
                    if TAKES_BASE + k in roles(b, ()) and any(c is None or c(b)
                                                              for c in self.lead_conditions.get((a, k), ())):
                        return Reading("lead", a, b, m, TAKES_BASE + k)
        if VETO_COMPOUND in mine:
            return None
        seam = self.seam
        least = seam.min_letters
        for a, b in cuts:  # Hunspell's order: the first cut that passes wins, a forbidden part ends the search
            if len(a) < least or len(b) < least:
                continue
            ra = roles(a)
            if not ra:
                continue
            firsts = ra & FIRSTS
            if not firsts:
                if FIRST_STOP in ra:
                    return None
                continue
            if seam.tripled(a, b):
                continue
            rb = roles(b)
            if not rb:
                continue
            lasts = rb & LASTS
            if lasts and not (seam.patterned(a, b) or (seam.dup and a == b)):
                # the readings that count the fewest words: FIRST and LAST where the pieces have them
                first, last = min(firsts), min(lasts)
                if seam.counts((first == FIRST_COUNTED) + (last == LAST_COUNTED), seam.syllables(a + b)):
                    return Reading("compound", a, b, first, last)
            if LAST_STOP in rb:
                return None
        return None


__all__ = ["FIRST", "FIRSTS", "FIRST_COUNTED", "FIRST_ROLES", "FIRST_STOP", "LAST", "LASTS", "LAST_COUNTED",
           "LAST_STOP", "LEAD_BASE", "MAX_CLASSES", "MAX_MARKER", "TAKES_BASE", "VETO", "VETO_COMPOUND", "WHOLE",
           "LeadClass", "PieceRule", "Pieces", "Reading", "Seam", "describe", "role_table"]
