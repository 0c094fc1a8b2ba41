"""An artifact's word-graph files: the KWG, its alphabet file, and the membership index.

- `lexicon.kwg` (or `lexicon.kbwg` past 0x400000 nodes): the DAWG over every valid tiling of
  every word, optionally with the GADDAG; the interchange file for game engines (lexicon.kwg).
- `alphabet.txt`: the tile numbering, in wolges' format (lexicon.alphabet_file).
- `words.dawg`: the keys (letters) in a dawgdic DAWG, read by the `dawg2` package. It answers
  `key in lexicon` about 15-30 times faster than a Python walk of the KWG could, in about a
  megabyte for 0.8 M words (docs/kwg.md has the measurements behind the choice).

The builder calls `write_files`; `Lexicon` calls `open_files`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dawg

from . import keyindex
from .alphabet import Alphabet
from .alphabet_file import FILENAME as ALPHABET_FILE
from .alphabet_file import alphabet_text
from .dawg import build
from .errors import ArtifactError
from .kwg import KWG, Kwg, encode

GRAPH_STEM = "lexicon"
INDEX_FILE = "words.dawg"
INDEX_FORMAT = "dawgdic"


class TileCodes:
    """Tile strings to the bytes of tile numbers a word graph stores, and back."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet
        self.number = {t.letter: t.number for t in alphabet.tiles}
        self.letter = {t.number: t.letter for t in alphabet.tiles}
        # Every tile one letter (Swedish): a whole word translates at once, in C.
        self._table = {ord(t.letter): t.number for t in alphabet.tiles} if not alphabet.multi else None

    def encode(self, tiles: Sequence[str] | str) -> bytes:
        """A tile sequence (or, for a one-letter-tile alphabet, a key) as bytes of tile numbers."""
        if self._table is not None:
            text = tiles if isinstance(tiles, str) else "".join(tiles)
            return text.translate(self._table).encode("latin-1")
        return bytes(self.number[t] for t in tiles)

    def decode(self, numbers: Iterable[int]) -> tuple[str, ...]:
        return tuple(self.letter[n] for n in numbers)


@dataclass
class GraphFiles:
    """The opened word-graph files of one artifact."""

    kwg: Kwg
    index: Any  # dawg.DAWG
    keys: keyindex.KeyIndex
    entry: dict[str, Any]

    def close(self) -> None:
        self.kwg.close()
        self.keys.close()


def write_files(folder: Path, alphabet: Alphabet, keys: Sequence[str], sequences: list[bytes], *,
                gaddag: bool = False, layout: str | None = None, key_codes: Sequence[bytes] = ()) -> dict[str, Any]:
    """Write the graph, alphabet and index files into `folder`; return the manifest's `graph` entry.

    `keys` are the valid words in letters (any order), `sequences` every valid tiling of every word
    as bytes of tile numbers (TileCodes.encode), `key_codes` every key of the key index (valid and
    excluded) as letter numbers, in key order (lexicon.keyindex).
    """
    graph = build(sequences, gaddag=gaddag)
    encoded = encode(graph, layout=layout)
    graph_file = GRAPH_STEM + encoded.suffix
    (folder / graph_file).write_bytes(encoded.data)
    (folder / ALPHABET_FILE).write_text(alphabet_text(alphabet), encoding="utf-8")
    # dawgdic wants sorted input for a deterministic file; keys are unique already.
    dawg.DAWG(sorted(keys)).save(str(folder / INDEX_FILE))
    key_graph = encode(build(key_codes), layout=KWG)
    (folder / keyindex.GRAPH_FILE).write_bytes(key_graph.data)
    return {
        "file": graph_file, "format": encoded.layout, "nodes": encoded.nodes, "gaddag": encoded.gaddag,
        "sequences": len(set(sequences)), "alphabet": ALPHABET_FILE, "tileset": alphabet.name,
        "index": {"file": INDEX_FILE, "format": INDEX_FORMAT, "keys": len(keys)},
        "keys": {"graph": keyindex.GRAPH_FILE, "table": keyindex.DATA_FILE, "format": keyindex.FORMAT,
                 "nodes": key_graph.nodes, "keys": len(key_codes)},
    }


def formats(entry: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The manifest's `formats` records for the graph files."""
    return {
        entry["file"]: {"format": entry["format"], "gaddag": entry["gaddag"], "nodes": entry["nodes"],
                        "alphabet": entry["alphabet"]},
        entry["alphabet"]: {"format": "wolges-alphabet"},
        entry["index"]["file"]: {"format": INDEX_FORMAT, "reader": "dawg2"},
        entry["keys"]["graph"]: {"format": "kwg", "gaddag": False, "nodes": entry["keys"]["nodes"],
                                 "alphabet": "letters in code-point order (keys.dat)"},
        entry["keys"]["table"]: {"format": keyindex.FORMAT, "format_version": keyindex.FORMAT_VERSION},
    }


def open_files(folder: Path, entry: dict[str, Any]) -> GraphFiles:
    """Map the KWG and load the membership index named by a manifest's `graph` entry."""
    try:
        name, layout, index_name = entry["file"], entry["format"], entry["index"]["file"]
        keys = keyindex.KeyIndex(folder, graph_file=entry["keys"]["graph"], data_file=entry["keys"]["table"])
    except (KeyError, TypeError):
        raise ArtifactError(f"{folder}: the manifest's graph entry is incomplete: rebuild the artifact") from None
    kwg = Kwg.open(folder / name)
    if kwg.layout != layout:
        raise ArtifactError(f"{folder / name}: the manifest says {layout}, the file name {kwg.layout}")
    index = dawg.DAWG()
    try:
        index.load(str(folder / index_name))
    except Exception as exc:  # dawg2 raises IOError or its own errors on a bad file
        raise ArtifactError(f"{folder / index_name}: not a readable dawgdic index ({exc})") from None
    return GraphFiles(kwg, index, keys, entry)


__all__ = ["GRAPH_STEM", "INDEX_FILE", "KWG", "GraphFiles", "TileCodes", "formats", "open_files", "write_files"]
