"""Hostile clients for the hostile-load benchmark and the tests: idle connections, connections
that trickle header bytes, costly searches, and a /healthz probe that times every answer.

Run as a process of its own, so that its event loop never competes with the measuring process:

    python -m support.attackers http://127.0.0.1:8000 --idle 500 --trickle 50 --searches 20 --seconds 60

It prints one JSON report. Every loop is bounded by --seconds; only loopback URLs are accepted.
A connection the server closes is opened again at once, as an attacker would: the report counts
how often, and how long the server let each trickling connection hang before cutting it off.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import urllib.parse
from dataclasses import dataclass, field

#: Searches that cost the most before the library bounded their work (0.02 to 0.65 s of CPU each on
#: sv-betapet): patterns longer than any word, runs of wildcards, racks of blanks. Each is sent as a
#: GET, in turn; the report counts the answers by status.
COSTLY = (
    "/pattern?q=" + "*%3F" * 21 + "*Q",
    "/pattern?q=" + "%3F" * 15 + "*",
    "/pattern?q=*A*E*I*O*U*Y*",
    "/anagram?rack=%3F%3F%3FEEEEEEEEEEEE&sub=true&limit=1000",
    "/anagram?rack=%3F%3F%3FSTRANEDLIKOG&sub=true&limit=1000",
)


@dataclass
class Report:
    probes: list[float] = field(default_factory=list)  # /healthz latencies, seconds
    probe_failures: list[str] = field(default_factory=list)
    idle_reopened: int = 0
    trickle_cut: list[float] = field(default_factory=list)  # seconds each was let hang before the server closed it
    trickle_answers: dict[str, int] = field(default_factory=dict)  # what the server said before closing
    searches: dict[str, int] = field(default_factory=dict)  # status → count
    search_seconds: list[float] = field(default_factory=list)
    search_overflow: int = 0  # searches not sent because SEARCH_CAP were still outstanding

    def summary(self) -> dict:
        probes = sorted(self.probes)
        searches = sorted(self.search_seconds)
        return {
            "probes": len(probes), "probe_failures": len(self.probe_failures),
            "probe_failure_examples": self.probe_failures[:3],
            "probe_max_ms": round(probes[-1] * 1000, 1) if probes else None,
            "probe_p99_ms": round(_quantile(probes, 0.99) * 1000, 1) if probes else None,
            "probes_over_100ms": sum(p > 0.1 for p in probes),
            "idle_reopened": self.idle_reopened,
            "trickle_cut": len(self.trickle_cut),
            "trickle_cut_median_s": round(_quantile(sorted(self.trickle_cut), 0.5), 1) if self.trickle_cut else None,
            "trickle_answers": self.trickle_answers,
            "searches": self.searches, "search_overflow": self.search_overflow,
            "search_p50_ms": round(_quantile(searches, 0.5) * 1000, 1) if searches else None,
            "search_p99_ms": round(_quantile(searches, 0.99) * 1000, 1) if searches else None,
        }


SEARCH_CAP = 200


def _quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


async def _connect(host: str, port: int, until: float):
    """A connection (reader, writer), trying again while the server refuses; None once time is up."""
    while time.monotonic() < until:
        try:
            return await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.1)
    return None


async def _idle(host: str, port: int, until: float, report: Report) -> None:
    """One connection that sends nothing; opened again whenever the server closes it."""
    while connection := await _connect(host, port, until):
        reader, writer = connection
        try:
            await asyncio.wait_for(reader.read(1 << 16), until - time.monotonic())
            report.idle_reopened += 1  # the server closed it (or answered and closed)
        except (TimeoutError, OSError):
            pass
        finally:
            writer.close()


async def _trickle(host: str, port: int, until: float, report: Report, interval: float) -> None:
    """One connection that sends a request header one byte every `interval` seconds, never ending it."""
    while connection := await _connect(host, port, until):
        reader, writer = connection
        opened = time.monotonic()
        head = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode() + b"a" * 100_000
        cut = False
        try:
            for i in range(len(head)):
                if time.monotonic() >= until:
                    break
                writer.write(head[i:i + 1])
                await writer.drain()
                try:
                    got = await asyncio.wait_for(reader.read(4096), interval)
                except TimeoutError:
                    continue
                if got:  # the server answered (an error) before closing
                    status = got.split(b" ", 2)[1].decode("latin-1") if got.startswith(b"HTTP/") else "other"
                    report.trickle_answers[status] = report.trickle_answers.get(status, 0) + 1
                cut = True
                break
        except OSError:
            cut = True
        finally:
            writer.close()
        if cut:
            report.trickle_cut.append(time.monotonic() - opened)


async def _get(host: str, port: int, target: str, timeout: float) -> int:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)  # read to the end: the whole answer
        return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    finally:
        writer.close()


async def _searches(host: str, port: int, until: float, report: Report, rate: float,
                    targets: tuple[str, ...]) -> None:
    outstanding: set[asyncio.Task] = set()
    n = 0

    async def one(target: str) -> None:
        t = time.monotonic()
        try:
            status = str(await _get(host, port, target, 30))
        except (TimeoutError, OSError) as exc:
            status = type(exc).__name__
        report.searches[status] = report.searches.get(status, 0) + 1
        report.search_seconds.append(time.monotonic() - t)

    start = time.monotonic()
    while time.monotonic() < until:
        if len(outstanding) < SEARCH_CAP:
            task = asyncio.create_task(one(targets[n % len(targets)]))
            outstanding.add(task)
            task.add_done_callback(outstanding.discard)
        else:
            report.search_overflow += 1
        n += 1
        await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))
    await asyncio.gather(*outstanding, return_exceptions=True)


async def _probe(host: str, port: int, until: float, report: Report, interval: float) -> None:
    """GET /healthz on a new connection every `interval` seconds, as a load balancer would."""
    while time.monotonic() < until:
        t = time.monotonic()
        try:
            status = await _get(host, port, "/healthz", 5)
            if status == 200:
                report.probes.append(time.monotonic() - t)
            else:
                report.probe_failures.append(f"status {status}")
        except (TimeoutError, OSError) as exc:
            report.probe_failures.append(type(exc).__name__)
        await asyncio.sleep(max(0.0, t + interval - time.monotonic()))


async def attack(url: str, *, idle: int = 0, trickle: int = 0, searches: float = 0, seconds: float = 10,
                 probe_interval: float = 0.25, trickle_interval: float = 1.0,
                 targets: tuple[str, ...] = COSTLY) -> dict:
    """Run the attackers asked for and the /healthz probe for `seconds`; the report's summary."""
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname, parts.port or 80
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"attackers only go to loopback addresses, not {host}")
    report = Report()
    until = time.monotonic() + seconds
    tasks = [_probe(host, port, until, report, probe_interval)]
    tasks += [_idle(host, port, until, report) for _ in range(idle)]
    tasks += [_trickle(host, port, until, report, trickle_interval) for _ in range(trickle)]
    if searches:
        tasks.append(_searches(host, port, until, report, searches, targets))
    await asyncio.gather(*tasks)
    return report.summary()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("--idle", type=int, default=0, help="connections that send nothing")
    parser.add_argument("--trickle", type=int, default=0, help="connections trickling header bytes")
    parser.add_argument("--searches", type=float, default=0, help="costly searches per second")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--target", action="append", help="a search to send instead of the costly ones (repeat)")
    args = parser.parse_args()
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4096)), hard))
    print(json.dumps(asyncio.run(attack(args.url, idle=args.idle, trickle=args.trickle, searches=args.searches,
                                        seconds=args.seconds, targets=tuple(args.target or COSTLY)))))


if __name__ == "__main__":
    main()
