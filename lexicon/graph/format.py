"""The KWG format's constants, and the contract every word-graph writer and reader keeps.

KWG is the format of the open word-game engines (wolges, Macondo, Woogles); docs/kwg.md has the
layout with a worked example. In short: a headerless array of little-endian u32 nodes,

    kwg   bits 0-21 arc index, 22 is_end, 23 accepts, 24-31 tile      (at most 0x400000 nodes)
    kbwg  bits 0-5 tile, 6 is_end, 7 accepts, 8-31 arc index          (at most 0x1000000 nodes)

A node is one arc: its tile, whether a word ends after it, and the index of the first node of
the sibling list it leads to (0: none). Siblings are consecutive in tile order; `is_end` marks
the last. Node 0 is {tile 0, is_end, arc → the DAWG's root list}; in a file with a GADDAG node 1
is {tile 0, is_end, arc → the GADDAG's root list}.

The contract (the C core's tl_graph.h says the same, and both builders enforce it where sequences
enter): a sequence holds 1 to MAX_LENGTH tile numbers, each 1..MAX_TILE. The layouts keep six bits
for a tile in `kbwg` and the accepts flag sits beside them in the builders' arcs, so 64 and up would
collide with it; 0 is the GADDAG's separator.
"""

from __future__ import annotations

import sys
from array import array

from ..errors import InputError

KWG = "kwg"
KBWG = "kbwg"
#: How many nodes each layout can address.
CAPACITY = {KWG: 0x400000, KBWG: 0x1000000}
#: File suffixes: a `.kwg` holds the DAWG and the GADDAG (what a move generator plays with), a
#: `.dwg` the DAWG alone (wolges' names); `.kbwg` and `.kbdwg` are the same in the big layout.
SUFFIXES = {(KWG, True): ".kwg", (KWG, False): ".dwg", (KBWG, True): ".kbwg", (KBWG, False): ".kbdwg"}
LAYOUT_OF_SUFFIX = {suffix: layout for (layout, _), suffix in SUFFIXES.items()}

#: The GADDAG's direction switch, `@` in the literature; never in a word.
SEPARATOR = 0
#: Tile numbers are 1..MAX_TILE.
MAX_TILE = 63
#: The longest sequence a builder takes and path a reader follows (a packed sequence's length is a byte).
MAX_LENGTH = 255


def check_sequence(sequence: bytes, number: int) -> None:
    """Raise InputError unless `sequence` (the `number`th added) is one a word graph can store."""
    if not sequence:
        raise InputError(f"sequence {number}: the empty sequence cannot be stored in a word graph")
    if len(sequence) > MAX_LENGTH:
        raise InputError(f"sequence {number}: {len(sequence)} tiles; a word graph path holds at most {MAX_LENGTH}")
    if min(sequence) == 0 or max(sequence) > MAX_TILE:
        position, tile = next((i, t) for i, t in enumerate(sequence) if t == 0 or t > MAX_TILE)
        raise InputError(f"sequence {number} ({_show(sequence)}): tile {tile} at position {position} is outside "
                         f"1..{MAX_TILE}")


def unpack(data: bytes, first: int) -> list[bytes]:
    """The sequences packed in `data`, each a length byte and then its tiles; `first` numbers the
    first of them in messages. InputError names the byte where the packing breaks."""
    out, at = [], 0
    while at < len(data):
        n = data[at]
        if not n or at + 1 + n > len(data):
            raise InputError(f"packed sequences: {'a sequence runs past the end' if n else 'an empty sequence'} "
                             f"at byte {at}")
        sequence = bytes(data[at + 1:at + 1 + n])
        if min(sequence) == 0 or max(sequence) > MAX_TILE:
            i, tile = next((i, t) for i, t in enumerate(sequence) if t == 0 or t > MAX_TILE)
            raise InputError(f"packed sequences: tile {tile} at byte {at + 1 + i} is outside 1..{MAX_TILE} "
                             f"(sequence {first + len(out)})")
        out.append(sequence)
        at += 1 + n
    return out


def _show(sequence: bytes) -> str:
    shown = " ".join(f"{b:02x}" for b in sequence[:12])
    return shown + " …" if len(sequence) > 12 else shown


def little_endian(values: array) -> bytes:
    """An array's bytes as every file of the project stores numbers: little-endian, whatever the machine."""
    if sys.byteorder == "big":  # pragma: no cover - the machines here are little-endian
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()
