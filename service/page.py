"""The page for people at `/`, and the OpenAPI document."""

from __future__ import annotations

import orjson
from flask import Blueprint, Response, current_app, render_template

from .openapi import document

page = Blueprint("page", __name__, template_folder="templates", static_folder="static",
                 static_url_path="/static")


@page.get("/")
def index():
    registry = current_app.extensions["lexicon.registry"]
    return render_template("index.html", lexicons=registry.names(), default=current_app.config["DEFAULT_LEXICON"])


@page.get("/openapi.json")
def openapi():
    return Response(orjson.dumps(document(), option=orjson.OPT_INDENT_2), mimetype="application/json")
