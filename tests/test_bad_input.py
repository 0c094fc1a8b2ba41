"""Hostile input, endpoint by endpoint and command by command (the catalogue is support/hostile.py):
each gets a 4xx problem+json (or, for /valid, an answer that the word is not valid), never a 500,
and nothing a client sent reaches the log unescaped."""

import json
import subprocess
import sys

import pytest

from support.hostile import CLI_CASES, HTTP_CASES, RAW_CASES
from support.http import exchange, send

from .conftest import ROOT


@pytest.mark.parametrize("case", HTTP_CASES, ids=lambda c: f"{c.endpoint} {c.what}")
def test_http_case(server, case):
    status, content_type, body = send(server, case)
    assert status == case.status, body[:300]
    if case.kind == "answer":
        answer = json.loads(body)
        assert answer.get("valid") is False or "tilings" in answer
    elif case.kind == "batch":
        last = json.loads(body)["results"][-1]
        assert last["valid"] is False and last["reason"] in ("too-long", "non-letter") and last["detail"]
    elif case.kind == "page":
        page = json.loads(body)
        assert page["total"] is not None and "words" in page
    elif case.kind == "list":
        assert content_type.startswith("text/plain")
    else:
        assert content_type == "application/problem+json"
        problem = json.loads(body)
        assert problem["type"] == f"/problems/{case.kind}" and problem["status"] == status and problem["detail"]


@pytest.mark.parametrize("what, raw, status", RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_raw_http_case(server, what, raw, status):
    code, content_type, body = exchange(server, raw)
    assert code == status, body[:200]
    assert content_type == "application/problem+json"
    assert json.loads(body)["status"] == status


def test_nothing_reaches_the_log_unescaped(server):
    """After the hostile cases, the server's log has no raw control characters."""
    for case in HTTP_CASES[:14]:
        send(server, case)
    for _, raw, _ in RAW_CASES:
        exchange(server, raw)
    server.log.flush()
    log = server.log_path.read_bytes()
    assert b"\x1b" not in log and b"\x01" not in log and b"\x00" not in log
    assert "\u200b".encode() not in log and "\u202e".encode() not in log


@pytest.mark.parametrize("what, args, code, phrase", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_cli_case(betapet, artifacts_root, what, args, code, phrase):
    result = subprocess.run([sys.executable, "-m", "lexicon_cli", *args, *(
        ["--artifacts", str(artifacts_root)] if args[0] in ("check", "export", "info", "diff") else [])],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == code, result.stderr[-500:]
    assert phrase in (result.stderr if code == 2 else result.stdout)  # 1: the answer, that the word is not valid
    assert "Traceback" not in result.stderr


def test_cli_argument_that_is_not_utf8(artifacts_root):
    result = subprocess.run([sys.executable.encode(), b"-m", b"lexicon_cli", b"normalize", b"\xff\xfe"],
                            cwd=ROOT, capture_output=True)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
