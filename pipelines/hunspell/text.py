"""Reading Hunspell files the way Hunspell does: raw byte lines, fields split on ASCII blanks,
text decoded per field in the encoding the .aff declares.

Hunspell never decodes a whole file. Flags are bytes (or byte pairs) whatever the `SET` says,
and comments may be in another encoding than the declared one (the Debian hu_HU.aff is UTF-8
with Latin-2 comments and Latin-2 flag bytes), so decoding happens field by field, only for
the fields that carry text, and an undecodable one is an error naming the file and line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lexicon.errors import DataError

from ..files import DEFAULT_MAX_BYTES, open_checked

#: Hunspell's `SET` names mapped to Python codecs (the man page's list, and spellings seen in the wild).
_ENCODINGS = {
    "UTF-8": "utf-8", "UTF8": "utf-8",
    "KOI8-R": "koi8_r", "KOI8-U": "koi8_u",
    "MICROSOFT-CP1251": "cp1251", "CP1251": "cp1251",
    "TIS620-2533": "tis_620",
    **{f"ISO8859-{n}": f"iso8859_{n}" for n in (*range(1, 11), 13, 14, 15)},
    **{f"ISO-8859-{n}": f"iso8859_{n}" for n in (*range(1, 11), 13, 14, 15)},
}
#: Hunspell's default when an .aff has no `SET`.
DEFAULT_ENCODING = "ISO8859-1"
_BOM = b"\xef\xbb\xbf"


def codec(name: str, path: Path, line: int | None) -> str:
    """The Python codec for a Hunspell `SET` name, or a DataError naming the file and line."""
    try:
        return _ENCODINGS[name.upper()]
    except KeyError:
        raise DataError(f"unsupported encoding {name!r} (SET accepts: UTF-8, ISO8859-1…15, KOI8-R, KOI8-U, "
                        f"microsoft-cp1251, TIS620-2533)", path=str(path), line=line, code="bad-source") from None


def raw_lines(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[tuple[int, bytes]]:
    """(line number, bytes without the line end) for every line, as Hunspell's line reader sees them:
    split on LF only (a Latin-2 comment may hold 0x85, which Python's splitlines would break on)."""
    with open_checked(path, max_bytes) as fh:
        data = fh.read()
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    if not data:
        return
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        yield number, line.removesuffix(b"\r")


class Decoder:
    """Decodes text fields of one file in its declared encoding, failing with the file and line."""

    def __init__(self, path: Path, encoding: str) -> None:
        self.path = path
        self.encoding = encoding

    def __call__(self, raw: bytes, line: int) -> str:
        try:
            return raw.decode(self.encoding)
        except UnicodeDecodeError as exc:
            raise DataError(f"byte {exc.start + 1} of {raw[:40]!r} is not valid {self.encoding}",
                            path=str(self.path), line=line, code="bad-source") from None

    def fail(self, message: str, line: int | None) -> DataError:
        return DataError(message, path=str(self.path), line=line, code="bad-source")
