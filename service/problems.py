"""Errors as RFC 9457 problem+json, with a stable `type` per kind of problem. No input gives a 500.

Besides `type`, `title`, `status` and `detail`, a problem says where it is when that is known:
`position` in the input text, the request `parameter`, and the `allowed` values for it.
"""

from __future__ import annotations

import logging

import orjson
from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from lexicon import ArtifactError, LexiconError

log = logging.getLogger("lexicon.service")
PROBLEM_TYPE = "/problems/"  # + code; the codes are documented in docs/service.md
MIMETYPE = "application/problem+json"


#: the status of a code whose class does not say it: every other InputError is a 400, an
#: ArtifactError a 503 (the service's own data is at fault, not the request)
STATUS = {"too-long": 414, "too-large": 413, "unknown-lexicon": 404, "unknown-game": 404}


_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 413: "Content too large",
           414: "URI too long", 415: "Unsupported media type", 429: "Too many requests", 500: "Internal error",
           503: "Service unavailable"}


def problem_body(status: int, code: str, detail: str, **extra) -> bytes:
    return orjson.dumps({"type": PROBLEM_TYPE + code, "title": _TITLES.get(status, "Error"), "status": status,
                         "detail": detail} | extra)


def problem(status: int, code: str, detail: str, headers=None, **extra) -> Response:
    return Response(problem_body(status, code, detail, **extra), status=status, mimetype=MIMETYPE, headers=headers)


def status_for(exc: LexiconError) -> int:
    if exc.code in STATUS:
        return STATUS[exc.code]
    return 503 if isinstance(exc, ArtifactError) else 400


def register(app: Flask) -> None:
    @app.errorhandler(LexiconError)
    def lexicon_error(exc: LexiconError):
        return problem(status_for(exc), exc.code, str(exc), **exc.where())

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        code = (exc.name or "error").lower().replace(" ", "-")
        # the exception's own headers carry what HTTP asks for: Allow on 405, Retry-After on 429 and 503
        headers = [(k, v) for k, v in exc.get_headers() if k.lower() != "content-type"]
        return problem(exc.code or 500, code, exc.description or exc.name, headers=headers)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # %r escapes control characters, so nothing a client sent reaches the log raw.
        log.exception("unexpected error: %r", exc)
        return problem(500, "internal-error", "an unexpected error; it has been logged")
