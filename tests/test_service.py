"""The Flask app through its test client: every endpoint, its errors, caching, version swaps."""

import json
import shutil

import pytest

from lexicon import artifacts
from lexicon_service import create_app
from lexicon_service.openapi import document

from .conftest import answer_etag, word_list_pipeline


@pytest.fixture(scope="module")
def client(betapet, artifacts_root):
    return create_app({"ARTIFACTS": str(artifacts_root)}).test_client()


def get_json(client, url, status=200):
    r = client.get(url)
    assert r.status_code == status, r.get_data(as_text=True)
    return r.get_json()


def test_valid_word_answer(client, betapet):
    a = get_json(client, "/valid?word=ALLÉ&lexicon=sv-betapet")
    assert {k: a[k] for k in ("word", "normalized", "valid", "lexicon", "version")} == {
        "word": "ALLÉ", "normalized": "ALLE", "valid": True, "lexicon": "sv-betapet", "version": betapet.version}
    assert a["tiles"] == ["A", "L", "L", "E"] and a["points"] == [1, 2, 2, 1] and a["value"] == 6
    assert a["bag"] == {"formable": True, "blanks": 0, "short": {}}


def test_blank_only_letters_need_blanks(client):
    a = get_json(client, "/valid?word=watt")
    assert a["valid"] and a["bag"]["blanks"] == 1 and a["bag"]["short"] == {"W": 1}
    assert a["value"] == sum(a["points"]) - 0  # W has 0 points in Betapet: a blank is worth the same


@pytest.mark.parametrize("word, reason", [
    ("HUNDAR", "not-in-lexicon"), ("ABC-BOK", "non-letter"), ("a", "too-short"),
    ("abcdefghijklmnopqrstu", "too-long"), ("A[LL]E", "bad-notation"), ("", "empty"), (" ", "empty"),
    ("a" * 1000, "too-long"), ("hu\u200bnd", "non-letter"),
])
def test_invalid_words_say_why(client, word, reason):
    r = client.get("/valid", query_string={"word": word})
    a = r.get_json()
    assert r.status_code == 200 and a["valid"] is False and a["reason"] == reason
    if reason == "bad-notation":
        assert a["position"] == 1


def test_exclusion_is_reported(client):
    a = get_json(client, "/valid?word=abc-bok")
    assert a["excluded"]["reason"] == "hyphenated" and a["excluded"]["source"] == "saol14"


@pytest.mark.parametrize("url, status, kind", [
    ("/valid", 400, "bad-input"),
    ("/valid?word=hund&word=katt", 400, "bad-input"),
    ("/valid?word=hund&colour=red", 400, "bad-input"),
    ("/valid?word=hund&lexicon=../../etc", 404, "unknown-lexicon"),
    ("/valid?word=hund&lexicon=sv-betapet@..%2F..%2Fx", 404, "unknown-lexicon"),
    ("/valid?word=hund&lexicon=sv-nothing", 404, "unknown-lexicon"),
    ("/valid?word=hund&lexicon=sv-betapet@0123456789ab", 404, "unknown-lexicon"),
    ("/tiles?word=" + "a" * 1000, 414, "too-long"),  # GET /valid answers such a word: too-long, not valid
    ("/anagram?rack=abc&limit=100000000", 400, "bad-input"),
    ("/lexicons/sv-betapet/words?min_length=x", 400, "bad-input"),
    ("/no/such/path", 404, "not-found"),
])
def test_errors_are_problem_json(client, url, status, kind):
    r = client.get(url)
    assert r.status_code == status and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == f"/problems/{kind}" and body["status"] == status and body["detail"]


def test_batch_answers_in_order(client):
    words = ["hund", "HUNDAR", "allé", "abc-bok", "A[LL]E"]
    r = client.post("/valid", json={"lexicon": "sv-betapet", "words": words})
    results = r.get_json()["results"]
    assert [x["word"] for x in results] == words
    assert [x["valid"] for x in results] == [True, False, True, False, False]
    assert results[4]["reason"] == "bad-notation"
    assert "tiles" not in results[0]  # short answers unless asked for detail
    full = client.post("/valid", json={"words": words, "detail": True}).get_json()["results"]
    assert full[0] == get_json(client, "/valid?word=hund")
    assert full[4]["valid"] is False and full[4]["reason"] == "bad-notation"


