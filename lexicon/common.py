"""The words a beginner knows: the most frequent words of a lexicon's language (wordfreq's list), written into its
bundle as the `common` section, a key graph (keys in letters, numbered as the key index numbers them).

POST /moves with `"common": true` lists only the plays whose every word is one of them, or a form of one (its
verdict's lemma is, and the analysis made the word by inflection alone: a derivational suffix, Hunspell's `ds:`,
makes another word): the beginner's plays (lexicon.play.selfplay), the same in every client that has the bundle
(the C core decides, lexicon/graph/core/lexicon/common.c). The section keeps the COMMON most frequent words that
the lexicon takes or holds as keys (a lemma is a key): a word it neither takes nor lemmatises to is never asked,
and leaving such words out keeps a small lexicon's bundle small. `common.meta` says where the list came from.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import metadata

from .alphabet import Alphabet
from .errors import DataError
from .graph import KWG, LetterCodes, build_kwg
from .normalize import Normalizer

#: How many of the language's most frequent words a beginner knows. 50,000 forms are a small share of Swedish
#: (wordfreq lists 340,386) and all of Hungarian's 46,637: with 20,000 the Hungarian beginner, knowing too few of a
#: richly inflected language's forms, exchanged so often that it was no better than the random player (51.2% over
#: 40 games; 64.8% with 50,000 over 200).
COMMON = 50_000

_KEYS: dict[str, frozenset[str]] = {}


def common_keys(alphabet: Alphabet) -> frozenset[str]:
    """The keys of the COMMON most frequent words of the alphabet's language that normalise to one (kept by the
    alphabet's name: a tile set is read once a process). DataError without wordfreq."""
    if alphabet.name not in _KEYS:
        try:  # a dependency of the tests, the builds of Hungarian (the `hungarian` extra) and `make run`
            from wordfreq import top_n_list
        except ImportError:
            raise DataError("the common words are wordfreq's word frequencies: pip install wordfreq "
                            "(or tile-lexicon[hungarian])") from None
        key = Normalizer(alphabet)
        _KEYS[alphabet.name] = frozenset(k for k in (key(w).key for w in top_n_list(alphabet.language, COMMON)) if k)
    return _KEYS[alphabet.name]


def sections(alphabet: Alphabet, letters: str, known: Callable[[str], bool]) -> dict[str, bytes]:
    """The bundle's `common` and `common.meta` sections: the common keys for which `known` (the lexicon takes the
    word or holds it as a key) is true; none without wordfreq, so a bundle is written where it is missing too."""
    try:
        keys = common_keys(alphabet)
    except DataError:
        return {}
    codes = LetterCodes(letters)
    held = sorted(c for c in (codes.encode(k) for k in keys if known(k)) if c)
    meta = {"source": "wordfreq", "version": metadata.version("wordfreq"), "language": alphabet.language,
            "most_frequent": COMMON, "keys": len(held)}
    return {"common": build_kwg(held, layout=KWG).data,
            "common.meta": json.dumps(meta, sort_keys=True).encode()}
