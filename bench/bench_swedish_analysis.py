"""sv-dsso-analysis beside sv-dsso: how many more words of real Swedish are valid when the words the
list lacks are judged by Hunspell's analysis (compounds), and the cost.

Words: wordfreq's 50,000 most frequent Swedish words that are letters only, in small letters (names
and abbreviations among them: the DSSO profiles keep them). Both lexicons are built by the same
sources into a temporary directory; answers come from `Lexicon.brief_answers` in batches of 1,000,
CPU time of one process. Precision: every word valid by analysis alone is one Hunspell accepts with
the same files, and the check counts those it would not (none expected: the analyser is Hunspell).
"""

from __future__ import annotations

import re
import tempfile
import time

from .measure import build_lexicon

TITLE = "Swedish validation by analysis (sv-dsso-analysis)"
ON_REQUEST = True  # two builds of the DSSO lists, about two minutes: `python -m bench swedish_analysis`
WORDS = 50_000


def run() -> str:
    import hunspell
    from wordfreq import top_n_list

    from lexicon import load

    root = tempfile.mkdtemp()
    words = [w for w in top_n_list("sv", WORDS * 2) if re.fullmatch(r"[a-zåäöéü]+", w)][:WORDS]
    rows = ["| lexicon | words in the list | valid of the frequent words | by the list | by analysis alone "
            "| words/s (CPU) |", "|---|---:|---:|---:|---:|---:|"]
    judge = hunspell.Hunspell("sv_SE", hunspell_data_dir="/usr/share/hunspell")
    rejected = None
    for name in ("sv-dsso", "sv-dsso-analysis"):
        build_lexicon(root, name)
        lex = load(name, root)
        started = time.process_time()
        answers = [a for i in range(0, len(words), 1000) for a in lex.brief_answers(words[i:i + 1000])]
        seconds = time.process_time() - started
        valid = [(w, a["normalized"]) for w, a in zip(words, answers) if a["valid"]]
        alone = [w for w, key in valid if not lex.listed(key)]
        if lex.analyser is not None:
            rejected = [w for w in alone if not judge.spell(w)]
        rows.append(f"| {lex.spec} | {lex.word_count:,} | {len(valid):,} ({len(valid) / len(words):.1%}) | "
                    f"{len(valid) - len(alone):,} | {len(alone):,} | {len(words) / seconds:,.0f} |")
        lex.close()
    return (f"Of wordfreq's {len(words):,} most frequent Swedish words of letters only:\n\n" + "\n".join(rows)
            + f"\n\nWords valid by analysis alone that Hunspell (`spell`, Debian sv_SE) rejects as written: "
            f"{len(rejected)}{' (' + ', '.join(rejected[:10]) + ')' if rejected else ''}.")
