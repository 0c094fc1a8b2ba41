"""The OpenAPI 3 document served at /openapi.json. A test checks every route is described here."""

from __future__ import annotations

from functools import cache

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
