"""The OpenAPI 3 document served at /openapi.json. A test checks every route is described here."""

from __future__ import annotations

from functools import cache

from lexicon import game_names, load_game

from .api import MAX_BATCH
from .params import DEFAULT_LIMIT, MAX_LIMIT, TEXT_PATTERN

_NAME = {"type": "string", "example": "sv-betapet", "pattern": "^[a-z]{2,3}(-[a-z0-9]+){1,4}(@[0-9a-f]{12})?$",
         "description": "Lexicon name, or name@version (12 hex digits) to pin a version; default sv-betapet"}


def _text(max_length: int) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": max_length, "pattern": TEXT_PATTERN}

_STR = {"type": "string"}
_NSTR = {"type": "string", "nullable": True}
_INT = {"type": "integer"}
_TILES = {"type": "array", "items": _STR}


def _q(name, description, schema=None, required=False):
    return {"name": name, "in": "query", "required": required, "description": description,
            "schema": schema or {"type": "string"}}


_LEXICON = _q("lexicon", "Lexicon name or name@version", _NAME)
_LIMIT = _q("limit", f"Most results (1–{MAX_LIMIT})",
            {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT})

_BAG = {"type": "object", "properties": {"formable": {"type": "boolean"}, "blanks": _INT,
                                           "short": {"type": "object", "additionalProperties": _INT}},
        "required": ["formable", "blanks"]}
_TILE_INFO = {"tiles": _TILES, "notation": _STR, "tile_count": _INT, "points": {"type": "array", "items": _INT},
              "value": _INT, "bag": _BAG}
VERDICT = {
    "type": "object",
    "required": ["word", "valid", "lexicon", "version"],
    "properties": {
        "word": _STR, "normalized": _NSTR, "valid": {"type": "boolean"}, "lexicon": _STR, "version": _STR,
        "reason": {"type": "string", "nullable": True,
                   "description": "not-in-lexicon, non-letter, empty, too-short, too-long, wrong-tiling, "
                                  "excluded:<rule>"},
        "detail": _NSTR, "kind": _NSTR, "pos": _NSTR, "lemma": _NSTR, "tag": _NSTR,
        "tilings": {"type": "array", "items": _TILES},
        "excluded": {"type": "object", "additionalProperties": True},
        **_TILE_INFO,
    },
}
#: A batch answer per word: the short form unless the request asks for "detail": true.
BATCH_ITEM = {"type": "object", "required": ["word", "valid"], "properties": VERDICT["properties"]}
PROBLEM = {"type": "object", "required": ["type", "title", "status", "detail"],
           "properties": {"type": _STR, "title": _STR, "status": _INT, "detail": _STR, "position": _INT}}
WORDS = {"type": "object", "required": ["lexicon", "version", "words"],
         "properties": {"lexicon": _STR, "version": _STR, "rack": _STR, "q": _STR,
                        "words": {"type": "array", "items": {"type": "object", "required": ["word", "tiles"],
                                                             "properties": {"word": _STR, "tiles": _TILES,
                                                                            "blanks": {"type": "array",
                                                                                       "items": _INT},
                                                                            "value": _INT}}}}}

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
PLAY_REQUEST = {
    "type": "object", "required": ["game", "board", "move"], "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "enum": game_names()},
        "lexicon": _NAME | {"description": "Lexicon name or name@version; default: the game's own"},
        "board": _ROWS | {"description": "One string per row: . empty, a tile (upper case), a blank (lower case), "
                                         "a multi-letter tile in brackets ([CS]); spaces are ignored"},
        "heights": {"type": "array", "minItems": 2, "maxItems": 26,
                    "items": {"type": "string", "pattern": "^[0-9]+$"},
                    "description": "Stacking games: the height of every square, one digit a square"},
        "layout": {"oneOf": [{"type": "string", "description": "a layout of the game by name (klassisk)"},
                             {"type": "array", "minItems": 2, "maxItems": 26,
                              "items": {"type": "string", "pattern": "^[.dtDT]+$"},
                              "description": "premium codes a row: . plain, d t letter ×2 ×3, D T word ×2 ×3"}]},
        "move": {"oneOf": [
            {"type": "array", "minItems": 1, "maxItems": max(load_game(n).rack for n in game_names()),
             "items": _PLACEMENT},
            {"type": "object", "required": ["word", "start"], "additionalProperties": False,
             "properties": {"word": {"type": "string", "minLength": 1,
                                     "description": "tile notation, lower case a blank"},
                            "start": {"type": "string", "pattern": "^[A-Za-z][0-9]{1,2}$"},
                            "direction": {"type": "string", "enum": ["across", "down"], "default": "across"}}}]},
        "rack": {"type": "string", "description": "The player's rack, ? a blank; checked when given"},
        "detail": {"type": "boolean", "default": False,
                   "description": "each word's verdict in full (readings, tilings), not in short"},
    },
}
_BONUS = {"type": "object", "required": ["kind", "points"],
          "properties": {"kind": _STR, "points": _INT, "detail": _STR}}
