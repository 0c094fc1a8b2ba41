"""HTTP throughput and latency of the service under gunicorn, against a constant-JSON Flask route,
measured with wrk on loopback in one run (targets: /valid >= 95% of the constant route; p99 < 10 ms
at 32 connections; POST batches of 1,000 words >= 1.5 M words/s), and memory per worker."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from .measure import ROOT

TITLE = "Validation service over HTTP"
CONFIG = ROOT / "service" / "gunicorn.conf.py"
DURATION = os.environ.get("BENCH_SECONDS", "10")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    def __init__(self, app: str, root: str, workers: int = 2) -> None:
        self.port = _free_port()
        env = os.environ | {"LEXICON_ARTIFACTS": root, "LEXICON_BIND": f"127.0.0.1:{self.port}",
                            "LEXICON_WORKERS": str(workers), "LEXICON_LOG_LEVEL": "warning"}
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.proc = subprocess.Popen([str(gunicorn), "-c", str(CONFIG), app], cwd=ROOT, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1)
                break
            except urllib.error.HTTPError:
                break  # the constant app has no /healthz: it answers 404, so it is up
            except OSError:
                time.sleep(0.1)

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def wrk(url: str, connections: int = 32, script: str | None = None, env: dict | None = None) -> dict:
    args = ["wrk", "-t2", f"-c{connections}", f"-d{DURATION}s", "--latency", url]
    if script:
        args[1:1] = ["-s", script]
    out = subprocess.run(args, capture_output=True, text=True, env=os.environ | (env or {})).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rate": rate, "p50": latency.get("50"), "p99": latency.get("99"),
            "non2xx": int(errors.group(1)) if errors else 0}


def _mem(pids: list[int]) -> tuple[float, float]:
    """Mean RSS and PSS (proportional: shared pages split between processes) per worker, MiB."""
    rss, pss = [], []
    for pid in pids:
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
        rss.append(int(fields["Rss"].split()[0]) / 1024)
        pss.append(int(fields["Pss"].split()[0]) / 1024)
    return sum(rss) / len(rss), sum(pss) / len(pss)


def run() -> str:
    root = tempfile.mkdtemp()
    try:
        subprocess.run([sys.executable, "-m", "lexicon_cli", "build", "sv-betapet", "--artifacts", root],
                       check=True, cwd=ROOT, capture_output=True)
        from lexicon import load

        lex = load("sv-betapet", root)
        keys = list(lex.keys())
        random.seed(7)
        mix = random.sample(keys, 5000) + ["".join(random.sample(k, len(k))) for k in random.sample(keys, 5000)]
        random.shuffle(mix)
        words_file = Path(root) / "words.txt"
        words_file.write_text("\n".join(urllib.parse.quote(w) for w in mix) + "\n")
        body = Path(root) / "batch.json"
        body.write_text(json.dumps({"lexicon": "sv-betapet", "words": mix[:1000]}))

        bare = Gunicorn("bench.constant_app:app", root)
        ours = Gunicorn("service.wsgi:app", root)
        try:
            wrk(ours.url + "/valid?word=hund", 8)  # warm up both workers
            results = {
                "constant": wrk(bare.url + "/constant"),
                "one": wrk(ours.url + "/valid?word=hund&lexicon=sv-betapet"),
                "mix": wrk(ours.url, script=str(ROOT / "bench" / "rotate.lua"), env={"WORDS": str(words_file)}),
                "health": wrk(ours.url + "/healthz"),
                "batch": wrk(ours.url + "/valid", 4, script=str(ROOT / "bench" / "batch.lua"),
                             env={"BODY": str(body)}),
            }
            mem2 = _mem(ours.workers())
        finally:
            bare.stop()
            ours.stop()
        mem = {}
        for n in (1, 4):
            server = Gunicorn("service.wsgi:app", root, workers=n)
            try:
                for _ in range(200):
                    urllib.request.urlopen(server.url + "/valid?word=hund").read()
                mem[n] = _mem(server.workers())
            finally:
                server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)

    c = results["constant"]["rate"]
    rows = ["| route (gunicorn, 2 sync workers, wrk -t2 -c32) | req/s | vs constant | p50 | p99 | non-2xx |",
            "|---|---:|---:|---:|---:|---:|"]
    for key, label in (("constant", "bare Flask `/constant` (the ceiling)"), ("one", "`/valid?word=hund`"),
                       ("mix", "`/valid`, 10,000 words rotating (half valid)"), ("health", "`/healthz`")):
        r = results[key]
        rows.append(f"| {label} | {r['rate']:,.0f} | {r['rate'] / c:.0%} | {r['p50']} | {r['p99']} | {r['non2xx']} |")
    b = results["batch"]
    words_per_s = b["rate"] * 1000
    mem_rows = ["| workers | RSS per worker (MiB) | PSS per worker (MiB) |", "|---:|---:|---:|"]
    for n, (rss, pss) in sorted({**mem, 2: mem2}.items()):
        mem_rows.append(f"| {n} | {rss:.0f} | {pss:.0f} |")
    return "\n".join([
        "The lexicon is SAOL 14 → sv-betapet; both apps run under the same gunicorn config "
        "(`service/gunicorn.conf.py`), one after the other, with wrk on the same two cores.",
        "", *rows, "",
        f"`POST /valid` with 1,000 words a request (4 connections): {b['rate']:,.0f} requests/s = "
        f"**{words_per_s / 1e6:.2f} M words/s**, p99 {b['p99']}.", "",
        "Memory per worker (PSS counts shared pages once, split between the processes that share them):", "",
        *mem_rows,
    ])
