"""Run benchmark modules and rewrite their sections of docs/benchmarks.md.

    python -m bench [--progress | --quiet] [topic …]

Progress (each benchmark a step, with its time) is drawn on stderr when it is a terminal, or
always with --progress, never with --quiet (lexicon_pipelines.progress).
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from bench.sections import write_section
from lexicon_pipelines.progress import for_stream

HERE = Path(__file__).parent
OUTPUT = HERE.parent / "docs" / "benchmarks.md"
HEADER = """# Benchmarks

Written by `make bench` (`python -m bench [topic …]`); each section says when and where it ran.
The machine is small and shared (2 cores): compare ratios within one run, not absolute figures
across runs.
"""


def main(argv: list[str]) -> None:
    show = True if "--progress" in argv else False if "--quiet" in argv else None
    argv = [a for a in argv if a not in ("--progress", "--quiet")]
    every = sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    # A module that sets ON_REQUEST (the half-hour Hungarian builds) runs only when named.
    topics = argv or [t for t in every if not getattr(importlib.import_module(f"bench.bench_{t}"), "ON_REQUEST", False)]
    progress = for_stream(show=show)
    for n, topic in enumerate(topics, start=1):
        module = importlib.import_module(f"bench.bench_{topic}")
        progress.start(f"bench {topic} ({n}/{len(topics)})")
        body = module.run().strip()
        write_section(OUTPUT, module.TITLE, f"{stamp(f'python -m bench {topic}')}\n\n{body}\n", HEADER)
        progress.finish(module.TITLE)
        print(body)
    progress.close()
    print(f"wrote {OUTPUT}", file=sys.stderr)


def stamp(command: str) -> str:
    """When, where and by which command a section's figures were made."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (f"_Run {when} on {platform.node()} ({platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}): `{command}`_")


if __name__ == "__main__":
    main(sys.argv[1:])
