"""HTTP measuring helpers: the service deployed the ways the repository describes (`lexicon serve`,
gunicorn alone with its config, nginx in front of two gunicorn instances) on free ports, wrk, and
worker memory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

from support.http import Served, Started, free_port

from .measure import ROOT

CONFIG = ROOT / "service" / "gunicorn.conf.py"
DURATION = os.environ.get("BENCH_SECONDS", "10")


class Gunicorn(Started):
    """gunicorn alone with the repository's config, serving `app` (lexicon_service.wsgi:app, or another)."""

    def __init__(self, app: str, root: str, workers: int = 2, worker_class: str | None = None,
                 env: dict | None = None) -> None:
        port = free_port()
        settings = {"LEXICON_ARTIFACTS": str(root), "LEXICON_BIND": f"127.0.0.1:{port}",
                    "LEXICON_WORKERS": str(workers), "LEXICON_LOG_LEVEL": "warning"}
        if worker_class:
            settings["LEXICON_WORKER_CLASS"] = worker_class
        gunicorn = Path(sys.executable).with_name("gunicorn")
        # any answer on /healthz will do: a bare app (bench/constant_app.py) has none and answers 404
        super().__init__([str(gunicorn), "-c", str(CONFIG), app], settings | (env or {}), port, ready="/healthz")


class Deployment:
    """The service deployed one way: `lexicon serve` as `make run` starts it ("serve"); docs/deploy.md's
    recipe, nginx (service/nginx.conf) in front of two instances, each a lookup and a search pool of
    gunicorn serving the same artifacts ("deploy"); or gunicorn alone with a worker class ("gunicorn")."""

    def __init__(self, root: str, kind: str = "serve", worker_class: str | None = None, workers: int = 2,
                 env: dict | None = None) -> None:
        from lexicon_service.proxy import SEARCH_NICE, Nginx

        self.served = Served(root, workers, env, log_level="warning") if kind == "serve" else None
        self.instances: list[Gunicorn] = []
        self.nginx = None
        if kind == "gunicorn":
            self.instances = [Gunicorn("lexicon_service.wsgi:app", root, workers, worker_class, env=env)]
        elif kind == "deploy":
            proxied = (env or {}) | {"LEXICON_TRUSTED_PROXIES": "1"}
            lookups = [Gunicorn("lexicon_service.wsgi:app", root, workers, env=proxied) for _ in range(2)]
            searches = [Gunicorn("lexicon_service.wsgi:app", root, 1, env=proxied | {"LEXICON_NICE": str(SEARCH_NICE)})
                        for _ in range(2)]
            self.instances = lookups + searches
            self.nginx = Nginx(f"127.0.0.1:{free_port()}", [f"127.0.0.1:{g.port}" for g in lookups],
                               [f"127.0.0.1:{g.port}" for g in searches])
            self.nginx.wait_up()
        self.url = (self.served or self.nginx or self.instances[0]).url
        self.name = {"serve": f"`lexicon serve`: nginx, sync × {workers} for lookups, × 1 for searches",
                     "deploy": f"nginx + 2 instances, each sync × {workers} for lookups, × 1 for searches",
                     "gunicorn": f"gunicorn {worker_class} × {workers} alone"}[kind]

    def workers(self) -> list[int]:
        return self.served.workers() if self.served else [pid for g in self.instances for pid in g.workers()]

    def deaths(self) -> list[str]:
        return self.served.deaths() if self.served else [line for g in self.instances for line in g.deaths()]

    def stop(self) -> None:
        if self.nginx:
            self.nginx.stop()
        for server in [self.served, *self.instances]:
            if server:
                server.stop()


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


def ms(latency: str | None) -> float:
    """wrk's latency text (812.00us, 10.82ms, 1.20s) in milliseconds."""
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", latency or "").groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def descendants(pid: int) -> list[int]:
    """`pid` and every process under it (a served instance: `lexicon serve`, nginx, gunicorn and its workers)."""
    out, queue = [], [pid]
    while queue:
        p = queue.pop()
        out.append(p)
        found = subprocess.run(["pgrep", "-P", str(p)], capture_output=True, text=True).stdout
        queue += [int(c) for c in found.split()]
    return out


def lookup_workers(server) -> list[int]:
    """The lookup pool's workers of a served instance: its gunicorn workers that run at the normal CPU
    priority (`lexicon serve` lowers the search pool's)."""
    return [pid for pid in server.workers() if _nice(pid) == 0]


def search_workers(server) -> list[int]:
    """The search pool's workers of a served instance: those `lexicon serve` runs at a lower priority."""
    return [pid for pid in server.workers() if _nice(pid) > 0]


def _nice(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds the processes have used so far (those that exited count 0): on a
    machine others share, the server's CPU per request is steadier than its requests per second."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / ticks


def memory(pids: list[int]) -> tuple[float, float]:
    """Mean RSS and PSS (proportional: shared pages split between processes) per worker, MiB."""
    rss, pss = [], []
    for pid in pids:
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
        rss.append(int(fields["Rss"].split()[0]) / 1024)
        pss.append(int(fields["Pss"].split()[0]) / 1024)
    return sum(rss) / len(rss), sum(pss) / len(pss)


def memo_counts(url: str) -> tuple[int, int]:
    """The service's answer memo: (hits, misses) so far, summed over its workers (/metrics)."""
    text = urllib.request.urlopen(url + "/metrics").read().decode()
    found = dict(re.findall(r"^lexicon_answer_cache_(hits|misses)_total (\d+)", text, re.M))
    return int(found.get("hits", 0)), int(found.get("misses", 0))


def hit_rate(before: tuple[int, int], after: tuple[int, int]) -> float | None:
    """The memo's hit rate between two memo_counts readings, or None when it was not asked."""
    hits, misses = after[0] - before[0], after[1] - before[1]
    return hits / (hits + misses) if hits + misses else None
