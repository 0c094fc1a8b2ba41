"""The pure-Python reference of the play judge: the rules as lexicon/play judged them before the C core's engine
(lexicon/graph/core/play) did, kept only for the tests to hold the engine's documents to (tests/test_play_engine.py);
no door of the toolkit answers through it. Judging a turn: is it legal, which words does it form, are they words,
what does it score, and what would a challenge do.

    >>> game, lex = load_game("sv-betapet"), load("sv-betapet")            # doctest: +SKIP
    >>> board = empty_board(game)                                          # doctest: +SKIP
    >>> judge(game, board, word_move(game, board, "HUND", "H8", "across"), lex).score   # doctest: +SKIP
    20

A turn is one play (the tiles in one line) or, in a game whose turn may form several words
(Betűtorony), several plays laid one after the other from the one rack. Without a lexicon, every word
formed is scored and validity is left out. Every rule comes from the game's data
(`lexicon/data/games/*.toml`); docs/games.md explains them.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from lexicon.errors import PlayError
from lexicon.play.board import Board, parse_board
from lexicon.play.engine import Problem
from lexicon.play.game import Game, shipped_game
from lexicon.play.move import BLANK, Placement, move_from_json, parse_rack
from lexicon.tiling import DoubledDigraphs, format_tiling, spell
from lexicon.verdict import Verdict

from . import reference_score as score

if TYPE_CHECKING:
    from lexicon.lookup import Lexicon


#: Word verdicts kept per lexicon version and process.
VERDICT_CACHE = 20_000
#: Problems that leave no well-defined words to list.
_SHAPELESS = frozenset({"not-in-line", "gap", "occupied", "same-letter", "stack-full"})


@dataclass(slots=True)
class Word:
    """One word a turn forms: its squares, tiles, which tiles are new, its verdict (None when judged
    without a lexicon), its score, and the play of the turn that formed it."""

    squares: tuple[int, ...]
    tiles: tuple[str, ...]
    new: tuple[bool, ...]
    direction: str
    main: bool
    notation: str
    spelled: str
    verdict: Verdict | None
    brief: dict[str, Any] | None  # the brief verdict document; shared with the memo: read it, do not change it
    score: int = 0
    scoring: dict[str, Any] = field(default_factory=dict)
    part: int = 0

    @property
    def valid(self) -> bool | None:
        return None if self.verdict is None else self.verdict.valid


@dataclass
class Judgement:
    """The answer for one turn. `score` is the turn's total under the game's rules: 0 when it is not
    legal or any word it forms is not valid (the play comes off the board, or under a void challenge
    rule is never laid); `score_if_valid` what it scores if it stands."""

    game: Game
    lexicon: Lexicon | None
    placed: list[Placement]
    first_move: bool
    direction: str | None  # the first play's
    errors: list[Problem]
    words: list[Word]
    earned: list[dict[str, Any]]  # the bonuses the tiles laid earn if the turn stands
    parts: list[int] = field(default_factory=list)  # the play of the turn each placed tile belongs to

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def invalid(self) -> list[Word]:
        return [w for w in self.words if w.verdict is not None and not w.verdict.valid]

    @property
    def stands(self) -> bool:
        """Is the turn legal with every word valid (or judged without a lexicon)?"""
        return self.legal and not self.invalid

    @property
    def bonuses(self) -> list[dict[str, Any]]:
        """The bonuses the turn scores: none unless it stands."""
        return self.earned if self.stands else []

    @property
    def bonus(self) -> int:
        return sum(b["points"] for b in self.bonuses)

    @property
    def score_if_valid(self) -> int | None:
        """What the turn scores if no word is challenged off the board (None when it is not legal)."""
        return sum(w.score for w in self.words) + sum(b["points"] for b in self.earned) if self.legal else None

    @property
    def score(self) -> int:
        return self.score_if_valid if self.stands else 0

    def challenge(self) -> dict[str, Any] | None:
        """What a challenge of this turn does to whom, by the game's challenge rule (None without a lexicon)."""
        if self.lexicon is None:
            return None
        rule = self.game.challenge
        invalid = [w.spelled for w in self.invalid]
        outcome = None
        if not self.legal:
            pass  # nothing is laid, so there is nothing to challenge
        elif invalid and rule.void:
            outcome = {"play": "refused", "player": {"points": 0, "loses_turn": False}, "challenger": None}
        elif invalid:
            outcome = {"play": "withdrawn", "player": {"points": 0, "loses_turn": True},
                       "challenger": {"points": 0, "loses_turn": False}}
        elif not rule.void:
            outcome = {"play": "stands", "player": {"points": self.score + rule.player_bonus, "loses_turn": False},
                       "challenger": {"points": -rule.challenger_penalty, "loses_turn": rule.challenger_loses_turn}}
        return {"rule": rule.rule, "upheld": bool(invalid), "invalid": invalid, "if_challenged": outcome}

    def placed_dicts(self) -> list[dict[str, Any]]:
        size, names = self.game.size, self.game.square_names
        return [{"square": names[p.square], "row": p.square // size, "col": p.square % size, "tile": p.tile,
                 "blank": p.blank, "part": part} for p, part in zip(self.placed, self.parts)]

    def word_dicts(self, detail: bool = False) -> list[dict[str, Any]]:
        return [_word_dict(self.game.square_names, w, detail) for w in self.words]

    def as_dict(self, detail: bool = False) -> dict[str, Any]:
        """The answer as JSON-ready data; each word's verdict document brief, or full with `detail`."""
        game, lex = self.game, self.lexicon
        return {
            "game": game.name, "lexicon": lex.name if lex else None, "version": lex.version if lex else None,
            "legal": self.legal, "errors": [p.as_dict() for p in self.errors],
            "first_move": self.first_move, "direction": self.direction,
            "placed": self.placed_dicts(), "words": self.word_dicts(detail),
            "bonus": self.bonus, "bonuses": self.bonuses, "score_if_valid": self.score_if_valid, "score": self.score,
            "challenge": self.challenge(),
        }


