"""Source readers. Each turns one kind of lexical source into a stream of canonical `Entry`.

A reader is a class with a `kind`, built from its table in a pipeline file, that yields entries
from `entries()` and describes itself (version, files and their sha256) in `provenance()`.
Adding a source kind is a new module here and a line in `KINDS`.
"""

from __future__ import annotations

from .base import Source, SourceConfig
from .corpus import CORPORA
from .hunspell import HunspellSource
from .plain import PlainSource, TsvSource
from .saol import SaolSource
from .supplement import SupplementSource
from .xml import LmfSource, SaolXmlSource

KINDS: dict[str, type[Source]] = {
    cls.kind: cls for cls in (SaolSource, SupplementSource, SaolXmlSource, LmfSource, PlainSource, TsvSource,
                                HunspellSource, *CORPORA)
}


def register(cls: type[Source]) -> type[Source]:
    """Add a reader class to `KINDS` (used by readers that live in their own modules)."""
    KINDS[cls.kind] = cls
    return cls


__all__ = ["KINDS", "Source", "SourceConfig", "register"]
