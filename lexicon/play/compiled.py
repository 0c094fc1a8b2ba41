"""Games as compiled data: what the C core's engine needs of a game, as the game document it reads
(docs/games.md, "Games as compiled data"). The game file (`lexicon/data/games/*.toml`) stays the source of
truth; this is its compiled form, made here and carried in a bundle's `games` section for the games whose
lexicon the bundle is (lexicon.bundle), so a client that has the bundle has the rules.

    >>> document(load_game("sv-scrabble"))["rack"]
    7
"""

from __future__ import annotations

import lzma
from typing import Any

import orjson

from .._data import DATA_DIR
from ..errors import ArtifactError
from ..graph.native import use_core
from .game import Game

FORMAT = "tile-lexicon-game"
FORMAT_VERSION = 1


def document(game: Game) -> dict[str, Any]:
    """The game document of `game`: its board, layouts, rack and exchange, scoring, stacking, turn, challenge and
    end rules, and the tile set it plays."""
    alphabet = game.alphabet
    scoring, stacking = game.scoring, game.stacking
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "name": game.name, "lexicon": game.lexicon,
        "size": game.size, "rack": game.rack, "exchange": vars(game.exchange).copy(),
        "start": [game.square_name(s) for s in game.start],
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
                "going_out_gains": game.end.going_out_gains, "scoreless_rounds": game.end.scoreless_rounds,
                "scoreless": sorted(game.end.scoreless)},
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
        data = shipped_klv(game)
        if data is not None:
            found.use_leaves(core.Leaves(data))
        game.__dict__["_engine"] = found
    return found


# ---------------------------------------------------------------------------------- leave values

#: Where the games' leave values ship (lexicon.play.leaves says what they are).
LEAVES_DIR = DATA_DIR / "leaves"


def shipped_klv(game: Game) -> bytes | None:
    """The KLV2 file that ships with a game, or None. It ships packed (lexicon/data/leaves/<game>.klv2.xz):
    the values are floats, which xz takes to a quarter and git's zlib leaves at half."""
    path = LEAVES_DIR / f"{game.name}.klv2.xz"
    if not path.is_file():
        return None
    try:
        return lzma.decompress(path.read_bytes())
    except lzma.LZMAError as exc:
        raise ArtifactError(f"{path}: not an xz file ({exc})") from None


def use_leaves(game: Game, data: bytes | None) -> Any:
    """Give a game's compiled rules the leave values of a KLV2 file (None: none); the core's Leaves."""
    leaves = None if data is None else use_core(True).Leaves(data)
    engine_game(game).use_leaves(leaves)
    return leaves


def game_leaves(game: Game) -> Any:
    """The leave values a game plays with (its shipped ones unless given others), or None."""
    return engine_game(game).leaves
