"""Tiling: the ways to cut a normalised word into a game's tiles, and the tile notation.

A Hungarian word can have several cuts: `HÁZSOR` is H Á ZS O R or H Á Z S O R. Which one is
right needs lexicon knowledge (ház+sor), so this module lists every cut and picks a
deterministic *preferred* one (the longest tile first at each position, among cuts that
complete); choosing by evidence is the pipeline's job.

Doubled digraphs: Hungarian writes a long digraph shortened (`asszony` is sz+sz). The
`as-written` policy lays out the letters as written (A S SZ O NY); the `pronounced` policy also
allows the doubled layout (A SZ SZ O NY) and prefers it.

Tile notation: letters outside brackets leave their cut open, a bracketed group is exactly one
tile. `HÁ[Z][S]OR` and `[H][Á][Z][S][O][R]` both name one exact cut; a JSON array of tiles
(`["H","Á","Z","S","O","R"]`) is accepted too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product

from .alphabet import Alphabet
from .errors import InputError, LimitExceeded

Tiling = tuple[str, ...]

#: More cuts than this for one word means the input is not a word (a flood of SZSZSZ…).
MAX_TILINGS = 4096


class DoubledDigraphs(StrEnum):
    AS_WRITTEN = "as-written"
    PRONOUNCED = "pronounced"


def tilings(key: str, alphabet: Alphabet, policy: DoubledDigraphs | str = DoubledDigraphs.AS_WRITTEN,
            *, limit: int = MAX_TILINGS) -> list[Tiling]:
    """Every cut of `key` into tiles, preferred first: `tilings("HÁZSOR", hu)` has two."""
    if not alphabet.multi_re.search(key):
        # No multi-letter tile occurs in the key (every Swedish word): the one cut is letter by letter.
        return [tuple(key)] if all(ch in alphabet for ch in key) else []
    steps = _steps(key, alphabet, DoubledDigraphs(policy))
    count = _count(steps, len(key))
    if count > limit:
        raise LimitExceeded(f"{quoted(key[:40])}{'…' if len(key) > 40 else ''} has more than {limit} tilings "
                            f"(the limit); it is not a word")
    out: list[Tiling] = []

    def walk(pos: int, acc: list[str]) -> None:
        if pos == len(key):
            out.append(tuple(acc))
            return
        for consumed, tiles in steps[pos]:
            acc.extend(tiles)
            walk(pos + consumed, acc)
            del acc[len(acc) - len(tiles):]

    if count:
        walk(0, [])
    return out


def preferred_tiling(key: str, alphabet: Alphabet,
                     policy: DoubledDigraphs | str = DoubledDigraphs.AS_WRITTEN) -> Tiling | None:
    """The deterministic preferred cut (longest tile first where the rest still completes), or None."""
    if not alphabet.multi_re.search(key):  # no multi-letter tile occurs: letter by letter, if at all
        return tuple(key) if all(ch in alphabet for ch in key) else None
    steps = _steps(key, alphabet, DoubledDigraphs(policy))
    completes = _completes(steps, len(key))
    if not completes[0]:
        return None
    out: list[str] = []
    pos = 0
    while pos < len(key):
        consumed, tiles = next(s for s in steps[pos] if completes[pos + s[0]])
        out.extend(tiles)
        pos += consumed
    return tuple(out)


def fewest_tiles(key: str, alphabet: Alphabet) -> int:
    """The fewest tiles any cut of `key` can have, counting a letter no tile spells as one: a lower
    bound on a word's length in the game, cheap enough to bound millions of candidate forms.

    Where every multi-letter tile has two letters (Hungarian), the most non-overlapping digraphs a
    left-to-right scan finds is the most any cut uses, so one regex scan answers; otherwise a
    shortest-path count over the positions does.
    """
    multi = alphabet.multi
    if not multi:
        return len(key)
    if all(len(m) == 2 for m in multi):
        return len(key) - len(alphabet.multi_re.findall(key))
    best = [0] * (len(key) + 1)
    for pos in range(len(key) - 1, -1, -1):
        best[pos] = 1 + min([best[pos + 1]] + [best[pos + len(m)] for m in multi if key.startswith(m, pos)])
    return best[0]


def spell(tiles: Iterable[str], policy: DoubledDigraphs | str = DoubledDigraphs.AS_WRITTEN) -> str:
    """The letters a tile sequence spells; under `pronounced`, SZ SZ spells SSZ (asszony)."""
    tiles = list(tiles)
    if DoubledDigraphs(policy) is DoubledDigraphs.AS_WRITTEN:
        return "".join(tiles)
    out: list[str] = []
    i = 0
    while i < len(tiles):
        tile = tiles[i]
        if len(tile) > 1 and i + 1 < len(tiles) and tiles[i + 1] == tile:
            out.append(tile[0] + tile)  # a long digraph is written shortened
            i += 2
        else:
            out.append(tile)
            i += 1
    return "".join(out)


# A step at a position: (characters consumed, tiles emitted), longest first so that the first
# completing step is the preferred one.
Step = tuple[int, tuple[str, ...]]


def _steps(key: str, alphabet: Alphabet, policy: DoubledDigraphs) -> list[list[Step]]:
    steps: list[list[Step]] = []
    for pos in range(len(key)):
        here: list[Step] = []
        if policy is DoubledDigraphs.PRONOUNCED:
            for multi in alphabet.multi:
                written = multi[0] + multi
                if key.startswith(written, pos):
                    here.append((len(written), (multi, multi)))
        for size in range(min(alphabet.longest, len(key) - pos), 0, -1):
            piece = key[pos:pos + size]
            if piece in alphabet:
                here.append((size, (piece,)))
        steps.append(sorted(here, key=lambda s: -s[0]))
    return steps


def _completes(steps: list[list[Step]], n: int) -> list[bool]:
    ok = [False] * (n + 1)
    ok[n] = True
    for pos in range(n - 1, -1, -1):
        ok[pos] = any(ok[pos + consumed] for consumed, _ in steps[pos])
    return ok


def _count(steps: list[list[Step]], n: int) -> int:
    ways = [0] * (n + 1)
    ways[n] = 1
    for pos in range(n - 1, -1, -1):
        ways[pos] = min(sum(ways[pos + consumed] for consumed, _ in steps[pos]), 1 << 62)
    return ways[0]


# ---------------------------------------------------------------- tile notation


@dataclass(frozen=True, slots=True)
class Segment:
    """Part of a notation: `fixed` is one bracketed tile, otherwise letters whose cut is open."""

    text: str
    fixed: bool


def parse_notation(text: str, alphabet: Alphabet, normalize=None) -> list[Segment]:
    """Parse tile notation (`HÁ[Z][S]OR`) or a JSON array of tiles into segments.

    `normalize` (a Normalizer's `key`) is applied to each piece, so `há[z][s]or` works too.
    InputError carries the position of the first problem.
    """
    if '"' in text:
        return _parse_json(text, alphabet, normalize)
    segments: list[Segment] = []
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch == "[":
            end = text.find("]", pos + 1)
            nested = text.find("[", pos + 1)
            if end < 0:
                raise InputError(f"unclosed '[' at position {pos}", position=pos, code="bad-notation")
            if 0 <= nested < end:
                raise InputError(f"'[' inside a bracket at position {nested}", position=nested, code="bad-notation")
            inner = text[pos + 1:end]
            if not inner:
                raise InputError(f"empty brackets at position {pos}", position=pos, code="bad-notation")
            tile = _tile(inner, normalize)
            if tile not in alphabet:
                raise InputError(f"[{inner}] at position {pos} is not a tile of {alphabet.name}", position=pos,
                                 code="bad-notation")
            segments.append(Segment(tile, True))
            pos = end + 1
        elif ch == "]":
            raise InputError(f"']' without '[' at position {pos}", position=pos, code="bad-notation")
        else:
            end = min((i for i in (text.find("[", pos), text.find("]", pos)) if i >= 0), default=len(text))
            piece = text[pos:end]
            if piece.strip():
                segments.append(Segment(_norm(piece, pos, normalize), False))
            pos = end
    if not segments:
        raise InputError("no tiles in the notation", position=0, code="bad-notation")
    return segments


def _parse_json(text: str, alphabet: Alphabet, normalize) -> list[Segment]:
    items = parse_tile_list(text)
    if not items:
        raise InputError("a JSON tile list must be a non-empty array of strings, at position 0", position=0,
                         code="bad-notation")
    segments = []
    for i, (raw, position) in enumerate(items):
        tile = _tile(raw, normalize)
        if tile not in alphabet:
            raise InputError(f"item {i} ({quoted(raw[:20])}) is not a tile of {alphabet.name} (position "
                             f"{position})", position=position, code="bad-notation")
        segments.append(Segment(tile, True))
    return segments


_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_WHITE = " \t\n\r"


def parse_tile_list(text: str) -> list[tuple[str, int]]:
    """A JSON array of strings (`["H","Á","SZ"]`), each with the position where it starts. The JSON
    grammar for an array of strings and nothing else, read by this function and by the C core's
    (lexicon/graph/core/lexicon/notation.c) with the same messages: InputError at the first problem."""
    def fail(what: str, at: int):
        raise InputError(f"not a JSON array of tiles: {what} at position {at}", position=at, code="bad-notation")

    n, pos = len(text), 0

    def skip(at: int) -> int:
        while at < n and text[at] in _WHITE:
            at += 1
        return at

    pos = skip(pos)
    if pos >= n or text[pos] != "[":
        fail("expected '['", pos)
    pos = skip(pos + 1)
    items: list[tuple[str, int]] = []
    if pos < n and text[pos] == "]":
        pos = skip(pos + 1)
        if pos < n:
            fail("text after the array", pos)
        return items
    while True:
        if pos >= n or text[pos] != '"':
            fail(f"item {len(items)} is not a string", pos)
        start, pos, out = pos, pos + 1, []
        while True:
            if pos >= n:
                fail("a string without its closing quote", start)
            ch = text[pos]
            if ch == '"':
                pos += 1
                break
            if ch < " ":
                fail("a control character in a string", pos)
            if ch != "\\":
                out.append(ch)
                pos += 1
                continue
            code = text[pos + 1:pos + 2]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                pos += 2
            elif code == "u" and len(text[pos + 2:pos + 6]) == 4 and all(c in "0123456789abcdefABCDEF"
                                                                          for c in text[pos + 2:pos + 6]):
                value = int(text[pos + 2:pos + 6], 16)
                pos += 6
                low = text[pos:pos + 6]
                if 0xD800 <= value < 0xDC00 and len(low) == 6 and low[:2] == "\\u" and \
                        all(c in "0123456789abcdefABCDEF" for c in low[2:]) and 0xDC00 <= int(low[2:], 16) < 0xE000:
                    value = 0x10000 + ((value - 0xD800) << 10) + (int(low[2:], 16) - 0xDC00)
                    pos += 6
                out.append(chr(value))
            else:
                fail("an escape JSON does not have", pos)
        items.append(("".join(out), start))
        pos = skip(pos)
        if pos < n and text[pos] == ",":
            pos = skip(pos + 1)
            continue
        if pos < n and text[pos] == "]":
            pos = skip(pos + 1)
            if pos < n:
                fail("text after the array", pos)
            return items
        fail("expected ',' or ']'", pos)


def quoted(text: str) -> str:
    """Text in a message, in single quotes: a word the text check let through has nothing to escape but a
    lone surrogate a JSON escape in a tile list made (`["\\ud800"]`), named, as UTF-8 cannot carry it."""
    return "'" + "".join(f"U+{ord(c):04X}" if 0xD800 <= ord(c) < 0xE000 else c for c in text) + "'"


def _tile(text: str, normalize) -> str | None:
    """The tile a bracket names, or None when its text is not letters of the alphabet."""
    if normalize is None or not text:
        return text
    try:
        return normalize(text)
    except InputError:
        return None


def _norm(piece: str, pos: int, normalize) -> str:
    if normalize is None:
        return piece
    try:
        return normalize(piece)
    except InputError as exc:  # the normaliser's invalid-word, moved to the notation's position
        where = pos + (exc.position or 0)
        why = exc.result.reason if exc.code == "invalid-word" else "not letters of the alphabet"
        raise InputError(f"{quoted(piece.strip()[:20])} is not a word: {why} at position {where}",
                         position=where, code="bad-notation") from None


def notation_letters(segments: Sequence[Segment]) -> str:
    """The letters the segments spell as written (under the as-written policy)."""
    return "".join(s.text for s in segments)


def notation_tilings(segments: Sequence[Segment], alphabet: Alphabet,
                     policy: DoubledDigraphs | str = DoubledDigraphs.AS_WRITTEN) -> list[Tiling]:
    """Every cut consistent with the notation: fixed tiles stay, open runs are cut every way."""
    parts = [[(s.text,)] if s.fixed else tilings(s.text, alphabet, policy) for s in segments]
    count = 1
    for part in parts:  # counted before any is made: a few open runs can multiply to millions
        count *= len(part)
    if count > MAX_TILINGS:
        raise LimitExceeded(f"the notation allows more than {MAX_TILINGS} tilings (the limit)")
    return [tuple(t for part in combo for t in part) for combo in product(*parts)]


def format_tiling(tiles: Sequence[str], alphabet: Alphabet) -> str:
    """The shortest notation that names exactly this cut: (H,Á,Z,S,O,R) → `HÁ[Z][S]OR`."""
    out: list[str] = []
    i = 0
    while i < len(tiles):
        if len(tiles[i]) > 1:
            out.append(f"[{tiles[i]}]")
            i += 1
            continue
        j = i
        while j < len(tiles) and len(tiles[j]) == 1:
            j += 1
        run = "".join(tiles[i:j])
        covered = _covered_by_multi(run, alphabet)
        out.extend(f"[{ch}]" if k in covered else ch for k, ch in enumerate(run))
        i = j
    return "".join(out)


def _covered_by_multi(run: str, alphabet: Alphabet) -> set[int]:
    """Positions of `run` that some multi-letter tile could also cover: those need brackets."""
    covered: set[int] = set()
    for multi in alphabet.multi:
        start = run.find(multi)
        while start >= 0:
            covered.update(range(start, start + len(multi)))
            start = run.find(multi, start + 1)
    return covered

