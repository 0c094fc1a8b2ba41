"""Recall on a hand-annotated treebank: are the forms people write of SAOL's words made, class by class?

    python -m bench.treebank FILE.conllu …    # Universal Dependencies' Swedish treebanks (Talbanken, LinES)

A treebank names each word's lemma, part of speech and features by hand, so it is a judge the pipeline
never reads (its evidence lists are wswedish and DSSO), and it tells the classes of forms the rules
decide apart: passives (`Voice=Pass`: byggs, sågs), past and present participles, imperatives,
comparison. A token counts when it is a NOUN, VERB or ADJ written in letters only and its lemma is a
SAOL headword (a word SAOL lacks measures SAOL, not the generator). It is made when the lexicon has it:
a headword, or a form the generator makes for any entry (a participle SAOL lists as an adjective, byggd,
gives byggda in its own entry; a participle is an ADJ in one treebank, a VERB in another).

The treebanks are not on PyPI or in Debian: clone github.com/UniversalDependencies/UD_Swedish-Talbanken
and UD_Swedish-LinES and name their .conllu files. docs/inflection.md gives the figures and commits.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from .bench_inflection import Generated, generate

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
SHOWN = 12


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


def recall(gen: Generated, paths: Iterable[Path]) -> dict[str, dict]:
    """For each class of forms: tokens and distinct forms counted, those made, and the forms missed."""
    words = set(gen.headwords).union(*gen.forms.values())
    seen: dict[str, Counter] = {name: Counter() for name, _ in GROUPS}
    made: dict[str, set[str]] = {name: set() for name, _ in GROUPS}
    for form, lemma, pos, feats in tokens(paths):
        if pos not in ("NOUN", "VERB", "ADJ") or not form.isalpha() or lemma not in gen.headwords:
            continue
        name = next(name for name, test in GROUPS if test(pos, feats))
        seen[name][(form, lemma)] += 1
        if form in words:
            made[name].add((form, lemma))
    return {name: {"tokens": sum(seen[name].values()),
                   "tokens_made": sum(n for key, n in seen[name].items() if key in made[name]),
                   "forms": len(seen[name]), "forms_made": len(made[name]),
                   "missed": sorted(seen[name].keys() - made[name], key=lambda k: (-seen[name][k], k))}
            for name in seen}


def report(result: dict[str, dict]) -> str:
    lines = ["| class | tokens | made | distinct forms | made | missed, most frequent first |",
             "|---|---:|---:|---:|---:|---|"]
    for name, r in result.items():
        share = (lambda a, n: f"{100 * a / n:.2f}%" if n else "n/a")
        missed = ", ".join(f"{form} ({lemma})" for form, lemma in r["missed"][:SHOWN])
        lines.append(f"| {name} | {r['tokens']:,} | {share(r['tokens_made'], r['tokens'])} | {r['forms']:,} | "
                     f"{share(r['forms_made'], r['forms'])} | {missed} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.treebank", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="CoNLL-U files of a Swedish treebank")
    args = parser.parse_args(argv)
    print(report(recall(generate(), args.files)))


if __name__ == "__main__":
    main()
