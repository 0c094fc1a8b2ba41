"""Progress of long jobs (builds, expansions, benchmarks): rich's bar on a terminal, lines in a log.

A job reports through the `Progress` protocol: `start(step, total)`, `advance(n)`, `finish(summary)`.
`Silent` reports nothing (tests, services); `Bar` draws each step with rich (a dependency of
flask-limiter, so nothing new to install): the step's name, a bar and the share done when the total is
known, the count, the rate, the time taken and the time left; `Lines` writes a plain line as each step
starts and ends, and one every half minute of a long step, for a log or a pipe (a build of Magyar Ispell
runs for many minutes). `for_stream` picks one: a bar on a terminal, lines elsewhere, unless told
otherwise (`--progress` for the bar, `--quiet` for nothing).
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


class Lines:
    """A line as each step starts and ends, with its count, rate and time, and one every `every` seconds while
    a step runs: progress a log keeps."""

    def __init__(self, stream=sys.stderr, every: float = 30.0) -> None:
        self.stream, self.every = stream, every
        self.step, self.total, self.done = "", None, 0
        self.began = self.said = 0.0

    def _say(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def _count(self) -> str:
        elapsed = time.monotonic() - self.began
        of = f" of {self.total:,}" if self.total else ""
        rate = f", {self.done / elapsed:,.0f}/s" if elapsed >= 1 and self.done else ""
        return f"{self.done:,}{of}{rate}, {elapsed:,.0f} s"

    def start(self, step: str, total: int | None = None) -> None:
        self.step, self.total, self.done = step, total, 0
        self.began = self.said = time.monotonic()
        self._say(f"{step} …")

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.said >= self.every:
            self.said = now
            self._say(f"  {self.step}: {self._count()}")

    def finish(self, summary: str = "") -> None:
        elapsed = time.monotonic() - self.began
        self._say(f"{self.step}: {summary or 'done'} ({elapsed:,.1f} s)")

    def close(self) -> None:
        pass


def for_stream(stream=sys.stderr, show: bool | None = None) -> Progress:
    """A bar on `stream` when it is a terminal and lines when it is not (`show=None`), a bar always (`True`),
    or nothing (`False`)."""
    if show is False:
        return Silent()
    if show is None and not stream.isatty():
        return Lines(stream)
    return Bar(stream, force=bool(show))
