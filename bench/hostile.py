"""`python -m bench.hostile [model …]`: GET /valid under hostile load, per server model; the figures go
into docs/reliability.md (`make soak` runs it).

wrk drives `GET /valid` over 100,000 distinct words of sv-betapet (SAOL 14: bench.workload, half of them
valid), each asked once per pass, at 32 connections for HOSTILE_SECONDS (60): first alone (the
baseline), then while support.attackers holds 500 idle connections and 50 connections trickling a
request header one byte a second, and sends 20 costly searches a second. A /healthz probe on a new
connection every 0.25 s runs through both. Then each attack alone, for HOSTILE_CASE_SECONDS (20),
against the first model named. Targets: /valid p99 < 25 ms and >= 80% of its baseline throughput,
every /healthz probe answered within 100 ms, no non-2xx answer to /valid, no worker killed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from bench.__main__ import stamp
from bench.http import Deployment, ms, wrk
from bench.measure import ROOT, build_lexicon
from bench.sections import write_section
from bench.workload import distinct_words, valid_share

SECONDS = int(os.environ.get("HOSTILE_SECONDS", "60"))
CASE_SECONDS = int(os.environ.get("HOSTILE_CASE_SECONDS", "20"))
DOC = ROOT / "docs" / "reliability.md"
WORDS = 100_000
SETTLE = 3  # seconds the attackers get to open their connections before the load starts

#: The server models compared (bench.http.Deployment). The first is what `make run` starts.
MODELS = {
    "serve": {"kind": "serve"},  # `lexicon serve`: nginx in front of gunicorn's sync workers
    "deploy": {"kind": "deploy", "workers": 1},  # docs/deploy.md: nginx in front of two instances
    "gevent": {"kind": "gunicorn", "worker_class": "gevent"},  # gunicorn alone, each with its own answer
    "gthread": {"kind": "gunicorn", "worker_class": "gthread"},  # to slow clients
    "sync": {"kind": "gunicorn", "worker_class": "sync"},
}
COMBINED = {"idle": 500, "trickle": 50, "searches": 20}
CASES = [("2 idle connections", {"idle": 2}), ("500 idle connections", {"idle": 500}),
         ("50 connections trickling headers, 1 byte/s", {"trickle": 50}),
         ("20 costly searches a second", {"searches": 20})]


#: Searches to send instead of support.attackers.COSTLY, comma-separated (to compare server models with
#: searches of a chosen cost).
TARGETS = [t for t in os.environ.get("HOSTILE_SEARCH_TARGETS", "").split(",") if t]


def attackers(url: str, seconds: float, **attack) -> subprocess.Popen:
    args = [sys.executable, "-m", "support.attackers", url, "--seconds", str(seconds)]
    for target in TARGETS:
        args += ["--target", target]
    for key, value in attack.items():
        args += [f"--{key}", str(value)]
    return subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def under_attack(deployment: Deployment, words: Path, seconds: int, attack: dict) -> tuple[dict, dict]:
    """wrk's figures for /valid while the attackers run, and the attackers' report."""
    proc = attackers(deployment.url, seconds + SETTLE + 1, **attack)
    time.sleep(SETTLE)
    load = load_valid(deployment, words, seconds)
    report = json.loads(proc.communicate(timeout=seconds + 120)[0])
    drained(deployment.url)
    return load, report


def drained(url: str, timeout: float = 300) -> None:
    """Wait until /healthz answers within a second again: work the attackers left queued is done."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1).read()
            return
        except OSError:
            time.sleep(1)
    raise TimeoutError(f"{url} did not recover within {timeout} s after the attack")


def load_valid(deployment: Deployment, words: Path, seconds: int) -> dict:
    return wrk(deployment.url, 32, str(ROOT / "bench" / "rotate.lua"), {"WORDS": str(words)}, seconds=seconds)


def cache_rate(url: str) -> str:
    """The answer memo's hit rate, summed over every worker, from /metrics."""
    text = urllib.request.urlopen(url + "/metrics", timeout=60).read().decode()
    totals = {}
    for line in text.splitlines():
        for name in ("lexicon_answer_cache_hits_total", "lexicon_answer_cache_misses_total"):
            if line.startswith(name):
                totals[name] = totals.get(name, 0) + float(line.split()[-1])
    hits, misses = (totals.get(f"lexicon_answer_cache_{k}_total", 0) for k in ("hits", "misses"))
    return f"{hits / (hits + misses):.0%}" if hits + misses else "n/a"


def run_model(name: str, root: str, words: Path, with_cases: bool) -> dict:
    deployment = Deployment(root, **MODELS[name])
    try:
        load_valid(deployment, words, 5)  # warm-up: page cache, every worker's code paths
        pids = deployment.workers()
        baseline = load_valid(deployment, words, SECONDS)
        load, report = under_attack(deployment, words, SECONDS, COMBINED)
        cases = []
        if with_cases:
            for what, attack in CASES:
                alone = load_valid(deployment, words, CASE_SECONDS)
                cases.append((what, alone, *under_attack(deployment, words, CASE_SECONDS, attack)))
        hit_rate = cache_rate(deployment.url)
        return {"name": deployment.name, "baseline": baseline, "load": load, "report": report, "cases": cases,
                "killed": sorted(set(pids) - set(deployment.workers())), "deaths": deployment.deaths(),
                "hit_rate": hit_rate}
    finally:
        deployment.stop()


