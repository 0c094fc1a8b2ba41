"""The page for people at `/`, and the OpenAPI document.

The page speaks the player's language (service/messages: Swedish, Hungarian, English) and names each
served lexicon by its game and room. Everything it shows comes from the JSON API, drawn as DOM text by
static/app.js and the modules it imports; the page's data (its catalogue, the lexicons) travels in a JSON
block that no browser runs. Shareable URLs (`/?lexicon=…&word=…`, `/?rack=…`) put user text into the page, so
it is served with a Content-Security-Policy that runs only the service's own script and style.
"""

from __future__ import annotations

from pathlib import Path

import orjson
from flask import Blueprint, Response, abort, current_app, make_response, render_template, request, send_from_directory
from jinja2.utils import htmlsafe_json_dumps

from lexicon import Lexicon, LexiconError
from lexicon.alphabet import Alphabet
from lexicon.play.moves import generates
from lexicon.search import MAX_PATTERN_CHARS, MAX_RACK_CHARS
from lexicon.word_judge import MAX_WORD_CHARS

from . import messages
from .openapi import document

page = Blueprint("page", __name__, template_folder="templates", static_folder="static",
                 static_url_path="/static")

#: Only the service's own files: no inline script or style, no other origin, no framing. WebAssembly may be
#: compiled ('wasm-unsafe-eval': the page's offline answers run the JavaScript package's module, which is
#: the service's own file too; no string is ever run as script).
CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
                           "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Referrer-Policy": "same-origin",
}
#: The boxes' lengths: the library's bounds (the C core's, lexicon/graph/core/lexicon/tl_lexicon.h), which the
#: service's parameters take too.
LIMITS = {"word": MAX_WORD_CHARS, "rack": MAX_RACK_CHARS, "pattern": MAX_PATTERN_CHARS}
#: The language switch is remembered for a year.
LANGUAGE_COOKIE = "lang"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600


#: The page and its files; the app's own static route serves the same folder as the blueprint's.
PAGE_ENDPOINTS = frozenset({"page.index", "page.static", "static", "page.package"})

#: The JavaScript package (clients/js, docs/embedding.md): its notation module, which reads the page's board
#: rows and racks, and what the page answers offline with: its loader and the module `make clients` builds
#: beside it, the one that also plays games (the page judges plays offline too). Without that module the page
#: offers no offline answers; the notation module is plain JavaScript and always there.
PACKAGE = Path(__file__).resolve().parent.parent / "clients" / "js"
PACKAGE_FILES = {"notation.js": "text/javascript", "index.js": "text/javascript",
                 "tile-lexicon-play.wasm": "application/wasm"}
UNBUILT = {"notation.js"}  # served whether or not the WebAssembly module is built
#: Where an installed wheel keeps the notation module (setup.py), there being no clients/js beside it.
INSTALLED = Path(__file__).resolve().parent / "static" / "tile-lexicon"


def package_built() -> bool:
    return (PACKAGE / "tile-lexicon-play.wasm").is_file()


@page.get("/static/tile-lexicon/<name>")
def package(name: str):
    if name not in PACKAGE_FILES or (name not in UNBUILT and not package_built()):
        abort(404)
    folder = PACKAGE if (PACKAGE / name).is_file() else INSTALLED
    return send_from_directory(folder, name, mimetype=PACKAGE_FILES[name], max_age=3600)


@page.after_app_request
def secure(response: Response) -> Response:
    if request.endpoint in PAGE_ENDPOINTS:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
    return response


@page.get("/")
def index():
    asked = request.args.get("lang")
    lang = messages.choose(asked, request.cookies.get(LANGUAGE_COOKIE), request.accept_languages)
    catalogue = messages.catalogue(lang)
    lexicons = served(catalogue)
    data = {"lang": lang, "default": visitors_lexicon(lang, lexicons, current_app.config["DEFAULT_LEXICON"]),
            "lexicons": lexicons, "games": games(catalogue, {i["name"] for i in lexicons}), "messages": catalogue}
    # The menu groups the lexicons by language: the page's own first, then the default lexicon's.
    default_language = next((i["language"] for i in data["lexicons"] if i["name"] == data["default"]), lang)
    groups: dict[str, list[dict]] = {}
    for item in sorted(data["lexicons"], key=lambda i: (i["language"] != lang, i["language"] != default_language,
                                                         i["language"])):
        groups.setdefault(item["language"], []).append(item)

    def t(key: str, **values) -> str:
        return messages.text(catalogue, key, **values)

    # The boxes' hints, for the lexicon the page opens on (app.js sets them for each one chosen).
    hinted = next((i["hints"] for i in data["lexicons"] if i["name"] == data["default"]), {})
    response = make_response(render_template(
        "index.html", t=t, lang=lang, data=data, page_data=page_data(data), groups=groups, languages=messages.LANGUAGES,
        native=messages.NATIVE, hints=hinted, limits=LIMITS))
    if asked == lang:  # the player used the switch (or a link made by it)
        response.set_cookie(LANGUAGE_COOKIE, lang, max_age=LANGUAGE_COOKIE_AGE, samesite="Lax", httponly=True)
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.no_cache = True
    return response


def page_data(data: dict) -> str:
    """The page's data for its JSON block: compact, its letters as themselves (a Hungarian catalogue escaped to
    ASCII weighs 3 KB more), and `<`, `>`, `&`, `'` escaped so that no text closes the block."""
    return htmlsafe_json_dumps(data, dumps=lambda value, **_: orjson.dumps(value).decode())


