"""The two requests whose answers cost less than Flask's work around them, answered before Flask: `GET /valid`
(one word, plain), the request games send most, and `POST /moves`.

Flask's request and response objects, routing, hooks and its extensions' after-request work cost more than a
word's answer, and about a third of a best-plays answer (`python -m bench service` and `python -m bench
stacks`, docs/benchmarks.md). This WSGI layer answers the plain request with the same parts the view uses (the
registry, the answer memo, the metrics, `etag` and the caching headers) and the same headers the extensions
add, and hands everything else to Flask unchanged: another method or path, a conditional request, an origin
restriction, any parameter the view would refuse, an unknown lexicon, an error. So every refusal is still
Flask's problem document, and the fast path only ever writes 200s that Flask would have written byte for byte
(tests/test_fast_path.py holds the two to each other). An answer large enough to compress, for a client that
accepts an encoding, is compressed here as flask-compress compresses it, by its rules and settings
(service/encodings.py). A best-plays answer only Flask can write, its refusal or any fault met goes to the
view with the request (service/moves.py's `prepared`), so no position is worked out twice.
"""

from __future__ import annotations

import io
import time
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.http import parse_options_header, quote_etag

from . import params
from .answers import CONDITIONAL, PINNED, REVALIDATE, etag
from .encodings import FLASKS, choose, compress
from .extensions import EXPOSED, origins
from .hooks import STARTED, malformed_query
from .moves import PREPARED, moves_answer

_SPECS = {"word": params.JUDGED_WORD, "lexicon": params.LEXICON}


class FastPath:
    """WSGI middleware over the app's own `wsgi_app` (create_app wires it when FAST_PATH is on)."""

    def __init__(self, app: Flask, wsgi_app) -> None:
        self.wsgi_app = wsgi_app
        self.default = app.config["DEFAULT_LEXICON"]
        self.registry = app.extensions["lexicon.registry"]
        self.memos = app.extensions["lexicon.answers"]
        self.metrics = app.extensions["lexicon.metrics"]
        self.app, config = app, app.config
        self.compress_from = config["COMPRESS_MIN_SIZE"]
        # flask-compress's choice among its encodings; with a cache of compressed answers, or JSON not among
        # what it compresses, a client that accepts an encoding is Flask's
        self.encodings = tuple(config["COMPRESS_ALGORITHM"])
        self.compresses = (config["COMPRESS_REGISTER"] and "application/json" in config["COMPRESS_MIMETYPES"]
                           and not config["COMPRESS_CACHE_BACKEND"])
        # flask-cors, with any origin allowed, sends these on every answer whether or not the request
        # names an origin; with origins restricted the answer depends on the Origin header: Flask's part.
        self.enabled = origins(config) == ["*"]
        # flask-compress names Accept-Encoding on every answer of a type it compresses, large or not.
        self.after = [("Access-Control-Allow-Origin", "*"),
                      ("Access-Control-Expose-Headers", ", ".join(sorted(EXPOSED))), ("Vary", "Accept-Encoding")]
        self.max_body = config["MAX_CONTENT_LENGTH"]
        # each route's answerer and the name its view's requests are counted by in /metrics
        self.routes = {("GET", "/valid"): (self._valid, "valid"), ("POST", "/moves"): (self._moves, "best_moves")}

    def __call__(self, environ, start_response):
        route = self.routes.get((environ.get("REQUEST_METHOD"), environ.get("PATH_INFO")))
        if route is None or not self.enabled or any(name in environ for name in CONDITIONAL):
            return self.wsgi_app(environ, start_response)
        started = environ[STARTED] = time.perf_counter()
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
            word = params.JUDGED_WORD.parse("word", given["word"])
            spec = params.LEXICON.parse("lexicon", given["lexicon"]) if "lexicon" in given else None
            spec = spec or self.default  # as the view's lexicon_for: a pinned default is pinned too
            lex = self.registry.get(spec)
            memo = self.memos(lex)
            ok, body, tag = memo.full(word)
        except Exception:  # noqa: BLE001 - a refusal or a fault: Flask meets it again and answers its problem
            return None
        answer = self._answer(environ, lex, body, tag, PINNED if "@" in spec else REVALIDATE)
        if answer is not None:
            self.metrics.words(1, int(ok))
            self.metrics.cache(*memo.counts())
        return answer

    def _moves(self, environ) -> tuple[bytes, list[tuple[str, str]]] | None:
        """POST /moves: a JSON body of a stated length and no query string (the view takes no parameter)."""
        mimetype = parse_options_header(environ.get("CONTENT_TYPE", ""))[0].lower()  # as Werkzeug's request.mimetype
        length = environ.get("CONTENT_LENGTH", "")
        if (environ.get("QUERY_STRING") or not mimetype.endswith("json") or not (length.isascii() and length.isdigit())
                or (self.max_body is not None and int(length) > self.max_body)):
            return None
        raw = _read(environ["wsgi.input"], int(length))
        environ["wsgi.input"] = io.BytesIO(raw)  # for Flask, if it answers after all
        if len(raw) != int(length):
            return None  # the client sent less than it said: Flask's to refuse
        try:
            body, lex = moves_answer(raw, self.registry)
        except Exception as met:  # noqa: BLE001 - a refusal or a fault: the view raises it again, for Flask's problem
            environ[PREPARED] = met
            return None
        answer = self._answer(environ, lex, body, etag(lex, raw), REVALIDATE)
        if answer is None:
            environ[PREPARED] = body, lex  # flask-compress's to write
        return answer

    def _answer(self, environ, lex, body: bytes, tag: str, caching: str) -> tuple[bytes, list[tuple[str, str]]] | None:
        """A lexicon's answer as `respond` and the extensions write it: its headers, and the body compressed
        as flask-compress would for this client; None when only flask-compress can write it."""
        encoding = None
        accepted = environ.get("HTTP_ACCEPT_ENCODING")
        if accepted and len(body) >= self.compress_from:
            if not self.compresses:
                return None
            encoding = choose(self.encodings, accepted)
            if encoding is FLASKS:
                return None
            if encoding is not None:
                body, tag = compress(self.app.config, body, encoding), f"{tag}:{encoding}"
        headers = [("X-Lexicon-Version", lex.spec), ("ETag", quote_etag(tag)), ("Cache-Control", caching),
                   ("Content-Type", "application/json"), ("Content-Length", str(len(body))), *self.after]
        if encoding is not None:
            headers.append(("Content-Encoding", encoding))
        return body, headers


def _read(stream, length: int) -> bytes:
    """`length` bytes of the body, or what there is of them: a WSGI server may give them in parts."""
    parts, got = [], 0
    while got < length:
        part = stream.read(length - got)
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)
