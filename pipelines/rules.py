"""A game's rules applied to source entries: every candidate word is kept or dropped with a reason.

The order of the checks is the order a reader of the exclusion report expects: first whether
the text is a word of letters at all, then the kind of word (abbreviation, name, capitalised),
then whether the game's tiles spell it within the length limits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lexicon import LimitExceeded, Profile, Reason, parse_notation, tilings
from lexicon.errors import InputError
from lexicon.normalize import Normalizer
from lexicon.profile import JOINABLE
from lexicon.tiling import Tiling, notation_tilings

from .entry import ABBREVIATION, AFFIX, CAPITALISED, INITIALISM, MULTIWORD, PROPER_NOUN, STEM_ONLY, Entry

HEADWORD, INFLECTED = "headword", "inflected"
#: The evidence of a tiling the source gave in tile notation.
GIVEN = "given"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One word to judge: a headword or one of its forms, with everything needed to report it."""

    text: str
    lemma: str
    pos: str
    kind: str  # HEADWORD or INFLECTED
    tag: str
    rule: str
    flags: frozenset[str]
    source: str
    record: int
    boundaries: tuple[int, ...] | None = None  # morpheme boundaries in `text`, when the source knows
    tiling: str = ""  # the tiles the source gives in tile notation (`HÁ[Z][S]OR`): they win over the guess


@dataclass(frozen=True, slots=True)
class Kept:
    key: str
    candidate: Candidate
    tilings: tuple[Tiling, ...]  # the valid tilings, preferred first
    evidence: str  # how the tilings were chosen: "single", "preferred", or a tiling-evidence code
    as_cut: bool = True  # the valid tilings are exactly the preferred cut (lexicon.preferred_tiling)


@dataclass(frozen=True, slots=True)
class Dropped:
    reason: Reason
    candidate: Candidate
    key: str | None = None
    detail: str = ""


# Which flag, when the profile excludes it, drops the word, in reporting order.
FLAG_RULES = (
    (AFFIX, Reason.AFFIX),
    (MULTIWORD, Reason.MULTIWORD),
    (ABBREVIATION, Reason.ABBREVIATION),
    (PROPER_NOUN, Reason.PROPER_NOUN),
    (CAPITALISED, Reason.CAPITALISED),
)

#: Chooses the valid tilings of a key among its cuts (the Hungarian evidence plugs in here).
TilingChooser = Callable[[str, list[Tiling], Candidate], tuple[tuple[Tiling, ...], str]]


def prefer_first(key: str, cuts: list[Tiling], candidate: Candidate) -> tuple[tuple[Tiling, ...], str]:
    """Without evidence the preferred cut (the first) is the one valid tiling."""
    return (cuts[0],), ("single" if len(cuts) == 1 else "preferred")


def candidates(entry: Entry, with_forms: bool) -> Iterator[Candidate]:
    """The headword (unless it is a stem only), then (when the game plays inflections) each form, as candidates."""
    if STEM_ONLY not in entry.flags:
        yield Candidate(entry.headword, entry.headword, entry.pos, HEADWORD, "", "headword",
                        _flags(entry, entry.headword), entry.source, entry.record, entry.boundaries, entry.tiling)
    if with_forms:
        for form in entry.forms:
            flags = _flags(entry, form.text) if form.flags is None else form.flags
            yield Candidate(form.text, entry.headword, form.pos or entry.pos, INFLECTED, form.tag, form.rule,
                            flags, entry.source, entry.record, form.boundaries, form.tiling)


def _flags(entry: Entry, text: str) -> frozenset[str]:
    """An entry's flags for one of its words: an initialism's headword, and its forms spelled as it is (the
    plural `ep` of ep), are abbreviations; a form written out (tv's teven) is not."""
    if INITIALISM not in entry.flags:
        return entry.flags
    if text.casefold() == entry.headword.casefold():
        return entry.flags | {ABBREVIATION}
    return entry.flags - {INITIALISM}


