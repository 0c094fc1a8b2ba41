"""One answer everywhere: the same word gets the same reason code (or the same error code) from the
library, GET /valid, POST /valid and `lexicon check`, and the same document from the library and
the service (the library owns the shape: lexicon.verdict)."""

import json
import subprocess
import sys
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon import LexiconError
from lexicon.verdict import BRIEF_FIELDS, FULL_FIELDS
from support.hostile import WORDS

from .conftest import ROOT


def library(lex, word):
    try:
        return "answer", lex.check(word, detail=False).reason
    except LexiconError as exc:
        return "error", exc.code


def get(server, word):
    status, _, body = server.get("/valid?lexicon=sv-betapet&word=" + urllib.parse.quote(word))
    data = json.loads(body)
    return ("answer", data["reason"]) if status == 200 else ("error", data["type"].rsplit("/", 1)[1])


def post(server, word):
    status, _, body = server.post("/valid", json.dumps({"lexicon": "sv-betapet", "words": [word]}).encode())
    data = json.loads(body)
    return ("answer", data["results"][0]["reason"]) if status == 200 else ("error", data["type"].rsplit("/", 1)[1])


def cli(artifacts_root, word):
    result = subprocess.run([sys.executable, "-m", "lexicon_cli", "check", "--lexicon", "sv-betapet",
                             "--artifacts", str(artifacts_root), "--json", "--", word],
                            cwd=ROOT, capture_output=True, text=True)
    data = json.loads(result.stdout)
    if result.returncode == 2:
        return "error", data["error"]
    assert result.returncode == (0 if data["valid"] else 1)
    return "answer", data["reason"]


@pytest.mark.parametrize("word", WORDS, ids=lambda w: repr(w)[:30])
def test_every_door_gives_the_same_reason(server, betapet, artifacts_root, word):
    """One word, one answer, whichever door: text no one types as a word (a control or invisible character,
    a flood of combining marks, too many characters) too, which every door answers as Lexicon.refused does."""
    expected = library(betapet, word)
    assert get(server, word) == expected
    assert post(server, word) == expected
    refused = betapet.refused(word)
    if refused is not None:
        assert expected == ("answer", refused.reason)
    if "\x00" not in word:  # a NUL cannot travel in a command-line argument
        assert cli(artifacts_root, word) == expected


@pytest.mark.parametrize("word", ["allé", "HUNDAR", "abc-bok", "[", "Dalarna", "x", ""])
def test_the_library_and_the_service_print_one_document(server, betapet, word):
    full = betapet.check(word, detail=False).as_dict()
    assert list(full) == list(FULL_FIELDS)
    status, _, body = server.get("/valid?lexicon=sv-betapet&word=" + urllib.parse.quote(word))
    assert status == 200 and json.loads(body) == full
    status, _, body = server.post("/valid", json.dumps({"lexicon": "sv-betapet", "words": [word]}).encode())
    (brief,) = json.loads(body)["results"]
    assert list(brief) == list(BRIEF_FIELDS) and brief == betapet.check(word, detail=False).as_dict(brief=True)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("ABDEHKLNORSTUÅÄÖéè -[]\"'?*0ßſıİ\u030aőűﬁ\u212b"), max_size=12),
                max_size=20))
def test_brief_answers_equal_the_verdicts_brief_documents(betapet, words):
    assert betapet.brief_answers(words) == [betapet.check(w, detail=False).as_dict(brief=True) for w in words]


def test_brief_answers_equal_the_verdicts_on_real_words(betapet):
    words = [k.lower() for k in list(betapet.keys())[::97]]
    words += [w[:-1] + "Q" for w in words]
    assert betapet.brief_answers(words) == [betapet.check(w, detail=False).as_dict(brief=True) for w in words]
