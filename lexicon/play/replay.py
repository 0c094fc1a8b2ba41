"""Replaying a game record: every event judged in order by the game's rules, with running totals, the
end-of-game adjustments and time penalties the game's data gives, and every place the record disagrees.

    replay(read_gcg(path.read_bytes()), load_game("sv-scrabble"), load("sv-scrabble")).as_dict()

Each move is judged on the board the events before it left (`judge_turn`): its words, their validity
and its score. The replay follows the record: a play stays on the board unless the record withdraws it
(`--`), an illegal play is laid when its tiles fit the squares, and the totals are the replay's own.
Where the record says otherwise than the rules, the answer lists a disagreement with its code, the
record's line (GCG) or event, and both figures:

| code | the record … |
|---|---|
| `score` | gives a move, a withdrawn play or a time penalty other points than the rules |
| `total` | gives a running total that is not its previous total plus its points (its own arithmetic) |
| `illegal` | has a move the rules do not allow (the judge's reasons) |
| `phony` | keeps a play with an invalid word in a game whose challenge rule is void |
| `withdrawn` | withdraws a play whose words are all valid, or nothing |
| `challenge` | gives a challenge bonus the game's rule does not |
| `exchange` | exchanges with too few tiles in the bag, or more tiles than the game allows |
| `end` | ends with other adjustments than the game's end rule gives, or tiles the player did not hold |
| `after-end` | goes on after the game was over |
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, PlayError, record_error
from .board import Board, empty_board
from .endgame import final_adjustments, time_penalty
from .engine import Judgement, judge_turn
from .game import Game, shipped_game
from .gcg import read_gcg
from .move import BLANK, Placement, parse_rack, word_move
from .moves import generates, rank_move
from .record import Event, GameRecord, read_json_record
from .request import check_fields, lexicon_of

#: A loaded lexicon (lexicon.Lexicon): named, not imported, since lexicon.lookup imports this package.
Lexicon = Any

#: Problems that keep a play's tiles off the board (they cannot lie where the record puts them).
_UNLAYABLE = frozenset({"not-in-line", "gap", "occupied", "same-letter", "stack-full"})
_END_KINDS = frozenset({"end-gain", "end-loss", "time"})
#: The codes of the disagreements a replay finds (the table above).
DISAGREEMENTS = ("score", "total", "illegal", "phony", "withdrawn", "challenge", "exchange", "end", "after-end")


@dataclass
class Turn:
    """One event of the record replayed (for a game whose turn may form several words, a turn's
    consecutive move lines together)."""

    number: int
    events: list[Event]
    index: int  # of the first event in the record
    score: int | None = None  # what the replay gives it (None: counted in the end of game as a whole)
    total: int = 0  # the player's running total in the replay after it
    judgement: Judgement | None = None
    stands: bool = False  # a move: it lies on the board after the record's events (not withdrawn, laid)
    review: dict[str, Any] | None = None  # reviewed: where the move stands among its rack's plays (`review`)

    @property
    def first(self) -> Event:
        return self.events[0]

    @property
    def record_score(self) -> int | None:
        scores = [e.score for e in self.events]
        return None if None in scores else sum(scores)

    def as_dict(self, game: Game, reviewed: bool = False) -> dict[str, Any]:
        e = self.first
        out = {"number": self.number, "player": e.player, "kind": e.kind, "event": self.index,
               "lines": [x.line for x in self.events if x.line], "rack": e.rack or None}
        if e.kind == "move":
            j = self.judgement
            out |= {"plays": [{"word": p.word, "start": p.start, "direction": p.direction}
                              for x in self.events for p in x.plays],
                    "legal": j.legal, "errors": [p.as_dict() for p in j.errors],
                    "words": [{"word": w.spelled, "notation": w.notation, "start": game.square_name(w.squares[0]),
                               "direction": w.direction, "part": w.part, "valid": w.valid,
                               "reason": w.reason, "score": w.score}
                              for w in j.words],
                    "bonus": sum(b["points"] for b in j.earned), "stands": self.stands}
        elif e.tiles:
            out["tiles"] = e.tiles
        if reviewed:
            out["review"] = self.review
        return out | {"score": self.score, "record_score": self.record_score, "total": self.total,
                      "record_total": self.events[-1].total}


@dataclass
class _Laid:
    """What a move did, so a withdrawal can undo it."""

    turn: Turn
    board: Board  # before it
    drawn: int
    points: int
    scoreless_before: int
    ended_before: tuple[str, str | None] | None


@dataclass
class Replay:
    """The record replayed: its turns, the end of the game, and where the record disagrees."""

    game: Game
    lexicon: Lexicon | None
    record: GameRecord
    turns: list[Turn] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    ended: tuple[str, str | None] | None = None  # ("out", player) or ("scoreless", None)
    adjustments: dict[str, int] | None = None
    racks_left: dict[str, str | None] = field(default_factory=dict)
    board: Board | None = None
    reviewed: bool = False  # each move ranked among the plays of its rack (`review`)

    def final_totals(self) -> dict[str, int]:
        """The totals after the end-of-game adjustments (when the racks left are known)."""
        return {p: t + (self.adjustments or {}).get(p, 0) for p, t in self.totals.items()}

    def as_dict(self) -> dict[str, Any]:
        lex = self.lexicon
        record_totals: dict[str, int | None] = {p.nick: None for p in self.record.players}
        for e in self.record.events:
            if e.total is not None:
                record_totals[e.player] = e.total
        reason, out = self.ended if self.ended else ("unfinished", None)
        return {
            "game": self.game.name, "lexicon": lex.name if lex else None, "version": lex.version if lex else None,
            "record_lexicon": self.record.lexicon or None, "challenge_rule": self.game.challenge.rule,
            "players": [{"nick": p.nick, "name": p.name} for p in self.record.players],
            "turns": [t.as_dict(self.game, self.reviewed) for t in self.turns],
            "end": {"reason": reason, "out": out, "racks_left": self.racks_left, "adjustments": self.adjustments},
            "totals": self.final_totals(), "record_totals": record_totals,
            "board": self.board.rows() if self.board else None,
            "disagreements": self.disagreements,
        }


def replay(record: GameRecord, game: Game, lexicon: Lexicon | None, *, premiums: tuple[str, ...] | None = None,
           time_control: str | None = None, review: bool = False) -> Replay:
    """Replay `record` by `game`'s rules, judging its words by `lexicon` (None: scores only). With `review`, each
    move of one play whose rack the record gives is ranked among every play of that rack (lexicon.play.moves.
    rank_move: by equity where the game has leave values): its place, the best play, what it lost."""
    if review and lexicon is None:
        raise PlayError("review", "a game is reviewed with a lexicon's plays: name one, or leave it out")
    if review and not generates(game):
        raise PlayError("review", f"{game.name}'s plays are not generated, so its moves are not reviewed")
    return _Replayer(record, game, lexicon, premiums or game.premiums(),
                     time_control or record.time_control or None, review).run()


class _Replayer:
    def __init__(self, record: GameRecord, game: Game, lexicon: Lexicon | None, premiums: tuple[str, ...],
                 time_control: str | None, review: bool = False) -> None:
        self.record, self.game, self.lexicon, self.premiums = record, game, lexicon, premiums
        self.time_control = time_control
        players = [p.nick for p in record.players]
        self.out = Replay(game, lexicon, record, totals={p: 0 for p in players},
                          racks_left={p: None for p in players}, reviewed=review)
        self.board = empty_board(game)
        self.held = {p: game.rack for p in players}  # tiles on each rack
        self.bag = max(0, game.alphabet.total_tiles - game.rack * len(players))
        self.record_totals: dict[str, int] = {}
        self.scoreless = 0
        self.last: _Laid | None = None
        self.index = {id(e): i for i, e in enumerate(record.events)}
        if time_control is not None and time_control not in game.time_controls:
            raise record_error(f"{time_control[:40]!r} is not a time control of {game.name} "
                               f"({', '.join(game.time_controls) or 'none'})", field="time_control")

    def run(self) -> Replay:
        for number, (index, events) in enumerate(self._turns(), start=1):
            turn = Turn(number, events, index)
            self._check_arithmetic(turn)
            if self.out.ended and not self._may_follow_the_end(turn):
                reason = "a player went out" if self.out.ended[0] == "out" else "every player's turns scored nothing"
                self._disagree(turn, "after-end", f"the game was over ({reason}) before this {turn.first.kind}")
            getattr(self, "_" + turn.first.kind.replace("-", "_"))(turn)
            turn.total = self.out.totals[turn.first.player]
            self.out.turns.append(turn)
        self._end_of_game()
        self.out.board = self.board
        return self.out

    def _turns(self) -> list[tuple[int, list[Event]]]:
        """The record's events as turns: in a game whose turn may form several words, a player's
        consecutive move events are one turn."""
        turns: list[tuple[int, list[Event]]] = []
        for i, e in enumerate(self.record.events):
            previous = turns[-1][1][-1] if turns else None
            if (self.game.several_words and e.kind == "move" and previous is not None and previous.kind == "move"
                    and previous.player == e.player):
                turns[-1][1].append(e)
            else:
                turns.append((i, [e]))
        return turns

    def _may_follow_the_end(self, turn: Turn) -> bool:
        kind = turn.first.kind
        return kind in _END_KINDS or (kind in ("withdrawn", "challenge") and self.last is not None
                                      and self.last.turn.first.player == turn.first.player)

    # ------------------------------------------------------------------ the record's own arithmetic

    def _check_arithmetic(self, turn: Turn) -> None:
        for e in turn.events:
            for score, total in ([(p.score, p.total) for p in e.plays] if e.kind == "move" else [(e.score, e.total)]):
                if total is None:
                    continue
                if score is not None and e.player in self.record_totals and \
                        self.record_totals[e.player] + score != total:
                    self._disagree(turn, "total", f"{self.record_totals[e.player]} {score:+d} is "
                                                  f"{self.record_totals[e.player] + score}, not {total}",
                                   record=total, replay=self.record_totals[e.player] + score, event=e)
                self.record_totals[e.player] = total

    # ------------------------------------------------------------------ moves

    def _move(self, turn: Turn) -> None:
        e, game = turn.first, self.game
        plays = self._placements(turn)
        rack = self._rack(turn, e)
        j = judge_turn(game, self.board, plays, self.lexicon, rack=rack, premiums=self.premiums)
        turn.judgement = j
        layable = not any(p.code in _UNLAYABLE for p in j.errors)
        points = (sum(w.score for w in j.words) + sum(b["points"] for b in j.earned)) if layable else 0
        if j.errors:
            self._disagree(turn, "illegal", "; ".join(f"{p.code}: {p.message}" for p in j.errors))
        if j.invalid and game.challenge.void:
            self._disagree(turn, "phony", f"{', '.join(w.spelled for w in j.invalid)} not valid in "
                                          f"{self.lexicon.name}: {game.name}'s challenge rule is void, which refuses "
                                          f"such a play before it is laid")
        self._compare_play_scores(turn, j, layable)
        if self.out.reviewed and rack is not None and len(plays) == 1 and layable:
            turn.review = _review(rank_move(game, self.board, plays[0], _notation(rack), self.lexicon,
                                            premiums=self.premiums))
        laid = [p for play in plays for p in play] if layable else []
        before = self.board
        ended_before = self.out.ended
        if laid:
            self.board = self.board.laid(laid)
        drawn = min(len(laid), self.bag)
        self.bag -= drawn
        self.held[e.player] += drawn - len(laid)
        turn.score, turn.stands = points, bool(laid)
        self.out.totals[e.player] += points
        self._rack_left(e.player, rack, laid)
        self.last = _Laid(turn, before, drawn, points, self.scoreless, ended_before)
        self.scoreless = 0
        if laid and self.bag == 0 and self.held[e.player] == 0:
            self.out.ended = ("out", e.player)

    def _placements(self, turn: Turn) -> list[list[Placement]]:
        board, plays = self.board, []
        for e in turn.events:
            for k, p in enumerate(e.plays):
                try:
                    play = word_move(self.game, board, p.word, p.start, p.direction)
                except PlayError as exc:
                    word = exc.parameter.endswith(".word")
                    raise self._unreadable(exc, e, p.line, p.word_column if word else p.column,
                                           f"plays[{k}].{'word' if word else 'start'}") from None
                plays.append(play)
                board = board.laid(play)
        return plays

    def _rack(self, turn: Turn, e: Event) -> Counter[str] | None:
        if not e.rack:
            return None
        try:
            return parse_rack(self.game, e.rack)
        except PlayError as exc:
            raise self._unreadable(exc, e, e.line, e.column, "rack") from None

    def _unreadable(self, exc: PlayError, e: Event, line: int, column: int, key: str) -> InputError:
        message = str(exc).split(": ", 1)[-1]
        if line:
            return record_error(message, line=line, column=column)
        return record_error(message, field=f"events[{self.index[id(e)]}].{key}")

    def _compare_play_scores(self, turn: Turn, j: Judgement, layable: bool) -> None:
        """Each play's points in the record against the replay's: a line a play in GCG."""
        if not layable:
            return  # no words to score: the tiles cannot lie where the record puts them
        parts = j.part_scores()
        recorded = [(p, e) for e in turn.events for p in e.plays]
        for (play, e), mine in zip(recorded, parts):
            if play.score is not None and play.score != mine:
                self._disagree(turn, "score", f"{play.word} at {play.start} {play.direction} scores {mine} by "
                                              f"{self.game.name}'s rules, and {play.score} in the record",
                               record=play.score, replay=mine, event=e)

    def _rack_left(self, player: str, rack: Counter[str] | None, laid: list[Placement]) -> None:
        """What is left of the recorded rack once the tiles laid are off it (the tiles drawn are unknown)."""
        if rack is None:
            self.out.racks_left[player] = None
            return
        left = Counter(rack)
        left.subtract(BLANK if p.blank else p.tile for p in laid)
        self.out.racks_left[player] = _notation(+left)

    # ------------------------------------------------------------------ the other events

    def _pass(self, turn: Turn) -> None:
        e = turn.first
        self._scoreless(turn, "pass")
        if e.rack:
            self.out.racks_left[e.player] = _notation(self._rack(turn, e))
        self._points(turn, 0)

    def _exchange(self, turn: Turn) -> None:
        e, rule = turn.first, self.game.exchange
        count = int(e.tiles) if e.tiles.isdigit() else sum(self._tiles(e, e.tiles, "tiles").values())
        if count > rule.most:
            self._disagree(turn, "exchange", f"{count} tiles exchanged; {self.game.name} exchanges at most {rule.most}")
        if self.bag < rule.bag_minimum:
            self._disagree(turn, "exchange", f"the bag holds {self.bag} tiles, and {self.game.name} exchanges only "
                                             f"while it holds {rule.bag_minimum}")
        rack = self._rack(turn, e)
        if rack is not None and not e.tiles.isdigit() and self._tiles(e, e.tiles, "tiles") - rack:
            self._disagree(turn, "exchange", f"{e.tiles} are not all on the rack {e.rack}")
        self.out.racks_left[e.player] = None
        self._scoreless(turn, "exchange")
        self._points(turn, 0)

    def _withdrawn(self, turn: Turn) -> None:
        e, last = turn.first, self.last
        if last is None or last.turn.first.player != e.player or not last.turn.stands:
            self._disagree(turn, "withdrawn", f"{e.player} has no play on the board to withdraw")
            self._points(turn, 0)
            return
        j = last.turn.judgement
        if self.game.challenge.void:
            self._disagree(turn, "challenge", f"{self.game.name}'s challenge rule is void: no play is challenged off "
                                              f"the board (one with an invalid word is refused before it is laid)")
        elif self.lexicon is not None and not j.invalid:
            self._disagree(turn, "withdrawn", f"every word of the play is valid in {self.lexicon.name}: a challenge "
                                              f"does not take it off the board")
        expected = -(last.turn.record_score or 0)
        if e.score is not None and e.score != expected:
            self._disagree(turn, "score", f"a withdrawn play takes its {-expected} points back, not {-e.score}",
                           record=e.score, replay=expected)
        self.board = last.board
        self.bag += last.drawn
        self.held[e.player] += len(j.placed) - last.drawn
        last.turn.stands = False
        self.out.ended = last.ended_before
        self.scoreless = last.scoreless_before
        self._scoreless(turn, "withdrawn")
        self.last = None
        self._points(turn, -last.points)

    def _challenge(self, turn: Turn) -> None:
        e, rule, last = turn.first, self.game.challenge, self.last
        expected = 0 if rule.void else rule.player_bonus
        if rule.void:
            self._disagree(turn, "challenge", f"{self.game.name}'s challenge rule is void: there are no challenges")
        elif last is None or last.turn.first.player != e.player:
            self._disagree(turn, "challenge", f"a challenge bonus goes to the player whose play was challenged, and "
                                              f"{e.player} made no play just before")
        elif last.turn.judgement.invalid:
            expected = 0
            self._disagree(turn, "challenge", f"{', '.join(w.spelled for w in last.turn.judgement.invalid)} not valid: "
                                              f"the challenge was right, and the play comes off the board")
        if e.score is not None and e.score != expected and not rule.void:
            self._disagree(turn, "challenge", f"a wrong challenge gives the player {expected} under the "
                                              f"{rule.rule} rule, and the record {e.score}",
                           record=e.score, replay=expected)
        self._points(turn, expected)

    def _time(self, turn: Turn) -> None:
        e = turn.first
        if e.seconds is None:
            self._points(turn, e.score or 0)  # GCG carries no clock: the penalty as recorded
            return
        if self.time_control is None:
            controls = ", ".join(self.game.time_controls) or "none"
            raise record_error(f"a time event with seconds needs the game's time control ({controls}): give "
                               f"time_control", field=f"events[{turn.index}].seconds")
        penalty = -time_penalty(self.game, self.time_control, e.seconds).points
        if e.score is not None and e.score != penalty:
            self._disagree(turn, "score", f"{e.seconds:g} s on the {self.time_control} clock cost {-penalty}, "
                                          f"and the record takes {-e.score}", record=e.score, replay=penalty)
        self._points(turn, penalty)

    def _end_gain(self, turn: Turn) -> None:
        self._tiles(turn.first, turn.first.tiles, "tiles")  # readable tiles, or the record is malformed

    def _end_loss(self, turn: Turn) -> None:
        e = turn.first
        counts = self._tiles(e, e.tiles, "tiles")
        known = self.out.racks_left.get(e.player)
        if known is not None and _notation(counts) != known:
            self._disagree(turn, "end", f"{e.player} is left with {known or 'no tiles'}, not {e.tiles}")
        if known is None:
            self.out.racks_left[e.player] = _notation(counts)

    def _tiles(self, e: Event, tiles: str, key: str) -> Counter[str]:
        try:
            return parse_rack(self.game, tiles, key)
        except PlayError as exc:
            raise self._unreadable(exc, e, e.line, e.column, key) from None

    def _scoreless(self, turn: Turn, kind: str) -> None:
        if kind not in self.game.end.scoreless:
            self.scoreless = 0
            return
        self.scoreless += 1
        if self.scoreless >= self.game.end.scoreless_rounds * len(self.record.players) and not self.out.ended:
            self.out.ended = ("scoreless", None)

    def _points(self, turn: Turn, points: int) -> None:
        turn.score = points
        self.out.totals[turn.first.player] += points

    # ------------------------------------------------------------------ the end of the game

    def _end_of_game(self) -> None:
        """The adjustments the game's end rule gives for the racks left, against the record's end lines."""
        ended = self.out.ended
        gains = [t for t in self.out.turns if t.first.kind == "end-gain"]
        if ended is None:
            if any(t.first.kind in ("end-gain", "end-loss") for t in self.out.turns):
                self._disagree(self.out.turns[-1], "end", "end-of-game lines, but no player went out and the "
                                                          "turns did not run scoreless long enough to end the game")
            return
        racks = dict(self.out.racks_left)
        if ended[0] == "out":
            racks[ended[1]] = ""
            others = [p for p in racks if p != ended[1]]
            if len(others) == 1 and racks[others[0]] is None and gains:
                racks[others[0]] = _notation(self._tiles(gains[0].first, gains[0].first.tiles, "tiles"))
        if any(v is None for v in racks.values()):
            return  # the record does not say what was left on every rack
        self.out.adjustments = final_adjustments(self.game, racks)
        recorded = {p: 0 for p in racks}
        last_line: dict[str, Turn] = {}
        for t in self.out.turns:
            if t.first.kind in ("end-gain", "end-loss"):
                recorded[t.first.player] += t.record_score or 0
                last_line[t.first.player] = t
        for player, t in last_line.items():  # the adjustment shown where the record ends the player's game
            t.score, t.total = self.out.adjustments[player], self.out.totals[player] + self.out.adjustments[player]
        for player, expected in self.out.adjustments.items():
            if recorded[player] != expected:
                self._disagree(self.out.turns[-1], "end", self._end_reason(player, expected, racks),
                               record=recorded[player], replay=expected, player=player)

    def _end_reason(self, player: str, expected: int, racks: dict[str, str]) -> str:
        rule = self.game.end
        if racks[player] == "":
            left = ", ".join(f"{p} {r}" for p, r in racks.items() if r) or "no tiles"
            gain = "gains the others' tiles" if rule.going_out_gains else "gains nothing"
            return f"{player} went out and by {self.game.name}'s end rule {gain} ({left}): {expected:+d}"
        worth = f"{rule.per_tile} a tile" if rule.remaining == "per-tile" else "their points"
        return f"{player} is left with {racks[player]} and by {self.game.name}'s end rule loses {worth}: {expected:+d}"

    def _disagree(self, turn: Turn, code: str, message: str, *, record: int | None = None,
                  replay: int | None = None, event: Event | None = None, player: str | None = None) -> None:
        e = event or turn.first
        self.out.disagreements.append({"code": code, "turn": turn.number, "event": self.index[id(e)],
                                       "line": e.line or None, "player": player or e.player, "message": message,
                                       "record": record, "replay": replay})


def _review(rank: dict[str, Any]) -> dict[str, Any]:
    """A move's review: its rank among its rack's plays, the best play in short, and what the move lost."""
    best = rank["best"]
    keep = ("move", "score", "leave", "equity")
    return {k: v for k, v in rank.items() if k != "best"} | {
        "best": None if best is None else {k: best[k] for k in keep if k in best}}


def _notation(counts: Counter[str]) -> str:
    return "".join((t if len(t) == 1 or t == BLANK else f"[{t}]") * n for t, n in sorted(counts.items()) if n > 0)


# ---------------------------------------------------------------------------------- one request

FIELDS = ("game", "record", "lexicon", "layout", "time_control", "review")


def replay_request(body: Any, lexicon_for: Callable[[str], Lexicon],
                   game_for: Callable[[Any], Game] = shipped_game) -> tuple[dict[str, Any], Lexicon | None]:
    """Replay the record a request gives: `{"game", "record": GCG text or a JSON record, "lexicon",
    "layout", "time_control", "review"}`; the answer as a JSON-ready dict, and the lexicon that judged it."""
    check_fields(body, FIELDS, ("game", "record"), '{"game": "sv-scrabble", "record": "#player1 …"}')
    game = game_for(body["game"])
    raw = body["record"]
    if isinstance(raw, str):
        record = read_gcg(raw)
    elif isinstance(raw, dict):
        record = read_json_record(raw)
    else:
        raise PlayError("record", "GCG text, or a JSON record object")
    control = body.get("time_control")
    if control is not None and (not isinstance(control, str) or control not in game.time_controls):
        raise PlayError("time_control", f"one of {game.name}'s time controls: "
                                        f"{', '.join(game.time_controls) or 'none'}")
    review = body.get("review", False)
    if not isinstance(review, bool):
        raise PlayError("review", "true or false")
    premiums = game.premiums(body.get("layout"))
    lexicon, _ = lexicon_of(body, game, lexicon_for)
    return replay(record, game, lexicon, premiums=premiums, time_control=control, review=review).as_dict(), lexicon
