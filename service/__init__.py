"""The validation service: a Flask app over the `lexicon` library, served by gunicorn.

    create_app({"ARTIFACTS": "artifacts", "DEFAULT_LEXICON": "sv-betapet"})

Configuration, each from the mapping given, else the environment, else the default:
ARTIFACTS ($LEXICON_ARTIFACTS, else the per-user data directory: lexicon.artifacts.artifacts_root),
DEFAULT_LEXICON ($LEXICON_DEFAULT, sv-betapet), LEXICONS ($LEXICON_NAMES, comma-separated; all
published ones when empty); CORS, compression, rate limits and proxies as service/extensions.py says.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

from lexicon import artifacts

from . import extensions, hooks, problems
from .api import MAX_BATCH, api
from .metrics import Metrics
from .page import page
from .play import play
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
        **extensions.defaults(),
    )
    app.config.update(config or {})
    registry = Registry(app.config["ARTIFACTS"], names=app.config["LEXICONS"] or None)
    metrics = Metrics()
    app.extensions["lexicon.registry"] = registry
    app.extensions["lexicon.metrics"] = metrics
    app.register_blueprint(api)
    app.register_blueprint(page)
    app.register_blueprint(play)
    problems.register(app)
    hooks.register(app)
    extensions.wire(app)
    return app
