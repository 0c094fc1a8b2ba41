"""Commands over games: `lexicon judge` judges a turn on a board, as POST /play does; `lexicon replay`
replays a game record, as POST /replay does; `lexicon publish` publishes a game file for the service."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lexicon import PlayError
from lexicon.errors import ArtifactError, record_error
from lexicon.play import game_names, judge_request, local_game, read_gcg, read_json_record, replay_request, write_gcg
from lexicon.play.gcg import decode as decode_gcg
from lexicon.play.moves import MAX_LIMIT, ORDERS, moves_request
from lexicon.play.published import publish_game
from lexicon.play.selfplay import MAX_GAMES, MAX_JOBS, PLAYERS, SEATS, Player, player, selfplay, with_leaves
from lexicon_pipelines.progress import for_stream

from .artifacts import open_artifact
from .output import artifacts_option, emit, json_option

game_option = click.option(
    "--game", "-g", "game", required=True, metavar="NAME|FILE",
    help=f"The game whose rules apply: {', '.join(game_names())}, or a game file of your own.")
lexicon_option = click.option(
    "--lexicon", "-l", "spec", default=None, metavar="SPEC",
    help="Lexicon name, name@version or artifact directory (default: the game's own).")
no_lexicon_option = click.option(
    "--no-lexicon", is_flag=True, help="Score every word formed and leave validity out (no lexicon is read).")
layout_option = click.option(
    "--layout", default=None, metavar="NAME|FILE",
    help="Premium layout: a layout of the game by name, or a file of rows (. d t D T).")
seed_option = click.option("--seed", default=1, show_default=True, type=int,
                           help="The bags and the players' chance.")
jobs_option = click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(1, MAX_JOBS),
                           help="Processes to play on (the results do not depend on it).")
heights_option = click.option(
    "--heights", "heights_file", default=None, type=click.File("r", encoding="utf-8"),
    help="Stack heights, a file of digit rows (Betűtorony).")


@click.command("judge")
@click.argument("board", required=False, type=click.File("r", encoding="utf-8"))
@game_option
@lexicon_option
@no_lexicon_option
@click.option("--move", "moves", multiple=True, metavar="JSON",
              help='The tiles laid as JSON: [{"square": "H8", "tile": "H"}, …] or {"word", "start", "direction"}; '
                   "again for each play of a turn of several.")
@click.option("--word", "words", multiple=True,
              help="The word laid, in tile notation (lower case for a blank; [CS] one tile; . a tile on the "
                   "board); again for each word of a turn of several (Betűtorony).")
@click.option("--at", "starts", multiple=True, metavar="SQUARE",
              help="The square the word starts on, such as H8: one for each --word.")
@click.option("--direction", "-d", "directions", type=click.Choice(["across", "down"]), multiple=True,
              help="Which way the word runs from --at: one for each --word [default: across].")
@click.option("--rack", default=None, help="The player's rack (? a blank); checked when given.")
@layout_option
@heights_option
@click.option("--detail", is_flag=True, help="Each word's verdict in full (readings, tilings), not in short.")
@artifacts_option
@json_option
def judge_command(board, game: str, spec: str | None, no_lexicon: bool, moves: tuple[str, ...],
                  words: tuple[str, ...], starts: tuple[str, ...], directions: tuple[str, ...], rack: str | None,
                  layout: str | None, heights_file, detail: bool, root: str, as_json: bool) -> None:
    """Judge a turn: is it legal, which words it forms, are they valid, what it scores, and what a
    challenge would do.

    BOARD is a text file of the board's rows (- for stdin; none for an empty board): `.` an empty
    square, a tile in upper case, a blank in lower case, a multi-letter tile in brackets ([CS]).
    Blank lines and lines starting with # are skipped. A turn of several words (Betűtorony) gives
    --word, --at and --direction once for each. Exit code 0 when the turn is legal and every word
    valid, 1 when not.

    \b
        lexicon judge --game sv-betapet --word HUND --at H8
        lexicon judge board.txt -g sv-scrabble --move '[{"square":"H9","tile":"A"}]'
        lexicon judge board.txt -g hu-betutorony --word O.TAT --at H4 -d down --word O.OS --at D4 -d down
    """
    plays = _plays(moves, words, starts, directions)
    played = local_game(game)
    # Text for people shows the tilings that are words, which only the full verdict has.
    body = {"game": game, "board": read_rows(board) if board else ["." * played.size] * played.size,
            "detail": detail or not as_json}
    body |= {"move": plays[0]} if len(plays) == 1 else {"turn": plays}
    if no_lexicon:
        body["lexicon"] = None
    elif spec:
        body["lexicon"] = spec
    if rack is not None:
        body["rack"] = rack
    if heights_file is not None:
        body["heights"] = read_rows(heights_file)
    if layout is not None:
        body["layout"] = layout_of(layout)
    answer = judge_request(body, lambda name: open_artifact(name, root), lambda name: played)
    emit(answer, as_json, _text(answer))
    if answer["score"] == 0 and (not answer["legal"] or (answer["challenge"] or {}).get("upheld")):
        raise click.exceptions.Exit(1)


def _plays(moves, words, starts, directions) -> list:
    if bool(moves) == bool(words):
        raise PlayError("move", "give either --move JSON or --word with --at")
    if moves:
        try:
            return [json.loads(m) for m in moves]
        except ValueError as exc:
            raise PlayError("move", f"not valid JSON: {exc}") from None
    if len(starts) != len(words):
        raise PlayError("move.start", f"each --word needs its --at, the square the word starts on ({len(words)} "
                                      f"--word, {len(starts)} --at)")
    if len(directions) > len(words):
        raise PlayError("move.direction", f"{len(directions)} --direction for {len(words)} --word")
    ways = list(directions) + ["across"] * (len(words) - len(directions))
    return [{"word": w, "start": s, "direction": d} for w, s, d in zip(words, starts, ways)]


def read_rows(stream) -> list[str]:
    """The rows of a board, heights or layout file: blank lines and `#` comments left out."""
    with stream:
        lines = [line.strip() for line in stream.read().splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def layout_of(layout: str) -> str | list[str]:
    """A layout by name, or the rows of a layout file."""
    return read_rows(Path(layout).open(encoding="utf-8")) if Path(layout).is_file() else layout


def _text(a: dict) -> str:
    placed = ", ".join(f"{p['square']} {p['tile'].lower() if p['blank'] else p['tile']}" for p in a["placed"])
    judged_by = f"{a['lexicon']}@{a['version']}" if a["lexicon"] else "no lexicon (scores only)"
    lines = [f"{a['game']} with {judged_by}: {placed} ({a['direction'] or 'no line'}"
             f"{', first move' if a['first_move'] else ''})"]
    several = len({p["part"] for p in a["placed"]}) > 1
    for p in a["errors"]:
        which = f" (play {p['part'] + 1})" if several else ""
        lines.append(f"  not legal{which}: {p['code']}: {p['message']}")
    for w in a["words"]:
        lines.append(f"  {w['word']:<15} {w['squares'][0]:>3} {w['direction']:<6} {_verdict(w):<28} {w['score']:>4}"
                     f"  {_reckoning(w['scoring'])}")
    for b in a["bonuses"]:
        lines.append(f"  bonus {b['kind']}: {b['points']} ({b['detail']})")
    challenge = a["challenge"]
    if challenge and challenge["upheld"]:
        outcome = challenge["if_challenged"] or {}
        how = "the game refuses the play" if outcome.get("play") == "refused" else "a challenge takes the tiles back"
        lines.append(f"  not valid: {', '.join(challenge['invalid'])}: {how} ({challenge['rule']} challenge rule)")
    lines.append(f"score {a['score']}" + (f" (if every word stood: {a['score_if_valid']})"
                                          if a["score"] != a["score_if_valid"] and a["legal"] else ""))
    return "\n".join(lines)


def _verdict(w: dict) -> str:
    if w["valid"] is None:
        return "not judged"
    if w["valid"]:
        return "valid"
    tilings = "; ".join(" ".join(t["tiles"]) for t in w["verdict"].get("tilings") or [])
    return f"NOT VALID ({w['reason']}{': ' + tilings if tilings else ''})"


def _reckoning(s: dict) -> str:
    """How a word's score was reached, in one line: `3 4 1 2 (DW H8) = 10 × 2`, `1 2 1 (+2 F5)`."""
    if "word_multiplier" in s:
        premiums = ", ".join(f"{p} {square}" for square, p in s["premiums"].items())
        times = f" × {s['word_multiplier']}" if s["word_multiplier"] != 1 else ""
        return f"{' '.join(map(str, s['points']))}{f' ({premiums})' if premiums else ''} = {s['letters']}{times}"
    rare = ", ".join(f"+{bonus} {square}" for square, bonus in s["rare"].items())
    level = "first level" if s["first_level"] else "heights " + " ".join(map(str, s["heights"]))
    return f"{' '.join(map(str, s['points']))} ({level}{', ' + rare if rare else ''})"