def spelling_flags(text: str) -> frozenset[str]:
    """Flags the spelling shows: any capital → capitalised; all capitals (DNA) or a capital after a
    small letter (pH, kWh) → abbreviation."""
    cased = [c.isupper() for c in text if c.isalpha() and c.lower() != c.upper()]
    if not any(cased):
        return frozenset()
    flags = {CAPITALISED}
    if (len(cased) >= 2 and all(cased)) or any(b and not a for a, b in zip(cased, cased[1:])):
        flags.add(ABBREVIATION)
    return frozenset(flags)


class Rules:
    """Judge candidates against one profile: `Rules(profile).judge(candidate)` → Kept or Dropped."""

    def __init__(self, profile: Profile, choose: TilingChooser = prefer_first, *, apply_flags: bool = True) -> None:
        self.profile = profile
        self.alphabet = profile.alphabet
        self.normalize = Normalizer(self.alphabet)
        self.choose = choose
        self.apply_flags = apply_flags
        self._refusing = tuple((flag, reason) for flag, reason in FLAG_RULES if profile.excludes(reason))

    def flag_reason(self, flags: frozenset[str]) -> Reason | None:
        """The reason the profile drops a word with these flags (the first in reporting order), or None."""
        return next((reason for flag, reason in self._refusing if flag in flags), None)

    def judge(self, c: Candidate) -> Kept | Dropped:
        result = self.normalize(c.text)
        if not result.ok:
            reason = result.reason
            if reason in JOINABLE and not self.profile.excludes(reason):
                result = self.normalize(c.text.replace("-", "").replace(" ", ""))
            if not result.ok:
                detail = f"{c.text.strip()[result.position:result.position + 1]!r} at {result.position}"
                return Dropped(result.reason, c, None, detail)
        key = result.key
        if self.apply_flags:
            reason = self.flag_reason(c.flags | spelling_flags(c.text))
            if reason is not None:
                return Dropped(reason, c, key)
        try:
            cuts = tilings(key, self.alphabet, self.profile.doubled_digraphs)
        except LimitExceeded as exc:
            return Dropped(Reason.UNTILEABLE, c, key, str(exc))
        if not cuts:
            return Dropped(Reason.UNTILEABLE, c, key)
        # Choose first, then measure: a word's length is the length of its right tiling
        # (HÁZSOR is six tiles, H Á Z S O R, though the five-tile cut would fit a shorter board).
        if c.tiling:
            given = self._given(key, cuts, c)
            if isinstance(given, Dropped):
                return given
            valid, evidence = ((given[0],), GIVEN) if len(given) == 1 else self.choose(key, given, c)
        else:
            valid, evidence = self.choose(key, cuts, c)
        fitting = tuple(t for t in valid if self.profile.min_length <= len(t) <= self.profile.max_tiles)
        if not fitting:
            shortest = min(len(t) for t in valid)
            reason = Reason.TOO_SHORT if shortest < self.profile.min_length else Reason.TOO_LONG
            return Dropped(reason, c, key, f"{shortest} tiles")
        return Kept(key, c, fitting, evidence, fitting == (cuts[0],))

    def _given(self, key: str, cuts: list[Tiling], c: Candidate) -> list[Tiling] | Dropped:
        """The cuts the source's tile notation allows: one is the word's tiling (evidence `given`);
        several (letters left outside brackets) are chosen among as any cuts are."""
        try:
            allowed = notation_tilings(parse_notation(c.tiling, self.alphabet, self.normalize.key), self.alphabet,
                                       self.profile.doubled_digraphs)
        except InputError as exc:
            return Dropped(Reason.BAD_NOTATION, c, key, str(exc))
        given = [t for t in allowed if t in cuts]
        if not given:
            return Dropped(Reason.BAD_NOTATION, c, key, f"{c.tiling} does not spell {key}")
        return given
