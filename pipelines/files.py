"""Finding and reading source files carefully: the files a pipeline names, a size bound, a clear error for
a missing file, line-exact decoding.

Shared by the pipeline definitions, the source readers (lexicon_pipelines.sources) and the Hunspell
parsers (lexicon_pipelines.hunspell).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexicon.artifacts import sha256_file
from lexicon.errors import DataError

#: Sources larger than this are refused unless the pipeline raises `max_bytes`.
DEFAULT_MAX_BYTES = 2 * 1024**3
#: A file a pipeline names as `package:<path>` is one shipped with the pipelines (`package:data/…`),
#: found wherever the pipeline file is: a copy of a shipped pipeline still reads the shipped data.
PACKAGE = "package:"
SHIPPED = Path(__file__).parent


def install_hint(package: str) -> str:
    """What to add to "no such file" for a file Debian's `package` installs (nothing without one)."""
    return f": install Debian's {package} (apt-get install {package})" if package else ""


def named_file(reference: str, base: Path) -> Path:
    """The file a pipeline names: `package:<path>` inside the shipped pipelines' folder, an absolute path,
    or a path relative to `base`, the pipeline file's folder."""
    if not reference.startswith(PACKAGE):
        path = Path(reference)
        return path if path.is_absolute() else base / path
    inner = Path(reference[len(PACKAGE):])
    if not inner.parts or inner.is_absolute() or ".." in inner.parts:
        raise DataError(f"{reference[:80]!r}: {PACKAGE} names a file inside the shipped pipelines' folder, "
                        f"such as {PACKAGE}data/saol14-supplement.toml", code="bad-source")
    return SHIPPED / inner


def file_record(path: Path) -> dict[str, Any]:
    return {"path": str(path), "size": path.stat().st_size, "sha256": sha256_file(path)}


def open_checked(path: Path, max_bytes: int = DEFAULT_MAX_BYTES):
    """Open a source file for reading bytes, with a clear error if it is missing or too large."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DataError("no such file", path=str(path), code="bad-source") from None
    if not path.is_file():
        raise DataError("not a regular file", path=str(path), code="bad-source")
    if size > max_bytes:
        raise DataError(f"{size} bytes, more than the limit of {max_bytes} (raise max_bytes in the pipeline)",
                        path=str(path), code="bad-source")
    return path.open("rb")


def decoded_lines(path: Path, encoding: str, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[tuple[int, str]]:
    """Yield (line number, text without the line end), failing on the first undecodable line."""
    try:
        "".encode(encoding)
    except LookupError:
        raise DataError(f"unknown encoding {encoding!r}", path=str(path), code="bad-source") from None
    with open_checked(path, max_bytes) as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                text = raw.decode(encoding)
            except UnicodeDecodeError as exc:
                raise DataError(
                    f"byte {exc.start + 1} is not valid {encoding} ({raw[exc.start:exc.start + 1]!r}); "
                    f"declare the file's encoding in the pipeline",
                                path=str(path), line=number, code="bad-source") from None
            if number == 1:
                text = text.removeprefix("\ufeff")
            yield number, text.rstrip("\r\n")
