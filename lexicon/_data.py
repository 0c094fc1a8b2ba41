"""Finding and reading the TOML data files that ship with the package (tile sets, profiles)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import DataError

DATA_DIR = Path(__file__).parent / "data"


def data_names(kind: str) -> list[str]:
    """Names of the shipped data files of one kind: `data_names("tilesets")`."""
    return sorted(p.stem for p in (DATA_DIR / kind).glob("*.toml"))


def is_path(text: str) -> bool:
    """Does a data reference name a file (`short5.toml`, `games/x`) rather than a shipped name?"""
    return text.endswith(".toml") or "/" in text or "\\" in text


def beside(path: Path, reference: str) -> Path | None:
    """A data file a data file names by path (`tileset = "tiles.toml"`), resolved from the folder of
    the file that names it; None for a shipped name, which is found wherever the naming file is."""
    return path.parent / reference if is_path(reference) else None


def file_stamp(reference: str | Path | None) -> tuple[int, int, int] | None:
    """What changes when a data file given by path changes (None for a shipped name, or no file):
    part of a loader's cache key, so an edited or deleted file is read again."""
    if reference is None or not is_path(str(reference)):
        return None
    try:
        st = Path(reference).stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def read_toml(name_or_path: str | Path, kind: str) -> tuple[dict[str, Any], Path]:
    """Read a shipped data file by name (`sv-betapet`) or any TOML file by path."""
    text = str(name_or_path)
    if is_path(text):
        path = Path(text)
    else:
        if not _is_plain_name(text):
            raise DataError(f"{kind[:-1]} name {text!r} is not a valid name (letters, digits and '-' only)")
        path = DATA_DIR / kind / f"{text}.toml"
        if not path.is_file():
            known = ", ".join(data_names(kind))
            raise DataError(f"no {kind[:-1]} named {text!r}; known: {known}")
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh), path
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from exc


def _is_plain_name(text: str) -> bool:
    return bool(text) and len(text) <= 64 and all(c.isascii() and (c.isalnum() or c == "-") for c in text)


class Fields:
    """Typed access to a TOML table, with errors that name the file and the key."""

    def __init__(self, table: dict[str, Any], path: Path, where: str = "") -> None:
        self.table, self.path, self.where = table, path, where

    def _fail(self, key: str, message: str) -> DataError:
        return DataError(f"{self.path}: {self.where}{key}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.table:
            if default is ...:
                raise self._fail(key, "missing")
            return default
        value = self.table[key]
        # bool is an int in Python; a count must not be `true`.
        if isinstance(value, bool) and kind in (int, (int,)):
            raise self._fail(key, f"expected an integer, got {value!r}")
        if not isinstance(value, kind):
            raise self._fail(key, f"expected {_type_name(kind)}, got {value!r}")
        return value

    def check(self, key: str, ok: bool, message: str) -> None:
        if not ok:
            raise self._fail(key, message)

    def unknown(self, allowed: set[str]) -> None:
        extra = sorted(set(self.table) - allowed)
        if extra:
            raise self._fail(extra[0], f"unknown key (allowed: {', '.join(sorted(allowed))})")


def _type_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join({"str": "a string", "int": "an integer", "bool": "true or false", "list": "a list",
                        "dict": "a table"}.get(k.__name__, k.__name__) for k in kinds)
