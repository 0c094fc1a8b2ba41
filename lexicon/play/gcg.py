"""GCG, the game records of Quackle, Macondo and Woogles (John Chew's format, poslfit.com/scrabble/gcg):
read into a `GameRecord` and written back.

    #character-encoding UTF-8
    #player1 Ada Ada Lund
    #player2 Bo Bo Ek
    >Ada: HUNDARS 8H HUND +20 20
    >Bo: EKTAXYZ L6 TA.X +… …

Pragmata (`#player1 nick Full Name`, `#title`, `#description`, `#id`, `#lexicon`, `#note`, `#rack1` …) come
first, `#note` also after an event (it belongs to that event, and lines that start neither with `#` nor
`>` continue it). Events are `>nick: RACK POSITION WORD +SCORE TOTAL`: `8D` is row 8 from column D across,
`D8` column D from row 8 down; in the word `.` is a tile already on the board, a lower-case letter a
blank, `[CS]` a multi-letter tile. Then `-ABC` an exchange (or `-3`), `-` a pass, `-- -N` a withdrawn
play, `(challenge) +N` a challenge bonus, `(time) -N` a time penalty, `(ABC) +N` the tiles gained from
another's rack at the end, `ABC (ABC) -N` those lost from one's own. The rack may be left out.

A file that starts `#character-encoding NAME` (UTF-8 or ISO-8859-1) is read in it; otherwise as UTF-8
when it is valid UTF-8 (Swedish and Hungarian records are written so), else as ISO-8859-1, the
format's default. A Betűtorony turn of several words is written one line a word, the turn's bonus
in the last line's score: consecutive move lines of one player are one turn in a game whose turn may
form several words (`turn.several_words`), and separate turns otherwise.
"""

from __future__ import annotations

import re

from ..errors import InputError, record_error
from ..text import refused_at
from .record import MAX_EVENTS, MAX_TEXT, Event, GameRecord, Play, Player, check_players

#: Bounds on a GCG file: a real game is a few kilobytes, its notes included.
MAX_BYTES = 1024 * 1024
MAX_LINES = 20_000
ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "iso-8859-1": "iso-8859-1", "iso8859-1": "iso-8859-1",
             "latin-1": "iso-8859-1", "latin1": "iso-8859-1"}

_POSITION = re.compile(r"(?:([0-9]{1,2})([A-Za-z])|([A-Za-z])([0-9]{1,2}))")
_POINTS = re.compile(r"[+-][0-9]{1,6}")
_TOTAL = re.compile(r"-?[0-9]{1,7}")
_PLAYER = re.compile(r"player([1-9])")
_RACK = re.compile(r"rack[1-9]")
#: Pragmata read into the record's fields; any other is kept as it is and written back.
_HEAD_PRAGMATA = {"title": "title", "description": "description", "lexicon": "lexicon"}


def read_gcg(data: bytes | str) -> GameRecord:
    """Read a GCG record; an InputError names the line and column of what cannot be read."""
    text = decode(data) if isinstance(data, bytes) else data
    if len(text) > MAX_BYTES:
        raise record_error(f"{len(text):,} characters; a GCG record holds at most {MAX_BYTES:,}")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise record_error(f"{len(lines):,} lines; a GCG record holds at most {MAX_LINES:,}")
    reader = _Reader()
    for number, line in enumerate(lines, start=1):
        reader.line(number, line)
    return reader.record()


