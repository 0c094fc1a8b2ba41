"""The forms an analysing lexicon's word graph holds beyond its word list.

A Hungarian dictionary makes tens of millions of forms of up to ten tiles with two affixes
(docs/hungarian.md), more than a build can keep a row, or a Python object, for. They need neither:
a word valid by analysis is explained by the analyser when it is asked about in detail. So these
forms go past the rules' report, the staging database and the store. Each form of a Hunspell
source's stems with up to `max_depth` affixes that the profile allows (written in small letters
where it refuses capitals, tiled by its morphemes, within its tiles) becomes

- its valid tilings, for the word graph that anagrams, patterns and hooks search, and
- its key, a separator and its reading: how many affixes, the stem's part of speech and the
  numbers of the affix rules that made it, for the form index (lexicon.graph.forms). The rules
  name the affixes, and undoing them gives back the lemma, so the index answers `key in
  lexicon` and a quick verdict (lemma, tag) without a table per form.

Every byte depends on the dictionary and the profile only, so the work can be split between
processes (`workers`) and the output is the same however it is split.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexicon import Reason
from lexicon.graph import forms as formindex
from lexicon.graph.codec import LetterCodes, TileCodes
from lexicon.graph.forms import DIGITS, READING_DIGITS, AffixRule, encode_number, part_of_speech_names
from lexicon.graph.writer import GraphBuilder

from .entry import PROPER_NOUN, STEM_ONLY
from .files import DEFAULT_MAX_BYTES
from .forked import default_workers, forked
from .hunspell import Bounds, Expander, read_aff, read_dic
from .hunspell.aff import Affix
from .hunspell.dic import Stem
from .rules import INFLECTED, Candidate, Kept, Rules
from .sources.hunspell import (
    HunspellSource,
    abbreviation_spellings,
    form_boundaries,
    form_flags,
    form_pos,
    hunspell_po,
    hy_boundaries,
    part_of_speech,
    stem_flags,
)
from .tiling_evidence import MorphologyChooser

if TYPE_CHECKING:
    from .definition import Pipeline
    from .progress import Progress
    from .write import GraphInput

#: Stems a producer takes at a time: about fifty thousand forms, a megabyte of output.
CHUNK = 250


class GraphForms:
    """The forms of one Hunspell source for the word graph and the form index.

    `chunks(workers)` streams (tilings, readings, counts) per slice of the stems: `tilings` is a run of
    tile sequences and `readings` a run of form-index sequences, each one a length byte and then
    its bytes (lexicon.graph.GraphBuilder.add_packed reads them)."""

    def __init__(self, source: HunspellSource, rules: Rules, chooser: MorphologyChooser, max_depth: int,
                 letters: LetterCodes, tiles: TileCodes, blocked: frozenset[str] = frozenset()) -> None:
        profile = rules.profile
        self.source, self.rules, self.chooser, self.profile = source, rules, chooser, profile
        self.max_depth, self.blocked = max_depth, blocked
        aff = read_aff(source.aff_path(), DEFAULT_MAX_BYTES)
        self.stems: list[Stem] = read_dic(source.dic_path(), aff, DEFAULT_MAX_BYTES)
        alphabet = profile.alphabet
        self.expander = Expander(aff, self.stems, Bounds(max_depth=max_depth, max_tiles=profile.max_tiles,
                                                          tileset=alphabet))
        self.abbreviations = abbreviation_spellings(self.stems)
        # the affix rules in file order: a rule's number is its place here
        self.affixes: list[Affix] = sorted((a for rules_ in (*aff.prefixes.values(), *aff.suffixes.values())
                                            for a in rules_), key=lambda a: a.line)
        self.show = aff.codec.show
        self._digits = {id(a): encode_number(i, READING_DIGITS) for i, a in enumerate(self.affixes)}
        self.pos_names = part_of_speech_names()
        self._pos_digit = {name: DIGITS[i] for i, name in enumerate(self.pos_names)}
        self.letters = letters
        self.separator = len(letters) + 1
        self._tiles = tiles
        self._multi = alphabet.multi_re.search
        self._plain = alphabet.letters_re.fullmatch
        # letters that are tiles by themselves (Y is a letter of Hungarian's digraphs only)
        singles = "".join(t for t in tiles.number if len(t) == 1)
        self._single = re.compile(f"[{re.escape(singles)}]+").fullmatch
        self._lower_case = profile.excludes(Reason.CAPITALISED)

    def affix_table(self) -> list[AffixRule]:
        """Every affix rule by number, as the form index reads them back."""
        show = self.show
        return [AffixRule(a.kind, show(a.flag), a.strip, a.add, a.morph) for a in self.affixes]

    # ------------------------------------------------------------------ producing

    def chunks(self, workers: int = 1) -> Iterator[tuple[bytes, bytes, Counter]]:
        """(tilings, readings, counts) of every slice of the stems, in order."""
        slices = [(start, min(start + CHUNK, len(self.stems))) for start in range(0, len(self.stems), CHUNK)]
        self.chooser.parts  # noqa: B018 - read the compound parts once, before the workers fork
        yield from forked(self.produce, slices, workers)

    def produce(self, bounds: tuple[int, int]) -> tuple[bytes, bytes, Counter]:
        tilings, readings, counts = bytearray(), bytearray(), Counter()
        e = self.expander
        withheld, outside = e.withheld, e.outside
        for stem in self.stems[bounds[0]:bounds[1]]:
            self._stem(stem, tilings, readings, counts)
        # counted here, as the expander of a worker process is not the caller's
        counts["withheld"] += e.withheld - withheld
        counts["outside bounds"] += e.outside - outside
        return bytes(tilings), bytes(readings), counts

    def _stem(self, stem: Stem, tilings: bytearray, readings: bytearray, counts: Counter) -> None:
        expander = self.expander
        flags = stem_flags(stem, expander.is_word(stem), self.abbreviations) - {STEM_ONLY}
        forms = expander.forms(stem, lower_case=self._lower_case)
        if not forms:
            return
        refused = self.rules.flag_reason(flags)
        if refused is Reason.PROPER_NOUN:  # a name's forms are names, but those a derivation makes words of
            named = len(forms)
            forms = {text: chain for text, chain in forms.items()
                     if form_flags(stem, flags, chain, text) is not None}
            counts["dropped: " + refused.value] += named - len(forms)
            flags, refused = flags - {PROPER_NOUN}, self.rules.flag_reason(flags - {PROPER_NOUN})
        if refused is not None:  # an abbreviation's forms: what the list drops them for
            counts["dropped: " + refused.value] += len(forms)
            return
        # a form a derivation makes another word class has its own part of speech (budapesti: ADJ)
        po, pos_of = hunspell_po(stem.morph), self._pos_digit
        pos = pos_of[part_of_speech(stem.morph)]
        stem_bounds = hy_boundaries(stem.word, stem.morph) if self.source.boundaries else None
        plain, multi, single, choose = self._plain, self._multi, self._single, self.chooser.choose
        shortest, longest = self.profile.min_length, self.profile.max_tiles
        blocked = self.blocked
        for text, chain in forms.items():
            key = text.upper()
            if key in blocked:
                counts["dropped: " + Reason.BLOCKLIST] += 1
                continue
            if not plain(key):
                found = self._judged(stem, text, chain, flags, stem_bounds, counts)
                if found is None:
                    continue
                key, valid = found
            elif not multi(key) and single(key):  # every letter a tile by itself: the one cut
                if not shortest <= len(key) <= longest:
                    counts["dropped: " + _length_reason(len(key), shortest)] += 1
                    continue
                tilings.append(len(key))
                tilings += self._tiles.encode_letters(key)
                self._reading(key, chain, pos_of.get(form_pos(po, chain), pos), readings)
                counts["forms"] += 1
                continue
            else:
                bounds = form_boundaries(stem.word, stem_bounds, chain, text) if stem_bounds is not None else None
                choice = choose(key, text, bounds)
                if choice is None:
                    counts["dropped: " + Reason.UNTILEABLE] += 1
                    continue
                valid = [t for t in choice[0] if shortest <= len(t) <= longest]
                if not valid:
                    counts["dropped: " + _length_reason(min(map(len, choice[0])), shortest)] += 1
                    continue
            numbers = self._tiles.number
            for tiles in valid:
                tilings.append(len(tiles))
                tilings += bytes(numbers[t] for t in tiles)
            self._reading(key, chain, pos_of.get(form_pos(po, chain), pos), readings)
            counts["forms"] += 1

    def _reading(self, key: str, chain, pos: str, out: bytearray) -> None:
        digits = self._digits
        code = DIGITS[len(chain)] + pos + "".join(digits[id(r.affix)] for r in chain)
        sequence = self.letters.encode(key)
        out.append(len(sequence) + 1 + len(code))
        out += sequence
        out.append(self.separator)
        out += code.encode("latin-1")

    def _judged(self, stem: Stem, text: str, chain, flags: frozenset[str], stem_bounds, counts: Counter):
        """A form that is not plain letters of the alphabet (a hyphen, a letter the game folds): the
        rules judge it as they judge the list's candidates. (key, valid tilings) or None."""
        bounds = form_boundaries(stem.word, stem_bounds, chain, text) if stem_bounds is not None else None
        outcome = self.rules.judge(Candidate(text, stem.word, "", INFLECTED, "", "", flags, self.source.id,
                                             stem.line, bounds))
        if not isinstance(outcome, Kept):
            counts["dropped: " + outcome.reason] += 1
            return None
        if outcome.key.lower() != text:  # a folded letter: the lemma cannot be read back from the key
            counts["dropped: folded"] += 1
            return None
        return outcome.key, outcome.tilings

    def summary(self) -> dict[str, Any]:
        """What the manifest records of the forms' bounds."""
        return {"source": self.source.id, "max_depth": self.max_depth, "max_tiles": self.profile.max_tiles,
                "stems": len(self.stems)}