def _verdict(result: dict) -> list[str]:
    b, a, r = result["baseline"], result["load"], result["report"]
    return [
        f"p99 {a['p99']} {'<' if ms(a['p99']) < 25 else '≥'} 25 ms",
        f"{a['rate'] / b['rate']:.0%} of unloaded throughput ({'≥' if a['rate'] >= 0.8 * b['rate'] else '<'} 80%)",
        f"/healthz {r['probes_over_100ms'] + r['probe_failures']} of {r['probes'] + r['probe_failures']} probes "
        "late or failed",
        f"{a['non2xx']} non-2xx",
        f"{len(result['killed'])} workers killed",
    ]


def _met(result: dict) -> bool:
    b, a, r = result["baseline"], result["load"], result["report"]
    return (ms(a["p99"]) < 25 and a["rate"] >= 0.8 * b["rate"] and not r["probes_over_100ms"]
            and not r["probe_failures"] and not a["non2xx"] and not result["killed"])


def _attack_cells(r: dict) -> str:
    searches = ", ".join(f"{n} × {s}" for s, n in sorted(r["searches"].items())) or "–"
    return (f"{r['probe_max_ms']} ms / {r['probe_failures']} | {r['idle_reopened']:,} | "
            f"{r['trickle_cut_median_s'] if r['trickle_cut'] else 'never'} | {searches}")


def report(results: list[dict], words_note: str) -> str:
    rows = ["| server model | unloaded /valid req/s, p99 | attacked req/s (ratio), p99 | non-2xx | "
            "/healthz max / failed | idle reopened | trickling cut after (s) | costly searches by status | "
            "workers killed | targets |",
            "|---|---:|---:|---:|---:|---:|---:|---|---:|---|"]
    for res in results:
        b, a, r = res["baseline"], res["load"], res["report"]
        rows.append(f"| {res['name']} | {b['rate']:,.0f}, {b['p99']} | {a['rate']:,.0f} ({a['rate'] / b['rate']:.0%}), "
                    f"{a['p99']} | {a['non2xx']} | {_attack_cells(r)} | {len(res['killed'])} | "
                    f"{'met' if _met(res) else 'missed'} |")
    first = results[0]
    case_rows = ["| attack alone | /valid req/s alone → attacked (ratio) | p99 attacked | non-2xx | "
                 "/healthz max / failed | idle reopened | trickling cut after (s) | costly searches by status |",
                 "|---|---:|---:|---:|---:|---:|---:|---|"]
    for what, alone, load, r in first["cases"]:
        ratio = load["rate"] / alone["rate"]
        case_rows.append(f"| {what} | {alone['rate']:,.0f} → {load['rate']:,.0f} ({ratio:.0%}) | "
                         f"{load['p99']} | {load['non2xx']} | {_attack_cells(r)} |")
    return "\n".join([
        stamp("python -m bench.hostile " + " ".join(r["key"] for r in results)
              + (f" (HOSTILE_SECONDS={SECONDS})" if SECONDS != 60 else "")), "",
        f"wrk, 2 threads, 32 connections, {SECONDS} s of `GET /valid` over {words_note}, alone and then while "
        f"{COMBINED['idle']} idle connections, {COMBINED['trickle']} connections trickling a header one byte a "
        f"second and {COMBINED['searches']} costly searches a second ("
        + (f"`{'`, `'.join(TARGETS)}`" if TARGETS else "`support/attackers.py`: patterns longer than any word, runs "
           "of wildcards, racks of blanks")
        + ") are held open or sent; a new connection asks /healthz every "
        "0.25 s through both. Everything, wrk and the attackers included, shares the machine's 2 cores. "
        "A closed idle or trickling connection is opened again at once. Load average of the machine when the "
        f"run ended (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}: above 2, other work shared "
        "the cores, and only the comparison between models holds, not the absolute figures.", "",
        *rows, "",
        f"{first['name']}: {'; '.join(_verdict(first))}. Answer memo hit rate over the run: {first['hit_rate']}"
        + (f"; gunicorn logged: {first['deaths'][:3]}" if first["deaths"] else "") + ".", "",
        f"Each attack alone against {first['name']}, {CASE_SECONDS} s, beside a run of the same length without it:",
        "", *case_rows,
    ])


def main(argv: list[str]) -> None:
    names = argv or list(MODELS)
    unknown = set(names) - set(MODELS)
    if unknown:
        raise SystemExit(f"unknown server model {sorted(unknown)}; known: {', '.join(MODELS)}")
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root)
        from lexicon import load

        lex = load("sv-betapet", root)
        sample = distinct_words(lex, WORDS)
        words = Path(root) / "words.txt"
        words.write_text("\n".join(urllib.parse.quote(w) for w in sample) + "\n")
        words_note = (f"{len(sample):,} distinct words of sv-betapet ({valid_share(lex, sample):.0%} valid: "
                      "`bench/workload.py`), each asked once a pass")
        results = []
        for i, name in enumerate(names):
            print(f"== {name}", file=sys.stderr)
            results.append(run_model(name, root, words, with_cases=i == 0) | {"key": name})
            print(json.dumps({k: v for k, v in results[-1].items() if k != "cases"}), file=sys.stderr)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    body = report(results, words_note)
    print(body)
    write_section(DOC, "Hostile load", body, "# Reliability\n")


if __name__ == "__main__":
    main(sys.argv[1:])
