"""Games as compiled data: what the C core's engine needs of a game, as the game document it reads
(docs/games.md, "Games as compiled data"). The game file (`lexicon/data/games/*.toml`) stays the source of
truth; this is its compiled form, made here and carried in a bundle's `games` section for the games whose
lexicon the bundle is (lexicon.bundle), so a client that has the bundle has the rules.

    >>> document(load_game("sv-scrabble"))["rack"]
    7
"""

from __future__ import annotations

from typing import Any

import orjson

from ..graph.native import use_core
from .game import Game

FORMAT = "tile-lexicon-game"
FORMAT_VERSION = 1


def document(game: Game) -> dict[str, Any]:
    """The game document of `game`: its board, layouts, rack, scoring, stacking, turn, challenge and end
    rules, and the tile set it plays."""
    alphabet = game.alphabet
    scoring, stacking = game.scoring, game.stacking
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "name": game.name, "lexicon": game.lexicon,
        "size": game.size, "rack": game.rack, "start": [game.square_name(s) for s in game.start],
        "layout": game.layout,
        "layouts": [{"name": lay.name, "rows": list(lay.rows), "verified": lay.verified}
                    for lay in game.layouts.values()],
        "scoring": {"rule": scoring.rule, "whole_rack_bonus": scoring.whole_rack_bonus,
                    "premiums_every_word": scoring.premiums_every_word, "cube": scoring.cube,
                    "flat_cube": scoring.flat_cube, "rare": sorted(scoring.rare), "rare_bonus": scoring.rare_bonus,
                    "rare_bonus_every_word": scoring.rare_bonus_every_word},
        "stacking": None if stacking is None else {"max_height": stacking.max_height, "scores": stacking.scores,
                                                   "cover_whole_word": stacking.cover_whole_word},
        "several_words": game.several_words,
        "challenge": {"rule": game.challenge.rule, "challenger_penalty": game.challenge.challenger_penalty},
        "end": {"remaining": game.end.remaining, "per_tile": game.end.per_tile,
                "going_out_gains": game.end.going_out_gains},
        "tileset": {"name": alphabet.name, "language": alphabet.language, "blanks": alphabet.blanks,
                    "tiles": [{"letter": t.letter, "lower": t.letter.lower(), "number": t.number, "count": t.count,
                               "points": t.points, "vowel": t.vowel} for t in alphabet.tiles],
                    "fold": sorted([k, v] for k, v in alphabet.fold.items())},
    }


def document_bytes(game: Game) -> bytes:
    """The game document as the JSON the core reads."""
    return orjson.dumps(document(game))


def engine_game(game: Game):
    """The game compiled into the C core (`lexicon.graph._core.Game`), made once per Game, with the leave values
    that ship with it (lexicon.play.leaves)."""
    found = game.__dict__.get("_engine")
    if found is None:
        core = use_core(True)
        found = core.Game(document_bytes(game))
        from .leaves import shipped_klv  # leaves.py gives compiled games their values
        data = shipped_klv(game)
        if data is not None:
            found.use_leaves(core.Leaves(data))
        game.__dict__["_engine"] = found
    return found
