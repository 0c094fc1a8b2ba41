"""The JSON API: thin views that read parameters, call the library and format the answer."""

from __future__ import annotations

import json
from operator import itemgetter

from flask import Blueprint, Response, current_app, request, stream_with_context

from lexicon import InputError, artifacts, normalizer_for, notation_letters, notation_tilings, parse_notation
from lexicon.lookup import Lexicon

from . import params
from .answers import answers_for, cache_headers, etag, tiles_json
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


def answer(data, lex: Lexicon | None = None, pinned: bool = False, status: int = 200, tag: str | None = None
           ) -> Response:
    """JSON (a dict, or bytes already serialised) with caching headers for a lexicon's answers,
    and 304 when the client already has this answer."""
    body = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if lex is None:
        return Response(body, status=status, mimetype="application/json")
    headers = cache_headers(lex, pinned, tag or etag(lex, body))
    # 304 is an answer to a conditional GET or HEAD only (RFC 9110 §13.1.2); a batch POST answers in full.
    if request.method in ("GET", "HEAD") and headers[1][1] in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers=headers[1:])
    return Response(body, status=status, mimetype="application/json", headers=headers)


@api.get("/valid")
def valid():
    # The common case never reaches this view: service.front answers it before Flask does.
    word = params.text("word")
    lex, pinned = lexicon_param()
    ok, body, tag = answers_for(lex).full(word)
    metrics().words(1, int(ok))
    return answer(body, lex, pinned, tag=tag)


@api.post("/valid")
def valid_batch():
    if not (request.mimetype or "").endswith("json"):
        raise InputError("the body must be JSON (Content-Type: application/json)")
    raw = request.get_data(cache=False)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser allows
        raise InputError("the body is not valid JSON (or nests too deep)") from None
    if not isinstance(body, dict):
        raise InputError('the body must be a JSON object: {"lexicon": "sv-betapet", "words": ["…"]}')
    unknown = set(body) - {"lexicon", "words", "detail"}
    if unknown:
        raise InputError(f"unknown field {sorted(unknown)[0][:40]!r} in the body (allowed: lexicon, words, detail)")
    words = body.get("words")
    if not isinstance(words, list) or set(map(type, words)) - {str}:
        raise InputError("'words' must be a list of strings")
    if len(words) > MAX_BATCH:
        raise TooLarge(f"{len(words)} words in one request; the limit is {MAX_BATCH}")
    if words and max(map(len, words)) > params.MAX_WORD_CHARS:
        i = next(i for i, w in enumerate(words) if len(w) > params.MAX_WORD_CHARS)
        raise TooLong(f"word {i} is {len(words[i])} characters long; the limit is {params.MAX_WORD_CHARS}")
    params.check_texts("words", words)
    spec = body.get("lexicon") or current_app.config["DEFAULT_LEXICON"]
    detail = body.get("detail", False)
    if not isinstance(spec, str) or not isinstance(detail, bool):
        raise InputError("'lexicon' must be a string and 'detail' true or false")
    lex = registry().get(spec)
    memo = answers_for(lex)
    answered = list(map(memo.batch_full if detail else memo.brief, words))  # memoised: mostly C calls
    metrics().words(len(words), sum(map(itemgetter(0), answered)))
    head = json.dumps({"lexicon": lex.name, "version": lex.version}, ensure_ascii=False,
                      separators=(",", ":"))[:-1].encode()
    # The answer is a function of the version and the request body, so the body's hash is as strong
    # a validator as the answer's, and hashing it is several times cheaper.
    return answer(head + b',"results":[' + b",".join(map(itemgetter(1), answered)) + b"]}", lex,
                  "@" in spec, tag=etag(lex, raw))


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
    verdict = answers_for(lex).answer(word)
    valid = [tuple(t) for t in verdict.get("tilings", [verdict["tiles"]] if verdict["valid"] else [])]
    return answer({"word": word, "normalized": key, "lexicon": lex.name, "version": lex.version,
                   "valid": verdict["valid"],
                   "tilings": [tiles_json(lex, cut) | {"valid": cut in valid} for cut in cuts]}, lex, pinned)


def _items(lex: Lexicon, results) -> list[dict]:
    """Search results with their face value: a tile a blank plays scores 0."""
    return [{"word": r.word, "tiles": list(r.tiles), "blanks": list(r.blanks),
             "value": lex.alphabet.face_value(r.tiles, r.blanks)} for r in results]


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
