"""What every source reader shares: its configuration, provenance, and careful file reading."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from lexicon import SourceError

from ..entry import Entry
from ..tiling_evidence import CompoundParts

#: Sources larger than this are refused unless the pipeline raises `max_bytes`.
DEFAULT_MAX_BYTES = 2 * 1024**3


@dataclass(frozen=True)
class SourceConfig:
    """One `[[sources]]` table of a pipeline file."""

    id: str
    kind: str
    options: dict[str, Any] = field(default_factory=dict)
    base_dir: Path = Path(".")  # relative paths are relative to the pipeline file

    def path(self, key: str = "path") -> Path:
        value = self.options.get(key)
        if not isinstance(value, str) or not value:
            raise SourceError(f"source {self.id!r} ({self.kind}) needs a {key!r} string")
        path = Path(value)
        return path if path.is_absolute() else self.base_dir / path

    def get(self, key: str, kind: type, default: Any) -> Any:
        value = self.options.get(key, default)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SourceError(f"source {self.id!r}: {key!r} must be a {kind.__name__}, got {value!r}")
        return value


class Source:
    """Base of the readers: `entries()` streams, `provenance()` describes what was read."""

    kind: ClassVar[str]
    options: ClassVar[set[str]] = set()
    #: Record morpheme boundaries where the source knows them (the Hungarian tiling evidence reads
    #: them); a pipeline that tiles without evidence, or a command that only lists forms, turns it off.
    boundaries: bool = True

    def __init__(self, config: SourceConfig) -> None:
        unknown = set(config.options) - self.options - {"version"}
        if unknown:
            raise SourceError(f"source {config.id!r} ({self.kind}): unknown option {sorted(unknown)[0]!r} "
                              f"(allowed: {', '.join(sorted(self.options | {'version'}))})")
        self.config = config
        self.id = config.id

    def entries(self) -> Iterator[Entry]:
        raise NotImplementedError

    def compound_parts(self) -> CompoundParts:
        """Stems the source lets begin and end a compound, for compound splits (none by default)."""
        return CompoundParts()

    def files(self) -> list[Path]:
        """The files this source reads, for checksums in the manifest."""
        return []

    def version(self) -> str:
        return str(self.config.options.get("version", ""))

    def provenance(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "version": self.version(),
            "files": [file_record(p) for p in self.files()],
        }


def file_record(path: Path) -> dict[str, Any]:
    return {"path": str(path), "size": path.stat().st_size, "sha256": sha256_file(path)}


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def open_checked(path: Path, max_bytes: int = DEFAULT_MAX_BYTES):
    """Open a source file for reading bytes, with a clear error if it is missing or too large."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SourceError("no such file", path=str(path)) from None
    if not path.is_file():
        raise SourceError("not a regular file", path=str(path))
    if size > max_bytes:
        raise SourceError(f"{size} bytes, more than the limit of {max_bytes} (raise max_bytes in the pipeline)",
                          path=str(path))
    return path.open("rb")


def decoded_lines(path: Path, encoding: str, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[tuple[int, str]]:
    """Yield (line number, text without the line end), failing on the first undecodable line."""
    try:
        "".encode(encoding)
    except LookupError:
        raise SourceError(f"unknown encoding {encoding!r}", path=str(path)) from None
    with open_checked(path, max_bytes) as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                text = raw.decode(encoding)
            except UnicodeDecodeError as exc:
                raise SourceError(
                    f"byte {exc.start + 1} is not valid {encoding} ({raw[exc.start:exc.start + 1]!r}); "
                    f"declare the file's encoding in the pipeline", path=str(path), line=number) from None
            if number == 1:
                text = text.removeprefix("\ufeff")
            yield number, text.rstrip("\r\n")
