"""Recall on frequent words of real Swedish running text: are the words people write valid?

    python -m bench.running_text FILE …                # any Swedish text (.txt, .srt, .html, man pages .gz)
    python -m bench.running_text --lexicon DIR FILE …  # against a built artifact (default: builds one)

How words are counted: the text is split into runs of letters (`[^\\W\\d_]+`: hyphens, digits and
punctuation split), each run lower-cased; a word type counts when it has two letters or more and
a vowel (km, st, kg are abbreviations) and Hunspell with DSSO accepts it in lower case (names such
as Stockholm, which DSSO writes with a capital, and misspellings drop out). The frequent words are
the `top` most frequent such types. Recall is the share of them valid in the lexicon; the share of
their running-text tokens is given beside it, and beside both the share valid of the frequent words the
game's rules allow: a word they refuse (longer than the board, dropped by a rule) is no word a list
true to the rules can hold, so it says nothing of the list's fidelity.

Each miss gets a cause, from the evidence (Hunspell's stems of the word, SAOL 14's headwords):
- `not in SAOL`: no stem DSSO gives the word is a headword of SAOL 14 or its supplement
  (compounds SAOL does not list, foreign and old words);
- `SAOL writes it apart`: SAOL has it as a multiword entry (idag: `i dag`);
- `excluded by the rules`: a word the game's rules refuse: a source word they drop, or a form longer
  or shorter than the game's words (the verdict's too-long, too-short);
- otherwise a form of a SAOL headword the generator does not make, named by its shape:
  comparison, masculine, participle, s-form, other form.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from lexicon.reasons import Reason
from support.running_text import TOP, count_words, frequent_words, shape

MANPAGES = Path("/usr/share/man/sv")
#: The cause of a miss the game's rules decide.
REFUSED = "excluded by the rules"
_BY_LENGTH = (Reason.TOO_LONG.value, Reason.TOO_SHORT.value)


def journal_digital() -> list[Path]:
    """The speech transcripts of the Journal Digital corpus (PyPI journal-digital): 2.2 million words
    of Swedish newsreel commentary, 1920s–1960s, transcribed by speech recognition."""
    spec = importlib.util.find_spec("journal_digital")  # found, not imported: the package pulls in pandas
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the text needs PyPI journal-digital: pip install --no-deps journal-digital")
    root = Path(next(iter(spec.submodule_search_locations))) / "corpus" / "speech"
    return sorted(root.rglob("*.srt"))


def manpages() -> list[Path]:
    """The Swedish man pages of Debian's manpages-sv: 261 pages, 170,000 words of translated prose."""
    # other packages put their own Swedish pages there too: manpages-sv's own (b2sum.1) says it is installed
    if not (MANPAGES / "man1" / "b2sum.1.gz").is_file():
        raise SystemExit("the text needs Debian manpages-sv: make debs DEBS=manpages-sv")
    return sorted(MANPAGES.rglob("*.gz"))


@dataclass
class Result:
    tokens: int
    types: int
    frequent: list[tuple[str, int]]  # the counted frequent words, most frequent first
    valid: set[str]
    misses: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # cause → (word, count)

    @property
    def recall(self) -> tuple[int, int]:
        return len(self.valid), len(self.frequent)

    @property
    def token_recall(self) -> tuple[int, int]:
        return sum(n for w, n in self.frequent if w in self.valid), sum(n for _, n in self.frequent)

    @property
    def allowed_recall(self) -> tuple[int, int]:
        """Valid words among the frequent words the rules allow (every one but those they refuse)."""
        return len(self.valid), len(self.frequent) - len(self.misses.get(REFUSED, ()))


class Causes:
    """Why a word of running text is not in the lexicon, from DSSO's stems and SAOL's headwords."""

    def __init__(self, speller, headwords: dict[str, set[str]], joined: set[str]) -> None:
        self.speller = speller
        self.headwords = headwords  # SAOL headword → its parts of speech
        self.joined = joined  # SAOL's multiword and hyphenated headwords, written together

    def __call__(self, word: str, lexicon) -> str:
        verdict = lexicon.check(word)
        if verdict.exclusions or verdict.reason in _BY_LENGTH:
            return REFUSED
        if word in self.joined:
            return "SAOL writes it apart"
        stems = [s for s in self.speller.stem(word) if s in self.headwords and s != word]
        if word in self.headwords:
            return REFUSED
        if not stems:
            return "not in SAOL"
        return "form not made: " + shape(word)


def saol_headwords() -> tuple[dict[str, set[str]], set[str]]:
    """SAOL 14's headwords (the package and the supplement) with their parts of speech, and its
    multiword and hyphenated headwords written together."""
    from lexicon_pipelines import load_pipeline

    headwords: dict[str, set[str]] = defaultdict(set)
    joined = set()
    for reader in load_pipeline("sv-betapet").readers():
        for entry in reader.entries():
            headwords[entry.headword].add(entry.pos)
            if " " in entry.headword or "-" in entry.headword:
                joined.add(re.sub(r"[ -]", "", entry.headword).lower())
    return dict(headwords), joined


def measure(counts: Counter[str], lexicon, judge, top: int = TOP) -> Result:
    frequent = frequent_words(counts, judge.accepts, top)
    valid = {w for w, _ in frequent if lexicon.check(w).valid}
    result = Result(sum(counts.values()), len(counts), frequent, valid)
    headwords, joined = saol_headwords()
    cause = Causes(judge.speller, headwords, joined)
    misses: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for word, n in frequent:
        if word not in valid:
            misses[cause(word, lexicon)].append((word, n))
    result.misses = dict(sorted(misses.items(), key=lambda kv: -len(kv[1])))
    return result


def report(name: str, result: Result, examples: int | None = None) -> list[str]:
    a, n = result.recall
    ta, tn = result.token_recall
    _, allowed = result.allowed_recall
    lines = [f"- **{name}**: {result.tokens:,} tokens, {result.types:,} word types; of the {n:,} most frequent "
             f"words that count, **{100 * a / n:.2f}%** ({a:,}) are valid, {100 * ta / tn:.2f}% of their tokens; "
             f"of the {allowed:,} of them the rules allow, **{100 * a / allowed:.2f}%**."]
    for cause, words in result.misses.items():
        shown = words if examples is None else words[:examples]
        more = f" … ({len(words) - len(shown)} more)" if len(shown) < len(words) else ""
        lines.append(f"  - {cause} ({len(words)}): " + ", ".join(f"{w} {c}" for w, c in shown) + more)
    return lines


def build_lexicon(name: str):
    """Build a pipeline into a scratch directory and load it."""
    import tempfile

    from lexicon import load
    from lexicon_pipelines import build

    root = tempfile.mkdtemp(prefix="running-text-")
    build(name, root)
    return load(name, root)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.running_text", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="Swedish text: .txt, .srt, .html, man pages (.gz)")
    parser.add_argument("--lexicon", help="an artifact directory (default: build sv-betapet-inflected)")
    parser.add_argument("--top", type=int, default=TOP, help=f"how many frequent words (default {TOP:,})")
    args = parser.parse_args(argv)
    from lexicon import open_lexicon

    from .dsso import Judge

    lexicon = open_lexicon(args.lexicon) if args.lexicon else build_lexicon("sv-betapet-inflected")
    result = measure(count_words(args.files), lexicon, Judge(), args.top)
    print("\n".join(report(", ".join(p.name for p in args.files[:3]) + (" …" if len(args.files) > 3 else ""),
                            result)))


if __name__ == "__main__":
    main(sys.argv[1:])
