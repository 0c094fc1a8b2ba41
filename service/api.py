"""The JSON API: thin views that read their declared parameters, call the library and answer with
its documents (lexicon.verdict, lexicon.pages)."""

from __future__ import annotations

import orjson
from flask import Blueprint, Response, current_app, request, send_file, stream_with_context

from lexicon import InputError, Lexicon, LimitExceeded, parse_notation
from lexicon.errors import ArtifactError
from lexicon.search import MAX_PATTERN_CHARS, MAX_RACK_CHARS
from lexicon.tiling import notation_tilings
from lexicon.verdict import tiles_document

from . import params
from .answers import IMMUTABLE, REVALIDATE, dumps, etag, respond

api = Blueprint("api", __name__)

#: Most words in one POST /valid (documented in the OpenAPI document).
MAX_BATCH = 10_000

#: Every endpoint's query parameters (the OpenAPI document is written from these too).
PARAMETERS: dict[str, dict[str, params.Spec]] = {
    "GET /valid": {"word": params.JUDGED_WORD, "lexicon": params.LEXICON},
    "POST /valid": {"lexicon": params.LEXICON},
    "GET /tiles": {"word": params.WORD, "lexicon": params.LEXICON},
    "GET /anagram": {"rack": params.Text("The rack: each letter a tile, [SZ] a tile of several letters, ? a blank",
                                         required=True, max_chars=MAX_RACK_CHARS, min_chars=1),
                     "lexicon": params.LEXICON, "sub": params.Flag("Also words using part of the rack"),
                     "order": params.order("length"), "offset": params.OFFSET, "limit": params.LIMIT},
    "GET /pattern": {"q": params.Text("Pattern: ? one tile, * any run, letters and [tiles] themselves", required=True,
                                      max_chars=MAX_PATTERN_CHARS, min_chars=1),
                     "lexicon": params.LEXICON, "order": params.order("alpha"), "offset": params.OFFSET,
                     "limit": params.LIMIT},
    "GET /hooks": {"word": params.WORD, "lexicon": params.LEXICON},
    "GET /lexicons": {},
    "GET /lexicons/{name}": {},
    "GET /lexicons/{name}/bundle": {},
    "GET /lexicons/{name}/words": {
        "format": params.Choice("txt (one word a line) or json", options=("txt", "json"), default="txt"),
        "field": params.Choice("key, display (as written) or tiles (notation)", options=("key", "display", "tiles"),
                               default="key"),
        **{k: params.Integer(k.replace("_", " "), low=0, high=64)
           for k in ("min_length", "max_length", "min_tiles", "max_tiles")},
        "pos": params.Text("Part of speech, one of the lexicon's (GET /lexicons/{name} lists them)", max_chars=64,
                           min_chars=1),
        "prefix": params.Text("Words starting with these letters", max_chars=64, min_chars=1),
        "contains": params.Text("Words containing these letters", max_chars=64, min_chars=1),
        "kind": params.Choice("headword or inflected", options=("headword", "inflected")),
        "limit": params.Integer("Most words", low=1, high=10_000_000),
    },
    "GET /healthz": {}, "GET /readyz": {}, "GET /metrics": {},
}


def registry():
    return current_app.extensions["lexicon.registry"]


def metrics():
    return current_app.extensions["lexicon.metrics"]


def lexicon_for(spec: str | None) -> tuple[Lexicon, bool]:
    """The lexicon asked for (or the default), and whether the request pinned a version."""
    spec = spec or current_app.config["DEFAULT_LEXICON"]
    return registry().get(spec), "@" in spec


@api.get("/valid")
def valid():
    p = params.read(PARAMETERS["GET /valid"])
    lex, pinned = lexicon_for(p["lexicon"])
    memo = current_app.extensions["lexicon.answers"](lex)
    ok, body, tag = memo.full(p["word"])
    counters = metrics()
    counters.words(1, int(ok))
    counters.cache(*memo.counts())
    return respond(body, lex, pinned=pinned, tag=tag)


