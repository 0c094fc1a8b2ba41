"""POST /play: judge a whole play. A thin view: read the JSON body, call the library, answer JSON."""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, request

from lexicon import PlayError, judge_request

play = Blueprint("play", __name__)


@play.post("/play")
def judge_play():
    if not (request.mimetype or "").endswith("json"):
        raise PlayError("body", "must be JSON (Content-Type: application/json)")
    try:
        body = json.loads(request.get_data(cache=False))
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser allows
        raise PlayError("body", "not valid JSON (or nested too deep)") from None
    answer = judge_request(body, current_app.extensions["lexicon.registry"].get)
    return Response(json.dumps(answer, ensure_ascii=False, separators=(",", ":")), mimetype="application/json",
                    headers={"X-Lexicon-Version": f"{answer['lexicon']}@{answer['version']}",
                             "Cache-Control": "no-store"})
