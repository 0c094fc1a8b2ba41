"""The games and their turns: POST /play judges a turn, POST /moves finds the best plays of a rack, POST /replay
a whole game record, GET /games lists
the games served (shipped and published) and GET /games/<name> says one's rules. Thin views: the
request's bytes to the library, its answer back."""

from __future__ import annotations

from flask import Blueprint, current_app, request

from lexicon import PlayError
from lexicon.play import replay_request
from lexicon.play.request import parse_json

from . import params
from .answers import etag, respond
from .moves import moves_answer, prepared

play = Blueprint("play", __name__)

def _registry():
    return current_app.extensions["lexicon.registry"]


def _body() -> bytes:
    params.read({})  # everything is in the body
    if not (request.mimetype or "").endswith("json"):
        raise PlayError("body", "must be JSON (Content-Type: application/json)")
    return request.get_data(cache=False)


@play.post("/play")
def judge_play():
    raw = _body()
    registry = _registry()
    # the app's PlayAnswers (create_app's PLAY_CACHE): a kept answer is served only while its game and
    # lexicon version are still the ones served
    data, lexicon = current_app.extensions["lexicon.play_answers"](raw, registry.get, registry.game)
    # The answer is a function of the versions and the request, so the request's hash is its validator.
    return respond(data, lexicon, tag=etag(lexicon, raw) if lexicon else None)


@play.post("/moves")
def best_moves():
    raw = _body()
    # the fast path in front of Flask may have worked it out already: the answer, or the refusal to raise again
    body, lexicon = prepared(request.environ) or moves_answer(raw, _registry())
    return respond(body, lexicon, tag=etag(lexicon, raw))


@play.post("/replay")
def replay_record():
    raw = _body()
    registry = _registry()
    answer, lexicon = replay_request(parse_json(raw), registry.get, registry.game)
    return respond(answer, lexicon, tag=etag(lexicon, raw) if lexicon else None)


@play.get("/games")
def games():
    params.read({})
    registry = _registry()
    return respond({"games": [_summary(registry, name) for name in registry.game_names()]})


@play.get("/games/<name>")
def game(name: str):
    params.read({})
    registry = _registry()
    found = registry.known_game(name)
    return respond(found.as_dict() | _origin(registry, name))


def _summary(registry, name: str) -> dict:
    g = registry.game(name).as_dict()
    keep = ("name", "description", "size", "rack", "lexicon", "tileset", "layout", "unverified", "open")
    return {k: g[k] for k in keep} | {"challenge": g["challenge"]["rule"],
                                      "several_words": g["turn"]["several_words"]} | _origin(registry, name)


def _origin(registry, name: str) -> dict:
    version = registry.game_version(name)
    return {"source": "published" if version else "shipped", "version": version}