@api.post("/valid")
def valid_batch():
    query = params.read(PARAMETERS["POST /valid"])
    if not (request.mimetype or "").endswith("json"):
        raise InputError("the body must be JSON (Content-Type: application/json)", parameter="body")
    raw = request.get_data(cache=False)
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:  # also JSON nested deeper than the parser allows
        raise InputError(f"the body is not valid JSON: {exc}", parameter="body") from None
    if not isinstance(body, dict):
        raise InputError('the body must be a JSON object: {"lexicon": "sv-betapet", "words": ["…"]}',
                         parameter="body")
    fields = ("lexicon", "words", "detail")
    unknown = [k for k in body if k not in fields]
    if unknown:
        raise InputError(f"unknown field {unknown[0][:40]!r} in the body; it takes {', '.join(fields)}",
                         parameter=unknown[0][:40], allowed=list(fields))
    words, spec, detail = body.get("words"), body.get("lexicon"), body.get("detail", False)
    if not isinstance(words, list) or not {*map(type, words)} <= {str}:  # a set of the types: no loop in Python
        raise InputError("'words' must be a list of strings", parameter="words")
    if len(words) > MAX_BATCH:
        raise LimitExceeded(f"{len(words)} words in one request; the limit is {MAX_BATCH}", parameter="words",
                            code="too-large")
    if not isinstance(detail, bool):
        raise InputError("'detail' must be true or false", parameter="detail")
    if spec is not None and not isinstance(spec, str):
        raise InputError("'lexicon' must be a string", parameter="lexicon")
    if spec is not None and query["lexicon"] is not None and spec != query["lexicon"]:
        raise InputError(f"the query names lexicon {query['lexicon']!r} and the body {spec!r}; name it once",
                         parameter="lexicon")
    if spec is not None:
        params.LEXICON.parse("lexicon", spec)
    lex, pinned = lexicon_for(spec or query["lexicon"])
    if detail:  # a word `check` refuses answers as the brief answer does, with every field
        results = [(lex.refused(w) or lex.check(w, detail=False)).as_dict() for w in words]
        listed, valid = dumps(results), sum(1 for r in results if r["valid"])
    else:  # the C library's batch, as orjson writes the brief answers
        listed, valid = lex.brief_json(words)
    metrics().words(len(words), valid)
    answer = b"".join((b'{"lexicon":', dumps(lex.name), b',"version":', dumps(lex.version), b',"results":', listed,
                       b"}"))
    # The answer is a function of the version, the answer format and the request, so hashing the request is
    # as strong a validator as hashing the answer, and cheaper.
    return respond(answer, lex, pinned=pinned, tag=etag(lex, request.query_string, raw))


@api.get("/lexicons")
def lexicons():
    params.read(PARAMETERS["GET /lexicons"])
    reg = registry()
    items = []
    for name in reg.names():
        lex = reg.get(name)
        items.append({"name": name, "version": lex.version, "description": lex.manifest.get("description", ""),
                      "words": len(lex), "profile": lex.profile.name, "tileset": lex.alphabet.name,
                      "versions": reg.versions(name)})
    return respond({"lexicons": items, "default": current_app.config["DEFAULT_LEXICON"]})


@api.get("/lexicons/<name>")
def lexicon(name: str):
    params.read(PARAMETERS["GET /lexicons/{name}"])
    lex, _ = lexicon_for(name)
    summary = lex.summary(paths=False) | {"versions": registry().versions(lex.name),
                                           "profile": lex.profile.as_dict(), "parts_of_speech": lex.parts_of_speech()}
    return respond(summary, lex)  # pinned or not: `versions` changes with every version published


@api.get("/lexicons/<name>/words")
def words(name: str):
    p = params.read(PARAMETERS["GET /lexicons/{name}/words"])
    lex, _ = lexicon_for(name)
    fmt, field = p.pop("format"), p.pop("field")
    if p["pos"] is not None and p["pos"] not in lex.parts_of_speech():
        raise InputError(f"'pos' must be one of {lex.name}'s parts of speech: {', '.join(lex.parts_of_speech())}",
                         parameter="pos", allowed=lex.parts_of_speech())
    rows = lex.export(field, **p)
    first = next(rows, None)  # parameters are checked (and may raise) before streaming starts

    def stream():
        items = rows if first is None else _chain(first, rows)
        if fmt == "json":
            yield "["
            for i, word in enumerate(items):
                yield ("," if i else "") + orjson.dumps(word).decode()
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


