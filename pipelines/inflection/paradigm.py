"""Full paradigms from SAOL's key forms: every inflected form with its tag and the rule that made it.

    >>> [(f.text, f.tag) for f in paradigm("hund", "NOUN", parse("+en +ar", "hund", "NOUN"))][:4]
    [('hunds', 'sg indef gen'), ('hunden', 'sg def'), ('hundens', 'sg def gen'), ('hundar', 'pl indef')]

The notation gives the forms Swedish morphology cannot predict (the plural class, the past of a
strong verb, an irregular comparison); the rules here add the ones it can: genitives, the
definite plural, the verb's present and imperative when SAOL leaves them out, the s-forms,
participles, the masculine definite and regular comparison of adjectives. A form SAOL gives is
never replaced by a rule; a rule fills a slot only when SAOL gives nothing for it and does not
say the slot is unused. Rules are functions of key forms, so the forms of an alternative
spelling (after `_`) get them too where the headword itself is not needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from ..entry import Form
from .notation import Notation, parse

VOWELS = set("aeiouyåäöéèáàêü")

# Adjectives that compare with mer/mest, not -are/-ast: the endings of participles, -isk
# (classifying: nationality, science), -bar (läsbar: can be read) and adverb-like -vis.
_PERIPHRASTIC = ("isk", "bar", "ad", "ande", "ende", "vis")

_Rule = tuple[str, str, str]  # text, tag, rule

#: The classes of forms an evidence list may attest (`attests` of an `[[inflection.evidence]]` table):
#: each class is a lexical fact SAOL's notation does not mark, decided word by word.
ATTESTS = ("comparison", "masculine", "passive", "participle", "present participle", "plural")


@dataclass(frozen=True)
class Context:
    """What the rest of the source says about a word: its headwords, the past participles its verbs
    give (so that `ställd` and `välbesökt` are known to be participles), the words independent
    lists attest (`attested`: for each class of forms in ATTESTS, the words of the pipeline's
    `[[inflection.evidence]]` lists that may attest it; empty when it names none), and which
    headwords are adjectives (`adjectives`: a participle listed as one gives its own forms), nouns and
    verbs (`nouns`, `verbs`: a noun's genitive or another verb's present is no s-form of a verb)."""

    headwords: frozenset[str] = frozenset()
    participles: frozenset[str] = frozenset()
    attested: Mapping[str, frozenset[str]] = field(default_factory=dict)
    adjectives: frozenset[str] = frozenset()
    nouns: frozenset[str] = frozenset()
    verbs: frozenset[str] = frozenset()

    def participial(self, word: str) -> bool:
        """A past participle, or a compound ending in one (välbesökt, oklädd)."""
        return word in self.participles or any(word[i:] in self.participles for i in range(1, len(word) - 3))

    def attests(self, kind: str, forms: Iterable[str]) -> bool | None:
        """Whether the evidence lists that may attest forms of class `kind` (ATTESTS) attest one of
        `forms`; None when the pipeline names no evidence lists."""
        if not self.attested:
            return None
        words = self.attested.get(kind, frozenset())
        return any(f in words for f in forms)

    def compares(self, adjective: str, forms: list[str]) -> bool:
        """Whether an adjective compares with -are/-ast (fin: finare, finast), given its candidate
        comparative and superlative forms.

        SAOL does not mark comparison. With evidence lists, an adjective compares when they attest
        one of its comparison forms (wswedish's vackrare, dyrbarast). Without, SAOL's own evidence
        stands in: a quality adjective has a quality noun in -het (finhet, snabbhet); a one-syllable
        root (varm, glad) is one too, unless it names a nation (polsk); participles and the
        periphrastic endings never compare.
        """
        attested = self.attests("comparison", forms)
        if attested is not None:
            return attested
        if adjective.endswith(_PERIPHRASTIC) or adjective[-1:] in "ae" or self.participial(adjective):
            return False
        if adjective + "het" in self.headwords:
            return True
        return len(re.findall(r"[aeiouyåäöé]+", adjective)) == 1 and not adjective.endswith("sk")

    def has_masculine(self, adjective: str, forms: list[str]) -> bool:
        """Whether the masculine definite in -e (den gamle, den engelske) is made: attested by the
        evidence lists, or without them, for adjectives that compare (as before evidence lists)."""
        attested = self.attests("masculine", forms)
        return attested if attested is not None else self.compares(adjective, [])

    def has_passive(self, verb: str, forms: list[str]) -> bool:
        """Whether a verb's s-forms are made: an intransitive verb (dinglar, snöar) has a passive
        only impersonally. With evidence lists, when a list that may attest passives attests one
        s-form (grävas, grävs, grävdes, grävts) that is not also a noun's genitive or another verb's
        present passive: vakas, falls and växts are the genitives of vaka, fall and växt, avleds is
        avleda's, and they say nothing of vaka, falla, växa and avlida, which take no object; without
        evidence lists, every verb has them."""
        def own(form: str) -> bool:
            return form[:-1] not in self.nouns and (form[:-1] + "a" == verb or form[:-1] + "a" not in self.verbs)

        attested = self.attests("passive", [f for f in forms if own(f)])
        return True if attested is None else attested

    def has_participle(self, verb: str, forms: list[str]) -> bool:
        """Whether a derived past participle is made: it needs an object (grävd is "dug", but snöad
        or forsad are not words). With evidence lists, when they attest it; without, SAOL's own
        evidence for a transitive verb: it names its action with a noun in -ning, -ing, -an or
        -else (parcellera: parcellering, verka: verkan), as verbs acting on something do."""
        attested = self.attests("participle", forms)
        if attested is not None:
            return attested
        stem = verb[:-1]
        return any(stem + ending in self.headwords for ending in ("ning", "ing", "an", "else"))

    def has_present_participle(self, verb: str, form: str) -> bool:
        """Whether the derived present participle (grävande) is made: attested by the evidence
        lists, or without them, for every -a verb."""
        attested = self.attests("present participle", [form])
        return True if attested is None else attested


NO_CONTEXT = Context()


def paradigm(headword: str, pos: str, notation: Notation, context: Context = NO_CONTEXT) -> list[Form]:
    """Every form of `headword` (class `pos`) the notation and the rules give, each once, key forms first.

    The context tells which participles are headwords of their own (they are not generated
    here) and which adjectives compare.
    """
    make = _CLASSES.get(pos, _as_given)
    base, rest = split_particle(headword, pos)
    seen = {headword}
    forms = []
    for variant in notation.variants:
        for text, tag, rule in make(base if variant == 0 else None, _Keys(notation, variant), context):
            text += rest
            if text and text not in seen:
                seen.add(text)
                forms.append(Form(text, tag, rule))
    return forms


def split_particle(headword: str, pos: str) -> tuple[str, str]:
    """A particle verb (`titta efter`) inflects its first word; everything else inflects whole."""
    if pos == "VERB" and " " in headword:
        first, _, rest = headword.partition(" ")
        return first, " " + rest
    return headword, ""


def inflect(headword: str, pos: str, notation: str, context: Context = NO_CONTEXT) -> list[Form]:
    """Parse a notation and build the paradigm: `inflect("hund", "NOUN", "+en +ar")`."""
    base, _ = split_particle(headword, pos)
    return paradigm(headword, pos, parse(notation, base, pos), context)


class _Keys:
    """The key forms of one variant, by slot, with the slots SAOL marks as unused."""

    def __init__(self, notation: Notation, variant: int) -> None:
        self.notation, self.variant = notation, variant

    def __call__(self, slot: str) -> list[str]:
        return self.notation.slot(slot, self.variant)

    def unused(self, slot: str) -> bool:
        return slot in self.notation.unused

    def colon(self, base: str | None) -> bool:
        """Whether SAOL joins this variant's endings to the headword with a colon (tv: tv:n tv:ar; OS:et)."""
        return base is not None and any(k.text.startswith(base + ":") for k in self.notation.keys
                                        if k.variant == self.variant)

    def given(self, slot: str) -> Iterator[_Rule]:
        for k in self.notation.keys:
            if k.slot == slot and k.variant == self.variant and not k.cut:
                yield k.text, slot, f"notation {k.written}"

    def fill(self, slot: str, derived: list[_Rule]) -> list[_Rule]:
        """The forms SAOL gives for a slot, or else the derived ones (narrowed by a cut-off beginning)."""
        given = list(self.given(slot))
        if given or self.unused(slot):
            return given
        cut = self.notation.cut(slot, self.variant)
        if cut:
            matching = [d for d in derived if d[0].startswith(cut)]
            derived = matching or derived
        return derived


def genitive(word: str, colon: bool = False) -> str | None:
    """hund → hunds; a word ending in s, x or z takes no ending (hus, fax). A word whose endings
    follow a colon (`colon`: tv, vd, OS, the letter names) takes its genitive after one too: tv:s, OS:s."""
    if colon:
        return word + ":s"
    return None if word[-1:] in ("s", "x", "z") else word + "s"


def _with_genitives(forms: list[_Rule], colon_word: str | None = None) -> list[_Rule]:
    """Each form followed by its genitive; `colon_word` (a headword inflected with colons) takes
    the colon genitive where a form is the headword itself (the plural of `a`: a, a:s)."""
    out = []
    for text, tag, rule in forms:
        out.append((text, tag, rule))
        colon = text == colon_word
        g = genitive(text, colon)
        if g:
            out.append((g, f"{tag} gen", "genitive :s" if colon else "genitive +s"))
    return out


# ---------------------------------------------------------------- nouns

def _noun(base: str | None, keys: _Keys, context: Context) -> list[_Rule]:
    out: list[_Rule] = []
    # tv:s, not tvs: the form is spelled with its colon, and the game's rules drop it as non-letter
    colon = keys.colon(base)
    if base is not None:
        given_gen = list(keys.given("sg indef gen"))
        g = genitive(base, colon)
        out += given_gen or ([(g, "sg indef gen", "genitive :s" if colon else "genitive +s")] if g else [])
    out += _with_genitives(list(keys.given("sg def")))
    plural = list(keys.given("pl indef"))
    out += _with_genitives(plural, base if colon else None)
    neuter = any(d.endswith("t") for d in keys("sg def")) if keys("sg def") else None
    derived = [(d, "pl def", rule) for p, _, _ in plural
               for d, rule in _definite_plural(p, base, keys("sg def"), neuter)]
    out += _with_genitives(keys.fill("pl def", derived))
    return out


def _definite_plural(p: str, base: str | None, sg_def: list[str], neuter: bool | None) -> Iterator[tuple[str, str]]:
    """The definite plural from the indefinite: hundar → hundarna, barn → barnen, äpplen → äpplena."""
    if p == base and neuter:
        # a neuter with no plural ending builds on its definite singular: rummet → rummen, numret → numren
        for d in sg_def:
            if d.endswith("et"):
                yield d[:-2] + "en", "pl def: sg def -et +en"
            elif d.endswith("t") and d[-2:-1] in VOWELS:
                yield p + "na", "pl def: +na"
        if not sg_def:
            yield p + "en", "pl def: +en"
        return
    last = p[-1:]
    if last == "r":
        yield p + "na", "pl def: +na"
    elif p == base:
        pass  # a common-gender noun with no plural ending: SAOL gives the definite (grävarna)
    elif p.endswith("män"):
        yield p + "nen", "pl def: män +nen"
    elif last == "n":
        yield p + "a", "pl def: +a"
    elif last == "s":
        if not (p.endswith("ies") or p == f"{base}s"):
            yield p + "en", "pl def: +en"  # möss → mössen; not an English plural (airbags, ladies)
    elif last not in VOWELS and last.isalpha():
        yield p + "en", "pl def: +en"


# ---------------------------------------------------------------- verbs

def _verb(base: str | None, keys: _Keys, context: Context) -> list[_Rule]:
    out: list[_Rule] = []
    past, sup = keys("past"), keys("sup")
    deponent = base is not None and base.endswith("s")
    # first conjugation (abdikera: abdikerade) and short stems (ta: tar, tog) keep the -a
    first = base is not None and any(p in (base + "de", base[:-1] + "des") for p in past)
    short = (base is not None and base.endswith("a") and not first
             and (base + "r" in keys("pres") or any(p.endswith(("tog", "drog")) for p in past)))
    modal = any(not p.endswith("r") for p in keys("pres"))  # kan, vill, ska, måste
    pres = keys.fill("pres", _present(base, first or short, deponent) if base else [])
    out += pres
    out += keys.given("past")
    out += keys.given("sup")
    out += keys.fill("imper", [] if deponent or base is None else _imperative(base, first or short))
    for slot in ("inf", "past subj", "pres subj", "sup subj"):
        out += keys.given(slot)
    # deponents (hoppas) and modal verbs have no s-forms and no participles of their own making
    derive = base is not None and not deponent and not modal
    if derive:
        passives = _passives(base, [p for p, _, _ in pres], past, sup)
        if context.has_passive(base, [p for p, _, _ in passives]):
            out += passives
    out += _participles(base if derive else None, keys, past, short, context)
    return out


def _present(base: str, first: bool, deponent: bool) -> list[_Rule]:
    """gräva → gräver, abdikera → abdikerar, köra → kör, bo → bor, trivas → trivs."""
    if deponent:
        if first:
            return [(base, "pres", "pres: = inf")]
        return [(base[:-2] + "s", "pres", "pres: -as +s")] if base.endswith("as") else []
    if base.endswith("a"):
        if first:
            return [(base + "r", "pres", "pres: +r")]
        stem = base[:-1]
        if stem.endswith("r") and stem[-2:-1] in VOWELS:
            return [(stem, "pres", "pres: stem")]  # köra → kör, bära → bär
        return [(stem + "er", "pres", "pres: stem +er")]
    if base[-1:] in VOWELS:
        return [(base + "r", "pres", "pres: +r")]
    return []


def _imperative(base: str, first: bool) -> list[_Rule]:
    """gräva → gräv, abdikera → abdikera, drömma → dröm, bo → bo."""
    if base.endswith("a") and not first:
        stem = base[:-1]
        if stem.endswith("mm"):
            stem = stem[:-1]  # Swedish writes no final mm
        return [(stem, "imper", "imper: stem")]
    if base[-1:] in VOWELS:
        return [(base, "imper", "imper: = inf")]
    return []


def _passives(base: str | None, pres: list[str], past: list[str], sup: list[str]) -> list[_Rule]:
    """The s-forms: grävas, grävs (gräves), grävdes, grävts."""
    out: list[_Rule] = []
    if base and base[-1:] in VOWELS:
        out.append((base + "s", "inf pass", "pass: inf +s"))
    for p in pres:
        if base and base.endswith("a") and p == base[:-1]:
            out.append((p + "s", "pres pass", "pass: pres +s"))  # kör → körs, bär → bärs
        elif base and base[-1] in VOWELS and p == base + "r":
            out.append((base + "s", "pres pass", "pass: pres -r +s"))  # anger → anges, abdikerar → abdikeras
        elif p.endswith("er") and len(p) > 3:
            stem = p[:-2][:-1] if p.endswith("mmer") else p[:-2]  # drömmer → dröms
            # läser → läses; otherwise the -s form (grävs): the formal -es (gräves) SAOL gives where it is used
            ending = "es" if stem.endswith("s") else "s"
            out.append((stem + ending, "pres pass", f"pass: pres -er +{ending}"))
        elif p.endswith("r") and len(p) > 2:
            out.append((p[:-1] + "s", "pres pass", "pass: pres -r +s"))  # abdikerar → abdikeras, tar → tas
    out += [(p + "s", "past pass", "pass: +s") for p in past if not p.endswith("s")]
    out += [(s + "s", "sup pass", "pass: +s") for s in sup if not s.endswith("s")]
    return out


def _participles(base: str | None, keys: _Keys, past: list[str], short: bool, context: Context) -> list[_Rule]:
    """Present and past participles: those the notation gives, and (given a base) derived ones
    unless the source lists them as headwords of their own (grävande, körd), whose entries then
    give their forms."""
    out: list[_Rule] = []
    # gräva → grävande; not for short stems (ta: tagande) or other vowels (gå: gående, se: seende),
    # whose participles SAOL lists as headwords when it has them
    derived = [(base + "nde", "pres part", "pres part: +nde")] if base and base.endswith("a") and not short else []
    derived = [f for f in derived if f[0] not in context.headwords and context.has_present_participle(base, f[0])]
    out += keys.fill("pres part", derived)
    weak = [(w, "past part", "past part: past -e") for w in map(weak_participle, past) if w]
    # the participle where it is not the supine (köpt is both), or its plural where that is not the
    # past (skadade is both): a list that has the verb's supine or past says nothing of a participle
    sup = keys("sup")
    attestable = ([w for w, _, _ in weak if w not in sup]
                  + [p for w, _, _ in weak for p, _ in _participle_plural(w) if p not in past])
    if not base or not context.has_participle(base, attestable):
        weak = []
    listed = [text for text, _, _ in weak if text in context.headwords]
    if listed and (any(t in context.adjectives for t in listed) or not context.attests("participle",
            [p for t in listed for p, _ in _participle_plural(t) if p not in past])):
        # A participle SAOL lists as an adjective (ställd) gives its forms in that entry. One spelled
        # as another headword (följd, a consequence) is still the verb's when the evidence lists
        # attest a plural the noun cannot have (följda); the -ad ones (fasad, mognad) have none.
        weak = []
    common = keys.fill("past part", weak)
    out += common
    neuter = [(n, "past part n", rule) for c, _, _ in common for n, rule in _participle_neuter(c)]
    out += keys.fill("past part n", neuter)
    plural = [(c, "past part pl", rule) for c0, _, _ in common for c, rule in _participle_plural(c0)]
    out += keys.fill("past part pl", plural)
    return out


def weak_participle(past: str) -> str | None:
    """The past participle of a weak verb from its past: grävde → grävd, köpte → köpt, bodde → bodd."""
    return past[:-1] if past.endswith(("de", "te")) and len(past) > 3 else None


def _participle_neuter(common: str) -> Iterator[tuple[str, str]]:
    if common.endswith("ad"):
        yield common[:-1] + "t", "past part n: -d +t"  # abdikerad → abdikerat
    elif common.endswith("dd"):
        yield common[:-2] + "tt", "past part n: -dd +tt"  # bodd → bott
    elif common.endswith("d"):
        yield common[:-1] + "t", "past part n: -d +t"  # grävd → grävt
    elif common.endswith("en"):
        yield common[:-2] + "et", "past part n: -en +et"  # bunden → bundet
    elif common.endswith("t"):
        yield common, "past part n: = common"  # köpt


def _participle_plural(common: str) -> Iterator[tuple[str, str]]:
    if common.endswith("ad"):
        yield common + "e", "past part pl: +e"  # abdikerade
    elif common.endswith("en"):
        stem = common[:-2]
        if stem.endswith(("mm", "nn")):
            stem = stem[:-1]  # kommen → komna, försvunnen → försvunna: Swedish writes no triple letter
        yield stem + "na", "past part pl: -en +na"  # bunden → bundna
    elif common.endswith(("d", "t")):
        yield common + "a", "past part pl: +a"  # grävda, köpta


# ---------------------------------------------------------------- adjectives

def _adjective(base: str | None, keys: _Keys, context: Context) -> list[_Rule]:
    # No genitives: an adjective takes one only when used as a noun (de rikas), and neither SAOL
    # nor DSSO lists such forms (DSSO accepts 7% of them).
    out: list[_Rule] = list(keys.given("pos n"))
    weak = [f for slot in ("pos def/pl", "pos def", "pos pl") for f in keys.given(slot)]
    if not weak and base is not None and any(keys.given("pos n")):
        weak = keys.fill("pos def/pl", _weak_adjective(base))  # trång +t: trånga, as fin +t +a
    out += weak
    stems = [t[:-1] for t, _, _ in weak if t.endswith("a")]
    masculine = [(s + "e", "pos masc", "masc: -a +e") for s in stems]
    if base is None or not context.has_masculine(base, [m for m, _, _ in masculine]):
        masculine = []
    out += keys.fill("pos masc", masculine)
    comparison = [(s + "are", "comp", "comp: stem +are") for s in stems]
    superlative = [(s + "ast", "super", "super: stem +ast") for s in stems]
    if base is None or not context.compares(base, [f for f, _, _ in comparison + superlative]):
        comparison = superlative = []
    out += keys.fill("comp", comparison)
    superlative = keys.fill("super", superlative)
    out += superlative
    for s, _, _ in superlative:
        if s.endswith("ast"):
            out.append((s + "e", "super def", "super def: +e"))  # finaste
            continue
        out.append((s + "a", "super def", "super def: +a"))  # bästa
        if context.attests("masculine", [s + "e"]):
            out.append((s + "e", "super def masc", "super def masc: +e"))  # min bäste vän, den yngste
    return out


def _weak_adjective(base: str) -> list[_Rule]:
    """The weak form SAOL leaves out after a neuter (trång +t, svett n. +): trånga, tom → tomma. None
    for a headword that is weak already (bemälde) or whose ending may drop a vowel (mogen: mogna,
    enkel: enkla, but allmän: allmänna), which the notation would have to say."""
    if base[-1:] in VOWELS or base.endswith(("el", "en", "er")):
        return []
    if base[-1:] == "m" and base[-2:-1] in VOWELS:
        return [(base + "ma", "pos def/pl", "pos def/pl: +ma")]
    return [(base + "a", "pos def/pl", "pos def/pl: +a")]


# ---------------------------------------------------------------- plural-only nouns

def plural_only(headword: str, context: Context) -> list[Form]:
    """The forms of a noun SAOL gives without a notation in the plural (kläder, anor, stödpengar):
    its definite plural and both genitives (kläderna, kläders, klädernas). SAOL marks no plural-only
    noun, and many nouns without a notation are no plurals (kasus, lejonparten), so the forms are
    made when the evidence lists attest the definite; without them, never."""
    if not headword.endswith(("ar", "er", "or")) or not context.attests("plural", [headword + "na"]):
        return []
    rules = _with_genitives([(headword, "pl indef", "plural-only: = headword"),
                             (headword + "na", "pl def", "pl def: +na")])
    return [Form(text, tag, rule) for text, tag, rule in rules if text != headword]


# ---------------------------------------------------------------- the rest: as given

def _as_given(base: str | None, keys: _Keys, context: Context) -> list[_Rule]:
    slots = dict.fromkeys(k.slot for k in keys.notation.keys if k.variant == keys.variant)
    return [f for slot in slots for f in keys.given(slot)]


_CLASSES: dict[str, Callable[[str | None, _Keys, Context], list[_Rule]]] = {
    "NOUN": _noun, "VERB": _verb, "ADJ": _adjective,
}
