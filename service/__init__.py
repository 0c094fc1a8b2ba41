"""The validation service: a Flask app over the `lexicon` library, served by gunicorn.

    create_app({"ARTIFACTS": "artifacts", "DEFAULT_LEXICON": "sv-betapet"})

Configuration, each from the mapping given, else the environment, else the default:
ARTIFACTS ($LEXICON_ARTIFACTS, ./artifacts), DEFAULT_LEXICON ($LEXICON_DEFAULT, sv-betapet),
LEXICONS ($LEXICON_NAMES, comma-separated; all published ones when empty).
"""

from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask

from lexicon import artifacts

from . import problems
from .api import MAX_BATCH, api
from .metrics import Metrics
from .page import page
from .registry import Registry

#: Request bodies larger than this are refused with 413 (a full batch of long words fits).
MAX_BODY = 4 * 1024 * 1024


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    names = os.environ.get("LEXICON_NAMES", "")
    app.config.update(
        ARTIFACTS=str(artifacts.artifacts_root()),
        DEFAULT_LEXICON=os.environ.get("LEXICON_DEFAULT", "sv-betapet"),
        LEXICONS=[n for n in names.split(",") if n],
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_BATCH=MAX_BATCH,
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    registry = Registry(app.config["ARTIFACTS"], names=app.config["LEXICONS"] or None)
    metrics = Metrics()
    app.extensions["lexicon.registry"] = registry
    app.extensions["lexicon.metrics"] = metrics
    app.register_blueprint(api)
    app.register_blueprint(page)
    problems.register(app)
    app.wsgi_app = Observed(app.wsgi_app, metrics)  # type: ignore[method-assign]
    return app


# Endpoint names for metrics, by the first path segment.
_ENDPOINTS = {"valid": "valid", "lexicons": "lexicons", "tiles": "tiles", "anagram": "anagram",
              "pattern": "pattern", "hooks": "hooks", "healthz": "health", "readyz": "ready",
              "metrics": "metrics", "openapi.json": "openapi", "": "page", "static": "page"}


class Observed:
    """WSGI middleware counting requests and their latency per endpoint (cheaper than Flask hooks)."""

    def __init__(self, app, metrics: Metrics) -> None:
        self.app, self.metrics = app, metrics

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        seen = []

        def observe(status, headers, exc_info=None):
            seen.append(status)
            return start_response(status, headers, exc_info)

        result = self.app(environ, observe)
        self.metrics.observe(_endpoint(environ), int(seen[0][:3]) if seen else 500, time.perf_counter() - started)
        return result


def _endpoint(environ) -> str:
    path = environ.get("PATH_INFO", "")
    parts = path.strip("/").split("/")
    if parts[0] == "valid" and environ.get("REQUEST_METHOD") == "POST":
        return "valid_batch"
    if parts[0] == "lexicons" and len(parts) > 1:
        return "words" if parts[-1] == "words" else "lexicon"
    return _ENDPOINTS.get(parts[0], "other")
