"""How many words of each length in letters fit a number of tiles: what a letter bound loses.

    lexicon expand /usr/share/hunspell/hu_HU.dic --max-letters 13 --max-depth 1 \\
        | python -m bench.tile_lengths hu-betutorony 10

Reads words (one a line) and prints, for each length in letters above the tile limit, how many
words have it and how many of those fit the limit in their shortest cut (lexicon.tiling.fewest_tiles).
"""

from __future__ import annotations

import sys
from collections import Counter

from lexicon import load_alphabet
from lexicon.tiling import fewest_tiles


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit():
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    alphabet, limit = load_alphabet(argv[0]), int(argv[1])
    words, fitting = Counter(), Counter()
    for line in sys.stdin:
        word = line.rstrip("\n").upper()
        words[len(word)] += 1
        if len(word) > limit and fewest_tiles(word, alphabet) <= limit:
            fitting[len(word)] += 1
    short = sum(n for k, n in words.items() if k <= limit)
    print(f"{sum(words.values()):,} words, {short:,} of at most {limit} letters")
    for length in sorted(k for k in words if k > limit):
        print(f"{length} letters: {words[length]:,}, of which {fitting[length]:,} fit {limit} tiles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
