"""The JSON API: thin views that read parameters, call the library and format the answer."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Response, current_app, request, stream_with_context

from lexicon import InputError, artifacts, normalizer_for, notation_letters, notation_tilings, parse_notation
from lexicon.lookup import Lexicon

from . import params
from .answers import batch_answer, cached_check, tiles_json
from .problems import TooLarge, TooLong

api = Blueprint("api", __name__)

#: Most words in one POST /valid (documented in the OpenAPI document).
MAX_BATCH = 10_000


def registry():
    return current_app.extensions["lexicon.registry"]


def metrics():
    return current_app.extensions["lexicon.metrics"]


def lexicon_param() -> tuple[Lexicon, bool]:
    """The lexicon asked for (or the default), and whether the request pinned a version."""
    spec = request.args.get("lexicon") or current_app.config["DEFAULT_LEXICON"]
    return registry().get(spec), "@" in spec


def answer(data, lex: Lexicon | None = None, pinned: bool = False, status: int = 200) -> Response:
    """JSON with caching headers: a pinned version's answers are immutable; others say which version
    answered and can be revalidated."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    response = Response(body, status=status, mimetype="application/json")
    if lex is not None:
        response.headers["X-Lexicon-Version"] = lex.spec
        etag = f'"{lex.version}-{hashlib.blake2b(body, digest_size=8).hexdigest()}"'
        response.headers["ETag"] = etag
        response.headers["Cache-Control"] = ("public, max-age=31536000, immutable" if pinned
                                             else "public, no-cache")
        if etag in request.headers.get("If-None-Match", ""):
            return Response(status=304, headers={"ETag": etag, "Cache-Control": response.headers["Cache-Control"]})
    return response


@api.get("/valid")
def valid():
    word = params.text("word")
    lex, pinned = lexicon_param()
    data = cached_check(lex)(word)
    metrics().words(1, int(data["valid"]))
    return answer(data, lex, pinned)


@api.post("/valid")
def valid_batch():
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise InputError('the body must be a JSON object: {"lexicon": "sv-betapet", "words": ["…"]}')
    unknown = set(body) - {"lexicon", "words"}
    if unknown:
        raise InputError(f"unknown field {sorted(unknown)[0][:40]!r} in the body (allowed: lexicon, words)")
    words = body.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise InputError("'words' must be a list of strings")
    if len(words) > MAX_BATCH:
        raise TooLarge(f"{len(words)} words in one request; the limit is {MAX_BATCH}")
    spec = body.get("lexicon") or current_app.config["DEFAULT_LEXICON"]
    if not isinstance(spec, str):
        raise InputError("'lexicon' must be a string")
    lex = registry().get(spec)
    check = cached_check(lex)
    results = []
    for i, word in enumerate(words):
        if len(word) > params.MAX_WORD_CHARS:
            raise TooLong(f"word {i} is {len(word)} characters long; the limit is {params.MAX_WORD_CHARS}")
        results.append(batch_answer(lex, check, word))
    metrics().words(len(results), sum(r["valid"] for r in results))
    return answer({"lexicon": lex.name, "version": lex.version, "results": results}, lex, "@" in spec)


@api.get("/lexicons")
def lexicons():
    reg = registry()
    items = []
    for name in reg.names():
        lex = reg.get(name)
        items.append({"name": name, "version": lex.version, "description": lex.manifest.get("description", ""),
                      "words": len(lex), "profile": lex.profile.name, "tileset": lex.alphabet.name,
                      "versions": artifacts.versions(reg.root, name)})
    return answer({"lexicons": items, "default": current_app.config["DEFAULT_LEXICON"]})


@api.get("/lexicons/<name>")
def lexicon(name: str):
    lex = registry().get(name)
    summary = lex.summary() | {"versions": artifacts.versions(registry().root, lex.name),
                               "profile": lex.profile.as_dict()}
    return answer(summary, lex, "@" in name)


@api.get("/lexicons/<name>/words")
def words(name: str):
    lex = registry().get(name)
    fmt = params.choice("format", ("txt", "json"), "txt")
    field = params.choice("field", ("key", "display", "tiles"), "key")
    filters = {key: params.integer(key, None, 0, 64) for key in ("min_length", "max_length", "min_tiles", "max_tiles")}
    for key in ("pos", "prefix", "contains"):
        filters[key] = params.text(key, required=False, max_chars=64)
    filters["kind"] = params.choice("kind", ("", "headword", "inflected"), "") or None
    filters["limit"] = params.integer("limit", None, 1, 10_000_000)
    rows = lex.export(field, **filters)
    first = next(rows, None)  # parameters are checked (and may raise) before streaming starts

    def stream():
        items = rows if first is None else _chain(first, rows)
        if fmt == "json":
            yield "["
            for i, word in enumerate(items):
                yield ("," if i else "") + json.dumps(word, ensure_ascii=False)
            yield "]\n"
        else:
            batch = []
            for word in items:
                batch.append(word)
                if len(batch) == 5000:
                    yield "\n".join(batch) + "\n"
                    batch = []
            if batch:
                yield "\n".join(batch) + "\n"

    mimetype = "application/json" if fmt == "json" else "text/plain"
    response = Response(stream_with_context(stream()), mimetype=mimetype)
    response.headers["X-Lexicon-Version"] = lex.spec
    return response


def _chain(first, rest):
    yield first
    yield from rest


@api.get("/tiles")
def tiles():
    word = params.text("word")
    lex, pinned = lexicon_param()
    alphabet = lex.alphabet
    segments = parse_notation(word, alphabet, normalizer_for(alphabet).key)
    cuts = notation_tilings(segments, alphabet, lex.policy)
    key = notation_letters(segments)
    verdict = cached_check(lex)(word)
    valid = [tuple(t) for t in verdict.get("tilings", [verdict["tiles"]] if verdict["valid"] else [])]
    return answer({"word": word, "normalized": key, "lexicon": lex.name, "version": lex.version,
                   "valid": verdict["valid"],
                   "tilings": [tiles_json(lex, cut) | {"valid": cut in valid} for cut in cuts]}, lex, pinned)


def _items(lex: Lexicon, results) -> list[dict]:
    return [{"word": r.word, "tiles": list(r.tiles), "value": lex.alphabet.face_value(r.tiles)} for r in results]


@api.get("/anagram")
def anagram():
    rack = params.text("rack", max_chars=32)
    limit, sub = params.limit(), params.flag("sub")
    lex, pinned = lexicon_param()
    found = lex.anagram(rack, limit=limit, sub=sub)
    return answer({"rack": rack, "lexicon": lex.name, "version": lex.version, "words": _items(lex, found)}, lex, pinned)


@api.get("/pattern")
def pattern():
    query = params.text("q", max_chars=64)
    limit = params.limit()
    lex, pinned = lexicon_param()
    found = lex.pattern(query, limit=limit)
    return answer({"q": query, "lexicon": lex.name, "version": lex.version, "words": _items(lex, found)}, lex, pinned)


@api.get("/hooks")
def hooks():
    word = params.text("word")
    lex, pinned = lexicon_param()
    return answer({"word": word, "lexicon": lex.name, "version": lex.version} | lex.hooks(word), lex, pinned)


@api.get("/healthz")
def healthz():
    return answer({"status": "ok"})


@api.get("/readyz")
def readyz():
    ok, report = registry().ready()
    return answer({"ready": ok, "lexicons": report}, status=200 if ok else 503)


@api.get("/metrics")
def metrics_view():
    reg = registry()
    loaded = {name: reg.get(name).version for name in reg.names()}
    return Response(metrics().render(loaded), mimetype="text/plain; version=0.0.4")
