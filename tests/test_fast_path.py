"""GET /valid and POST /moves before Flask (service/fast_path.py): every answer it writes is the one Flask
writes, byte for byte and header for header, every request it does not cover reaches Flask, and none is
worked out twice."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from lexicon_service import create_app
from lexicon_service import moves as fast_path_moves
from support.http import exchange

PLAIN = ["word=hus", "word=HUS", "word=%C3%96V%C3%84RLD", "word=", "word", "word=a+b", "word=hus%20x",
         "lexicon=sv-betapet&word=all%C3%A9", "word=H%C3%81[Z][S]OR", "word=[", "word=hus;lexicon=x", "word=xqzzy",
         "word=" + "a" * 300, "word=%E2%80%8B", "word=ab%00c"]  # the last three: text no one types, answered
# Flask's to answer: a refusal of the request, an unknown lexicon, no word.
REFUSED = ["word=hus&word=x", "word=hus&x=1", "x=1", "", "word=%zz", "word=%FF", "word=hus&lexicon=nope",
           "lexicon=sv-betapet"]
HEADERS = [{}, {"Accept-Encoding": "gzip, br"}, {"Origin": "http://game.example"}]


def _apps(root, **config):
    settings = {"ARTIFACTS": str(root), "DEFAULT_LEXICON": "sv-betapet", **config}
    fast, flask_only = create_app(settings), create_app(settings | {"FAST_PATH": False})
    reached = []
    inner = fast.wsgi_app.wsgi_app

    def counted(environ, start_response):  # what reaches Flask behind the fast path
        reached.append(environ.get("QUERY_STRING", ""))
        return inner(environ, start_response)

    fast.wsgi_app.wsgi_app = counted
    return fast.test_client(), flask_only.test_client(), reached


def _same(a, b) -> None:
    def seen(r):
        data = r.get_data()
        if data[:2] == b"\x1f\x8b":  # gzip's header holds the second it was written: two answers may straddle one
            data = data[:4] + bytes(4) + data[8:]
        return r.status_code, [(k, v) for k, v in r.headers.items() if k != "Date"], data
    assert seen(a) == seen(b)


@pytest.fixture(scope="module")
def apps(betapet, artifacts_root):
    return _apps(artifacts_root)


def test_plain_answers_are_flasks_own_and_never_reach_flask(apps):
    fast, flask_only, reached = apps
    for query in PLAIN:
        for headers in HEADERS:
            before = len(reached)
            a, b = fast.get(f"/valid?{query}", headers=headers), flask_only.get(f"/valid?{query}", headers=headers)
            assert a.status_code == 200, query
            _same(a, b)
            assert len(reached) == before, f"{query!r} reached Flask"


def test_refusals_are_flasks_problems(apps):
    fast, flask_only, reached = apps
    for query in REFUSED:
        before = len(reached)
        a, b = fast.get(f"/valid?{query}"), flask_only.get(f"/valid?{query}")
        assert a.status_code >= 400, query
        _same(a, b)
        assert len(reached) == before + 1, f"{query!r} did not reach Flask"


def test_raw_utf8_in_the_target_reads_as_its_percent_encoding(apps):
    """A client that sends ÖVÄRLD unencoded: WSGI hands the bytes on as Latin-1, as Werkzeug reads them."""
    fast, flask_only, reached = apps
    raw = "word=" + "ÖVÄRLD".encode().decode("latin-1")
    before = len(reached)
    a = fast.get("/valid", environ_overrides={"QUERY_STRING": raw})
    b = flask_only.get("/valid", environ_overrides={"QUERY_STRING": raw})
    _same(a, b)
    assert a.get_json()["normalized"] == "ÖVÄRLD" and len(reached) == before
    _same(a, fast.get("/valid?word=%C3%96V%C3%84RLD"))


def test_what_flask_does_more_goes_to_flask(apps, betapet):
    """A conditional request (304), HEAD, a pinned version (cached a day), another path or method."""
    fast, flask_only, reached = apps
    pinned = f"/valid?word=hund&lexicon=sv-betapet@{betapet.version}"
    a = fast.get(pinned)
    _same(a, flask_only.get(pinned))
    assert a.headers["Cache-Control"] == "public, max-age=86400"
    before = len(reached)
    for call in (lambda c: c.get(pinned, headers={"If-None-Match": a.headers["ETag"]}),
                 lambda c: c.head("/valid?word=hund"), lambda c: c.get("/valid/?word=hund"),
                 lambda c: c.post("/valid?word=hund", json={"words": ["hund"]}), lambda c: c.get("/healthz")):
        _same(call(fast), call(flask_only))
    assert len(reached) == before + 5
    assert fast.get(pinned, headers={"If-None-Match": a.headers["ETag"]}).status_code == 304


def test_a_pinned_default_is_pinned_on_both_paths(betapet, artifacts_root):
    fast, flask_only, reached = _apps(artifacts_root, DEFAULT_LEXICON=f"sv-betapet@{betapet.version}")
    a = fast.get("/valid?word=hund")
    _same(a, flask_only.get("/valid?word=hund"))
    assert a.headers["Cache-Control"] == "public, max-age=86400" and reached == []


def test_an_answer_to_compress_is_compressed_as_flask_compress_does(betapet, artifacts_root):
    """Each encoding flask-compress offers, a preference by quality, one it does not offer, identity: the same bytes
    and headers as flask-compress writes, the ETag's encoding included, without reaching Flask."""
    fast, flask_only, reached = _apps(artifacts_root, COMPRESS_MIN_SIZE=100)
    for accepted, encoding in (("gzip", "gzip"), ("br, gzip", "br"), ("zstd", "zstd"),
                               ("deflate", "deflate"), ("gzip;q=0.5, br;q=0.9", "br"), ("compress", None),
                               ("identity", None), ("*", "zstd")):
        headers = {"Accept-Encoding": accepted}
        a = fast.get("/valid?word=hus", headers=headers)
        _same(a, flask_only.get("/valid?word=hus", headers=headers))
        assert a.headers.get("Content-Encoding") == encoding, accepted
    assert reached == []
    _same(fast.get("/valid?word=hus"), flask_only.get("/valid?word=hus"))


