"""Corpus words admitted into a lexicon: the words people write that a dictionary's morphology accepts
beyond the forms its word graph holds.

A Hungarian lexicon's graph holds every form of the dictionary's stems with up to two affixes
(lexicon_pipelines.graphforms). What real text adds beyond it are compounds the dictionary does not list
(`munkaerő`, `kortárs`) and forms of three affixes (`lezárása`: le + zár + ás + a). A corpus word
(lexicon_pipelines.sources.corpus) becomes a word of the list when, at build time,

1. the dictionary's analysis accepts it and the profile allows one of its readings (no name, no
   abbreviation: lexicon.analyser, the same judge the analysing lexicons asked at query time);
2. it is not a form the graph already holds (the form index answers that);
3. no reading needs three compound parts or more: Hunspell gives up on those after 50 ms of CPU time
   and rejects, so whether it accepts one depends on the machine; a build does not;
4. it is not an English word (the pipeline's list of them), unless a dictionary people made (a `dictd`
   or `mythes` source) has it as a word of the language: English words in running text are quoted, not
   Hungarian, while a loan a dictionary lists (`rapper`) is.

Each admitted word is an entry of its source: its lemma (the compound's first parts and its last part's
lemma: munkaerőt → munkaerő), part of speech, the analysis's tags, and its morpheme boundaries, which
tile it (ház|sor). The list then holds it with its source as the evidence: `lexicon check` shows which
texts attest it.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexicon.analyser import Analyser, Reading, boundaries, ud_pos
from lexicon.errors import DataError
from lexicon.graph.forms import FormIndex

from .entry import STEM_ONLY, Entry, Form
from .files import decoded_lines, install_hint
from .hunspell import read_aff, read_dic
from .sources import KINDS, Source

if TYPE_CHECKING:
    from .definition import Pipeline
    from .progress import Progress
    from .staging import Counts

#: Source kinds whose words people chose for a dictionary of the language (an English word in one is a loan).
CURATED = frozenset({"dictd", "mythes"})
#: The most parts a compound may have to be admitted (see the module's docstring).
MAX_PARTS = 2
#: The build's working folder for the dictionary the evidence is judged with.
WORK = "attest.work"


class Admission:
    """`Admission(analyser, forms, foreign)`: `admit(entries, curated)` streams the entries of one corpus
    that the lexicon takes; `counts` says what became of the rest."""

    def __init__(self, analyser: Analyser, forms: FormIndex | None, foreign: frozenset[str],
                 stems: frozenset[str] = frozenset()) -> None:
        self.analyser, self.forms, self.foreign, self.stems = analyser, forms, foreign, stems
        self.counts: Counter[str] = Counter()

    def admit(self, entries: Iterable[Entry], curated: bool, progress: Progress | None = None) -> Iterator[Entry]:
        for entry in entries:
            admitted = self._entry(entry, curated)
            if progress is not None:
                progress.advance()
            if admitted is not None:
                yield admitted

    def _entry(self, entry: Entry, curated: bool) -> Entry | None:
        word, counts = entry.headword, self.counts
        key = word.upper()
        if key in self.stems or (self.forms is not None and key in self.forms):
            counts["a form of the dictionary"] += 1
            return None
        verdict = self.analyser.judge(key, word, explain=False)
        if not verdict.valid:
            counts["not a word of the dictionary" if verdict.reason == "not-in-lexicon" else
                   f"refused: {verdict.reason}"] += 1
            return None
        readings = [r for r in verdict.readings if len(r.parts) <= MAX_PARTS]
        if not readings:
            counts["three parts or more"] += 1
            return None
        if word in self.foreign and not curated:
            counts["English"] += 1
            return None
        counts["admitted"] += 1
        return _as_entry(entry, word, readings[0])


def _as_entry(entry: Entry, word: str, reading: Reading) -> Entry:
    """The word as its source's entry: the headword when it is its own lemma, else a form of its lemma."""
    lemma = "".join(p.text for p in reading.parts[:-1]) + reading.head.lemma.lower()
    if reading.preverb:  # a preverb is part of the verb (lezár); leg- of a superlative is not (legújabb)
        lemma = reading.preverb + lemma
    pos = ud_pos(reading.word_class)
    bounds = boundaries(word, reading)
    if lemma == word:
        return Entry(headword=word, pos=pos, source=entry.source, record=entry.record, boundaries=bounds)
    form = Form(word, reading.tag, "attested", bounds)
    return Entry(headword=lemma, pos=pos, forms=(form,), flags=frozenset({STEM_ONLY}), source=entry.source,
                 record=entry.record)


