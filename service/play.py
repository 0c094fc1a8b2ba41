"""POST /play: judge a whole play. A thin view: the request's bytes to the library, its answer back."""

from __future__ import annotations

import os

from flask import Blueprint, Response, current_app, request

from lexicon import PlayError
from lexicon.play import PlayAnswers

play = Blueprint("play", __name__)

#: Answers kept per worker ($LEXICON_PLAY_CACHE); a kept answer is served only while its lexicon
#: version is still the one served.
answers = PlayAnswers(int(os.environ.get("LEXICON_PLAY_CACHE", "4096")))


@play.post("/play")
def judge_play():
    if not (request.mimetype or "").endswith("json"):
        raise PlayError("body", "must be JSON (Content-Type: application/json)")
    data, lexicon = answers(request.get_data(cache=False), current_app.extensions["lexicon.registry"].get)
    return Response(data, mimetype="application/json",
                    headers={"X-Lexicon-Version": lexicon.spec, "Cache-Control": "no-store"})
