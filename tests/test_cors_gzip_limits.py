"""CORS, compression and per-client rate limits over real HTTP (gunicorn with the repository's config)."""

import gzip
import json
import urllib.error
import urllib.request

import pytest

from .conftest import Server


def call(server, path: str, method: str = "GET", headers: dict | None = None, body: bytes | None = None):
    request = urllib.request.Request(server.url + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


GAME = "http://game.example"


def test_a_page_on_another_origin_may_get_valid(server):
    status, headers, _ = call(server, "/valid?word=hund", headers={"Origin": GAME})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in headers["Access-Control-Expose-Headers"]


def test_a_page_on_another_origin_may_post_a_batch_after_a_preflight(server):
    status, headers, _ = call(server, "/valid", "OPTIONS", {
        "Origin": GAME, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "content-type" in headers["Access-Control-Allow-Headers"].lower()
    status, headers, body = call(server, "/valid", "POST", {"Origin": GAME, "Content-Type": "application/json"},
                                 json.dumps({"words": ["hund"]}).encode())
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*" and json.loads(body)["results"]


def test_errors_carry_cors_headers_too(server):
    """A page must be able to read a problem+json, or it sees only a network error."""
    status, headers, body = call(server, "/valid", headers={"Origin": GAME})
    assert status == 400 and headers["Access-Control-Allow-Origin"] == "*"
    assert json.loads(body)["type"] == "/problems/bad-input"


@pytest.fixture(scope="module")
def restricted(betapet, artifacts_root):
    """Two allowed origins and a search rate limit. One worker: the limiter's default storage is the
    worker's memory, so with n workers a client may get up to n times the limit (docs/service.md)."""
    s = Server(artifacts_root, workers=1, env={"LEXICON_CORS_ORIGINS": f"{GAME}, https://other.example",
                                    "LEXICON_SEARCH_RATE_LIMIT": "3/minute"})
    yield s
    s.stop()


def test_allowed_origins_are_configurable(restricted):
    status, headers, _ = call(restricted, "/valid?word=hund", headers={"Origin": GAME})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == GAME and "Origin" in headers["Vary"]
    status, headers, _ = call(restricted, "/valid?word=hund", headers={"Origin": "http://evil.example"})
    assert status == 200 and "Access-Control-Allow-Origin" not in headers  # the browser withholds the answer


def test_the_word_list_is_compressed_for_clients_that_accept_gzip(server):
    _, plain_headers, plain = call(server, "/lexicons/sv-betapet/words")
    status, headers, packed = call(server, "/lexicons/sv-betapet/words", headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
    assert "Content-Encoding" not in plain_headers
    assert gzip.decompress(packed) == plain and len(plain) > 1_000_000
    assert len(packed) < len(plain) / 3


def test_small_answers_are_not_compressed(server):
    _, headers, _ = call(server, "/valid?word=hund", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers


def test_a_large_batch_answer_is_compressed(server):
    words = ["hund", "katt", "hundar", "övärld"] * 500
    status, headers, body = call(server, "/valid", "POST", {"Content-Type": "application/json",
                                                             "Accept-Encoding": "gzip"},
                                 json.dumps({"words": words}).encode())
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert len(json.loads(gzip.decompress(body))["results"]) == 2000


def test_searches_over_the_rate_limit_get_429_with_retry_after(restricted):
    statuses = [call(restricted, "/anagram?rack=dnuh")[0] for _ in range(3)]
    status, headers, body = call(restricted, "/anagram?rack=dnuh", headers={"Origin": GAME})
    assert statuses == [200, 200, 200] and status == 429
    assert headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["type"] == "/problems/too-many-requests"
    assert 0 < int(headers["Retry-After"]) <= 60
    assert headers["Access-Control-Allow-Origin"] == GAME  # a page can read why
    assert call(restricted, "/valid?word=hund")[0] == 200  # lookups are not limited


def test_no_rate_limit_unless_configured(server):
    assert {call(server, "/pattern?q=HUN%3F")[0] for _ in range(8)} == {200}
