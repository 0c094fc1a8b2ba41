"""The reviewed SAOL 14 supplement: headwords SAOL 14 has that the PyPI package lacks, and the
forms its notations leave out, each with SAOL-style notation and the evidence for it.

    [[entry]]
    word = "de"
    pos = "PRON"
    status = "headword"          # a SAOL 14 headword the package lacks; "paradigm": forms of one it has
    notation = "objektsform: dem; gen. deras"
    evidence = ["saol:de", "dsso:de", "wswedish:de", "dsso-stem:dem", "wswedish:dem", "wswedish:deras"]

The file is data (pipelines/data/saol14-supplement.toml); docs/sources.md has its review rule.
Each entry becomes a canonical `Entry` of this source, so its words carry the supplement's source
id in every answer and the inflection generator expands its notation like SAOL's own.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from lexicon.errors import DataError

from ..entry import STEM_ONLY, Entry
from .base import PATH, Source

FORMAT = "tile-lexicon-saol-supplement"
VERSION = 1
#: What an entry adds: a headword the package lacks, or forms of a headword it has.
STATUSES = ("headword", "paradigm")
#: Parts of speech an entry may have: SAOL's own (UD tags) and the function-word classes it lacks.
POS = ("NOUN", "VERB", "ADJ", "PRON", "ADV", "ADP", "CCONJ", "SCONJ", "DET", "NUM", "INTJ", "X")
#: Kinds of evidence, each a claim `kind:word` that the tests check against the installed source.
EVIDENCE = {
    "saol": "a notation of SAOL 14 (PyPI saol) writes the word out, as a form of another headword",
    "dsso-stem": "the word is a stem of DSSO, Debian hunspell-sv's sv_SE.dic (a lemma there)",
    "dsso": "Hunspell with DSSO (Debian hunspell-sv) accepts the word",
    "wswedish": "the word is in Debian's wswedish list (/usr/share/dict/swedish)",
}
_KEYS = {"word", "pos", "status", "notation", "evidence", "note"}


@dataclass(frozen=True)
class Claim:
    """One piece of evidence: `wswedish:dem` says the wswedish list has `dem`."""

    kind: str
    word: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.word}"

    @property
    def source(self) -> str:
        """Which independent source the claim rests on (dsso and dsso-stem are one)."""
        return self.kind.removesuffix("-stem")


@dataclass(frozen=True)
class SupplementEntry:
    """One row of the supplement, as written."""

    record: int
    word: str
    pos: str
    status: str
    notation: str
    evidence: tuple[Claim, ...]
    note: str = ""


def read_supplement(path: Path) -> list[SupplementEntry]:
    """Every entry of a supplement file, checked: an error names the file, the entry and the key."""
    return _read(path)[0]


def read_declined(path: Path) -> dict[str, str]:
    """The words reviewed and not added (`[[declined]]`: word, reason), for the completeness report."""
    return _read(path)[1]


def _read(path: Path) -> tuple[list[SupplementEntry], dict[str, str]]:
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("no such file", path=str(path), code="bad-source") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"not valid TOML: {exc}", path=str(path), code="bad-source") from None
    if table.get("format") != FORMAT or table.get("version") != VERSION:
        raise DataError(f'expected format = "{FORMAT}" and version = {VERSION} at the top',
                        path=str(path), code="bad-source")
    rows = table.get("entry", [])
    if not isinstance(rows, list):
        raise DataError("entry must be an array of tables ([[entry]])", path=str(path), code="bad-source")
    entries, seen = [], set()
    for record, row in enumerate(rows, start=1):
        entry = _entry(record, row, path)
        key = (entry.word, entry.pos, entry.status)
        if key in seen:
            raise _fail(path, record, entry.word, f"a second {entry.status} entry for {entry.word} ({entry.pos})")
        seen.add(key)
        entries.append(entry)
    declined = {}
    for number, row in enumerate(table.get("declined", []), start=1):
        if not isinstance(row, dict) or set(row) != {"word", "reason"} or not all(
                isinstance(v, str) and v for v in row.values()):
            raise DataError(f"declined {number}: a table with word and reason, both non-empty strings",
                            path=str(path), code="bad-source")
        declined[row["word"]] = row["reason"]
    return entries, declined


def _fail(path: Path, record: int, word: object, message: str) -> DataError:
    return DataError(f"entry {record} ({word!r}): {message}", path=str(path), code="bad-source")


def _entry(record: int, row: object, path: Path) -> SupplementEntry:
    if not isinstance(row, dict):
        raise _fail(path, record, None, "expected a table")
    word = row.get("word")
    unknown = sorted(set(row) - _KEYS)
    if unknown:
        raise _fail(path, record, word, f"unknown key {unknown[0]!r} (allowed: {', '.join(sorted(_KEYS))})")
    if not isinstance(word, str) or not word.strip() or word != word.strip():
        raise _fail(path, record, word, "word must be a non-empty string without surrounding blanks")
    pos, status = row.get("pos"), row.get("status")
    if pos not in POS:
        raise _fail(path, record, word, f"pos {pos!r} is not one of {', '.join(POS)}")
    if status not in STATUSES:
        raise _fail(path, record, word, f"status {status!r} is not one of {', '.join(STATUSES)}")
    notation = row.get("notation", "")
    if not isinstance(notation, str):
        raise _fail(path, record, word, "notation must be a string (SAOL's inflection notation, or empty)")
    if status == "paradigm" and not notation:
        raise _fail(path, record, word, "a paradigm entry needs the notation that gives its forms")
    evidence = row.get("evidence")
    if not isinstance(evidence, list) or not evidence or not all(isinstance(e, str) for e in evidence):
        raise _fail(path, record, word, "evidence must be a non-empty list of claims like 'wswedish:de' "
                                        "(nothing is added without evidence)")
    claims = []
    for text in evidence:
        kind, _, claimed = text.partition(":")
        if kind not in EVIDENCE or not claimed:
            raise _fail(path, record, word, f"evidence {text!r} is not 'kind:word' with kind one of "
                                            f"{', '.join(EVIDENCE)}")
        claims.append(Claim(kind, claimed))
    if len({c.source for c in claims}) < 2:
        raise _fail(path, record, word, "evidence needs claims from two sources at least (saol, dsso, wswedish)")
    note = row.get("note", "")
    if not isinstance(note, str):
        raise _fail(path, record, word, "note must be a string")
    return SupplementEntry(record, word, pos, status, notation, tuple(claims), note)


class SupplementSource(Source):
    """The reviewed supplement to SAOL 14 (`path`: the TOML file), a second source beside `saol`."""

    kind = "saol-supplement"
    options = {"path": PATH}

    def entries(self) -> Iterator[Entry]:
        for row in read_supplement(self.config.path()):
            # a paradigm entry adds forms only: its headword is the package's, judged there
            flags = frozenset({STEM_ONLY}) if row.status == "paradigm" else frozenset()
            yield Entry(headword=row.word, pos=row.pos, flags=flags, source=self.id, record=row.record,
                        notation=row.notation, extra={"status": row.status,
                                                      "evidence": " ".join(map(str, row.evidence))})

    def files(self) -> list[Path]:
        return [self.config.path()]

    def version(self) -> str:
        explicit = super().version()
        if explicit:
            return explicit
        rows = read_supplement(self.config.path())
        added = sum(r.status == "headword" for r in rows)
        return f"SAOL 14 supplement ({added} headwords, {len(rows) - added} paradigms)"
