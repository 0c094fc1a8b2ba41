"""The exception root and its children. Every error the toolkit raises is a LexiconError."""

from __future__ import annotations


class LexiconError(Exception):
    """Root of every error the toolkit raises on purpose.

    Besides the message, an error may say where the problem is: `position` in the input text,
    the request `parameter` at fault, and the `allowed` values for it (the service puts them in
    its problem+json answers).
    """

    #: stable machine-readable code, used by the service's problem+json `type`
    code = "lexicon-error"

    def __init__(self, message: str, *, position: int | None = None, parameter: str | None = None,
                 allowed: list[str] | None = None) -> None:
        super().__init__(message)
        self.position = position
        self.parameter = parameter
        self.allowed = allowed

    def where(self) -> dict[str, object]:
        """The position, parameter and allowed values that are known."""
        found = {"position": self.position, "parameter": self.parameter, "allowed": self.allowed}
        return {k: v for k, v in found.items() if v is not None}


class InputError(LexiconError):
    """A caller passed something malformed: a bad parameter, tile notation, word or option."""

    code = "bad-input"


class SequenceError(InputError, ValueError):
    """A tile sequence a word graph cannot store (empty, longer than 255 tiles, a tile number outside
    1..63), or another argument the word-graph core refuses; the message names the sequence and the value."""


class NotationError(InputError):
    """Tile notation that cannot be parsed, with the position of the problem."""

    code = "bad-notation"


class DataError(LexiconError):
    """A tile set, profile or pipeline file is missing or malformed."""

    code = "bad-data-file"


class ProfileError(DataError):
    """A game profile is missing or malformed."""

    code = "bad-profile"


class SourceError(LexiconError):
    """A lexical source cannot be read: bad encoding, broken XML, a malformed .aff/.dic line."""

    code = "bad-source"

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = ":".join(str(p) for p in (path, line) if p is not None)
        super().__init__(f"{where}: {message}" if where else message)
        self.path = path
        self.line = line


class ArtifactError(LexiconError):
    """An artifact is missing, corrupt, of another format version, or fails its checksums."""

    code = "bad-artifact"


def expect_format(document: object, path: object, name: str, version: int, what: str) -> None:
    """Raise ArtifactError unless `document` (a header or table read from `path`) is a dict of
    format `name` at `version`; `what` names it in the message ("key table")."""
    if not isinstance(document, dict) or document.get("format") != name:
        raise ArtifactError(f"{path}: not a {name} file")
    if document.get("format_version") != version:
        raise ArtifactError(f"{path}: {what} version {document.get('format_version')!r}, this toolkit reads "
                            f"{version}: rebuild the lexicon")


class UnknownLexicon(ArtifactError):
    """No artifact of that name or version exists."""

    code = "unknown-lexicon"


class LimitExceeded(InputError):
    """A request or build would exceed a configured bound."""

    code = "limit-exceeded"


class TooCostly(LimitExceeded):
    """A search that would cost more than its budget (nodes visited, results to rank)."""

    code = "too-costly"


class TooLong(LimitExceeded):
    """A word or parameter longer than the toolkit accepts (the service answers 414)."""

    code = "too-long"


class PlayError(InputError):
    """A board, move, rack or layout that cannot be read; names the request field and the square."""

    code = "bad-play"

    def __init__(self, field: str, message: str, *, square: str | None = None) -> None:
        super().__init__(f"{field}: {message}", parameter=field)
        self.field = field
        self.square = square

    def where(self) -> dict[str, object]:
        return super().where() | ({"square": self.square} if self.square else {})


class UnknownGame(InputError):
    """No shipped or published game of that name (the service answers 404)."""

    code = "unknown-game"


class RecordError(InputError):
    """A game record (GCG or JSON) that cannot be read: names the line and column (GCG) or the field
    (JSON) and what is wrong there."""

    code = "bad-record"

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 field: str | None = None) -> None:
        where = ", ".join(p for p in (f"line {line}" if line else "", f"column {column}" if column else "",
                                      field or "") if p)
        super().__init__(f"record {where}: {message}" if where else f"record: {message}", parameter="record")
        self.line, self.column, self.field = line, column, field

    def where(self) -> dict[str, object]:
        found = {"line": self.line, "column": self.column, "field": self.field}
        return super().where() | {k: v for k, v in found.items() if v is not None}


class HeldBack(LexiconError):
    """A build was published but not made current: it loses too many words or read an empty source
    (lexicon.guard). `result` is what was built; `change` what making it current would do."""

    code = "held-back"

    def __init__(self, message: str, *, result: object = None, change: object = None) -> None:
        super().__init__(message)
        self.result = result
        self.change = change
