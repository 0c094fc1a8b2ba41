"""Progress of long jobs (builds, expansions, benchmarks): rich's bar on a terminal, silence elsewhere.

A job reports through the `Progress` protocol: `start(step, total)`, `advance(n)`, `finish(summary)`.
`Silent` reports nothing (tests, services, CI logs); `Bar` draws each step with rich (a dependency
of flask-limiter, so nothing new to install): the step's name, a bar and the share done when the
total is known, the count, the rate, the time taken and the time left. `for_stream` picks one:
a bar when the stream is a terminal, unless told otherwise (`--progress`, `--quiet`).
"""

from __future__ import annotations

import sys
import time
from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text


class Progress(Protocol):
    def start(self, step: str, total: int | None = None) -> None: ...
    def advance(self, n: int = 1) -> None: ...
    def finish(self, summary: str = "") -> None: ...
    def close(self) -> None: ...


class Silent:
    """Reports nothing."""

    def start(self, step: str, total: int | None = None) -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass

    def finish(self, summary: str = "") -> None:
        pass

    def close(self) -> None:
        pass


class _Rate(ProgressColumn):
    """Items a second (rich's own speed column counts bytes)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f}/s" if speed else "", style="progress.data.speed")


class Bar:
    """One rich progress line per step, kept on screen with its summary when the step finishes.

    Counts are handed to rich at most ten times a second: a build advances millions of times."""

    def __init__(self, stream=sys.stderr, *, force: bool = False) -> None:
        self.console = Console(file=stream, force_terminal=force or None)
        self.rich = RichProgress(TextColumn("{task.description:<22}"), BarColumn(bar_width=24), TaskProgressColumn(),
                                 MofNCompleteColumn(), _Rate(), TimeElapsedColumn(), TimeRemainingColumn(),
                                 console=self.console, auto_refresh=True, refresh_per_second=4)
        self.task = None
        self.step = ""
        self.pending = 0
        self.shown = 0.0

    def start(self, step: str, total: int | None = None) -> None:
        if self.task is None and not self.rich.live.is_started:
            self.rich.start()
        self.step, self.pending, self.shown = step, 0, time.monotonic()
        self.task = self.rich.add_task(step, total=total)

    def advance(self, n: int = 1) -> None:
        self.pending += n
        if self.pending >= 1000:
            now = time.monotonic()
            if now - self.shown >= 0.1:
                self.rich.advance(self.task, self.pending)
                self.pending, self.shown = 0, now

    def finish(self, summary: str = "") -> None:
        self.rich.advance(self.task, self.pending)
        self.pending = 0
        done = next(t.completed for t in self.rich.tasks if t.id == self.task)
        self.rich.update(self.task, total=done, description=f"{self.step}: {summary}" if summary else self.step)
        self.rich.stop_task(self.task)

    def close(self) -> None:
        """Stop drawing (the finished steps stay on screen)."""
        if self.rich.live.is_started:
            self.rich.stop()


def for_stream(stream=sys.stderr, show: bool | None = None) -> Progress:
    """A bar on `stream` when it is a terminal (`show=None`), always (`True`), or never (`False`)."""
    if show is False or (show is None and not stream.isatty()):
        return Silent()
    return Bar(stream, force=bool(show))
