"""POST /play: judge a whole play. A thin view: the request's bytes to the library, its answer back."""

from __future__ import annotations

import os

from flask import Blueprint, current_app, request

from lexicon import PlayError
from lexicon.play import PlayAnswers

from . import params
from .answers import etag, respond

play = Blueprint("play", __name__)

#: Answers kept per worker ($LEXICON_PLAY_CACHE); a kept answer is served only while its lexicon
#: version is still the one served.
answers = PlayAnswers(int(os.environ.get("LEXICON_PLAY_CACHE", "4096")))


@play.post("/play")
def judge_play():
    params.read({})  # everything is in the body
    if not (request.mimetype or "").endswith("json"):
        raise PlayError("body", "must be JSON (Content-Type: application/json)")
    raw = request.get_data(cache=False)
    data, lexicon = answers(raw, current_app.extensions["lexicon.registry"].get)
    # The answer is a function of the version and the request, so the request's hash is its validator.
    return respond(data, lexicon, tag=etag(lexicon, raw) if lexicon else None)
