"""Building answers: JSON bodies, validators and caching headers, the same way for every view.

A version's answers never change, so a word's full answer is memoised per lexicon version and
process (CACHE_SIZE words, $LEXICON_ANSWER_CACHE); the memo is an extra (the lexicon answers
quickly without it) and its hit rate is in /metrics. Answers of a pinned version
(`lexicon=name@version`) are immutable; others name the version and revalidate.
"""

from __future__ import annotations

import hashlib
import os
import weakref
from functools import lru_cache, partial

import orjson
from flask import Response, request
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import quote_etag

from lexicon import Lexicon

CACHE_SIZE = int(os.environ.get("LEXICON_ANSWER_CACHE", "20000"))


def dumps(data) -> bytes:
    return orjson.dumps(data)


# Cache-Control of a pinned version's answers (never change) and of the others (revalidate).
IMMUTABLE = ResponseCacheControl({"public": None, "max-age": "31536000", "immutable": None}).to_header()
REVALIDATE = ResponseCacheControl({"public": None, "no-cache": None}).to_header()
_CONDITIONAL = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_IF_UNMODIFIED_SINCE",
                "HTTP_RANGE")


def respond(data, lex: Lexicon | None = None, *, pinned: bool = False, status: int = 200, tag: str | None = None,
            mimetype: str = "application/json") -> Response:
    """A JSON answer (a dict, or bytes already serialised). For a lexicon's answer: its version, a
    strong ETag, Cache-Control, and 304 for a conditional GET or HEAD that already has it (Werkzeug's
    make_conditional, asked only when the request has a conditional header: it is most of a small
    answer's cost otherwise)."""
    body = data if isinstance(data, bytes) else dumps(data)
    if lex is None:
        return Response(body, status=status, mimetype=mimetype)
    headers = [("X-Lexicon-Version", lex.spec), ("ETag", quote_etag(tag or etag(lex, body))),
               ("Cache-Control", IMMUTABLE if pinned else REVALIDATE)]
    response = Response(body, status=status, mimetype=mimetype, headers=headers)
    environ = request.environ
    if any(name in environ for name in _CONDITIONAL):
        response.make_conditional(request)
    return response


def etag(lex: Lexicon, body: bytes) -> str:
    """A strong validator: the version and a hash of what determines the answer."""
    return f"{lex.version}-{hashlib.blake2b(body, digest_size=8).hexdigest()}"


class Answers:
    """The memo of one lexicon version's full answers, word → (valid, body, etag).

    No reference cycles: the lexicon owns this memo and the memo sees the lexicon through a weak
    proxy, so a replaced version and its answers are freed as soon as its last request ends.
    """

    def __init__(self, lex: Lexicon) -> None:
        self.full = lru_cache(maxsize=CACHE_SIZE)(partial(_full, weakref.proxy(lex)))
        self._seen = (0, 0)

    def counts(self) -> tuple[int, int]:
        """(hits, misses) since the last call."""
        info = self.full.cache_info()
        hits, misses = info.hits - self._seen[0], info.misses - self._seen[1]
        self._seen = (info.hits, info.misses)
        return hits, misses


def _full(lex: Lexicon, word: str) -> tuple[bool, bytes, str]:
    verdict = lex.check(word, detail=False)
    # orjson's bytes keep the whole buffer they were written into (about 8 KiB); a memo holds thousands
    # of answers, so it keeps an exact-size copy.
    body = bytes(memoryview(dumps(verdict.as_dict())))
    return verdict.valid, body, etag(lex, body)


def answers_for(lex: Lexicon) -> Answers:
    """The memo of a lexicon version, made on first use."""
    memo = getattr(lex, "_service_answers", None)
    if memo is None:
        memo = lex._service_answers = Answers(lex)
    return memo
