"""The form index: the forms an analysing lexicon's word graph holds beyond its key index.

A Hungarian lexicon validated by analysis lists its stems (lexicon.graph.keys, the store) and puts
tens of millions of their affixed forms in the word graph only (pipelines/graphforms.py). For those
forms the artifact keeps two files:

- `forms.dwg` (`forms.kbdwg` past 0x400000 nodes): a DAWG whose words are a form's key in letters
  (numbered as in the key index), a separator, then one reading: its affix count, its part of
  speech and the numbers of the affix rules that made it, three digits each. Forms that end alike
  and were made alike share their tails, so tens of millions of readings take a few megabytes.
- `forms.json`: the letters, the separator, the parts of speech and the affix rules by number
  (PFX or SFX, flag, strip, add, morphology), as the dictionary's .aff gives them.

`key in index` asks whether a key has a reading; `first(keys)` reads the preferred reading of
each of a batch (fewest affixes first) in one compiled call; `readings(key)` reads every one. A
reading gives back its lemma by undoing its rules on the key, and its tag is the rules'
morphology, as the word list's forms have them (docs/artifacts.md has a worked example).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..analyser import UD_POS
from ..errors import ArtifactError, LexiconError, expect_format
from .codec import LetterCodes
from .reader import Kwg
from .writer import GraphBuilder

FORMAT = "tile-lexicon-forms"
FORMAT_VERSION = 1
GRAPH_STEM = "forms"
TABLE_FILE = "forms.json"
#: A reading's symbols are 1 to 63 (a word graph's tile numbers); digit i is the symbol i + 1.
BASE = 63
DIGITS = "".join(chr(i + 1) for i in range(BASE))
#: Digits per affix rule number: up to 250,047 rules.
READING_DIGITS = 3


def encode_number(number: int, width: int) -> str:
    """`number` in `width` digits of base 63, most significant first (as symbols: DIGITS)."""
    if not 0 <= number < BASE ** width:
        raise ValueError(f"{number} does not fit {width} digits of base {BASE}")
    out = []
    for _ in range(width):
        number, digit = divmod(number, BASE)
        out.append(DIGITS[digit])
    return "".join(reversed(out))


def part_of_speech_names() -> list[str]:
    """The parts of speech a reading can name (UD tags; '' for none), numbered by their place."""
    return sorted(set(UD_POS.values()) | {"X", ""})


@dataclass(frozen=True, slots=True)
class AffixRule:
    """One affix rule of the dictionary, as a reading names it."""

    kind: str  # PFX or SFX
    flag: str  # as the .aff writes it
    strip: str
    add: str
    morph: str


@dataclass(frozen=True, slots=True)
class FormReading:
    """One reading of a form: what the word list's `forms` rows say of an inflected form."""

    lemma: str
    pos: str
    tag: str  # the rules' morphology: `is:PLUR is:INE`
    rule: str  # the rules: `PFX r + SFX A`
    affixes: int


