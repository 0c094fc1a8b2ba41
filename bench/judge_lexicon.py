"""Judge a built lexicon by Hunspell: every word in it, as written, must be one Hunspell accepts.

    python -m bench.judge_lexicon hu-betutorony hu_HU-debian [--artifacts DIR]

The words are the artifact's `lexicon export --field display`; the judge is the `hunspell`
command with the dictionary the lexicon was built from (`hunspell -L`), and each line it flags is
asked again through the library (PyPI chunspell), whose tokenizer does not split words.
`make judge-hungarian` builds the two Hungarian lexicons and judges both.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from support.hunspell import DICTIONARIES, binary_rejects


def judge(spec: str, dictionary: str, root: str | None = None) -> dict:
    from lexicon import load

    lex = load(spec, root)
    d = DICTIONARIES[dictionary]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as work:
        words_file = Path(work) / "words.txt"
        words = list(lex.export("display"))
        words_file.write_text("\n".join(words) + "\n", encoding="utf-8")
        flagged = binary_rejects(d, words_file)
    speller = d.speller()
    rejected = [w for w in flagged if not speller.spell(w)]
    return {"lexicon": lex.spec, "dictionary": d.label, "words": len(words), "keys": len(lex),
            "flagged_by_the_command": len(flagged), "rejected": rejected, "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lexicon")
    parser.add_argument("dictionary", choices=sorted(DICTIONARIES))
    parser.add_argument("--artifacts")
    args = parser.parse_args(argv)
    result = judge(args.lexicon, args.dictionary, args.artifacts)
    print(f"{result['lexicon']} against {result['dictionary']}: {result['words']:,} words as written "
          f"({result['keys']:,} keys); the hunspell command flagged {result['flagged_by_the_command']:,}, "
          f"Hunspell's library rejects {len(result['rejected']):,}; {result['seconds']:.0f} s")
    for word in result["rejected"][:50]:
        print(f"  rejected: {word}")
    return 1 if result["rejected"] else 0


if __name__ == "__main__":
    sys.exit(main())
