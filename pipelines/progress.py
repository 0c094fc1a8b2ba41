"""Progress reporting for long builds: a bar on a terminal, silence elsewhere (tests, services, CI)."""

from __future__ import annotations

import sys
from typing import Protocol


class Progress(Protocol):
    def start(self, step: str, total: int | None = None) -> None: ...
    def advance(self, n: int = 1) -> None: ...
    def finish(self, summary: str = "") -> None: ...


class Silent:
    """Reports nothing."""

    def start(self, step: str, total: int | None = None) -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass

    def finish(self, summary: str = "") -> None:
        pass


class TerminalBar:
    """A one-line counter on stderr, redrawn at most every 5,000 items."""

    def __init__(self, stream=sys.stderr) -> None:
        self.stream = stream
        self.step, self.total, self.count, self.shown = "", None, 0, 0

    def start(self, step: str, total: int | None = None) -> None:
        self.step, self.total, self.count, self.shown = step, total, 0, 0
        self._draw()

    def advance(self, n: int = 1) -> None:
        self.count += n
        if self.count - self.shown >= 5000:
            self.shown = self.count
            self._draw()

    def finish(self, summary: str = "") -> None:
        self._draw()
        self.stream.write(f"  {summary}\n" if summary else "\n")
        self.stream.flush()

    def _draw(self) -> None:
        total = f"/{self.total:,}" if self.total else ""
        self.stream.write(f"\r{self.step:<12} {self.count:>10,}{total}")
        self.stream.flush()


def for_stream(stream=sys.stderr) -> Progress:
    """A bar when `stream` is a terminal, else silence."""
    return TerminalBar(stream) if stream.isatty() else Silent()