class FormIndex:
    """An opened form index: `"HÁZAKBAN" in index`, `index.first(keys)`, `index.readings(key)`."""

    def __init__(self, folder: Path, entry: dict[str, Any]) -> None:
        try:
            graph_file, table_file = entry["graph"], entry["table"]
        except (KeyError, TypeError):
            raise ArtifactError(f"{folder}: the manifest's forms entry is incomplete: rebuild the artifact") from None
        path = folder / table_file
        try:
            table = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ArtifactError(f"{path}: not a readable form table ({exc})") from None
        expect_format(table, path, FORMAT, FORMAT_VERSION, "form table")
        try:
            self.codes = LetterCodes(table["letters"])
            self.letters = self.codes.letters
            self.separator: int = table["separator"]
            self.pos_names: list[str] = table["pos"]
            self.affixes = [AffixRule(*rule) for rule in table["affixes"]]
            self.source: str = table["source"]
        except (KeyError, TypeError) as exc:
            raise ArtifactError(f"{path}: the form table lacks {exc}") from None
        except LexiconError as exc:
            raise ArtifactError(f"{path}: {exc}") from None
        self.graph = Kwg.open(folder / graph_file)
        self._core = self.graph.core
        if self._core is not None:
            self._core.set_letters(self.letters)
        self._decoded: dict[bytes, tuple] = {}

    def __contains__(self, key: str) -> bool:
        return self.first([key])[0] is not None

    def first(self, keys: Sequence[str]) -> list[bytes | None]:
        """Per key, its preferred reading (fewest affixes, then the rules' numbers), or None."""
        if self._core is not None:
            return self._core.firsts_after(keys, self.separator)
        return [next(iter(self._after(key, 1)), None) for key in keys]

    def readings(self, key: str, limit: int = 64) -> list[FormReading]:
        """Every reading of `key`, preferred first (at most `limit`)."""
        if self._core is not None:
            found = self._core.after(key, self.separator, limit)
        else:
            found = self._after(key, limit)
        return [self.reading(key, code) for code in found]

    def _after(self, key: str, limit: int) -> list[bytes]:
        codes = self.codes.encode(key)
        if codes is None:  # a letter outside the lexicon's alphabet
            return []
        node = self.graph.follow(codes + bytes((self.separator,)))
        if not node:
            return []
        start = self.graph.node(node)[3]
        out = []
        for word in self.graph.words(start):
            out.append(bytes(word))
            if len(out) >= limit:
                break
        return out

    def reading(self, key: str, code: bytes) -> FormReading:
        """The reading `code` (as `first` gives it) of `key`: its lemma, part of speech, tag and rules."""
        affixes, pos, undo, tag, rule = self._decode(code)
        word = key.lower()
        for is_prefix, added, strip in undo:
            word = strip + word[added:] if is_prefix else word[:len(word) - added] + strip
        return FormReading(word, pos, tag, rule, affixes)

    def _decode(self, code: bytes) -> tuple:
        found = self._decoded.get(code)
        if found is None:
            try:
                count, pos = code[0] - 1, self.pos_names[code[1] - 1]
                rules = []
                for i in range(count):
                    number = 0
                    for symbol in code[2 + READING_DIGITS * i:2 + READING_DIGITS * (i + 1)]:
                        number = number * BASE + symbol - 1
                    rules.append(self.affixes[number])
            except IndexError:
                raise ArtifactError(f"{self.graph.name}: a reading names no affix rule of the form table") from None
            # Undo prefixes first, then suffixes from the outermost in: the rules are in word order.
            undo = [(True, len(r.add), r.strip) for r in rules if r.kind == "PFX"]
            undo += [(False, len(r.add), r.strip) for r in reversed(rules) if r.kind != "PFX"]
            found = (count, pos, undo, " ".join(r.morph for r in rules if r.morph),
                     " + ".join(f"{r.kind} {r.flag}" for r in rules))
            if len(self._decoded) < 65536:
                self._decoded[code] = found
        return found

    def close(self) -> None:
        self.graph.close()


def table(letters: str, pos_names: list[str], affixes: list[AffixRule], source: str) -> dict[str, Any]:
    """The form table's content (`forms.json`)."""
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "letters": letters, "separator": len(letters) + 1,
            "digits": READING_DIGITS, "pos": pos_names, "source": source,
            "affixes": [[a.kind, a.flag, a.strip, a.add, a.morph] for a in affixes]}


def write(folder: Path, readings: GraphBuilder, content: dict[str, Any]) -> dict[str, Any]:
    """Write the form index (the readings' DAWG and the table `content`) into `folder`; return the
    manifest's `forms` entry."""
    encoded = readings.finish(gaddag=False)
    graph_file = GRAPH_STEM + encoded.suffix
    (folder / graph_file).write_bytes(encoded.data)
    (folder / TABLE_FILE).write_text(json.dumps(content, ensure_ascii=False) + "\n", encoding="utf-8")
    return {"graph": graph_file, "table": TABLE_FILE, "format": encoded.layout, "nodes": encoded.nodes,
            "readings": encoded.distinct}


def formats(entry: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The manifest's `formats` records for the form index's files."""
    return {entry["graph"]: {"format": entry["format"], "gaddag": False, "nodes": entry["nodes"],
                             "alphabet": f"letters, a separator and reading digits ({TABLE_FILE})"},
            entry["table"]: {"format": FORMAT, "format_version": FORMAT_VERSION}}
