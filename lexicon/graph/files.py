"""An artifact's word-graph files: the KWG, its alphabet file, and the membership index.

- `lexicon.kwg`: the DAWG over every valid tiling of every word and the GADDAG, the file a game
  engine's move generator plays with (every lexicon meant for play); `lexicon.dwg`: the DAWG
  alone (a reference lexicon). Past 0x400000 nodes: `lexicon.kbwg`, `lexicon.kbdwg` (lexicon.graph.format).
- `alphabet.txt`: the tile numbering, in wolges' format (lexicon.graph.alphabet_file).
- `words.dawg`: the keys (letters) in a dawgdic DAWG, read by the `dawg2` package. It answers
  `key in lexicon` about 15-30 times faster than a Python walk of the KWG could, in about a
  megabyte for 0.8 M words (docs/kwg.md has the measurements behind the choice).

The builder calls `write_files`; `Lexicon` calls `open_files`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dawg

from ..alphabet import Alphabet
from ..errors import ArtifactError
from . import keys as keyindex
from .alphabet_file import FILENAME as ALPHABET_FILE
from .alphabet_file import alphabet_text
from .format import KWG
from .reader import Kwg
from .writer import Encoded, GraphBuilder, build_kwg

GRAPH_STEM = "lexicon"
INDEX_FILE = "words.dawg"
INDEX_FORMAT = "dawgdic"


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


def write_files(folder: Path, alphabet: Alphabet, keys: Iterable[str], sequences: Iterable[bytes] | GraphBuilder,
                *, gaddag: bool = False, layout: str | None = None,
                key_codes: Iterable[bytes] | GraphBuilder = ()) -> dict[str, Any]:
    """Write the graph, alphabet and index files into `folder`; return the manifest's `graph` entry.

    `keys` are the valid words in letters, in key order; `sequences` every valid tiling of every
    word as bytes of tile numbers (TileCodes.encode); `key_codes` every key of the key index
    (valid and excluded) as letter numbers (lexicon.graph.keys). The last two may be GraphBuilders
    that have collected them, so that no Python object per word is held.
    """
    encoded = _graph(sequences, gaddag=gaddag, layout=layout)
    graph_file = GRAPH_STEM + encoded.suffix
    (folder / graph_file).write_bytes(encoded.data)
    (folder / ALPHABET_FILE).write_text(alphabet_text(alphabet), encoding="utf-8")
    counted = [0]

    def count(keys: Iterable[str]) -> Iterator[str]:
        for key in keys:
            counted[0] += 1
            yield key

    # dawgdic builds from sorted input as it streams (code point order is UTF-8 byte order).
    dawg.DAWG(count(keys), input_is_sorted=True).save(str(folder / INDEX_FILE))
    key_graph = _graph(key_codes, gaddag=False, layout=KWG)
    (folder / keyindex.GRAPH_FILE).write_bytes(key_graph.data)
    return {
        "file": graph_file, "format": encoded.layout, "nodes": encoded.nodes, "gaddag": encoded.gaddag,
        "sequences": encoded.distinct, "alphabet": ALPHABET_FILE, "tileset": alphabet.name,
        "index": {"file": INDEX_FILE, "format": INDEX_FORMAT, "keys": counted[0]},
        "keys": {"graph": keyindex.GRAPH_FILE, "table": keyindex.DATA_FILE, "format": keyindex.FORMAT,
                 "nodes": key_graph.nodes, "keys": key_graph.distinct},
    }


def _graph(sequences: Iterable[bytes] | GraphBuilder, **options) -> Encoded:
    if isinstance(sequences, GraphBuilder):
        return sequences.finish(**options)
    return build_kwg(sequences, **options)


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


__all__ = ["GRAPH_STEM", "INDEX_FILE", "GraphFiles", "formats", "open_files", "write_files"]
