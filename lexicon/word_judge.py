"""How one version answers a word: `WordJudge`, the verdicts of a `Lexicon` (lexicon.lookup).

A quick answer (`check(word, detail=False)`, `brief_answers`) comes from the memory-mapped key
index (lexicon.graph.keys): the key's number, kind, preferred reading and tile count, or the first
reason it was dropped. The store (lexicon.records) answers the detailed questions: every reading and
source record, every exclusion, listed tilings. A lexicon validated by analysis (its manifest has an
`analysis` entry: Hungarian) asks its analyser (lexicon.analyser) about every word its list does
not hold: valid by the dictionary's morphology and the profile, with the analysis's readings and tiles;
the word graph's forms beyond the list (lexicon.graph.forms) answer the common ones without it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from .analyser import Analyser, AnalysisVerdict, ud_pos
from .errors import InputError
from .graph.forms import FormIndex
from .graph.keys import ALSO_EXCLUDED, EXCLUDED, HEADWORD, INFLECTED, KINDS, LISTED_TILINGS, KeyIndex
from .graph.native import MAX_WORD
from .normalize import Normalized, Normalizer
from .profile import Profile
from .reasons import Reason
from .records import MAX_EXCLUSIONS, Records
from .search import Search
from .text import any_refused, refusal
from .tiling import (
    Tiling,
    format_tiling,
    notation_letters,
    notation_tilings,
    parse_notation,
    preferred_tiling,
    spell,
)
from .tiling import tilings as every_tiling
from .verdict import Analysis, Verdict, brief_document

#: Input that is longer than this many characters is refused before any work: the C core's bound (TL_MAX_WORD in
#: tl_lexicon.h), one number for the library, the service's parameters and schema, and the clients.
MAX_WORD_CHARS = MAX_WORD
_NOTATION = re.compile(r'[\[\]"]')
_SHORT_OR_LONG = (Reason.TOO_SHORT.value, Reason.TOO_LONG.value)
_NOT_IN_LEXICON = Reason.NOT_IN_LEXICON.value
#: The kind of a reading the analyser gives (the list's are headword and inflected).
ANALYSED = "analysed"


#: The reasons a key is dropped for what its record is, not for its spelling (WordJudge._not_listed).
_RECORD_KINDS = frozenset({Reason.PROPER_NOUN.value, Reason.CAPITALISED.value, Reason.ABBREVIATION.value})

class WordJudge:
    """The verdicts of one version: its name, profile and normaliser, its key index and store, its word
    graph's search (for the forms it holds beyond the list) and, for a lexicon validated by analysis,
    its analyser and its manifest's `analysis` entry."""

    def __init__(self, name: str, version: str, profile: Profile, normalizer: Normalizer, key_index: KeyIndex,
                 records: Records, search: Search, analyser: Analyser | None, analysis: dict[str, Any] | None,
                 forms: FormIndex | None) -> None:
        self.name, self.version, self.profile = name, version, profile
        self.alphabet, self.policy = profile.alphabet, profile.doubled_digraphs
        self.normalizer, self.key_index, self.records, self.search = normalizer, key_index, records, search
        self.analyser, self.analysis, self.forms = analyser, analysis, forms
        # The key table's columns the quick paths read, by key number (lexicon.graph.keys).
        self._kinds, self._flags = key_index.column("kind"), key_index.column("flags")
        self._rank = key_index.number
        self._lemmas, self._notes = key_index.column("lemma"), key_index.column("note")
        self._pos, self._pos_names = key_index.column("pos"), key_index.parts_of_speech
        self._shortest, self._longest = profile.min_length, profile.max_tiles
        self._single_letter_tiles = not self.alphabet.multi
        self._quick_verdicts = self._single_letter_tiles and analyser is None
        # the compiled word rule's verdicts (Lexicon._by_rule), where the version has one
        self.rule: Callable[[str], Verdict | None] | None = None


    def check(self, word: str, *, detail: bool = True) -> Verdict:
        """Judge a word given as letters (`allé`) or tile notation (`HÁ[Z][S]OR`, `["H","Á",…]`).

        With `detail=False` the verdict carries the preferred reading only, from the key index;
        with `detail=True`, every reading and source record, and every exclusion, from the store.
        Text no one types as a word (controls, invisible characters, a flood of combining marks, more than
        MAX_WORD_CHARS) is answered as `refused` answers it, as a batch answers it: one word, one answer.
        """
        if len(word) > MAX_WORD_CHARS or not (word.isprintable() and word.isascii()):
            answer = self.refused(word)
            if answer is not None:
                return answer
        if "[" in word or "]" in word or '"' in word:
            return self._check_notation(word, detail)
        key = self.normalizer.quick(word)
        if key is None:
            result = self.normalizer(word)
            if not result.ok:
                return self._not_a_word(word, result, with_exclusions=True)
            key = result.key
        if not detail and self._quick_verdicts:
            # The quick verdict where the key alone decides (one letter a tile, no analyser): one rank, a few
            # column reads, no query. Everything else, and every detailed verdict, takes _judge.
            n = self._rank(key)
            if n >= 0:
                kind = self._kinds[n]
                if kind != EXCLUDED and not self._flags[n] & LISTED_TILINGS:
                    tiles = tuple(key)
                    if kind == INFLECTED:
                        text = self.key_index.string
                        lemma, tag = text(self._lemmas[n]), text(self._notes[n]) or None
                    else:
                        lemma = tag = None
                    return self._verdict(word, key, True, tiles=tiles, tilings=(tiles,), kind=KINDS[kind],
                                         pos=self._pos_names[self._pos[n]] or None, lemma=lemma, tag=tag)
            elif self._shortest <= len(key) <= self._longest:
                return self._verdict(word, key, False, reason=_NOT_IN_LEXICON)
        return self._judge(word, key, None, detail)

    def refused(self, word: str) -> Verdict | None:
        """The answer for text no one types as a word, before any lookup: longer than MAX_WORD_CHARS
        (`too-long`), or with a control or invisible character or a flood of combining marks (`non-letter`,
        where it is); None for any other text. `check` and a batch answer each such word this way."""
        if len(word) > MAX_WORD_CHARS:
            return self._verdict(word, None, False, reason=Reason.TOO_LONG.value,
                                 detail=f"{len(word)} characters; a word has at most {MAX_WORD_CHARS}")
        found = refusal(word)
        if found is None:
            return None
        why, position = found
        return self._verdict(word, None, False, reason=Reason.NON_LETTER.value, detail=f"{why} at position {position}",
                             position=position)

    def brief_answers(self, words: Sequence[str]) -> list[dict[str, Any]]:
        """`[check(w, detail=False).as_dict(brief=True) for w in words]`, the way a batch needs it:
        quick, with no verdict object for a plain word; a word `check` refuses answers as `refused` says."""
        words = list(words)
        if words and (max(map(len, words)) > MAX_WORD_CHARS or any_refused(words)):
            refused = {i: v.as_dict(brief=True) for i, w in enumerate(words) if (v := self.refused(w)) is not None}
            if refused:
                rest = iter(self._brief_answers([w for i, w in enumerate(words) if i not in refused]))
                return [refused[i] if i in refused else next(rest) for i in range(len(words))]
        return self._brief_answers(words)

    def _brief_answers(self, words: list[str]) -> list[dict[str, Any]]:
        # The quick path, for the whole batch at once: a word that is plain letters of the alphabet once
        # upper-cased is its own key. No refused text holds a line break, so the batch can be joined,
        # upper-cased in one call and split again. A word this does not decide takes the full path.
        keys = "\n".join(words).upper().split("\n")
        numbers = self.key_index.numbers(keys)  # -1: not a key of the index, or not plain letters
        kinds, lemmas, notes = self._kinds, self._lemmas, self._notes
        text = self.key_index.string
        plain = self.alphabet.letters_re.fullmatch
        # Without an analyser or digraph tiles, a plain key the index lacks is not-in-lexicon when its
        # letter count (its tile count) is within the game's limits.
        shortest, longest = self.profile.min_length, self.profile.max_tiles
        unlisted = self.analyser is None and self._single_letter_tiles
        # The graph's forms beyond the list answer a plain key the index lacks, all in one call.
        graph_forms = self.forms
        found = iter(graph_forms.first([k for k, n in zip(keys, numbers) if n < 0])) if graph_forms else None
        out = []
        append = out.append
        for word, key, n in zip(words, keys, numbers):
            if n < 0 and found is not None:
                code = next(found)
                if code is not None:
                    reading = graph_forms.reading(key, code)
                    append(brief_document(word, key, True, lemma=reading.lemma, tag=reading.tag or None))
                    continue
            if n >= 0:
                kind = kinds[n]
                if kind == HEADWORD:
                    append(brief_document(word, key, True))
                    continue
                if kind == INFLECTED:
                    append(brief_document(word, key, True, lemma=text(lemmas[n]), tag=text(notes[n]) or None))
                    continue
            elif unlisted and shortest <= len(key) <= longest and plain(key):
                append(brief_document(word, key, False, _NOT_IN_LEXICON))
                continue
            append(self._check_slowly(word).as_dict(brief=True))
        return out

    def _check_slowly(self, word: str) -> Verdict:
        if _NOTATION.search(word):
            return self._check_notation(word, False, with_exclusions=False)
        result = self.normalizer(word)
        if result.ok:
            return self._judge(word, result.key, None, False, with_exclusions=False)
        return self._not_a_word(word, result, with_exclusions=False)

    # ------------------------------------------------------------------ judging

    def _verdict(self, word: str, key: str | None, valid: bool, **fields) -> Verdict:
        return Verdict(word, key, valid, lexicon=self.name, version=self.version, alphabet=self.alphabet, **fields)

    def _check_notation(self, word: str, detail: bool, *, with_exclusions: bool = True) -> Verdict:
        try:
            segments = parse_notation(word, self.alphabet, self.normalizer.key)
            asked = notation_tilings(segments, self.alphabet, self.policy)
            # The word the tiles spell under the game's policy: [SZ][SZ] is written SSZ when doubled
            # digraphs are laid as pronounced (every cut of one notation spells the same word).
            key = spell(asked[0], self.policy) if asked else notation_letters(segments)
        except InputError as exc:
            if exc.code == "invalid-word":
                return self._not_a_word(word, exc.result, with_exclusions=False)
            return self._verdict(word, None, False, reason=Reason.BAD_NOTATION.value, detail=str(exc),
                                 position=getattr(exc, "position", None))
        return self._judge(word, key, asked, detail, with_exclusions=with_exclusions)

    def _judge(self, word: str, key: str, asked: list[Tiling] | None, detail: bool, *,
               with_exclusions: bool = True) -> Verdict:
        n = self.key_index.number(key)
        if n >= 0 and self.key_index.kind(n) != EXCLUDED:
            return self._valid(word, key, n, asked, detail)
        return self._not_listed(word, key, n, asked, detail, with_exclusions=with_exclusions)

    def _not_listed(self, word: str, key: str, n: int, asked: list[Tiling] | None, detail: bool, *,
                    with_exclusions: bool) -> Verdict:
        """A key the list does not hold as valid: the analyser's answer, or why the list does not have it."""
        analyser = self.analyser
        # A form the word graph holds beyond the list: answered by the form index, unless an analyser is
        # there to explain it in detail.
        # A key dropped for what its record is (the name Áron, the abbreviation FÁK) may be spelled as a form of a
        # word of the game (ár + on, fa + k): without an analyser to say so, the graph's form answers.
        named = n >= 0 and analyser is None and self.key_index.record(n).reason in _RECORD_KINDS
        if (n < 0 or named) and self.forms is not None and (analyser is None or not detail):
            found = self._from_graph(word, key, asked)
            if found is not None:
                return found
        if n < 0 and self.rule is not None:
            found = self.rule(word)
            if found is not None:
                return found
        if analyser is None:
            return self._why_not(word, key, n, with_exclusions=with_exclusions, detail=detail)
        # A key the list dropped keeps the list's reason and record (the same in every answer, quick or
        # detailed); a key no source gave is explained by the analyser (a name? an abbreviation?).
        judgement = analyser.judge(key, word, explain=n < 0)
        if judgement.valid:
            return self._analysed(word, key, judgement, asked, detail)
        if n >= 0:
            return self._why_not(word, key, n, with_exclusions=with_exclusions, detail=detail)
        return self._verdict(word, key, False, reason=judgement.reason, detail=judgement.detail,
                             analyses=self._readings(word, judgement) if detail else None)

    def _from_graph(self, word: str, key: str, asked: list[Tiling] | None) -> Verdict | None:
        """A form the word graph holds beyond the list, answered without analysis: its valid tilings
        are the cuts of it the graph holds, its reading the form index's preferred one. None when
        the form index does not have it."""
        code = self.forms.first([key])[0]
        if code is None:
            return None
        valid = [cut for cut in every_tiling(key, self.alphabet, self.policy) if self.search.contains(cut)]
        if not valid:
            return None
        r = self.forms.reading(key, code)
        return self._answer(word, key, valid, asked, {"kind": ANALYSED, "pos": r.pos or None, "lemma": r.lemma,
                                                      "tag": r.tag or None})

    def _analysed(self, word: str, key: str, judgement: AnalysisVerdict, asked: list[Tiling] | None,
                  detail: bool) -> Verdict:
        first = judgement.readings[0]
        reading = {"kind": ANALYSED, "pos": ud_pos(first.word_class), "lemma": first.lemma, "tag": first.tag or None}
        if detail:
            reading["analyses"] = self._readings(word, judgement)
        return self._answer(word, key, list(judgement.tilings), asked, reading)

    def _readings(self, word: str, judgement: AnalysisVerdict) -> tuple[Analysis, ...]:
        source = str(self.analysis.get("source", "")) if self.analysis else ""
        display = word.strip().lower() if word.strip().isalpha() else judgement.key.lower()
        return tuple(Analysis(display, r.lemma, ud_pos(r.word_class), ANALYSED, r.tag, r.describe(), source, 0,
                              r.as_dict())
                     for r in judgement.readings)

    def _valid(self, word: str, key: str, n: int, asked: list[Tiling] | None, detail: bool) -> Verdict:
        kind, flags = self._kinds[n], self._flags[n]
        valid = self.records.tilings(key, n, flags)
        text = self.key_index.string
        lemma, tag = (text(self._lemmas[n]), text(self._notes[n]) or None) if kind == INFLECTED else (None, None)
        pos = self.key_index.pos(n) or None
        analyses, exclusions = None, ()
        if detail:
            analyses = tuple(self.records.analyses(key, n))
            if flags & ALSO_EXCLUDED:
                exclusions = tuple(self.records.exclusions(key, n, MAX_EXCLUSIONS))
        if asked is None:  # the common case
            return self._verdict(word, key, True, tiles=valid[0], tilings=tuple(valid), kind=KINDS[kind], pos=pos,
                                 lemma=lemma, tag=tag, analyses=analyses, exclusions=exclusions)
        reading = {"kind": KINDS[kind], "pos": pos, "lemma": lemma, "tag": tag, "analyses": analyses,
                   "exclusions": exclusions}
        return self._answer(word, key, valid, asked, reading)

    def _answer(self, word: str, key: str, valid: list[Tiling], asked: list[Tiling] | None,
                reading: dict[str, Any]) -> Verdict:
        """A valid word's verdict, or `wrong-tiling` when the tiles asked for are none of its valid ones."""
        if asked is not None:
            matching = [t for t in asked if t in valid]
            if not matching:
                shown = format_tiling(asked[0], self.alphabet) if asked else word
                return self._verdict(word, key, False, reason=Reason.WRONG_TILING.value, detail=f"asked for {shown}",
                                     tilings=tuple(valid), **reading)
            return self._verdict(word, key, True, tiles=matching[0], tilings=tuple(valid), **reading)
        return self._verdict(word, key, True, tiles=valid[0], tilings=tuple(valid), **reading)

    def _why_not(self, word: str, key: str, n: int, *, with_exclusions: bool, detail: bool = False) -> Verdict:
        if n >= 0:  # a key the rules dropped
            record = self.key_index.record(n)
            reason = record.reason if record.reason in _SHORT_OR_LONG else f"excluded:{record.reason}"
            shown = MAX_EXCLUSIONS if detail else 1
            exclusions = tuple(self.records.exclusions(key, n, shown)) if with_exclusions else ()
            return self._verdict(word, key, False, reason=reason, detail=record.detail or None, exclusions=exclusions)
        if self._single_letter_tiles:
            count = len(key)
        else:
            cut = preferred_tiling(key, self.alphabet, self.policy)
            if cut is None:
                return self._verdict(word, key, False, reason=Reason.NON_LETTER.value,
                                     detail=Reason.UNTILEABLE.value)
            count = len(cut)
        if count < self.profile.min_length:
            return self._verdict(word, key, False, reason=Reason.TOO_SHORT.value, detail=f"{count} tiles")
        if count > self.profile.max_tiles:
            return self._verdict(word, key, False, reason=Reason.TOO_LONG.value, detail=f"{count} tiles")
        return self._verdict(word, key, False, reason=_NOT_IN_LEXICON)

    def _not_a_word(self, word: str, result: Normalized, *, with_exclusions: bool) -> Verdict:
        reason = Reason.EMPTY.value if result.reason is Reason.EMPTY else Reason.NON_LETTER.value
        exclusions = self.records.excluded_as_written(word) if with_exclusions else ()
        return self._verdict(word, None, False, reason=reason, detail=result.cause(),
                             position=result.position, exclusions=exclusions)

    # ------------------------------------------------------------------ details

    def tilings(self, key: str) -> list[Tiling]:
        """The valid tilings of a key, preferred first ([] for a key that is not a word)."""
        n = self.key_index.number(key)
        if n < 0 or self.key_index.kind(n) == EXCLUDED:
            analyser = self.analyser
            return list(analyser.judge(key, explain=False).tilings) if analyser is not None else []
        return self.records.tilings(key, n, self.key_index.record(n).flags)