@pytest.mark.parametrize("accepted", [
    "gzip, br", "br, gzip", "GZIP", "gzip;q=0.5, zstd;q=0.5", "deflate;q=0.9, gzip;q=0.9, br;q=0.1", " br ; q=1 ",
    "identity, gzip", "identity;q=1, gzip;q=0.5", "gzip;q=0.5, identity", "*;q=0.5", "*;q=0, gzip", "*, identity",
    "compress, *", "x-gzip", "gzip;q=abc", "gzip;level=1", "", ",", "gzip;q=0", "br;q=0, gzip", "identity;q=0",
])
def test_every_accept_encoding_is_answered_as_flask_compress_answers_it(betapet, artifacts_root, accepted):
    """The fast path's choice of encoding (service/encodings.py) against flask-compress's, header by header: the
    same bytes and headers; only a header that refuses an encoding with q=0 is left to Flask."""
    fast, flask_only, reached = _apps(artifacts_root, COMPRESS_MIN_SIZE=100)
    headers = {"Accept-Encoding": accepted}
    _same(fast.get("/valid?word=hus", headers=headers), flask_only.get("/valid?word=hus", headers=headers))
    refuses = any(part.split("=", 1)[-1].strip() == "0" and not part.strip().startswith("*")
                  for part in accepted.split(",") if ";" in part)
    assert reached == (["word=hus"] if refuses else [])


def test_with_compression_left_to_a_cache_flask_compresses(betapet, artifacts_root):
    from flask_compress.flask_compress import DictCache

    fast, flask_only, reached = _apps(artifacts_root, COMPRESS_MIN_SIZE=100, COMPRESS_CACHE_BACKEND=DictCache)
    gzip = {"Accept-Encoding": "gzip"}
    _same(fast.get("/valid?word=hus", headers=gzip), flask_only.get("/valid?word=hus", headers=gzip))
    assert reached == ["word=hus"]


def test_with_origins_restricted_flask_answers_everything(betapet, artifacts_root):
    fast, flask_only, reached = _apps(artifacts_root, CORS_ORIGINS="http://game.example")
    for headers in HEADERS:
        _same(fast.get("/valid?word=hus", headers=headers), flask_only.get("/valid?word=hus", headers=headers))
    assert len(reached) == len(HEADERS)


