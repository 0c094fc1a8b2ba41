"""Work split between forked processes: a producer built once (an expander over a whole dictionary)
is inherited by every worker instead of being pickled to each.

`forked(produce, slices, workers)` yields `produce(slice)` for each slice, in order; with one worker
(or one slice) in this process. Every byte a producer makes must depend on its slice alone, so the
output is the same however the work is split.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_PRODUCE: Callable[[Any], Any] | None = None  # what the forked workers call: set before they fork


def forked(produce: Callable[[Any], T], slices: Sequence[Any], workers: int) -> Iterator[T]:
    if workers <= 1 or len(slices) < 2:
        yield from map(produce, slices)
        return
    global _PRODUCE
    _PRODUCE = produce
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            yield from pool.imap(_call, slices)
    finally:
        _PRODUCE = None


def add_forked(builder, produce: Callable[[tuple[int, int]], bytes], total: int, chunk: int, progress,
               workers: int) -> None:
    """Add to a GraphBuilder the packed sequences `produce` makes of each slice of `chunk` items of `total`,
    split between `workers` processes, advancing `progress` a slice at a time."""
    slices = [(start, min(start + chunk, total)) for start in range(0, total, chunk)]
    for packed in forked(produce, slices, workers):
        builder.add_packed(packed)
        progress.advance(chunk)


def _call(item: Any) -> Any:
    return _PRODUCE(item)


def default_workers() -> int:
    """The processes a build uses for the forms: the CPUs this process may run on, at most four."""
    try:
        return max(1, min(4, len(os.sched_getaffinity(0))))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, min(4, os.cpu_count() or 1))


__all__ = ["add_forked", "default_workers", "forked"]
