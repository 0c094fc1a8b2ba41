"""The two requests whose answers cost less than Flask's work around them, answered before Flask:
`GET /valid` (one word, plain), the request games send most, and `POST /moves`.

Flask's request and response objects, routing, hooks and its extensions' after-request work cost
more than a word's answer, and about a third of a best-plays answer (`python -m bench service` and
`python -m bench stacks`, docs/benchmarks.md). This WSGI layer answers the plain request with the
same parts the view uses (the registry, the answer memo, the metrics, `etag` and the caching headers)
and the same headers the extensions add, and hands everything else to Flask unchanged: another method
or path, a conditional request, an origin restriction, any parameter the view would refuse, an
unknown lexicon, an error. So every refusal is still Flask's problem document, and the fast path only
ever writes 200s that Flask would have written byte for byte (tests/test_fast_path.py holds the two to
each other). An answer large enough to compress, for a client that accepts it, is flask-compress's to
write; a best-plays answer, or its refusal, already worked out goes to the view with the request
(`prepared`), so no request is worked out twice.
"""

from __future__ import annotations

import io
import time
from urllib.parse import parse_qsl

import orjson
from flask import Flask
from werkzeug.http import quote_etag

from lexicon import LexiconError
from lexicon.play.moves import moves_request
from lexicon.play.request import parse_json

from . import params
from .answers import CONDITIONAL, PINNED, REVALIDATE, etag
from .extensions import EXPOSED, origins
from .hooks import malformed_query

_SPECS = {"word": params.WORD, "lexicon": params.LEXICON}
#: The environ key of a POST /moves answer worked out before Flask, for the view to write.
PREPARED = "lexicon.prepared"
#: The work a POST /moves may do: GADDAG lists entered. A mid-game Swedish position with a blank on the rack
#: needs tens of thousands (a millisecond or two); the costliest racks seen, two blanks with phonies, 3.5
#: million (about a fifth of a second); past this the answer is 400 too-costly.
MOVES_MAX_VISITS = 8_000_000


def moves_answer(raw: bytes, registry):
    """POST /moves' answer to the body `raw`: its JSON bytes and the lexicon that gave it."""
    answer, lexicon = moves_request(parse_json(raw), registry.get, registry.game, max_visits=MOVES_MAX_VISITS)
    return orjson.dumps(answer), lexicon


def prepared(environ):
    """What the fast path worked out for this request before handing it to Flask: the answer (bytes and
    lexicon), raised again if it was a refusal; None if it worked out nothing."""
    found = environ.pop(PREPARED, None)
    if isinstance(found, LexiconError):
        raise found
    return found


class FastPath:
    """WSGI middleware over the app's own `wsgi_app` (create_app wires it when FAST_PATH is on)."""

    def __init__(self, app: Flask, wsgi_app) -> None:
        self.wsgi_app = wsgi_app
        self.default = app.config["DEFAULT_LEXICON"]
        self.registry = app.extensions["lexicon.registry"]
        self.memos = app.extensions["lexicon.answers"]
        self.metrics = app.extensions["lexicon.metrics"]
        self.compress_from = app.config["COMPRESS_MIN_SIZE"]
        # flask-cors, with any origin allowed, sends these on every answer whether or not the request
        # names an origin; with origins restricted the answer depends on the Origin header: Flask's part.
        self.enabled = origins(app.config) == ["*"]
        # flask-compress names Accept-Encoding on every answer of a type it compresses, large or not.
        self.after = [("Access-Control-Allow-Origin", "*"),
                      ("Access-Control-Expose-Headers", ", ".join(sorted(EXPOSED))), ("Vary", "Accept-Encoding")]

        self.max_body = app.config["MAX_CONTENT_LENGTH"]
        # each route's answerer and the name its view's requests are counted by in /metrics
        self.routes = {("GET", "/valid"): (self._valid, "valid"), ("POST", "/moves"): (self._moves, "best_moves")}

    def __call__(self, environ, start_response):
        route = self.routes.get((environ.get("REQUEST_METHOD"), environ.get("PATH_INFO")))
        if route is None or not self.enabled or any(name in environ for name in CONDITIONAL):
            return self.wsgi_app(environ, start_response)
        started = time.perf_counter()
        answerer, view = route
        answer = answerer(environ)
        if answer is None:
            return self.wsgi_app(environ, start_response)
        body, headers = answer
        start_response("200 OK", headers)
        self.metrics.observe(view, 200, time.perf_counter() - started)
        return [body]

    def _valid(self, environ) -> tuple[bytes, list[tuple[str, str]]] | None:
        """The body and headers of the plain answer, or None to let Flask answer."""
        raw = environ.get("QUERY_STRING", "").encode("latin-1")
        if malformed_query(raw):
            return None
        given: dict[str, str] = {}
        for name, value in parse_qsl(raw.decode(), keep_blank_values=True):  # as Werkzeug reads request.args
            if name not in _SPECS or name in given:
                return None
            given[name] = value
        if "word" not in given:
            return None
        try:
            word = params.WORD.parse("word", given["word"])
            spec = params.LEXICON.parse("lexicon", given["lexicon"]) if "lexicon" in given else None
            spec = spec or self.default  # as the view's lexicon_for: a pinned default is pinned too
            lex = self.registry.get(spec)
            memo = self.memos(lex)
            ok, body, tag = memo.full(word)
        except Exception:  # noqa: BLE001 - a refusal or a fault: Flask meets it again and answers its problem
            return None
        if len(body) >= self.compress_from and environ.get("HTTP_ACCEPT_ENCODING"):
            # flask-compress's to write; the memo has the answer now, and counts the view's lookup of it as a
            # hit after this one's miss (answers are rarely this long: 340–580 bytes for most words)
            return None
        self.metrics.words(1, int(ok))
        self.metrics.cache(*memo.counts())
        return body, self._headers(lex, body, tag, PINNED if "@" in spec else REVALIDATE)

    def _moves(self, environ) -> tuple[bytes, list[tuple[str, str]]] | None:
        """POST /moves: a JSON body of a stated length and no query string (the view takes no parameter)."""
        mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        length = environ.get("CONTENT_LENGTH", "")
        if (environ.get("QUERY_STRING") or not mimetype.endswith("json") or not length.isdigit()
                or int(length) > self.max_body):
            return None
        raw = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(raw)  # for Flask, if it answers after all
        if len(raw) != int(length):
            return None  # the client sent less than it said: Flask's to refuse
        try:
            body, lex = moves_answer(raw, self.registry)
        except LexiconError as refused:  # the view raises it again, for Flask's problem document
            environ[PREPARED] = refused
            return None
        if len(body) >= self.compress_from and environ.get("HTTP_ACCEPT_ENCODING"):
            environ[PREPARED] = body, lex  # flask-compress's to write
            return None
        return body, self._headers(lex, body, etag(lex, raw), REVALIDATE)

    def _headers(self, lex, body: bytes, tag: str, caching: str) -> list[tuple[str, str]]:
        """The headers of a lexicon's answer as `respond` and the extensions write them."""
        return [("X-Lexicon-Version", lex.spec), ("ETag", quote_etag(tag)), ("Cache-Control", caching),
                ("Content-Type", "application/json"), ("Content-Length", str(len(body))), *self.after]