# Pieces of a query string a hostile or careless client sends: the names the view takes and others, and
# values of letters, escapes good and bad, raw UTF-8, notation, invisible and control characters.
_NAMES = st.sampled_from([b"word"] * 6 + [b"lexicon"] * 2 + [b"Word", b"x", b"", b"word%20"])
_LETTERS = [b"hus", b"HUND", b"a", b"%C3%96", b"\xc3\x96", b"%C3%A9", b"e%CC%81", b"+", b"%20", b"[SZ]", b"sv-betapet"]
_HOSTILE = [b"\xc3", b"%FF", b"%zz", b"%", b"[", b"]", b"%5B", b";", b"=", b"%E2%80%8B", b"%00", b"%0A", b"\t",
            b"sv-betapet@", b"@", b"x" * 40, b"\xe2\x80\x8b"]
_PIECES = st.sampled_from(_LETTERS * 4 + _HOSTILE)
_PAIR = st.tuples(_NAMES, st.lists(_PIECES, max_size=6).map(b"".join), st.booleans())
_WORD = st.tuples(st.just(b"word"), st.lists(_PIECES, min_size=1, max_size=4).map(b"".join), st.just(True))
_LEXICON = st.tuples(st.just(b"lexicon"), st.sampled_from([b"sv-betapet"] * 3 + [b"sv-betapet@", b"nope", b"%FF"]),
                     st.just(True))
# A word (a third of the time another pair) and up to two more, in any order.
_QUERY = st.tuples(st.one_of(_WORD, _WORD, _PAIR), st.lists(st.one_of(_LEXICON, _LEXICON, _PAIR), max_size=2)).flatmap(
    lambda drawn: st.permutations([drawn[0], *drawn[1]])).map(
    lambda pairs: b"&".join(n + (b"=" + v if eq else b"") for n, v, eq in pairs))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_QUERY, accept=st.sampled_from([None, "gzip", "br, gzip"]))
def test_any_query_gets_flasks_answer(apps, query, accept):
    """Whatever the query string, the answer with the fast path is the answer without it."""
    fast, flask_only, _ = apps
    environ = {"QUERY_STRING": query.decode("latin-1")}  # as WSGI hands the target's bytes on
    headers = {"Accept-Encoding": accept} if accept else {}
    answer = fast.get("/valid", environ_overrides=environ, headers=headers)
    event(f"status {answer.status_code}")  # --hypothesis-show-statistics: plain answers and refusals both drawn
    _same(answer, flask_only.get("/valid", environ_overrides=environ, headers=headers))


def _counts(client) -> dict[str, float]:
    text = client.get("/metrics").get_data(as_text=True)
    wanted = re.compile(r'^(lexicon_lookups(_valid)?_total|lexicon_answer_cache_(hits|misses)_total|'
                        r'lexicon_http_requests_total\{endpoint="valid"[^}]*\}|'
                        r'lexicon_http_request_seconds_count\{endpoint="valid"\}) (?P<value>\S+)$')
    return {m[1]: float(m["value"]) for m in map(wanted.match, text.splitlines()) if m}


def test_metrics_count_the_same(betapet, artifacts_root):
    """Lookups, valid words, the memo's hits and misses and the requests by status, as Flask's view and
    hooks count them."""
    fast, flask_only, _ = _apps(artifacts_root)
    for query in PLAIN + PLAIN + REFUSED:
        fast.get(f"/valid?{query}")
        flask_only.get(f"/valid?{query}")
    counted = _counts(fast)
    assert counted == _counts(flask_only)
    assert counted["lexicon_lookups_total"] == 2 * len(PLAIN)
    assert counted["lexicon_answer_cache_hits_total"] >= len(PLAIN)


def test_over_http_the_served_answer_is_flasks(server, betapet, artifacts_root):
    """Through nginx and gunicorn as deployed: the fast path's answers, encoded and raw UTF-8 targets."""
    flask_only = create_app({"ARTIFACTS": str(artifacts_root), "FAST_PATH": False}).test_client()
    kept = ("Content-Type", "X-Lexicon-Version", "ETag", "Cache-Control", "Access-Control-Allow-Origin",
            "Access-Control-Expose-Headers", "Vary")
    for target, query in (("/valid?word=%C3%96V%C3%84RLD&lexicon=sv-betapet", "word=%C3%96V%C3%84RLD"),
                          ("/valid?word=hund&lexicon=sv-betapet", "word=hund"),
                          ("/valid?word=xqzzy&lexicon=sv-betapet", "word=xqzzy")):
        status, headers, body = server.get(target)
        b = flask_only.get(f"/valid?{query}&lexicon=sv-betapet")
        assert (status, body) == (b.status_code, b.get_data())
        assert {k: headers.get(k) for k in kept} == {k: b.headers.get(k) for k in kept}
    raw = "GET /valid?word=ÖVÄRLD&lexicon=sv-betapet HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    status, content_type, body = exchange(server, raw.encode())
    b = flask_only.get("/valid?word=%C3%96V%C3%84RLD&lexicon=sv-betapet")
    assert (status, content_type, body) == (200, "application/json", b.get_data())
    for moves in MOVES:  # POST /moves through the search pool
        raw = json.dumps(moves).encode()
        status, headers, body = server.post("/moves", raw)
        b = _post(flask_only, raw)
        assert (status, body) == (b.status_code, b.get_data())
        assert {k: headers.get(k) for k in kept} == {k: b.headers.get(k) for k in kept}


