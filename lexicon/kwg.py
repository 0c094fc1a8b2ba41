"""The KWG word-graph file: writing a built automaton, and reading it through a memory map.

KWG is the format of the open word-game engines (wolges, Macondo, Woogles); docs/kwg.md has
the layout with a worked example. In short: a headerless array of little-endian u32 nodes,

    kwg   bits 0-21 arc index, 22 is_end, 23 accepts, 24-31 tile      (at most 0x400000 nodes)
    kbwg  bits 0-5 tile, 6 is_end, 7 accepts, 8-31 arc index          (at most 0x1000000 nodes)

A node is one arc: its tile, whether a word ends after it, and the index of the first node of
the sibling list it leads to (0: none). Siblings are consecutive in tile order; `is_end` marks
the last. Node 0 is {tile 0, is_end, arc → the DAWG's root list}; in a file with a GADDAG node
1 is {tile 0, is_end, arc → the GADDAG's root list}. Tile numbers are the alphabet's (1..63),
so a file is read with its alphabet file (lexicon.alphabet_file).

`build_kwg` and `GraphBuilder` make the bytes, `Kwg` reads them; both run on the compiled core
(lexicon._graph) unless LEXICON_PURE_PYTHON=1 (lexicon._native) selects the pure-Python code
here and in lexicon.dawg, the reference the tests compare the core against.
"""

from __future__ import annotations

import mmap
import sys
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from . import _native
from .dawg import ACCEPTS, NEXT_SHIFT, TARGET_MASK, TARGET_SHIFT, Graph, build
from .errors import ArtifactError, LimitExceeded

KWG = "kwg"
KBWG = "kbwg"
#: How many nodes each layout can address.
CAPACITY = {KWG: 0x400000, KBWG: 0x1000000}
#: File suffixes: a `.kwg` holds the DAWG and the GADDAG (what a move generator plays with), a
#: `.dwg` the DAWG alone (wolges' names); `.kbwg` and `.kbdwg` are the same in the big layout.
SUFFIXES = {(KWG, True): ".kwg", (KWG, False): ".dwg", (KBWG, True): ".kbwg", (KBWG, False): ".kbdwg"}
LAYOUT_OF_SUFFIX = {suffix: layout for (layout, _), suffix in SUFFIXES.items()}


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
        self._core = _native.use_core(native)
        self._builder = self._core.Builder() if self._core else None
        self._sequences: list[bytes] = []

    def add(self, sequence: bytes) -> None:
        if self._builder is not None:
            self._builder.add(sequence)
        else:
            self._sequences.append(bytes(sequence))

    def extend(self, sequences: Iterable[bytes]) -> None:
        if self._builder is not None:
            self._builder.extend(sequences)
        else:
            self._sequences.extend(bytes(s) for s in sequences)

    def __len__(self) -> int:
        return len(self._builder) if self._builder is not None else len(self._sequences)

    def finish(self, *, gaddag: bool = False, layout: str | None = None) -> Encoded:
        """The KWG bytes; `distinct` on the result counts the sequences without repeats."""
        if layout is not None and layout not in CAPACITY:
            raise ValueError(f"unknown word-graph layout {layout!r} (kwg or kbwg)")
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


# -------------------------------------------------------------------- reading


def _tile_bytes(tiles) -> bytes | None:
    """Tile numbers as bytes, or None when one cannot be a tile (past 255)."""
    try:
        return bytes(tiles)
    except ValueError:
        return None


