"""Reading a Universal Dependencies treebank, and the recall of a lexicon's forms over it by class of form:
what bench/treebank.py measures, kept here so that the tests hold it to hand-written CoNLL-U.

A token counts when it is a NOUN, VERB or ADJ written in letters only and its lemma is a headword of
the source (a word the source lacks measures the source, not its forms), and it is made when the
lexicon's words hold it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

#: The classes of forms reported, each a test of a token's part of speech and features, first match wins.
GROUPS = (
    ("passive (s-form)", lambda pos, f: pos == "VERB" and f.get("Voice") == "Pass"),
    ("past participle", lambda pos, f: f.get("VerbForm") == "Part" and f.get("Tense") == "Past"),
    ("present participle", lambda pos, f: f.get("VerbForm") == "Part" and f.get("Tense") == "Pres"),
    ("imperative", lambda pos, f: f.get("Mood") == "Imp"),
    ("comparison", lambda pos, f: f.get("Degree") in ("Cmp", "Sup")),
    ("other verb forms", lambda pos, f: pos == "VERB"),
    ("other noun forms", lambda pos, f: pos == "NOUN"),
    ("other adjective forms", lambda pos, f: pos == "ADJ"),
)


def tokens(paths: Iterable[Path]) -> Iterator[tuple[str, str, str, dict[str, str]]]:
    """(form, lemma, UPOS, features) of every word of CoNLL-U files, form and lemma in small letters."""
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) != 10:
                    raise SystemExit(f"{path}:{number}: not a CoNLL-U line (10 columns, tab-separated)")
                if not cols[0].isdigit():
                    continue  # a multiword token's range (1-2) or an empty node (1.1)
                feats = dict(kv.split("=", 1) for kv in cols[5].split("|") if "=" in kv)
                yield cols[1].lower(), cols[2].lower(), cols[3], feats


def recall(headwords: set[str], words: set[str], paths: Iterable[Path]) -> dict[str, dict]:
    """For each class of forms: tokens and distinct forms counted (their lemma one of `headwords`), those
    made (in `words`), and the forms missed, most frequent first."""
    seen: dict[str, Counter] = {name: Counter() for name, _ in GROUPS}
    for form, lemma, pos, feats in tokens(paths):
        if pos not in ("NOUN", "VERB", "ADJ") or not form.isalpha() or lemma not in headwords:
            continue
        seen[next(name for name, test in GROUPS if test(pos, feats))][(form, lemma)] += 1
    return {name: {"tokens": sum(counts.values()),
                   "tokens_made": sum(n for (form, _), n in counts.items() if form in words),
                   "forms": len(counts), "forms_made": sum(form in words for form, _ in counts),
                   "missed": sorted((k for k in counts if k[0] not in words), key=lambda k: (-counts[k], k))}
            for name, counts in seen.items()}