# ---------------------------------------------------------------------------------- POST /moves

WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7
MOVES = [{"game": "sv-betapet", "board": WITH_HUND, "rack": "ARSTE?K", "limit": 10},
         {"game": "sv-betapet", "board": ["." * 15] * 15, "rack": "HUND", "limit": 3},
         {"game": "sv-betapet", "lexicon": "sv-betapet", "board": WITH_HUND, "rack": "EJ", "limit": 5},
         {"game": "sv-betapet", "board": WITH_HUND, "rack": "ARSTE?K", "limit": 0, "phonies": True}]
# Refusals: each the view's problem document, whether found before or after the lexicon is looked up.
MOVES_REFUSED = [b"{", b"[]", b'{"game": "sv-betapet"}', json.dumps(MOVES[0] | {"rack": "!"}).encode(),
                 json.dumps(MOVES[0] | {"lexicon": "nope"}).encode(),
                 json.dumps({"game": "hu-betutorony", "board": ["." * 10] * 10, "lexicon": "sv-betapet",
                             "rack": "ABC"}).encode()]


@pytest.fixture()
def worked(monkeypatch):
    """The bodies POST /moves was worked out for, on either path."""
    seen = []
    real = fast_path_moves.moves_json

    def counted(body, *args, **kwargs):
        seen.append(body)
        return real(body, *args, **kwargs)

    monkeypatch.setattr(fast_path_moves, "moves_json", counted)
    return seen


def _post(client, body: bytes, headers=None, **kwargs):
    return client.post("/moves", data=body, content_type="application/json", headers=headers or {}, **kwargs)


def test_plain_best_plays_are_flasks_own_and_never_reach_flask(apps, worked):
    fast, flask_only, reached = apps
    for body in map(json.dumps, MOVES):
        for headers in ({}, {"Origin": "http://game.example"}):
            before, computed = len(reached), len(worked)
            a = _post(fast, body.encode(), headers)
            assert a.status_code == 200 and a.get_json()["plays"] is not None, body
            _same(a, _post(flask_only, body.encode(), headers))
            assert len(reached) == before and len(worked) == computed + 2, body  # once each app


def test_a_refused_body_is_flasks_problem_worked_out_once(apps, worked):
    fast, flask_only, reached = apps
    for body in MOVES_REFUSED:
        before = len(reached)
        a = _post(fast, body)
        assert a.status_code >= 400 and a.mimetype == "application/problem+json", body
        _same(a, _post(flask_only, body))
        assert len(reached) == before + 1, body
    # every body is worked out once by each app (the core reads the JSON too): the view raises the fast path's
    # refusal again
    assert len(worked) == 2 * len(MOVES_REFUSED)


def test_a_best_plays_answer_is_compressed_as_flask_compress_does(apps, worked):
    """What browsers and HTTP libraries send (Accept-Encoding, nearly always): the fast path's to answer too."""
    fast, flask_only, reached = apps
    body, before = json.dumps(MOVES[0]).encode(), len(reached)
    for accepted, encoding in (("gzip, deflate", "gzip"), ("gzip, deflate, br", "br"), ("br, gzip", "br"),
                               ("zstd", "zstd"), ("identity", None)):
        headers = {"Accept-Encoding": accepted}
        a, b = _post(fast, body, headers), _post(flask_only, body, headers)
        _same(a, b)
        assert a.headers.get("Content-Encoding") == encoding, accepted
    assert len(reached) == before and len(worked) == 10


