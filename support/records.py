"""Whole games grown by self-play with a real lexicon, as game records: for the replay benchmark and for
the tests that need a game played to its end (a bag emptied, a player out).

    record = self_play(load("sv-betapet"), load_game("sv-betapet"), seed=7)

Two players draw from a seeded bag of the game's tiles; on each turn a player lays the best-scoring of the
plays found through a tile on the board (words from the lexicon's anagram search on the rack and that
tile, every word formed valid), exchanges when none is found and the bag allows, passes otherwise. The
game ends when a player goes out or the game's scoreless rounds run out, and the record ends with the
adjustments the game's end rule gives. Scores come from the judge (lexicon.play): a record grown here
checks the replay's bookkeeping (bag, racks, the end), not the scoring, which the worked examples of
tests/test_play.py check by hand. Letters games only (no stacking, single-letter tiles).
"""

from __future__ import annotations

import random
from collections import Counter

from lexicon import Lexicon
from lexicon.errors import LimitExceeded
from lexicon.play import Event, Game, GameRecord, Play, Player, empty_board, final_adjustments, judge, word_move
from lexicon.play.move import BLANK

#: Anchors tried a turn, words tried through each (the longest first), and the turns a game may last.
ANCHORS, WORDS, MAX_TURNS = 8, 30, 200


def self_play(lex: Lexicon, game: Game, seed: int, players: tuple[str, ...] = ("Ada", "Bo")) -> GameRecord:
    """One game played to its end; every move legal and every word valid in `lex`."""
    return _Game(lex, game, random.Random(seed), players).play()


