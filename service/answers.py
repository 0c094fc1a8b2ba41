"""What the service says about a word: the library's Verdict plus what a game client needs
(tiles with their points, face value, whether the bag can form it), as plain JSON-ready dicts."""

from __future__ import annotations

import hashlib
import json
import os
import weakref
from functools import lru_cache, partial

from lexicon import InputError, format_tiling
from lexicon.lookup import Lexicon, Verdict

#: Answers kept per lexicon version and process ($LEXICON_ANSWER_CACHE); a version's answers never
#: change, and game traffic repeats words, so a modest memo answers most requests.
CACHE_SIZE = int(os.environ.get("LEXICON_ANSWER_CACHE", "20000"))


def verdict_json(lex: Lexicon, v: Verdict) -> dict:
    data = {"word": v.word, "normalized": v.normalized, "valid": v.valid, "lexicon": lex.name,
            "version": lex.version}
    if v.valid:
        data |= tiles_json(lex, v.tiles)
        reading = v.analyses[0] if v.analyses else None
        inflected = reading is not None and reading.kind == "inflected"
        data |= {"kind": reading.kind if reading else None, "pos": reading.pos if reading else None,
                 "lemma": reading.lemma if inflected else None, "tag": reading.tag if inflected else None}
        if len(v.tilings) > 1:
            data["tilings"] = [list(t) for t in v.tilings]
        return data
    data |= {"reason": v.reason, "detail": v.detail}
    if v.tilings:
        data["tilings"] = [list(t) for t in v.tilings]
    if v.exclusions:
        e = v.exclusions[0]
        data["excluded"] = {"word": e.word, "reason": e.reason, "lemma": e.lemma, "tag": e.tag or None,
                            "source": e.source, "record": e.record}
    return data


def tiles_json(lex: Lexicon, tiles) -> dict:
    """Tiles, their points, the face value (tiles a blank must stand in for score 0), the bag."""
    alphabet = lex.alphabet
    fit = alphabet.bag_fit(tiles)
    points = [alphabet.tile(t).points for t in tiles]
    blank_points = sum(alphabet.tile(t).points * n for t, n in fit.short.items())
    return {"tiles": list(tiles), "notation": format_tiling(tiles, alphabet), "tile_count": len(tiles),
            "points": points, "value": sum(points) - blank_points,
            "bag": {"formable": fit.formable, "blanks": fit.blanks, "short": fit.short}}


def brief_json(full: dict) -> dict:
    """The short answer a batch gives per word: validity, reason, lemma; no tiles."""
    keep = ("word", "normalized", "valid", "reason", "detail", "lemma", "tag")
    return {k: full[k] for k in keep if full.get(k) is not None or k in ("normalized", "valid")}


def _dumps(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


class Answers:
    """Serialised answers for one loaded lexicon version, memoised per process: a version's answers
    never change, and game traffic asks the same words again and again. Malformed input (bad
    tile notation) raises InputError and is not memoised.

    No reference cycles: the lexicon owns this memo and the memo sees the lexicon through a weak
    proxy, so a replaced version and all its answers are freed as soon as its last request ends.
    """

    def __init__(self, lex: Lexicon) -> None:
        lex = weakref.proxy(lex)
        self.full = lru_cache(maxsize=CACHE_SIZE)(partial(_full, lex))
        self.brief = lru_cache(maxsize=CACHE_SIZE)(partial(_brief, lex))
        self.batch_full = partial(_batch_full, self.full, lex)
        self.answer = partial(_answer, lex)


def _answer(lex: Lexicon, word: str) -> dict:
    return verdict_json(lex, lex.check(word, detail=False))


def _full(lex: Lexicon, word: str) -> tuple[bool, bytes, str]:
    data = _answer(lex, word)
    body = _dumps(data)
    return data["valid"], body, etag(lex, body)


def _malformed(word: str, exc: InputError) -> dict:
    """In a batch, a malformed word (bad tile notation) is that word's answer, not an error."""
    return {"word": word, "normalized": None, "valid": False, "reason": "non-letter", "detail": str(exc)}


def _batch_full(full, lex: Lexicon, word: str) -> tuple[bool, bytes]:
    try:
        return full(word)[:2]
    except InputError as exc:
        return False, _dumps(_malformed(word, exc))


def _brief(lex: Lexicon, word: str) -> tuple[bool, bytes]:
    try:
        data = brief_json(_answer(lex, word))
    except InputError as exc:
        data = _malformed(word, exc)
    return data["valid"], _dumps(data)


def etag(lex: Lexicon, body: bytes) -> str:
    """A strong validator: the version and a hash of the answer."""
    return f'"{lex.version}-{hashlib.blake2b(body, digest_size=8).hexdigest()}"'


def cache_headers(lex: Lexicon, pinned: bool, tag: str) -> list[tuple[str, str]]:
    """A pinned version's answers are immutable; others say which version answered and revalidate."""
    control = "public, max-age=31536000, immutable" if pinned else "public, no-cache"
    return [("X-Lexicon-Version", lex.spec), ("ETag", tag), ("Cache-Control", control)]


def answers_for(lex: Lexicon) -> Answers:
    """The memo of a lexicon version, made on first use."""
    memo = getattr(lex, "_service_answers", None)
    if memo is None:
        memo = lex._service_answers = Answers(lex)
    return memo
