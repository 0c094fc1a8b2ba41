"""The precheck of a lexicon validated by analysis (`[analysis] precheck = true`): the parts graph.

Most words a player tries that are no word reach the analyser, and Hunspell's compound search
spends a few hundred microseconds on each before it says no. The parts graph holds every part
Hunspell could make a word of (lexicon_pipelines.hunspell.parts, which says why the set is a
superset), so the analyser refuses a word no cut into parts spells in about a microsecond, and
asks Hunspell only about the rest (lexicon.analyser). Built from the same .aff and .dic the
version carries for its analyser, so the two cannot disagree about the dictionary.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexicon import __version__
from lexicon.graph.writer import GraphBuilder

from .files import DEFAULT_MAX_BYTES
from .forked import add_forked, default_workers
from .hunspell import read_aff, read_dic
from .hunspell.parts import Parts, part_letters

if TYPE_CHECKING:
    from lexicon import Profile

    from .progress import Progress

#: The parts graph's file in a version, and its suffix by layout (a DAWG: letters, then a marker;
#: lexicon_pipelines.hunspell.parts).
PARTS_STEM = "analysis-parts"
#: Stems a producer takes at a time.
CHUNK = 500


def precheck_entry(profile: Profile) -> dict[str, Any]:
    """The analysis entry's `precheck`, known before the build: the version's identity includes it."""
    return {"letters": part_letters(profile.alphabet), "max_tiles": profile.max_tiles,
            "toolkit": __version__}


def write_parts(folder: Path, aff_path: Path, dic_path: Path, profile: Profile, progress: Progress,
                workers: int | None = None) -> dict[str, Any]:
    """Build the parts graph of the dictionary into `folder`; what the manifest records of it."""
    aff = read_aff(aff_path, DEFAULT_MAX_BYTES)
    parts = Parts(aff, read_dic(dic_path, aff, DEFAULT_MAX_BYTES), profile.alphabet, profile.max_tiles)
    progress.start("precheck parts", len(parts.stems))
    builder = GraphBuilder()
    builder.add_packed(parts.packed())
    add_forked(builder, parts.packed, len(parts.stems), CHUNK, progress,
               default_workers() if workers is None else workers)
    encoded = builder.finish(gaddag=False)
    name = PARTS_STEM + encoded.suffix
    (folder / name).write_bytes(encoded.data)
    progress.finish(f"{encoded.distinct:,} parts, {encoded.nodes:,} nodes")
    return {"file": name, "format": encoded.layout, "nodes": encoded.nodes, "parts": encoded.distinct}


__all__ = ["PARTS_STEM", "precheck_entry", "write_parts"]
