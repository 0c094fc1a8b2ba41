"""The OpenAPI 3 document served at /openapi.json. Parameters come from the views' own specs
(lexicon_service.api.PARAMETERS) and the answers from the library's field lists (lexicon.verdict), so the
document says what the code does. A test checks every route is described here."""

from __future__ import annotations

from functools import cache

from lexicon import load_game
from lexicon.play import game_names
from lexicon.play.game import CHALLENGE_RULES
from lexicon.play.gcg import MAX_BYTES as GCG_MAX
from lexicon.play.moves import DEFAULT_LIMIT as MOVES_DEFAULT
from lexicon.play.moves import MAX_LIMIT as MOVES_LIMIT
from lexicon.play.moves import ORDERS as MOVES_ORDERS
from lexicon.play.record import KINDS
from lexicon.play.replay import DISAGREEMENTS
from lexicon.play.request import MAX_PLAYS
from lexicon.reasons import Reason
from lexicon.text import TEXT_PATTERN
from lexicon.verdict import BRIEF_FIELDS, FULL_FIELDS

from .api import MAX_BATCH, PARAMETERS
from .params import LEXICON

_STR = {"type": "string"}
_NSTR = {"type": "string", "nullable": True}
_INT = {"type": "integer"}
_NINT = {"type": "integer", "nullable": True}
_BOOL = {"type": "boolean"}
_TILES = {"type": "array", "items": _STR}
_REASONS = ", ".join(r.value for r in Reason if r.value not in ("multiword", "hyphenated", "affix", "digit",
                                                                 "untileable", "proper-noun", "capitalised",
                                                                 "abbreviation", "blocklist"))

TILING = {"type": "object", "required": ["tiles", "notation", "tile_count"],
          "properties": {"tiles": _TILES, "notation": _STR, "tile_count": _INT}}
_BAG = {"type": "object", "properties": {"formable": _BOOL, "blanks": _INT,
                                           "short": {"type": "object", "additionalProperties": _INT}},
        "required": ["formable", "blanks", "short"]}
_READING = {"type": "object", "properties": {"display": _STR, "lemma": _STR, "pos": _NSTR, "kind": _STR,
                                              "tag": _NSTR, "rule": _STR, "source": _STR, "record": _INT}}
_EXCLUDED = {"type": "object", "nullable": True,
             "properties": {"written": _STR, "reason": _STR, "detail": _NSTR, "lemma": _STR, "pos": _NSTR,
                            "tag": _NSTR, "source": _STR, "record": _INT}}
_FULL_PROPERTIES = {
    "word": _STR, "normalized": _NSTR, "valid": _BOOL,
    "reason": {"type": "string", "nullable": True, "description": f"{_REASONS}, excluded:<rule>"},
    "detail": _NSTR, "lemma": _NSTR, "tag": _NSTR, "lexicon": _STR, "version": _STR, "position": _NINT,
    "kind": _NSTR, "pos": _NSTR, "tiles": {**_TILES, "nullable": True}, "notation": _NSTR, "tile_count": _NINT,
    "points": {"type": "array", "items": _INT, "nullable": True}, "value": _NINT, "bag": {**_BAG, "nullable": True},
    "tilings": {"type": "array", "items": TILING},
    "readings": {"type": "array", "items": _READING, "nullable": True}, "excluded": _EXCLUDED,
}
VERDICT = {"type": "object", "required": list(FULL_FIELDS), "additionalProperties": False,
           "properties": {k: _FULL_PROPERTIES[k] for k in FULL_FIELDS}}
BRIEF = {"type": "object", "required": list(BRIEF_FIELDS), "additionalProperties": False,
         "properties": {k: _FULL_PROPERTIES[k] for k in BRIEF_FIELDS}}
PROBLEM = {"type": "object", "required": ["type", "title", "status", "detail"],
           "properties": {"type": _STR, "title": _STR, "status": _INT, "detail": _STR, "position": _INT,
                          "parameter": _STR, "allowed": {"type": "array", "items": _STR}, "square": _STR,
                          "line": _INT, "column": _INT, "field": _STR}}
