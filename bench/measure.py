"""Measuring helpers shared by the benchmark modules."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent


def run_child(args: list[str], **kw) -> tuple[float, float]:
    """Run a command in a fresh process; (wall seconds, its peak RSS in MiB).

    Each call measures one child: RUSAGE_CHILDREN's maxrss is the largest of all waited-for
    children, so the benchmark runs each measurement in its own intermediate process.
    """
    probe = ("import resource, subprocess, sys, time, json;"
             "t = time.perf_counter(); r = subprocess.run(json.loads(sys.argv[1]), capture_output=True);"
             "w = time.perf_counter() - t;"
             "m = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024;"
             "print(w, m, r.returncode); sys.stderr.write(r.stderr.decode()[-2000:])")
    import json

    out = subprocess.run([sys.executable, "-c", probe, json.dumps(args)], capture_output=True, text=True,
                         cwd=ROOT, **kw)
    wall, rss, code = out.stdout.split()
    if code != "0":
        raise RuntimeError(f"{args} failed: {out.stderr}")
    return float(wall), float(rss)


def timed(fn, *args, repeat: int = 1):
    """Best-of-`repeat` wall time of fn(*args) and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, result


def percentiles(seconds: list[float]) -> dict:
    """p50, p90, p99 and the most of timings in seconds, in milliseconds."""
    ms = sorted(s * 1000 for s in seconds)
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return {"p50": q[49], "p90": q[89], "p99": q[98], "max": ms[-1]}


def self_rss_mib() -> float:
    """Current resident set size of this process in MiB (from /proc, not the peak)."""
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def build_lexicon(root: str, pipeline: str = "sv-betapet", *extra: str) -> str:
    """Build a pipeline into `root` in a child process (as a user would); the `lexicon build --json` output."""
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "build", pipeline, "--artifacts", root, "--json",
                          *extra], check=True, cwd=ROOT, capture_output=True, text=True)
    return out.stdout
