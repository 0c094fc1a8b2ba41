"""The one codec of the word-graph files: tiles and letters as the numbers the graphs store.

Two numberings, each defined here and nowhere else:

- **Tile numbers** (`TileCodes`): the tile graph (`lexicon.kwg`/`.dwg`) stores a word's tiles by the
  tile set's numbers (lexicon.alphabet: a tile's place, or its `number`), the numbering engines read
  with `alphabet.txt`.
- **Letter numbers** (`LetterCodes`): the key and form graphs (`keys.dwg`, `forms.dwg`) store a key's
  letters, numbered in code-point order from 1, so that a key's rank in the graph is its place in
  sorted key order. The letters are written into `keys.dat` and `forms.json`, and a reader numbers
  them back from there (the C core takes the same letters: tl_index_open).

    >>> codes = LetterCodes("ADHNU")
    >>> codes.encode("HUND"), codes.decode(b"\\x03\\x05\\x04\\x02")
    (b'\\x03\\x05\\x04\\x02', 'HUND')
    >>> codes.encode("HUNQ") is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..alphabet import Alphabet
from ..errors import LimitExceeded
from .format import MAX_TILE


class LetterCodes:
    """Letter i of `letters` (from 0) is number i + 1: keys in letters to the bytes a key graph stores."""

    def __init__(self, letters: str) -> None:
        if len(letters) > MAX_TILE:
            raise LimitExceeded(f"{len(letters)} letters; a key graph numbers at most {MAX_TILE}")
        self.letters = letters
        self._numbers = {ord(ch): i + 1 for i, ch in enumerate(letters)}
        self._letters = dict.fromkeys(self._numbers)  # translate() deletes them: what is left is no letter

    @classmethod
    def of(cls, alphabet: Alphabet) -> LetterCodes:
        """The letters a key of `alphabet` can hold, in code-point order."""
        try:
            return cls("".join(sorted(alphabet.letters)))
        except LimitExceeded as exc:
            raise LimitExceeded(f"{alphabet.name}: {exc}") from None

    def __len__(self) -> int:
        return len(self.letters)

    def encode(self, key: str) -> bytes | None:
        """The key's letter numbers, or None when a character is not one of the letters."""
        if key.translate(self._letters):
            return None
        return key.translate(self._numbers).encode("latin-1")

    def decode(self, numbers: Iterable[int]) -> str:
        letters = self.letters
        return "".join(letters[n - 1] for n in numbers)


class TileCodes:
    """Tile strings to the bytes of tile numbers the tile graph stores, and back."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet
        self.number = {t.letter: t.number for t in alphabet.tiles}
        self.letter = {t.number: t.letter for t in alphabet.tiles}
        # The one-letter tiles' numbers by code point: a word of them translates at once, in C.
        self._singles = {ord(t.letter): t.number for t in alphabet.tiles if len(t.letter) == 1}
        self._whole_words = not alphabet.multi  # every tile one letter (Swedish): a key is its tiles
        self._not_singles = dict.fromkeys(self._singles)

    def encode(self, tiles: Sequence[str] | str) -> bytes:
        """A tile sequence (or, for a one-letter-tile alphabet, a key) as bytes of tile numbers;
        KeyError for a tile the alphabet lacks."""
        if self._whole_words:
            text = tiles if isinstance(tiles, str) else "".join(tiles)
            left = text.translate(self._not_singles)
            if left:
                raise KeyError(left[0])
            return text.translate(self._singles).encode("latin-1")
        return bytes(self.number[t] for t in tiles)

    def encode_letters(self, text: str) -> bytes:
        """`text` whose every letter is a one-letter tile of its own (the caller has checked), as its tiles'
        numbers: the quick path of a Hungarian form without digraphs."""
        return text.translate(self._singles).encode("latin-1")

    def decode(self, numbers: Iterable[int]) -> tuple[str, ...]:
        return tuple(self.letter[n] for n in numbers)
