"""HTTP measuring helpers: gunicorn with the repository's config on a free port, wrk, worker memory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from .measure import ROOT

CONFIG = ROOT / "service" / "gunicorn.conf.py"
DURATION = os.environ.get("BENCH_SECONDS", "10")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    def __init__(self, app: str, root: str, workers: int = 2, env: dict | None = None) -> None:
        self.port = _free_port()
        env = os.environ | {"LEXICON_ARTIFACTS": root, "LEXICON_BIND": f"127.0.0.1:{self.port}",
                            "LEXICON_WORKERS": str(workers), "LEXICON_LOG_LEVEL": "warning"} | (env or {})
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


def wrk(url: str, connections: int = 32, script: str | None = None, env: dict | None = None,
        seconds: str | int = DURATION) -> dict:
    args = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if script:
        args[1:1] = ["-s", script]
    out = subprocess.run(args, capture_output=True, text=True, env=os.environ | (env or {})).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    total = re.search(r"(\d+) requests in", out)
    return {"rate": rate, "p50": latency.get("50"), "p99": latency.get("99"),
            "non2xx": int(errors.group(1)) if errors else 0, "requests": int(total.group(1)) if total else 0,
            "socket_errors": dict(zip(("connect", "read", "write", "timeout"), map(int, sockets.groups())))
            if sockets else {}}


def memory(pids: list[int]) -> tuple[float, float]:
    """Mean RSS and PSS (proportional: shared pages split between processes) per worker, MiB."""
    rss, pss = [], []
    for pid in pids:
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
        rss.append(int(fields["Rss"].split()[0]) / 1024)
        pss.append(int(fields["Pss"].split()[0]) / 1024)
    return sum(rss) / len(rss), sum(pss) / len(pss)