@click.command("replay")
@click.argument("record", type=click.File("rb"))
@game_option
@lexicon_option
@no_lexicon_option
@layout_option
@click.option("--time-control", default=None, metavar="NAME",
              help="The game's time control the clock ran on (Betapet: panik, hets, …), for time penalties "
                   "from the seconds a JSON record gives.")
@click.option("--write", "write_to", default=None, type=click.Path(dir_okay=False, writable=True),
              help="Also write the record read to this file: GCG for .gcg, the JSON record for .json.")
@click.option("--review", is_flag=True,
              help="Rank each move among every play of its rack: the best play and what the move lost.")
@artifacts_option
@json_option
def replay_command(record, game: str, spec: str | None, no_lexicon: bool, layout: str | None,
                   time_control: str | None, write_to: str | None, review: bool, root: str, as_json: bool) -> None:
    """Replay a game record, GCG or JSON: every move judged in order, the running totals, the end of
    game and time penalties by the game's rules, and every place the record disagrees.

    RECORD is a GCG file (Quackle, Macondo, Woogles) or a JSON record (- for stdin; a JSON record
    starts with {). Exit code 0 when the record agrees with the rules everywhere, 1 when not.

    \b
        lexicon replay game.gcg --game sv-scrabble
        lexicon replay game.json -g sv-betapet --time-control panik --json
        lexicon replay game.gcg -g hu-betutorony --no-lexicon --write game.json
    """
    played = local_game(game)
    document = record_document(record.read())
    body = {"game": game, "record": document}
    if no_lexicon:
        body["lexicon"] = None
    elif spec:
        body["lexicon"] = spec
    if layout is not None:
        body["layout"] = layout_of(layout)
    if time_control is not None:
        body["time_control"] = time_control
    if review:
        body["review"] = True
    answer, _ = replay_request(body, lambda name: open_artifact(name, root), lambda name: played)
    if write_to:
        parsed = read_gcg(document) if isinstance(document, str) else read_json_record(document)
        text = write_gcg(parsed) if write_to.endswith(".gcg") else json.dumps(parsed.as_dict(), ensure_ascii=False,
                                                                             indent=2) + "\n"
        Path(write_to).write_text(text, encoding="utf-8")
    emit(answer, as_json, _replay_text(answer))
    if answer["disagreements"]:
        raise click.exceptions.Exit(1)


