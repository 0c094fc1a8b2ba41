"""`Lexicon`: one loaded, verified artifact version, answering "is this word playable, and why?".

    >>> lex = load("sv-betapet")                       # doctest: +SKIP
    >>> lex.check("allé").valid, lex.check("allé").normalized   # doctest: +SKIP
    (True, 'ALLE')

A quick answer (`check(word, detail=False)`, `brief_answers`) comes from the memory-mapped key
index (lexicon.graph.keys): the key's number, kind, preferred reading and tile count, or the first
reason it was dropped. The SQLite store answers the detailed questions: every reading and source
record, every exclusion, listed tilings. A lexicon validated by analysis (its manifest has an
`analysis` entry: Hungarian) asks its analyser (lexicon.analyser) about every word its list does
not hold: valid by the dictionary's morphology and the profile, with the analysis's readings and tiles.
"""

from __future__ import annotations

import os
import re
import sqlite3
import weakref
from collections.abc import Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson

from . import artifacts, bundle, store
from .alphabet import Alphabet
from .analyser import Analyser, AnalysisVerdict, ud_pos
from .errors import ArtifactError, InputError, LimitExceeded, NotationError, TooLong
from .graph import files as wordgraph
from .graph.forms import FormIndex
from .graph.keys import ALSO_EXCLUDED, EXCLUDED, HEADWORD, INFLECTED, KINDS, LISTED_TILINGS, KeyIndex
from .normalize import InvalidWord, Normalized, Normalizer
from .pages import Page, page
from .profile import Profile, load_profile
from .reasons import Reason
from .search import Search
from .text import any_refused, check_text, refusal
from .tiling import (
    DoubledDigraphs,
    Tiling,
    format_tiling,
    notation_letters,
    notation_tilings,
    parse_notation,
    preferred_tiling,
    spell,
)
from .tiling import tilings as every_tiling
from .verdict import Analysis, Exclusion, Verdict, brief_document, tiling_document

#: Input that is longer than this many characters is refused before any work.
MAX_WORD_CHARS = 256
#: Exclusions listed in a detailed answer.
MAX_EXCLUSIONS = 20
_NOTATION = re.compile(r'[\[\]"]')
_SHORT_OR_LONG = (Reason.TOO_SHORT.value, Reason.TOO_LONG.value)
_NOT_IN_LEXICON = Reason.NOT_IN_LEXICON.value
#: The refusals that may carry a dropped source record (Verdict.excluded): a key the rules dropped, text that
#: is no word as written. The bundle does not hold those records.
_RECORDED = frozenset({*_SHORT_OR_LONG, Reason.NON_LETTER.value, Reason.EMPTY.value})
#: The kind of a reading the analyser gives (the list's are headword and inflected).
ANALYSED = "analysed"


