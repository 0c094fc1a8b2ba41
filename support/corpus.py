"""The parity corpus: inputs every client must answer as the library does (tests/test_bundle.py, the JS
package's and the C example's parity tests, bench embed).

For one lexicon, deterministic for a seed: its keys, valid and excluded, as written in capitals and in
lower case; one-letter mutations of them (a letter changed, added, dropped); accented and decomposed
spellings; tile notation that names a valid cut, a wrong cut, a list of tiles, and notation that cannot
be read; a text for every reason code; and hostile text: empty, blank, controls and invisible
characters, floods of combining marks, lone surrogates, 300-character words, and code points from every
plane. (Two surrogates that pair up are not in it: every client but Python reads them as the character
they make.)
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator
from functools import partial

from lexicon import Lexicon, format_tiling
from lexicon.tiling import preferred_tiling, tilings

#: Inputs per lexicon, at least (the issue's floor is 100,000).
SIZE = 100_000
#: Forms of the word graph a lexicon with a compiled rule draws keys from (its list holds its stems alone).
FORM_KEYS = 12_000

#: One text for each way a word can fail, and the text the checks refuse.
FIXED = [
    "", " ", "\t", "a b", "abc-bok", "-aktig", "drive-in-", "mp3", "c/o", "rock'n'roll", "x:a över", "A.B.",
    "\x00", "a\x00b", "kat\u200b", "\u202eabc", "\ufeffhus", "hus\u2028", "\ud800", "a\udfffb", "\udc00\ud800",
    "😀", "a" + "\u0301" * 5, "a" + "\u0301" * 4, "e\u0301\u0308", "\u0301", "ﬁ", "ǅ", "ß", "ẞ", "İ", "ı",
    "Æble", "øl", "œuvre", "naïve", "crème", "PIETÀ", "jalapeño", "Ångström", "\u00ad", "a\u00adb", "\uffff",
    "\U0010ffff", "\U000e0041", "\ue000", "한국어", "日本", "Ελλάδα", "русский", "עברית", "عربى", "１２３",
    "x" * 255, "x" * 256, "x" * 257, "x" * 300, "é" * 300, "[", "]", "[]", "[[A]]", "[A", "A]", "[A][", '"',
    '["A"', '["A",]', '[]"', '[ "A" , "B" ]', '["\\u0041"]', '["\\ud800"]', '["\\x"]', '["A"] x', '[1]',
    '["A", 1]', '[""]', '"A"', "[A]" * 100, "[A]" * 300, "[X][Y][Z]", "[Å]", "[å]", "[ALLE]", "al[l]é",
    "[\u200b]", "A[ ]B", "A [B] C", "ＨＵＮＤ", "ｈｕｎｄ", "ﬂata", "Ⓗund", "ℌund", "ᴴund", "hund²", "ⅰ",
]


def verdict_document(lex: Lexicon, word: str) -> dict:
    """GET /valid's document as far as a bundle holds it, from the library: the quick verdict's (every field
    but the source record the rules dropped, which stays with the service), as the clients' `check` with
    `detail` writes it."""
    return (lex.refused(word) or lex.check(word, detail=False)).as_dict() | {"excluded": None}


def corpus(lex: Lexicon, size: int = SIZE, seed: int = 25) -> list[str]:
    """At least `size` inputs for `lex` (fewer only if the lexicon is tiny and `size` asks for more than
    its keys and their variants give), each distinct, in a shuffled order."""
    rng = random.Random(seed)
    keys = [key for _, key in lex.key_index.keys(excluded=True)]
    if lex.manifest["graph"].get("rule") is not None:  # its list holds stems alone: its graph's forms are keys too
        forms = sorted({match.word for match in lex.search.words()})
        keys += rng.sample(forms, min(len(forms), FORM_KEYS))
    rng.shuffle(keys)
    letters = sorted(lex.alphabet.letters)
    found: dict[str, None] = dict.fromkeys(FIXED)
    found.update(dict.fromkeys(_code_points(rng)))
    found.update(dict.fromkeys(_explosive(lex)))
    sources = [_spellings, _mutations, _notations]
    if lex.manifest["graph"].get("rule") is not None:  # a compiled word rule: words of two pieces, and slips
        sources.append(partial(_pairs, keys))
    for i, key in enumerate(keys * len(sources)):  # each key in turn gives its spellings, mutations, notations …
        if len(found) >= size:
            break
        for word in sources[i % len(sources)](lex, key, letters, rng):
            found[word] = None
    out = list(found)
    rng.shuffle(out)
    return out


def _spellings(lex: Lexicon, key: str, letters: list[str], rng: random.Random) -> Iterator[str]:
    yield key
    yield key.lower()
    yield key.capitalize()
    yield f" {key.lower()} "
    decomposed = unicodedata.normalize("NFD", key.lower())
    if decomposed != key.lower():
        yield decomposed
    accented = "".join(ACCENTED.get(ch, ch) if rng.random() < 0.3 else ch for ch in key.lower())
    yield accented


ACCENTED = {"a": "à", "e": "é", "i": "ï", "o": "ô", "u": "ù", "c": "ç", "n": "ñ", "s": "ş", "y": "ÿ", "z": "ž"}


def _mutations(lex: Lexicon, key: str, letters: list[str], rng: random.Random) -> Iterator[str]:
    if not key:
        return
    i = rng.randrange(len(key))
    yield key[:i] + rng.choice(letters) + key[i + 1:]
    yield key[:i] + rng.choice(letters) + key[i:]
    yield key[:i] + key[i + 1:]
    yield (key + rng.choice(letters)).lower()


def _pairs(keys: list[str], lex: Lexicon, key: str, letters: list[str], rng: random.Random) -> Iterator[str]:
    """Two words joined, as a compound is (a rule's words of two pieces), and a slip in one of them."""
    other = rng.choice(keys)
    joined = (key + other).lower()
    yield joined
    i = rng.randrange(len(joined))
    yield joined[:i] + rng.choice(letters).lower() + joined[i + 1:]
    yield (other + key).lower()


def _notations(lex: Lexicon, key: str, letters: list[str], rng: random.Random) -> Iterator[str]:
    alphabet = lex.alphabet
    cut = preferred_tiling(key, alphabet, lex.policy)
    if cut is None:
        yield f"[{key}]"
        return
    yield format_tiling(cut, alphabet)
    yield "".join(f"[{t}]" for t in cut)
    yield "[" + ",".join(f'"{t}"' for t in cut) + "]"
    yield "[" + ", ".join(f'"{t.lower()}"' for t in cut) + "]"
    every = tilings(key, alphabet, lex.policy)
    if len(every) > 1:  # a cut the notation names exactly, valid or not
        yield format_tiling(rng.choice(every), alphabet)
    shuffled = list(cut)
    rng.shuffle(shuffled)
    yield format_tiling(shuffled, alphabet)
    if len(cut) > 1:
        i = rng.randrange(len(cut))
        yield format_tiling(cut[:i], alphabet) + f"[{cut[i]}" + format_tiling(cut[i + 1:], alphabet)


def _explosive(lex: Lexicon) -> list[str]:
    """Notation whose open runs allow ever more cuts: past the limit of tilings, and just under it."""
    multi = [t.letter for t in lex.alphabet.tiles if len(t.letter) > 1]
    out = []
    for tile in multi[:4]:
        for n in (2, 6, 12, 13, 40, 120):
            out.append(tile * n)
            out.append(f"[{tile}]" + tile * n)
            out.append(f"{tile * n}[A]{tile * n}")
    return out


def _code_points(rng: random.Random) -> Iterator[str]:
    """A code point from every block of 256, alone, inside a word and upper-cased."""
    for start in range(0, 0x110000, 256):
        cp = start + rng.randrange(256)
        ch = chr(cp)
        yield ch
        yield f"ka{ch}t"
        yield f"{ch}A"


#: Racks, patterns and words for the searches, beside those made from the lexicon's keys.
RACKS = ["", " ", "?", "???", "????", "a" * 40, "abc", "ABCDEFG", "ab?", "AB??", '["A","?","B"]',
         '["a", " ? ", "SZ"]', '["X"', "[]", '["Q9"]', "A[B]C", "A[", "[ZS]A", "SZA?", "aaaaaaaaaaaaaaaa", "a\u200bb",
         "x9", "a-b", "qqq?", "[CS]??", "GYNY?"]
PATTERNS = ["", "*", "?", "A*", "*A", "A?B*", "??", "***A", "A" * 70, "SZ*", "[SZ]*", "A[B", "*[]*", "x9*",
            "?" * 16 + "*", "ZS?SZ*CS", "a b*", "**", "* *", "?*?", "SZSZSZSZSZSZSZ*", "[Q]*"]
WORDS = ["", "hus", "HÁZSOR", "házsor", "[SZ]", "a b", "[", "SZSZSZSZSZSZSZSZSZSZSZSZSZSZ", '["A","B"]', "x" * 256,
         "x" * 257, "kat\u200b", "hund", "ÁZS", "[Á][Z][S]", "NYÚL"]


def queries(lex: Lexicon, count: int = 150, seed: int = 25) -> Iterator[tuple[str, str, dict]]:
    """(search, text, options) for the search endpoints: /anagram, /pattern, /hooks and /tiles, the fixed
    texts above and `count` of each made from the lexicon's keys."""
    rng = random.Random(seed)
    letters = sorted(lex.alphabet.letters)
    keys = [key for _, key in lex.key_index.keys()]
    racks = RACKS + ["".join(rng.choice(letters) for _ in range(rng.randint(2, 9))) + "?" * rng.randint(0, 2)
                     for _ in range(count)]
    for rack in racks:
        for sub in (False, True):
            for order in ("length", "alpha", "score"):
                yield "anagram", rack, {"sub": sub, "order": order, "limit": 20}
    patterns = list(PATTERNS)
    for _ in range(count):
        key = rng.choice(keys)
        i = rng.randrange(len(key))
        patterns.append(key[:i] + rng.choice("?*") + key[i + 1:])
    for pattern in patterns:
        for order in ("alpha", "length"):
            yield "pattern", pattern, {"order": order, "offset": 3, "limit": 30}
    for word in WORDS + [rng.choice(keys) for _ in range(count)]:
        yield "hooks", word, {}
        yield "tiles", word, {}
