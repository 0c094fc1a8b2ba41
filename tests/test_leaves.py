"""How many leaves a bag allows (lexicon.play.leaves): English's count as engines give it, and ours."""

from itertools import combinations_with_replacement

from lexicon.play import load_game
from lexicon.play.leaves import bag_counts, count_multisets, leave_count

#: The English Scrabble bag: A..Z, then the blanks.
ENGLISH = [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2]


def test_the_english_bag_has_the_leaves_engines_count():
    assert count_multisets(ENGLISH, 6) == 914_624  # wolges and Macondo's leave files hold as many


def test_small_bags_by_hand():
    assert count_multisets([1, 1], 2) == 3  # A, B, AB
    assert count_multisets([2], 3) == 2  # A, AA
    assert count_multisets([3, 1], 2) == 4  # A, B, AA, AB


def test_a_shipped_bag_counted_as_its_leaves_listed_one_by_one():
    game = load_game("sv-scrabble")
    counts = bag_counts(game)
    listed = sum(1 for size in range(1, game.rack) for leave in combinations_with_replacement(range(len(counts)), size)
                 if all(leave.count(kind) <= n for kind, n in enumerate(counts)))
    assert leave_count(game) == listed > 1_000_000