HIT = {"type": "object", "required": ["word", "tiles", "notation", "tile_count", "blanks", "value"],
       "properties": {"word": _STR, "tiles": _TILES, "notation": _STR, "tile_count": _INT,
                      "blanks": {"type": "array", "items": _INT}, "value": _INT}}
SCOPE = {"results_from": {"type": "string", "enum": ["word-graph"],
                          "description": "The results come from the lexicon's word graph"},
         "graph_has_every_word": _BOOL | {"description": "false for a lexicon validated by analysis: words only "
                                                         "analysis allows (generative compounds) are valid but "
                                                         "not searched"}}
PAGE = {"type": "object",
        "required": ["lexicon", "version", "order", "offset", "limit", "total", "total_at_least", "truncated",
                     "next_offset", "words", *SCOPE],
        "properties": {"lexicon": _STR, "version": _STR, "rack": _STR, "q": _STR, "order": _STR, "offset": _INT,
                       "limit": _INT, "total": _NINT, "total_at_least": _NINT, "truncated": _BOOL,
                       "next_offset": _NINT, "words": {"type": "array", "items": HIT}} | SCOPE}

_ROWS = {"type": "array", "minItems": 2, "maxItems": 26, "items": _STR}
_PLACEMENT = {
    "type": "object", "required": ["tile"], "additionalProperties": False,
    "description": "One tile laid: row and col (from 0 at the top left) or square (H8); a lower-case tile or "
                   "blank: true is a blank naming its letter; [CS] or CS a multi-letter tile",
    "properties": {"row": {"type": "integer", "minimum": 0, "maximum": 25},
                   "col": {"type": "integer", "minimum": 0, "maximum": 25},
                   "square": {"type": "string", "pattern": "^[A-Za-z][0-9]{1,2}$"},
                   "tile": {"type": "string", "minLength": 1}, "blank": {"type": "boolean"}},
}
_MOVE = {"oneOf": [
    {"type": "array", "minItems": 1, "maxItems": max(load_game(n).rack for n in game_names()), "items": _PLACEMENT},
    {"type": "object", "required": ["word", "start"], "additionalProperties": False,
     "properties": {"word": {"type": "string", "minLength": 1,
                             "description": "tile notation, lower case a blank, . a tile on the board"},
                    "start": {"type": "string", "pattern": "^[A-Za-z][0-9]{1,2}$"},
                    "direction": {"type": "string", "enum": ["across", "down"], "default": "across"}}}]}
_GAME = {"type": "string", "pattern": "^[a-z0-9-]{1,64}$",
         "description": f"A shipped game ({', '.join(game_names())}) or one published here (GET /games)"}
_LAYOUT = {"oneOf": [{"type": "string", "description": "a layout of the game by name (klassisk)"},
                     {"type": "array", "minItems": 2, "maxItems": 26,
                      "items": {"type": "string", "pattern": "^[.dtDT]+$"},
                      "description": "premium codes a row: . plain, d t letter ×2 ×3, D T word ×2 ×3"}]}
_LEXICON_OR_NONE = LEXICON.schema() | {"nullable": True, "description": "Lexicon name or name@version; default: "
                                                                        "the game's own; null: scores only"}
PLAY_REQUEST = {
    "type": "object", "required": ["game", "board"], "additionalProperties": False,
    "description": "A turn: `move`, one play, or `turn`, the plays of a turn of several words (Betűtorony)",
    "properties": {
        "game": _GAME,
        "lexicon": _LEXICON_OR_NONE,
        "board": _ROWS | {"description": "One string per row: . empty, a tile (upper case), a blank (lower case), "
                                         "a multi-letter tile in brackets ([CS]); spaces are ignored"},
        "heights": {"type": "array", "minItems": 2, "maxItems": 26,
                    "items": {"type": "string", "pattern": "^[0-9]+$"},
                    "description": "Stacking games: the height of every square, one digit a square"},
        "layout": _LAYOUT,
        "move": _MOVE,
        "turn": {"type": "array", "minItems": 1, "maxItems": MAX_PLAYS, "items": _MOVE,
                 "description": "the plays of one turn, laid in order, each in one line"},
        "rack": {"type": "string", "description": "The player's rack, ? a blank; checked when given"},
        "detail": {"type": "boolean", "default": False,
                   "description": "each word's verdict in full (readings, tilings), not in short"},
        "rank": {"type": "boolean", "default": False,
                 "description": "rank the move among every play of its rack (the rack is needed): its place, the "
                                "best play, and what the move lost against it, by equity where the game has leave "
                                "values, else by score"},
        "bag": {"type": "integer", "minimum": 0,
                "description": "with rank, by equity: the tiles left in the bag, as POST /moves takes them"},
    },
}
_BONUS = {"type": "object", "required": ["kind", "points"],
          "properties": {"kind": _STR, "points": _INT, "detail": _STR}}
