"""Recall on a hand-annotated treebank: are the forms people write of SAOL's words made, class by class?

    python -m bench.treebank FILE.conllu …    # Universal Dependencies' Swedish treebanks (Talbanken, LinES)

A treebank names each word's lemma, part of speech and features by hand, so it is a judge the pipeline
never reads (its evidence lists are wswedish and DSSO), and it tells the classes of forms the rules
decide apart: passives (`Voice=Pass`: byggs, sågs), past and present participles, imperatives,
comparison (support/treebank.py). A token counts when it is a NOUN, VERB or ADJ written in letters only
and its lemma is a SAOL headword (a word SAOL lacks measures SAOL, not the generator). It is made when
the lexicon has it: a headword, or a form the generator makes for any entry (a participle SAOL lists as
an adjective, byggd, gives byggda in its own entry; a participle is an ADJ in one treebank, a VERB in
another).

The treebanks are not on PyPI or in Debian: clone github.com/UniversalDependencies/UD_Swedish-Talbanken
and UD_Swedish-LinES and name their .conllu files. docs/inflection.md gives the figures and commits.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from support.treebank import recall

from .bench_inflection import _pct, generate

SHOWN = 12


def report(result: dict[str, dict]) -> str:
    lines = ["| class | tokens | made | distinct forms | made | missed, most frequent first |",
             "|---|---:|---:|---:|---:|---|"]
    for name, r in result.items():
        missed = ", ".join(f"{form} ({lemma})" for form, lemma in r["missed"][:SHOWN])
        lines.append(f"| {name} | {r['tokens']:,} | {_pct((r['tokens_made'], r['tokens']))} | {r['forms']:,} | "
                     f"{_pct((r['forms_made'], r['forms']))} | {missed} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.treebank", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="CoNLL-U files of a Swedish treebank")
    args = parser.parse_args(argv)
    gen = generate()
    print(report(recall(gen.headwords, set(gen.headwords).union(*gen.forms.values()), args.files)))


if __name__ == "__main__":
    main()