def record_document(data: bytes) -> str | dict:
    """A record file's bytes as POST /replay takes them: a JSON record (it starts with `{`) parsed, else
    GCG text in the encoding the file declares."""
    if data.lstrip()[:1] == b"{":
        try:
            return json.loads(data)
        except ValueError as exc:
            raise record_error(f"not valid JSON: {exc}") from None
    return decode_gcg(data)


def _replay_text(a: dict) -> str:
    judged_by = f"{a['lexicon']}@{a['version']}" if a["lexicon"] else "no lexicon (scores only)"
    lines = [f"{a['game']} with {judged_by}, challenge rule {a['challenge_rule']}: "
             f"{', '.join(p['nick'] for p in a['players'])}"]
    for t in a["turns"]:
        what = " ".join(f"{p['start']} {p['direction']} {p['word']}" for p in t.get("plays", [])) or t.get("tiles", "")
        valid = "" if t["kind"] != "move" else " " + ", ".join(
            f"{w['word']}{'' if w['valid'] is not False else ' (NOT VALID)'}" for w in t["words"])
        score = "–" if t["score"] is None else t["score"]
        record = "–" if t["record_score"] is None else t["record_score"]
        lines.append(f"  {t['number']:>3} {t['player']:<10} {t['kind']:<9} {what:<24} {score:>5} (record {record})"
                     f"  total {t['total']}{valid}")
        if t.get("review"):
            lines.append("      " + _review_text(t["review"]))
    end = a["end"]
    lines.append(f"end: {end['reason']}{' (' + end['out'] + ' went out)' if end['out'] else ''}"
                 + (f"; adjustments {_by_player(end['adjustments'])}" if end["adjustments"] else ""))
    lines.append(f"totals: {_by_player(a['totals'])} (record: {_by_player(a['record_totals'])})")
    for d in a["disagreements"]:
        where = f"line {d['line']}" if d["line"] else f"event {d['event']}"
        lines.append(f"  disagrees, {where} (turn {d['turn']}, {d['player']}): {d['code']}: {d['message']}")
    if not a["disagreements"]:
        lines.append("the record agrees with the rules everywhere")
    return "\n".join(lines)


def _review_text(r: dict) -> str:
    place = f"rank {r['rank']:,} of {r['plays']:,}" if r["rank"] else f"not among the {r['plays']:,} plays"
    best = r["best"]
    if best is None:
        return f"{place}: the rack had no play"
    m, value = best["move"], best.get("equity", best["score"])
    return (f"{place} by {r['order']}; best {m['start']} {m['direction']} {m['word']} ({value}), "
            f"{r['lost']} {r['order']} lost")