_PLAY_WORD = {
    "type": "object",
    "required": ["word", "notation", "tiles", "squares", "new", "direction", "main", "part", "valid", "reason",
                 "verdict", "score", "scoring"],
    "properties": {"word": _STR, "notation": _STR, "tiles": _TILES, "squares": {"type": "array", "items": _STR},
                   "new": {"type": "array", "items": {"type": "boolean"}},
                   "direction": {"type": "string", "enum": ["across", "down"]}, "main": {"type": "boolean"},
                   "part": _INT | {"description": "the play of the turn that formed it"},
                   "valid": {"type": "boolean", "nullable": True}, "reason": _NSTR,
                   "verdict": {"oneOf": [BRIEF, VERDICT], "nullable": True,
                               "description": "the word's verdict document: brief, or full with detail; null "
                                              "without a lexicon"},
                   "score": _INT,
                   "scoring": {"type": "object", "additionalProperties": True,
                               "description": "letters: points (face values), premiums (square → DL TL DW TW), "
                                              "letters, word_multiplier; cubes: heights, points, first_level, "
                                              "cubes, rare (square → bonus)"}},
}
_SIDE = {"type": "object", "nullable": True, "required": ["points", "loses_turn"],
         "properties": {"points": _INT, "loses_turn": _BOOL}}
