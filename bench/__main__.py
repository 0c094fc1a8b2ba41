"""Run benchmark modules and rewrite their sections of docs/benchmarks.md."""

from __future__ import annotations

import importlib
import platform
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).parent
OUTPUT = HERE.parent / "docs" / "benchmarks.md"
HEADER = """# Benchmarks

Written by `make bench` (`python -m bench [topic …]`); each section says when and where it ran.
The machine is small and shared (2 cores): compare ratios within one run, not absolute figures
across runs.
"""


def main(argv: list[str]) -> None:
    topics = argv or sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    sections = _read_sections()
    for topic in topics:
        module = importlib.import_module(f"bench.bench_{topic}")
        print(f"== {module.TITLE}", file=sys.stderr)
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        body = module.run().strip()
        sections[module.TITLE] = f"_Run {stamp} on {platform.node()} ({platform.machine()}, Python " \
                                 f"{platform.python_version()}): `python -m bench {topic}`_\n\n{body}\n"
        print(body)
    text = HEADER + "".join(f"\n## {title}\n\n{body}" for title, body in sections.items())
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}", file=sys.stderr)


def _read_sections() -> dict[str, str]:
    if not OUTPUT.exists():
        return {}
    parts = re.split(r"^## (.+)$", OUTPUT.read_text(encoding="utf-8"), flags=re.M)
    return {parts[i].strip(): parts[i + 1].strip() + "\n" for i in range(1, len(parts) - 1, 2)}


if __name__ == "__main__":
    main(sys.argv[1:])