def served(catalogue: dict[str, messages.Message]) -> list[dict]:
    """The lexicons served now, as the page shows them: named by game and room in the page's
    language, with what the answers need (board limits, source names, whether the game uses cubes)."""
    registry = current_app.extensions["lexicon.registry"]
    items = []
    offline = package_built()
    for name in registry.names():
        try:
            lex = registry.get(name)
        except LexiconError:  # a version that fails verification is not offered (/readyz lists it)
            continue
        item = describe(lex, catalogue)
        bundle = lex.manifest.get("bundle")
        # Its bundle for offline answers: the pinned URL, which caches keep for good.
        item["bundle"] = {"url": f"/lexicons/{lex.spec}/bundle", "size": bundle["size"]} if offline and bundle else None
        items.append(item)
    return items


def describe(lex: Lexicon, catalogue: dict[str, messages.Message]) -> dict:
    title = catalogue.get(f"lexicon.{lex.name}")
    if title is None:  # another build for a known game (sv-betapet-wswedish): the game's name and the id
        game = catalogue.get(f"lexicon.{lex.profile.name}")
        title = f"{game} · {lex.name}" if game else lex.name
    # A source by its name in the page's language (SAOL 14), not the build's provenance (its PyPI release).
    sources = {s["id"]: catalogue.get(f"source.{s['id']}") or (s.get("version") or s["id"]).split(" (")[0]
               for s in lex.manifest.get("sources", []) if "id" in s}
    multi = multi_tile(lex.alphabet)
    return {"name": lex.name, "title": title, "language": lex.alphabet.language, "tileset": lex.alphabet.name,
            "min": lex.profile.min_length,
            "max": lex.profile.max_tiles, "sources": sources,
            # Betűtorony is played with letter cubes that stack, not with flat tiles.
            "cubes": lex.alphabet.name.startswith("hu-betutorony"),
            "multi": multi, "hints": hints(lex.alphabet, multi, catalogue)}


def multi_tile(alphabet: Alphabet) -> str | None:
    """A tile of several letters to show in examples ([SZ]), one whose letters are tiles too where there is
    one; None for a tile set of one letter a tile."""
    multi = sorted(alphabet.multi)
    return next((m for m in multi if all(ch in alphabet for ch in m)), multi[0] if multi else None)


def hints(alphabet: Alphabet, multi: str | None, catalogue: dict[str, messages.Message]) -> dict[str, str]:
    """The boxes' hints for a lexicon: examples of its own tiles and language, a blank where it has one."""
    def t(key: str, **values) -> str:
        return messages.text(catalogue, key, **values)

    example = catalogue.get(f"example.notation.{alphabet.language}") or f"[{multi}]"
    rack = ([t("anagram.hint.blank")] if alphabet.blanks else []) + \
        ([t("anagram.hint.multi", tile=multi)] if multi else [])
    examples = catalogue.get(f"examples.{alphabet.language}") or catalogue.get("examples.en")
    return {"word": t("check.hint.multi", example=example) if multi else t("check.hint"),
            "rack": ", ".join(rack) or t("anagram.hint"), "q": t("pattern.hint", examples=examples),
            "board": ", ".join([t("play.board.hint")] + ([t("play.board.hint.blank")] if alphabet.blanks else [])
                               + ([t("play.board.hint.multi", tile=multi)] if multi else []))}


def visitors_lexicon(lang: str, lexicons: list[dict], configured: str) -> str:
    """The word list a new visitor starts with: the service's default when it is in the page's language,
    else the first served in that language (a Hungarian page opens on Betűtorony), else the default."""
    languages = {i["name"]: i["language"] for i in lexicons}
    if languages.get(configured) == lang:
        return configured
    return next((name for name, language in sorted(languages.items()) if language == lang), configured)


def games(catalogue: dict[str, messages.Message], lexicons: set[str]) -> list[dict]:
    """The games POST /play judges (shipped and published) whose lexicon is served, for the judge panel:
    board size, tile set, default lexicon, and the data it plays with that is unverified (a premium
    layout, the tile counts). A game whose word list is not served here would only answer that it is not."""
    registry = current_app.extensions["lexicon.registry"]
    found = []
    for name in registry.game_names():
        game = registry.game(name)
        if game.lexicon not in lexicons:
            continue
        unverified = [{"kind": "layout", "name": u["key"].removeprefix("layouts.")} if u["key"].startswith("layouts.")
                      else {"kind": "counts"} for u in game.unverified]
        alphabet = game.alphabet
        found.append({"name": name, "title": catalogue.get(f"game.{name}", name), "size": game.size,
                      "tileset": alphabet.name, "lexicon": game.lexicon, "unverified": unverified,
                      "hint": hints(alphabet, multi_tile(alphabet), catalogue)["board"],
                      "moves": generates(game),  # POST /moves finds its best plays
                      # What the board you tap draws: the default layout's premium codes row by row, the start
                      # squares, the tallest stack (0: tiles lie flat), the rack's size, and the tiles with
                      # their points (a letter without a tile of its own is played by a blank only).
                      "layout": "".join(game.premiums()), "start": [game.square_name(s) for s in game.start],
                      "stack": game.stacking.max_height if game.stacking else 0, "rack": game.rack,
                      "blanks": alphabet.blanks,
                      "tiles": [[tile.letter, tile.points, tile.count > 0] for tile in alphabet.tiles]})
    return found


@page.get("/openapi.json")
def openapi():
    return Response(orjson.dumps(document(), option=orjson.OPT_INDENT_2), mimetype="application/json")
