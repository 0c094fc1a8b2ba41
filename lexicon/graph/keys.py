"""The key index: every key a lexicon knows, numbered, with what a quick answer needs about it.

Two files, both memory-mapped, so every worker process shares their pages:

- `keys.dwg`: a DAWG-only word graph (KWG layout) over the keys' *letters*, numbered in code-point
  order, so a key's rank in the graph is its position in sorted key order. The rank is the key's
  number: a minimal perfect hash, and the row of the key's data everywhere in the artifact.
- `keys.dat`: per key, in columns (kind, reason, pos, tiles, flags, lemma, note), and the string
  table the columns and the SQLite store share (string 0 is the empty string).

Keys the rules dropped are in the index too (kind `excluded`, with the first reason and its
detail), so "is it a word, and if not why" is one lookup for every key a source gave. docs/artifacts.md
has the layout with a worked example.
"""

from __future__ import annotations

import json
import mmap
import struct
import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ArtifactError, LexiconError, LimitExceeded, expect_format
from .codec import LetterCodes
from .format import little_endian
from .reader import Kwg

GRAPH_FILE = "keys.dwg"
DATA_FILE = "keys.dat"
FORMAT = "tile-lexicon-keys"
FORMAT_VERSION = 1
MAGIC = b"TLKEYS\x00\x01"

HEADWORD, INFLECTED, EXCLUDED = 0, 1, 2
KINDS = ("headword", "inflected", "excluded")

#: flags
SEVERAL_READINGS = 1  # more than one reading in the store's `forms`
LISTED_TILINGS = 2  # the valid tilings are listed in the store's `tilings` (not just the preferred cut)
ALSO_EXCLUDED = 4  # a valid key that some source record also gave in a dropped spelling

#: Decoded strings kept per process (lemmas and tags repeat across a lexicon's forms).
STRING_CACHE = 65536

# name, array type code
COLUMNS = (("lemma", "I"), ("note", "I"), ("pos", "H"), ("kind", "B"), ("reason", "B"), ("tiles", "B"),
           ("flags", "B"))


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """What the index holds for one key."""

    kind: int  # HEADWORD, INFLECTED or EXCLUDED
    lemma: str
    tag: str  # for an excluded key: ""
    pos: str
    reason: str  # for an excluded key: the first reason it was dropped for; else ""
    detail: str  # for an excluded key: that drop's detail; else ""
    tiles: int  # tiles of the preferred tiling (0 for an excluded key)
    flags: int


