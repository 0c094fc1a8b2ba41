"""Running text as the recall benchmarks read it (bench/running_text.py, bench/hungarian_recall.py and
their tests): files to lines, lines to lower-cased words, and the frequent words that count."""

from __future__ import annotations

import gzip
import html
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

WORD = re.compile(r"[^\W\d_]+")
VOWEL = re.compile(r"[aeiouyåäöéèüáà]")
TOP = 10_000


def text_lines(path: Path) -> Iterator[str]:
    """The running text of a file: subtitles without numbers and times, HTML without markup,
    man pages without requests and font escapes."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    name = path.name.removesuffix(".gz")
    if name.endswith(".srt"):
        lines = (line for line in text.splitlines() if not line.strip().isdigit() and "-->" not in line)
        yield from lines
        return
    if name.endswith((".html", ".htm")):
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    elif re.search(r"\.\d\w*$", name):  # a man page: drop the title line, requests (.B) and escapes (\fB, \-)
        text = re.sub(r"^\.TH\b.*$", " ", text, flags=re.M)
        text = re.sub(r"^\.\S*", " ", text, flags=re.M)
        text = re.sub(r"\\f[BIRP]|\\\(..|\\[-&e]|\\.", " ", text)
    yield from text.splitlines()


def count_words(paths: Iterable[Path]) -> Counter[str]:
    """Lower-cased word tokens of the files."""
    counts: Counter[str] = Counter()
    for path in paths:
        for line in text_lines(path):
            counts.update(w.lower() for w in WORD.findall(line))
    return counts


def frequent_words(counts: Counter[str], accepts, top: int = TOP) -> list[tuple[str, int]]:
    """The `top` most frequent word types that count (see the module's docstring)."""
    out = []
    for word, n in counts.most_common():
        if len(word) >= 2 and VOWEL.search(word) and accepts(word):
            out.append((word, n))
            if len(out) == top:
                break
    return out


def shape(word: str) -> str:
    """The kind of form, by its ending."""
    if word.endswith(("are", "ast", "aste", "re", "st", "sta", "ste")):
        return "comparison"
    if word.endswith(("ad", "ade", "at", "d", "da", "dd", "dda", "en", "na", "ande", "ende")):
        return "participle"
    if word.endswith("s"):
        return "s-form or genitive"
    if word.endswith("e"):
        return "masculine"
    return "other"
