"""How a word formed by a move scores, by the game's scoring rule, with the reckoning shown.

`letters` (Scrabble, Betapet): each tile's face value (a blank 0), times the letter premium of a
square a tile was newly laid on; the sum times every word premium newly covered (two double words
are ×4, two triple words ×9). `cubes` (Betűtorony): each cube of the word scores `cube`, or
`flat_cube` when every cube of the word lies on the first level; a stacked position counts its
whole tower or its top cube (`stacking.scores`); each rare cube the player laid adds `rare_bonus`.
"""

from __future__ import annotations

from typing import Any

from ..alphabet import Alphabet
from .game import PREMIUMS, Game


def letters(game: Game, alphabet: Alphabet, premiums: tuple[str, ...], squares, tiles, blanks, new, main: bool
            ) -> tuple[int, dict[str, Any]]:
    """A word's score under the `letters` rule and how it was reckoned."""
    counted = main or game.scoring.premiums_every_word
    total, word_multiplier, items = 0, 1, []
    for square, tile, blank, fresh in zip(squares, tiles, blanks, new):
        points = 0 if blank else alphabet.tile(tile).points
        item = {"square": game.square_name(square), "tile": tile, "points": points}
        code = premiums[square] if fresh and counted else "."
        if code in PREMIUMS:
            name, letter_times, word_times = PREMIUMS[code]
            item["premium"] = name
            points *= letter_times
            word_multiplier *= word_times
        item["value"] = points
        total += points
        items.append(item)
    return total * word_multiplier, {"tiles": items, "letters": total, "word_multiplier": word_multiplier}


def cubes(game: Game, squares, tiles, heights, new, rare_credited: set[int] | None) -> tuple[int, dict[str, Any]]:
    """A word's score under the `cubes` rule. `rare_credited` holds the rare cubes already counted in
    an earlier word of the move when the bonus is once a cube, not once a word (None: every word)."""
    rules, stacking = game.scoring, game.stacking
    flat = all(h == 1 for h in heights)
    whole_tower = stacking is not None and stacking.scores == "stack"
    total, rare_total, items = 0, 0, []
    for square, tile, height, fresh in zip(squares, tiles, heights, new):
        points = rules.flat_cube if flat else rules.cube * (height if whole_tower else 1)
        item = {"square": game.square_name(square), "tile": tile, "height": height, "points": points}
        if fresh and tile in rules.rare and rules.rare_bonus:
            if rare_credited is None or square not in rare_credited:
                item["rare_bonus"] = rules.rare_bonus
                rare_total += rules.rare_bonus
                if rare_credited is not None:
                    rare_credited.add(square)
        total += points
        items.append(item)
    return total + rare_total, {"tiles": items, "first_level": flat, "cubes": total, "rare_bonus": rare_total}
