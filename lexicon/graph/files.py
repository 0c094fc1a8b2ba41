"""An artifact's word-graph files: the KWG, its alphabet file, and the key index.

- `lexicon.kwg`: the DAWG over every valid tiling of every word and the GADDAG, the file a game
  engine's move generator plays with (every lexicon meant for play); `lexicon.dwg`: the DAWG
  alone (a reference lexicon). Past 0x400000 nodes: `lexicon.kbwg`, `lexicon.kbdwg` (lexicon.graph.format).
- `alphabet.txt`: the tile numbering, in wolges' format (lexicon.graph.alphabet_file).
- `keys.dwg` and `keys.dat`: the key index (lexicon.graph.keys), every key numbered with its record;
  it answers membership too (`key in lexicon`: docs/kwg.md says why it is the one structure for it).

The builder calls `write_files`; `Lexicon` calls `open_files`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..alphabet import Alphabet
from ..errors import ArtifactError
from . import keys as keyindex
from .alphabet_file import FILENAME as ALPHABET_FILE
from .alphabet_file import alphabet_text
from .format import KWG
from .reader import Kwg
from .writer import Encoded, GraphBuilder, build_kwg

GRAPH_STEM = "lexicon"


@dataclass
class GraphFiles:
    """The opened word-graph files of one artifact."""

    kwg: Kwg
    keys: keyindex.KeyIndex
    entry: dict[str, Any]

    def close(self) -> None:
        self.kwg.close()
        self.keys.close()


def write_files(folder: Path, alphabet: Alphabet, sequences: Iterable[bytes] | GraphBuilder, *, gaddag: bool = False,
                layout: str | None = None, key_codes: Iterable[bytes] | GraphBuilder = ()) -> dict[str, Any]:
    """Write the graph, alphabet and key graph files into `folder`; return the manifest's `graph` entry.

    `sequences` is every valid tiling of every word as bytes of tile numbers (TileCodes.encode);
    `key_codes` every key of the key index (valid and excluded) as letter numbers
    (LetterCodes.encode), in key order. Either may be a GraphBuilder that has collected them, so
    that no Python object per word is held.
    """
    encoded = _graph(sequences, gaddag=gaddag, layout=layout)
    graph_file = GRAPH_STEM + encoded.suffix
    (folder / graph_file).write_bytes(encoded.data)
    (folder / ALPHABET_FILE).write_text(alphabet_text(alphabet), encoding="utf-8")
    key_graph = _graph(key_codes, gaddag=False, layout=KWG)
    (folder / keyindex.GRAPH_FILE).write_bytes(key_graph.data)
    return {
        "file": graph_file, "format": encoded.layout, "nodes": encoded.nodes, "gaddag": encoded.gaddag,
        "sequences": encoded.distinct, "alphabet": ALPHABET_FILE, "tileset": alphabet.name,
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
        entry["keys"]["graph"]: {"format": "kwg", "gaddag": False, "nodes": entry["keys"]["nodes"],
                                 "alphabet": "letters in code-point order (keys.dat)"},
        entry["keys"]["table"]: {"format": keyindex.FORMAT, "format_version": keyindex.FORMAT_VERSION},
    }


def open_files(folder: Path, entry: dict[str, Any]) -> GraphFiles:
    """Map the KWG and the key index named by a manifest's `graph` entry."""
    try:
        name, layout = entry["file"], entry["format"]
        keys = keyindex.KeyIndex(folder, graph_file=entry["keys"]["graph"], data_file=entry["keys"]["table"])
    except (KeyError, TypeError):
        raise ArtifactError(f"{folder}: the manifest's graph entry is incomplete: rebuild the artifact") from None
    kwg = Kwg.open(folder / name)
    if kwg.layout != layout:
        raise ArtifactError(f"{folder / name}: the manifest says {layout}, the file name {kwg.layout}")
    return GraphFiles(kwg, keys, entry)


__all__ = ["GRAPH_STEM", "GraphFiles", "formats", "open_files", "write_files"]