def decode(data: bytes) -> str:
    """The text of a GCG file, in the encoding its first line names, else UTF-8 if it is, else ISO-8859-1."""
    if len(data) > MAX_BYTES:
        raise record_error(f"{len(data):,} bytes; a GCG record holds at most {MAX_BYTES:,}")
    data = data.removeprefix(b"\xef\xbb\xbf")
    first = data.split(b"\n", 1)[0].strip()
    if first.startswith(b"#character-encoding"):
        name = first[len(b"#character-encoding"):].strip().decode("ascii", "replace").lower()
        if name not in ENCODINGS:
            raise record_error(f"{name[:40]!r} is not an encoding this reader knows (UTF-8, ISO-8859-1)", line=1,
                               column=len("#character-encoding") + 2)
        return _decoded(data, ENCODINGS[name])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def _decoded(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise record_error(f"byte {data[exc.start:exc.start + 1]!r} is not {encoding}, as the first line says",
                           line=line, column=column) from None


class _Reader:
    def __init__(self) -> None:
        self.players: dict[int, Player] = {}
        self.events: list[Event] = []
        self.fields: dict[str, str] = {}
        self.extra: list[tuple[str, str]] = []
        self.notes: list[str] = []
        self.in_note = False

    def line(self, number: int, line: str) -> None:
        _check_characters(line, number)
        stripped = line.strip()
        if not stripped:
            return  # blank lines separate nothing, not even a note's lines
        if stripped.startswith("#"):
            self.pragma(number, line, stripped)
        elif stripped.startswith(">"):
            self.in_note = False
            if len(self.events) >= MAX_EVENTS:
                raise record_error(f"more than {MAX_EVENTS} events", line=number, column=1)
            self.events.append(_event(number, line, self.nicks()))
        elif self.in_note:
            self._note(stripped, number, continued=True)
        else:
            raise record_error("neither a pragma (#…) nor an event (>…), nor a note's continuation", line=number,
                               column=_column(line, stripped))

    def pragma(self, number: int, line: str, stripped: str) -> None:
        keyword, _, rest = stripped[1:].partition(" ")
        rest = rest.strip()
        self.in_note = keyword == "note"
        if keyword == "note":
            self._note(rest, number)
            return
        if keyword == "character-encoding":
            if number != 1:
                raise record_error("#character-encoding must be the first line", line=number, column=1)
            return
        if self.events and not _RACK.fullmatch(keyword):
            raise record_error(f"#{keyword[:40]} comes after the first event; only notes and racks may", line=number,
                               column=_column(line, stripped))
        player = _PLAYER.fullmatch(keyword)
        if player:
            nick, _, name = rest.partition(" ")
            index = int(player.group(1))
            if not nick or index in self.players:
                raise record_error(f"#{keyword} names a player once: a nickname, then the full name", line=number,
                                   column=_column(line, stripped))
            self.players[index] = Player(nick, name.strip())
            check_players(list(self.players.values()), line=number)
        elif keyword == "id":
            self.fields["ident"] = rest
        elif keyword in _HEAD_PRAGMATA:
            self.fields[_HEAD_PRAGMATA[keyword]] = rest
        else:
            self.extra.append((keyword, rest))

    def _note(self, text: str, number: int, continued: bool = False) -> None:
        target = self.events[-1] if self.events else None
        current = target.note if target is not None else "\n".join(self.notes)
        joined = (current + "\n" + text) if current else text
        if len(joined) > MAX_TEXT:
            raise record_error(f"a note of more than {MAX_TEXT:,} characters", line=number, column=1)
        if target is not None:
            target.note = joined
        else:
            self.notes = joined.split("\n")

    def nicks(self) -> dict[str, Player]:
        return {p.nick: p for p in self.players.values()}

    def record(self) -> GameRecord:
        if not self.players:
            raise record_error("no players: a GCG record starts with #player1 and #player2", line=1, column=1)
        order = [self.players[i] for i in sorted(self.players)]
        if [i for i in sorted(self.players)] != list(range(1, len(order) + 1)):
            raise record_error(f"players numbered {sorted(self.players)}; number them from #player1 on")
        return GameRecord(order, self.events, notes="\n".join(self.notes), extra=self.extra, **self.fields)


def _check_characters(line: str, number: int) -> None:
    at = refused_at(line.replace("\t", " "))  # a tab separates tokens as a space does
    if at is not None:
        raise record_error(f"character U+{ord(line[at]):04X} is a control or invisible character, not text",
                           line=number, column=at + 1)


def _column(line: str, token: str, start: int = 0) -> int:
    return line.find(token, start) + 1


def _event(number: int, line: str, players: dict[str, Player]) -> Event:
    head, colon, rest = line.strip()[1:].partition(":")
    if not colon:
        raise record_error("an event is >nick: followed by its tokens", line=number, column=_column(line, ">"))
    nick = head.strip()
    if nick not in players:
        known = ", ".join(players) or "none: the #player pragmata come first"
        raise record_error(f"{nick[:40]!r} is not one of the players ({known})", line=number,
                           column=_column(line, nick) if nick else 2)
    spans = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
    offset = next(i for i, (tok, _) in enumerate(spans) if tok.endswith(":") or ":" in tok) + 1
    tokens = spans[offset:]
    if len(tokens) < 2:
        raise record_error("an event ends with its points and the running total (+20 20)", line=number,
                           column=len(line.rstrip()) + 1)
    (points, points_at), (total, total_at) = tokens[-2], tokens[-1]
    if not _POINTS.fullmatch(points) and not _TOTAL.fullmatch(total):
        raise record_error(f"an event ends with its points and the running total (+20 20), not {points[:20]} "
                           f"{total[:20]}", line=number, column=points_at)
    if not _POINTS.fullmatch(points):
        raise record_error(f"{points[:20]!r} is not points (+ or -, then digits)", line=number, column=points_at)
    if not _TOTAL.fullmatch(total):
        raise record_error(f"{total[:20]!r} is not a running total (digits)", line=number, column=total_at)
    return _classify(number, line, nick, tokens[:-2], int(points), int(total), points_at)


#: The sign each kind of event's points take: moves and gains +, takings-off -, a pass or exchange +0.
_SIGNS = {"move": "+", "pass": "0", "exchange": "0", "withdrawn": "-", "challenge": "+", "time": "-",
          "end-gain": "+", "end-loss": "-"}


def _classify(number: int, line: str, nick: str, middle: list[tuple[str, int]], points: int, total: int,
              points_at: int) -> Event:
    """What an event is from the tokens between the nickname and its points: `[RACK] POSITION WORD` a
    move, else `[RACK]` and one token saying which event it is."""
    def fail(message: str, column: int) -> InputError:
        return record_error(message, line=number, column=column)

    if not middle:
        raise fail("nothing between the nickname and the points: a move, -, --, -ABC, (challenge), (time) or "
                   "(RACK)", points_at)
    if len(middle) > 3:
        raise fail(f"{len(middle) + 2} tokens after the nickname; an event has at most five", middle[3][1])
    # A rack has no digits, so a position in second to last place makes a move.
    if len(middle) == 3 or (len(middle) == 2 and _POSITION.fullmatch(middle[0][0])):
        rack = middle[0][0] if len(middle) == 3 else ""
        (position, at), (word, word_at) = middle[-2], middle[-1]
        event = _move(number, middle[0][1], nick, rack, (position, at), (word, word_at), points, total, fail)
    else:
        rack = middle[0][0] if len(middle) == 2 else ""
        token, at = middle[-1]
        kind, tiles = _kind(token, rack, len(middle), lambda m: fail(m, at))
        event = Event(kind, nick, rack=rack, tiles=tiles, score=points, total=total, line=number, column=middle[0][1])
    sign = _SIGNS[event.kind]
    if (sign == "0" and points != 0) or (sign == "+" and points < 0) or (sign == "-" and points > 0):
        wanted = {"0": "+0", "+": "+N", "-": "-N"}[sign]
        raise fail(f"a {event.kind} takes {wanted} points, not {points:+d}", points_at)
    return event


def _kind(token: str, rack: str, count: int, fail) -> tuple[str, str]:
    if token == "-":
        return "pass", ""
    if token == "--":
        return "withdrawn", ""
    if token == "(challenge)":
        return "challenge", ""
    if token == "(time)":
        return "time", ""
    if token.startswith("(") and token.endswith(")") and len(token) > 2:
        tiles = token[1:-1]
        if count == 2 and rack != tiles:
            raise fail(f"the tiles lost at the end are the player's own rack: {rack[:20]} ({tiles[:20]}) "
                       f"names two racks")
        return ("end-loss" if count == 2 else "end-gain"), tiles
    if token.startswith("-") and len(token) > 1:
        return "exchange", token[1:]
    raise fail(f"{token[:20]!r} is not a move, an exchange (-ABC), a pass (-), a withdrawn play (--), "
               f"(challenge), (time) or a rack in parentheses")


def _move(number: int, column: int, nick: str, rack: str, position_at: tuple[str, int], word_at: tuple[str, int],
          points: int, total: int, fail) -> Event:
    """`8D` is row 8 from column D across, `D8` column D from row 8 down."""
    (position, at), (word, word_column) = position_at, word_at
    match = _POSITION.fullmatch(position)
    if match is None:
        raise fail(f"{position[:20]!r} is not a position: 8D (row 8 from column D, across) or D8 (down)", at)
    row, col, col_down, row_down = match.groups()
    start, direction = (f"{col.upper()}{row}", "across") if row else (f"{col_down.upper()}{row_down}", "down")
    return Event("move", nick, rack=rack, plays=[Play(word, start, direction, points, total, number, at,
                                                     word_column)], line=number, column=column)


# ---------------------------------------------------------------------------------- writing


def write_gcg(record: GameRecord) -> str:
    """The record as GCG, UTF-8 declared in the first line; a move of several plays one line a play, and
    every line of a note a `#note` line of its own (so no note line can read as a pragma or an event)."""
    out = ["#character-encoding UTF-8"]
    out += [f"#player{i} {p.nick} {p.name or p.nick}" for i, p in enumerate(record.players, start=1)]
    for key, value in (("title", record.title), ("description", record.description), ("id", record.ident),
                       ("lexicon", record.lexicon)):
        if value:
            out.append(f"#{key} {value}")
    out += [f"#{k} {v}".rstrip() for k, v in record.extra if not _RACK.fullmatch(k)]
    out += _note_lines(record.notes)
    running = {p.nick: 0 for p in record.players}  # for a record that gives no running total (GCG needs one)
    for event in record.events:
        out += _event_lines(event, running)
        out += _note_lines(event.note)
    out += [f"#{k} {v}".rstrip() for k, v in record.extra if _RACK.fullmatch(k)]
    return "\n".join(out) + "\n"


def _note_lines(note: str) -> list[str]:
    return [f"#note {line}".rstrip() for line in note.split("\n")] if note else []


def _event_lines(e: Event, running: dict[str, int]) -> list[str]:
    def total(score: int | None, given: int | None) -> int:
        running[e.player] = given if given is not None else running.get(e.player, 0) + (score or 0)
        return running[e.player]

    if e.kind == "move":
        head = f">{e.player}: {e.rack}".rstrip()
        return [f"{head} {_position(p)} {p.word} {p.score or 0:+d} {total(p.score, p.total)}" for p in e.plays]
    token = {"pass": "-", "withdrawn": "--", "challenge": "(challenge)", "time": "(time)",
             "exchange": f"-{e.tiles}", "end-gain": f"({e.tiles})", "end-loss": f"({e.tiles})"}[e.kind]
    rack = e.tiles if e.kind == "end-loss" else "" if e.kind == "end-gain" else e.rack
    return [f"{f'>{e.player}: {rack}'.rstrip()} {token} {e.score or 0:+d} {total(e.score, e.total)}"]


def _position(p: Play) -> str:
    col, row = p.start[0].upper(), p.start[1:]
    return f"{row}{col}" if p.direction == "across" else f"{col}{row}"
