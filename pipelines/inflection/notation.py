"""SAOL's inflection notation (the `conj` field) parsed into key forms with their slots.

    >>> [(k.slot, k.text) for k in parse("+n; pl. +, best. pl. grävarna", "grävare", "NOUN").keys]
    [('sg def', 'grävaren'), ('pl indef', 'grävare'), ('pl def', 'grävarna')]

The grammar, as it occurs in SAOL 14 (docs/inflection.md has it with examples):

    notation  := variant ( "_" variant )*          alternative spellings of the headword
    variant   := part ( ("," | ";") part )*
    part      := label* form ( alt form )* label*
    alt       := "el." | "H" | style              "or"; a style label right after a form also means "or"
    form      := "+" letters                       the headword (a particle verb's first word) + ending
               | "-" letters                       replaces the last compound part of the headword
               | letters                           written out; "(o)" marks optional letters, ":" joins letter names

Labels (`pl.`, `best.`, `pres.`, `n.` …) name the slot of the forms after them, up to the next
separator; forms without a label fill the part of speech's slots in order. Words ending in ":"
are SAOL's running commentary (`i: pl. används:` = "in the plural is used") and are skipped, as
are `[…]` pronunciation notes, `(…:)` comments and the `<k>` markup. A few labels say that a
slot is not used (`obrukl.`, `undviks:`, `saknas:`, `oböjl.`).

The `saol` package cuts the field at 50 characters. The last token of a notation that long may
be cut short: it is kept as a `cut` key form, which the paradigm uses only to choose among the
forms its rules derive for that slot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexicon.errors import DataError

#: The `saol` package keeps at most this many characters of the notation.
FIELD_WIDTH = 50

# Labels that name a slot, by the code the slot tables below use.
LABELS = {
    "pl.": "pl", "best.": "def", "n.": "n", "neutr.": "n", "mask.": "masc", "sing.": "sg", "obest.": "indef",
    "pres.": "pres", "pret.": "past", "sup.": "sup", "imper.": "imper", "inf.": "inf", "perf.": "perf",
    "part.": "part", "gen.": "gen", "komp.": "comp", "superl.": "super", "f.": "form",
    "konjunktiv:": "subj", "objektsform:": "obj",
}
# Style labels: register or frequency. Right after a form they mean "or"; otherwise they are notes.
STYLES = {"vard.", "åld.", "ibl.", "högt.", "prov.", "finl.", "vanl.", "anv."}
ALTERNATIVE = {"el.", "H"}
# Labels saying that the slot they name (or the form before them) is not used.
NOT_USED = {"obrukl.", "undviks:", "saknas:", "oböjl."}
# Commentary that does not end in ":" ("om: t.ex. färgämnen:").
COMMENTARY = {"t.ex."}

# The slots each part-of-speech class fills in order, for forms without a label.
SEQUENCES = {
    "NOUN": ("sg def", "pl indef", "pl def"),
    "VERB": ("past", "sup", "past part", "past part n", "past part pl"),
    "ADJ": ("pos n", "pos def/pl", "comp", "super"),
    "PRON": ("n", "pl"),
    "ADV": ("comp", "super"),
    "OTHER": ("form",),
}

# Which labels name which slot, most specific first: the first whose labels are all present wins.
_SLOTS = {
    "NOUN": (({"def", "pl"}, "pl def"), ({"pl"}, "pl indef"), ({"def"}, "sg def"), ({"gen"}, "sg indef gen"),
             ({"sg"}, "sg def")),
    "VERB": (({"part", "pl"}, "past part pl"), ({"part", "n"}, "past part n"), ({"part"}, "past part"),
             ({"n"}, "past part n"), ({"pres"}, "pres"), ({"past"}, "past"), ({"sup"}, "sup"),
             ({"imper"}, "imper"), ({"inf"}, "inf")),
    "ADJ": (({"n"}, "pos n"), ({"def", "pl"}, "pos def/pl"), ({"masc"}, "pos masc"), ({"def"}, "pos def"),
            ({"pl"}, "pos pl"), ({"comp"}, "comp"), ({"super"}, "super"), ({"gen"}, "gen")),
    "PRON": (({"n"}, "n"), ({"masc"}, "masc"), ({"def"}, "def"), ({"pl"}, "pl"), ({"gen"}, "gen"),
             ({"obj"}, "obj"), ({"super"}, "super"), ({"comp"}, "comp")),
    "ADV": (({"comp"}, "comp"), ({"super"}, "super")),
    "OTHER": (({"n"}, "n"), ({"masc"}, "masc"), ({"pl"}, "pl"), ({"gen"}, "gen"), ({"comp"}, "comp"),
              ({"super"}, "super")),
}
# A form under one of these labels moves the positional cursor as if it had filled the slot named.
_ADVANCES = {"pos def": "pos def/pl", "pos pl": "pos def/pl", "pos masc": "pos def/pl"}
_JOINED = "\u00a0"  # joins the words of a written-out multiword form while tokens are split


def unreadable(message: str) -> DataError:
    """A notation this parser cannot read; the entry keeps its headword and is counted by shape."""
    return DataError(message, code="unreadable-notation")


@dataclass(frozen=True, slots=True)
class KeyForm:
    """One form the notation gives: its text, the slot it fills, and how it was written."""

    text: str
    slot: str  # "sg def", "pl indef", "past", "pos n" …
    written: str  # the token as SAOL writes it: "+en", "-pinnar", "grävarna"
    variant: int = 0  # 0 for the headword's own spelling, 1… for the alternatives after "_"
    cut: bool = False  # the notation's last token, possibly cut short by the 50-character limit


@dataclass(frozen=True)
class Notation:
    """The key forms of one entry, the slots SAOL says are not used, and what was left out."""

    keys: tuple[KeyForm, ...] = ()
    unused: frozenset[str] = frozenset()
    truncated: bool = False
    skipped: tuple[str, ...] = field(default=())  # "+"/"-" forms of an alternative spelling SAOL does not name

    def slot(self, name: str, variant: int | None = None) -> list[str]:
        """The complete forms given for a slot (of one variant, or of all)."""
        return [k.text for k in self.keys
                if k.slot == name and not k.cut and (variant is None or k.variant == variant)]

    def cut(self, name: str, variant: int) -> str | None:
        """The beginning of a form the 50-character limit cut off, if it was for this slot."""
        return next((k.text for k in self.keys if k.cut and k.slot == name and k.variant == variant), None)

    @property
    def variants(self) -> list[int]:
        return sorted({k.variant for k in self.keys} | {0})


def shape(notation: str) -> str:
    """The notation with every word replaced by `w`: how unparsed entries are grouped."""
    return re.sub(r"[^\W\d_]+", "w", notation)


def parse(notation: str, headword: str, pos: str) -> Notation:
    """Key forms of `headword` (of class `pos`: NOUN, VERB, ADJ, PRON, ADV, OTHER) from its notation.

    `headword` is the word the notation's "+" and "-" refer to: for a particle verb (`titta
    efter`) the caller passes its first word.
    """
    if pos not in SEQUENCES:
        raise ValueError(f"unknown part-of-speech class {pos!r}")
    text, truncated, cut = _clean(notation)
    if " " in headword:
        # a written-out form of a multiword headword ("ett till sju-lärarna") is one token
        lead = headword.rsplit(" ", 1)[0] + " "
        text = text.replace(lead, lead.replace(" ", _JOINED))
    keys: list[KeyForm] = []
    unused: set[str] = set()
    skipped: list[str] = []
    variants = re.split(r"(?:^|\s)_(?:\s|$)", text)
    for number, variant in enumerate(variants):
        reader = _Variant(headword if number == 0 else None, pos, number, keys, unused, skipped)
        reader.read(variant, cut_last=cut and number == len(variants) - 1)
    return Notation(tuple(keys), frozenset(unused), truncated, tuple(skipped))


def _clean(notation: str) -> tuple[str, bool, bool]:
    """The notation without notes and markup; whether it was truncated, and whether its last
    token may be cut short."""
    text = re.sub(r"</?k>", "", notation)
    truncated = len(notation) >= FIELD_WIDTH
    if truncated:
        text = re.sub(r"[\[(][^\])]*$", " ", text)  # a note cut open: what precedes it is whole
    text = re.sub(r"\[[^\]]*\]", " ", text)  # pronunciation
    text = re.sub(r"\((?:[^()\s]*:\s*|el\.\s*)+\)", " ", text)  # "(i: ett: uttryck:)" commentary
    text = re.sub(r"\.-\s+(?=\w)", ". -", text)  # "best. pl.- rodren" is "best. pl. -rodren"
    text = re.sub(r"\.(?=\+)", ". ", text)  # "el.+en", "pl.+ar"
    text = text.replace("+-", "+")  # "reliabel +-t" once for "+t"
    cut = truncated and bool(re.search(r"[^\s,;]$", text))
    return text.strip(), truncated, cut


class _Variant:
    """Reads one variant left to right, filling slots: a small state machine."""

    def __init__(self, base: str | None, pos: str, number: int, keys: list[KeyForm], unused: set[str],
                 skipped: list[str]) -> None:
        self.base, self.pos, self.number = base, pos, number
        self.keys, self.unused, self.skipped = keys, unused, skipped
        self.sequence = SEQUENCES[pos]
        self.cursor = 0  # next positional slot
        self.labels: list[str] = []  # labels read since the last form or separator
        self.sticky: str | None = None  # the labelled slot of this part, for the forms that follow
        self.last: str | None = None  # slot of the previous form
        self.alternative = False  # an "or" is pending
        self.after_form = False
        self.cut = False  # the token being read may be cut short
        self.prefix: str | None = None  # what the `-` forms keep of the headword (av- of avsäga: -sade)
        self.parts: list[str] = []  # the parts the `-` forms put after it (sade, sagt, sagd)

    def read(self, text: str, cut_last: bool = False) -> None:
        tokens = re.findall(r"[;,]|[^\s;,]+", text)
        for i, token in enumerate(tokens):
            self.cut = cut_last and i == len(tokens) - 1
            self.token(token)

    def token(self, t: str) -> None:
        if t in (",", ";"):
            self.labels, self.sticky, self.alternative, self.after_form = [], None, False, False
        elif t in ALTERNATIVE or (t in STYLES and self.after_form):
            self.alternative = self.after_form or self.alternative
            self.after_form = False
        elif t in STYLES:
            pass
        elif t in NOT_USED:
            self.not_used()
        elif t in LABELS:
            self.labels.append(LABELS[t])
            self.after_form = False
        elif t.endswith(":") or t in COMMENTARY:
            pass
        elif t.endswith(".") and not self.cut:
            raise unreadable(f"unknown label {t!r}")
        elif t == "+" or t.startswith(("+", "-")) and len(t) > 1 or re.search(r"[^\W\d_]", t):
            self.form(t)
        elif not self.cut:
            raise unreadable(f"unexpected token {t!r}")

    def not_used(self) -> None:
        if self.labels:
            slot = self.resolve(self.labels)
            self.unused.add(slot)
            self.advance(slot)
            self.labels = []
        elif self.after_form and self.keys and self.keys[-1].variant == self.number:
            self.unused.add(self.keys.pop().slot)
        self.after_form = False

    def form(self, token: str) -> None:
        if self.alternative and self.last:
            slot = self.last
        elif self.labels:
            slot = self.sticky = self.resolve(self.labels)
        elif self.sticky:
            slot = self.sticky
        else:
            slot = self.positional(token)
            if slot is None:
                return  # a token cut short where no slot is left: a label's remains ("pres", "im")
        self.labels, self.alternative, self.after_form, self.last = [], False, True, slot
        self.advance(slot)
        for text in self.expand(token):
            self.keys.append(KeyForm(text.replace(_JOINED, " "), slot, token.replace(_JOINED, " "), self.number,
                                     self.cut))

    def advance(self, slot: str) -> None:
        step = _ADVANCES.get(slot, slot)
        if step in self.sequence:
            self.cursor = max(self.cursor, self.sequence.index(step) + 1)

    def positional(self, token: str) -> str | None:
        if self.pos == "VERB":
            verb_slot = self.verb_slot(token)
            if verb_slot:
                return verb_slot
        if self.cursor >= len(self.sequence):
            if self.pos == "OTHER":
                return "form"
            if self.cut:
                return None
            raise unreadable(f"more forms than {self.pos} has slots at {token!r}")
        slot = self.sequence[self.cursor]
        if self.pos == "ADJ" and self.cursor >= 1:
            # comparison without its label, after a neuter whose plural SAOL left out (trång: +t, trängre)
            if token.endswith("st"):
                return "super"
            if token.endswith("re") and slot == "pos def/pl":
                return "comp"
        return slot

    def verb_slot(self, token: str) -> str | None:
        """Verb forms whose ending tells their slot, wherever they stand."""
        texts = self.expand(token, record=False)
        if not texts:
            return None
        text = texts[0]
        if text.endswith(("ande", "ende")) and len(text) > 5:
            return "pres part"
        if self.cursor == 0 and self.base and text in (self.base + "r", self.base[:-1] + "er"):
            return "pres"  # klä: klär, kläder, klädde … gives the present first
        if self.cursor == 0 and text.endswith("it"):
            self.cursor = 1  # förgäta: förgätit, … gives no past
        if self.cursor == 1 and text.endswith("en"):
            self.cursor = 2  # varda: vart, vorden … gives no supine
        return None

    def resolve(self, labels: list[str]) -> str:
        """The slot a run of labels names, for this part of speech."""
        found = set(labels) - {"form"}
        if "subj" in found:
            rest = [label for label in labels if label != "subj"]
            return f"{self.resolve(rest) if rest else self.last or 'pres'} subj"
        for needed, slot in _SLOTS[self.pos]:
            if needed <= found:
                return slot
        raise unreadable(f"labels {' '.join(labels)} name no {self.pos} slot")

    def prefixed(self, token: str) -> str:
        """A written-out form that is one of the `-` forms' parts without its hyphen gets their prefix:
        avsäga `-sade, -sagt, -sagd n. sagt` gives the neuter avsagt, not the word sagt. It is such a
        part when it does not start with the prefix but starts like a part (two letters or more)."""
        if not self.prefix or token.lower().startswith(self.prefix.lower()):
            return token
        if any(len(token) > 1 and part[:2].lower() == token[:2].lower() for part in self.parts):
            return self.prefix + token
        return token

    def expand(self, token: str, record: bool = True) -> list[str]:
        """The written forms a token stands for (two when it has optional letters)."""
        if token.startswith(("+", "-")):
            if self.base is None:
                if record:
                    self.skipped.append(token)
                return []
            written = (self.base + token[1:] if token[0] == "+"
                       else replace_last_part(self.base, token[1:], whole=not self.cut))
            if record and token[0] == "-" and len(token) > 2:
                self.prefix, self.parts = written[:len(written) - len(token) + 1], self.parts + [token[1:]]
        else:
            written = self.prefixed(token)
        m = re.search(r"\((\w+)\)", written)
        if m:
            return [written[:m.start()] + m.group(1) + written[m.end():], written[:m.start()] + written[m.end():]]
        return [written]


# Letters that alternate at the start of a replaced part: and → änder, äta → åt, vajer → wirar.
_ALTERNATING = {c: family for family in ("aäå", "oö", "uy", "vw") for c in family}


def replace_last_part(base: str, part: str, whole: bool = True) -> str:
    """`-pinnar` on abborrpinne → abborrpinnar: the new part replaces the old one it starts like.

    The old part starts where the headword's tail shares the longest beginning with the new part,
    the rightmost such place on a tie, never at the very start, and, for a `whole` part (not one
    cut short), never where the tail is more than three letters longer than the new part
    (utmätningsman -män replaces "man", not "mätningsman"). Failing that, the last tail of two
    letters or more that starts with an alternating letter will do (brudand -änder, aväta -åt).
    A one-letter part (`hurdan -t`) is an ending, appended as it is.
    """
    if len(part) <= 1:
        return base + part
    low, new = base.lower(), part.lower()
    start = max(1, len(low) - len(new) - 3) if whole else 1
    best, where = 0, None
    for i in range(start, len(low)):
        n = 0
        while i + n < len(low) and n < len(new) and low[i + n] == new[n]:
            n += 1
        if n and n >= best:
            best, where = n, i
    if where is None:
        family = _ALTERNATING.get(new[0], "")
        where = next((i for i in range(len(low) - 2, start - 1, -1) if low[i] in family), None)
    return base + part if where is None else base[:where] + part