_PLAY_WORD = {
    "type": "object",
    "required": ["word", "notation", "tiles", "squares", "new", "direction", "main", "valid", "reason", "verdict",
                 "score", "scoring"],
    "properties": {"word": _STR, "notation": _STR, "tiles": _TILES, "squares": {"type": "array", "items": _STR},
                   "new": {"type": "array", "items": {"type": "boolean"}},
                   "direction": {"type": "string", "enum": ["across", "down"]}, "main": {"type": "boolean"},
                   "valid": {"type": "boolean"}, "reason": _NSTR,
                   "verdict": {"type": "object", "additionalProperties": True,
                               "description": "the word's verdict: in short, or in full with detail"},
                   "score": _INT,
                   "scoring": {"type": "object", "additionalProperties": True,
                               "description": "letters: points (face values), premiums (square → DL TL DW TW), "
                                              "letters, word_multiplier; cubes: heights, points, first_level, "
                                              "cubes, rare (square → bonus)"}},
}
PLAY_ANSWER = {
    "type": "object",
    "required": ["game", "lexicon", "version", "legal", "errors", "first_move", "direction", "placed", "words",
                 "bonus", "bonuses", "score_if_valid", "score", "challenge"],
    "properties": {
        "game": _STR, "lexicon": _STR, "version": _STR, "legal": {"type": "boolean"},
        "errors": {"type": "array", "items": {"type": "object", "required": ["code", "message"],
                                              "properties": {"code": _STR, "message": _STR, "square": _NSTR}}},
        "first_move": {"type": "boolean"}, "direction": {"type": "string", "nullable": True},
        "placed": {"type": "array", "items": {"type": "object", "properties": {
            "square": _STR, "row": _INT, "col": _INT, "tile": _STR, "blank": {"type": "boolean"}}}},
        "words": {"type": "array", "items": _PLAY_WORD},
        "bonus": _INT, "bonuses": {"type": "array", "items": _BONUS},
        "score_if_valid": {"type": "integer", "nullable": True}, "score": _INT,
        "challenge": {"type": "object", "required": ["upheld", "invalid"],
                      "properties": {"upheld": {"type": "boolean"}, "invalid": {"type": "array", "items": _STR}}},
    },
}


def _json(schema, description="OK"):
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _problems(*codes):
    text = {400: "Bad parameters", 404: "Unknown lexicon", 413: "Body or batch too large",
            414: "Word too long", 503: "The lexicon failed verification"}
    return {str(c): {"description": text[c], "content": {"application/problem+json": {"schema": PROBLEM}}}
            for c in codes}


def _get(summary, parameters, ok, *codes, tag="words"):
    return {"get": {"summary": summary, "tags": [tag], "parameters": parameters,
                    "responses": {"200": ok, "304": {"description": "Not modified (If-None-Match)"},
                                  **_problems(*codes)}}}


