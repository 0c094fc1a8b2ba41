"""The answer format is bumped when answers change: a tripwire over a fixed small lexicon's answers.

Caches revalidate against ETags that carry lexicon.ANSWER_FORMAT (docs/service.md, Caching and
versions), so a change of code that makes the same version answer otherwise must bump it. The
answers below (verdicts full and brief, searches, hooks, tilings) are hashed without the version id,
which names the data; when the hash moves, either bump ANSWER_FORMAT and record the new hash under
the new number, or, if only the shipped sv-betapet profile or tile set changed (data, which changes
version ids), record the new hash under the same number.
"""

import hashlib

import orjson
import pytest

from lexicon import ANSWER_FORMAT, LexiconError, load
from lexicon_pipelines import build

from .conftest import word_list_pipeline

#: ANSWER_FORMAT → the SHA-256 of the answers below.
#: 2 changed Hungarian verdicts only (a derived word's part of speech), so its Swedish answers are 1's.
RECORDED = {1: "85bc557c661bbb09da703bf8a8405b9bb2674964c4227e756179d04a029a9602",
            2: "85bc557c661bbb09da703bf8a8405b9bb2674964c4227e756179d04a029a9602",
            3: "a66f666d9ddcf436f769e1089fa5e000abc9916fd13c8980ff3dae0314bed512",
            4: "5b013395a4d8dc2cfda81b3baf451117a6153772d113dca506fc44867f214491"}

WORDS = "hund\nhundar\nkatt\nallé\npietà\nhus\nsus\nhå\nnu\nrekord\n"
ASKED = ["hund", "HUNDAR", "allé", "ALLE", "pietà", "A[LL]E", "[", "", " ", "abc-bok", "mp3", "silk screen", "h",
         "x" * 20, "katt", "qi", "hå", "hu nd", "hund\u200b"]


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("answer-format")
    path, _ = word_list_pipeline(folder, "sv-answer-format", WORDS)
    build(path, folder / "art")
    return load("sv-answer-format", folder / "art")


def answers(lex) -> bytes:
    def answer(ask, *args):  # a refusal is an answer too: its code and message
        try:
            document = ask(*args)
        except LexiconError as exc:
            return {"error": exc.code, "message": str(exc)}
        return {k: v for k, v in document.items() if k not in ("lexicon", "version")}

    def verdict(word, detail):
        return lex.check(word, detail=detail).as_dict()

    def refused(word):
        found = lex.refused(word)
        return {"refused": found and found.as_dict()}

    documents = {
        "full": [answer(verdict, w, False) for w in ASKED],
        "detail": [answer(verdict, w, True) for w in ASKED[:6]],
        "brief": [answer(lambda w: lex.brief_answers([w])[0], w) for w in ASKED],
        "refused": [answer(refused, w) for w in ASKED],
        "anagram": answer(lambda: lex.anagram("DNUHS?", sub=True).as_dict(lex.alphabet)),
        "pattern": answer(lambda: lex.pattern("?U*").as_dict(lex.alphabet)),
        "hooks": answer(lex.hooks, "HUND"),
    }
    return orjson.dumps(documents, option=orjson.OPT_SORT_KEYS)


def test_answers_change_only_with_the_answer_format(small):
    digest = hashlib.sha256(answers(small)).hexdigest()
    assert ANSWER_FORMAT in RECORDED, f"ANSWER_FORMAT {ANSWER_FORMAT} has no recorded hash: record {digest!r}"
    assert RECORDED[ANSWER_FORMAT] == digest, (
        f"the answers changed under ANSWER_FORMAT {ANSWER_FORMAT} (now {digest!r}): bump lexicon.ANSWER_FORMAT "
        "and record the hash under the new number (or, for a change of shipped data only, under this one)")