def _word_dict(names: tuple[str, ...], w: Word, detail: bool) -> dict[str, Any]:
    verdict = None if w.verdict is None else w.verdict.as_dict() if detail else w.brief
    return {"word": w.spelled, "notation": w.notation, "tiles": list(w.tiles),
            "squares": [names[s] for s in w.squares], "new": list(w.new), "direction": w.direction,
            "main": w.main, "part": w.part, "valid": w.valid, "reason": w.verdict.reason if w.verdict else None,
            "verdict": verdict, "score": w.score, "scoring": w.scoring}


def judge(game: Game, board: Board, move: list[Placement], lexicon: Lexicon | None, *,
          rack: Counter[str] | None = None, premiums: tuple[str, ...] | None = None) -> Judgement:
    """Judge `move`, one play, laid on `board`: legality with reasons, every word formed with its verdict
    from `lexicon` (None: scored, validity left out) and its score, the bonuses. `rack` (from
    `parse_rack`) is checked when given; `premiums` is a layout's squares (`game.premiums(...)`), the
    game's default when None."""
    return judge_turn(game, board, [move], lexicon, rack=rack, premiums=premiums)


def judge_turn(game: Game, board: Board, plays: list[list[Placement]], lexicon: Lexicon | None, *,
               rack: Counter[str] | None = None, premiums: tuple[str, ...] | None = None) -> Judgement:
    """Judge a turn of one or more plays laid in order, each in one line, all from the one rack: what
    `judge` says of one play, for the whole turn. Each play after the first must touch the board as
    the plays before it left it; a game whose turn is one play (`turn.several_words` false) refuses more."""
    _check_lexicon(game, lexicon)
    if board.size != game.size:
        raise PlayError("board", f"{board.size}×{board.size}; {game.name} is played on {game.size}×{game.size}")
    plays = [_checked_play(game, play, k, len(plays)) for k, play in enumerate(plays)]
    if not plays:
        raise PlayError("turn", f"no plays; a turn in {game.name} lays 1 to {game.rack} tiles")
    laid = [p for play in plays for p in play]
    if len(laid) > game.rack:
        raise PlayError("turn", f"{len(laid)} tiles; a turn in {game.name} lays 1 to {game.rack}")
    first_move = board.empty
    errors: list[Problem] = []
    if len(plays) > 1 and not game.several_words:
        errors.append(Problem("not-in-line", f"{game.name} lays every tile of a turn in one line, and this turn has "
                                             f"{len(plays)} plays", part=1))
    after, directions, part_of = board, [], {}
    for k, play in enumerate(plays):
        directions.append(_check_play(game, after, play, k, first_move and k == 0, part_of, errors))
        after = after.laid(play)
        part_of.update((p.square, k) for p in play)
    if rack is not None:
        _check_rack(game, laid, rack, part_of, errors)
    if game.stacking is not None and not game.stacking.cover_whole_word:
        _check_covered_words(game, board, part_of, errors)
    words: list[Word] = []
    if None not in directions and not any(p.code in _SHAPELESS for p in errors):
        words = _words(game, after, plays, directions, part_of, lexicon, premiums or game.premiums(), errors)
    return Judgement(game, lexicon, laid, first_move, directions[0], errors, words, _earned(game, laid, len(plays)),
                     [k for k, play in enumerate(plays) for _ in play])