def add_forms(folder: Path, p: Pipeline, readers: list, rules: Rules, graph_input: GraphInput,
              progress: Progress, workers: int | None = None) -> dict[str, Any]:
    """Put the forms `[graph.forms]` names into the word graph's input, and write the form index
    into `folder`; return the manifest's `forms` entry (files, counts, the expansion's bounds)."""
    options = p.graph.forms
    source = next(r for r in readers if r.id == options.source)
    letters = LetterCodes.of(p.profile.alphabet)
    blocked = frozenset({rules.normalize(w).key for w in p.overlays.block} - {None})
    chooser = rules.choose if isinstance(rules.choose, MorphologyChooser) else \
        MorphologyChooser(p.profile.alphabet, p.profile.doubled_digraphs)
    forms = GraphForms(source, rules, chooser, options.max_depth, letters, graph_input.codes, blocked)
    progress.start(f"forms of {source.id}", len(forms.stems))
    readings, counts = GraphBuilder(), Counter()
    for tilings, found, chunk_counts in forms.chunks(default_workers() if workers is None else workers):
        graph_input.sequences.add_packed(tilings)
        readings.add_packed(found)
        counts.update(chunk_counts)
        progress.advance(CHUNK)
    content = formindex.table(letters.letters, forms.pos_names, forms.affix_table(), source.id)
    entry = formindex.write(folder, readings, content)
    progress.finish(f"{counts['forms']:,} forms, {entry['readings']:,} readings")
    made = {"forms": counts.pop("forms", 0), "withheld": counts.pop("withheld", 0),
            "outside_bounds": counts.pop("outside bounds", 0)}
    dropped = {reason.removeprefix("dropped: "): n for reason, n in sorted(counts.items())}
    return entry | made | {"dropped": dropped} | forms.summary()


def _length_reason(tiles: int, shortest: int) -> Reason:
    """Why a form of `tiles` tiles outside the profile's lengths is dropped."""
    return Reason.TOO_SHORT if tiles < shortest else Reason.TOO_LONG


__all__ = ["GraphForms", "add_forms", "default_workers"]
