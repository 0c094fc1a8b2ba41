"""The minimal acyclic automaton (DAWG) over tile sequences, and the GADDAG beside it.

A word is a `bytes` of tile numbers (1..63, the alphabet's order); 0 is the GADDAG separator
(lexicon.graph.format has the contract, which `build` enforces as the compiled builder does).
The builder is the incremental construction from sorted input (Daciuk, Mihov, Watson and
Watson, 2000): words arrive in order, and when a word leaves the previous word's path, the
nodes it leaves can never change again, so each is replaced by an equal node already known
or registered as new. Every node is checked once, so the automaton is minimal as it is built.

A node is stored the way KWG stores it: as a chain of *arcs*, one per outgoing tile in tile
order, each arc `(tile, accepts, target, next)`, `next` being the rest of the sibling list.
Arcs are hash-consed, so two sibling lists that end alike share that tail, and two nodes with
the same right language are one chain. State 0 is the empty list (no children).

    >>> g = build([b"\\x01\\x02", b"\\x01\\x02\\x03"])
    >>> sorted(g.words())
    [b'\\x01\\x02', b'\\x01\\x02\\x03']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .format import SEPARATOR, check_sequence

# An arc packed in one integer: tile | ACCEPTS | target << TARGET_SHIFT | next << NEXT_SHIFT.
ACCEPTS = 1 << 6
TARGET_SHIFT = 7
NEXT_SHIFT = 7 + 32
TARGET_MASK = (1 << 32) - 1


@dataclass(frozen=True)
class Graph:
    """A built automaton: `arcs[i]` is arc i packed as tile | accepts << 6 | target << 7 | next << 39."""

    arcs: list[int]
    dawg_root: int
    gaddag_root: int | None = None

    def siblings(self, state: int) -> Iterator[int]:
        """The arcs of the sibling list that starts at `state`, in tile order."""
        while state:
            arc = self.arcs[state]
            yield arc
            state = arc >> NEXT_SHIFT

    def words(self, state: int | None = None) -> Iterator[bytes]:
        """Every sequence accepted from `state` (the DAWG root by default), in tile order."""

        def walk(head: int, prefix: bytes) -> Iterator[bytes]:
            for arc in self.siblings(head):
                word = prefix + bytes((arc & 63,))
                if arc & ACCEPTS:
                    yield word
                target = (arc >> TARGET_SHIFT) & TARGET_MASK
                if target:
                    yield from walk(target, word)

        return walk(self.dawg_root if state is None else state, b"")

    def __len__(self) -> int:
        return len(self.arcs)


def build(words: Iterable[bytes], *, gaddag: bool = False) -> Graph:
    """The minimal DAWG of `words` (any order, duplicates allowed); with `gaddag`, the GADDAG too."""
    words = list(words)
    for number, word in enumerate(words):
        check_sequence(word, number)
    ordered = sorted(words)  # a list in key order is nearly sorted already: timsort is quick
    builder = _Builder()
    dawg_root = builder.run(ordered)
    if not gaddag:
        return Graph(builder.arcs, dawg_root)
    sequences, targets = _gaddag_entries(Graph(builder.arcs, dawg_root))
    gaddag_root = builder.run(sequences, targets)
    return Graph(builder.arcs, dawg_root, gaddag_root)


class _Builder:
    """Hash-consed arcs shared by every automaton built with it (the GADDAG reuses the DAWG's)."""

    def __init__(self) -> None:
        self.arcs: list[int] = [0]
        self.registry: dict[int, int] = {0: 0}
        self.tails: dict[bytes, int] = {}

    def _register(self, level: list[int]) -> int:
        """The state for a finished sibling list: the chain of its arcs, each found or added."""
        arcs, registry = self.arcs, self.registry
        head = 0
        for partial in reversed(level):
            key = partial | head << NEXT_SHIFT
            found = registry.get(key)
            if found is None:
                found = registry[key] = len(arcs)
                arcs.append(key)
            head = found
        return head

    def _tail(self, tiles: bytes, target: int) -> int:
        """The state whose only path is `tiles`, ending in an accepting arc (target 0) or in an
        arc to `target`. Such single-path tails are where most of a word list's nodes are."""
        if not target:
            found = self.tails.get(tiles)
            if found is not None:
                return found
        rest = tiles[1:]
        if rest:
            key = tiles[0] | self._tail(rest, target) << TARGET_SHIFT
        else:
            key = tiles[0] | (target << TARGET_SHIFT if target else ACCEPTS)
        head = self.registry.get(key)
        if head is None:
            head = self.registry[key] = len(self.arcs)
            self.arcs.append(key)
        if not target:
            self.tails[tiles] = head
        return head

    def run(self, sequences: list[bytes], targets: list[int] | None = None) -> int:
        """Build from sorted `sequences` (duplicates are skipped); return the root state.

        Without `targets` every sequence is a word (its last arc accepts). A nonzero
        `targets[i]` is a state the last arc of sequence i points to instead (a GADDAG `…@`
        entry continuing into the DAWG).
        """
        common_prefixes = _common_prefixes(sequences)
        if targets is None:
            targets = [0] * len(sequences)
        # levels[d] holds the arcs, so far, of the node reached after d tiles of the previous
        # entry, each as tile | accepts | target; the last arc of a level waits for its target.
        levels: list[list[int]] = [[]]
        arcs, registry, register, tail, tails = self.arcs, self.registry, self._register, self._tail, self.tails
        depth = 0
        for i, word in enumerate(sequences):
            common = common_prefixes[i]
            if common == len(word):
                continue  # the same sequence again
            target = targets[i]
            while depth > common:
                level = levels.pop()
                depth -= 1
                if not level:
                    continue  # a leaf: its arc keeps target 0
                if len(level) == 1:  # most nodes have one child: register it inline
                    head = registry.get(level[0])
                    if head is None:
                        head = registry[level[0]] = len(arcs)
                        arcs.append(level[0])
                else:
                    head = register(level)
                levels[depth][-1] |= head << TARGET_SHIFT
            # Beyond its common prefix with the next entry, only this entry passes: that part is
            # a single path, built at once (and shared) instead of level by level.
            split = common_prefixes[i + 1]
            if split < common:
                split = common
            if split < len(word):
                if split > common:
                    levels[depth].append(word[common])
                    levels.extend([[t] for t in word[common + 1:split]])
                    levels.append([])
                    depth += split - common
                rest = word[split + 1:]
                if rest:
                    head = None if target else tails.get(rest)  # most tails are known already
                    if head is None:
                        head = tail(rest, target)
                    levels[depth].append(word[split] | head << TARGET_SHIFT)
                elif target:
                    levels[depth].append(word[split] | target << TARGET_SHIFT)
                else:
                    levels[depth].append(word[split] | ACCEPTS)
            else:  # the next entry extends this word: its last node stays open
                levels[depth].append(word[common])
                levels.extend([[t] for t in word[common + 1:]])
                depth += len(word) - common - 1
                levels[depth][-1] |= ACCEPTS
                levels.append([])
                depth += 1
        while depth > 0:
            level = levels.pop()
            depth -= 1
            if level:
                levels[depth][-1] |= register(level) << TARGET_SHIFT
        return register(levels[0])


def _common_prefixes(words: list[bytes]) -> list[int]:
    """out[i] = length of the common prefix of words[i-1] and words[i]; out[0] = out[n] = 0."""
    width = max(map(len, words), default=0)
    out = []
    previous, previous_length = 0, 0
    for word in words:
        # The first differing byte of the two padded big-endian integers, found by XOR: much
        # faster than comparing byte by byte in Python. The padding is 0, like the GADDAG's
        # separator, so the result is capped at the shorter length.
        current, length = int.from_bytes(word.ljust(width, b"\0"), "big"), len(word)
        common = (width * 8 - (current ^ previous).bit_length()) >> 3
        out.append(min(common, length, previous_length))
        previous, previous_length = current, length
    if out:
        out[0] = 0
    out.append(0)
    return out


def _gaddag_entries(dawg: Graph) -> tuple[list[bytes], list[int]]:
    """The GADDAG's sequences, sorted: CARE gives ERAC (a word) and RAC@, AC@, C@, each of which
    points at the DAWG state after CAR, CA and C, so the rest of the word is read forwards there."""
    entries: list[tuple[bytes, int]] = []
    separator = bytes((SEPARATOR,))
    for prefix, arc in _paths(dawg):
        reverse = prefix[::-1]
        if arc & ACCEPTS:
            entries.append((reverse, 0))
        target = (arc >> TARGET_SHIFT) & TARGET_MASK
        if target:
            entries.append((reverse + separator, target))
    entries.sort()
    return [e[0] for e in entries], [e[1] for e in entries]


def _paths(graph: Graph) -> Iterator[tuple[bytes, int]]:
    """Every path from the DAWG root (each distinct prefix once) with the arc that ends it."""
    arcs = graph.arcs
    stack = [(graph.dawg_root, b"")]
    while stack:
        state, prefix = stack.pop()
        while state:
            arc = arcs[state]
            path = prefix + bytes((arc & 63,))
            yield path, arc
            target = (arc >> TARGET_SHIFT) & TARGET_MASK
            if target:
                stack.append((target, path))
            state = arc >> NEXT_SHIFT