def judge_legal(game: Game, board: Board, play: list[Placement], direction: str, lexicon: Lexicon,
                premiums: tuple[str, ...]) -> Judgement:
    """What `judge` says of a play already known to be legal in `direction`, one the move generator
    found (tests/test_moves.py holds every such answer to `judge`'s), without checking its legality
    again: its words with their verdicts and scores, and its bonuses. `play` is in square order."""
    part_of = dict.fromkeys((p.square for p in play), 0)
    words = _words(game, board.laid(play), [play], [direction], part_of, lexicon, premiums, [])
    return Judgement(game, lexicon, play, board.empty, direction, [], words, _earned(game, play, 1), [0] * len(play))


def _earned(game: Game, laid: list[Placement], plays: int) -> list[dict[str, Any]]:
    """The bonuses the tiles laid earn if the turn stands."""
    if len(laid) == game.rack and game.scoring.whole_rack_bonus:
        return [{"kind": "whole-rack", "points": game.scoring.whole_rack_bonus,
                 "detail": f"all {game.rack} tiles of the rack in one {'turn' if plays > 1 else 'move'}"}]
    return []


def _check_lexicon(game: Game, lexicon: Lexicon | None) -> None:
    """A game and a lexicon play together when their tile sets are the same set, whatever file each was
    read from (a game's own tile set by path, the copy a lexicon carries)."""
    if lexicon is None:
        return
    ours, theirs = game.alphabet, lexicon.alphabet
    if ours is theirs or ours.fingerprint == theirs.fingerprint:
        return
    if ours.name != theirs.name:
        raise PlayError("lexicon", f"{lexicon.name} plays the tile set {theirs.name}, and {game.name} plays "
                                   f"{ours.name}")
    raise PlayError("lexicon", f"{lexicon.name} plays another tile set {theirs.name} than {game.name} does: "
                               f"{ours.difference(theirs)} in the game's")


def _checked_play(game: Game, play: list[Placement], k: int, plays: int) -> list[Placement]:
    where = f"turn[{k}]" if plays > 1 else "move"
    if not play:
        raise PlayError(where, f"no tiles; a move in {game.name} lays 1 to {game.rack}")
    play = sorted(play, key=lambda p: p.square)
    for a, b in zip(play, play[1:]):
        if a.square == b.square:
            name = game.square_name(a.square)
            raise PlayError(where, f"two tiles on square {name}", square=name)
    return play


