"""The WSGI layer in front of Flask: metrics for every request, and a fast path for GET /valid.

A game client's request is almost always `GET /valid?word=…[&lexicon=…]` for a word asked
before. For that case this layer answers from the memoised answer of the lexicon version
without building Flask's request and response objects, which are most of the cost of a
request. Anything else (a missing or oversized parameter, undecodable text, a conditional
request, an unknown lexicon, malformed tile notation) falls through to Flask, whose views and
error handlers give the full answer or the problem+json, so behaviour is the same either way.
"""

from __future__ import annotations

import re
import time
from urllib.parse import unquote_to_bytes

from lexicon import LexiconError
from lexicon.lookup import MAX_WORD_CHARS

from .answers import answers_for, cache_headers
from .metrics import Metrics
from .params import check_text
from .problems import problem_parts
from .registry import Registry

# Endpoint names for metrics, by the first path segment.
_ENDPOINTS = {"valid": "valid", "lexicons": "lexicons", "tiles": "tiles", "anagram": "anagram",
              "pattern": "pattern", "hooks": "hooks", "healthz": "health", "readyz": "ready",
              "metrics": "metrics", "openapi.json": "openapi", "": "page", "static": "page"}


class Front:
    def __init__(self, app, registry: Registry, metrics: Metrics, default_lexicon: str) -> None:
        self.app, self.registry, self.metrics, self.default = app, registry, metrics, default_lexicon

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        bad = _malformed_query(environ.get("QUERY_STRING", ""))
        if bad:
            status, headers, body = problem_parts(400, "bad-input", bad)
            start_response(status, headers)
            self.metrics.observe(_endpoint(environ), 400, time.perf_counter() - started)
            return [body]
        if environ.get("PATH_INFO") == "/valid" and environ.get("REQUEST_METHOD") == "GET":
            fast = self._valid(environ)
            if fast is not None:
                headers, body = fast
                start_response("200 OK", headers)
                self.metrics.observe("valid", 200, time.perf_counter() - started)
                return [body]
        seen = []

        def observe(status, headers, exc_info=None):
            seen.append(status)
            return start_response(status, headers, exc_info)

        result = self.app(environ, observe)
        self.metrics.observe(_endpoint(environ), int(seen[0][:3]) if seen else 500, time.perf_counter() - started)
        return result

    def _valid(self, environ) -> tuple[list, bytes] | None:
        if "HTTP_IF_NONE_MATCH" in environ:
            return None
        word = spec = None
        try:
            # WSGI gives the raw query bytes as latin-1 text (PEP 3333)
            for pair in environ.get("QUERY_STRING", "").encode("latin-1").split(b"&"):
                key, _, value = pair.partition(b"=")
                if key == b"word" and word is None:
                    word = _decode(value)
                elif key == b"lexicon" and spec is None:
                    spec = _decode(value)
                else:
                    return None
        except UnicodeError:
            return None
        if not word or len(word) > MAX_WORD_CHARS:
            return None
        spec = spec or self.default
        try:
            check_text("word", word)
            lex = self.registry.get(spec)
            ok, body, tag = answers_for(lex).full(word)
        except LexiconError:
            return None
        self.metrics.words(1, ok)
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                   *cache_headers(lex, "@" in spec, tag)]
        return headers, body


_BAD_PERCENT = re.compile(rb"%(?![0-9A-Fa-f]{2})")


def _malformed_query(query: str) -> str | None:
    """Why a query string is not well-formed (a stray %, bytes that are not UTF-8), or None."""
    raw = query.encode("latin-1")
    bad = _BAD_PERCENT.search(raw)
    if bad:
        return f"malformed percent-encoding at position {bad.start()} of the query string"
    if b"%" in raw or not raw.isascii():
        try:
            unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError as exc:
            return f"the query string is not valid UTF-8 once decoded (byte {exc.start})"
    return None


def _decode(value: bytes) -> str:
    return unquote_to_bytes(value.replace(b"+", b" ")).decode("utf-8")


def _endpoint(environ) -> str:
    parts = environ.get("PATH_INFO", "").strip("/").split("/")
    if parts[0] == "valid" and environ.get("REQUEST_METHOD") == "POST":
        return "valid_batch"
    if parts[0] == "lexicons" and len(parts) > 1:
        return "words" if parts[-1] == "words" else "lexicon"
    return _ENDPOINTS.get(parts[0], "other")