class Strings:
    """Interned strings for the build: `strings.id("hund")` → a stable small number."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {"": 0}
        self.items: list[str] = [""]

    def id(self, text: str | None) -> int:
        if not text:
            return 0
        found = self.ids.get(text)
        if found is None:
            found = self.ids[text] = len(self.items)
            self.items.append(text)
        return found


class KeyTableWriter:
    """Collects one record per key in sorted key order, then writes `keys.dat`."""

    def __init__(self, strings: Strings) -> None:
        self.strings = strings
        self.columns = {name: array(code) for name, code in COLUMNS}
        self.pos: dict[str, int] = {}
        self.reasons: dict[str, int] = {"": 0}

    def __len__(self) -> int:
        return len(self.columns["kind"])

    def add(self, kind: int, *, lemma: str = "", tag: str = "", pos: str = "", reason: str = "",
            detail: str = "", tiles: int = 0, flags: int = 0) -> int:
        """Append a key's record; returns its number."""
        number = len(self)
        c = self.columns
        c["lemma"].append(self.strings.id(lemma))
        c["note"].append(self.strings.id(detail if kind == EXCLUDED else tag))
        c["pos"].append(self._small(self.pos, pos, 0xFFFF, "parts of speech"))
        c["kind"].append(kind)
        c["reason"].append(self._small(self.reasons, reason, 0xFF, "reasons"))
        c["tiles"].append(min(tiles, 255))
        c["flags"].append(flags)
        return number

    @staticmethod
    def _small(table: dict[str, int], text: str, most: int, what: str) -> int:
        found = table.get(text)
        if found is None:
            if len(table) > most:
                raise LimitExceeded(f"more than {most} distinct {what} in one lexicon")
            found = table[text] = len(table)
        return found

    def write(self, path: Path, letters: str) -> None:
        items = self.strings.items
        blob = bytearray()
        offsets = array("I", [0])
        for text in items:
            blob += text.encode("utf-8")
            offsets.append(len(blob))
        header: dict[str, Any] = {
            "format": FORMAT, "format_version": FORMAT_VERSION, "keys": len(self), "letters": letters,
            "pos": list(self.pos), "reasons": list(self.reasons), "kinds": list(KINDS), "columns": {},
            "strings": {"count": len(items)},
        }
        parts: list[bytes] = []
        layout: list[tuple[str, bytes]] = [(name, little_endian(self.columns[name])) for name, _ in COLUMNS]
        layout += [("string_offsets", little_endian(offsets)), ("string_blob", bytes(blob))]
        # Offsets are relative to the end of the header, which is padded to 8 bytes, and every part
        # starts on a multiple of 4 so that it can be viewed as an array in place.
        position = 0
        for name, data in layout:
            header["columns" if name in self.columns else "strings"][name] = [position, len(data)]
            parts.append(data + b"\0" * (-len(data) % 4))
            position += len(parts[-1])
        text = json.dumps(header, ensure_ascii=False, sort_keys=True).encode("utf-8")
        text += b" " * (-(len(MAGIC) + 4 + len(text)) % 8)
        with path.open("wb") as fh:
            fh.write(MAGIC + struct.pack("<I", len(text)) + text)
            for part in parts:
                fh.write(part)