class Lexicon:
    """A published artifact version, verified against its manifest and opened read-only."""

    def __init__(self, path: Path, manifest: dict[str, Any]) -> None:
        self.path = path
        self.manifest = manifest
        self._conn: sqlite3.Connection | None = None
        self._pid = -1
        # sqlite3 connections sit in a reference cycle with their statement cache, so they would
        # live (with their page cache) until the cyclic collector runs: close them as soon as
        # this lexicon is dropped, which is when a service has swapped to a newer version.
        self._connections: list[sqlite3.Connection] = []
        weakref.finalize(self, _close_all, self._connections)
        meta = store.metadata(self.conn)
        self.name: str = meta["name"]
        self.version: str = meta["version"]
        if manifest.get("version") != self.version or manifest.get("name") != self.name:
            raise ArtifactError(f"{path}: the manifest names {manifest.get('name')}@{manifest.get('version')}, "
                                f"the database {self.name}@{self.version}")
        self.profile: Profile = _recorded_profile(path, manifest, meta["profile"])
        self.alphabet: Alphabet = self.profile.alphabet
        if self.alphabet.name != meta["tileset"]:
            raise ArtifactError(f"{path}: the database's tile set is {meta['tileset']!r}, its profile's "
                                f"{self.alphabet.name!r}")
        self.policy: DoubledDigraphs = self.profile.doubled_digraphs
        self.normalizer = Normalizer(self.alphabet)
        self.word_count = int(meta["words"])
        entry = manifest.get("graph")
        if not isinstance(entry, dict):
            raise ArtifactError(f"{path}: the manifest has no word graph entry: "
                                f"{artifacts.build_hint(self.name, path.parent.parent, again=True)}")
        if entry.get("tileset") != self.alphabet.name:
            raise ArtifactError(f"{path}: the word graph is over tile set {entry.get('tileset')!r}, "
                                f"the lexicon's is {self.alphabet.name!r}")
        self.graph = wordgraph.open_files(path, entry)
        self.key_index: KeyIndex = self.graph.keys
        # The key table's columns the quick paths read, by key number (lexicon.graph.keys).
        self._kinds, self._flags = self.key_index.column("kind"), self.key_index.column("flags")
        self._rank = self.key_index.number
        self._lemmas, self._notes = self.key_index.column("lemma"), self.key_index.column("note")
        # valid keys, for `key in lexicon`: the key index, its kinds read in C (docs/kwg.md, "Membership")
        self._members = self.key_index.members
        self.search = Search(self.graph.kwg, self.alphabet, self.normalizer.key, self.policy)
        self._single_letter_tiles = not self.alphabet.multi
        # Validation by analysis: the manifest's entry decides (the artifact's own files and compound
        # policy), so a version built to be validated by its list stays so whatever the profile says now.
        # Opened here, not on first use: a service loads before it forks its workers, which then share
        # the dictionary's memory, and no first request waits for it (about half a second).
        self.analysis: dict[str, Any] | None = manifest.get("analysis")
        self.analyser: Analyser | None = None
        if self.analysis is not None:
            self.analyser = Analyser.open(path, self.analysis, self.profile, self.alphabet)
        self._quick_verdicts = self._single_letter_tiles and self.analyser is None
        # The word graph's forms beyond the list (an analysing lexicon's affixed forms): their keys and
        # readings, so that `key in lexicon` and a brief answer need no analysis (lexicon.graph.forms).
        forms = entry.get("forms")
        self.forms: FormIndex | None = FormIndex(path, forms) if forms is not None else None
        self._pos, self._pos_names = self.key_index.column("pos"), self.key_index.parts_of_speech
        self._shortest, self._longest = self.profile.min_length, self.profile.max_tiles

    @property
    def conn(self) -> sqlite3.Connection:
        # A SQLite connection must not cross a fork (gunicorn preloads, then forks workers):
        # each process opens its own on first use.
        if self._pid != os.getpid():
            self._conn = store.open_readonly(self.path / store.FILENAME)
            self._connections.append(self._conn)
            self._pid = os.getpid()
        return self._conn

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    # ------------------------------------------------------------------ membership

    def __contains__(self, key: str) -> bool:
        """Is `key` (a normalised key, as `check` reports it) a word? `"ALLE" in lex`. A lexicon validated
        by analysis asks its analyser about a key its list does not hold."""
        if key in self._members or (self.forms is not None and key in self.forms):
            return True
        analyser = self.analyser
        return analyser is not None and analyser.judge(key, explain=False).valid

    def listed(self, key: str) -> bool:
        """Is `key` in the word list (and so the word graph), whatever an analyser would say?"""
        return key in self._members

    def __len__(self) -> int:
        return self.word_count

    def check(self, word: str, *, detail: bool = True) -> Verdict:
        """Judge a word given as letters (`allé`) or tile notation (`HÁ[Z][S]OR`, `["H","Á",…]`).

        With `detail=False` the verdict carries the preferred reading only, from the key index;
        with `detail=True`, every reading and source record, and every exclusion, from the store.
        Text no one types as a word (controls, invisible characters) raises InputError.
        """
        if len(word) > MAX_WORD_CHARS:
            _check_length("the word", word)
        if not (word.isprintable() and word.isascii()):
            check_text("word", word)
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
        """The answer for text no one types as a word, where `check` raises: longer than MAX_WORD_CHARS
        (`too-long`), or with a control or invisible character or a flood of combining marks (`non-letter`,
        where it is); None for any other text. A batch answers each such word this way."""
        if len(word) > MAX_WORD_CHARS:
            return self._verdict(word, None, False, reason=Reason.TOO_LONG.value,
                                 detail=f"{len(word)} characters; a word has at most {MAX_WORD_CHARS}")
        found = refusal(word)
        if found is None:
            return None
        why, position = found
        return self._verdict(word, None, False, reason=Reason.NON_LETTER.value, detail=f"{why} at position {position}",
                             position=position)

    def brief_json(self, words: list[str]) -> tuple[bytes, int]:
        """`orjson.dumps(brief_answers(words))`, byte for byte, and how many of the words are valid: from the C
        library over the version's bundle where there is one (the batch in one call, no Python object a word),
        with the analyser's answer put in for each word only it decides."""
        core = self._answerer
        if core is None:
            answers = self.brief_answers(words)
            return orjson.dumps(answers), sum(1 for a in answers if a["valid"])
        data, valid, undecided = core.brief_json(words)
        if not undecided:
            return data, valid
        parts, at = [], 0
        for (_, start, end), answer in zip(undecided, self.brief_answers([words[i] for i, _, _ in undecided]),
                                           strict=True):
            parts += (data[at:start], orjson.dumps(answer))
            at = end
            valid += bool(answer["valid"])
        parts.append(data[at:])
        return b"".join(parts), valid

    def verdict_json(self, word: str) -> tuple[bool, bytes]:
        """`orjson.dumps(check(word, detail=False).as_dict())`, byte for byte (GET /valid's document), and
        whether the word is valid: from the C library over the version's bundle where the bundle holds the
        whole answer, that is unless only analysis decides or the answer carries a source record the rules
        dropped (which the store keeps); else from `check`, which also raises where it raises."""
        core = self._answerer
        if core is not None:
            valid, reason, data = core.verdict_json(word)
            if valid or (valid is False and reason not in _RECORDED and not reason.startswith("excluded:")):
                return valid, data
        verdict = self.check(word, detail=False)
        return verdict.valid, orjson.dumps(verdict.as_dict())

    @cached_property
    def _answerer(self):
        return bundle.answerer(self.path, self.manifest)

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
        except InvalidWord as exc:
            return self._not_a_word(word, exc.result, with_exclusions=False)
        except (NotationError, LimitExceeded) as exc:
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
        if analyser is None:
            return self._why_not(word, key, n, with_exclusions=with_exclusions, detail=detail)
        if n < 0 and not detail and self.forms is not None:
            found = self._from_graph(word, key, asked)
            if found is not None:
                return found
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
        reading = {"kind": ANALYSED, "pos": ud_pos(first.pos), "lemma": first.lemma, "tag": first.tag or None}
        if detail:
            reading["analyses"] = self._readings(word, judgement)
        return self._answer(word, key, list(judgement.tilings), asked, reading)

    def _readings(self, word: str, judgement: AnalysisVerdict) -> tuple[Analysis, ...]:
        source = str(self.analysis.get("source", "")) if self.analysis else ""
        display = word.strip().lower() if word.strip().isalpha() else judgement.key.lower()
        return tuple(Analysis(display, r.lemma, ud_pos(r.pos), ANALYSED, r.tag, r.describe(), source, 0, r.as_dict())
                     for r in judgement.readings)

    def _valid(self, word: str, key: str, n: int, asked: list[Tiling] | None, detail: bool) -> Verdict:
        kind, flags = self._kinds[n], self._flags[n]
        valid = self._valid_tilings(key, n, flags)
        text = self.key_index.string
        lemma, tag = (text(self._lemmas[n]), text(self._notes[n]) or None) if kind == INFLECTED else (None, None)
        pos = self.key_index.pos(n) or None
        analyses, exclusions = None, ()
        if detail:
            analyses = tuple(self._analyses(key, n))
            if flags & ALSO_EXCLUDED:
                exclusions = tuple(self._exclusions(key, n, MAX_EXCLUSIONS))
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
            exclusions = tuple(self._exclusions(key, n, MAX_EXCLUSIONS if detail else 1)) if with_exclusions else ()
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
        where = "" if result.position is None else f" at position {result.position}"
        exclusions = self._excluded_as_written(word) if with_exclusions else ()
        return self._verdict(word, None, False, reason=reason, detail=f"{result.reason}{where}",
                             position=result.position, exclusions=exclusions)

    # ------------------------------------------------------------------ details

    def tilings(self, key: str) -> list[Tiling]:
        """The valid tilings of a key, preferred first ([] for a key that is not a word)."""
        n = self.key_index.number(key)
        if n < 0 or self.key_index.kind(n) == EXCLUDED:
            analyser = self.analyser
            return list(analyser.judge(key, explain=False).tilings) if analyser is not None else []
        return self._valid_tilings(key, n, self.key_index.record(n).flags)

    def _valid_tilings(self, key: str, n: int, flags: int) -> list[Tiling]:
        if flags & LISTED_TILINGS:
            rows = self.conn.execute("SELECT tiles FROM tilings WHERE word = ? ORDER BY n", (n,))
            return [notation_tilings(parse_notation(r[0], self.alphabet), self.alphabet, self.policy)[0]
                    for r in rows]
        if self._single_letter_tiles:
            return [tuple(key)]
        return [preferred_tiling(key, self.alphabet, self.policy)]

    def analyses(self, key: str) -> list[Analysis]:
        """Every reading of a key (each source record that gave it), preferred first."""
        n = self.key_index.number(key)
        return self._analyses(key, n) if n >= 0 else []

    def _analyses(self, key: str, n: int) -> list[Analysis]:
        text = self.key_index.string
        rows = self.conn.execute("SELECT display, lemma, pos, kind, tag, rule, source, record FROM forms "
                                 "WHERE word = ? ORDER BY n", (n,))
        return [Analysis(display if display is not None else key.lower(), text(lemma), text(pos), KINDS[kind],
                         text(tag), text(rule), text(source), record)
                for display, lemma, pos, kind, tag, rule, source, record in rows]

    def exclusions(self, key: str, limit: int = MAX_EXCLUSIONS) -> list[Exclusion]:
        """Source records the rules dropped that normalise to `key`, in source order."""
        n = self.key_index.number(key)
        return self._exclusions(key, n, limit) if n >= 0 else []

    def _exclusions(self, key: str, n: int, limit: int) -> list[Exclusion]:
        rows = self.conn.execute(f"SELECT {_EXCLUSION_COLUMNS} FROM exclusions WHERE word = ? ORDER BY id LIMIT ?",
                                 (n, limit))
        return [self._exclusion(key, row) for row in rows]

    def _excluded_as_written(self, word: str) -> tuple[Exclusion, ...]:
        text = word.strip()
        if not text:
            return ()
        rows = self.conn.execute(f"SELECT {_EXCLUSION_COLUMNS} FROM exclusions WHERE word IS NULL AND "
                                 f"written IN (?, ?, ?) ORDER BY id LIMIT ?",
                                 (text, text.lower(), text.capitalize(), MAX_EXCLUSIONS))
        return tuple(self._exclusion("", row) for row in rows)

    def _exclusion(self, key: str, row: tuple) -> Exclusion:
        written, reason, detail, lemma, pos, kind, tag, source, record = row
        text = self.key_index.string
        return Exclusion(written, key, text(reason), text(detail), text(lemma), text(pos), KINDS[kind], text(tag),
                         text(source), record)

    def exclusion_counts(self) -> dict[str, int]:
        """Dropped source words per reason code."""
        return dict(self.conn.execute("SELECT s.text, count(*) FROM exclusions e JOIN strings s ON s.id = e.reason "
                                      "GROUP BY s.text ORDER BY s.text"))

    # ------------------------------------------------------------------ word-graph search

    def anagram(self, rack: str, *, sub: bool = False, order: str = "length", offset: int = 0,
                limit: int = 100) -> Page:
        """Words made of every tile of `rack` (`?` a blank); with `sub`, of any of them (at least the
        profile's shortest word). A Page: longest first by default (lexicon.pages has the orders)."""
        found = self.search.anagrams(rack, sub=sub, min_tiles=self.profile.min_length)
        return page(found, self.alphabet, order=order, offset=offset, limit=limit)

    def pattern(self, query: str, *, order: str = "alpha", offset: int = 0, limit: int = 100) -> Page:
        """Words matching `query`: `?` one tile, `*` any run (`A?B*`). A Page, in tile order by default."""
        if self.search.min_tiles(query) > self.profile.max_tiles:
            return page((), self.alphabet, order=order, offset=offset, limit=limit)  # longer than any word
        return page(self.search.matches(query), self.alphabet, order=order, offset=offset, limit=limit)

    def prefix(self, prefix: str, *, order: str = "alpha", offset: int = 0, limit: int = 100) -> Page:
        """Words starting with `prefix` (the prefix itself included). A Page, in tile order by default."""
        return page(self.search.prefixed(prefix), self.alphabet, order=order, offset=offset, limit=limit)

    def contains_tiles(self, tiles: Sequence[str] | str) -> bool:
        """Is this tile sequence a word? A sequence of tiles is exact (`["H","Á","ZS","O","R"]`); a
        string is tile notation, true when any cut it allows is a word (`HÁ[Z][S]OR`)."""
        if isinstance(tiles, str):
            segments = parse_notation(tiles, self.alphabet, self.normalizer.key)
            return any(self.search.contains(cut) for cut in notation_tilings(segments, self.alphabet, self.policy))
        return self.search.contains(tiles)

    def search_scope(self) -> dict[str, Any]:
        """What anagram, pattern and hook answers come from: the word graph. It holds every valid word of
        a lexicon validated by its list; of one validated by analysis, the listed words and the affixed
        forms the build put in it, not the words only analysis allows (generative compounds)."""
        return {"results_from": "word-graph", "graph_has_every_word": self.analyser is None}

    def hooks(self, word: str) -> dict[str, Any]:
        """Tiles that make a word when laid before or after `word` (letters or tile notation):
        `{"word": as asked, "normalized", "tilings": [tiling documents], "front": [tiles], "back": [tiles]}`."""
        found = self.search.hooks(word)
        return {"word": word, "normalized": found["word"],
                "tilings": [tiling_document(self.alphabet, t) for t in found["tilings"]],
                "front": found["front"], "back": found["back"]}

    # ------------------------------------------------------------------ plays

    def moves(self, game: Any, board: Any, rack: str, heights: Any = None, *, limit: int = 100, order: str = "score",
              phonies: bool = False, layout: Any = None):
        """Every play of `rack` on `board` in `game`, best first (lexicon.play.moves): `game` a Game or a
        shipped game's name, `board` one string a row or a Board, `heights` a stacking game's. Plays whose
        every word is valid, unless `phonies`; `.count` found in all, `.cut` when more than `limit`."""
        from .play import moves as play_moves

        return play_moves.moves_for(self, game, board, rack, heights, limit=limit, order=order, phonies=phonies,
                                    layout=layout)

    # ------------------------------------------------------------------ lists

    def export(self, field_name: str = "key", *, min_length: int | None = None, max_length: int | None = None,
               min_tiles: int | None = None, max_tiles: int | None = None, pos: str | None = None,
               prefix: str | None = None, contains: str | None = None, kind: str | None = None,
               limit: int | None = None) -> Iterator[str]:
        """Words in key order, one string each: the key, the form as written, or the tile notation."""
        if field_name not in ("key", "display", "tiles"):
            raise InputError(f"unknown field {field_name!r}: key, display or tiles")
        if kind is not None and kind not in KINDS[:2]:
            raise InputError(f"unknown kind {kind!r}: {KINDS[0]} or {KINDS[1]}")
        start = self.normalizer.key(prefix) if prefix else ""
        inside = self.normalizer.key(contains) if contains else ""
        displays = self._displays() if field_name == "display" else None
        count = 0
        for n, key in self.key_index.keys():
            if limit is not None and count >= limit:
                return
            if (start and not key.startswith(start)) or (inside and inside not in key) \
                    or (min_length is not None and len(key) < min_length) \
                    or (max_length is not None and len(key) > max_length):
                continue
            record = self.key_index.record(n)
            if (min_tiles is not None and record.tiles < min_tiles) or \
                    (max_tiles is not None and record.tiles > max_tiles) or \
                    (pos is not None and record.pos != pos) or (kind is not None and KINDS[record.kind] != kind):
                continue
            count += 1
            if field_name == "key":
                yield key
            elif field_name == "tiles":
                yield format_tiling(self._valid_tilings(key, n, record.flags)[0], self.alphabet)
            else:
                yield from displays.of(n, key)

    def _displays(self) -> _Displays:
        return _Displays(self.conn.execute("SELECT word, display FROM forms ORDER BY word, n"))

    def keys(self) -> Iterator[str]:
        """Every valid key in order."""
        for _, key in self.key_index.keys():
            yield key

    def summary(self, *, paths: bool = True) -> dict[str, Any]:
        """The manifest's summary: sources, counts, files. With `paths=False` a source file is named
        without its directory (what a service shows the world)."""
        m = self.manifest
        sources = m.get("sources") or []
        if not paths:
            sources = [s | {"files": [f | {"path": Path(f["path"]).name} for f in s.get("files", [])]}
                       for s in sources]
        return {
            "name": self.name, "version": self.version, "build_time": m.get("build_time"),
            "description": m.get("description", ""), "profile": m.get("profile"), "sources": sources,
            "counts": m.get("counts"), "files": m.get("files"),
        }

    def parts_of_speech(self) -> list[str]:
        """The parts of speech the lexicon's words have (`export(pos=…)` takes one of them)."""
        return sorted(p for p in self.key_index.parts_of_speech if p)

    def close(self) -> None:
        self.graph.close()
        if self.forms is not None:
            self.forms.close()
        _close_all(self._connections)


