"""The `saol` inflection generator: each SAOL entry gets the forms its notation and Swedish morphology give.

    >>> expand = SaolInflector()
    >>> [f.text for f in expand(Entry("hund", "NOUN", notation="+en +ar")).forms][:3]
    ['hunds', 'hunden', 'hundens']

Entries it cannot read keep their headword and are counted by the shape of their notation
(`report()`, which the build writes into the manifest), never dropped silently.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from lexicon import DataError

from ..entry import Entry
from .notation import parse, shape
from .paradigm import ATTESTS, Context, paradigm, plural_only, split_particle, weak_participle

#: How many example entries the report keeps for each unparsed shape.
EXAMPLES = 5


def word_class(entry: Entry) -> str:
    """The paradigm class of an entry: its part of speech, or for SAOL's `X` what the notation shows.

    SAOL's X entries with a notation are nouns (`annektion +en +er`), adjective-like words
    (`ansatsvis +t +a`), adverbs with comparison (`illa värre värst`, `ofta komp. +re`) and
    number words (`andra mask. andre`).
    """
    if entry.pos in ("NOUN", "VERB", "ADJ", "PRON"):
        return entry.pos
    text = entry.notation
    if "komp." in text or "superl." in text or re.fullmatch(r"\w+,? \w+st", text):
        return "ADV"
    if re.match(r"[+-]?\S*t,? [+-]?\S*a\b", text):
        return "ADJ"
    if text.startswith(("+", "-")):
        return "NOUN"
    return "OTHER"


def attested_words(evidence: Sequence) -> frozenset[str]:
    """Every word (headwords and forms) of the evidence lists, each a source reader."""
    words: set[str] = set()
    for reader in evidence:
        reader.boundaries = False
        for entry in reader.entries():
            words.add(entry.headword)
            words.update(f.text for f in entry.forms)
    return frozenset(words)


def context(entries: Iterable[Entry], attested: Mapping[str, frozenset[str]] | None = None) -> Context:
    """What the generator needs to know of the whole source: its headwords, and every past
    participle its verbs give or imply (grävde → grävd), which headwords are adjectives, nouns and verbs; `attested`:
    for each class of forms, the words of the evidence lists that may attest it."""
    headwords, participles = set(), set()
    by_class: dict[str, set[str]] = {"ADJ": set(), "NOUN": set(), "VERB": set()}
    for entry in entries:
        headwords.add(entry.headword)
        by_class.get(word_class(entry), set()).add(entry.headword)
        if entry.pos != "VERB" or not entry.notation:
            continue
        try:
            notation = parse(entry.notation, split_particle(entry.headword, "VERB")[0], "VERB")
        except DataError:  # unreadable-notation
            continue  # counted when the entry itself is expanded
        participles.update(notation.slot("past part"))
        participles.update(w for w in map(weak_participle, notation.slot("past")) if w)
    return Context(frozenset(headwords), frozenset(participles), attested or {}, frozenset(by_class["ADJ"]),
                   frozenset(by_class["NOUN"]), frozenset(by_class["VERB"]))


class SaolInflector:
    """Entry → the same entry with its generated forms added (`Entry.forms`)."""

    name = "saol"

    def __init__(self, entries: Iterable[Entry] = (), evidence: Sequence[tuple[Any, Collection[str]]] = ()) -> None:
        """`evidence`: source readers of independent word lists (the pipeline's
        `[[inflection.evidence]]`), each with the classes of forms (ATTESTS) it may attest: which
        words compare, which verbs have a passive and participles; without them, SAOL's own
        evidence stands in (docs/inflection.md)."""
        lists = [attested_words([reader]) for reader, _ in evidence]
        self.evidence = [r.provenance() | {"words": len(words), "attests": list(kinds)}
                         for (r, kinds), words in zip(evidence, lists)]
        attested = {kind: frozenset().union(*(words for (_, kinds), words in zip(evidence, lists) if kind in kinds))
                    for kind in ATTESTS} if evidence else {}
        self.context = context(entries, attested)
        self.entries = self.with_notation = self.forms = self.truncated = 0
        self.unparsed: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}

    def __call__(self, entry: Entry) -> Entry:
        self.entries += 1
        if not entry.notation:
            forms = plural_only(entry.headword, self.context) if entry.pos == "NOUN" else []
            self.forms += len(forms)
            return replace(entry, forms=entry.forms + tuple(forms)) if forms else entry
        self.with_notation += 1
        pos = word_class(entry)
        base, _ = split_particle(entry.headword, pos)
        try:
            notation = parse(entry.notation, base, pos)
        except DataError as exc:  # unreadable-notation
            key = f"{pos} {shape(entry.notation)}"
            self.unparsed[key] += 1
            examples = self.examples.setdefault(key, [])
            if len(examples) < EXAMPLES:
                examples.append(f"{entry.where} {entry.headword!r} {entry.notation!r}: {exc}")
            return entry
        self.truncated += notation.truncated
        forms = paradigm(entry.headword, pos, notation, self.context)
        self.forms += len(forms)
        return replace(entry, forms=entry.forms + tuple(forms))

    def report(self) -> dict[str, Any]:
        """What the generator did, for the manifest: counts, and every unparsed shape with examples."""
        unparsed = sum(self.unparsed.values())
        return {
            "generator": self.name, "evidence": self.evidence, "entries": self.entries,
            "with_notation": self.with_notation,
            "forms": self.forms, "truncated_notations": self.truncated, "unparsed": unparsed,
            "unparsed_share": round(unparsed / self.with_notation, 6) if self.with_notation else 0.0,
            "unparsed_shapes": {k: {"entries": n, "examples": self.examples[k]}
                                for k, n in self.unparsed.most_common()},
        }