class KeyIndex:
    """An opened key index: `index.number("HUND")` → its number or -1; `index.record(n)`."""

    def __init__(self, folder: Path, *, graph_file: str = GRAPH_FILE, data_file: str = DATA_FILE,
                 native: bool | None = None) -> None:
        self.graph = Kwg.open(folder / graph_file, native=native)
        path = folder / data_file
        try:
            with path.open("rb") as fh:
                self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise ArtifactError(f"{path}: cannot map the key table ({exc})") from None
        self.header = header = _read_header(self._map, path)
        start = len(MAGIC) + 4 + header["_size"]
        view = memoryview(self._map)
        try:
            self._columns = {name: _column(view, start, *header["columns"][name], code)
                             for name, code in COLUMNS}
            offsets = header["strings"]["string_offsets"]
            blob = header["strings"]["string_blob"]
            self._offsets = _column(view, start, *offsets, "I")
            self._blob = view[start + blob[0]:start + blob[0] + blob[1]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ArtifactError(f"{path}: the key table's header does not match its data ({exc})") from None
        self.size = header["keys"]
        if any(len(c) != self.size for c in self._columns.values()) or \
                len(self._offsets) != header["strings"]["count"] + 1:
            raise ArtifactError(f"{path}: the key table's columns are not {self.size} long")
        try:
            self.codes = LetterCodes(header["letters"])
        except (LimitExceeded, TypeError) as exc:
            raise ArtifactError(f"{path}: the key table's letters are not a key graph's ({exc})") from None
        self.letters = self.codes.letters
        self._pos = self.parts_of_speech = header["pos"]
        self._reasons = header["reasons"]
        self._kind = self._columns["kind"]
        self._decoded: dict[int, str] = {}
        # The compiled graph reads keys in letters itself: `number` and `in` are one call each.
        self._core = self.graph.core
        if self._core is not None:
            try:
                self._core.set_letters(self.letters, self._kind, EXCLUDED)
            except LexiconError as exc:
                raise ArtifactError(f"{path}: {exc}") from None
            self.number = self._core.rank  # the compiled graph reads str keys: one call

    @property
    def members(self):
        """What answers `key in members` for valid keys fastest: the compiled graph, or this index."""
        return self._core if self._core is not None else self

    def number(self, key: str) -> int:
        """The key's number, or -1 when the index does not hold it (valid and excluded keys both)."""
        if self._core is not None:
            return self._core.rank(key)
        codes = self.codes.encode(key)
        return -1 if codes is None else self.graph.rank(codes)

    def __contains__(self, key: str) -> bool:
        """Is `key` a valid word (not only an excluded one)?"""
        number = self.number(key)
        return number >= 0 and self._kind[number] != EXCLUDED

    def numbers(self, keys: list[str]) -> list[int]:
        """`number` of each key, in one call (the compiled graph reads the whole list)."""
        if self._core is not None:
            return self._core.ranks(keys)
        return [self.number(key) for key in keys]

    def kind(self, number: int) -> int:
        return self._kind[number]

    @property
    def reasons(self) -> list[str]:
        """The reason codes the `reason` column numbers ('' first: none)."""
        return self._reasons

    def string_table(self) -> tuple[memoryview, memoryview]:
        """The string table as it lies in keys.dat: the offsets (one more than the strings) and the UTF-8 text."""
        return self._offsets, self._blob

    def column(self, name: str) -> memoryview:
        """One column of the key table, indexed by key number (the quick paths read them directly)."""
        return self._columns[name]

    def pos(self, number: int) -> str:
        return self._pos[self._columns["pos"][number]]

    def string(self, number: int) -> str:
        # Lemmas and tags repeat (every form of a lemma names it): decoded ones are kept, up to a bound.
        found = self._decoded.get(number)
        if found is None:
            offsets = self._offsets
            found = str(self._blob[offsets[number]:offsets[number + 1]], "utf-8")
            if len(self._decoded) >= STRING_CACHE:
                self._decoded.clear()
            self._decoded[number] = found
        return found

    def record(self, number: int) -> KeyRecord:
        c = self._columns
        kind = c["kind"][number]
        note = self.string(c["note"][number])
        excluded = kind == EXCLUDED
        return KeyRecord(kind, self.string(c["lemma"][number]), "" if excluded else note, self._pos[c["pos"][number]],
                         self._reasons[c["reason"][number]], note if excluded else "", c["tiles"][number],
                         c["flags"][number])

    def keys(self, *, excluded: bool = False) -> Iterator[tuple[int, str]]:
        """(number, key) of every valid key (and excluded ones too, when asked) in key order."""
        decode, kind = self.codes.decode, self._kind
        for number, codes in enumerate(self.graph.words()):
            if excluded or kind[number] != EXCLUDED:
                yield number, decode(codes)

    def close(self) -> None:
        self.graph.close()  # first: the compiled graph holds a view of the kind column
        for column in self._columns.values():
            column.release()
        self._offsets.release()
        self._blob.release()
        self._map.close()


def _read_header(data, path: Path) -> dict[str, Any]:
    if len(data) < len(MAGIC) + 4 or data[:len(MAGIC)] != MAGIC:
        raise ArtifactError(f"{path}: not a {FORMAT} file")
    (size,) = struct.unpack_from("<I", data, len(MAGIC))
    try:
        header = json.loads(bytes(data[len(MAGIC) + 4:len(MAGIC) + 4 + size]))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ArtifactError(f"{path}: the key table's header is not JSON ({exc})") from None
    expect_format(header, path, FORMAT, FORMAT_VERSION, "key table")
    header["_size"] = size
    return header


def _column(view: memoryview, start: int, offset: int, length: int, code: str) -> memoryview:
    if offset < 0 or length < 0 or start + offset + length > len(view) or (start + offset) % 4:
        raise ValueError(f"a part at {offset} of {length} bytes lies outside the file")
    part = view[start + offset:start + offset + length]
    if sys.byteorder == "big":  # pragma: no cover - the files are little-endian
        swapped = array(code, bytes(part))
        swapped.byteswap()
        return memoryview(swapped)
    return part.cast(code)