_CHALLENGE = {
    "type": "object", "nullable": True, "required": ["rule", "upheld", "invalid", "if_challenged"],
    "description": "what a challenge of the turn does to whom, by the game's rule (null without a lexicon)",
    "properties": {"rule": {"type": "string", "enum": list(CHALLENGE_RULES)}, "upheld": _BOOL,
                   "invalid": {"type": "array", "items": _STR},
                   "if_challenged": {"type": "object", "nullable": True, "required": ["play", "player", "challenger"],
                                     "properties": {"play": {"type": "string",
                                                             "enum": ["refused", "withdrawn", "stands"]},
                                                    "player": _SIDE, "challenger": _SIDE}}},
}
PLAY_ANSWER = {
    "type": "object",
    "required": ["game", "lexicon", "version", "legal", "errors", "first_move", "direction", "placed", "words",
                 "bonus", "bonuses", "score_if_valid", "score", "challenge"],
    "properties": {
        "game": _STR, "lexicon": _NSTR, "version": _NSTR, "legal": {"type": "boolean"},
        "errors": {"type": "array", "items": {"type": "object", "required": ["code", "message", "part"],
                                              "properties": {"code": _STR, "message": _STR, "square": _NSTR,
                                                             "part": _INT}}},
        "first_move": {"type": "boolean"}, "direction": {"type": "string", "nullable": True},
        "placed": {"type": "array", "items": {"type": "object", "properties": {
            "square": _STR, "row": _INT, "col": _INT, "tile": _STR, "blank": {"type": "boolean"}, "part": _INT}}},
        "words": {"type": "array", "items": _PLAY_WORD},
        "bonus": _INT, "bonuses": {"type": "array", "items": _BONUS},
        "score_if_valid": {"type": "integer", "nullable": True}, "score": _INT,
        "challenge": _CHALLENGE,
    },
}
MOVES_REQUEST = {
    "type": "object", "required": ["game", "board", "rack"], "additionalProperties": False,
    "description": "A board and a rack: every play the rack makes, best first",
    "properties": {
        "game": _GAME,
        "lexicon": LEXICON.schema() | {"description": "Lexicon name or name@version; default: the game's own"},
        "board": PLAY_REQUEST["properties"]["board"], "heights": PLAY_REQUEST["properties"]["heights"],
        "layout": _LAYOUT,
        "rack": {"type": "string", "description": "The player's rack in tile notation, ? a blank"},
        "limit": {"type": "integer", "minimum": 0, "maximum": MOVES_LIMIT, "default": MOVES_DEFAULT,
                  "description": "list at most this many plays"},
        "order": {"type": "string", "enum": list(MOVES_ORDERS), "default": "score",
                  "description": "score, or equity: score plus the value of the tiles kept, by the game's leave "
                                 "values (a game without them refuses it)"},
        "phonies": {"type": "boolean", "default": False,
                    "description": "also the plays whose main word is valid and a cross word is not (what a "
                                   "challenge takes back), marked valid false"},
        "bag": {"type": "integer", "minimum": 0,
                "description": "order equity: the tiles left in the bag. The exchanges it allows and the pass are "
                               "listed among the plays; with none, the end's rule values the tiles kept (going out "
                               "gains the other racks, keeping tiles costs them) in place of the leave values"},
        "endgame": {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1}],
                    "description": "the bag empty: also the best turn searched to the game's end (true, or the lists "
                                   "of the word graph the search may enter, at most the service's budget); the "
                                   "game must be scored by letters"},
        "other": {"type": "string", "description": "with endgame: the other rack in tile notation; default: the "
                                                   "tiles on neither the board nor the rack"},
        "scoreless": {"type": "integer", "minimum": 0,
                      "description": "with endgame: the scoreless turns (passes) just before this one"},
        "common": {"type": "boolean", "default": False,
                   "description": "only the plays whose every word is one of the lexicon's common words (the most "
                                  "frequent of its language) or an inflected form of one, among the best 1,000: a "
                                  "beginner's plays; not with endgame"},
    },
}
_FOUND_PLAY = {
    "type": "object", "required": ["score"],
    "description": "a play (move, placed, valid, words, bonuses), or with bag an exchange (exchange, keep) or the "
                   "pass (pass, keep)",
    "properties": {"move": _MOVE, "placed": PLAY_ANSWER["properties"]["placed"], "score": _INT,
                   "exchange": _STR | {"description": "the tiles put back, in tile notation"},
                   "pass": _BOOL, "keep": _STR | {"description": "an exchange's or the pass's tiles kept"},
                   "leave": {"type": "number", "description": "order equity: what the tiles kept are worth"},
                   "adjustment": {"type": "number", "description": "order equity: what the stage of the game "
                                  "adds (the opening's vowels beside double letters, the end's racks)"},
                   "equity": {"type": "number", "description": "order equity: score plus leave plus adjustment"},
                   "valid": _BOOL,
                   "words": {"type": "array", "items": _PLAY_WORD}, "bonuses": {"type": "array", "items": _BONUS}},
}
PLAY_ANSWER["properties"]["rank"] = {
    "type": "object", "required": ["order", "plays", "rank", "best", "lost"],
    "description": "with rank true: where the move stands among the plays of its rack",
    "properties": {"order": {"type": "string", "enum": ["equity", "score"]}, "plays": _INT | {"description":
                   "valid plays of the rack"}, "rank": {"type": "integer", "nullable": True, "description":
                   "1 for the best; null for a move that is not a valid play"},
                   "leave": {"type": "number"}, "adjustment": {"type": "number"}, "equity": {"type": "number"},
                   "best": _FOUND_PLAY | {"nullable": True}, "lost": {"type": "number", "description":
                   "the best play's equity (or score) less the move's"}},
}
MOVES_ANSWER = {
    "type": "object",
    "required": ["game", "lexicon", "version", "rack", "order", "phonies", "count", "cut", "limit", "plays"],
    "properties": {"game": _STR, "lexicon": _STR, "version": _STR, "rack": _STR, "order": _STR,
                   "bag": _INT | {"description": "the request's bag, when it gave one"}, "phonies": _BOOL,
                   "common": _BOOL | {"description": "true when the request asked for plays of common words alone"},
                   "count": _INT | {"description": "plays found in all"},
                   "cut": _BOOL | {"description": "more plays were found than listed"}, "limit": _INT,
                   "plays": {"type": "array", "items": _FOUND_PLAY}},
}
REPLAY_REQUEST = {
    "type": "object", "required": ["game", "record"], "additionalProperties": False,
    "properties": {
        "game": _GAME, "lexicon": _LEXICON_OR_NONE, "layout": _LAYOUT,
        "record": {"oneOf": [{"type": "string", "maxLength": GCG_MAX, "description": "a GCG record"},
                             {"type": "object", "description": "a JSON record (format tile-lexicon-record)"}]},
        "time_control": {"type": "string", "description": "the game's time control the clock ran on (panik)"},
        "review": {"type": "boolean", "default": False,
                   "description": "rank each move of one play whose rack the record gives among every play of that "
                                  "rack: its place, the best play, and what it lost (POST /play's rank)"},
    },
}
_REPLAY_TURN = {
    "type": "object", "required": ["number", "player", "kind", "event", "lines", "score", "record_score", "total",
                                   "record_total"],
    "properties": {"number": _INT, "player": _STR, "kind": {"type": "string", "enum": list(KINDS)}, "event": _INT,
                   "lines": {"type": "array", "items": _INT}, "rack": _NSTR, "tiles": _STR,
                   "plays": {"type": "array", "items": {"type": "object"}}, "legal": _BOOL,
                   "errors": {"type": "array", "items": {"type": "object"}},
                   "words": {"type": "array", "items": {"type": "object"}}, "bonus": _INT, "stands": _BOOL,
                   "score": _NINT, "record_score": _NINT, "total": _INT, "record_total": _NINT,
                   "review": {"type": "object", "nullable": True, "description": "with review true: POST /play's "
                              "rank of the move, its best play in short (move, score, leave, equity); null for a "
                              "turn that is not one play with its rack"}},
}
_BY_PLAYER = {"type": "object", "additionalProperties": {"type": "integer", "nullable": True}}
REPLAY_ANSWER = {
    "type": "object",
    "required": ["game", "lexicon", "version", "challenge_rule", "players", "turns", "end", "totals", "record_totals",
                 "board", "disagreements"],
    "properties": {
        "game": _STR, "lexicon": _NSTR, "version": _NSTR, "record_lexicon": _NSTR, "challenge_rule": _STR,
        "players": {"type": "array", "items": {"type": "object", "properties": {"nick": _STR, "name": _STR}}},
        "turns": {"type": "array", "items": _REPLAY_TURN},
        "end": {"type": "object", "required": ["reason", "out", "racks_left", "adjustments"],
                "properties": {"reason": {"type": "string", "enum": ["out", "scoreless", "unfinished"]},
                               "out": _NSTR,
                               "racks_left": {"type": "object", "additionalProperties": _NSTR},
                               "adjustments": {**_BY_PLAYER, "nullable": True}}},
        "totals": _BY_PLAYER, "record_totals": _BY_PLAYER, "board": {"type": "array", "items": _STR},
        "disagreements": {"type": "array", "items": {
            "type": "object", "required": ["code", "turn", "event", "line", "player", "message", "record", "replay"],
            "properties": {"code": {"type": "string", "enum": list(DISAGREEMENTS)}, "turn": _INT, "event": _INT,
                           "line": _NINT, "player": _STR, "message": _STR, "record": _NINT, "replay": _NINT}}},
    },
}
_GAME_SUMMARY = {
    "type": "object", "required": ["name", "description", "size", "rack", "lexicon", "tileset", "source", "version",
                                   "unverified", "open"],
    "properties": {"name": _STR, "description": _STR, "size": _INT, "rack": _INT, "lexicon": _STR, "tileset": _STR,
                   "layout": _NSTR, "challenge": _STR, "several_words": _BOOL,
                   "source": {"type": "string", "enum": ["shipped", "published"]}, "version": _NSTR,
                   "unverified": {"type": "array", "items": {"type": "object"}},
                   "open": {"type": "array", "items": {"type": "object"}}},
}


