"""Writing word graphs: tile sequences in, KWG bytes out (lexicon.graph.format has the layout).

`build_kwg` and `GraphBuilder` make the bytes with the compiled core (lexicon/graph/core) unless
LEXICON_PURE_PYTHON=1 (lexicon.graph.native) selects the pure-Python code here and in
lexicon.graph.dawg, the reference the tests compare the core against. Both refuse a sequence the
format cannot hold (format.check_sequence) with the same message.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InputError, LimitExceeded
from .dawg import ACCEPTS, NEXT_SHIFT, TARGET_MASK, TARGET_SHIFT, Graph, build
from .format import CAPACITY, KBWG, KWG, SUFFIXES, check_sequence, unpack
from .native import use_core


@dataclass(frozen=True)
class Encoded:
    """A word graph laid out as KWG nodes."""

    data: bytes
    layout: str  # KWG or KBWG
    nodes: int
    gaddag: bool
    distinct: int | None = None  # sequences stored (set by the builders, not by `encode`)

    @property
    def suffix(self) -> str:
        """`.kwg` with a GADDAG, `.dwg` without (`.kbwg`, `.kbdwg` in the big layout)."""
        return SUFFIXES[self.layout, self.gaddag]


def encode(graph: Graph, *, layout: str | None = None) -> Encoded:
    """Lay `graph` out as KWG nodes: the `kwg` layout when it fits, else `kbwg` (or as asked)."""
    position, chains, count, roots = _place(graph)
    if layout is None:
        layout = KWG if count <= CAPACITY[KWG] else KBWG
    if count > CAPACITY[layout]:
        raise LimitExceeded(f"the word graph needs {count:,} nodes; the {layout} layout holds at most "
                            f"{CAPACITY[layout]:,}")
    if layout == KWG:  # bits 0-21 arc, 22 is_end, 23 accepts, 24-31 tile
        tile_shift, accepts_bit, end_bit, arc_shift = 24, 1 << 23, 1 << 22, 0
    else:  # bits 0-5 tile, 6 is_end, 7 accepts, 8-31 arc
        tile_shift, accepts_bit, end_bit, arc_shift = 0, 1 << 7, 1 << 6, 8
    arcs = graph.arcs
    words = array("I", [end_bit | position[root] << arc_shift for root in roots])
    append = words.append
    for head in chains:
        state = head
        while state:
            arc = arcs[state]
            state = arc >> NEXT_SHIFT
            append((arc & 63) << tile_shift | (accepts_bit if arc & ACCEPTS else 0) | (0 if state else end_bit)
                   | position[(arc >> TARGET_SHIFT) & TARGET_MASK] << arc_shift)
    if sys.byteorder == "big":
        words.byteswap()
    return Encoded(words.tobytes(), layout, count, len(roots) == 2)


def build_kwg(sequences: Iterable[bytes], *, gaddag: bool = False, layout: str | None = None,
              native: bool | None = None) -> Encoded:
    """The KWG of `sequences` (tile numbers as bytes, any order, duplicates allowed): the DAWG,
    with `gaddag` the GADDAG too, in the `kwg` layout when it fits, else `kbwg` (or as asked)."""
    builder = GraphBuilder(native=native)
    builder.extend(sequences)
    return builder.finish(gaddag=gaddag, layout=layout)


class GraphBuilder:
    """Collects tile sequences, then builds their KWG: `add`/`extend`, then `finish` once.

    The compiled builder keeps the sequences in one flat buffer (about their length in bytes,
    no Python object each) and sorts them itself, so a caller can stream tens of millions.
    """

    def __init__(self, *, native: bool | None = None) -> None:
        core = use_core(native)
        self._builder = core.Builder() if core else None
        self._sequences: list[bytes] = []

    def add(self, sequence: bytes) -> None:
        if self._builder is not None:
            self._builder.add(sequence)
        else:
            sequence = bytes(sequence)
            check_sequence(sequence, len(self._sequences))
            self._sequences.append(sequence)

    def extend(self, sequences: Iterable[bytes]) -> None:
        if self._builder is not None:
            self._builder.extend(sequences)
        else:
            for sequence in sequences:
                self.add(sequence)

    def add_packed(self, data: bytes) -> None:
        """Add the sequences packed in `data`, each a length byte and then its bytes: a producer in
        another process hands over a run of them as one object. A refused run adds nothing."""
        if self._builder is not None:
            self._builder.add_packed(data)
        else:
            self._sequences.extend(unpack(data, len(self._sequences)))

    def __len__(self) -> int:
        return len(self._builder) if self._builder is not None else len(self._sequences)

    def finish(self, *, gaddag: bool = False, layout: str | None = None) -> Encoded:
        """The KWG bytes; `distinct` on the result counts the sequences without repeats."""
        if layout is not None and layout not in CAPACITY:
            raise InputError(f"unknown word-graph layout {layout!r} (kwg or kbwg)")
        if self._builder is not None:
            data, layout, nodes, has_gaddag, distinct = self._builder.finish(gaddag=gaddag, layout=layout)
            return Encoded(data, layout, nodes, has_gaddag, distinct)
        sequences, self._sequences = self._sequences, []
        encoded = encode(build(sequences, gaddag=gaddag), layout=layout)
        return Encoded(encoded.data, encoded.layout, encoded.nodes, encoded.gaddag, len(set(sequences)))


def _place(graph: Graph) -> tuple[list[int], list[int], int, list[int]]:
    """File positions: (position per state, the lists written in order, node count, roots).

    A sibling list that is the tail of another list is not written again: it starts inside
    the longer one. Only lists that are no other list's tail are written, each whole, so the
    node count is the least any contiguous layout of these lists can have. Lists are placed
    breadth-first from the DAWG root (then the GADDAG root), so a walk from the root reads
    nearby memory first and the DAWG part comes before GADDAG-only lists.
    """
    arcs = graph.arcs
    roots = [graph.dawg_root] + ([graph.gaddag_root] if graph.gaddag_root is not None else [])
    is_tail = bytearray(len(arcs))
    for arc in arcs:
        is_tail[arc >> NEXT_SHIFT] = 1
    position = [0] * len(arcs)
    chains: list[int] = []
    count = len(roots)
    seen = bytearray(len(arcs))
    seen[0] = 1
    for root in roots:
        if seen[root]:
            continue
        seen[root] = 1
        queue = [root]
        for head in queue:  # the list grows while it is read: a breadth-first walk
            if not is_tail[head]:
                chains.append(head)
                state = head
                while state:
                    if not position[state]:
                        position[state] = count
                    count += 1
                    state = arcs[state] >> NEXT_SHIFT
            state = head
            while state:
                arc = arcs[state]
                target = (arc >> TARGET_SHIFT) & TARGET_MASK
                if not seen[target]:
                    seen[target] = 1
                    queue.append(target)
                state = arc >> NEXT_SHIFT
    return position, chains, count, roots
