"""Searching a word graph: anagrams of a rack, patterns, prefixes, hooks.

Every search walks the KWG's DAWG depth-first in tile order, so results come sorted by their
tile numbers (for Swedish wolges' order: A…Y Ü Z Å Ä Æ Ö) and a caller can stop after any
number. A DAWG shares its tails, so many paths reach the same sibling list in the same search
state; a pattern remembers a list that yielded nothing in a state and does not walk it again (an
anagram's rack bounds its walk). Each search also has a budget of visited lists and raises
LimitExceeded (code too-costly) past it.

The walks run in the compiled core (lexicon.graph._core) when the KWG was opened with it; the
pure-Python walk here is the reference it reproduces, result for result and visit for visit.

Input, in letters and tile notation (lexicon.tiling), normalised like words:
- rack: read as a board row is (lexicon.play.board, POST /play and /moves): `?` is a blank, each
  plain letter is one tile, a tile of several letters is written in brackets. So `HÁZSOR` is
  H Á Z S O R, `HÁ[ZS]OR` is H Á ZS O R and `A[SZ]` is A SZ; a letter that is no tile by itself
  (Hungarian Y, only in GY LY NY TY) is refused, naming the tiles it is part of. A JSON array of
  tiles (`["A","?","SZ"]`) is exact. Every door reads a rack so, and the hits show its tiles.
- pattern: `?` is any one tile, `*` any run of tiles (also none); letters match every tiling
  they allow (`SZ` matches the tile SZ and the tiles S Z), a bracketed tile only itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .alphabet import Alphabet
from .errors import InputError, LimitExceeded
from .graph import KBWG, Kwg, native
from .tiling import DoubledDigraphs, notation_tilings, parse_notation, parse_tile_list, quoted, spell

# The bounds are the C core's (lexicon/graph/core/lexicon/tl_lexicon.h), which the service and its page read too:
# racks longer than a board row make no sense and make sub-anagram searches large; pattern text longer than
# MAX_PATTERN_CHARS is refused before any work; MAX_VISITS sibling lists is about 30 ms of the compiled walk, so a
# search that cannot finish costs a bounded, small share of a worker (a whole-lexicon pattern of sv-dsso enters 1 M).
MAX_RACK_CHARS = native.MAX_RACK_CHARS  # as asked through the service
MAX_RACK_TILES = native.MAX_RACK_TILES
MAX_BLANKS = native.MAX_RACK_BLANKS
MAX_PATTERN_CHARS = native.MAX_PATTERN_CHARS
MAX_VISITS = native.MAX_SEARCH_VISITS
BLANK = "?"
ANY_TILE = "?"
ANY_RUN = "*"
PATTERN_ADVICE = "make the pattern more specific"
# A pattern's tokens as the compiled core takes them (tile numbers stay as they are).
_CORE_TOKENS: dict[Any, int] = {ANY_TILE: -1, ANY_RUN: -2, None: -3}


@dataclass(frozen=True, slots=True)
class Match:
    """One result: the word in letters, its tiles, and which positions a blank plays (anagrams)."""

    word: str
    tiles: tuple[str, ...]
    blanks: tuple[int, ...] = ()


def single_letter_problem(letter: str, alphabet: Alphabet) -> str:
    """Why a rack's plain letter is no tile: it is one only as part of a tile of several letters."""
    part_of = [f"[{m}]" for m in alphabet.multi if letter in m]
    if part_of:
        return (f"{quoted(letter)} is no tile of {alphabet.name} by itself: a tile of several letters is written in "
                f"brackets ({', '.join(part_of)})")
    return f"{quoted(letter)} is not a tile of {alphabet.name}"


