"""`make soak`: a load run with faults, figures into docs/reliability.md.

`python -m bench.soak` runs it against the service as `make run` starts it (`lexicon serve`: nginx in
front of gunicorn with 2 workers); `python -m bench.soak deploy` against the recipe of docs/deploy.md:
nginx in front of two gunicorn instances serving the same artifacts directory. SAOL 14 → sv-betapet
is served; wrk keeps 64 connections busy with valid words for SOAK_SECONDS (60) while, one after the
other: a new version is published, a worker is killed with SIGKILL, a second new version is published,
and a corrupt version is made current. Recorded: requests, non-2xx answers and socket errors, p50/p99
latency, which versions answered, and memory per worker at the start and the end.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.__main__ import stamp
from bench.http import Deployment, memory, wrk
from bench.measure import ROOT, build_lexicon
from bench.sections import write_section

SECONDS = int(os.environ.get("SOAK_SECONDS", "60"))
DOC = ROOT / "docs" / "reliability.md"


def _prebuild(staging: str, folder: Path, extra: str) -> str:
    """Build sv-betapet with one more allowed word (new content, so a new version), off to the side."""
    pipeline = folder / "sv-betapet.toml"
    pipeline.write_text((ROOT / "pipelines" / "sv-betapet.toml").read_text()
                        + f'\n[overlays]\nallow = ["{extra}"]\n', encoding="utf-8")
    return json.loads(build_lexicon(staging, str(pipeline), "--no-current"))["version"]


def _publish(staging: str, root: str, version: str) -> str:
    """Publish a version built elsewhere the way a build does: copy in privately, verify, rename, point."""
    from lexicon import artifacts

    build_dir = artifacts.new_build_dir(Path(root), "sv-betapet")
    for f in (Path(staging) / "sv-betapet" / version).iterdir():
        shutil.copy2(f, build_dir / f.name)
    artifacts.publish(build_dir, Path(root), "sv-betapet", version)
    return version


def _corrupt(root: str, good: str) -> str:
    folder = Path(root) / "sv-betapet"
    bad = folder / "ffffffffffff"
    shutil.copytree(folder / good, bad)
    with (bad / "lexicon.sqlite").open("r+b") as fh:
        fh.seek(4096)
        fh.write(b"\x00" * 64)
    (folder / "current.tmp").write_text("ffffffffffff\n")
    os.replace(folder / "current.tmp", folder / "current")
    return "ffffffffffff"


def main(argv: list[str]) -> None:
    recipe = argv == ["deploy"]
    if argv and not recipe:
        raise SystemExit("usage: python -m bench.soak [deploy]")
    root = tempfile.mkdtemp()
    work = Path(tempfile.mkdtemp())
    events: list[str] = []
    try:
        build_lexicon(root)
        from lexicon import load

        staging = str(work / "staging")
        new_versions = [_prebuild(staging, work, extra) for extra in ("soakordett", "soakordtva")]
        keys = list(load("sv-betapet", root).keys())
        random.seed(11)
        sample = random.sample(keys, 20000)
        words = work / "words.txt"
        words.write_text("\n".join(urllib.parse.quote(w) for w in sample) + "\n")
        server = Deployment(root, "deploy" if recipe else "serve", workers=1 if recipe else 2)
        # Warm up: every worker memoises the answers of the words the load will ask. One client in
        # turn may keep meeting the same sync worker, so batches go four at a time, then the load
        # itself runs briefly.
        batches = [json.dumps({"words": sample[i:i + 10000], "detail": True}).encode()
                   for i in range(0, len(sample), 10000)] * 12

        def post(body: bytes) -> None:
            request = urllib.request.Request(server.url + "/valid", body, {"Content-Type": "application/json"})
            urllib.request.urlopen(request).read()

        with ThreadPoolExecutor(4) as pool:
            list(pool.map(post, batches))
        wrk(server.url, 64, str(ROOT / "bench" / "rotate.lua"), {"WORDS": str(words)}, seconds=5)
        start_pids = server.workers()
        start_mem = {pid: memory([pid]) for pid in start_pids}
        result: dict = {}
        load_thread = threading.Thread(target=lambda: result.update(wrk(
            server.url, 64, str(ROOT / "bench" / "rotate.lua"), {"WORDS": str(words)}, seconds=SECONDS)))
        t0 = time.monotonic()
        load_thread.start()

        def at(fraction: float, what: str, action) -> None:
            time.sleep(max(0.0, t0 + SECONDS * fraction - time.monotonic()))
            events.append(f"{time.monotonic() - t0:5.1f} s  {what}: {action()}")

        at(0.15, "published a new version", lambda: _publish(staging, root, new_versions[0]))
        victim = server.workers()[0]
        at(0.40, "killed a worker with SIGKILL", lambda: (os.kill(victim, signal.SIGKILL), f"pid {victim}")[1])
        at(0.55, "published a second new version", lambda: _publish(staging, root, new_versions[1]))
        at(0.75, "made a corrupt version current", lambda: _corrupt(root, new_versions[1]))
        load_thread.join()
        events.append(f"{time.monotonic() - t0:5.1f} s  load ended")
        end_pids = server.workers()
        end_mem = {pid: memory([pid]) for pid in end_pids}
        answer = json.loads(urllib.request.urlopen(server.url + "/valid?word=soakordtva").read())
        ready = json.loads(urllib.request.urlopen(server.url + "/readyz").read())
        server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)

    survivors = [p for p in start_pids if p in end_pids]
    growth = [end_mem[p][0] / start_mem[p][0] - 1 for p in survivors]
    def when(pid: int) -> str:
        return " and ".join(w for w, seen in (("start", start_mem), ("end", end_mem)) if pid in seen)

    def mib(measured: dict, pid: int) -> str:
        return f"{measured[pid][0]:.1f}" if pid in measured else ""

    mem_rows = [f"| {pid} | {when(pid)} | {mib(start_mem, pid)} | {mib(end_mem, pid)} |"
                for pid in sorted(set(start_mem) | set(end_mem))]
    body = "\n".join([
        stamp("python -m bench.soak" + (" deploy" if recipe else "")
              + (f" (SOAK_SECONDS={SECONDS})" if SECONDS != 60 else "")), "",
        f"wrk, 2 threads, 64 connections, {SECONDS} s of `GET /valid` over 20,000 valid words of sv-betapet "
        f"(SAOL 14), against {server.name}, on the same 2 cores. The new versions were built "
        "beforehand and are published the way a build publishes (copy in privately, verify, rename, move "
        "`current`); memory is measured after every worker has memoised the answers for those words. "
        "Events during the run:", "",
        "```", *events, "```", "",
        "| figure | value |", "|---|---:|",
        f"| requests | {result['requests']:,} ({result['rate']:,.0f}/s) |",
        f"| non-2xx answers | {result['non2xx']} |",
        f"| socket errors (connect/read/write/timeout) | "
        f"{'/'.join(str(result['socket_errors'].get(k, 0)) for k in ('connect', 'read', 'write', 'timeout'))} |",
        f"| latency p50 / p99 | {result['p50']} / {result['p99']} |",
        f"| after the run, a word only in the second new version | valid={answer['valid']}, version "
        f"{answer['version']} |",
        f"| /readyz after the corrupt version | ready={ready['ready']}, failed: "
        f"{', '.join(sorted(ready['lexicons']['sv-betapet']['failed'])) or 'none'} |",
        f"| RSS growth of workers alive from start to end | "
        f"{', '.join(f'{g:+.1%}' for g in growth) or 'no worker survived'} |", "",
        "| worker pid | measured at | RSS start (MiB) | RSS end (MiB) |", "|---|---|---:|---:|", *mem_rows, "",
        "A worker killed with SIGKILL loses the request it was answering, if any: "
        + ("nginx tries it again on the other instance (`proxy_next_upstream`); "
           if recipe else "nginx answers it 503 (`/problems/service-unavailable`), a non-2xx above; ")
        + "gunicorn starts a replacement, which loads the current version on start.",
    ])
    print(body)
    write_section(DOC, "Soak run, two instances" if recipe else "Soak run", body, "# Reliability\n")


if __name__ == "__main__":
    main(sys.argv[1:])