def test_with_compression_left_to_a_cache_a_best_plays_answer_is_worked_out_once(betapet, artifacts_root, worked):
    from flask_compress.flask_compress import DictCache

    fast, flask_only, reached = _apps(artifacts_root, COMPRESS_CACHE_BACKEND=DictCache)
    body, gzip = json.dumps(MOVES[0]).encode(), {"Accept-Encoding": "gzip"}
    _same(_post(fast, body, gzip), _post(flask_only, body, gzip))
    assert len(reached) == 1 and len(worked) == 2  # once each app: the view wrote the fast path's answer


def test_a_fault_is_flasks_problem_worked_out_once(apps, monkeypatch):
    """A fault, not a refusal (a file gone, a bug): Flask's 500 problem document, counted, not a bare 500."""
    fast, flask_only, reached = apps
    calls = []

    def failing(*args, **kwargs):
        calls.append(1)
        raise OSError("the word graph went away")

    monkeypatch.setattr(fast_path_moves, "moves_json", failing)
    body, before = json.dumps(MOVES[1]).encode(), len(reached)
    a, b = _post(fast, body), _post(flask_only, body)
    assert a.status_code == 500 and a.mimetype == "application/problem+json"
    _same(a, b)
    assert len(calls) == 2 and len(reached) == before + 1


def test_latency_counts_from_the_fast_paths_start(betapet, artifacts_root, monkeypatch):
    """A request the fast path works out and hands to Flask is timed from when it arrived."""
    import time

    fast, _, reached = _apps(artifacts_root)
    real = fast_path_moves.moves_json

    def slow(body, *args, **kwargs):
        time.sleep(0.2)
        return real(body, *args, **kwargs)

    monkeypatch.setattr(fast_path_moves, "moves_json", slow)
    _post(fast, json.dumps(MOVES[0] | {"rack": "!"}).encode())  # refused after the search began
    text = fast.get("/metrics").get_data(as_text=True)
    spent = float(re.search(r'^lexicon_http_request_seconds_sum\{endpoint="best_moves"\} (\S+)$', text, re.M)[1])
    assert reached and spent >= 0.2


def test_what_flask_does_more_for_moves_goes_to_flask(apps, worked):
    """A query string (the view takes no parameter), another media type, another method, a conditional request,
    a body shorter than it says, one larger than the service takes."""
    fast, flask_only, reached = apps
    body = json.dumps(MOVES[1]).encode()
    calls = [lambda c: c.post("/moves?limit=3", data=body, content_type="application/json"),
             lambda c: c.post("/moves", data=body, content_type="text/plain"),
             lambda c: c.post("/moves", data=body),
             lambda c: c.get("/moves"),
             lambda c: _post(c, body, {"If-None-Match": '"x"'}),
             lambda c: _post(c, body, environ_overrides={"CONTENT_LENGTH": str(len(body) + 5)}),
             lambda c: _post(c, b" " * (5 * 1024 * 1024)),
             lambda c: c.post("/moves", data=body, content_type="application/json\xa0"),
             lambda c: c.post("/moves", data=body, headers={"Content-Type": "text/plain; x=application/json"})]
    for call in calls:
        before = len(reached)
        _same(call(fast), call(flask_only))
        assert len(reached) == before + 1
    assert _post(fast, body, {"If-None-Match": '"x"'}).status_code == 200


def test_moves_with_origins_restricted_go_to_flask(betapet, artifacts_root):
    fast, flask_only, reached = _apps(artifacts_root, CORS_ORIGINS="http://game.example")
    body = json.dumps(MOVES[1]).encode()
    for headers in HEADERS:
        _same(_post(fast, body, headers), _post(flask_only, body, headers))
    assert len(reached) == len(HEADERS)


def test_moves_metrics_count_the_same(betapet, artifacts_root):
    fast, flask_only, _ = _apps(artifacts_root)
    for body in [json.dumps(m).encode() for m in MOVES] + MOVES_REFUSED:
        _post(fast, body)
        _post(flask_only, body)
    wanted = re.compile(r'^lexicon_http_request(s_total|_seconds_count)\{endpoint="best_moves"[^}]*\} (\S+)$')

    def counted(client):
        text = client.get("/metrics").get_data(as_text=True)
        return {m[0].rpartition(" ")[0]: float(m[2]) for m in map(wanted.match, text.splitlines()) if m}

    assert counted(fast) == counted(flask_only) and sum(counted(fast).values()) > 0
