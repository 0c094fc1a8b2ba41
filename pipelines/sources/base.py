"""What every source reader shares: its configuration, provenance, and careful file reading."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from lexicon.errors import DataError

from ..entry import Entry
from ..files import DEFAULT_MAX_BYTES, PACKAGE, file_record, install_hint, named_file
from ..schema import REQUIRED, Key
from ..tiling_evidence import CompoundParts

#: Options most readers of files share.
PATH = Key(str, "the file, relative to the pipeline file; `package:<path>` for a file shipped with the pipelines "
           "(`package:data/saol14-supplement.toml`)", REQUIRED)
MAX_BYTES = Key(int, "a larger file is refused", DEFAULT_MAX_BYTES, minimum=1)
VERSION = Key(str, "the source's version, for the manifest", "")
DEBIAN = Key(str, "the Debian package that installs the source's files, named when one is missing", "")
#: Options every source table takes, whatever its kind.
COMMON = {"version": VERSION, "debian": DEBIAN}


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
            raise DataError(f"source {self.id!r} ({self.kind}) needs a {key!r} string", code="bad-source")
        try:
            return named_file(value, self.base_dir)
        except DataError as exc:
            raise DataError(f"source {self.id!r}: {key}: {exc}", code="bad-source") from None

    def get(self, key: str, kind: type, default: Any) -> Any:
        value = self.options.get(key, default)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(f"source {self.id!r}: {key!r} must be a {kind.__name__}, got {value!r}", code="bad-source")
        return value


class Source:
    """Base of the readers: `entries()` streams, `provenance()` describes what was read."""

    kind: ClassVar[str]
    #: The options of the kind's `[[sources]]` tables, as schema keys (lexicon_pipelines.schema).
    options: ClassVar[dict[str, Key]] = {}
    #: Record morpheme boundaries where the source knows them (the Hungarian tiling evidence reads
    #: them); a pipeline that tiles without evidence, or a command that only lists forms, turns it off.
    boundaries: bool = True

    def __init__(self, config: SourceConfig) -> None:
        allowed = {*COMMON, *self.options}
        for name, value in config.options.items():
            if name not in allowed:
                raise DataError(f"source {config.id!r} ({self.kind}): unknown option {name!r} "
                                f"(allowed: {', '.join(sorted(allowed))})", code="bad-source")
            try:
                (self.options.get(name) or COMMON[name]).check(name, value)
            except DataError as exc:  # the option's value, refused by its schema
                raise DataError(f"source {config.id!r} ({self.kind}): {exc}", code="bad-source") from None
            if isinstance(value, str) and value.startswith(PACKAGE):
                config.path(name)  # a file of the package is checked now, before any work
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

    def missing(self, path: Path) -> DataError:
        """The error for a file of this source that is not there, naming the Debian package that installs it
        where the source table names one (`debian = "wswedish"`)."""
        hint = install_hint(self.config.options.get("debian", ""))
        return DataError(f"source {self.id!r} ({self.kind}): no such file{hint}", path=str(path), code="bad-source")

    def check_files(self) -> None:
        """Every file the source reads is there, before any is read (missing)."""
        for path in self.files():
            if not path.exists():
                raise self.missing(path)

    def size_hint(self) -> int | None:
        """How many entries the source will give, when that is known cheaply (for progress)."""
        return None

    def version(self) -> str:
        return str(self.config.options.get("version", ""))

    def provenance(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "version": self.version(),
            "files": [file_record(p) for p in self.files()],
        }