@pytest.mark.parametrize("body, status", [
    ({"words": "hund"}, 400), ({"words": [1, 2]}, 400), ([], 400), ({"words": [], "x": 1}, 400),
    ({"words": ["a"] * 10_001}, 413), ({"lexicon": 7, "words": []}, 400),
])
def test_batch_bad_bodies(client, body, status):
    r = client.post("/valid", data=json.dumps(body), content_type="application/json")
    assert r.status_code == status and r.mimetype == "application/problem+json"


@pytest.mark.parametrize("detail", [False, True])
def test_every_word_of_a_batch_gets_its_own_answer(client, detail):
    """Text no one types as a word (too long, a control or invisible character, a flood of combining
    marks) is that word's answer in a batch, as it is a single lookup's; the other words answer as ever."""
    words = ["hund", "a" * 300, "h\u200dund", "e" + "\u0301" * 6, "katt"]
    r = client.post("/valid", json={"words": words, "detail": detail})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert [x["word"] for x in results] == words
    assert [(x["valid"], x["reason"]) for x in results] == [
        (True, None), (False, "too-long"), (False, "non-letter"), (False, "non-letter"), (True, None)]
    assert [x["detail"] for x in results[1:4]] == [
        "300 characters; a word has at most 256", "a control or invisible character (U+200D) at position 1",
        "more than 4 combining marks in a row at position 1"]
    assert all(x["normalized"] is None for x in results[1:4])
    if detail:
        assert results[2]["position"] == 1 and results[0]["tiles"] == ["H", "U", "N", "D"]
    # the single lookup answers such text the same way
    single = client.get("/valid?word=h%E2%80%8Dund")
    assert single.status_code == 200
    fields = ("valid", "reason", "detail")
    assert {k: single.get_json()[k] for k in fields} == {k: results[2][k] for k in fields}


@pytest.mark.parametrize("path", ["GET", "POST", "POST detail"])
def test_a_lone_surrogate_a_tile_list_escapes_is_named_not_a_failure(client, path):
    """`["\\ud800"]` is valid JSON text whose item is a lone surrogate, which UTF-8 cannot carry: the
    refusal names it (U+D800) instead of failing to write the answer."""
    word = '["\\ud800"]'
    if path == "GET":
        answer = client.get("/valid", query_string={"word": word})
    else:
        answer = client.post("/valid", json={"words": [word, "hund"], "detail": path.endswith("detail")})
    assert answer.status_code == 200, answer.data
    first = answer.get_json() if path == "GET" else answer.get_json()["results"][0]
    assert (first["valid"], first["reason"]) == (False, "bad-notation")
    assert first["detail"].startswith("item 0 ('U+D800') is not a tile of")


def test_batch_of_10000_words(client, betapet):
    words = list(betapet.export(limit=10_000))
    results = client.post("/valid", json={"words": words}).get_json()["results"]
    assert len(results) == 10_000 and all(x["valid"] for x in results)


def test_oversized_body_is_413(client):
    r = client.post("/valid", data=b"[" + b'"a",' * 2_000_000 + b'"a"]', content_type="application/json")
    assert r.status_code == 413 and r.mimetype == "application/problem+json"