@api.get("/lexicons/<name>/bundle")
def bundle(name: str):
    """The version's bundle (docs/bundle.md): the file itself, with Range requests and a strong ETag (its
    SHA-256), immutable for a pinned version, so a CDN or a browser cache carries it."""
    params.read(PARAMETERS["GET /lexicons/{name}/bundle"])
    lex, pinned = lexicon_for(name)
    entry = lex.manifest.get("bundle")
    if entry is None:
        raise ArtifactError(f"{lex.spec} was built before versions carried a bundle: rebuild it, or write one "
                            f"with `lexicon bundle {lex.spec}`", code="unknown-lexicon")
    response = send_file(lex.path / entry["file"], mimetype="application/octet-stream", conditional=True,
                         etag=entry["sha256"], download_name=f"{lex.name}-{lex.version}.bundle", max_age=None)
    response.headers["X-Lexicon-Version"] = lex.spec
    response.headers["Cache-Control"] = IMMUTABLE if pinned else REVALIDATE
    return response


def _chain(first, rest):
    yield first
    yield from rest


@api.get("/tiles")
def tiles():
    p = params.read(PARAMETERS["GET /tiles"])
    lex, pinned = lexicon_for(p["lexicon"])
    word = p["word"]
    verdict = lex.check(word, detail=False)
    cuts = []
    if verdict.normalized is not None:  # the text is letters or readable tile notation
        cuts = notation_tilings(parse_notation(word, lex.alphabet, lex.normalizer.key), lex.alphabet, lex.policy)
    return respond({"word": word, "normalized": verdict.normalized, "lexicon": lex.name, "version": lex.version,
                    "valid": verdict.valid, "reason": verdict.reason, "detail": verdict.detail,
                    "tilings": [tiles_document(lex.alphabet, cut) | {"valid": cut in verdict.tilings}
                                for cut in cuts]}, lex, pinned=pinned)


@api.get("/anagram")
def anagram():
    p = params.read(PARAMETERS["GET /anagram"])
    lex, pinned = lexicon_for(p["lexicon"])
    found = lex.anagram(p["rack"], sub=p["sub"], order=p["order"], offset=p["offset"], limit=p["limit"])
    return respond({"rack": p["rack"], "lexicon": lex.name, "version": lex.version} | found.as_dict(lex.alphabet)
                   | lex.search_scope(),
                   lex, pinned=pinned)


@api.get("/pattern")
def pattern():
    p = params.read(PARAMETERS["GET /pattern"])
    lex, pinned = lexicon_for(p["lexicon"])
    found = lex.pattern(p["q"], order=p["order"], offset=p["offset"], limit=p["limit"])
    return respond({"q": p["q"], "lexicon": lex.name, "version": lex.version} | found.as_dict(lex.alphabet)
                   | lex.search_scope(),
                   lex, pinned=pinned)


@api.get("/hooks")
def hooks():
    p = params.read(PARAMETERS["GET /hooks"])
    lex, pinned = lexicon_for(p["lexicon"])
    return respond({"lexicon": lex.name, "version": lex.version} | lex.hooks(p["word"]) | lex.search_scope(), lex,
                   pinned=pinned)


@api.get("/healthz")
def healthz():
    params.read(PARAMETERS["GET /healthz"])
    return respond({"status": "ok"})


@api.get("/readyz")
def readyz():
    params.read(PARAMETERS["GET /readyz"])
    ok, report = registry().ready()
    return respond({"ready": ok, "lexicons": report}, status=200 if ok else 503)


@api.get("/metrics")
def metrics_view():
    params.read(PARAMETERS["GET /metrics"])
    reg = registry()
    loaded = {name: reg.get(name).version for name in reg.names()}
    return Response(metrics().render(loaded), mimetype="text/plain; version=0.0.4")
