"""The server model under gunicorn with the repository's config: keep-alive, pipelining, idle and
slow clients, raw UTF-8 in the request target, stalled bodies. Each attack of issue 14 that a test can
show in seconds is here; its figures under load are `python -m bench.hostile` (docs/reliability.md)."""

import http.client
import json
import socket
import time

import pytest

from support.attackers import attack

from .conftest import Server


def exchange(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send raw bytes, read until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    return reply


def answers(reply: bytes) -> list[tuple[int, dict, bytes]]:
    """The HTTP/1.1 answers in a byte stream, in order: status, headers, body (by Content-Length)."""
    out = []
    while reply:
        head, _, rest = reply.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
        n = int(headers.get("content-length", 0))
        out.append((int(lines[0].split()[1]), headers, rest[:n]))
        reply = rest[n:]
    return out


def test_a_kept_alive_connection_serves_several_requests(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    bodies = []
    for word in ("hund", "katt", "hundar"):
        conn.request("GET", f"/valid?word={word}")
        response = conn.getresponse()
        assert response.status == 200 and response.getheader("Connection", "").lower() != "close"
        bodies.append(json.loads(response.read()))
        local = conn.sock.getsockname()
        if word == "hund":
            first = local
    assert local == first, "the three requests went over one connection"
    assert [b["valid"] for b in bodies] == [True, True, False]
    conn.close()


def test_three_pipelined_gets_get_three_answers_in_order(server):
    requests = b"".join(f"GET /valid?word={w} HTTP/1.1\r\nHost: x\r\n\r\n".encode() for w in ("hund", "katt"))
    requests += b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    got = answers(exchange(server.port, requests))
    assert [status for status, _, _ in got] == [200, 200, 200]
    assert [json.loads(body).get("word") for _, _, body in got] == ["hund", "katt", None]


def test_idle_connections_do_not_stop_the_service(server):
    """Two connections that send nothing stopped both sync workers: /healthz answered 0 of 12 probes."""
    report = _attack(server, idle=20, seconds=4)
    assert report["probes"] >= 8 and report["probe_failures"] == 0, report


def test_a_client_trickling_its_headers_is_cut_off_and_kills_no_worker(server):
    """Connections trickling header bytes got sync workers killed by gunicorn's timeout; here the
    request head must arrive within the keep-alive time (5 s), and the service answers meanwhile."""
    workers = server.workers()
    report = _attack(server, trickle=4, seconds=9)
    assert report["trickle_cut"] >= 4, report  # each cut off, none left hanging for the whole run
    assert report["trickle_cut_median_s"] < 8, report
    assert report["probes"] >= 20 and report["probe_failures"] == 0, report
    assert server.workers() == workers, "a worker was replaced"


def _attack(server, **kw) -> dict:
    import asyncio

    return asyncio.run(attack(server.url, **kw))


def test_raw_utf8_in_the_query_is_what_the_client_meant(server):
    """`curl 'http://…/valid?word=ÖVÄRLD'` sends the UTF-8 bytes unescaped; the answer is the one for
    the %-escaped word, byte for byte."""
    raw = answers(exchange(server.port, "GET /valid?word=ÖVÄRLD HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                                        .encode()))
    escaped = server.get("/valid?word=%C3%96V%C3%84RLD")
    assert raw[0][0] == 200 == escaped[0]
    assert raw[0][2] == escaped[2] and json.loads(raw[0][2])["word"] == "ÖVÄRLD"


@pytest.mark.parametrize("target", [b"/valid?word=\xffhund", b"/valid?word=%FFhund"], ids=["raw", "escaped"])
def test_bytes_that_are_not_utf8_are_refused_the_same_raw_or_escaped(server, target):
    status, headers, body = answers(exchange(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n"
                                             b"Connection: close\r\n\r\n"))[0]
    problem = json.loads(body)
    assert status == 400 and headers["content-type"] == "application/problem+json"
    assert problem["type"] == "/problems/bad-input" and "not valid UTF-8" in problem["detail"]
    assert "byte 5" in problem["detail"]  # word=\xff: the sixth byte of the query string


@pytest.fixture(scope="module")
def alone(betapet, artifacts_root):
    """gunicorn without nginx (`lexicon serve --no-proxy`), as behind a proxy of one's own."""
    s = Server(artifacts_root, proxy=False)
    yield s
    s.stop()


def test_raw_utf8_in_a_query_that_arrives_in_pieces_is_what_the_client_meant(alone):
    """gunicorn alone reads the request line as it comes: a line cut before its query and inside a character's
    bytes is escaped whole (service/worker.py), and answered as the %-escaped word."""
    line = "GET /valid?word=ÖVÄRLD HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    cut = line.index("Ä".encode()) + 1  # between the two bytes of Ä
    with socket.create_connection(("127.0.0.1", alone.port), timeout=10) as s:
        for piece in (line[:6], line[6:cut], line[cut:]):  # the path, the query begun, the rest
            s.sendall(piece)
            time.sleep(0.05)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    escaped = alone.get("/valid?word=%C3%96V%C3%84RLD")
    assert answers(reply)[0][0] == 200 == escaped[0]
    assert answers(reply)[0][2] == escaped[2]


@pytest.mark.parametrize("front", ["server", "alone"])
def test_raw_bytes_in_the_path_are_refused_naming_the_position(front, request):
    """nginx passes the request target on as the client sent it, so both answers are gunicorn's."""
    port = request.getfixturevalue(front).port
    status, headers, body = answers(exchange(port, "GET /lexicons/sv-betäpet HTTP/1.1\r\nHost: x\r\n"
                                                   "Connection: close\r\n\r\n".encode()))[0]
    problem = json.loads(body)
    assert status == 400 and headers["content-type"] == "application/problem+json"
    assert problem["position"] == len("/lexicons/sv-bet")
    assert "0xC3 at position 16" in problem["detail"] and "/lexicons/sv-bet%C3%A4pet" in problem["detail"]


@pytest.mark.parametrize("front, detail", [("server", "the request line or a header is malformed"),
                                           ("alone", "Invalid HTTP Version")])
def test_a_malformed_request_line_is_a_problem(front, detail, request):
    port = request.getfixturevalue(front).port
    status, headers, body = answers(exchange(port, b"GET /valid?word=a b HTTP/1.1\r\nHost: x\r\n\r\n"))[0]
    assert status == 400 and headers["content-type"] == "application/problem+json"
    assert detail in json.loads(body)["detail"]


def test_a_connection_read_whole_is_closed_at_once(alone):
    """A connection whose request was read whole is closed at once after the answer (gunicorn 27 would
    linger on it, reading, up to 2 s or until the client closed): bytes the client sends after the
    answer meet a closed socket, which the kernel answers with a reset, and the next send fails."""
    with socket.create_connection(("127.0.0.1", alone.port), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
        assert answers(reply)[0][0] == 200
        deadline = time.monotonic() + 1  # a reset crosses the loopback at once; gunicorn's linger is 2 s
        with pytest.raises(BrokenPipeError):
            while time.monotonic() < deadline:
                s.sendall(b"x")
                time.sleep(0.01)


@pytest.mark.parametrize("front", ["server", "alone"])
def test_an_answer_given_without_reading_the_body_arrives_whole(front, request):
    """A body the app never reads (a POST where only GET is served) is left in the socket; the
    connection is then closed gunicorn's way, draining it, so the answer is not cut off by a reset."""
    port = request.getfixturevalue(front).port
    body = b"x" * 48_000
    head = (f"POST /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    for _ in range(5):
        status, headers, answer = answers(exchange(port, head.encode() + body))[0]
        assert status == 405 and len(answer) == int(headers["content-length"]) > 0
        assert json.loads(answer)["status"] == 405


def test_a_stalled_body_is_nginxs_to_hold_and_kills_no_worker(server):
    """A body that stops arriving never reaches a sync worker: nginx passes a request on complete,
    and drops one whose body stalls for 5 s (client_body_timeout)."""
    workers = server.workers()
    head = (b"POST /valid HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            b'{"words": ["hu')
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as s:
        s.sendall(head)
        started = time.monotonic()
        assert all(server.get("/healthz")[0] == 200 for _ in range(10))
        try:
            reply = s.recv(65536)
        except ConnectionResetError:
            reply = b""
        waited = time.monotonic() - started
    assert 4 < waited < 15, waited  # nginx's 5 s, not gunicorn's 30 s worker timeout
    assert not reply or reply.startswith(b"HTTP/1.1 408"), reply[:100]
    assert server.workers() == workers


def test_searches_run_in_a_pool_of_their_own_at_a_lower_priority(server):
    import os

    nice = sorted(os.getpriority(os.PRIO_PROCESS, pid) for pid in server.workers())
    assert nice == [0, 0, 10]  # two lookup workers (the test server's --workers 2), one search worker


def test_a_flood_of_searches_is_refused_at_once_past_the_limit(server):
    """At most 8 searches are in progress at once (nginx's limit_conn); the rest get 429 with
    Retry-After straight away instead of queueing, and lookups go on."""
    from concurrent.futures import ThreadPoolExecutor

    costly = "/pattern?q=*A*E*I*O*U*Y*"  # no word has them all in order: a walk of the whole graph
    with ThreadPoolExecutor(30) as pool:
        flood = [pool.submit(server.get, costly) for _ in range(30)]
        health = [server.get("/healthz")[0] for _ in range(5)]
        answers = [f.result() for f in flood]
    refused = [(headers, json.loads(body)) for status, headers, body in answers if status == 429]
    assert health == [200] * 5
    assert {status for status, _, _ in answers} <= {200, 429} and len(refused) >= 10
    headers, problem = refused[0]
    assert problem["type"] == "/problems/too-many-requests" and headers["Retry-After"] == "1"
