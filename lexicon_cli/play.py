"""`lexicon judge`: judge a whole play on a board, as POST /play does."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lexicon import PlayError, game_names, judge_request, load_game

from .artifacts import open_artifact
from .output import artifacts_option, emit, json_option


@click.command("judge")
@click.argument("board", required=False, type=click.File("r", encoding="utf-8"))
@click.option("--game", "-g", "game", required=True, metavar="NAME",
              help=f"The game whose rules apply: {', '.join(game_names())}.")
@click.option("--lexicon", "-l", "spec", default=None, metavar="SPEC",
              help="Lexicon name, name@version or artifact directory (default: the game's own).")
@click.option("--move", "move_json", default=None, metavar="JSON",
              help='The tiles laid as JSON: [{"square": "H8", "tile": "H"}, …] or {"word", "start", "direction"}.')
@click.option("--word", default=None, help="The word laid, in tile notation (lower case for a blank; [CS] one tile).")
@click.option("--at", "start", default=None, metavar="SQUARE", help="The square the word starts on, such as H8.")
@click.option("--direction", "-d", type=click.Choice(["across", "down"]), default="across", show_default=True,
              help="Which way the word runs from --at.")
@click.option("--rack", default=None, help="The player's rack (? a blank); checked when given.")
@click.option("--layout", default=None, metavar="NAME|FILE",
              help="Premium layout: a layout of the game by name, or a file of rows (. d t D T).")
@click.option("--heights", "heights_file", default=None, type=click.File("r", encoding="utf-8"),
              help="Stack heights, a file of digit rows (Betűtorony).")
@click.option("--detail", is_flag=True, help="Each word's verdict in full (readings, tilings), not in short.")
@artifacts_option
@json_option
def judge_command(board, game: str, spec: str | None, move_json: str | None, word: str | None, start: str | None,
                  direction: str, rack: str | None, layout: str | None, heights_file, detail: bool, root: str,
                  as_json: bool) -> None:
    """Judge a play: is it legal, which words it forms, are they valid, what it scores.

    BOARD is a text file of the board's rows (- for stdin; none for an empty board): `.` an empty
    square, a tile in upper case, a blank in lower case, a multi-letter tile in brackets ([CS]).
    Blank lines and lines starting with # are skipped. Exit code 0 when the play is legal and every
    word valid, 1 when not.

    \b
        lexicon judge --game sv-betapet --word HUND --at H8
        lexicon judge board.txt -g sv-scrabble --move '[{"square":"H9","tile":"A"}]'
    """
    if (move_json is None) == (word is None):
        raise PlayError("move", "give either --move JSON or --word with --at")
    if move_json is not None:
        try:
            move = json.loads(move_json)
        except ValueError as exc:
            raise PlayError("move", f"not valid JSON: {exc}") from None
    else:
        if start is None:
            raise PlayError("move.start", "--word needs --at, the square the word starts on")
        move = {"word": word, "start": start, "direction": direction}
    size = load_game(game).size if game in game_names() else 0
    # Text for people shows the tilings that are words, which only the full verdict has.
    body = {"game": game, "board": _rows(board) if board else ["." * size] * size, "move": move,
            "detail": detail or not as_json}
    if spec:
        body["lexicon"] = spec
    if rack is not None:
        body["rack"] = rack
    if heights_file is not None:
        body["heights"] = _rows(heights_file)
    if layout is not None:
        body["layout"] = _rows(Path(layout).open(encoding="utf-8")) if Path(layout).is_file() else layout
    answer = judge_request(body, lambda name: open_artifact(name, root))
    emit(answer, as_json, _text(answer))
    if answer["score"] == 0 and (not answer["legal"] or answer["challenge"]["upheld"]):
        raise click.exceptions.Exit(1)


def _rows(stream) -> list[str]:
    with stream:
        lines = [line.strip() for line in stream.read().splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def _text(a: dict) -> str:
    placed = ", ".join(f"{p['square']} {p['tile'].lower() if p['blank'] else p['tile']}" for p in a["placed"])
    lines = [f"{a['game']} with {a['lexicon']}@{a['version']}: {placed} ({a['direction'] or 'no line'}"
             f"{', first move' if a['first_move'] else ''})"]
    for p in a["errors"]:
        lines.append(f"  not legal: {p['code']}: {p['message']}")
    for w in a["words"]:
        tilings = "; ".join(" ".join(t["tiles"]) for t in w["verdict"].get("tilings") or [] if not w["valid"])
        verdict = "valid" if w["valid"] else f"NOT VALID ({w['reason']}{': ' + tilings if tilings else ''})"
        lines.append(f"  {w['word']:<15} {w['squares'][0]:>3} {w['direction']:<6} {verdict:<28} {w['score']:>4}"
                     f"  {_reckoning(w['scoring'])}")
    for b in a["bonuses"]:
        lines.append(f"  bonus {b['kind']}: {b['points']} ({b['detail']})")
    if a["challenge"]["upheld"]:
        lines.append(f"  challenged off: {', '.join(a['challenge']['invalid'])} not valid; the tiles go back")
    lines.append(f"score {a['score']}" + (f" (if every word stood: {a['score_if_valid']})"
                                          if a["score"] != a["score_if_valid"] and a["legal"] else ""))
    return "\n".join(lines)


def _reckoning(s: dict) -> str:
    """How a word's score was reached, in one line: `3 4 1 2 (DW H8) = 10 × 2`, `1 2 1 (+2 F5)`."""
    if "word_multiplier" in s:
        premiums = ", ".join(f"{p} {square}" for square, p in s["premiums"].items())
        times = f" × {s['word_multiplier']}" if s["word_multiplier"] != 1 else ""
        return f"{' '.join(map(str, s['points']))}{f' ({premiums})' if premiums else ''} = {s['letters']}{times}"
    rare = ", ".join(f"+{bonus} {square}" for square, bonus in s["rare"].items())
    level = "first level" if s["first_level"] else "heights " + " ".join(map(str, s["heights"]))
    return f"{' '.join(map(str, s['points']))} ({level}{', ' + rare if rare else ''})"
