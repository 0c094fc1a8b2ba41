"""Request parameters, declared once per endpoint and read strictly.

Each view names its parameters with a spec (`Text`, `Integer`, `Choice`, `Flag`, `LexiconName`);
`read(specs)` refuses an unknown or repeated parameter and any value outside its spec with a 400
problem that names the parameter (and lists the allowed values), before any work is done. The same
specs write the endpoint's parameters in the OpenAPI document, so the two cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import request

from lexicon import InputError
from lexicon.errors import LimitExceeded
from lexicon.text import TEXT_PATTERN, check_text
from lexicon.word_judge import MAX_WORD_CHARS

MAX_LIMIT = 1000
DEFAULT_LIMIT = 100
MAX_OFFSET = 10_000


@dataclass(frozen=True)
class Spec:
    description: str
    required: bool = False

    def parse(self, name: str, value: str) -> Any:
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string"}

    def openapi(self, name: str) -> dict[str, Any]:
        return {"name": name, "in": "query", "required": self.required, "description": self.description,
                "schema": self.schema()}


@dataclass(frozen=True)
class Text(Spec):
    """Text a person types: at most `max_chars`, no control or invisible characters. Empty is allowed
    (a word that is empty gets an answer: `empty`), except where `min_chars` says otherwise."""

    max_chars: int = MAX_WORD_CHARS
    min_chars: int = 0

    def parse(self, name: str, value: str) -> str:
        if len(value) > self.max_chars:
            raise LimitExceeded(f"{name!r} is {len(value)} characters long; the limit is {self.max_chars}",
                                parameter=name, code="too-long")
        if len(value) < self.min_chars:
            raise InputError(f"{name!r} is empty", parameter=name)
        check_text(name, value)
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": self.min_chars, "maxLength": self.max_chars, "pattern": TEXT_PATTERN}


@dataclass(frozen=True)
class Word(Spec):
    """A word to judge, as it was typed: any text. What no one types as a word (a control or invisible
    character, a flood of combining marks, more than MAX_WORD_CHARS characters) is not refused here but
    answered, as the library and a batch answer it (Lexicon.refused): one word, one answer, whichever door."""


@dataclass(frozen=True)
class Integer(Spec):
    low: int = 0
    high: int = 1
    default: int | None = None

    def parse(self, name: str, value: str) -> int:
        if not (value.isascii() and value.lstrip("-").isdigit()) or len(value) > 9:
            raise InputError(f"{name!r} must be an integer from {self.low} to {self.high}, got {value[:20]!r}",
                             parameter=name)
        number = int(value)
        if not self.low <= number <= self.high:
            raise InputError(f"{name!r} must be an integer from {self.low} to {self.high}, got {number}",
                             parameter=name)
        return number

    def schema(self) -> dict[str, Any]:
        schema = {"type": "integer", "minimum": self.low, "maximum": self.high}
        return schema | ({"default": self.default} if self.default is not None else {})


@dataclass(frozen=True)
class Choice(Spec):
    options: tuple[str, ...] = ()
    default: str | None = None

    def parse(self, name: str, value: str) -> str:
        if value not in self.options:
            raise InputError(f"{name!r} must be one of {', '.join(self.options)}; got {value[:20]!r}",
                             parameter=name, allowed=list(self.options))
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.options)} | ({"default": self.default} if self.default else {})


@dataclass(frozen=True)
class Flag(Spec):
    def parse(self, name: str, value: str) -> bool:
        if value not in ("true", "false", "1", "0"):
            raise InputError(f"{name!r} must be true or false; got {value[:20]!r}", parameter=name,
                             allowed=["true", "false"])
        return value in ("true", "1")

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean", "default": False}


@dataclass(frozen=True)
class LexiconName(Spec):
    """A lexicon name or name@version; which exist is the registry's business (404 with the list)."""

    def parse(self, name: str, value: str) -> str:
        if len(value) > 80:
            raise LimitExceeded(f"{name!r} is {len(value)} characters long; the limit is 80", parameter=name,
                                code="too-long")
        check_text(name, value)
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "example": "sv-betapet",
                "description": "Lexicon name, or name@version (12 hex digits) to pin a version"}


LEXICON = LexiconName("Lexicon name or name@version; the service's default when absent")
WORD = Text("A word as letters (ALLÉ) or tile notation (HÁ[Z][S]OR, or a JSON array of tiles)", required=True)
JUDGED_WORD = Word("A word as letters (ALLÉ) or tile notation (HÁ[Z][S]OR, or a JSON array of tiles); text no one "
                   "types as a word is answered as such (non-letter, too-long)", required=True)
LIMIT = Integer(f"Most results on this page (0–{MAX_LIMIT})", low=0, high=MAX_LIMIT, default=DEFAULT_LIMIT)
OFFSET = Integer(f"Results to skip: the previous answer's next_offset (0–{MAX_OFFSET})", low=0, high=MAX_OFFSET,
                 default=0)


def order(default: str) -> Choice:
    return Choice("Result order: alpha (tile order), length (longest first, then by face value), "
                  "score (face value, a blank scoring 0, then longest)", options=("alpha", "length", "score"),
                  default=default)


def read(specs: dict[str, Spec]) -> dict[str, Any]:
    """The query parameters, parsed by `specs`: each at most once, none unknown, required ones present."""
    args = request.args
    unknown = [name for name in args if name not in specs]
    if unknown:
        raise InputError(f"unknown query parameter {unknown[0][:40]!r}; this endpoint takes "
                         f"{', '.join(specs) or 'none'}", parameter=unknown[0][:40], allowed=list(specs))
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        given = args.getlist(name)
        if len(given) > 1:
            raise InputError(f"the query parameter {name!r} is given {len(given)} times; give it once",
                             parameter=name)
        if not given:
            if spec.required:
                raise InputError(f"the query parameter {name!r} is required", parameter=name)
            values[name] = getattr(spec, "default", None)
            continue
        values[name] = spec.parse(name, given[0])
    return values