@cache
def document() -> dict:
    word = _q("word", "A word as letters (ALLÉ) or tile notation (HÁ[Z][S]OR, or a JSON array of tiles)",
              _text(256), required=True)
    return {
        "openapi": "3.0.3",
        "info": {"title": "tile-lexicon validation service", "version": "1",
                 "description": "Is this word playable in my game's lexicon? Answers for a pinned version "
                                "(lexicon=name@version) are immutable and cacheable."},
        "paths": {
            "/valid": {
                **_get("Validate one word", [word, _LEXICON], _json(VERDICT), 400, 404, 414, 503),
                "post": {
                    "summary": f"Validate up to {MAX_BATCH:,} words, answers in order", "tags": ["words"],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["words"], "additionalProperties": False,
                        "properties": {"lexicon": _NAME,
                                       "words": {"type": "array", "maxItems": MAX_BATCH,
                                                 "items": _text(256) | {"minLength": 0}},
                                       "detail": {"type": "boolean", "default": False,
                                                  "description": "full answers (tiles, points, bag) per word"}
                                       }}}}},
                    "responses": {"200": _json({"type": "object", "required": ["lexicon", "version", "results"],
                                                "properties": {"lexicon": _STR, "version": _STR,
                                                               "results": {"type": "array", "items": BATCH_ITEM}}}),
                                  **_problems(400, 404, 413, 414, 503)},
                },
            },
            "/tiles": _get("Every cut of a word into tiles, and which are valid", [word, _LEXICON],
                           _json({"type": "object", "required": ["word", "tilings"],
                                  "properties": {"word": _STR, "normalized": _STR, "valid": {"type": "boolean"},
                                                 "lexicon": _STR, "version": _STR,
                                                 "tilings": {"type": "array", "items": {
                                                     "type": "object",
                                                     "properties": {**_TILE_INFO, "valid": {"type": "boolean"}}}}}}),
                           400, 404, 414, 503),
            "/anagram": _get("Words from a rack (? is a blank)",
                             [_q("rack", "Rack letters or tile notation, ? for a blank", _text(32), True),
                              _LEXICON, _LIMIT,
                              _q("sub", "Also words using part of the rack", {"type": "boolean", "default": False})],
                             _json(WORDS), 400, 404, 414, 503, tag="search"),
            "/pattern": _get("Words matching a pattern (? one tile, * any run)",
                             [_q("q", "Pattern", _text(64), True), _LEXICON, _LIMIT],
                             _json(WORDS), 400, 404, 414, 503, tag="search"),
            "/hooks": _get("Tiles that extend a word at the front or back", [word, _LEXICON],
                           _json({"type": "object", "properties": {"word": _STR, "front": _TILES,
                                                                    "back": _TILES}}), 400, 404, 414, 503,
                           tag="search"),
            "/play": {"post": {
                "summary": "Judge a whole play: legality, every word formed with its verdict and score, the total",
                "tags": ["play"],
                "requestBody": {"required": True, "content": {"application/json": {"schema": PLAY_REQUEST}}},
                "responses": {"200": _json(PLAY_ANSWER), **_problems(400, 404, 413, 503)}}},
            "/lexicons": _get("The lexicons served", [], _json({"type": "object", "required": ["lexicons"],
                                                              "properties": {"lexicons": {"type": "array"},
                                                                             "default": _STR}}), tag="lexicons"),
            "/lexicons/{name}": {"get": {
                "summary": "A lexicon's manifest summary, counts and versions", "tags": ["lexicons"],
                "parameters": [{"name": "name", "in": "path", "required": True, "schema": _NAME}],
                "responses": {"200": _json({"type": "object", "required": ["name", "version"]}),
                              "304": {"description": "Not modified"}, **_problems(400, 404, 503)}}},
            "/lexicons/{name}/words": {"get": {
                "summary": "A custom word list, streamed", "tags": ["lexicons"],
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": _NAME},
                    _q("format", "txt (one a line) or json", {"type": "string", "enum": ["txt", "json"]}),
                    _q("field", "key, display (as written) or tiles (notation)",
                       {"type": "string", "enum": ["key", "display", "tiles"]}),
                    *[_q(k, k.replace("_", " "), {"type": "integer", "minimum": 0, "maximum": 64})
                      for k in ("min_length", "max_length", "min_tiles", "max_tiles")],
                    _q("pos", "Part of speech", _text(64)),
                    _q("prefix", "Starting with", _text(64)),
                    _q("contains", "Containing", _text(64)),
                    _q("kind", "headword or inflected", {"type": "string", "enum": ["headword", "inflected"]}),
                    _q("limit", "Most words", {"type": "integer", "minimum": 1, "maximum": 10_000_000}),
                ],
                "responses": {"200": {"description": "The words",
                                      "content": {"text/plain": {"schema": _STR},
                                                  "application/json": {"schema": {"type": "array",
                                                                                  "items": _STR}}}},
                              **_problems(400, 404, 414, 503)}}},
            "/healthz": _get("The process is up", [], _json({"type": "object"}), tag="operations"),
            "/readyz": {"get": {"summary": "Every lexicon is loaded and verified", "tags": ["operations"],
                                "responses": {"200": _json({"type": "object"}),
                                              "503": _json({"type": "object"}, "Not ready")}}},
            "/metrics": {"get": {"summary": "Prometheus metrics", "tags": ["operations"],
                                 "responses": {"200": {"description": "Prometheus text",
                                                       "content": {"text/plain": {"schema": _STR}}}}}},
            "/openapi.json": {"get": {"summary": "This document", "tags": ["operations"],
                                      "responses": {"200": _json({"type": "object"})}}},
            "/": {"get": {"summary": "The web page", "tags": ["operations"],
                          "responses": {"200": {"description": "HTML",
                                                "content": {"text/html": {"schema": _STR}}}}}},
        },
    }
