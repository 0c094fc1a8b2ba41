"""A game record: who played, and every event of the game in order, as the record itself says it (the
words laid, the scores and running totals it gives). Read from GCG (`lexicon.play.gcg`) or from its
JSON form here, and replayed by `lexicon.play.replay`, which judges it against the game's rules.

    >>> record = read_json_record({"format": FORMAT, "format_version": VERSION,
    ...     "players": [{"nick": "Ada"}, {"nick": "Bo"}],
    ...     "events": [{"kind": "move", "player": "Ada", "rack": "HUNDARS",
    ...                 "plays": [{"word": "HUND", "start": "H8", "direction": "across", "score": 20, "total": 20}]}]})
    >>> record.events[0].plays[0].word, record.events[0].score
    ('HUND', 20)

Words are tile notation as a board row writes them: a blank in lower case, a multi-letter tile in
brackets (`[CS]`), `.` a square whose tile is already on the board. A rack is tile notation with `?`
a blank; "" when the record does not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import record_error

FORMAT = "tile-lexicon-record"
VERSION = 1
#: The kinds of event a record holds, as GCG has them: a move (one or more plays: a Betűtorony turn
#: of several words), an exchange, a pass, a play withdrawn after a challenge (its points taken off),
#: a challenge bonus for a play that stood, a time penalty, and the end of game: the tiles a player
#: gains from another's rack (`end-gain`) or loses from their own (`end-loss`).
KINDS = ("move", "exchange", "pass", "withdrawn", "challenge", "time", "end-gain", "end-loss")
DIRECTIONS = ("across", "down")
#: Bounds on what a record may hold; a real game has a few dozen events and two to four players.
MAX_EVENTS = 1000
MAX_PLAYERS = 4
MAX_TEXT = 10_000
_NICK = re.compile(r"[^\s:#>]{1,64}")


@dataclass(frozen=True)
class Player:
    nick: str  # the name events use: no spaces
    name: str = ""


@dataclass
class Play:
    """One word laid, as the record writes it, with the record's score for it and the running total."""

    word: str
    start: str  # the first square, column letter and row number: H8
    direction: str  # across or down
    score: int | None = None
    total: int | None = None
    line: int = field(default=0, compare=False)  # where it was read (GCG), for messages
    column: int = field(default=0, compare=False)  # of its position
    word_column: int = field(default=0, compare=False)

    def as_dict(self) -> dict[str, Any]:
        return _without_none({"word": self.word, "start": self.start, "direction": self.direction,
                              "score": self.score, "total": self.total})


@dataclass
class Event:
    """One event of the game, as the record says it. `score` is what the record gives it (a move's
    points, minus for a withdrawn play, a time penalty or the tiles left), `total` the player's running
    total after it; for a move both come from its plays."""

    kind: str
    player: str
    rack: str = ""
    plays: list[Play] = field(default_factory=list)  # a move's
    tiles: str = ""  # an exchange's tiles (or their number), the rack an end-of-game event counts
    score: int | None = None
    total: int | None = None
    seconds: float | None = None  # a time penalty's clock: the seconds the player used (JSON records)
    note: str = ""
    line: int = field(default=0, compare=False)  # the GCG line it was read from (0: a JSON record)
    column: int = field(default=0, compare=False)  # of its first token after the nickname

    def __post_init__(self) -> None:
        if self.kind == "move" and self.plays:
            scores = [p.score for p in self.plays]
            self.score = None if None in scores else sum(scores)
            self.total = self.plays[-1].total

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "rack": self.rack or None}
        if self.kind == "move":
            out["plays"] = [p.as_dict() for p in self.plays]
        else:
            out |= {"tiles": self.tiles or None, "score": self.score, "total": self.total, "seconds": self.seconds}
        out["note"] = self.note or None
        return _without_none(out)


