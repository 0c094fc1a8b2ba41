"""DSSO, the Swedish Hunspell dictionary (Debian hunspell-sv), as an independent judge of inflections.

Two questions are asked of it:
- `Judge(...).accepts(word)`: does Hunspell accept the word (`chunspell`, the library in a wheel)?
- `stem_forms(stems)`: which forms does DSSO give each stem, and for which part of speech?

DSSO's .dic has no part-of-speech field: a stem's class shows in its affix flags, and since DSSO
reuses a flag for several classes, told apart by the stem's ending (`K` makes the past of a verb
in -a and the masculine of an adjective in -el), the class is decided per flag and stem in
`flag_class` below. Forms come from Debian's `unmunch` (hunspell-tools), run on a scratch .dic
holding one line per stem and flag, separated by sentinel stems so each expansion is known; only
plain words Hunspell itself accepts are kept (unmunch is naive: docs/hunspell.md).
"""

from __future__ import annotations

import subprocess
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

DICTIONARY = Path("/usr/share/hunspell")
NAME = "sv_SE"

# Flags that inflect, by the part of speech they inflect; "*" is the genitive/s-passive flag A,
# which belongs to whatever class the stem's other flags give it. Flags not listed derive new
# words (T: -are, -isk; e, d: -bo), mark compounding (X Y Z U W, lower-case flags) or numbers.
NOUN_FLAGS = set("CEGHI")
VERB_FLAGS = set("mR")
ADJ_FLAGS = set("Q")
SPLIT_FLAGS = set("BDFJKLMNOP")  # class depends on the stem's ending
INFLECTING = NOUN_FLAGS | VERB_FLAGS | ADJ_FLAGS | SPLIT_FLAGS | {"A"}
SENTINEL = "qqsentinel"


def flag_class(flag: str, stem: str) -> str | None:
    """The part of speech a flag inflects on this stem (NOUN, VERB, ADJ, "*" for A), or None."""
    vowel_final = stem[-1:] in "aeiouyåäöé"
    if flag == "A":
        return "*"
    if flag in NOUN_FLAGS:
        return "NOUN"
    if flag in VERB_FLAGS:
        return "VERB"
    if flag in ADJ_FLAGS:
        return "ADJ"
    if flag in "BF":
        return None if stem.endswith("a") else "NOUN"  # on verbs: -ande nouns (lidandet), derived
    if flag in "DJ":
        return "VERB" if stem.endswith("a") else "NOUN"  # D: sökande / katten; J: spring / stolar
    if flag in "OP":
        return "VERB" if stem.endswith("a") else "ADJ"  # participles / comparison, neuter
    if flag in "KLM":
        return "VERB" if vowel_final else "ADJ"  # tenses / comparison, masculine, plural of -el, -er
    if flag == "N":
        return "VERB" if vowel_final or stem.endswith("s") else "ADJ"
    return None


def read_dic(path: Path) -> dict[str, list[str]]:
    """Stem → the flag strings of its lines (a stem can have several lines, one per homograph)."""
    stems: dict[str, list[str]] = defaultdict(list)
    with path.open(encoding="utf-8") as fh:
        next(fh)  # the line count
        for line in fh:
            word, _, flags = line.rstrip("\n").partition("/")
            stems[word].append(flags.split()[0] if flags.strip() else "")
    return stems


def unmunch(lines: list[str], aff: Path) -> list[str]:
    """Debian's unmunch on a scratch .dic of `lines`; its output lines."""
    with tempfile.TemporaryDirectory() as tmp:
        dic = Path(tmp) / "scratch.dic"
        dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        out = subprocess.run(["unmunch", str(dic), str(aff)], capture_output=True, check=True)
    return out.stdout.decode("utf-8", errors="replace").splitlines()


def stem_forms(stems: Iterable[str], dictionary: Path = DICTIONARY) -> dict[str, dict[str, set[str]]]:
    """For each stem DSSO has: part of speech → the forms DSSO's flags give it (the stem not included).

    Forms are not yet filtered: `Judge.accepts` decides which are words.
    """
    dic = read_dic(dictionary / f"{NAME}.dic")
    jobs: list[tuple[str, str]] = []
    lines: list[str] = []
    for stem in stems:
        for flag in sorted({f for flags in dic.get(stem, ()) for f in flags if f in INFLECTING}):
            jobs.append((stem, flag))
            lines += [f"{stem}/{flag}", f"{SENTINEL}{len(jobs)}"]
    groups: list[list[str]] = [[]]
    for line in unmunch(lines, dictionary / f"{NAME}.aff"):
        if line.startswith(SENTINEL):
            groups.append([])
        else:
            groups[-1].append(line)
    result: dict[str, dict[str, set[str]]] = {}
    for (stem, flag), group in zip(jobs, groups):
        forms = {f for f in group if f != stem}
        cls = flag_class(flag, stem)
        if cls and forms:
            result.setdefault(stem, {}).setdefault(cls, set()).update(forms)
    for classes in result.values():
        shared = classes.pop("*", set())
        for cls in classes:
            classes[cls] |= shared
    return result


class Judge:
    """Hunspell's verdict on words, through chunspell, with a cache (each word is asked once)."""

    def __init__(self, dictionary: Path = DICTIONARY) -> None:
        import hunspell  # PyPI chunspell

        self.speller = hunspell.Hunspell(NAME, hunspell_data_dir=str(dictionary))
        self.cache: dict[str, bool] = {}

    def accepts(self, word: str) -> bool:
        verdict = self.cache.get(word)
        if verdict is None:
            verdict = self.cache[word] = bool(self.speller.spell(word))
        return verdict