def _check_play(game: Game, board: Board, play: list[Placement], k: int, first_move: bool, earlier: dict[int, int],
                errors: list[Problem]) -> str | None:
    """One play of a turn on the board the plays before it left; its direction (None: not in one line)."""
    new = {p.square: p for p in play}
    before = len(errors)
    direction = _direction(game, board, play, new, errors)
    _check_squares(game, board, play, earlier, errors)
    if direction is not None:
        _check_gaps(game, board, play, new, direction, errors)
    _check_connected(game, board, play, first_move, errors)
    for i in range(before, len(errors)):
        errors[i] = Problem(errors[i].code, errors[i].message, errors[i].square, k)
    return direction


def _occupied(board: Board, new: dict[int, Placement], square: int) -> bool:
    return square in new or board.heights[square] > 0


def _direction(game: Game, board: Board, move: list[Placement], new: dict[int, Placement],
               errors: list[Problem]) -> str | None:
    size = game.size
    rows = {p.square // size for p in move}
    cols = {p.square % size for p in move}
    if len(move) == 1:
        # One tile reads across when it has a neighbour across; its other word is the cross word.
        square = move[0].square
        across = any(_occupied(board, new, s) for s in _neighbours(square, size, True))
        return "across" if across else "down"
    if len(rows) == 1:
        return "across"
    if len(cols) == 1:
        return "down"
    names = ", ".join(game.square_name(p.square) for p in move)
    errors.append(Problem("not-in-line", f"the tiles ({names}) are neither in one row nor in one column"))
    return None


def _neighbours(square: int, size: int, across: bool) -> list[int]:
    row, col = divmod(square, size)
    if across:
        return [square + d for d, ok in ((-1, col > 0), (1, col < size - 1)) if ok]
    return [square + d for d, ok in ((-size, row > 0), (size, row < size - 1)) if ok]


def _check_squares(game: Game, board: Board, move: list[Placement], earlier: dict[int, int],
                   errors: list[Problem]) -> None:
    stacking = game.stacking
    for p in move:
        if board.heights[p.square] == 0:
            continue
        name = game.square_name(p.square)
        under = board.tiles[p.square]
        if stacking is None:
            errors.append(Problem("occupied", f"{name} already holds {under}", name))
        elif p.square in earlier:
            errors.append(Problem("occupied", f"{name} already took a cube this turn (play {earlier[p.square] + 1}): "
                                              f"a square takes one cube a turn", name))
        elif under == p.tile:
            errors.append(Problem("same-letter", f"{p.tile} on {name} would lie on another {under}: a cube goes "
                                                 f"only on a different letter", name))
        elif board.heights[p.square] >= stacking.max_height:
            errors.append(Problem("stack-full", f"the stack on {name} is already {board.heights[p.square]} high, "
                                                f"the most {game.name} allows", name))


def _check_gaps(game: Game, board: Board, move: list[Placement], new: dict[int, Placement], direction: str,
                errors: list[Problem]) -> None:
    step = 1 if direction == "across" else game.size
    for square in range(move[0].square, move[-1].square + 1, step):
        if not _occupied(board, new, square):
            name = game.square_name(square)
            errors.append(Problem("gap", f"{name} is empty between the tiles laid: a play is one unbroken line",
                                  name))
            return


def _check_connected(game: Game, board: Board, move: list[Placement], first_move: bool,
                     errors: list[Problem]) -> None:
    size = game.size
    if first_move:
        if not any(p.square in game.start for p in move):
            where = " or ".join(game.square_name(s) for s in game.start)
            errors.append(Problem("start", f"the first play must cover {where}"))
        return
    for p in move:
        if board.heights[p.square] or any(board.heights[s] for a in (True, False)
                                           for s in _neighbours(p.square, size, a)):
            return
    errors.append(Problem("not-connected", "the play touches no tile on the board"))


def _check_rack(game: Game, move: list[Placement], rack: Counter[str], part_of: dict[int, int],
                errors: list[Problem]) -> None:
    left = Counter(rack)
    for p in move:
        key = BLANK if p.blank else p.tile
        if left[key] <= 0:
            name = game.square_name(p.square)
            what = "a blank" if p.blank else p.tile
            errors.append(Problem("not-on-rack", f"the {what} on {name} is not on the rack "
                                                 f"({_rack_text(rack)})", name, part_of.get(p.square, 0)))
        left[key] -= 1


def _check_covered_words(game: Game, board: Board, part_of: dict[int, int], errors: list[Problem]) -> None:
    """A stacking game that replaces a word's letters only in part: no turn covers every cube of a word."""
    size, seen = game.size, set()
    for square in part_of:
        if not board.heights[square]:
            continue
        for across in (True, False):
            run = _run(square, across, size, board.heights)
            if len(run) < 2 or run in seen or not all(s in part_of for s in run):
                continue
            seen.add(run)
            word = "".join(board.tiles[s] or "" for s in run)
            first, last = game.square_name(run[0]), game.square_name(run[-1])
            errors.append(Problem("covers-word", f"the cubes laid cover every letter of {word} ({first}–{last}): "
                                                 f"{game.name} replaces a word's letters only in part", first,
                                  part_of[square]))


def _rack_text(rack: Counter[str]) -> str:
    return "".join((t if len(t) == 1 else f"[{t}]") * n for t, n in sorted(rack.items())) or "empty"


def _verdicts(lexicon: Lexicon) -> Callable[[tuple[str, ...]], tuple[str, str, Verdict, dict[str, Any]]]:
    """The memo of a lexicon version's words for plays, by their tiles, made on first use: each word's
    notation, spelling, verdict and brief document. A version's verdicts never change, and plays form the
    same short cross words again and again.

    The lexicon owns the memo and the memo sees the lexicon through a weak proxy: no reference
    cycle, so a replaced version is freed with its memo.
    """
    memo = lexicon.__dict__.get("_play_verdicts")
    if memo is None:
        memo = lexicon._play_verdicts = lru_cache(maxsize=VERDICT_CACHE)(partial(_verdict, weakref.proxy(lexicon)))
    return memo


def _verdict(lexicon: Lexicon, tiles: tuple[str, ...]) -> tuple[str, str, Verdict, dict[str, Any]]:
    notation, policy = _notation(tiles, lexicon.alphabet), lexicon.policy
    verdict = lexicon.check(notation, detail=False)
    return (notation, "".join(tiles) if policy is DoubledDigraphs.AS_WRITTEN else spell(tiles, policy), verdict,
            verdict.as_dict(brief=True))


def _notation(tiles: tuple[str, ...], alphabet) -> str:
    # With single-letter tiles only (Swedish), the letters are the exact notation.
    return format_tiling(tiles, alphabet) if alphabet.multi else "".join(tiles)


def _run(square: int, across: bool, size: int, heights: list[int]) -> range:
    """The squares of the unbroken line of tiles through `square`, across or down."""
    if across:
        step, lo, hi = 1, square - square % size, square - square % size + size - 1
    else:
        step, lo, hi = size, square % size, square % size + size * (size - 1)
    a = b = square
    while a != lo and heights[a - step]:
        a -= step
    while b != hi and heights[b + step]:
        b += step
    return range(a, b + 1, step)


def _words(game: Game, after: Board, plays: list[list[Placement]], directions: list[str], part_of: dict[int, int],
           lexicon: Lexicon | None, premiums: tuple[str, ...], errors: list[Problem]) -> list[Word]:
    """Every word on the board after the turn through a tile it laid, each once: for each play its main
    word along the play, then a cross word for each tile where one forms; a play that forms none is
    a `no-word` problem."""
    size, heights = game.size, after.heights
    runs: list[tuple[range, str, bool, int]] = []
    seen: set[range] = set()
    for k, (play, direction) in enumerate(zip(plays, directions)):
        across = direction == "across"
        cross = "down" if across else "across"
        formed = False
        for squares, way, main in ((_run(play[0].square, across, size, heights), direction, True),
                                   *((_run(p.square, not across, size, heights), cross, False) for p in play)):
            if len(squares) < 2:  # one square is not a word in any crossword game
                continue
            formed = True
            if squares not in seen:
                seen.add(squares)
                runs.append((squares, way, main, k))
        if not formed:
            errors.append(Problem("no-word", "the play forms no word of two or more tiles",
                                  game.square_name(play[0].square), k))
    alphabet = game.alphabet if lexicon is None else lexicon.alphabet
    verdicts = None if lexicon is None else _verdicts(lexicon)
    letters = game.scoring.rule == "letters"
    rare_credited: set[int] | None = None if game.scoring.rare_bonus_every_word else set()
    laid, blanks, fresh_at = after.tiles, after.blanks, part_of.__contains__
    words = []
    for squares, way, main, k in runs:
        line = slice(squares.start, squares.stop, squares.step)  # the run's squares, read by slicing
        tiles = tuple(laid[line])
        fresh = tuple(map(fresh_at, squares))
        if verdicts is None:  # judged without a lexicon: the words as laid, validity left out
            notation, spelled, verdict, brief = _notation(tiles, alphabet), "".join(tiles), None, None
        else:
            notation, spelled, verdict, brief = verdicts(tiles)
        if letters:
            points, scoring = score.letters(game, alphabet, premiums, squares, tiles, tuple(blanks[line]), fresh, main)
        else:
            points, scoring = score.cubes(game, squares, tiles, tuple(heights[line]), fresh, rare_credited)
        words.append(Word(tuple(squares), tiles, fresh, way, main, notation, spelled, verdict, brief, points, scoring,
                          k))
    return words


# ---------------------------------------------------------------------------------- a request, as it was read


FIELDS = ("game", "lexicon", "board", "heights", "layout", "move", "turn", "rack", "detail", "rank", "bag")
MAX_PLAYS = 26


def judge_request(body: Any, lexicon_for: Callable[[str], Lexicon],
                  game_for: Callable[[Any], Game] = shipped_game) -> dict[str, Any]:
    """POST /play's answer, as the library read the request and judged it before the engine."""
    from lexicon.play.request import check_fields, lexicon_of

    check_fields(body, FIELDS, ("game", "board"), '{"game": "sv-scrabble", "board": [...], "move": [...]}')
    if ("move" in body) == ("turn" in body):
        raise PlayError("move", "required: a move, or a turn of several plays (not both)")
    game = game_for(body["game"])
    board = parse_board(game, body["board"], body.get("heights"))
    premiums = game.premiums(body.get("layout"))
    plays = read_turn(game, board, body["turn"], "turn") if "turn" in body else [move_from_json(game, board,
                                                                                                 body["move"])]
    rack = parse_rack(game, body["rack"]) if "rack" in body else None
    lexicon, _ = lexicon_of(body, game, lexicon_for)
    return judge_turn(game, board, plays, lexicon, rack=rack, premiums=premiums).as_dict(body.get("detail", False))


def read_turn(game: Game, board: Board, items: Any, where: str) -> list[list[Placement]]:
    """The plays of a turn, each a move as `move` gives one, read on the board the plays before it leave."""
    if not isinstance(items, list) or not items:
        raise PlayError(where, "a list of plays, each a list of tiles or a word with a start square and a direction")
    most = min(MAX_PLAYS, game.rack)
    if len(items) > most:
        raise PlayError(where, f"{len(items)} plays; a turn in {game.name} holds at most {most}")
    plays = []
    for i, item in enumerate(items):
        play = move_from_json(game, board, item, f"{where}[{i}]")
        plays.append(play)
        board = board.laid(play)
    return plays