def read_foreign(lines: Iterable[str]) -> frozenset[str]:
    """The words of a foreign word list written in small letters (`/usr/share/dict/american-english`);
    names and possessives (`Kevin`, `dog's`) are not what the check is for."""
    return frozenset(w for w in (line.strip() for line in lines) if w.isalpha() and w.islower())


class Attestation:
    """The evidence corpora of a pipeline's `[compounds]` table, read into entries the lexicon admits.

    `entries(progress, counts, first)` yields (source order, entry) for each corpus in turn, numbering
    the corpora from `first`; the form index the graph's forms wrote (`forms_entry`) says which words
    the graph holds already. `summary()` is the manifest's `attested` entry: per corpus what it gave and
    what became of it."""

    def __init__(self, p: Pipeline, readers: list[Source], folder: Path) -> None:
        options = p.compounds
        self.p, self.folder = p, folder
        self.corpora = [KINDS[c.kind](c) for c in options.evidence]
        dictionary = next(r for r in readers if r.id == options.dictionary)
        # Hunspell opens <name>.aff and <name>.dic from one folder: a copy of the pair, removed with the
        # build's other working files (the version does not carry it: no answer asks Hunspell)
        work = folder / WORK
        work.mkdir()
        for path, suffix in ((dictionary.aff_path(), ".aff"), (dictionary.dic_path(), ".dic")):
            shutil.copyfile(path, work / f"dictionary{suffix}")
        self.analyser = Analyser(work / "dictionary.aff", work / "dictionary.dic", p.profile)
        # the dictionary's stems are the list's words (or its refusals): no corpus adds them again
        aff = read_aff(dictionary.aff_path())
        self.stems = frozenset(stem.word.upper() for stem in read_dic(dictionary.dic_path(), aff))
        self.foreign = frozenset()
        if options.foreign is not None:
            self.foreign = _foreign_words(options.foreign, options.foreign_debian)
        self.forms_entry: dict[str, Any] | None = None
        self.report: dict[str, dict[str, int]] = {}

    def entries(self, progress: Progress, counts: Counts, first: int) -> Iterator[tuple[int, Entry]]:
        forms = FormIndex(self.folder, self.forms_entry) if self.forms_entry is not None else None
        try:
            for i, corpus in enumerate(self.corpora):
                admission = Admission(self.analyser, forms, self.foreign, self.stems)
                progress.start(f"attested by {corpus.id}")
                for entry in admission.admit(corpus.entries(), corpus.kind in CURATED, progress):
                    counts.entries[corpus.id] += 1
                    yield first + i, entry
                self.report[corpus.id] = dict(sorted(admission.counts.items()))
                progress.finish(f"{admission.counts['admitted']:,} of {sum(admission.counts.values()):,} words "
                                f"admitted")
        finally:
            if forms is not None:
                forms.graph.close()
            shutil.rmtree(self.folder / WORK, ignore_errors=True)

    def summary(self) -> dict[str, Any]:
        return {"dictionary": self.p.compounds.dictionary, "max_parts": MAX_PARTS,
                "foreign": len(self.foreign), "corpora": [c.provenance() | {"words": self.report.get(c.id, {})}
                                                          for c in self.corpora]}


def _foreign_words(path: Path, debian: str) -> frozenset[str]:
    if not path.exists():
        hint = install_hint(debian)
        raise DataError(f"the foreign word list is missing{hint}", path=str(path), code="bad-source")
    return read_foreign(line for _, line in decoded_lines(path, "utf-8"))