def test_pinned_answers_are_kept_a_day_and_revalidate_against_the_answer_format(client, betapet):
    """A pinned version's answers can still change with a deploy (a new ANSWER_FORMAT): cached a day, never
    `immutable`, and their ETag names the format, so revalidating after a deploy gets the new answer."""
    r = client.get(f"/valid?word=hund&lexicon=sv-betapet@{betapet.version}")
    assert r.headers["Cache-Control"] == "public, max-age=86400"
    assert answer_etag(betapet.version).fullmatch(r.headers["ETag"]), r.headers["ETag"]
    again = client.get(f"/valid?word=hund&lexicon=sv-betapet@{betapet.version}",
                       headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    other = client.get(f"/valid?word=katt&lexicon=sv-betapet@{betapet.version}",
                       headers={"If-None-Match": r.headers["ETag"]})
    assert other.status_code == 200 and other.headers["ETag"] != r.headers["ETag"]
    unpinned = client.get("/valid?word=hund")
    assert "no-cache" in unpinned.headers["Cache-Control"]
    assert unpinned.headers["X-Lexicon-Version"] == f"sv-betapet@{betapet.version}"
    assert answer_etag(betapet.version).fullmatch(unpinned.headers["ETag"])


def test_every_judged_answer_names_the_answer_format_in_its_etag(client, betapet):
    pinned = f"sv-betapet@{betapet.version}"
    answers = {url: client.get(url) for url in (f"/tiles?word=hund&lexicon={pinned}",
                                                  f"/anagram?rack=DNUH&lexicon={pinned}",
                                                  f"/pattern?q=HU?D&lexicon={pinned}",
                                                  f"/hooks?word=HUND&lexicon={pinned}")}
    board = ["." * 15] * 15
    answers["POST /play"] = client.post("/play", json={"game": "sv-betapet", "board": board,
                                                       "move": {"word": "HUND", "start": "H8"}})
    answers["POST /valid"] = client.post("/valid", json={"lexicon": pinned, "words": ["hund"]})
    for what, r in answers.items():
        assert r.status_code == 200, (what, r.get_data(as_text=True))
        assert answer_etag(betapet.version).fullmatch(r.headers["ETag"]), (what, r.headers["ETag"])
        assert "immutable" not in r.headers["Cache-Control"], what
    summary = client.get(f"/lexicons/{pinned}")  # its list of versions grows with publishing
    assert summary.headers["Cache-Control"] == "public, no-cache"


def test_lexicons_and_words(client, betapet):
    listing = get_json(client, "/lexicons")
    assert any(x["name"] == "sv-betapet" and x["words"] == len(betapet) for x in listing["lexicons"])
    detail = get_json(client, "/lexicons/sv-betapet")
    assert detail["version"] == betapet.version and detail["counts"]["dropped"]["multiword"] == 2432
    text = client.get("/lexicons/sv-betapet/words?max_length=2").get_data(as_text=True).split()
    assert text == list(betapet.export(max_length=2))
    j = client.get("/lexicons/sv-betapet/words?format=json&field=display&prefix=allé&limit=3").get_json()
    assert j == ["allé", "allegat", "allegori"]


def test_tiles_endpoint(client):
    a = get_json(client, "/tiles?word=hund")
    assert a["valid"] and a["tilings"][0]["tiles"] == ["H", "U", "N", "D"] and a["tilings"][0]["valid"]


def test_health_ready_metrics(client):
    assert get_json(client, "/healthz") == {"status": "ok"}
    assert get_json(client, "/readyz")["ready"] is True
    client.get("/valid?word=hund")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'lexicon_http_requests_total{endpoint="valid",status="2xx"}' in text
    assert 'lexicon_loaded{name="sv-betapet"' in text and "lexicon_lookups_total" in text
    assert 'lexicon_http_request_seconds_bucket{endpoint="valid",le="+Inf"}' in text


def test_every_view_is_counted_by_its_own_name(client):
    """/metrics counts requests by view; a view left out of the names is counted as `other`, unseen."""
    from lexicon_service.metrics import ENDPOINTS

    views = {rule.endpoint.rpartition(".")[2] for rule in client.application.url_map.iter_rules()}
    assert views <= set(ENDPOINTS), views - set(ENDPOINTS)


def test_every_route_is_in_the_openapi_document(client):
    doc = client.get("/openapi.json").get_json()
    assert doc == json.loads(json.dumps(document()))
    routes = {r.rule.replace("<", "{").replace(">", "}") for r in client.application.url_map.iter_rules()
              if not r.rule.startswith("/static")}
    assert routes <= set(doc["paths"]), routes - set(doc["paths"])


def test_the_page(client):
    r = client.get("/")
    assert r.status_code == 200 and b'id="word"' in r.data and b"sv-betapet" in r.data


def test_switches_to_a_new_version_and_refuses_a_bad_one(tmp_path):
    root = tmp_path / "art"
    path, words = word_list_pipeline(tmp_path, "sv-test-swap", "hund\nkatt\n")
    from lexicon_pipelines import build

    first = build(path, root)
    app = create_app({"ARTIFACTS": str(root), "DEFAULT_LEXICON": "sv-test-swap"})
    app.extensions["lexicon.registry"].poll = 0
    client = app.test_client()
    assert get_json(client, "/valid?word=ko")["valid"] is False

    words.write_text("hund\nkatt\nko\n", encoding="utf-8")
    second = build(path, root)
    a = get_json(client, "/valid?word=ko")
    assert a["valid"] and a["version"] == second.version

    # A third version whose database does not match its manifest: never served.
    bad = root / "sv-test-swap" / "0123456789ab"
    shutil.copytree(root / "sv-test-swap" / second.version, bad)
    with (bad / "lexicon.sqlite").open("r+b") as fh:
        fh.seek(100)
        fh.write(b"\xff")
    artifacts.set_current(root, "sv-test-swap", "0123456789ab")
    a = get_json(client, "/valid?word=ko")
    assert a["valid"] and a["version"] == second.version
    ready = client.get("/readyz").get_json()
    assert "0123456789ab" in ready["lexicons"]["sv-test-swap"]["failed"]
    # A process started now (a replaced worker) serves the newest good version, not nothing.
    fresh = create_app({"ARTIFACTS": str(root), "DEFAULT_LEXICON": "sv-test-swap"}).test_client()
    assert get_json(fresh, "/valid?word=ko")["version"] == second.version
    # The pinned old version is still served, verified.
    assert get_json(client, f"/valid?word=ko&lexicon=sv-test-swap@{first.version}")["valid"] is False
    assert client.get("/valid?word=ko&lexicon=sv-test-swap@0123456789ab").status_code == 503


def test_the_batch_shortcuts_miss_no_refused_character():
    """any_refused and refusal skip their regexes for printable text and for Latin-1 text: sound only if every
    refused character is unprintable and every combining mark lies above U+00FF."""
    from lexicon.text import _FLOOD_RE, _REFUSED_RE

    for code in range(0x110000):
        ch = chr(code)
        if _REFUSED_RE.match(ch):
            assert not ch.isprintable(), f"U+{code:04X}"
        if _FLOOD_RE.match(ch * 5):
            assert code > 0xFF, f"U+{code:04X}"


def test_a_batch_answer_has_a_stable_etag_and_is_never_304(client, betapet):
    body = {"lexicon": f"sv-betapet@{betapet.version}", "words": ["hund", "xqz"]}
    first = client.post("/valid", json=body)
    second = client.post("/valid", json=body, headers={"If-None-Match": first.headers["ETag"]})
    other = client.post("/valid", json={**body, "words": ["katt"]})
    assert first.headers["ETag"] == second.headers["ETag"] != other.headers["ETag"]
    assert second.status_code == 200 and second.data == first.data
    assert first.headers["Cache-Control"] == "public, max-age=86400"
    assert answer_etag(betapet.version).fullmatch(first.headers["ETag"]), first.headers["ETag"]


def test_the_memos_live_on_the_app_sized_by_its_config(betapet, artifacts_root):
    """create_app's mapping sizes the answer memo and the play answers, and two apps share neither."""
    small = create_app({"ARTIFACTS": str(artifacts_root), "ANSWER_CACHE": 2, "PLAY_CACHE": 0})
    other = create_app({"ARTIFACTS": str(artifacts_root)})
    for word in ("hund", "katt", "hus", "hund"):
        assert small.test_client().get(f"/valid?word={word}").status_code == 200
    memo = small.extensions["lexicon.answers"](small.extensions["lexicon.registry"].get("sv-betapet"))
    info = memo.full.cache_info()
    assert (info.maxsize, info.currsize, info.hits, info.misses) == (2, 2, 0, 4)  # HUND was pushed out
    untouched = other.extensions["lexicon.answers"](other.extensions["lexicon.registry"].get("sv-betapet"))
    assert untouched.full.cache_info().currsize == 0 and untouched is not memo
    play = {"game": "sv-betapet", "board": ["." * 15] * 15, "move": {"word": "HUND", "start": "H8"}}
    for _ in range(2):
        assert small.test_client().post("/play", json=play).status_code == 200
    kept = small.extensions["lexicon.play_answers"]
    assert (kept.size, kept.hits) == (0, 0) and other.extensions["lexicon.play_answers"].size == 4096


def test_settings_that_cannot_be_read_are_refused_by_name(artifacts_root):
    from lexicon_service import settings

    with pytest.raises(ValueError, match=r"\$LEXICON_PLAY_CACHE='lots': must be a whole number, 0 or more"):
        settings.app({"LEXICON_PLAY_CACHE": "lots"})
    with pytest.raises(ValueError, match=r"\$LEXICON_WORKERS='-2': must be a whole number"):
        settings.server({"LEXICON_WORKERS": "-2"})
    with pytest.raises(ValueError, match="ANSWER_CACHE must be a whole number of entries, 0 or more, not -1"):
        create_app({"ARTIFACTS": str(artifacts_root), "ANSWER_CACHE": -1})
    assert settings.app({"LEXICON_NAMES": " sv-betapet, ,hu-betutorony"})["LEXICONS"] == ["sv-betapet", "hu-betutorony"]
    with pytest.raises(ValueError, match=r"\$LEXICON_FAST_VALID is read no more: set \$LEXICON_FAST_PATH instead"):
        settings.app({"LEXICON_FAST_VALID": "0"})  # a retired name is not silently ignored
