"""Errors as RFC 9457 problem+json, with a stable `type` per kind of problem. No input gives a 500."""

from __future__ import annotations

import json
import logging

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from lexicon import ArtifactError, InputError, LexiconError, LimitExceeded, UnknownLexicon

log = logging.getLogger("lexicon.service")
PROBLEM_TYPE = "/problems/"  # + code; the codes are documented in docs/service.md


class TooLong(LimitExceeded):
    """A word or parameter longer than the service accepts (414)."""

    code = "too-long"


class TooLarge(LimitExceeded):
    """A request body or batch larger than the service accepts (413)."""

    code = "too-large"


def problem_body(status: int, code: str, detail: str, **extra) -> bytes:
    body = {"type": PROBLEM_TYPE + code, "title": _TITLES.get(status, "Error"), "status": status,
            "detail": detail} | extra
    return json.dumps(body, ensure_ascii=False).encode()


def problem(status: int, code: str, detail: str, **extra) -> Response:
    return Response(problem_body(status, code, detail, **extra), status=status, mimetype="application/problem+json")


def problem_parts(status: int, code: str, detail: str) -> tuple[str, list[tuple[str, str]], bytes]:
    """A problem as WSGI status, headers and body, for layers in front of Flask."""
    body = problem_body(status, code, detail)
    return (f"{status} {_TITLES.get(status, 'Error')}",
            [("Content-Type", "application/problem+json"), ("Content-Length", str(len(body)))], body)


_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 408: "Request timeout",
           413: "Content too large", 414: "URI too long", 415: "Unsupported media type", 429: "Too many requests",
           500: "Internal error", 503: "Service unavailable"}


def status_for(exc: LexiconError) -> int:
    if isinstance(exc, TooLong):
        return 414
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, UnknownLexicon):
        return 404
    if isinstance(exc, InputError):
        return 400
    if isinstance(exc, ArtifactError):
        return 503  # the service's own data is at fault, not the request
    return 400


def register(app: Flask) -> None:
    @app.errorhandler(LexiconError)
    def lexicon_error(exc: LexiconError):
        extra = {"position": exc.position} if getattr(exc, "position", None) is not None else {}
        return problem(status_for(exc), exc.code, str(exc), **extra)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        code = (exc.name or "error").lower().replace(" ", "-")
        return problem(exc.code or 500, code, exc.description or exc.name)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # %r escapes control characters, so nothing a client sent reaches the log raw.
        log.exception("unexpected error: %r", exc)
        return problem(500, "internal-error", "an unexpected error; it has been logged")
