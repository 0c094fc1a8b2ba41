"""The alphabet file beside a KWG: wolges' tab-separated text, so an engine knows the tile numbers.

Line i describes tile i; line 0 is the blank. Fields, separated by tabs (wolges splits on any
white space): label, blank label, count, score, is_vowel (0/1), the number of aliases followed by
the aliases, the number of blank aliases followed by them. Our aliases are the tile set's `fold`
letters that fold to exactly one tile (Æ for Ä in Betapet), so an engine reads them as that tile.
A number no tile takes (Betapet's 26 and 30, wolges' Ü and Æ) is a placeholder line, `_26`, with
no tiles in the bag: no word holds it, and its label cannot clash with a letter or an alias.

    >>> from lexicon import load_alphabet
    >>> alphabet_text(load_alphabet("sv-betapet")).splitlines()[28]
    'Ä\\tä\\t2\\t4\\t1\\t1\\tÆ\\t1\\tæ'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..alphabet import Alphabet
from ..errors import ArtifactError

FILENAME = "alphabet.txt"
BLANK = "?"


@dataclass(frozen=True)
class AlphabetLine:
    """One tile as an engine reads it from the alphabet file."""

    label: str
    blank_label: str
    count: int
    score: int
    vowel: bool
    aliases: tuple[str, ...] = ()
    blank_aliases: tuple[str, ...] = ()

    def text(self) -> str:
        fields = [self.label, self.blank_label, str(self.count), str(self.score), str(int(self.vowel)),
                  str(len(self.aliases)), *self.aliases, str(len(self.blank_aliases)), *self.blank_aliases]
        return "\t".join(fields)


def alphabet_lines(alphabet: Alphabet) -> list[AlphabetLine]:
    """The alphabet file's lines: the blank, then line i for tile number i."""
    aliases: dict[str, list[str]] = {}
    for source, target in sorted(alphabet.fold.items()):
        if target in alphabet:
            aliases.setdefault(target, []).append(source)
    lines = [AlphabetLine(BLANK, BLANK, alphabet.blanks, 0, False)]
    for tile in alphabet.tiles:
        while len(lines) < tile.number:
            lines.append(AlphabetLine(f"_{len(lines)}", f"_{len(lines)}", 0, 0, False))
        extra = tuple(aliases.get(tile.letter, ()))
        lines.append(AlphabetLine(tile.letter, tile.letter.lower(), tile.count, tile.points, tile.vowel,
                                  extra, tuple(a.lower() for a in extra)))
    return lines


def alphabet_text(alphabet: Alphabet) -> str:
    """The alphabet file's text, one line per tile, ending with a newline."""
    return "".join(line.text() + "\n" for line in alphabet_lines(alphabet))


def read_alphabet_text(text: str, *, name: str = "<alphabet>") -> list[AlphabetLine]:
    """Parse an alphabet file the way wolges does (white-space separated, counted alias lists)."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        tokens = raw.split()
        try:
            label, blank_label, count, score, vowel = tokens[:5]
            n_alias = int(tokens[5])
            aliases = tuple(tokens[6:6 + n_alias])
            rest = tokens[6 + n_alias:]
            n_blank = int(rest[0])
            blank_aliases = tuple(rest[1:1 + n_blank])
            if len(aliases) != n_alias or len(blank_aliases) != n_blank or len(rest) != 1 + n_blank:
                raise ValueError("alias counts do not match")
            if vowel not in ("0", "1"):
                raise ValueError(f"is_vowel is {vowel!r}, not 0 or 1")
            out.append(AlphabetLine(label, blank_label, int(count), int(score), vowel == "1", aliases,
                                    blank_aliases))
        except (ValueError, IndexError) as exc:
            raise ArtifactError(f"{name}:{number}: not an alphabet line ({exc}): {raw[:80]!r}") from None
    return out