class Kwg:
    """A KWG file, memory-mapped read-only: pages are shared by every process that maps it.

    `Kwg.open(path)` reads the layout from the suffix (`.kwg`/`.dwg` or `.kbwg`/`.kbdwg`). Node
    access is by index; `root` is the first node of the DAWG's root list (0 for an empty word list).
    """

    def __init__(self, buffer, layout: str = KWG, *, name: str = "<bytes>", keep=None, validate: bool = False,
                 native: bool | None = None) -> None:
        if layout not in CAPACITY:
            raise ArtifactError(f"{name}: unknown word-graph layout {layout!r} (kwg or kbwg)")
        view = memoryview(buffer)
        if len(view) % 4 or len(view) < 4:
            raise ArtifactError(f"{name}: {len(view)} bytes is not a whole number of 4-byte nodes")
        core = _native.use_core(native)
        #: the compiled reader over the same bytes (None: the pure-Python reference)
        self.core = core.Graph(view, layout == KBWG) if core else None
        if sys.byteorder == "little":
            self.nodes = view.cast("I")
        else:  # a big-endian machine needs its own swapped copy
            words = array("I", bytes(view))
            words.byteswap()
            self.nodes = words
        self.layout = layout
        self.name = name
        self._keep = keep  # the mmap and file behind the view
        self._kbwg = layout == KBWG
        first = self.node(0)
        if first[0] != 0 or not first[2]:
            raise ArtifactError(f"{name}: node 0 is not the DAWG's root pointer (tile 0, is_end)")
        self.root = first[3]
        self.gaddag_root: int | None = None
        if len(self.nodes) > 1:
            second = self.node(1)
            if second[0] == 0 and second[2] and not second[1]:
                self.gaddag_root = second[3]
        if validate:
            self.validate()

    def validate(self) -> None:
        """Check the structure of bytes from an untrusted place: every arc inside the file, every
        sibling list ending before it does, and no cycles, so that every walk ends. An artifact's
        graph needs none of this: its checksum is verified against the manifest before it is read.
        (Every read of the compiled core checks its node indexes anyway: an unchecked file can
        fail a search with an ArtifactError, never read outside the file.)"""
        if self.core is not None:
            self.core.validate(self.name, self.gaddag_root or 0)
            return
        n = len(self.nodes)
        for index in range(n):
            _, _, _, arc = self.node(index)
            if arc >= n:
                raise ArtifactError(f"{self.name}: node {index} points to node {arc}, past the last ({n - 1})")
        if not self.node(n - 1)[2]:
            raise ArtifactError(f"{self.name}: the last sibling list runs past the end of the file")
        for index in range(n - 1):
            tile, _, is_end, _ = self.node(index)
            if not is_end and self.node(index + 1)[0] <= tile:
                raise ArtifactError(f"{self.name}: siblings at nodes {index} and {index + 1} are not in "
                                    f"increasing tile order")
        state: dict[int, int] = {}  # list start → 1 on the current path, 2 done
        starts = [s for s in (self.root, self.gaddag_root) if s]
        for start in starts:
            stack = [(start, iter(self._children(start)))]
            state[start] = 1
            while stack:
                current, children = stack[-1]
                child = next(children, None)
                if child is None:
                    state[current] = 2
                    stack.pop()
                elif state.get(child) == 1:
                    raise ArtifactError(f"{self.name}: the lists at nodes {current} and {child} form a cycle")
                elif child not in state:
                    state[child] = 1
                    stack.append((child, iter(self._children(child))))

    def _children(self, start: int) -> list[int]:
        return [arc for index, _ in self.siblings(start) if (arc := self.node(index)[3])]

    @classmethod
    def open(cls, path: str | Path) -> Kwg:
        """Map a word-graph file read-only (`.kwg`, `.dwg`, `.kbwg`, `.kbdwg`)."""
        path = Path(path)
        layout = LAYOUT_OF_SUFFIX.get(path.suffix, KWG)
        try:
            with path.open("rb") as fh:
                mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise ArtifactError(f"{path}: cannot map the word graph ({exc})") from None
        return cls(mapped, layout, name=str(path), keep=mapped)

    def __len__(self) -> int:
        return len(self.nodes)

    def node(self, index: int) -> tuple[int, bool, bool, int]:
        """(tile, accepts, is_end, arc index) of node `index`."""
        value = self.nodes[index]
        if self._kbwg:
            return value & 63, bool(value & 0x80), bool(value & 0x40), value >> 8
        return value >> 24, bool(value & 0x800000), bool(value & 0x400000), value & 0x3FFFFF

    def siblings(self, index: int) -> Iterator[tuple[int, int]]:
        """(node index, tile) of each node of the sibling list starting at `index` (0: none)."""
        if not index:
            return
        while True:
            tile, _, is_end, _ = self.node(index)
            yield index, tile
            if is_end:
                return
            index += 1

    def child(self, index: int, tile: int) -> int:
        """The node for `tile` in the list starting at `index`, or 0."""
        if not index:
            return 0
        nodes = self.nodes
        if self._kbwg:
            while True:
                value = nodes[index]
                if value & 63 == tile:
                    return index
                if value & 0x40 or value & 63 > tile:
                    return 0
                index += 1
        shifted = tile << 24
        while True:
            value = nodes[index]
            if value & 0xFF000000 == shifted:
                return index
            if value & 0x400000 or value > shifted | 0xFFFFFF:
                return 0
            index += 1

    def follow(self, tiles, start: int | None = None) -> int:
        """The node reached by reading `tiles` (tile numbers) from the root list, or 0."""
        if self.core is not None:
            sequence = _tile_bytes(tiles)
            return 0 if sequence is None else self.core.follow(sequence, start)
        index = self.root if start is None else start
        node = 0
        for tile in tiles:
            node = self.child(index, tile)
            if not node:
                return 0
            index = self.node(node)[3]
        return node

    def contains(self, tiles) -> bool:
        """Does the DAWG accept this sequence of tile numbers?"""
        if self.core is not None:
            sequence = _tile_bytes(tiles)
            return False if sequence is None else self.core.contains(sequence)
        tiles = list(tiles)
        if not tiles:
            return False
        node = self.follow(tiles)
        return bool(node) and self.node(node)[1]

    def rank(self, tiles) -> int:
        """The position (0, 1, …) of this sequence among the DAWG's words in tile order, or -1.

        The numbering is dense, so it can index a flat table of per-word data (a minimal perfect
        hash). Each node's count of the words reachable from it to the end of its sibling list is
        computed once (`word_counts`); a lookup adds the counts of the siblings it skips.
        """
        if self.core is not None:
            sequence = _tile_bytes(tiles)
            return -1 if sequence is None else self.core.rank(sequence)
        counts = self.word_counts()
        nodes = self.nodes
        accepts_bit = 0x80 if self._kbwg else 0x800000
        index, rank, node = self.root, 0, 0
        for tile in tiles:
            if node:
                if nodes[node] & accepts_bit:
                    rank += 1  # the word that ends here comes before every longer one
                index = self.node(node)[3]
            node = self.child(index, tile)
            if not node:
                return -1
            rank += counts[index] - counts[node]
        if not node or not nodes[node] & accepts_bit:
            return -1
        return rank

    def word_counts(self) -> array:
        """Per node: the words reachable through it and the siblings after it in its list."""
        counts = getattr(self, "_counts", None)
        if counts is None:
            counts = self._counts = _word_counts(self)
        return counts

    def words(self, start: int | None = None, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
        """Every sequence accepted from the list at `start` (the root), in tile order."""
        stack = [(self.root if start is None else start, prefix)]
        while stack:
            index, path = stack.pop()
            if not index:
                continue
            tile, accepts, is_end, arc = self.node(index)
            here = path + (tile,)
            if not is_end:
                stack.append((index + 1, path))
            if arc:
                stack.append((arc, here))
            if accepts:
                yield here

    # ------------------------------------------------------------------ word index

    def ranks(self, sequences) -> list[int]:
        """`rank` of each sequence, in one call."""
        if self.core is not None:
            return self.core.ranks(bytes(s) for s in sequences)
        return [self.rank(s) for s in sequences]

    def word_count(self) -> int:
        """How many words the DAWG holds."""
        if self.core is not None:
            return self.core.word_count()
        return self.word_counts()[self.root] if self.root else 0

    def close(self) -> None:
        """Unmap the file; the object is unusable afterwards."""
        if self.core is not None:
            self.core.release()
        if isinstance(self.nodes, memoryview):
            self.nodes.release()
        if self._keep is not None:
            self._keep.close()


def _word_counts(kwg: Kwg) -> array:
    """`Kwg.word_counts` for every node, children before parents: a list's counts need those of the
    lists its nodes point to, and lists may share tails, so the order is a depth-first post-order."""
    n = len(kwg.nodes)
    counts = array("Q", bytes(8 * n))
    done = bytearray(n)
    done[0] = 1  # node 0 (and 1 in a GADDAG file) are root pointers, never siblings of a word list
    for start in (kwg.root,):
        if not start or done[start]:
            continue
        stack = [start]
        while stack:
            index = stack[-1]
            if done[index]:
                stack.pop()
                continue
            _, accepts, is_end, arc = kwg.node(index)
            pending = [i for i in (arc, 0 if is_end else index + 1) if i and not done[i]]
            if pending:
                stack.extend(pending)
                continue
            counts[index] = accepts + (counts[arc] if arc else 0) + (0 if is_end else counts[index + 1])
            done[index] = 1
            stack.pop()
    return counts