class _Game:
    def __init__(self, lex: Lexicon, game: Game, rng: random.Random, players: tuple[str, ...]) -> None:
        self.lex, self.game, self.rng, self.players = lex, game, rng, players
        alphabet = game.alphabet
        self.bag = [t.letter for t in alphabet.tiles for _ in range(t.count)] + [BLANK] * alphabet.blanks
        rng.shuffle(self.bag)
        self.racks = {p: self._draw(game.rack) for p in players}
        self.board = empty_board(game)
        self.totals = dict.fromkeys(players, 0)
        self.events: list[Event] = []
        self.scoreless = 0

    def _draw(self, n: int) -> list[str]:
        drawn, self.bag = self.bag[:n], self.bag[n:]
        return drawn

    def play(self) -> GameRecord:
        for turn in range(MAX_TURNS):
            player = self.players[turn % len(self.players)]
            if self._move(player) and not self.bag and not self.racks[player]:
                self._end(out=player)
                break
            if self.scoreless >= self.game.end.scoreless_rounds * len(self.players):
                self._end(out=None)
                break
        return GameRecord([Player(p, p) for p in self.players], self.events, title="grown by self-play")

    def _move(self, player: str) -> bool:
        rack = self.racks[player]
        best = self._best(rack)
        written = _rack(rack)
        if best is None:
            kind = "exchange" if len(self.bag) >= self.game.exchange.bag_minimum else "pass"
            tiles = ""
            if kind == "exchange":
                k = self.rng.randint(1, min(len(rack), self.game.exchange.most))
                back = self.rng.sample(rack, k)
                for tile in back:
                    rack.remove(tile)
                rack += self._draw(k)
                self.bag += back
                self.rng.shuffle(self.bag)
                tiles = _rack(back)
            self.scoreless = self.scoreless + 1 if kind in self.game.end.scoreless else 0
            self.events.append(Event(kind, player, rack=written, tiles=tiles, score=0, total=self.totals[player]))
            return False
        word, start, direction, judgement = best
        for p in judgement.placed:
            rack.remove(BLANK if p.blank else p.tile)
        rack += self._draw(len(judgement.placed))
        self.board = self.board.laid(judgement.placed)
        self.totals[player] += judgement.score
        self.scoreless = 0
        self.events.append(Event("move", player, rack=written, plays=[
            Play(word, start, direction, judgement.score, self.totals[player])]))
        return True

    def _best(self, rack: list[str]):
        """The best-scoring play found: (word as records write it, start, direction, judgement)."""
        found = None
        for word, start, direction in self._candidates(rack):
            try:
                placements = word_move(self.game, self.board, word, start, direction)
            except Exception:  # noqa: BLE001 (a candidate that does not fit is simply not played)
                continue
            j = judge(self.game, self.board, placements, self.lex, rack=Counter(rack))
            if j.legal and not j.invalid and (found is None or j.score > found[3].score):
                found = (_through(word, start, direction, self.game, self.board), start, direction, j)
        return found

    def _candidates(self, rack: list[str]):
        size, letters = self.game.size, "".join(rack)
        if self.board.empty:
            centre = self.game.start[0]
            for match in self._words(letters):
                k = self.rng.randrange(len(match.tiles))
                yield _written(match), self.game.square_name(centre - k), "across"
            return
        occupied = [s for s, h in enumerate(self.board.heights) if h]
        for anchor in self.rng.sample(occupied, min(ANCHORS, len(occupied))):
            tile = self.board.tiles[anchor]
            for match in self._words(letters + tile):
                for i, t in enumerate(match.tiles):
                    if t != tile or i in match.blanks:
                        continue
                    row, col = divmod(anchor, size)
                    for direction, (r, c) in (("across", (row, col - i)), ("down", (row - i, col))):
                        if self._fits(match.tiles, r, c, direction):
                            yield _written(match), self.game.square_name(r * size + c), direction

    def _fits(self, tiles: tuple[str, ...], r: int, c: int, direction: str) -> bool:
        """Does the word lie on the board here: inside it, on empty squares or its own letters, with an
        empty square (or the edge) before and after it, and at least one square empty?"""
        size, board = self.game.size, self.board
        step = 1 if direction == "across" else size
        at = c if direction == "across" else r
        if r < 0 or c < 0 or at + len(tiles) > size:
            return False
        first = r * size + c
        if (at > 0 and board.heights[first - step]) or (at + len(tiles) < size and
                                                        board.heights[first + len(tiles) * step]):
            return False
        squares = [board.tiles[first + k * step] for k in range(len(tiles))]
        return None in squares and all(s is None or s == t for s, t in zip(squares, tiles))

    def _words(self, rack: str) -> list:
        try:
            found = []
            for match in self.lex.search.anagrams(rack, sub=True, min_tiles=2):
                found.append(match)
                if len(found) >= 400:
                    break
        except LimitExceeded:
            return []
        found.sort(key=lambda m: -len(m.tiles))
        return found[:WORDS]

    def _end(self, out: str | None) -> None:
        racks = {p: _rack(r) for p, r in self.racks.items()}
        adjustments = final_adjustments(self.game, racks)
        for p in self.players:
            if p == out:
                for other in self.players:
                    if other != p and racks[other] and self.game.end.going_out_gains:
                        gain = -adjustments[other]
                        self.totals[p] += gain
                        self.events.append(Event("end-gain", p, tiles=racks[other], score=gain, total=self.totals[p]))
            elif racks[p]:
                self.totals[p] += adjustments[p]
                self.events.append(Event("end-loss", p, rack=racks[p], tiles=racks[p], score=adjustments[p],
                                         total=self.totals[p]))


def _rack(tiles: list[str]) -> str:
    return "".join(sorted(tiles, key=lambda t: (t == BLANK, t)))


def _written(match) -> str:
    return "".join(t.lower() if i in match.blanks else t for i, t in enumerate(match.tiles))


def _through(word: str, start: str, direction: str, game: Game, board) -> str:
    """The word as a record writes it: `.` for each square whose tile is already on the board."""
    first, step = game.square(start), 1 if direction == "across" else game.size
    return "".join("." if board.heights[first + k * step] else ch for k, ch in enumerate(word))