@dataclass
class GameRecord:
    """Players, events, and what the record says of itself (title, lexicon, time control, …)."""

    players: list[Player]
    events: list[Event]
    title: str = ""
    description: str = ""
    lexicon: str = ""  # the record's own name for its word list (GCG `#lexicon`): kept, not looked up
    game: str = ""
    time_control: str = ""  # a time control of the game (`panik`), for time penalties from seconds
    ident: str = ""  # GCG `#id`: its authority and id
    notes: str = ""  # notes before the first event
    extra: list[tuple[str, str]] = field(default_factory=list)  # pragmata kept as they were, for writing back

    def player(self, nick: str) -> Player | None:
        return next((p for p in self.players if p.nick == nick), None)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form of the record (`read_json_record` reads it back)."""
        head = _without_none({"title": self.title or None, "description": self.description or None,
                              "game": self.game or None, "lexicon": self.lexicon or None,
                              "time_control": self.time_control or None, "id": self.ident or None,
                              "notes": self.notes or None})
        return {"format": FORMAT, "format_version": VERSION, **head,
                "players": [_without_none({"nick": p.nick, "name": p.name or None}) for p in self.players],
                "events": [e.as_dict() for e in self.events],
                **({"extra": [list(x) for x in self.extra]} if self.extra else {})}


def _without_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


def check_players(players: list[Player], where: str = "players", line: int | None = None) -> None:
    """Two to four players with distinct nicknames that events can name."""
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise record_error(f"{len(players)} players; a record has 1 to {MAX_PLAYERS}", line=line, field=where)
    nicks = [p.nick for p in players]
    for i, nick in enumerate(nicks):
        if not _NICK.fullmatch(nick):
            raise record_error(f"{nick[:40]!r} is not a nickname (1 to 64 characters, no spaces, ':', '#' or '>')",
                               line=line, field=f"{where}[{i}].nick" if line is None else None)
        if nick in nicks[:i]:
            raise record_error(f"two players are called {nick!r}", line=line,
                               field=f"{where}[{i}].nick" if line is None else None)


# ---------------------------------------------------------------------------------- the JSON form

_HEAD = {"format", "format_version", "title", "description", "game", "lexicon", "time_control", "id", "notes",
         "players", "events", "extra"}
_EVENT = {"kind", "player", "rack", "plays", "tiles", "score", "total", "seconds", "note"}
_PLAY = {"word", "start", "direction", "score", "total"}


def read_json_record(data: Any) -> GameRecord:
    """A record from its JSON form (a parsed document); an InputError names the field at fault."""
    if not isinstance(data, dict):
        raise record_error(f'a JSON object: {{"format": "{FORMAT}", "players": [...], "events": [...]}}')
    _known(data, _HEAD, "")
    if data.get("format") != FORMAT or data.get("format_version") != VERSION:
        raise record_error(f"not a {FORMAT} document of format_version {VERSION} (format "
                           f"{str(data.get('format'))[:40]!r}, format_version {str(data.get('format_version'))[:10]})",
                           field="format")
    raw_players = _get(data, "players", list, "players")
    players = []
    for i, raw in enumerate(raw_players[:MAX_PLAYERS + 1]):
        _known(raw, {"nick", "name"}, f"players[{i}]")
        players.append(Player(_get(raw, "nick", str, f"players[{i}].nick"),
                              _get(raw, "name", str, f"players[{i}].name", "")))
    check_players(players)
    raw_events = _get(data, "events", list, "events")
    if len(raw_events) > MAX_EVENTS:
        raise record_error(f"{len(raw_events)} events; a record holds at most {MAX_EVENTS}", field="events")
    nicks = {p.nick for p in players}
    events = [_event(raw, i, nicks) for i, raw in enumerate(raw_events)]
    extra = [tuple(x) for x in _get(data, "extra", list, "extra", [])
             if isinstance(x, list) and len(x) == 2 and all(isinstance(v, str) for v in x)]
    return GameRecord(players, events, **{k: _get(data, key, str, key, "") for k, key in (
        ("title", "title"), ("description", "description"), ("game", "game"), ("lexicon", "lexicon"),
        ("time_control", "time_control"), ("ident", "id"), ("notes", "notes"))}, extra=extra)


def _event(raw: Any, i: int, nicks: set[str]) -> Event:
    where = f"events[{i}]"
    _known(raw, _EVENT, where)
    kind = _get(raw, "kind", str, f"{where}.kind")
    if kind not in KINDS:
        raise record_error(f"{kind[:40]!r} is not a kind of event ({', '.join(KINDS)})", field=f"{where}.kind")
    player = _get(raw, "player", str, f"{where}.player")
    if player not in nicks:
        raise record_error(f"{player[:40]!r} is not one of the players ({', '.join(sorted(nicks))})",
                           field=f"{where}.player")
    common = {"rack": _get(raw, "rack", str, f"{where}.rack", ""), "note": _get(raw, "note", str, f"{where}.note", "")}
    if kind == "move":
        for key in ("tiles", "score", "total", "seconds"):
            if key in raw:
                raise record_error("a move's points are its plays' (plays[k].score and total)", field=f"{where}.{key}")
        plays = _get(raw, "plays", list, f"{where}.plays")
        if not plays:
            raise record_error("a move lays at least one play", field=f"{where}.plays")
        return Event(kind, player, plays=[_play(p, f"{where}.plays[{k}]") for k, p in enumerate(plays[:64])],
                     **common)
    if "plays" in raw:
        raise record_error(f"only a move has plays, not {kind!r}", field=f"{where}.plays")
    seconds = _get(raw, "seconds", (int, float), f"{where}.seconds", None)
    if seconds is not None and (kind != "time" or not 0 <= seconds < 10 ** 7):
        raise record_error("the seconds a player used, 0 or more, on a time event", field=f"{where}.seconds")
    return Event(kind, player, tiles=_get(raw, "tiles", str, f"{where}.tiles", ""),
                 score=_get(raw, "score", int, f"{where}.score", None),
                 total=_get(raw, "total", int, f"{where}.total", None), seconds=seconds, **common)


def _play(raw: Any, where: str) -> Play:
    _known(raw, _PLAY, where)
    direction = _get(raw, "direction", str, f"{where}.direction", "across")
    if direction not in DIRECTIONS:
        raise record_error(f"across or down, not {direction[:20]!r}", field=f"{where}.direction")
    return Play(_get(raw, "word", str, f"{where}.word"), _get(raw, "start", str, f"{where}.start"), direction,
                _get(raw, "score", int, f"{where}.score", None), _get(raw, "total", int, f"{where}.total", None))


def _known(raw: Any, allowed: set[str], where: str) -> None:
    if not isinstance(raw, dict):
        raise record_error("an object", field=where or None)
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise record_error(f"unknown field {unknown[0][:40]!r} (allowed: {', '.join(sorted(allowed))})",
                           field=f"{where}.{unknown[0][:40]}" if where else unknown[0][:40])


def _get(raw: dict, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
    if key not in raw:
        if default is ...:
            raise record_error("required", field=where)
        return default
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        names = {"str": "a string", "int": "an integer", "float": "a number", "list": "a list"}
        wanted = " or ".join(names[k.__name__] for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise record_error(f"{wanted}, not {type(value).__name__}", field=where)
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise record_error(f"{len(value)} characters; at most {MAX_TEXT}", field=where)
    return value
