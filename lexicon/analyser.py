"""Validation by analysis: a word is valid when the dictionary's morphology accepts it and the game
profile allows what the analysis says it is.

A Hungarian dictionary generates without end (preverbs, derivations, case endings, compounds), so
no list holds every word a player may form. Hunspell, with the dictionary's own .aff/.dic, knows
them all and says what each is made of:

    megtörtént  ip:PREF sp:meg  st:történik po:vrb … is:PAST_INDIC_INDEF_SG_3
    budapesti   fl:" st:Budapest po:noun_prs ts:NOM is:i_PLACE/TIME_adj ts:NOM
    kortárs     pa:kor st:kor po:noun ts:NOM pa:társ st:társ po:noun ts:NOM

The profile's rules apply to those readings, not to the stem's spelling: `budapesti` is a lower-case
word derived from a name (valid), `Budapest` is a name (not), `km` is an abbreviation, `el` a preverb
alone, and with `compounds = "listed"` a compound the dictionary does not list as one stem is not a
word either. The readings' morpheme boundaries (the preverb, compound parts, where the stem ends,
the suffixes whose spelling the tag gives, the stem's `hy:` field) give the tiles, as the build's
tiling evidence does (lexicon/boundaries.py): meg|szűnik, kis|csoport, ház|sor, egész|ség.

    >>> a = Analyser("/usr/share/hunspell/hu_HU.aff", "/usr/share/hunspell/hu_HU.dic",
    ...              load_profile("hu-betutorony-hunspell"))                               # doctest: +SKIP
    >>> a.judge("HÁZSOR").tilings                                                  # doctest: +SKIP
    (('H', 'Á', 'Z', 'S', 'O', 'R'),)

Every answer is bounded in time: a key is refused by its tile count before Hunspell sees it, so
Hunspell only ever analyses words of at most `max_tiles` tiles (20 letters in Betűtorony), which
it does in a few milliseconds at worst.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .alphabet import Alphabet
from .boundaries import common_prefix, hy_boundaries, tiling_by_parts
from .errors import ArtifactError
from .profile import Compounds, Profile
from .reasons import Reason
from .tiling import Tiling, fewest_tiles, preferred_tiling

if TYPE_CHECKING:
    from .precheck import Precheck

#: The engine an artifact's `analysis` entry names; the only one so far.
ENGINE = "hunspell"

#: Hunspell `po:` values (the part before any `_`, or the whole value) in UD tags.
UD_POS = {
    "noun": "NOUN", "noun_prs": "PROPN", "noun_pron": "PRON", "pron": "PRON", "vrb": "VERB", "verb": "VERB",
    "adj": "ADJ", "adj_num": "NUM", "num": "NUM", "adv": "ADV", "det": "DET", "con": "CCONJ", "conj": "CCONJ",
    "post": "ADP", "prep": "ADP", "part": "PART", "int": "INTJ", "interj": "INTJ",
    "prv": "ADV",  # a preverb standing apart from its verb is an adverb in use (menj el!, külön ment)
}

#: What a Hunspell part of speech makes a word the game's rules refuse, as a reason code: the one table
#: the build's list (its stems' `po:`, pipelines.sources.hunspell) and the analyser (each reading's word
#: class, `word_class`) read. A preverb (`prv`) is not here: every preverb stands alone in running text
#: (menj el, nem érte utol, külön ment), so it is a word (docs/hungarian.md, "Preverbs alone").
REFUSED_POS: dict[str, Reason] = {
    "abr": Reason.ABBREVIATION, "prefix": Reason.AFFIX, "suffix": Reason.AFFIX, "noun_prs": Reason.PROPER_NOUN,
}

# A tag that makes another word of the stem ends in that word's part of speech in small letters
# (`is:i_PLACE/TIME_adj` makes budapesti an adjective, `ds:Ó_PRESPART_adj` alapító); `is:ACC` makes none.
_DERIVING = re.compile(r"^(?:ds|is|ip):[^_\s]*_([A-Z/]+)_([a-z][a-z_]*)$")
# Derivations that keep a person's name a name: Radnótiné (Mrs), Radnótiék (the family).
_NAME_KEEPING = frozenset({"MRS", "FAMILIAR"})


def word_class(pos: str, tags: Iterable[str]) -> str:
    """The Hunspell part of speech of a word whose stem is `pos`, after its affix tags: the last
    derivation's, else the stem's. `word_class("noun_prs", ["is:i_PLACE/TIME_adj"])` → `adj` (budapesti),
    `word_class("noun_prs", ["is:ACC"])` → `noun_prs` (a name's accusative is a name)."""
    for tag in tags:
        found = _DERIVING.match(tag)
        if found and found[1] not in _NAME_KEEPING:
            pos = found[2]
    return pos


def ud_pos(value: str) -> str:
    """Hunspell's part of speech as a UD tag: `vrb` → VERB, `noun_prs` → PROPN, unknown → X."""
    return UD_POS.get(value) or UD_POS.get(value.split("_")[0], "X")


@dataclass(frozen=True)
class Part:
    """One morpheme run of a reading: a compound part, or the whole word after its prefix."""

    text: str  # as it stands in the word (lower case)
    lemma: str  # the dictionary stem (`st:`), as the dictionary writes it: `Budapest`
    pos: str  # Hunspell's part of speech (`po:`): noun, vrb, adj, noun_prs, abr, prv …
    tags: tuple[str, ...]  # stem, derivation and inflection tags in order: `ds:Ó_PRESPART_adj`, `is:POSS_SG_3`
    hy: str = ""  # the stem's hyphenation field: `ház|sor`


@dataclass(frozen=True)
class Reading:
    """One analysis of a word: its prefix (a preverb or the superlative leg-), then its parts."""

    analysis: str  # Hunspell's analysis, as it gave it
    prefix: str  # `meg`, `leg`, or ''
    prefix_tag: str  # `PREF` (a preverb), `leg_SUPERLATIVE_adj`, or ''
    parts: tuple[Part, ...]

    @property
    def head(self) -> Part:
        return self.parts[-1]

    @property
    def lemma(self) -> str:
        return self.head.lemma

    @property
    def pos(self) -> str:
        """The stem's part of speech (the lemma's)."""
        return self.head.pos

    @property
    def word_class(self) -> str:
        """The word's part of speech after its derivations: `adj` for budapesti (stem `noun_prs`)."""
        return word_class(self.head.pos, self.head.tags)

    @property
    def compound(self) -> bool:
        return len(self.parts) > 1

    @property
    def preverb(self) -> str:
        return self.prefix if self.prefix_tag == "PREF" else ""

    @property
    def tag(self) -> str:
        """The derivation and inflection tags of the head, as the list writes a form's tag: `is:PLUR is:INE`."""
        return " ".join(t for t in self.head.tags if t.startswith(("ds:", "is:")))

    @property
    def affixed(self) -> bool:
        """Does the reading have more than its bare stem: a prefix, a derivation or an inflection?"""
        return bool(self.prefix) or any(t.startswith(("ds:", "is:")) for t in self.head.tags)

    def as_dict(self) -> dict[str, Any]:
        return {"lemma": self.lemma, "pos": self.pos, "preverb": self.preverb, "prefix": self.prefix,
                "parts": [asdict(p) | {"tags": list(p.tags)} for p in self.parts], "analysis": self.analysis}

    def describe(self) -> str:
        """`meg + történik (vrb) + PAST_INDIC_INDEF_SG_3`, `kor (noun) | társ (noun)`."""
        out = [self.prefix] if self.prefix else []
        for part in self.parts:
            tags = [t.split(":", 1)[1] for t in part.tags if t.startswith(("ds:", "is:"))]
            out.append(" + ".join([f"{part.lemma} ({part.pos})", *tags]))
        text = " | ".join(out[1:] if self.prefix else out)
        return f"{self.prefix} + {text}" if self.prefix else text


@dataclass(frozen=True)
class AnalysisVerdict:
    """The analyser's answer for one key: valid with its readings and tilings, or a reason."""

    key: str
    valid: bool
    reason: str | None = None  # a Reason value: not-in-lexicon, too-long, excluded:<kind> …
    detail: str | None = None
    readings: tuple[Reading, ...] = ()  # the readings the profile allows (valid) or the refused ones
    tilings: tuple[Tiling, ...] = ()  # every valid tiling, the first reading's first


class Analyser:
    """Judge words by Hunspell's analysis with the given dictionary files and game profile."""

    def __init__(self, aff: str | Path, dic: str | Path, profile: Profile, alphabet: Alphabet | None = None,
                 precheck: Precheck | None = None) -> None:
        aff, dic = Path(aff), Path(dic)
        if aff.suffix != ".aff" or dic.suffix != ".dic" or aff.stem != dic.stem or aff.parent != dic.parent:
            # Hunspell's binding opens <dir>/<name>.aff and <dir>/<name>.dic
            raise ArtifactError(f"{aff} and {dic}: an analysing dictionary is <name>.aff and <name>.dic in one "
                                f"folder")
        for path in (aff, dic):
            if not path.is_file():
                raise ArtifactError(f"{path}: no such dictionary file")
        try:
            import hunspell  # PyPI chunspell: Hunspell's own library
        except ImportError as exc:
            raise ArtifactError("validation by analysis needs Hunspell's library: pip install chunspell") from exc
        self.aff, self.dic = aff, dic
        self.profile = profile
        self.alphabet = alphabet or profile.alphabet
        self.policy = profile.doubled_digraphs
        self._hunspell = hunspell.Hunspell(dic.stem, hunspell_data_dir=str(dic.parent))
        self.precheck = precheck  # the parts graph: words no cut into the dictionary's parts spells
        # The library keeps state per call and is not thread-safe; gthread workers share one analyser.
        self._lock = threading.Lock()

    @classmethod
    def open(cls, folder: str | Path, entry: dict[str, Any], profile: Profile,
             alphabet: Alphabet | None = None, precheck: Precheck | None = None) -> Analyser:
        """The analyser of an artifact: `entry` is its manifest's `analysis` table, whose files the
        manifest lists with their checksums (verified when the artifact is opened), and whose compound
        policy (the one it was built with) overrides the profile's; `precheck` is the parts graph its
        `precheck` entry names (lexicon.precheck.Precheck.open), which the caller opens."""
        folder = Path(folder)
        if not isinstance(entry, dict) or entry.get("engine") != ENGINE:
            raise ArtifactError(f"{folder}: the manifest's analysis entry names engine "
                                f"{entry.get('engine') if isinstance(entry, dict) else entry!r}; "
                                f"this toolkit knows {ENGINE!r}")
        compounds = entry.get("compounds", profile.compounds)
        if compounds not in {c.value for c in Compounds}:
            raise ArtifactError(f"{folder}: the manifest's analysis entry has compounds = {compounds!r}; "
                                f"one of {', '.join(c.value for c in Compounds)}")
        profile = dataclasses.replace(profile, compounds=Compounds(compounds))
        files = entry.get("files", {})
        if not isinstance(files, dict) or not {"aff", "dic"} <= files.keys():
            raise ArtifactError(f"{folder}: the manifest's analysis entry lists no aff and dic files")
        for name in files.values():
            if not isinstance(name, str) or "/" in name or name.startswith("."):
                raise ArtifactError(f"{folder}: bad analysis file name {name!r}")
        return cls(folder / files["aff"], folder / files["dic"], profile, alphabet, precheck)

    # ------------------------------------------------------------------ judging

    def judge(self, key: str, as_written: str | None = None, *, explain: bool = True) -> AnalysisVerdict:
        """Judge a normalised key (`MEGTÖRTÉNT`); `as_written` is the word it was normalised from, if
        known. A key Hunspell does not know in lower case is looked up as written in lower case (a
        letter the game folds: jalapeñójú), then as written (`pH`) and capitalised to say why it is
        refused (a name, an abbreviation); `explain=False` skips the why and answers `not-in-lexicon`
        at once."""
        key = key.upper()  # keys are the normaliser's, in capitals; a caller's `házsor` means the same
        bounded = self._bounds(key)
        if bounded is not None:
            return bounded
        word = key.lower()
        written = as_written.strip().lower() if as_written else ""
        if self.precheck is not None and self.precheck.refuses(word) and (
                written in ("", word) or self.precheck.refuses(written)):
            # every spelling Hunspell would be asked (this one, as written, capitalised) is one it rejects
            return self._not_accepted(key) if explain else AnalysisVerdict(key, False, Reason.NOT_IN_LEXICON.value)
        analyses, spelled = self._analyses(word)
        readings = self._parsed(word, analyses) if spelled else []
        if not readings and written not in ("", word) and written.isalpha():
            # a letter the game folds (jalapeño plays as JALAPENO): the dictionary knows the word as written
            readings = self.readings(written)
        if not readings:
            if not explain:
                return AnalysisVerdict(key, False, Reason.NOT_IN_LEXICON.value)
            return self._unknown(key, as_written, frozenset() if spelled else frozenset(analyses))
        allowed, refused = [], []
        abbreviated = {r.lemma for r in readings if r.pos == "abr"}
        for reading in readings:
            why = self._refusal(reading, abbreviated)
            (refused if why else allowed).append((reading, why))
        if not allowed:
            reason, detail = refused[0][1]
            return AnalysisVerdict(key, False, f"excluded:{reason}", detail, tuple(r for r, _ in refused))
        return self._tiled(key, [r for r, _ in allowed])

    def readings(self, word: str, rejected: frozenset[str] = frozenset()) -> list[Reading]:
        """Hunspell's readings of `word` as written, or none when Hunspell does not accept it (its
        analysis alone may split a word it rejects into parts: társasház). `rejected`: as `_analyses`."""
        analyses, spelled = self._analyses(word, rejected)
        return self._parsed(word, analyses) if spelled else []

    def _analyses(self, word: str, rejected: frozenset[str] = frozenset()) -> tuple[list[str], bool]:
        """Hunspell's analyses of `word` as written, and whether its `spell` accepts the word.

        `rejected` are the analyses of the word in small letters, which `spell` rejected, when `word`
        is that word capitalised. Hunspell analyses a capitalised word as itself and in small letters,
        and spells it as itself, then in small letters; when the capitalised spelling adds no analysis
        of its own, no entry of the dictionary begins with its capital, so its own check fails as the
        small one did, and `spell` is not asked again (for a word that reads as a compound of three or
        more parts Hunspell rejects it after a search of milliseconds: ötödréshét, gyertyakartó).
        """
        with self._lock:
            # The readings are the analyses, so a word with none has none whatever `spell` says; and
            # `spell` is the dearer call on what reaches here (on the compounds it tries the compound
            # rules' replacements, CHECKCOMPOUNDREP, and for three parts a typo search): asked second,
            # it is asked only of words with an analysis.
            analyses = self._hunspell.analyze(word)
            if not analyses or (rejected and rejected.issuperset(analyses)):
                return analyses, False
            return analyses, self._hunspell.spell(word)

    @staticmethod
    def _parsed(word: str, analyses: list[str]) -> list[Reading]:
        out = []
        for analysis in analyses:
            for alternative in alternatives(analysis):
                reading = parse_reading(word, alternative)
                if reading is not None and reading not in out:
                    out.append(reading)
        return out

    def _bounds(self, key: str) -> AnalysisVerdict | None:
        """Refuse by spelling and tile count before any analysis: what no board can hold is never analysed."""
        if not key:
            return AnalysisVerdict(key, False, Reason.EMPTY.value)
        fewest = fewest_tiles(key, self.alphabet)
        if fewest > self.profile.max_tiles:
            return AnalysisVerdict(key, False, Reason.TOO_LONG.value, f"{fewest} tiles at the fewest")
        if len(key) < self.profile.min_length:
            return AnalysisVerdict(key, False, Reason.TOO_SHORT.value, f"{len(key)} tiles")
        if preferred_tiling(key, self.alphabet, self.policy) is None:
            return AnalysisVerdict(key, False, Reason.NON_LETTER.value, str(Reason.UNTILEABLE))
        return None

    def _refusal(self, reading: Reading, abbreviated: set[str]) -> tuple[str, str] | None:
        """Why the profile refuses this reading, as (reason code, detail), or None."""
        excludes = self.profile.excludes
        if reading.lemma in abbreviated:  # km is listed as a noun too, with the abbreviation's lemma
            stem_rule = Reason.ABBREVIATION
        else:
            stem_rule = REFUSED_POS.get(reading.pos)
        if stem_rule is Reason.ABBREVIATION and excludes(Reason.ABBREVIATION):
            return Reason.ABBREVIATION.value, f"{reading.lemma}: an abbreviation or symbol"
        if stem_rule is Reason.AFFIX and excludes(Reason.AFFIX):
            return Reason.AFFIX.value, f"{reading.lemma}: a standalone affix"
        # A name stays a name inflected (radnótit); a derivation makes another word of it (budapesti),
        # as the dictionary's flags say wherever the name comes from: a capitalised stem or a small one.
        if REFUSED_POS.get(reading.word_class) is Reason.PROPER_NOUN:
            if excludes(Reason.PROPER_NOUN):
                return Reason.PROPER_NOUN.value, f"{reading.describe()}: a name"
        if not reading.affixed and not reading.compound and reading.lemma[:1].isupper():
            # Hunspell accepted the word in lower case, so a bare name here is a case quirk: refuse it
            if excludes(Reason.PROPER_NOUN):
                return Reason.PROPER_NOUN.value, f"{reading.lemma}: a name"
        if reading.compound and self.profile.compounds is Compounds.LISTED:
            return Reason.COMPOUND.value, " + ".join(p.text for p in reading.parts)
        return None

    def _unknown(self, key: str, as_written: str | None, rejected: frozenset[str]) -> AnalysisVerdict:
        """Hunspell rejects the word in lower case: say so, or that it is a name or an abbreviation.
        `rejected`: the analyses of the word in lower case, if it has any.

        Each lookup is a full search through Hunspell's compound rules for a word that is no word,
        so few are made: the word capitalised (Budapesten), and as written when that is neither
        capitals nor small letters (pH). All capitals say nothing, since Hunspell accepts any word
        in capitals, and an abbreviation of the dictionary is a stem the word list already explains.
        """
        capitalised = key[:1] + key[1:].lower()
        spellings = [capitalised]
        written = (as_written or "").strip()
        if written and written not in (key, key.lower(), capitalised):
            spellings.insert(0, written)
        for written in spellings:
            readings = self.readings(written, rejected if written == capitalised else frozenset())
            abbreviations = tuple(r for r in readings if r.pos == "abr" or _mixed_case(written))
            if abbreviations:
                return AnalysisVerdict(key, False, f"excluded:{Reason.ABBREVIATION}", f"{written}: an abbreviation",
                                       abbreviations)
            if readings:  # written only with a capital: a name (Budapest, Budapesten) or such a word
                first = readings[0]
                reason = Reason.PROPER_NOUN if first.lemma[:1].isupper() else Reason.CAPITALISED
                return AnalysisVerdict(key, False, f"excluded:{reason}", f"{written}: {first.describe()}",
                                       tuple(readings))
        return self._not_accepted(key)

    @staticmethod
    def _not_accepted(key: str) -> AnalysisVerdict:
        return AnalysisVerdict(key, False, Reason.NOT_IN_LEXICON.value,
                               "the dictionary's morphology does not accept it")

    def _tiled(self, key: str, readings: list[Reading]) -> AnalysisVerdict:
        """The valid tilings of the allowed readings, within the board's limits."""
        if self.alphabet.multi_re.search(key):
            found = list(dict.fromkeys(self._cut(key, r) for r in readings))
        else:  # no multi-letter tile in sight: one cut, whatever the morphemes
            found = [tuple(key)]
        fits = [t for t in found if self.profile.min_length <= len(t) <= self.profile.max_tiles]
        if not fits:
            shortest = min(len(t) for t in found)
            reason = Reason.TOO_SHORT if shortest < self.profile.min_length else Reason.TOO_LONG
            return AnalysisVerdict(key, False, reason.value, f"{shortest} tiles", tuple(readings))
        return AnalysisVerdict(key, True, readings=tuple(readings), tilings=tuple(fits))

    def _cut(self, key: str, reading: Reading) -> Tiling:
        """The tiling a reading's morpheme boundaries give, or the preferred cut where they give none."""
        bounds = boundaries(key.lower(), reading)
        cut = None if bounds is None else tiling_by_parts(key, bounds, self.alphabet, self.policy)
        return cut or preferred_tiling(key, self.alphabet, self.policy)


def _mixed_case(written: str) -> bool:
    """A capital after a small letter is a symbol's spelling (pH, kWh), as the build's rules read it."""
    return any(a.islower() and b.isupper() for a, b in zip(written, written[1:]))


# ---------------------------------------------------------------- reading Hunspell's analyses

_FIELD = re.compile(r"(\w\w):(\S*)")
_GROUP = re.compile(r"\(([^()]*)\)")


def alternatives(analysis: str) -> list[str]:
    """Hunspell writes alternative analyses of a compound's last part as `( a | b )`: one analysis each.

    >>> alternatives("pa:x st:x pa:yz ( st:y is:A | st:y is:B )")
    ['pa:x st:x pa:yz  st:y is:A', 'pa:x st:x pa:yz st:y is:B ']
    """
    group = _GROUP.search(analysis)
    if group is None:
        return [analysis]
    head, tail = analysis[:group.start()], analysis[group.end():]
    # the separator has blanks around it: a bare | is part of a value (hy:ház|sor)
    return [a for choice in group.group(1).split(" | ") for a in alternatives(head + choice + tail)]


def parse_reading(word: str, analysis: str) -> Reading | None:
    """A Reading from one Hunspell analysis of `word` (lower case), or None if it names no stem."""
    prefix = prefix_tag = lead = ""
    parts: list[Part] = []
    current: dict[str, Any] | None = None
    texts: list[str] = []

    def close() -> None:
        # a compound part without its own stem field (a build without morphology: pa:sor alone) is its text
        lemma = current and (current.get("lemma") or current.get("text"))
        if lemma:
            parts.append(Part(current.get("text", ""), lemma, current.get("pos", ""),
                              tuple(current["tags"]), current.get("hy", "")))

    for name, value in _FIELD.findall(analysis):
        if name == "ip" and not parts and current is None:
            prefix_tag = prefix_tag or value
            if value != "PREF":
                prefix = value.split("_", 1)[0]  # leg_SUPERLATIVE_adj: the prefix is leg
        elif name == "sp" and not parts and current is None:
            prefix = value
        elif name == "pa":
            close()
            current = {"text": value, "tags": []}
            texts.append(value)
        elif name == "st":
            if current is None or current.get("lemma"):
                close()
                current = {"tags": []}
            current["lemma"] = value
        elif current is None:
            if name == "po" and not parts:
                lead = value  # a first compound part Hunspell gives no stem or text of (po:adj_num  st:szint …)
            continue
        elif name == "po":
            current.setdefault("pos", value)
        elif name == "hy":
            current["hy"] = value
        elif name in ("ts", "ds", "is"):
            current["tags"].append(f"{name}:{value}")
    close()
    if not parts:
        return None
    if prefix and not word.startswith(prefix):
        prefix = ""
    if not texts:  # one part: the word after its prefix
        rest = word[len(prefix):]
        at = rest.rfind(parts[0].lemma.lower()) if lead and len(parts) == 1 else -1
        if at > 0:  # ... after an unnamed first part, where the named one's lemma begins: száz|szintes
            parts = [Part(rest[:at], rest[:at], lead, (), ""), Part(rest[at:], *_rest(parts[0]))]
        else:
            parts[0] = Part(rest, *_rest(parts[0]))
    return Reading(analysis.strip(), prefix, prefix_tag, tuple(parts))


def _rest(part: Part) -> tuple:
    return part.lemma, part.pos, part.tags, part.hy


# A tag's morph name spells its suffix when it has small letters, with capitals for the letters
# that vary (vowel harmony, assimilation): sÁg is -ság/-ség, hAtAtlAn, An, bb, and a lone Ó is
# -ó/-ő. Names in capitals (PLUR, POSS, INE, CAUS/FIN) are grammar, not spelling.
_VOWELS = set("aáeéiíoóöőuúüű")


def _suffix_spelling(tag: str) -> str | None:
    """The spelling pattern of a derivation or inflection tag's suffix, or None if the tag gives none."""
    name = tag.split(":", 1)[1].split("_", 1)[0]
    if not name.isalpha() or not (any(c.islower() for c in name) or (len(name) == 1 and name.lower() in _VOWELS)):
        return None
    return name


def _matches(pattern: str, text: str, at: int) -> int:
    """How many letters of `text` from `at` the pattern spells, or -1."""
    if at + len(pattern) > len(text):
        return -1
    for i, p in enumerate(pattern):
        ch = text[at + i]
        if p.islower():
            if ch != p:
                return -1
        elif (p.lower() in _VOWELS) != (ch in _VOWELS):
            return -1  # a capital vowel is a vowel of either harmony; a capital consonant any consonant
    return len(pattern)


def boundaries(word: str, reading: Reading) -> tuple[int, ...] | None:
    """Morpheme boundaries of `word` (lower case) under one reading, or None if the reading's parts do
    not spell the word. Each is a place no tile crosses: after the prefix, between compound parts,
    where a part's stem ends (its common beginning with the lemma), after suffixes whose spelling the
    tags give, and inside the stem where its `hy:` field marks a break."""
    out: set[int] = set()
    pos = len(reading.prefix)
    if pos:
        out.add(pos)
    for part in reading.parts:
        text = part.text
        if word[pos:pos + len(text)] != text or not text:
            return None
        lemma = part.lemma.lower()
        stem = common_prefix(text, lemma)
        if part.hy:
            out.update(pos + b for b in hy_boundaries(lemma, f"hy:{part.hy}") if b <= stem)
        if 0 < stem < len(text):
            out.add(pos + stem)
            at = stem
            # Suffixes are placed after the stem only where the stem is spelled whole (alapít|ó|ja),
            # or is an -ik verb's (működ|és|ét): a stem that changed (bajusz → bajsz|os) ends later
            # than the letters it shares with its lemma.
            whole = stem == len(lemma) or (part.pos == "vrb" and lemma.endswith("ik") and stem == len(lemma) - 2)
            for tag in part.tags if whole else ():
                if not tag.startswith(("ds:", "is:")):
                    continue
                pattern = _suffix_spelling(tag)
                if pattern is None:
                    break  # a suffix of unknown spelling: the next ones cannot be placed
                length = _matches(pattern, text, at)
                if length < 0:
                    break
                at += length
                if at < len(text):
                    out.add(pos + at)
        pos += len(text)
        out.add(pos)
    if pos != len(word):
        return None
    return tuple(sorted(b for b in out if 0 < b < len(word)))
