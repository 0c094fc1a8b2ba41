"""`python -m bench.catalogue`: run the bad-input catalogue (support/hostile.py) against the service as
`make run` starts it and the CLI, and write the table of answers, with the time each took, into docs/reliability.md."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time

from bench.__main__ import stamp
from bench.measure import ROOT, build_lexicon
from bench.sections import write_section
from support.hostile import CLI_CASES, HTTP_CASES, RAW_CASES
from support.http import Served, exchange, send

DOC = ROOT / "docs" / "reliability.md"


class _Server:
    def __init__(self, g: Served) -> None:
        self.port, self.url = g.port, g.url


def main() -> None:
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root)
        g = Served(root)
        server = _Server(g)
        rows = ["| endpoint | hostile input | answer | type | ms |", "|---|---|---:|---|---:|"]
        try:
            for case in HTTP_CASES:
                t = time.perf_counter()
                status, content_type, body = send(server, case)
                ms = (time.perf_counter() - t) * 1000
                kind = json.loads(body)["type"] if content_type == "application/problem+json" else (
                    "word list" if content_type.startswith("text/plain") else "answer: valid false")
                rows.append(f"| {case.endpoint} | {case.what} | {status} | `{kind}` | {ms:.1f} |")
            for what, raw, _ in RAW_CASES:
                t = time.perf_counter()
                status, content_type, body = exchange(server, raw)
                ms = (time.perf_counter() - t) * 1000
                rows.append(f"| raw HTTP | {what} | {status} | `{json.loads(body)['type']}` | {ms:.1f} |")
        finally:
            g.stop()
        cli = ["| command | hostile input | exit code | message | ms |", "|---|---|---:|---|---:|"]
        for what, args, _, _ in CLI_CASES:
            extra = ["--artifacts", root] if args[0] in ("check", "export", "info", "diff") else []
            t = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "lexicon_cli", *args, *extra], cwd=ROOT,
                                    capture_output=True, text=True)
            ms = (time.perf_counter() - t) * 1000
            message = result.stderr.strip().splitlines()[-1][:90].replace("|", "\\|") if result.stderr else ""
            cli.append(f"| `lexicon {args[0]}` | {what} | {result.returncode} | {message} | {ms:.0f} |")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    body = "\n".join([
        stamp("python -m bench.catalogue"), "",
        "Every case is also a test (tests/test_bad_input.py, cases in support/hostile.py). Times are "
        "wall-clock on loopback through `lexicon serve` (nginx, gunicorn with 2 sync workers), or a whole "
        "`lexicon` process for the CLI (Python start-up included).", "", *rows, "", *cli,
    ])
    print(body)
    write_section(DOC, "Bad-input catalogue", body, "# Reliability\n")


if __name__ == "__main__":
    main()
