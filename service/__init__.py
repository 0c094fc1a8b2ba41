"""The validation service: a Flask app over the `lexicon` library, served by gunicorn.

    create_app({"ARTIFACTS": "artifacts", "DEFAULT_LEXICON": "sv-betapet"})

Configuration, each from the mapping given, else the environment (service/settings.py reads it), else
the default: ARTIFACTS ($LEXICON_ARTIFACTS, else the per-user data directory:
lexicon.artifacts.artifacts_root), DEFAULT_LEXICON ($LEXICON_DEFAULT, sv-betapet), LEXICONS
($LEXICON_NAMES, comma-separated; all published ones when empty), ANSWER_CACHE ($LEXICON_ANSWER_CACHE,
20,000 words a version), PLAY_CACHE ($LEXICON_PLAY_CACHE, 4,096 answers), FAST_PATH ($LEXICON_FAST_PATH,
on: the plain GET /valid and POST /moves answered before Flask, service/fast_path.py); CORS, compression, rate limits
and proxies as service/extensions.py says. The app keeps all its state in app.extensions: the registry
of lexicons, the answer memos, the play answers, the metrics.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from lexicon import artifacts
from lexicon.play import PlayAnswers

from . import extensions, hooks, problems, settings
from .answers import AnswerMemos
from .api import MAX_BATCH, api
from .fast_path import FastPath
from .metrics import Metrics
from .page import page
from .play import play
from .registry import Registry

#: Request bodies larger than this are refused with 413 (a full batch of long words fits).
MAX_BODY = 4 * 1024 * 1024


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        ARTIFACTS=str(artifacts.artifacts_root()),
        **settings.app(),
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
    app.extensions["lexicon.answers"] = AnswerMemos(_size(app.config, "ANSWER_CACHE"))
    app.extensions["lexicon.play_answers"] = PlayAnswers(_size(app.config, "PLAY_CACHE"))
    app.register_blueprint(api)
    app.register_blueprint(page)
    app.register_blueprint(play)
    problems.register(app)
    hooks.register(app)
    extensions.wire(app)
    if app.config["FAST_PATH"]:
        app.wsgi_app = FastPath(app, app.wsgi_app)  # type: ignore[method-assign]
    return app


def _size(config, key: str) -> int:
    size = config[key]
    if type(size) is not int or size < 0:
        raise ValueError(f"create_app: {key} must be a whole number of entries, 0 or more, not {size!r}")
    return size