class Search:
    """Searches over one KWG and its alphabet: `Search(kwg, alphabet, normalizer.key)`."""

    def __init__(self, kwg: Kwg, alphabet: Alphabet, normalize, policy=DoubledDigraphs.AS_WRITTEN, *,
                 max_visits: int = MAX_VISITS, words=None) -> None:
        self.kwg = kwg
        self.alphabet = alphabet
        self.normalize = normalize
        self.policy = DoubledDigraphs(policy)
        self.max_visits = max_visits
        self.number = {t.letter: t.number for t in alphabet.tiles}
        self.letter = {t.number: t.letter for t in alphabet.tiles}
        # the compiled graph, or None: the pure-Python walk; or, for a lexicon with a compiled word rule, the C
        # library's walk of every word it takes (lexicon.graph._core.Words): the same methods, the rule's words too
        self._core = words if words is not None else kwg.core
        self._words = words
        if kwg.layout == KBWG:
            self._shape = (0, 0x80, 0x40, 8, 0xFFFFFF)
        else:
            self._shape = (24, 0x800000, 0x400000, 0, 0x3FFFFF)

    # ------------------------------------------------------------------ membership

    def contains(self, tiles: Sequence[str]) -> bool:
        """Is this exact tile sequence a word? Unknown tiles give False."""
        try:
            numbers = [self.number[t] for t in tiles]
        except KeyError:
            return False
        if self._words is not None:
            return self._words.contains(bytes(numbers))
        return self.kwg.contains(numbers)

    def words(self) -> Iterator[Match]:
        """Every tile sequence of the DAWG, in tile order."""
        for numbers in self.kwg.words():
            yield self._match(numbers)

    # ------------------------------------------------------------------ anagrams

    def anagrams(self, rack: str, *, sub: bool = False, min_tiles: int = 1) -> Iterator[Match]:
        """Words using every tile of `rack` (with `sub`, any of them, at least `min_tiles`)."""
        counts, blanks = self.parse_rack(rack)
        min_tiles = max(1, min_tiles)
        if self._core is not None:
            rack_counts = bytearray(64)
            for number, n in counts.items():
                rack_counts[number] = n
            walk = self._core.anagrams(bytes(rack_counts), blanks, sub, min_tiles, self.max_visits,
                                       self._limit_message("use fewer blanks or a shorter rack"))
            for path in walk:
                yield self._match(path, _blanks(path, counts))
            return
        # The rack as one integer: four bits of count per tile number, the blanks as tile 0, and
        # a high bit so that no rack state is 0 (0 means "no way on" to the walk).
        empty = 1 << 4 * 64
        state = empty | blanks
        for number, n in counts.items():
            state += n << (number << 2)

        def step(state: int, tile: int) -> int:
            shift = tile << 2
            if (state >> shift) & 15:  # a tile of its own first, a blank only when none is left
                return state - (1 << shift)
            return state - 1 if state & 15 else 0

        if sub:
            accepts = lambda state, depth: depth >= min_tiles  # noqa: E731
        else:
            accepts = lambda state, depth: state == empty  # noqa: E731
        for path in self._walk(state, step, accepts, empty, "use fewer blanks or a shorter rack", remember=False):
            yield self._match(path, _blanks(path, counts))

    def parse_rack(self, rack: str) -> tuple[dict[int, int], int]:
        """A rack as {tile number: count} and a blank count (module docstring has the rules)."""
        text = rack.strip()
        if len(text) > 4 * MAX_RACK_TILES:
            raise InputError(f"the rack is {len(text)} characters long; the limit is {4 * MAX_RACK_TILES}",
                             code="bad-rack")
        tiles: list[str] = []
        blanks = 0
        if '"' in text:
            try:
                items = [item for item, _ in parse_tile_list(text)]
            except InputError as exc:
                raise InputError(str(exc), position=exc.position, code="bad-rack") from None
            for i, item in enumerate(items):
                if item.strip() == BLANK:
                    blanks += 1
                else:
                    tile = self._tile(item, i)
                    tiles.append(tile)
        else:
            position = 0
            for piece in re.split(r"(\?)", text):
                if piece == BLANK:
                    blanks += 1
                elif piece.strip():
                    tiles.extend(self._cut(piece, position))
                position += len(piece)
        if not tiles and not blanks:
            raise InputError("the rack is empty", position=0, code="bad-rack")
        if blanks > MAX_BLANKS:
            raise InputError(f"the rack has {blanks} blanks; the limit is {MAX_BLANKS}", code="bad-rack")
        if len(tiles) + blanks > MAX_RACK_TILES:
            raise InputError(f"the rack has {len(tiles) + blanks} tiles; the limit is {MAX_RACK_TILES}",
                             code="bad-rack")
        counts: dict[int, int] = {}
        for tile in tiles:
            counts[self.number[tile]] = counts.get(self.number[tile], 0) + 1
        return counts, blanks

    def _tile(self, text: str, position: int) -> str:
        try:
            tile = self.normalize(text)
        except InputError:
            tile = None
        if tile not in self.number:
            raise InputError(f"{quoted(text[:20])} (item {position}) is not a tile of {self.alphabet.name}",
                             position=position, code="bad-rack")
        return tile

    def _cut(self, piece: str, offset: int) -> list[str]:
        """The tiles of a run of the rack: its bracketed tiles, and each plain letter a tile by itself."""
        try:
            segments = parse_notation(piece, self.alphabet, self.normalize)
        except InputError as exc:
            where = offset + (exc.position or 0)
            context = f" (in the part of the rack from position {offset})" if offset else ""
            raise InputError(f"{exc}{context}", position=where, code="bad-rack") from None
        out: list[str] = []
        for segment in segments:
            if segment.fixed:
                out.append(segment.text)
                continue
            for letter in segment.text:
                if letter not in self.alphabet:
                    raise InputError(single_letter_problem(letter, self.alphabet), position=offset, code="bad-rack")
                out.append(letter)
        return out

    # ------------------------------------------------------------------ patterns

    def matches(self, pattern: str) -> Iterator[Match]:
        """Words matching `pattern`: `?` one tile, `*` any run, letters and [tiles] themselves."""
        return self._run(_Pattern.compile(self, pattern))

    def min_tiles(self, pattern: str) -> int:
        """The fewest tiles a word matching `pattern` has: a pattern longer than every word of a
        lexicon is answered without a walk."""
        fewest, count = None, 0
        for token in _Pattern.compile(self, pattern).tokens:
            if token is None:
                fewest = count if fewest is None else min(fewest, count)
                count = 0
            elif token != ANY_RUN:
                count += 1
        return fewest or 0

    def prefixed(self, prefix: str) -> Iterator[Match]:
        """Words that start with `prefix` (letters or tile notation), the prefix itself included."""
        if ANY_TILE in prefix or ANY_RUN in prefix:
            raise InputError("a prefix has no wildcards; use a pattern for those", code="bad-pattern")
        return self._run(_Pattern.compile(self, prefix + ANY_RUN))

    def _run(self, pattern: _Pattern) -> Iterator[Match]:
        if self._core is not None:
            tokens = [_CORE_TOKENS.get(t, t) for t in pattern.tokens]  # type: ignore[arg-type]
            for path in self._core.pattern(tokens, self.max_visits, self._limit_message(PATTERN_ADVICE)):
                yield self._match(path)
            return
        final = pattern.final
        for path in self._walk(pattern.start, pattern.step, lambda state, depth: state & final, None,
                               PATTERN_ADVICE, remember=True):
            yield self._match(path)

    def _walk(self, start: int, step, accepts, stop: int | None, advice: str, *,
              remember: bool) -> Iterator[list[int]]:
        """Depth-first over the DAWG in tile order, carrying a search state (nonzero) along.

        `step(state, tile)` is the state after reading a tile (0: not this way); a path is
        yielded when its last node accepts and `accepts(state, depth)` says so; `stop` is a
        state with no way on. With `remember`, a sibling list that yielded nothing in a state is
        remembered, so lists shared by many paths are walked once per state (patterns; an
        anagram's rack bounds its walk, and the compiled walk keeps no memo for it either).
        Yields the live path: copy it.
        """
        nodes = self.kwg.nodes
        tile_shift, accepts_bit, end_bit, arc_shift, arc_mask = self._shape
        path: list[int] = []
        dead: set[tuple[int, int]] = set()
        budget = [self.max_visits]

        def walk(index: int, state: int) -> Iterator[list[int]]:
            while True:
                value = nodes[index]
                tile = (value >> tile_shift) & 63
                after = step(state, tile)
                if after:
                    path.append(tile)
                    if value & accepts_bit and accepts(after, len(path)):
                        yield path
                    arc = (value >> arc_shift) & arc_mask
                    if arc and after != stop and not (remember and (after, arc) in dead):
                        budget[0] -= 1
                        if budget[0] < 0:
                            raise LimitExceeded(self._limit_message(advice), code="too-costly")
                        found = False
                        for found_path in walk(arc, after):
                            found = True
                            yield found_path
                        if not found and remember:
                            dead.add((after, arc))
                    path.pop()
                if value & end_bit:
                    return
                index += 1

        if self.kwg.root:
            yield from walk(self.kwg.root, start)

    def _limit_message(self, advice: str) -> str:
        return f"the search visited more than {self.max_visits:,} lists; {advice}"

    # ------------------------------------------------------------------ hooks

    def hooks(self, word: str) -> dict[str, Any]:
        """Tiles that make a word when laid before (`front`) or after (`back`) `word`.

        `word` is letters or tile notation; every cut of it is tried and the hooks merged.
        """
        segments = parse_notation(word, self.alphabet, self.normalize)
        cuts = notation_tilings(segments, self.alphabet, self.policy)
        front: set[int] = set()
        back: set[int] = set()
        kwg = self.kwg
        for cut in cuts:
            numbers = [self.number[t] for t in cut]
            if self._core is not None:
                before, after = self._core.hooks(bytes(numbers))
                front.update(before)
                back.update(after)
                continue
            end = kwg.follow(numbers)
            if end:
                for index, tile in kwg.siblings(kwg.node(end)[3]):
                    if kwg.node(index)[1]:
                        back.add(tile)
            for index, tile in kwg.siblings(kwg.root):
                node = kwg.follow(numbers, start=kwg.node(index)[3])
                if node and kwg.node(node)[1]:
                    front.add(tile)
        return {"word": "".join(s.text for s in segments), "tilings": [list(c) for c in cuts],
                "front": [self.letter[t] for t in sorted(front)], "back": [self.letter[t] for t in sorted(back)]}

    # ------------------------------------------------------------------ results

    def _match(self, numbers: Sequence[int], blanks: Sequence[int] = ()) -> Match:
        tiles = tuple(self.letter[n] for n in numbers)
        return Match(spell(tiles, self.policy), tiles, tuple(blanks))


