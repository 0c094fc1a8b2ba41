"""Games published into an artifacts directory, beside the lexicons, for a service to serve by name.

    publish_game("mygame/en-gcg.toml", root)        # → ("en-gcg", "3f2a…", <root>/games/en-gcg/3f2a…)
    open_published_game(root, "en-gcg")

A published game is a version like a lexicon's: `<root>/games/<name>/<version>/` holds the game file as
it was given, `game.toml`, the tile set it plays (`tileset.toml`, its own file or the shipped one,
copied, so the version means the same tiles wherever it is opened) and `manifest.json` with both
files' checksums; `current` names the version served. The version is the files' hash: publishing the
same files again changes nothing. A shipped game's name is not published over.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

from .. import artifacts
from .._data import DATA_DIR
from ..errors import DataError, InputError
from .game import Game, game_names, load_game

#: The folder of the published games under the artifacts directory (not a lexicon name: no hyphen).
GAMES_DIR = "games"
GAME_FILE, TILESET_FILE = "game.toml", "tileset.toml"


def games_root(root: str | Path | None) -> Path:
    return artifacts.artifacts_root(root) / GAMES_DIR


def publish_game(path: str | Path, root: str | Path | None = None) -> tuple[str, str, Path]:
    """Publish the game file at `path`, with its tile set, and make it current; (name, version, folder)."""
    game = load_game(path)
    if not artifacts.NAME_RE.fullmatch(game.name):
        raise DataError(f"{game.path}: name: {game.name!r} is not a name a game is published under: "
                        f"<language>-<game>[-<variant>], lower case (en-scrabble)")
    if game.name in game_names():
        raise DataError(f"{game.path}: name: {game.name} is a shipped game; name yours another way "
                        f"({game.name}-<variant>)")
    tileset = game.tileset_path or DATA_DIR / "tilesets" / f"{game.tileset}.toml"
    contents = {GAME_FILE: Path(game.path).read_bytes(), TILESET_FILE: Path(tileset).read_bytes()}
    version = hashlib.sha256(b"".join(hashlib.sha256(contents[f]).digest() for f in sorted(contents))).hexdigest()[:12]
    shelf = games_root(root)
    build = artifacts.new_build_dir(shelf, game.name)
    for name, data in contents.items():
        (build / name).write_bytes(data)
    load_game(build / GAME_FILE, tileset=build / TILESET_FILE)  # it reads back as it was checked
    manifest = {"format": artifacts.MANIFEST_FORMAT, "format_version": artifacts.MANIFEST_VERSION, "kind": "game",
                "name": game.name, "version": version, "build_time": datetime.now(UTC).isoformat(timespec="seconds"),
                "inputs": {"game": {"file": GAME_FILE, "from": str(game.path)},
                           "tileset": {"file": TILESET_FILE, "from": str(tileset)}},
                "files": artifacts.file_records(build, list(contents))}
    (build / artifacts.MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
    return game.name, version, artifacts.publish(build, shelf, game.name, version)


def published_games(root: str | Path | None = None) -> list[str]:
    """Names of the games published in the artifacts directory."""
    return artifacts.names(games_root(root))


def current_game_version(root: str | Path | None, name: str) -> str | None:
    return artifacts.current_version(games_root(root), name)


def open_published_game(root: str | Path | None, name: str, version: str | None = None) -> Game:
    """A published game's current version (or `version`), its files checked against the manifest."""
    shelf = games_root(root)
    version = version or artifacts.current_version(shelf, name)
    if version is None or not artifacts.VERSION_RE.fullmatch(version) or not artifacts.NAME_RE.fullmatch(name):
        raise InputError(f"no game {name[:40]!r} is published in {shelf.parent}", parameter="game", code="unknown-game")
    folder = shelf / name / version
    artifacts.verify(folder, fix=f"publish it again with `lexicon publish <the game file> --artifacts {shelf.parent}`")
    return load_game(folder / GAME_FILE, tileset=folder / TILESET_FILE)