def _by_player(values: dict) -> str:
    return ", ".join(f"{p} {v if v is not None else '?'}" for p, v in values.items())


@click.command("publish")
@click.argument("game_file", type=click.Path(exists=True, dir_okay=False))
@artifacts_option
@json_option
def publish_command(game_file: str, root: str | None, as_json: bool) -> None:
    """Publish a game file of your own, with its tile set, into the artifacts directory: the service
    then serves it by name (POST /play, POST /replay, GET /games) within a second.

    \b
        lexicon publish mygame/en-scrabble.toml --artifacts /srv/lexicons
    """
    name, version, folder = publish_game(game_file, root)
    emit({"name": name, "version": version, "path": str(folder)}, as_json,
         f"published game {name}@{version} in {folder}")


@click.command("moves")
@click.argument("board", required=False, type=click.File("r", encoding="utf-8"))
@game_option
@lexicon_option
@click.option("--rack", required=True, help="The player's rack in tile notation (? a blank).")
@click.option("--limit", "-n", default=20, show_default=True, type=click.IntRange(0, MAX_LIMIT),
              help="List at most this many plays.")
@click.option("--phonies", is_flag=True,
              help="Also the plays a challenge would remove: main word valid, a cross word not.")
@click.option("--order", default="score", show_default=True, type=click.Choice(ORDERS),
              help="Best first by score, or by equity: score plus the value of the tiles kept.")
@click.option("--bag", type=click.IntRange(0), metavar="TILES",
              help="By equity: the tiles left in the bag (with none, the end's rule values the tiles kept).")
@click.option("--endgame", is_flag=True,
              help="The bag empty: also the best turn searched to the game's end.")
@click.option("--other", metavar="RACK",
              help="With --endgame: the other rack (default: the tiles on neither the board nor the rack).")
@click.option("--common", is_flag=True,
              help="Only plays of common words (the most frequent of the language, or forms of them): a beginner's.")
@layout_option
@heights_option
@artifacts_option
@json_option
def moves_command(board, game: str, spec: str | None, rack: str, limit: int, phonies: bool, order: str,
                  bag: int | None, endgame: bool, other: str | None, common: bool, layout: str | None, heights_file,
                  root: str, as_json: bool) -> None:
    """The best plays of a rack on a board, as POST /moves gives them.

    BOARD is a board file as `lexicon judge` reads it (none for an empty board). Each play is listed
    with its score, its move (word, start square, direction: what `lexicon judge` takes) and its words.

    \b
        lexicon moves --game sv-scrabble --rack 'HUNDA?S'
        lexicon moves board.txt -g sv-betapet --rack KATTERS -n 5 --json
        lexicon moves board.txt --heights heights.txt -g hu-betutorony --rack 'KAP[SZ]OLE'
        lexicon moves board.txt -g sv-scrabble --rack ERSTAD? --order equity --bag 0
        lexicon moves board.txt -g sv-scrabble --rack AEK --endgame -n 0
        lexicon moves board.txt -g sv-betapet --rack KATTERS --common -n 5
    """
    played = local_game(game)
    body = {"game": game, "board": read_rows(board) if board else ["." * played.size] * played.size, "rack": rack,
            "limit": limit, "phonies": phonies, "order": order}
    if bag is not None:
        body["bag"] = bag
    if endgame:
        body["endgame"] = True
    if other is not None:
        body["other"] = other
    if common:
        body["common"] = True
    if spec:
        body["lexicon"] = spec
    if layout is not None:
        body["layout"] = layout_of(layout)
    if heights_file is not None:
        body["heights"] = read_rows(heights_file)
    answer, _ = moves_request(body, lambda name: open_artifact(name, root), lambda name: played)
    emit(answer, as_json, _moves_text(answer))


def _moves_text(a: dict) -> str:
    shown = (f"the best {len(a['plays'])}" if a["cut"] else "all") + (" of common words" if a.get("common") else "")
    lines = [f"{a['game']} with {a['lexicon']}@{a['version']}, rack {a['rack']}: {a['count']:,} plays, {shown}"]
    for p in a["plays"]:
        equity = f"{p['equity']:>8.2f}" if "equity" in p else ""
        if "move" not in p:  # an exchange or the pass (by equity, with the bag said)
            what = f"exchange {p['exchange']}" if "exchange" in p else "pass"
            lines.append(f"  {p['score']:>4}{equity}  {what:<27} keeping {p['keep'] or 'nothing'}")
            continue
        m = p["move"]
        words = ", ".join(w["word"] + ("" if w["valid"] is not False else " (not valid)") for w in p["words"])
        lines.append(f"  {p['score']:>4}{equity}  {m['start']:>3} {m['direction']:<6} {m['word']:<16} {words}")
    if "endgame" in a:
        e, turn = a["endgame"], a["endgame"]["turn"]
        what = f"{turn['move']['start']} {turn['move']['direction']} {turn['move']['word']}" if "move" in turn \
            else "pass"
        reach = "to the game's end" if e["exact"] else f"{e['depth']} turns ahead"
        lines.append(f"endgame: {what}, a spread of {e['spread']:+}, searched {reach}")
    return "\n".join(lines)


