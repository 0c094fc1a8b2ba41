"""The service through real HTTP, under gunicorn started by the tests with the repository's config."""

import json
import threading
import time

from lexicon import artifacts
from lexicon_pipelines import build

from .conftest import Server, answer_etag, word_list_pipeline


def test_valid_over_http(server, betapet):
    status, headers, body = server.get("/valid?word=PIET%C3%80&lexicon=sv-betapet")
    a = json.loads(body)
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert (a["normalized"], a["valid"], a["version"]) == ("PIETA", True, betapet.version)


def test_answers_over_http_carry_the_answer_format_in_their_etag_and_the_bundle_stays_immutable(server, betapet):
    """Through nginx's stand-in and gunicorn as deployed: a pinned answer is a day's, its ETag names the
    answer format; the pinned bundle, bytes of the version whatever code serves it, is immutable."""
    pinned = f"sv-betapet@{betapet.version}"
    status, headers, _ = server.get(f"/valid?word=hund&lexicon={pinned}")
    assert status == 200 and headers["Cache-Control"] == "public, max-age=86400"
    assert answer_etag(betapet.version).fullmatch(headers["ETag"]), headers["ETag"]
    status, again, _ = server.get(f"/valid?word=hund&lexicon={pinned}", {"If-None-Match": headers["ETag"]})
    assert status == 304 and again["ETag"] == headers["ETag"]
    status, headers, _ = server.post("/valid", json.dumps({"lexicon": pinned, "words": ["hund", "xqz"]}).encode())
    assert status == 200 and answer_etag(betapet.version).fullmatch(headers["ETag"]), headers["ETag"]
    status, headers, _ = server.get(f"/lexicons/{pinned}/bundle", {"Range": "bytes=0-15"})
    assert status == 206 and headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_invalid_utf8_and_bad_percent_encoding_are_answers_not_crashes(server):
    for query in ("word=%FF%FE", "word=%E4%", "word=%00", "word=%C3"):
        status, headers, body = server.get(f"/valid?{query}")
        assert status in (200, 400), (query, status)
        if status == 200:
            assert json.loads(body)["valid"] is False


def test_batch_over_http(server):
    status, _, body = server.post("/valid", json.dumps({"words": ["hund", "katt", "hundar"]}).encode())
    assert status == 200 and [r["valid"] for r in json.loads(body)["results"]] == [True, True, False]


def test_metrics_add_up_across_workers(server):
    before = _count(server.get("/metrics")[2])
    pids = set()
    for _ in range(40):
        assert server.get("/valid?word=hund", {"Connection": "close"})[0] == 200
        pids.add(_scalar(server.get("/metrics", {"Connection": "close"})[2], "lexicon_worker_pid"))
    after = _count(server.get("/metrics")[2])
    assert len(pids) == 2  # both workers answered scrapes…
    assert after - before == 40  # …and each scrape counted every worker's requests


def test_counts_of_a_killed_worker_stay_in_the_totals(betapet, artifacts_root):
    import os
    import signal

    s = Server(artifacts_root)
    try:
        for _ in range(30):
            s.get("/valid?word=hund", {"Connection": "close"})
        before = _count(s.get("/metrics")[2])
        os.kill(s.workers()[0], signal.SIGKILL)
        time.sleep(1)
        s.wait_ready()
        assert _count(s.get("/metrics")[2]) == before == 30
    finally:
        s.stop()


def _count(text: bytes) -> int:
    for line in text.decode().splitlines():
        if line.startswith('lexicon_http_requests_total{endpoint="valid",status="2xx"}'):
            return int(float(line.split()[-1]))
    return 0


def _scalar(text: bytes, name: str) -> float:
    return next(float(line.split()[-1]) for line in text.decode().splitlines() if line.startswith(name + " "))


def test_publishing_while_serving_drops_no_request(tmp_path):
    """Clients keep asking while two new versions and one corrupt version are published."""
    root = tmp_path / "art"
    path, words = word_list_pipeline(tmp_path, "sv-test-live", "hund\nkatt\n")
    build(path, root)
    server = Server(root)
    failures, answers, stop = [], [], threading.Event()

    def client():
        while not stop.is_set():
            status, _, body = server.get("/valid?word=hund&lexicon=sv-test-live")
            if status != 200 or not json.loads(body)["valid"]:
                failures.append((status, body))
            answers.append(json.loads(body)["version"] if status == 200 else None)

    threads = [threading.Thread(target=client) for _ in range(4)]
    for t in threads:
        t.start()
    try:
        versions = []
        for extra in ("ko", "ko\nbil"):
            time.sleep(1)
            words.write_text("hund\nkatt\n" + extra + "\n", encoding="utf-8")
            versions.append(build(path, root).version)
        time.sleep(2.5)
        # A corrupt version made current: the service must keep the last good one.
        bad = root / "sv-test-live" / "0123456789ab"
        bad.mkdir()
        for f in (root / "sv-test-live" / versions[-1]).iterdir():
            (bad / f.name).write_bytes(f.read_bytes()[:-1] if f.name == "lexicon.sqlite" else f.read_bytes())
        artifacts.set_current(root, "sv-test-live", "0123456789ab")
        time.sleep(2.5)
    finally:
        stop.set()
        for t in threads:
            t.join()
    last = server.get("/valid?word=bil&lexicon=sv-test-live")
    ready = json.loads(server.get("/readyz")[2])
    server.stop()
    assert not failures, failures[:3]
    assert len(answers) > 50
    assert versions[-1] in answers and answers[-1] == versions[-1]
    assert json.loads(last[2])["valid"] and json.loads(last[2])["version"] == versions[-1]
    assert "0123456789ab" in ready["lexicons"]["sv-test-live"]["failed"]
