"""GET /valid answered before Flask: the request games send most, one word, plain.

Flask's request and response objects, routing, hooks and its extensions' after-request work cost
more than the answer itself (`python -m bench service` gives the server's CPU a request both ways,
docs/benchmarks.md). This WSGI layer answers the plain request with the same parts the view uses (the
registry, the answer memo, the metrics, `etag` and the caching headers) and the same headers the
extensions add, and hands everything else to Flask unchanged: another method or path, a conditional
request, an origin restriction, any parameter the view would refuse, an unknown lexicon, an answer
large enough to compress, an error. So every refusal is still Flask's problem document, and the
fast path only ever writes 200s that Flask would have written byte for byte
(tests/test_fast_valid.py holds the two to each other).
"""

from __future__ import annotations

import time
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.http import quote_etag

from . import params
from .answers import CONDITIONAL, PINNED, REVALIDATE
from .extensions import EXPOSED, origins
from .hooks import malformed_query

_SPECS = {"word": params.WORD, "lexicon": params.LEXICON}


class FastValid:
    """WSGI middleware over the app's own `wsgi_app` (create_app wires it when FAST_VALID is on)."""

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

    def __call__(self, environ, start_response):
        if (not self.enabled or environ.get("PATH_INFO") != "/valid" or environ.get("REQUEST_METHOD") != "GET"
                or any(name in environ for name in CONDITIONAL)):
            return self.wsgi_app(environ, start_response)
        started = time.perf_counter()
        answer = self._answer(environ)
        if answer is None:
            return self.wsgi_app(environ, start_response)
        body, headers = answer
        start_response("200 OK", headers)
        self.metrics.observe("valid", 200, time.perf_counter() - started)
        return [body]

    def _answer(self, environ) -> tuple[bytes, list[tuple[str, str]]] | None:
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
        return body, [("X-Lexicon-Version", lex.spec), ("ETag", quote_etag(tag)),
                      ("Cache-Control", PINNED if "@" in spec else REVALIDATE),
                      ("Content-Type", "application/json"), ("Content-Length", str(len(body))), *self.after]
