"""Search results a client can page and rank: a total (or a lower bound), whether more exist, an order.

Orders:
- `alpha`: the word graph's own order (tile order: A…Z Å Ä Ö in Swedish, C before CS in Hungarian).
  The walk yields results in this order, so a page is found by skipping; counting what follows
  stops at COUNT_BOUND, and the answer then gives `total_at_least` instead of `total`.
- `length`: longest first, the highest face value first within a length, then alpha.
- `score`: the highest face value first (a blank scores 0), the longest first within a score, then alpha.
  Ranking needs every result, so at most RANK_BOUND are ranked; a search with more raises LimitExceeded (too-costly)
  (page such a search in alpha order instead).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .alphabet import Alphabet
from .errors import InputError, LimitExceeded
from .search import Match
from .verdict import hit_document

ORDERS = ("alpha", "length", "score")
#: Results counted past a page in alpha order before the total becomes a lower bound.
COUNT_BOUND = 10_000
#: Results ranked at most for the length and score orders.
RANK_BOUND = 5_000
#: The most results one page holds.
MAX_PAGE = 10_000


@dataclass(frozen=True)
class Page(Sequence[Match]):
    """One page of search results, in order, with what a client needs to ask for the next."""

    hits: tuple[Match, ...]
    order: str
    offset: int
    limit: int
    total: int | None  # every result, when they were all counted
    total_at_least: int | None  # a lower bound, when counting stopped at COUNT_BOUND
    truncated: bool  # more results exist after this page

    def __getitem__(self, index):  # type: ignore[override]
        return self.hits[index]

    def __len__(self) -> int:
        return len(self.hits)

    @property
    def next_offset(self) -> int | None:
        return self.offset + len(self.hits) if self.truncated else None

    def as_dict(self, alphabet: Alphabet) -> dict[str, Any]:
        return {"order": self.order, "offset": self.offset, "limit": self.limit, "total": self.total,
                "total_at_least": self.total_at_least, "truncated": self.truncated, "next_offset": self.next_offset,
                "words": [hit_document(alphabet, hit) for hit in self.hits]}


def page(results: Iterable[Match], alphabet: Alphabet, *, order: str, offset: int, limit: int) -> Page:
    """Rank (or skip through) a search's results and cut one page."""
    check_order(order)
    offset, limit = _bounded("offset", offset, 0, COUNT_BOUND), _bounded("limit", limit, 0, MAX_PAGE)
    if order == "alpha":
        walk = iter(results)
        skipped = _count(islice(walk, offset))
        hits = tuple(islice(walk, limit))
        if skipped < offset or len(hits) < limit:  # the walk ended before the page was full
            return Page(hits, order, offset, limit, skipped + len(hits), None, False)
        seen = offset + limit
        budget = max(COUNT_BOUND - seen, 0)
        more = 0
        try:
            for _ in islice(walk, budget + 1):
                more += 1
        except LimitExceeded as exc:  # the page is whole: past the search's budget only its count is cut short
            if exc.code != "too-costly":
                raise
            return Page(hits, order, offset, limit, None, seen + more, True)
        if more > budget:  # counting stopped: more results exist than were counted
            return Page(hits, order, offset, limit, None, seen + more, True)
        return Page(hits, order, offset, limit, seen + more, None, more > 0)
    ranked = list(islice(results, RANK_BOUND + 1))
    if len(ranked) > RANK_BOUND:
        raise LimitExceeded(f"the search has more than {RANK_BOUND:,} results to rank by {order}; make it more "
                            f"specific or page through it with order=alpha", code="too-costly")
    value = alphabet.face_value
    if order == "length":
        ranked.sort(key=lambda m: (-len(m.tiles), -value(m.tiles, m.blanks)))
    else:
        ranked.sort(key=lambda m: (-value(m.tiles, m.blanks), -len(m.tiles)))
    hits = tuple(ranked[offset:offset + limit])
    return Page(hits, order, offset, limit, len(ranked), None, offset + len(hits) < len(ranked))


def check_order(order: str) -> None:
    if order not in ORDERS:
        raise InputError(f"order must be one of {', '.join(ORDERS)}, not {str(order)[:20]!r}")


def _bounded(name: str, value: int, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{name} must be an integer from {low} to {high:,}, not {value!r}")
    return value


def _count(items: Iterator[Any]) -> int:
    return sum(1 for _ in items)
