"""The recipe of docs/deploy.md, run: Debian's nginx with service/nginx.conf in front of two service
instances on loopback, each a lookup pool and a search pool (`lexicon serve --no-proxy [--searches]`:
gunicorn with the repository's config), all serving the same artifacts directory. `make soak` runs
the soak once through the same deployment."""

import json
import re
import socket
import time

import pytest

from lexicon import artifacts
from lexicon_pipelines import build
from lexicon_service.proxy import Nginx, nginx_config
from support.http import free_port, http_get

from .conftest import Server, word_list_pipeline


class Stack:
    def __init__(self, root):
        env = {"LEXICON_DEFAULT": "sv-test-deploy", "LEXICON_TRUSTED_PROXIES": "1"}
        self.lookups = [Server(root, workers=1, env=env, proxy=False) for _ in range(2)]
        self.searches = [Server(root, env=env, proxy=False, searches=True) for _ in range(2)]
        self.instances = self.lookups + self.searches
        self.port = free_port()
        self.nginx = Nginx(f"127.0.0.1:{self.port}", [f"127.0.0.1:{s.port}" for s in self.lookups],
                           [f"127.0.0.1:{s.port}" for s in self.searches])
        self.nginx.wait_up()
        self.url = self.nginx.url

    def get(self, path: str):
        return http_get(self.url, path)

    def stop(self):
        self.nginx.stop()
        for s in self.instances:
            s.stop()


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("deploy")
    path, words = word_list_pipeline(folder, "sv-test-deploy", "hund\nkatt\növärld\n")
    build(path, folder / "art")
    s = Stack(folder / "art")
    s.pipeline, s.words, s.root = path, words, folder / "art"
    yield s
    s.stop()


def test_the_config_in_the_repository_is_what_runs():
    text = nginx_config("127.0.0.1:9000", ["127.0.0.1:9001", "127.0.0.1:9002"], ["unix:/a.sock", "unix:/b.sock"])
    assert "listen 127.0.0.1:9000 " in text and text.count("server 127.0.0.1:900") == 2
    assert "server unix:/a.sock max_fails" in text and "server unix:/b.sock max_fails" in text
    assert "127.0.0.1:80" not in text
    assert re.search(r"client_header_timeout 5s;", text) and "proxy_pass http://searches;" in text


def test_both_instances_answer_through_nginx(stack):
    pids = set()
    for _ in range(20):
        status, headers, body = stack.get("/metrics")
        pids.add(int(float(re.search(r"^lexicon_worker_pid (\S+)", body.decode(), re.M).group(1))))
    served_by = [bool(pids & set(s.workers())) for s in stack.lookups]
    assert served_by == [True, True], (pids, [s.workers() for s in stack.lookups])
    status, headers, body = stack.get("/valid?word=hund")
    assert status == 200 and json.loads(body)["valid"] and headers["Server"] == "nginx"


def test_raw_utf8_through_nginx_is_answered_as_directly(stack):
    raw = b"GET /valid?word=\xc3\x96V\xc3\x84RLD HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    for port in (stack.port, stack.lookups[0].port):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(raw)
            reply = b""
            while chunk := s.recv(65536):
                reply += chunk
        assert reply.startswith(b"HTTP/1.1 200"), reply[:200]
        assert json.loads(reply.partition(b"\r\n\r\n")[2])["normalized"] == "ÖVÄRLD"


def test_a_trickling_client_is_nginxs_to_hold(stack):
    workers = [s.workers() for s in stack.instances]
    with socket.create_connection(("127.0.0.1", stack.port), timeout=20) as s:
        started = time.monotonic()
        try:
            for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                s.sendall(bytes([byte]))
                time.sleep(0.5)
                assert stack.get("/healthz")[0] == 200
        except (BrokenPipeError, ConnectionResetError):
            pass
        cut = time.monotonic() - started
    assert cut < 15  # client_header_timeout 5s, not the 50 s the client wanted
    assert [s.workers() for s in stack.instances] == workers


def test_a_new_version_is_served_by_both_instances(stack):
    stack.words.write_text("hund\nkatt\növärld\nbil\n", encoding="utf-8")
    version = build(stack.pipeline, stack.root).version
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        seen = {json.loads(s.get("/valid?word=bil")[2])["version"] for s in stack.lookups}
        if seen == {version}:
            break
        time.sleep(0.2)
    assert seen == {version}
    assert artifacts.current_version(stack.root, "sv-test-deploy") == version
    assert json.loads(stack.get("/valid?word=bil")[2])["valid"]


def test_searches_go_to_the_search_pools(stack):
    before = sum(_served(s) for s in stack.searches)
    for _ in range(6):
        assert stack.get("/anagram?rack=dnuh")[0] == 200
    deadline = time.monotonic() + 10
    while sum(_served(s) for s in stack.searches) < before + 6 and time.monotonic() < deadline:
        time.sleep(0.1)  # a worker writes its access line after the answer
    assert sum(_served(s) for s in stack.searches) == before + 6
    assert sum(_served(s) for s in stack.lookups) == 0


def _served(server) -> int:
    """Requests a pool has answered, from its access log (gunicorn writes one line per request)."""
    server.log.flush()
    return sum(" /anagram?" in line for line in server.log_path.read_text().splitlines())


def test_requests_go_on_when_an_instance_stops(stack):
    stack.lookups[1].stop()
    stack.searches[1].stop()
    statuses = [stack.get("/valid?word=hund")[0] for _ in range(20)]
    statuses += [stack.get("/anagram?rack=dnuh")[0] for _ in range(5)]
    assert statuses == [200] * 25
