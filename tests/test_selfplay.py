"""Self-play (lexicon.play.selfplay, `lexicon selfplay`) over real lexicons: every play it lays is one the judge
scores the same, the bag is dealt as the game's rules say, mirrored pairs mirror, and the measure it prints can
tell a strong player from a weak one."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from lexicon import InputError
from lexicon.common import COMMON, common_keys
from lexicon.normalize import Normalizer
from lexicon.play import empty_board, judge, load_game
from lexicon.play.selfplay import play_game, player, selfplay
from lexicon_cli import main
from support.lexicons import hungarian_list
from support.played import check_game
from support.reference_common import is_common


@pytest.fixture(scope="module")
def hu_list(tmp_path_factory):
    return hungarian_list(tmp_path_factory.mktemp("hu-list"), "hu-list")


def _games(betapet, hu_list):
    return [(load_game("sv-betapet"), betapet), (load_game("hu-betutorony"), hu_list)]


@pytest.mark.parametrize("which", ["score", "random"])
def test_every_play_is_legal_valid_and_scored_as_the_judge_scores_it(betapet, hu_list, which):
    for game, lex in _games(betapet, hu_list):
        result = play_game(game, lex, (player(which), player("score")), seed=11)
        check_game(game, lex, result)
        assert len(result.moves) > 10 and result.turns >= len(result.moves)


def test_a_mirrored_pair_of_one_player_is_the_same_game_twice(betapet):
    """Both games of a pair deal the same bag with the seats swapped: a player against itself, choosing the
    same way, plays the same game twice, so each pair is drawn level and the spread is nothing."""
    match = selfplay(load_game("sv-betapet"), betapet, "score", "score", games=6, seed=3)
    for first, second in zip(match.results[::2], match.results[1::2]):
        assert first.scores == second.scores and first.turns == second.turns
    summary = match.summary()
    assert summary["a_spread"] == 0 and summary["a_share"] == 0.5
    assert summary["players"]["a"] == summary["players"]["b"] | {"player": "score"}


def test_the_greedy_player_beats_the_random_one_and_the_seed_repeats_the_match(betapet):
    game = load_game("sv-betapet")
    summary = selfplay(game, betapet, "score", "random", games=4, seed=5).summary()
    assert summary["a_wins"] == 4 and summary["a_spread"] > 100
    assert summary["a_share_95"][0] > 0.4 and summary["a_share_95"][1] == 1.0
    again = selfplay(game, betapet, "score", "random", games=4, seed=5).summary()
    assert {k: v for k, v in again.items() if k != "games_per_second"} == \
        {k: v for k, v in summary.items() if k != "games_per_second"}
    other = selfplay(game, betapet, "score", "random", games=4, seed=6).summary()
    assert other["players"] != summary["players"]
    # on two processes, the same games
    shared = selfplay(game, betapet, "score", "random", games=4, seed=5, jobs=2)
    assert shared.jobs == 2 and [(r.scores, r.turns) for r in shared.results] == \
        [(r.scores, r.turns) for r in selfplay(game, betapet, "score", "random", games=4, seed=5).results]


def test_the_beginner_plays_only_common_words_and_the_levels_are_ordered(betapet):
    """The beginner's every word is one of the most frequent of its language or a form of one (the core's `common`
    plays); on sv-betapet it beats the random player and loses to the greedy one."""
    game = load_game("sv-betapet")
    common = common_keys(game.alphabet)
    assert 15_000 < len(common) <= COMMON and {"HUND", "KATT", "OCH"} <= common
    result = play_game(game, betapet, (player("beginner"), player("random")), seed=2)
    board = empty_board(game)
    normal = Normalizer(game.alphabet)
    for seat, placed, _ in result.moves:
        words = [w.spelled for w in judge(game, board, placed, betapet).words]
        if seat == 0:  # a common word, or a form of one (its lemma is)
            verdicts = [betapet.check(w) for w in words]
            assert all(is_common(w, v.lemma, v.tag, common, normal) for w, v in zip(words, verdicts)), words
        board = board.laid(placed)
    over_random = selfplay(game, betapet, "beginner", "random", games=4, seed=1).summary()
    under_greedy = selfplay(game, betapet, "score", "beginner", games=4, seed=1).summary()
    assert over_random["a_share"] >= 0.75 and under_greedy["a_share"] >= 0.75


@pytest.mark.parametrize("seats", [3, 4])
def test_a_table_of_three_or_four_plays_whole_games_the_judge_scores(betapet, hu_list, seats):
    """Every seat takes its turn in order; every play is the judge's; the end's adjustments are the rule's over
    every rack left (going out gains the others' racks); no tile is laid more often than the bag holds it; and a
    set of games seats the measured player in each seat once, the same bag each time."""
    for game, lex in _games(betapet, hu_list):
        match = selfplay(game, lex, "equity", "score", games=seats, seed=4, seats=seats)
        assert [r.players.index("equity") for r in match.results] == list(range(seats))
        assert all(r.players.count("score") == seats - 1 for r in match.results)
        for result in match.results:
            check_game(game, lex, result)
            assert {seat for seat, _, _ in result.moves} == set(range(seats))
        summary = match.summary()
        assert summary["seats"] == seats and summary["sets"] == 1 and summary["even"] == round(1 / seats, 4)


def test_a_share_at_a_table_counts_a_draw_among_k_players_as_1_over_k():
    from lexicon.play.selfplay import GameResult, Match

    def result(scores):
        n = len(scores)
        return GameResult(("x",) * n, scores, (0,) * n, ("",) * n, (0,) * n, 1, [])

    # a in seat 0, 1 and 2: a win; a draw with one other at the top; a loss
    match = Match("sv-betapet", "a", "b", 1, [result((30, 20, 10)), result((25, 25, 5)), result((1, 2, 0))], 1.0,
                  seats=3)
    summary = match.summary()
    assert (summary["a_wins"], summary["draws"], summary["a_losses"]) == (1, 1, 1)
    assert summary["a_share"] == round((1 + 1 / 2) / 3, 4)
    # spreads: 30 - 15, 25 - 15, 0 - 1.5
    assert summary["a_spread"] == round((15 + 10 - 1.5) / 3, 1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"a": "best"}, "no player 'best' (players: score, beginner, random, equity, leaves, endgame)"),
    ({"games": 3}, "3 games: an even number from 2"),
    ({"games": 0}, "0 games: an even number from 2"),
    ({"games": 8, "seats": 3}, "8 games: a multiple of 3 from 3"),
    ({"games": 10, "seats": 5}, "5 players: a table seats 2 to 4"),
])
def test_what_cannot_be_played_is_refused_naming_it(betapet, kwargs, message):
    with pytest.raises(InputError, match=re.escape(message)):
        selfplay(load_game("sv-betapet"), betapet, **({"a": "score", "b": "random", "games": 2, "seed": 1} | kwargs))


def test_the_command_prints_the_match_and_refuses_an_odd_count(betapet, artifacts_root):
    def run(*args):
        return CliRunner().invoke(main, ["selfplay", "--game", "sv-betapet", "--artifacts", str(artifacts_root),
                                         *args], catch_exceptions=False)

    done = run("--games", "2", "--seed", "4", "--json")
    assert done.exit_code == 0, done.output
    answer = json.loads(done.stdout)
    assert answer["games"] == 2 and answer["a"] == "score" and answer["b"] == "random"
    assert answer["a_wins"] + answer["draws"] + answer["a_losses"] == 2
    text = run("--games", "2", "--seed", "4")
    assert "score against random, 2 games (1 mirrored pairs), seed 4" in text.stdout
    odd = run("--games", "3")
    assert odd.exit_code == 2 and "3 games: an even number from 2" in odd.stderr


def test_a_player_by_equity_plays_with_the_leave_values_of_a_file(betapet, artifacts_root, tmp_path):
    """`--a-leaves`: the equity player with a file's values (a training's generation) instead of the game's. With
    the game's own values, written to a file, the match is the one the equity player plays; with every leave
    worth nothing, it is another."""
    from lexicon.play.compiled import shipped_klv
    from lexicon.play.klv import read_klv, write_klv

    def run(*args):
        return CliRunner().invoke(main, ["selfplay", "--game", "sv-betapet", "--artifacts", str(artifacts_root),
                                         "--games", "4", "--seed", "3", "--json", *args])

    own, nothing = tmp_path / "own.klv2", tmp_path / "nothing.klv2"
    own.write_bytes(shipped_klv(load_game("sv-betapet")))
    nothing.write_bytes(write_klv({leave: 0.0 for leave in read_klv(own.read_bytes())}))
    plain = json.loads(run("--a", "equity", "--b", "score").stdout)
    mine = json.loads(run("--a", "equity", "--a-leaves", str(own), "--b", "score").stdout)
    assert mine["a"] == "equity (own.klv2)" and mine["players"]["a"]["score"] == plain["players"]["a"]["score"]
    blind = json.loads(run("--a", "equity", "--a-leaves", str(nothing), "--b", "score").stdout)
    assert blind["players"]["a"]["score"] != plain["players"]["a"]["score"]
    wrong = run("--a", "score", "--a-leaves", str(own))
    assert wrong.exit_code != 0 and "'score' plays by score: leave values are for the equity player" in wrong.output
    (tmp_path / "bad.klv2").write_bytes(b"KLV")
    bad = run("--a", "equity", "--a-leaves", str(tmp_path / "bad.klv2"))
    assert bad.exit_code != 0 and "bad.klv2: leave values: 3 bytes" in bad.output
