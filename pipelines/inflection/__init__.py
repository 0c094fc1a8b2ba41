"""Inflection generators: a pipeline names one in its `[inflection]` table to add every inflected form.

    [inflection]
    generator = "saol"     # SAOL's notation (Entry.notation) → full paradigms

    [[inflection.evidence]]  # optional: word lists that attest comparison, passives, participles
    id = "wswedish"
    kind = "plain"
    path = "/usr/share/dict/swedish"
    encoding = "iso-8859-1"
    attests = ["comparison", "masculine", "present participle", "plural"]   # optional: all by default

A generator is a callable Entry → Entry (the same entry with `forms` added) with a `report()`
for the manifest. It is made from every entry of the pipeline's sources, a first pass that
tells it which forms are headwords of their own and which words are participles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..entry import Entry
from .notation import Notation, parse
from .paradigm import ATTESTS, Context, inflect, paradigm
from .saol import SaolInflector, context, word_class

GENERATORS = {SaolInflector.name: SaolInflector}


def inflector(name: str, entries: Iterable[Entry] = (), evidence: Sequence = ()) -> SaolInflector:
    """The generator called `name`, prepared with every entry of the sources it will expand and
    the evidence lists it may consult (source readers, each with the classes of forms it may attest)."""
    return GENERATORS[name](entries, evidence)


__all__ = ["ATTESTS", "GENERATORS", "Context", "Notation", "SaolInflector", "context", "inflect",
           "inflector", "paradigm", "parse", "word_class"]