def _json(schema, description="OK"):
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _problems(*codes):
    text = {400: "Bad parameters (the problem names the parameter)",
            404: "Unknown lexicon or game (with those served)",
            413: "Body or batch too large", 414: "Word too long", 503: "The lexicon failed verification"}
    return {str(c): {"description": text[c], "content": {"application/problem+json": {"schema": PROBLEM}}}
            for c in codes}


def _play_post(summary: str, request: dict, answer: dict) -> dict:
    """A POST of the play room: a JSON body in, a JSON answer or a problem out."""
    return {"post": {"summary": summary, "tags": ["play"], "parameters": [],
                     "requestBody": {"required": True, "content": {"application/json": {"schema": request}}},
                     "responses": {"200": _json(answer), **_problems(400, 404, 413, 503)}}}


def _parameters(route: str) -> list[dict]:
    return [spec.openapi(name) for name, spec in PARAMETERS[route].items()]


def _get(route, summary, ok, *codes, tag="words"):
    return {"summary": summary, "tags": [tag], "parameters": _parameters(route),
            "responses": {"200": ok, "304": {"description": "Not modified (If-None-Match)"}, **_problems(*codes)}}


_PATH_NAME = {"name": "name", "in": "path", "required": True, "schema": LEXICON.schema()}


@cache
def document() -> dict:
    words_item = {"type": "string", "maxLength": 256, "pattern": TEXT_PATTERN}
    return {
        "openapi": "3.0.3",
        "info": {"title": "tile-lexicon validation service", "version": "2",
                 "description": "Is this word playable in my game's lexicon? Answers for a pinned version "
                                "(lexicon=name@version) are cacheable for a day; every answer's ETag names the "
                                "version and the answer format (docs/service.md, Caching and versions)."},
        "paths": {
            "/valid": {
                "get": _get("GET /valid", "Validate one word: the verdict document", _json(VERDICT),
                            400, 404, 414, 503),
                "post": {
                    "summary": f"Validate up to {MAX_BATCH:,} words, answers in order", "tags": ["words"],
                    "parameters": _parameters("POST /valid"),
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["words"], "additionalProperties": False,
                        "properties": {"lexicon": LEXICON.schema(),
                                       "words": {"type": "array", "maxItems": MAX_BATCH, "items": words_item},
                                       "detail": {"type": "boolean", "default": False,
                                                  "description": "the full verdict document per word"}}}}}},
                    "responses": {"200": _json({"type": "object", "required": ["lexicon", "version", "results"],
                                                "properties": {"lexicon": _STR, "version": _STR,
                                                               "results": {"type": "array",
                                                                           "items": {"oneOf": [BRIEF, VERDICT]}}}}),
                                  **_problems(400, 404, 413, 414, 503)},
                },
            },
            "/tiles": {"get": _get("GET /tiles", "Every cut of a word into tiles, and which are valid",
                                   _json({"type": "object", "required": ["word", "tilings"],
                                          "properties": {"word": _STR, "normalized": _NSTR, "valid": _BOOL,
                                                         "reason": _NSTR, "detail": _NSTR,
                                                         "lexicon": _STR, "version": _STR,
                                                         "tilings": {"type": "array", "items": {
                                                             "type": "object",
                                                             "properties": {**TILING["properties"],
                                                                            "points": {"type": "array", "items": _INT},
                                                                            "value": _INT, "bag": _BAG,
                                                                            "valid": _BOOL}}}}}),
                                   400, 404, 414, 503)},
            "/anagram": {"get": _get("GET /anagram", "Words from a rack (? is a blank), a page at a time",
                                     _json(PAGE), 400, 404, 414, 503, tag="search")},
            "/pattern": {"get": _get("GET /pattern", "Words matching a pattern (? one tile, * any run), a page at "
                                     "a time", _json(PAGE), 400, 404, 414, 503, tag="search")},
            "/hooks": {"get": _get("GET /hooks", "Tiles that extend a word at the front or back",
                                   _json({"type": "object", "required": ["word", "normalized", "tilings", "front",
                                                                         "back", *SCOPE],
                                          "properties": {"word": _STR, "normalized": _STR, "lexicon": _STR,
                                                         "version": _STR, "tilings": {"type": "array",
                                                                                      "items": TILING},
                                                         "front": _TILES, "back": _TILES} | SCOPE}),
                                   400, 404, 414, 503, tag="search")},
            "/play": _play_post("Judge a whole play: legality, every word formed with its verdict and score, the "
                                "total", PLAY_REQUEST, PLAY_ANSWER),
            "/moves": _play_post("The best plays of a rack on a board: every play found, best first, each as a move "
                                 "of POST /play with its score and words", MOVES_REQUEST, MOVES_ANSWER),
            "/replay": _play_post("Replay a game record (GCG or JSON): every move judged in order, totals, the end "
                                  "of game, and every place the record disagrees with the rules",
                                  REPLAY_REQUEST, REPLAY_ANSWER),
            "/games": {"get": {"summary": "The games served: shipped and published, with what is unverified",
                               "tags": ["play"], "parameters": [],
                               "responses": {"200": _json({"type": "object", "required": ["games"],
                                                           "properties": {"games": {"type": "array",
                                                                                    "items": _GAME_SUMMARY}}}),
                                             **_problems(400)}}},
            "/games/{name}": {"get": {
                "summary": "A game's board, rack, rules, challenge rule, and its unverified and open choices",
                "tags": ["play"], "parameters": [{"name": "name", "in": "path", "required": True, "schema": _GAME}],
                "responses": {"200": _json({"type": "object", "required": ["name", "size", "rack", "source"]}),
                              **_problems(400, 404)}}},
            "/lexicons": {"get": _get("GET /lexicons", "The lexicons served now",
                                      _json({"type": "object", "required": ["lexicons"],
                                             "properties": {"lexicons": {"type": "array"}, "default": _STR}}),
                                      400, tag="lexicons")},
            "/lexicons/{name}": {"get": {
                "summary": "A lexicon's manifest summary, counts, versions and parts of speech", "tags": ["lexicons"],
                "parameters": [_PATH_NAME, *_parameters("GET /lexicons/{name}")],
                "responses": {"200": _json({"type": "object", "required": ["name", "version"]}),
                              "304": {"description": "Not modified"}, **_problems(400, 404, 503)}}},
            "/lexicons/{name}/bundle": {"get": {
                "summary": "The version's bundle: one checksummed file with all a client needs to answer offline "
                           "(docs/bundle.md); Range requests, a strong ETag, immutable when pinned (name@version)",
                "tags": ["lexicons"],
                "parameters": [_PATH_NAME, *_parameters("GET /lexicons/{name}/bundle"),
                               {"name": "Range", "in": "header", "required": False, "schema": _STR,
                                "description": "A byte range (bytes=0-1023)"}],
                "responses": {"200": {"description": "The bundle",
                                      "content": {"application/octet-stream": {"schema": {"type": "string",
                                                                                          "format": "binary"}}}},
                              "206": {"description": "The range asked for",
                                      "content": {"application/octet-stream": {"schema": {"type": "string",
                                                                                          "format": "binary"}}}},
                              "304": {"description": "Not modified"},
                              "416": {"description": "The range is outside the file"},
                              **_problems(400, 404, 503)}}},
            "/lexicons/{name}/words": {"get": {
                "summary": "A custom word list, streamed", "tags": ["lexicons"],
                "parameters": [_PATH_NAME, *_parameters("GET /lexicons/{name}/words")],
                "responses": {"200": {"description": "The words",
                                      "content": {"text/plain": {"schema": _STR},
                                                  "application/json": {"schema": {"type": "array",
                                                                                  "items": _STR}}}},
                              **_problems(400, 404, 414, 503)}}},
            "/healthz": {"get": _get("GET /healthz", "The process is up", _json({"type": "object"}), 400,
                                     tag="operations")},
            "/readyz": {"get": {"summary": "Every lexicon is loaded and verified", "tags": ["operations"],
                                "parameters": _parameters("GET /readyz"),
                                "responses": {"200": _json({"type": "object"}),
                                              "503": _json({"type": "object"}, "Not ready"), **_problems(400)}}},
            "/metrics": {"get": {"summary": "Prometheus metrics", "tags": ["operations"],
                                 "parameters": _parameters("GET /metrics"),
                                 "responses": {"200": {"description": "Prometheus text",
                                                       "content": {"text/plain": {"schema": _STR}}},
                                               **_problems(400)}}},
            "/openapi.json": {"get": {"summary": "This document", "tags": ["operations"],
                                      "responses": {"200": _json({"type": "object"})}}},
            "/": {"get": {"summary": "The web page", "tags": ["operations"],
                          "responses": {"200": {"description": "HTML",
                                                "content": {"text/html": {"schema": _STR}}}}}},
        },
    }
