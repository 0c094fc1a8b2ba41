"""What happens to every request before and after its view: the query string is checked, and the
request is timed and counted. One request path: every answer, errors included, passes here."""

from __future__ import annotations

import re
import time
from urllib.parse import unquote_to_bytes

from flask import Flask, current_app, g, request

from lexicon import InputError

_BAD_PERCENT = re.compile(rb"%(?![0-9A-Fa-f]{2})")
#: The environ key of when the fast path in front of Flask (service/fast_path.py) began a request it then
#: handed over: the request's latency counts from there.
STARTED = "lexicon.started"


def register(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_observe)


def _start() -> None:
    g.started = request.environ.get(STARTED) or time.perf_counter()
    problem = malformed_query(request.query_string)
    if problem:
        raise InputError(problem, parameter="query")


def _observe(response):
    started = g.get("started")
    if started is not None:
        view = (request.endpoint or "other").rpartition(".")[2]
        current_app.extensions["lexicon.metrics"].observe(view, response.status_code, time.perf_counter() - started)
    return response


def malformed_query(raw: bytes) -> str | None:
    """Why a query string is not well-formed (a stray %, bytes that are not UTF-8 once decoded), or
    None. Raw UTF-8 bytes (`?word=ÖVÄRLD` sent unencoded) are well-formed: they mean what they say."""
    bad = _BAD_PERCENT.search(raw)
    if bad:
        return f"malformed percent-encoding at position {bad.start()} of the query string"
    if b"%" in raw or not raw.isascii():
        try:
            unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError as exc:
            return f"the query string is not valid UTF-8 once decoded (byte {exc.start})"
    return None
