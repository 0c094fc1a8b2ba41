"""The catalogue of hostile requests and CLI calls, and the answer each must get.

tests/test_bad_input.py runs every case through gunicorn and the real CLI; `python -m bench
reliability` runs it again with timings and writes the table in docs/reliability.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

MB = 1024 * 1024


@dataclass(frozen=True)
class Case:
    endpoint: str
    what: str
    method: str
    target: str  # path and query, already percent-encoded
    status: int
    kind: str  # problem type code; "answer": a 200 that says valid: false; "batch": a 200 batch whose last word is
    # not valid (too-long or non-letter); "page": a 200 search page; "list": text
    body: bytes | None = None
    content_type: str = "application/json"


def _batch(words) -> bytes:
    return json.dumps({"lexicon": "sv-betapet", "words": words}).encode()


HTTP_CASES = [
    # GET /valid
    Case("GET /valid", "missing word", "GET", "/valid", 400, "bad-input"),
    Case("GET /valid", "empty word", "GET", "/valid?word=", 200, "answer"),
    Case("GET /valid", "the word twice", "GET", "/valid?word=hund&word=katt", 400, "bad-input"),
    Case("GET /valid", "an unknown parameter", "GET", "/valid?word=hund&colour=red", 400, "bad-input"),
    Case("GET /valid", "1 MB word (over gunicorn's request line limit)", "GET", "/valid?word=" + "a" * MB, 414,
         "uri-too-long"),
    Case("GET /valid", "invalid UTF-8 (%FF%FE)", "GET", "/valid?word=%FF%FE", 400, "bad-input"),
    Case("GET /valid", "truncated UTF-8 (%C3)", "GET", "/valid?word=%C3", 400, "bad-input"),
    Case("GET /valid", "malformed percent-encoding (%zz)", "GET", "/valid?word=%zz", 400, "bad-input"),
    # text no one types as a word is answered (not valid: too-long, non-letter), as a batch answers it
    Case("GET /valid", "300-character word", "GET", "/valid?word=" + "a" * 300, 200, "answer"),
    Case("GET /valid", "NUL byte", "GET", "/valid?word=a%00b", 200, "answer"),
    Case("GET /valid", "escape sequence (ESC[31m)", "GET", "/valid?word=a%1B%5B31mb", 200, "answer"),
    Case("GET /valid", "zero-width space", "GET", "/valid?word=hej%E2%80%8B", 200, "answer"),
    Case("GET /valid", "right-to-left mark", "GET", "/valid?word=%E2%80%8Fhej", 200, "answer"),
    Case("GET /valid", "right-to-left override", "GET", "/valid?word=%E2%80%AEhej", 200, "answer"),
    Case("GET /valid", "combining-mark flood", "GET", "/valid?word=e" + "%CC%81" * 100, 200, "answer"),
    Case("GET /valid", "SQL metacharacters", "GET", "/valid?word=%27%20OR%201%3D1%20--", 200, "answer"),
    Case("GET /valid", "malformed tile notation", "GET", "/valid?word=A%5BLL%5DE", 200, "answer"),
    Case("GET /valid", "path traversal as lexicon", "GET", "/valid?word=hund&lexicon=..%2F..%2Fetc", 404,
         "unknown-lexicon"),
    Case("GET /valid", "path traversal as version", "GET", "/valid?word=hund&lexicon=sv-betapet%40..%2F..%2Fetc",
         404, "unknown-lexicon"),
    Case("GET /valid", "unknown pinned version", "GET", "/valid?word=hund&lexicon=sv-betapet%40ffffffffffff", 404,
         "unknown-lexicon"),
    Case("GET /valid", "unknown lexicon", "GET", "/valid?word=hund&lexicon=xx-nothing", 404, "unknown-lexicon"),
    # POST /valid
    Case("POST /valid", "not JSON", "POST", "/valid", 400, "bad-input", b"word=hund", "text/plain"),
    Case("POST /valid", "broken JSON", "POST", "/valid", 400, "bad-input", b'{"words": ["hund"'),
    Case("POST /valid", "JSON of the wrong shape (array)", "POST", "/valid", 400, "bad-input", b'["hund"]'),
    Case("POST /valid", "words not strings", "POST", "/valid", 400, "bad-input", b'{"words": [1, {"a": 2}]}'),
    Case("POST /valid", "unknown field", "POST", "/valid", 400, "bad-input", b'{"words": [], "drop": "table"}'),
    Case("POST /valid", "JSON nested 100,000 deep", "POST", "/valid", 400, "bad-input",
         b'{"words": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
    Case("POST /valid", "100,000-word batch", "POST", "/valid", 413, "too-large", _batch(["hund"] * 100_000)),
    Case("POST /valid", "5 MB body", "POST", "/valid", 413, "request-entity-too-large",
         _batch(["a" * 200] * 25_000)),
    # a word a single lookup refuses is its own answer in a batch: the last word's, not valid
    Case("POST /valid", "1 MB word in a batch", "POST", "/valid", 200, "batch", _batch(["a" * MB])),
    Case("POST /valid", "control character in a batch word", "POST", "/valid", 200, "batch",
         _batch(["hund", "a\u0000b"])),
    Case("POST /valid", "zero-width space in a batch word", "POST", "/valid", 200, "batch",
         _batch(["hund", "får", "hej\u200b"])),
    Case("POST /valid", "combining-mark flood in a batch word", "POST", "/valid", 200, "batch",
         _batch(["hund", "a" + "\u0301" * 50])),
    Case("POST /valid", "path traversal as lexicon", "POST", "/valid", 404, "unknown-lexicon",
         b'{"lexicon": "../../etc/passwd", "words": ["a"]}'),
    Case("POST /valid", "two different lexicons (query and body)", "POST", "/valid?lexicon=sv-betapet", 400,
         "bad-input", b'{"lexicon": "sv-other", "words": ["a"]}'),
    Case("POST /valid", "an unknown query parameter", "POST", "/valid?colour=red", 400, "bad-input",
         b'{"words": ["a"]}'),
    # lexicons
    Case("GET /lexicons/<name>", "path traversal (refused by nginx)", "GET", "/lexicons/..%2F..%2Fetc", 400,
         "bad-request"),
    Case("GET /lexicons/<name>", "NUL in the name (refused by nginx)", "GET", "/lexicons/sv%00", 400, "bad-request"),
    Case("GET /lexicons/<name>", "unknown lexicon", "GET", "/lexicons/xx-nothing", 404, "unknown-lexicon"),
    Case("GET /lexicons/<name>/words", "negative limit", "GET", "/lexicons/sv-betapet/words?limit=-1", 400,
         "bad-input"),
    Case("GET /lexicons/<name>/words", "huge limit", "GET", "/lexicons/sv-betapet/words?limit=99999999999999",
         400, "bad-input"),
    Case("GET /lexicons/<name>/words", "length not a number", "GET", "/lexicons/sv-betapet/words?min_length=x",
         400, "bad-input"),
    Case("GET /lexicons/<name>/words", "unknown format", "GET", "/lexicons/sv-betapet/words?format=xml", 400,
         "bad-input"),
    Case("GET /lexicons/<name>/words", "SQL in a filter", "GET",
         "/lexicons/sv-betapet/words?pos=NOUN%27%3B%20DROP%20TABLE%20words%3B--", 400, "bad-input"),
    Case("GET /lexicons/<name>/words", "unknown kind", "GET", "/lexicons/sv-betapet/words?kind=BOGUS", 400,
         "bad-input"),
    Case("GET /lexicons/<name>/words", "control character in prefix", "GET",
         "/lexicons/sv-betapet/words?prefix=%07", 400, "bad-input"),
    # tiles and search
    Case("GET /tiles", "missing word", "GET", "/tiles", 400, "bad-input"),
    Case("GET /tiles", "unclosed bracket", "GET", "/tiles?word=%5BSZ", 200, "answer"),
    Case("GET /tiles", "a flood of ambiguous digraphs", "GET",
         "/tiles?word=" + "SZ" * 100 + "&lexicon=sv-betapet", 200, "answer"),
    Case("GET /anagram", "missing rack", "GET", "/anagram", 400, "bad-input"),
    Case("GET /anagram", "40-letter rack", "GET", "/anagram?rack=" + "A" * 40, 414, "too-long"),
    Case("GET /anagram", "negative offset", "GET", "/anagram?rack=hund&offset=-1", 400, "bad-input"),
    Case("GET /anagram", "unknown order", "GET", "/anagram?rack=hund&order=random", 400, "bad-input"),
    Case("GET /anagram", "huge limit", "GET", "/anagram?rack=hund&limit=1000000000", 400, "bad-input"),
    Case("GET /pattern", "missing pattern", "GET", "/pattern", 400, "bad-input"),
    Case("GET /pattern", "100-character pattern", "GET", "/pattern?q=" + "*" * 100, 414, "too-long"),
    Case("GET /pattern", "longer than any word", "GET", "/pattern?q=" + "*%3F" * 21 + "*Q", 200, "page"),
    Case("GET /pattern", "every word ranked by score", "GET", "/pattern?q=*&order=score", 400, "too-costly"),
    Case("GET /hooks", "missing word", "GET", "/hooks", 400, "bad-input"),
    Case("GET /hooks", "control character", "GET", "/hooks?word=%0Ahund", 400, "bad-input"),
    # operations
    Case("GET /healthz", "wrong method", "POST", "/healthz", 405, "method-not-allowed", b"{}"),
    Case("GET /metrics", "wrong method", "DELETE", "/metrics", 405, "method-not-allowed"),
    Case("GET /", "wrong method", "PUT", "/", 405, "method-not-allowed", b"x"),
    Case("any", "unknown path", "GET", "/etc/passwd", 404, "not-found"),
    Case("any", "path climbing above the root (refused by nginx)", "GET", "/../../etc/passwd", 400, "bad-request"),
]

#: Requests no HTTP client library will send: raw bytes on the socket, answered by gunicorn.
RAW_CASES = [
    ("malformed request line", b"GET /valid?word=a b c HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("control characters in a header", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Evil: a\x01\x1b[31mb\r\n\r\n", 400),
    ("1 MB request line", b"GET /valid?word=" + b"a" * MB + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    ("too many headers", b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: a\r\n" % i for i in range(200))
     + b"\r\n", 431),
]

#: CLI calls: (what, arguments, the exit code, a phrase the message must contain).
CLI_CASES = [
    ("100 KB word to check (Linux caps one argument at 128 KiB)", ["check", "a" * 100_000], 1, "too-long"),
    ("path traversal as lexicon", ["check", "hund", "--lexicon", "../../etc"], 2, "not a lexicon name"),
    ("unknown lexicon", ["check", "hund", "--lexicon", "xx-nothing"], 2, "no lexicon"),
    ("control characters to normalize", ["normalize", "a\x1b[31mb"], 2, "non-letter"),
    ("zero-width space to normalize", ["normalize", "hej\u200b"], 2, "non-letter"),
    ("a flood of digraphs to tile", ["tiles", "SZ" * 2000, "-a", "hu-betutorony"], 2, "limit"),
    ("malformed notation to tile", ["tiles", "A[LL]E"], 2, "position 1"),
    ("a non-pipeline file to build", ["build", "/etc/passwd"], 2, "not valid TOML"),
    ("a missing pipeline", ["build", "../../nothing.toml"], 2, "no such pipeline file"),
    ("negative length to export", ["export", "sv-betapet", "--max-length", "-1"], 2, "-1"),
    ("path traversal to info", ["info", "../../etc"], 2, "not a lexicon name"),
    ("unknown versions to diff", ["diff", "sv-betapet@ffffffffffff", "sv-betapet"], 2, "no version"),
]


#: Words every door must judge alike: the library, GET /valid, POST /valid and `lexicon check`
#: (tests/test_one_answer.py). Each gets an answer with a reason code, or the same error code.
WORDS = [
    "hund", "HUNDAR", "allé", "PIETÀ", "ÖVÄRLD", "abc-bok", "silk screen", "Dalarna", "x", "a" * 40, "", " ",
    "[", "]", "A[LL]E", "[SZ", '["H","U","N","D"]', '["H",', "HU[N]D", "a\x00b", "a\x1b[31mb", "hej\u200b",
    "\u202ehej", "e" + "\u0301" * 10, "café", "crêpe", "'; DROP TABLE words; --", "../../etc/passwd", "qwxz",
    "münchen", "ÆØ", "a" * 257, "日本語", "🙂", "-aktig", "pH", "1a",
]


#: Request bodies that are no JSON a request means, and what the core's reader says of each (POST /play and
#: POST /moves refuse them as `body: not valid JSON: …, line L column C (byte B)`): tests/test_play_engine.py asks
#: them of the library and the service, and `make sanitize` seeds the play engine's fuzz target with them.
JSON_BODIES = [
    (b"", "unexpected end of data: line 1 column 1 (byte 0)"),
    (b"{", "unexpected end of data"),
    (b'{"game": "sv-betapet",}', "a key (a string) was expected"),
    (b'{"game": "sv-betapet" "board": []}', "',' or '}' was expected"),
    (b'{"game": "sv-betapet", "game": "sv-scrabble"}', "a key given twice: line 1 column 24 (byte 23)"),
    (b'{"game": "\\ud800"}', "a lone surrogate"),
    (b'{"game": "\xff"}', "bytes that are not UTF-8"),
    (b'{"game": "a\x01b"}', "a control character in a string"),
    (b'{"limit": 01}', "a number with a leading zero"),
    (b'{"limit": 1e999}', "a number out of range"),
    (b'{"limit": 99999999999999999999}', "an integer past 64 bits"),
    (b'{"game": NaN}', "unexpected character"),
    (b'{"game": "sv-betapet"} x', "trailing characters"),
    (b"[" * 40 + b"]" * 40, "nested deeper than 32"),
    (b'{"game": "\\x41"}', "an escape that is not JSON's"),
]