@click.command("selfplay")
@game_option
@lexicon_option
@click.option("--a", "a", default="score", show_default=True, type=click.Choice(sorted(PLAYERS)),
              help="The player measured.")
@click.option("--b", "b", default="random", show_default=True, type=click.Choice(sorted(PLAYERS)),
              help="The player it is measured against.")
@click.option("--a-leaves", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A, the equity player, plays with the leave values of this KLV2 file (lexicon leaves train).")
@click.option("--b-leaves", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="B, the equity player, plays with the leave values of this KLV2 file.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(2, MAX_GAMES),
              help="Games, a multiple of --seats: mirrored sets deal the same bag, A in each seat once.")
@click.option("--seats", default=2, show_default=True, type=click.Choice([str(n) for n in SEATS]),
              help="Players at the table: A and, in every other seat, B.")
@seed_option
@jobs_option
@artifacts_option
@json_option
def selfplay_command(game: str, spec: str | None, a: str, b: str, a_leaves: Path | None, b_leaves: Path | None,
                     games: int, seats: str, seed: int, jobs: int, root: str, as_json: bool) -> None:
    """Two computer players over many games: which wins, by how much, and how sure that is.

    Each pair of games deals from one shuffled bag with the players' seats swapped (at a table of 3 or 4,
    each set of games one bag, A in each seat once and B in the others). Prints A's wins (the highest
    score), draws and losses, its share of the points with a 95% interval (against 1/seats for an equal),
    the mean spread (A less the others' mean), each player's mean score and bingos, and games a second.

    \b
        lexicon selfplay --game sv-scrabble --a score --b random --games 200 --seed 1
        lexicon selfplay -g hu-betutorony --games 20 --jobs 2 --json
        lexicon selfplay -g sv-scrabble --a equity --a-leaves run/generation-2.klv2 --b equity --games 2000
        lexicon selfplay -g sv-betapet --a equity --b score --seats 4 --games 400
    """
    played = local_game(game)
    lex = open_artifact(spec or played.lexicon, root)
    a, b = (_with_file(player(name), file) for name, file in ((a, a_leaves), (b, b_leaves)))
    progress = for_stream()  # games played, their rate and the time left, on stderr
    progress.start(f"{a.name} against {b.name}", games)
    try:
        summary = selfplay(played, lex, a, b, games, seed, lambda done: progress.advance(int(seats)), jobs,
                           int(seats)).summary()
        progress.finish(f"{games} games")
    finally:
        progress.close()
    emit(summary, as_json, _selfplay_text(summary))


def _with_file(base: Player, file: Path | None) -> Player:
    """The player, or with `file`'s leave values, a damaged file named."""
    if file is None:
        return base
    try:
        return with_leaves(base, file.read_bytes(), f"{base.name} ({file.name})")
    except ArtifactError as exc:
        raise ArtifactError(f"{file}: {exc}") from None


def _selfplay_text(s: dict) -> str:
    low, high = s["a_share_95"]
    sets = f"{s['sets']} mirrored pairs" if s["seats"] == 2 else \
        f"{s['sets']} mirrored sets of {s['seats']} players, an equal's share {s['even']:.1%}"
    lines = [f"{s['game']}: {s['a']} against {s['b']}, {s['games']} games ({sets}), seed {s['seed']}",
             f"{s['a']} won {s['a_wins']}, drew {s['draws']}, lost {s['a_losses']}: {s['a_share']:.1%} of the points "
             f"(95% interval {low:.1%} to {high:.1%}), spread {s['a_spread']:+.1f} a game (sd {s['a_spread_sd']})"]
    for role, p in s["players"].items():
        lines.append(f"  {role} ({p['player']}): {p['score']} points, {p['bingos']} bingos a game")
    on = "one process" if s["jobs"] == 1 else f"{s['jobs']} processes"
    lines.append(f"{s['turns']} turns a game, {s['games_per_second']} games a second on {on}")
    return "\n".join(lines)
