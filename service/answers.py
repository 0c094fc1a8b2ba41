"""Building answers: JSON bodies, validators and caching headers, the same way for every view.

A version's answers do not change while one toolkit serves it, so a word's full answer is memoised
per lexicon version and process (create_app's ANSWER_CACHE words, $LEXICON_ANSWER_CACHE), in the
app's AnswerMemos; the memo is an extra (the lexicon answers quickly without it) and its hit rate is
in /metrics. A deploy can change answers (lexicon.ANSWER_FORMAT says when): every answer's ETag
carries that number, answers of a pinned version (`lexicon=name@version`) are cached for a day, not
for good, and others name the version and revalidate.
"""

from __future__ import annotations

import hashlib
import threading
import weakref
from functools import lru_cache, partial

import orjson
from flask import Response, request
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import quote_etag

from lexicon import ANSWER_FORMAT, Lexicon


def dumps(data) -> bytes:
    return orjson.dumps(data)


# Cache-Control of bytes that are a version's whatever code serves them (its bundle file): kept for good.
IMMUTABLE = ResponseCacheControl({"public": None, "max-age": "31536000", "immutable": None}).to_header()
# Of a pinned version's judged answers: the version cannot change under them, the code that judges can (a deploy
# that bumps ANSWER_FORMAT), so caches keep them a day and then revalidate against the ETag, which names the format.
PINNED = ResponseCacheControl({"public": None, "max-age": "86400"}).to_header()
# Of everything else: revalidate every time.
REVALIDATE = ResponseCacheControl({"public": None, "no-cache": None}).to_header()
#: Request headers that make an answer conditional (a 304, a range): Werkzeug decides those.
CONDITIONAL = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_IF_UNMODIFIED_SINCE",
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
               ("Cache-Control", PINNED if pinned else REVALIDATE)]
    response = Response(body, status=status, mimetype=mimetype, headers=headers)
    environ = request.environ
    if any(name in environ for name in CONDITIONAL):
        response.make_conditional(request)
    return response


def etag(lex: Lexicon, *determined_by: bytes) -> str:
    """A strong validator: the version, the answer format, and a hash of what determines the answer (the
    answer itself, or the request): `622d98519fb3-a1-0f3c…`."""
    digest = hashlib.blake2b(digest_size=8)
    for part in determined_by:  # each part's length first, so that no two requests hash alike
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return f"{lex.version}-a{ANSWER_FORMAT}-{digest.hexdigest()}"


class Answers:
    """The memo of one lexicon version's full answers, word → (valid, body, etag).

    No reference cycles: the lexicon owns this memo and the memo sees the lexicon through a weak
    proxy, so a replaced version and its answers are freed as soon as its last request ends.
    """

    def __init__(self, lex: Lexicon, size: int) -> None:
        self.full = lru_cache(maxsize=size)(partial(_full, weakref.proxy(lex)))
        self._seen = (0, 0)

    def counts(self) -> tuple[int, int]:
        """(hits, misses) since the last call."""
        info = self.full.cache_info()
        hits, misses = info.hits - self._seen[0], info.misses - self._seen[1]
        self._seen = (info.hits, info.misses)
        return hits, misses


def _full(lex: Lexicon, word: str) -> tuple[bool, bytes, str]:
    valid, body = lex.verdict_json(word)  # from the C library where the version's bundle holds the answer
    # orjson's bytes keep the whole buffer they were written into (about 8 KiB); a memo holds thousands
    # of answers, so it keeps an exact-size copy.
    body = bytes(memoryview(body))
    return valid, body, etag(lex, body)


class AnswerMemos:
    """The app's memos (app.extensions["lexicon.answers"]): one per lexicon version served, of `size` words
    each. Held by weak key, so a replaced version's memo goes with the version."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._memos: weakref.WeakKeyDictionary[Lexicon, Answers] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, lex: Lexicon) -> Answers:
        """The memo of a lexicon version, made on first use."""
        memo = self._memos.get(lex)
        if memo is None:
            with self._lock:
                memo = self._memos.setdefault(lex, Answers(lex, self.size))
        return memo
