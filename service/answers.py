"""What the service says about a word: the library's Verdict plus what a game client needs
(tiles with their points, face value, whether the bag can form it), as plain JSON-ready dicts."""

from __future__ import annotations

from functools import lru_cache

from lexicon import InputError, format_tiling
from lexicon.lookup import Lexicon, Verdict

#: Answers kept per lexicon version and process; a version's answers never change.
CACHE_SIZE = 100_000


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


def cached_check(lex: Lexicon):
    """A per-lexicon memo of word → answer dict, made once per loaded version. Malformed input
    (bad tile notation) raises InputError and is not cached."""
    memo = getattr(lex, "_service_memo", None)
    if memo is None:
        @lru_cache(maxsize=CACHE_SIZE)
        def memo(word: str) -> dict:
            return verdict_json(lex, lex.check(word, detail=False))

        lex._service_memo = memo
    return memo


def batch_answer(lex: Lexicon, check, word: str) -> dict:
    """One word of a batch: malformed input is that word's answer, not a failed request."""
    try:
        return check(word)
    except InputError as exc:
        return {"word": word, "normalized": None, "valid": False, "lexicon": lex.name, "version": lex.version,
                "reason": "non-letter", "detail": str(exc)}
