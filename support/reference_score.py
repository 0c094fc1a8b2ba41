"""The reference judge's scoring (support.reference_judge), as the library scored before the C core's engine
(lexicon/graph/core/play/score.h) did. How a word formed by a move scores, by the game's scoring rule, with
the reckoning shown.

`letters` (Scrabble, Betapet): each tile's face value (a blank 0), times the letter premium of a
square a tile was newly laid on; the sum times every word premium newly covered (two double words
are ×4, two triple words ×9). `cubes` (Betűtorony): each cube of the word scores `cube`, or
`flat_cube` when every cube of the word lies on the first level; a stacked position counts its
whole tower or its top cube (`stacking.scores`); each rare cube the player laid adds `rare_bonus`.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from lexicon.alphabet import Alphabet
from lexicon.play.game import PREMIUMS, Game


def letters(game: Game, alphabet: Alphabet, premiums: tuple[str, ...], squares, tiles, blanks, new, main: bool
            ) -> tuple[int, dict[str, Any]]:
    """A word's score under the `letters` rule and how it was reckoned: each tile's face value (a blank
    0), the premiums that applied by square, the letters' sum with those, and the word multiplier."""
    counted = main or game.scoring.premiums_every_word
    total, word_multiplier, points, applied = 0, 1, [], {}
    for square, tile, blank, fresh in zip(squares, tiles, blanks, new):
        value = 0 if blank else alphabet.tile(tile).points
        points.append(value)
        code = premiums[square] if fresh and counted else "."
        if code in PREMIUMS:
            name, letter_times, word_times = PREMIUMS[code]
            applied[game.square_name(square)] = name
            value *= letter_times
            word_multiplier *= word_times
        total += value
    return total * word_multiplier, {"points": points, "premiums": applied, "letters": total,
                                     "word_multiplier": word_multiplier}


def cubes(game: Game, squares, tiles, heights, new, rare_credited: set[int] | None) -> tuple[int, dict[str, Any]]:
    """A word's score under the `cubes` rule and how it was reckoned: each position's height and points,
    whether the word lies flat on the first level, and the rare cubes' bonus by square. `rare_credited`
    holds the rare cubes already counted in an earlier word of the move when the bonus is once a cube,
    not once a word (None: every word)."""
    rules, stacking = game.scoring, game.stacking
    flat = heights.count(1) == len(heights)
    if flat:
        points = [rules.flat_cube] * len(heights)
    elif stacking is not None and stacking.scores == "stack":  # each tower scores its height
        points = [rules.cube * h for h in heights]
    else:
        points = [rules.cube] * len(heights)
    rare: dict[str, int] = {}
    if rules.rare_bonus:
        for square, tile in compress(zip(squares, tiles), new):
            if tile in rules.rare and (rare_credited is None or square not in rare_credited):
                rare[game.square_name(square)] = rules.rare_bonus
                if rare_credited is not None:
                    rare_credited.add(square)
    total = sum(points)
    return total + sum(rare.values()), {"heights": list(heights), "points": points, "first_level": flat,
                                        "cubes": total, "rare": rare}
