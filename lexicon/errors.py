"""The exception root and its children. Every error the toolkit raises is a LexiconError."""

from __future__ import annotations


class LexiconError(Exception):
    """Root of every error the toolkit raises on purpose.

    `code` says what went wrong, in a word callers and the service's problem+json `type` can rely
    on (CODES lists them all); the few subclasses say whose fault it is. Besides the message, an
    error may say where the problem is: `position` in the input text, the request `parameter` at
    fault and the `allowed` values for it, the board `square`, and the `path`, `line`, `column` and
    `field` of a file or record.
    """

    #: stable machine-readable code, used by the service's problem+json `type`
    code = "lexicon-error"

    def __init__(self, message: str, *, code: str | None = None, position: int | None = None,
                 parameter: str | None = None, allowed: list[str] | None = None, square: str | None = None,
                 path: str | None = None, line: int | None = None, column: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.position, self.parameter, self.allowed, self.square = position, parameter, allowed, square
        self.path, self.line, self.column, self.field = path, line, column, field

    def where(self) -> dict[str, object]:
        """The places that are known, by name."""
        return {k: v for k in WHERE if (v := getattr(self, k)) is not None}


#: the places an error may name, in the order problem+json answers give them
WHERE = ("position", "parameter", "allowed", "square", "line", "column", "field")


class InputError(LexiconError):
    """A caller passed something malformed: a bad parameter, tile notation, word, rack, pattern,
    record or option, or asked for a game that does not exist."""

    code = "bad-input"


class LimitExceeded(InputError):
    """A request or build would exceed a configured bound: too long, or too costly a search."""

    code = "limit-exceeded"


class PlayError(InputError):
    """A board, move, rack or layout that cannot be read; names the request field and the square."""

    code = "bad-play"

    def __init__(self, field: str, message: str, *, square: str | None = None, code: str | None = None) -> None:
        super().__init__(f"{field}: {message}", code=code, parameter=field, square=square)


class DataError(LexiconError):
    """A tile set, profile, pipeline file or lexical source is missing or malformed; the message
    starts with the file and line when they are known."""

    code = "bad-data-file"

    def __init__(self, message: str, *, code: str | None = None, path: str | None = None,
                 line: int | None = None) -> None:
        where = ":".join(str(p) for p in (path, line) if p is not None)
        super().__init__(f"{where}: {message}" if where else message, code=code, path=path, line=line)


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


class HeldBack(LexiconError):
    """A build was published but not made current: it loses too many words or read an empty source
    (lexicon.guard). `result` is what was built; `change` what making it current would do."""

    code = "held-back"

    def __init__(self, message: str, *, result: object = None, change: object = None) -> None:
        super().__init__(message)
        self.result = result
        self.change = change


def record_error(message: str, *, line: int | None = None, column: int | None = None,
                 field: str | None = None) -> InputError:
    """A game record (GCG or JSON) that cannot be read, naming the line and column (GCG) or the field
    (JSON) and what is wrong there."""
    where = ", ".join(p for p in (f"line {line}" if line else "", f"column {column}" if column else "",
                                  field or "") if p)
    return InputError(f"record {where}: {message}" if where else f"record: {message}", code="bad-record",
                      parameter="record", line=line, column=column, field=field)


#: every code an error carries, with the class that carries it and what it means (docs/api.md)
CODES: dict[str, tuple[type[LexiconError], str]] = {
    "lexicon-error": (LexiconError, "any other error the toolkit raises on purpose"),
    "bad-input": (InputError, "a malformed parameter, word, tile sequence or option"),
    "bad-notation": (InputError, "tile notation that cannot be parsed"),
    "invalid-word": (InputError, "text that is not a word of the game's alphabet; the error's `result` says why"),
    "bad-pattern": (InputError, "a search pattern that cannot be read"),
    "bad-rack": (InputError, "a rack that cannot be read: unknown tile, too many tiles or blanks"),
    "bad-record": (InputError, "a game record (GCG or JSON) that cannot be read"),
    "unknown-game": (InputError, "no shipped or published game of that name"),
    "limit-exceeded": (LimitExceeded, "a request or build past a configured bound"),
    "too-long": (LimitExceeded, "a word or parameter longer than the toolkit accepts"),
    "too-costly": (LimitExceeded, "a search that would cost more than its budget"),
    "too-large": (LimitExceeded, "a request body or batch larger than the service accepts"),
    "bad-play": (PlayError, "a board, move, rack or layout that cannot be read"),
    "bad-data-file": (DataError, "a tile set or pipeline file missing or malformed"),
    "bad-profile": (DataError, "a game profile missing or malformed"),
    "bad-source": (DataError, "a lexical source that cannot be read"),
    "unreadable-notation": (DataError, "a SAOL inflection the parser cannot read (the entry keeps its headword)"),
    "bad-artifact": (ArtifactError, "an artifact missing, corrupt, of another format, or failing its checksums"),
    "unknown-lexicon": (ArtifactError, "no artifact of that name or version"),
    "held-back": (HeldBack, "a build published but not made current"),
}