_EXCLUSION_COLUMNS = "written, reason, detail, lemma, pos, kind, tag, source, record"


class _Displays:
    """The forms as written of each key, read in one pass alongside the keys (both in number order)."""

    def __init__(self, rows) -> None:
        self.rows = rows
        self.pending = next(rows, None)

    def of(self, n: int, key: str) -> list[str]:
        found = set()
        while self.pending is not None and self.pending[0] <= n:
            if self.pending[0] == n:
                found.add(self.pending[1] if self.pending[1] is not None else key.lower())
            self.pending = next(self.rows, None)
        return sorted(found)


def _recorded_profile(path: Path, manifest: dict[str, Any], name: str) -> Profile:
    """The profile and tile set the version was built with, from the copies it carries (so a custom
    profile given by path opens anywhere); a version built before versions carried them names a
    shipped profile."""
    inputs = manifest.get("inputs") or {}
    if "profile" not in inputs:
        return load_profile(name)
    files = {}
    for role in ("profile", "tileset"):
        file = (inputs.get(role) or {}).get("file")
        if file not in manifest["files"]:
            raise ArtifactError(f"{path}: the manifest's {role} file {file!r} is not one of the version's files")
        files[role] = path / file
    profile = load_profile(files["profile"], tileset=files["tileset"])
    if profile.name != name:
        raise ArtifactError(f"{path}: the database names profile {name!r}, the recorded profile is {profile.name!r}")
    return profile


def _check_length(name: str, word: str) -> None:
    if len(word) > MAX_WORD_CHARS:
        raise TooLong(f"{name} is {len(word)} characters long; the limit is {MAX_WORD_CHARS}")


def _close_all(connections: list[sqlite3.Connection]) -> None:
    for conn in connections:
        conn.close()


def open_lexicon(folder: str | Path, *, verify: bool = True) -> Lexicon:
    """Open one artifact directory; with `verify`, every file is checked against the manifest first."""
    folder = Path(folder)
    manifest = artifacts.verify(folder) if verify else artifacts.read_manifest(folder)
    return Lexicon(folder, manifest)


def load(spec: str, root: str | Path | None = None, *, verify: bool = True) -> Lexicon:
    """Load `name` (its current version) or `name@version` from the artifacts directory."""
    return open_lexicon(artifacts.resolve(spec, root), verify=verify)