def _blanks(path: Sequence[int], counts: dict[int, int]) -> tuple[int, ...]:
    """Where a blank plays: every tile beyond the rack's own, the earliest positions natural first."""
    left = dict(counts)
    out = []
    for i, tile in enumerate(path):
        if left.get(tile, 0):
            left[tile] -= 1
        else:
            out.append(i)
    return tuple(out)


class _Pattern:
    """A pattern as a small NFA over tile numbers; a state is a bit set of pattern positions.

    Each way to cut the pattern's letters is one alternative: a token list ending in an accept
    position. Tokens are a tile number, ANY_TILE or ANY_RUN; a run may also match nothing, so
    a state always includes the position after a run it is at (the closure).
    """

    def __init__(self, tokens: list[int | str | None]) -> None:
        self.tokens = tokens  # None marks an alternative's accept position
        self.final = sum(1 << i for i, t in enumerate(tokens) if t is None)
        starts, position = [], 0
        for i, token in enumerate(tokens):
            if token is None:
                starts.append(position)
                position = i + 1
        self.start = self._closure(sum(1 << p for p in starts))
        self._steps: dict[int, int] = {}

    @classmethod
    def compile(cls, search: Search, text: str) -> _Pattern:
        query = text.strip()
        if not query:
            raise InputError("the pattern is empty", position=0, code="bad-pattern")
        if len(query) > MAX_PATTERN_CHARS:
            raise InputError(f"the pattern is {len(query)} characters long; the limit is {MAX_PATTERN_CHARS}",
                             code="bad-pattern")
        parts: list[list[list[int | str]]] = []  # per piece, its alternatives
        position = 0
        for piece in re.split(r"([?*])", query):
            if piece in (ANY_TILE, ANY_RUN):
                if not (piece == ANY_RUN and parts and parts[-1] == [[ANY_RUN]]):  # ** is *
                    parts.append([[piece]])
            elif piece.strip():
                try:
                    segments = parse_notation(piece, search.alphabet, search.normalize)
                    cuts = notation_tilings(segments, search.alphabet, search.policy)
                except InputError as exc:
                    where = position + (exc.position or 0)
                    context = f" (in the part of the pattern from position {position})" if position else ""
                    raise InputError(f"{exc}{context}", position=where, code="bad-pattern") from None
                if not cuts:
                    raise InputError(f"{quoted(piece.strip())} at position {position} cannot be cut into "
                                     f"{search.alphabet.name}'s tiles", position=position, code="bad-pattern")
                parts.append([[search.number[t] for t in cut] for cut in cuts])
            position += len(piece)
        alternatives: list[list[int | str]] = [[]]
        for options in parts:
            alternatives = [a + o for a in alternatives for o in options]
            if len(alternatives) > 64:
                raise InputError("the pattern's letters can be cut into tiles in too many ways; "
                                 "bracket the tiles you mean", position=0, code="bad-pattern")
        tokens: list[int | str | None] = []
        for alternative in alternatives:
            tokens.extend(alternative)
            tokens.append(None)
        return cls(tokens)

    def _closure(self, state: int) -> int:
        tokens = self.tokens
        position = 0
        while state >> position:
            if state >> position & 1 and tokens[position] == ANY_RUN:
                state |= 1 << (position + 1)
            position += 1
        return state

    def step(self, state: int, tile: int) -> int:
        """The state after reading `tile` (0: no way on); cached, as searches revisit states."""
        key = state << 6 | tile
        after = self._steps.get(key)
        if after is None:
            tokens = self.tokens
            after = 0
            position = 0
            while state >> position:
                if state >> position & 1:
                    token = tokens[position]
                    if token == ANY_RUN:
                        after |= 1 << position
                    elif token == tile or token == ANY_TILE:
                        after |= 1 << (position + 1)
                position += 1
            after = self._steps[key] = self._closure(after)
        return after
