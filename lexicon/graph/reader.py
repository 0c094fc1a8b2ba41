"""Reading a KWG file through a memory map (lexicon.graph.format has the layout).

`Kwg` reads with the compiled core (lexicon/graph/core) unless LEXICON_PURE_PYTHON=1
(lexicon.graph.native) selects the pure-Python walk here, the reference the tests compare the core
against: the same answers, and the same ArtifactError with the same message on damaged bytes.
"""

from __future__ import annotations

import mmap
import sys
from array import array
from collections.abc import Iterator
from pathlib import Path

from ..errors import ArtifactError
from .format import CAPACITY, KBWG, KWG, LAYOUT_OF_SUFFIX, MAX_LENGTH, MAX_TILE
from .native import use_core


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
        core = use_core(native)
        try:
            #: the compiled reader over the same bytes (None: the pure-Python reference)
            self.core = core.Graph(view, layout == KBWG) if core else None
        except ArtifactError as exc:
            raise ArtifactError(f"{name}: {exc}") from None
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
        """Check the structure of bytes from an untrusted place: every arc inside the file and every
        tile 0..63, every sibling list ending before the file does and in tile order, no cycle, no list
        that leads to no word and no path longer than MAX_LENGTH tiles, so that every walk ends and
        listing words costs at most a path per word. An artifact's graph needs none of
        this: its checksum is verified against the manifest before it is read. (Every read of the
        compiled core checks its node indexes anyway: an unchecked file can fail a search with an
        ArtifactError, never read outside the file.)"""
        if self.core is not None:
            self.core.validate(self.name)
            return
        n = len(self.nodes)
        for index in range(n):
            tile, _, _, arc = self.node(index)
            if arc >= n:
                raise ArtifactError(f"{self.name}: node {index} points to node {arc}, past the last ({n - 1})")
            if tile > MAX_TILE:
                raise ArtifactError(f"{self.name}: node {index} has tile {tile}; tiles are 0 to {MAX_TILE}")
        if not self.node(n - 1)[2]:
            raise ArtifactError(f"{self.name}: the last sibling list runs past the end of the file")
        for index in range(n - 1):
            tile, _, is_end, _ = self.node(index)
            if not is_end and self.node(index + 1)[0] <= tile:
                raise ArtifactError(f"{self.name}: siblings at nodes {index} and {index + 1} are not in "
                                    f"increasing tile order")
        state: dict[int, int] = {}  # list start → 1 on the current path, 2 done
        height: dict[int, int] = {}  # a done list → the longest path from it
        for which, start, longest in (("DAWG", self.root, MAX_LENGTH), ("GADDAG", self.gaddag_root, MAX_LENGTH + 1)):
            if not start or start in state:
                continue
            stack = [(start, iter(self._children(start)))]
            state[start] = 1
            while stack:
                current, children = stack[-1]
                child = next(children, None)
                if child is None:
                    if not any(self.node(i)[1] or height.get(self.node(i)[3]) for i, _ in self.siblings(current)):
                        raise ArtifactError(f"{self.name}: the list at node {current} leads to no word")
                    height[current] = min(0xFFFF, max([1] + [height[a] + 1 for a in self._children(current)]))
                    state[current] = 2
                    stack.pop()
                elif state.get(child) == 1:
                    raise ArtifactError(f"{self.name}: the lists at nodes {current} and {child} form a cycle")
                elif child not in state:
                    state[child] = 1
                    stack.append((child, iter(self._children(child))))
            if height[start] > longest:  # a GADDAG path is a word's tiles and the separator
                raise ArtifactError(f"{self.name}: the {which} has a path of more than {longest} tiles")

    def _children(self, start: int) -> list[int]:
        return [arc for index, _ in self.siblings(start) if (arc := self.node(index)[3])]

    @classmethod
    def open(cls, path: str | Path, *, native: bool | None = None) -> Kwg:
        """Map a word-graph file read-only (`.kwg`, `.dwg`, `.kbwg`, `.kbdwg`)."""
        path = Path(path)
        layout = LAYOUT_OF_SUFFIX.get(path.suffix, KWG)
        try:
            with path.open("rb") as fh:
                mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise ArtifactError(f"{path}: cannot map the word graph ({exc})") from None
        return cls(mapped, layout, name=str(path), keep=mapped, native=native)

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
