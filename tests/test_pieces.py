"""The two-piece rule (lexicon_pipelines.hunspell.pieces): the roles of the pieces and the rule over them,
against Hunspell itself on a small dictionary made here and on Debian's hu_HU (a few hundred of its stems,
to stay quick; `python -m bench.bench_pieces` measures the whole dictionary)."""

from __future__ import annotations

import random

import pytest

from lexicon import load_alphabet
from lexicon.errors import DataError
from lexicon.graph.codec import LetterCodes
from lexicon.tiling import fewest_tiles
from lexicon_pipelines.hunspell import read_aff, read_dic
from lexicon_pipelines.hunspell.parts import part_letters
from lexicon_pipelines.hunspell.pieces import (
    FIRST,
    FIRST_COUNTED,
    FIRST_STOP,
    LAST,
    LAST_COUNTED,
    LAST_STOP,
    LASTS,
    MAX_MARKER,
    TAKES_BASE,
    VETO,
    VETO_COMPOUND,
    PieceRule,
    Pieces,
    describe,
    role_table,
)
from support.lexicons import DEBIAN

HU = load_alphabet("hu-betutorony")
hunspell = pytest.importorskip("hunspell")


def substrings(words) -> set[str]:
    return {w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)}


# ---------------------------------------------------------------- a small dictionary, judged by Hunspell

SMALL_AFF = """SET UTF-8
LANG hu_HU
FLAG UTF-8
COMPOUNDMIN 1
COMPOUNDFLAG Y
COMPOUNDBEGIN v
COMPOUNDEND x
COMPOUNDFORBIDFLAG %
COMPOUNDPERMITFLAG @
COMPOUNDWORDMAX 2
COMPOUNDROOT y
COMPOUNDSYLLABLE 6 aáeéiíoóöőuúüű
NEEDAFFIX u
ONLYINCOMPOUND |
FORBIDDENWORD w
CHECKCOMPOUNDDUP
CHECKCOMPOUNDTRIPLE
CHECKCOMPOUNDPATTERN 2
CHECKCOMPOUNDPATTERN ccs cs
CHECKCOMPOUNDPATTERN sz szerű

PFX X Y 2
PFX X 0 meg/@ .
PFX X 0 vissza/@ .

SFX A Y 2
SFX A 0 ot .
SFX A 0 ban .

SFX S Y 1
SFX S 0 ás/YA@ .

SFX E Y 1
SFX E 0 i/@ .

"""

SMALL_DIC = """22
kutya/YA
ház/YA
házsor/YAy
sakk/YA
kör/YA
meccs/YA
csapat/YA
kosz/Y
szerű/Y
olvas/XS
ír/XS
fal/vA
lap/xA
gyógy/Y|
szer/YA
ügy/YA
ügyfél/YAw
tojás/uA
kert/YEA
autóút/YAy
aula/YA
óra/YA
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    (folder / "hu_small.aff").write_text(SMALL_AFF, encoding="utf-8")
    (folder / "hu_small.dic").write_text(SMALL_DIC, encoding="utf-8")
    aff = read_aff(folder / "hu_small.aff")
    pieces = Pieces(aff, read_dic(folder / "hu_small.dic", aff), HU, 10)
    speller = hunspell.Hunspell("hu_small", hunspell_data_dir=str(folder))
    return pieces, PieceRule.build(pieces), speller


def test_the_small_dictionary_agrees_with_hunspell_on_every_two_part_word(small):
    """Every two of its pieces joined (and each piece alone), within ten tiles: the rule accepts exactly what
    Hunspell accepts, outside the forms of at most two affixes (Hunspell's own affix search, which the rule does
    not repeat) and the pieces of one stem (CHECKCOMPOUNDDUP: Hunspell compares entries, the rule texts)."""
    pieces, rule, speller = small
    ex = pieces.expander
    forms = {t for s in pieces.stems for t, _ in ex._derive(s.word, s.flags, 2)} | {s.word for s in pieces.stems
                                                                                    if ex.is_word(s)}
    made_by: dict[str, set[int]] = {}
    for stem in pieces.stems:
        for _, text in pieces.strings([stem]):
            made_by.setdefault(text, set()).add(stem.line)
    texts = sorted(rule.roles)
    words = {a + b: (a, b) for a in texts for b in texts if not made_by.get(a, set()) & made_by.get(b, set())}
    words.update({t: (t, "") for t in texts})
    judged = {w: (speller.spell(w), rule.accepts(w)) for w in words
              if w not in forms and fewest_tiles(w.upper(), HU) <= 10}
    differ = [(w, h, r) for w, (h, r) in judged.items() if h != bool(r)]
    assert not differ, differ[:20]
    assert sum(bool(r) for _, r in judged.values()) > 500


def test_known_differences(small):
    """kutya + kutyaban: Hunspell refuses a compound of one dictionary entry twice, the rule only the same text;
    házsor + kutya + ház: Hunspell's three parts (within six syllables), the rule's two pieces; past ten tiles,
    where seven vowels are found, Hunspell's syllables leave out an inflection's (-ban), the rule's do not."""
    pieces, rule, speller = small
    assert not speller.spell("kutyakutya") and rule.accepts("kutyakutya") is None
    assert not speller.spell("kutyakutyaban") and rule.accepts("kutyakutyaban") is not None
    assert speller.spell("házsorkutyaház") and rule.accepts("házsorkutyaház") is None
    longer = PieceRule.build(Pieces(pieces.aff, pieces.stems, HU, 30))
    assert speller.spell("megolvasásházsorban") and longer.accepts("megolvasásházsorban") is None
    assert longer.accepts("megolvasásházsor") is not None


@pytest.mark.parametrize("word, split", [
    ("kutyaház", ("kutya", "ház")), ("kutyaházban", ("kutya", "házban")),  # a root, an inflected last part
    ("olvasásház", ("olvasás", "ház")), ("megolvasásház", ("megolvasás", "ház")),  # derived first parts
    ("gyógyszer", ("gyógy", "szer")),  # ONLYINCOMPOUND: a piece, not a word
    ("falkutya", ("fal", "kutya")), ("kutyalap", ("kutya", "lap")),  # COMPOUNDBEGIN, COMPOUNDEND
    ("kertiház", ("kerti", "ház")),  # a suffix with COMPOUNDPERMITFLAG inside a first part
])
def test_compounds_of_the_small_dictionary(small, word, split):
    _, rule, speller = small
    reading = rule.accepts(word)
    assert speller.spell(word) and reading is not None and (reading.first, reading.last) == split, reading


@pytest.mark.parametrize("word, why", [
    ("kutyakutya", "CHECKCOMPOUNDDUP"), ("sakkkör", "CHECKCOMPOUNDTRIPLE"), ("meccscsapat", "pattern ccs|cs"),
    ("koszszerű", "pattern sz|szerű"), ("lapkutya", "COMPOUNDEND first"), ("kutyafal", "COMPOUNDBEGIN last"),
    ("kutyaügyfél", "FORBIDDENWORD last part"), ("ügyfélkutya", "FORBIDDENWORD first part"),
    ("tojásház", "NEEDAFFIX root"), ("gyógy", "ONLYINCOMPOUND: a piece, no word"),
])
def test_refusals_of_the_small_dictionary(small, word, why):
    _, rule, speller = small
    assert not speller.spell(word), why
    assert rule.accepts(word) is None, (why, rule.accepts(word))


def test_a_compound_root_counts_a_word_and_the_syllables_decide(small):
    """autóút and házsor are COMPOUNDROOTs, vissza a prefix of two syllables: with another part such a compound
    counts three words, allowed up to six syllables."""
    _, rule, speller = small
    assert FIRST_COUNTED in rule.roles["autóút"] and LAST_COUNTED in rule.roles["autóút"]
    assert FIRST_COUNTED in rule.roles["visszaírás"] and FIRST in rule.roles["megírás"]
    for word, fits in [("autóútóra", True), ("autóútaula", False), ("aulaautóút", False), ("óraautóút", True),
                       ("házsorkutya", True), ("házsoraula", True)]:
        assert speller.spell(word) is fits and bool(rule.accepts(word)) is fits, word


def test_a_lead_and_a_form(small):
    """meg + olvasásban: a preverb with a stem and two suffixes, three affixes no word graph form has."""
    pieces, rule, speller = small
    reading = rule.accepts("megolvasásban")
    assert speller.spell("megolvasásban") and reading.kind == "lead" and reading.first == "meg"
    assert rule.accepts("megkutya") is None and not speller.spell("megkutya")  # kutya takes no preverb
    assert pieces.class_names() == ["X"] and [text for _, text in pieces.leads] == ["meg", "vissza"]


# ---------------------------------------------------------------- markers and the .aff

def test_markers_fit_a_word_graph():
    """The markers follow the letters in a word graph's 63 tile numbers, as the parts graph's do."""
    assert len(part_letters(HU)) + 1 + MAX_MARKER <= 63
    assert describe(LAST_COUNTED) == "LAST+counted" and describe(FIRST) == "FIRST"
    assert describe(TAKES_BASE + 4, ["r", "h", "b", "a", "X"]) == "TAKES(X)"


def test_the_forbidding_compound_directives_are_read():
    aff = read_aff(DEBIAN.with_suffix(".aff"))
    assert (aff.compoundpermit, aff.compoundforbid, aff.compoundroot) == ("@", "%", "y")
    assert (aff.compoundwordmax, aff.compoundmin, aff.compoundsyllable) == (2, 1, (6, "aáeéiíoóöőuúüű"))
    assert aff.checkcompounddup and aff.checkcompoundtriple and aff.checkcompoundrep and aff.checkcompoundcase
    assert [(p.end, p.begin) for p in aff.compound_patterns] == [
        ("ccs", "cs"), ("ggy", "gy"), ("lly", "ly"), ("nny", "ny"), ("ssz", "sz"), ("tty", "ty"), ("sz", "szerű")]


@pytest.mark.parametrize("directive", ["SIMPLIFIEDTRIPLE", "COMPOUNDMORESUFFIXES", "COMPOUNDWORDMAX 3",
                                       "CHECKCOMPOUNDPATTERN 1\nCHECKCOMPOUNDPATTERN o/A b"])
def test_what_the_rule_does_not_read_is_refused(tmp_path, directive):
    path = tmp_path / "x.aff"
    path.write_text(f"SET UTF-8\nCOMPOUNDFLAG Y\n{directive}\n", encoding="utf-8")
    with pytest.raises(DataError, match="the two-part rule does not read it"):
        Pieces(read_aff(path), [], HU, 10)


# ---------------------------------------------------------------- Debian's hu_HU

@pytest.fixture(scope="module")
def debian():
    aff = read_aff(DEBIAN.with_suffix(".aff"))
    stems = read_dic(DEBIAN.with_suffix(".dic"), aff)
    return Pieces(aff, stems, HU, 10), hunspell.Hunspell(DEBIAN.name, hunspell_data_dir=str(DEBIAN.parent))


def rule_for(pieces: Pieces, words: list[str], lemmas: set[str]) -> PieceRule:
    """The rule over the pieces of the stems spelled `lemmas`, kept where `words` need them."""
    return PieceRule.build(pieces, keep=substrings(words).__contains__,
                           stems=[s for s in pieces.stems if s.word in lemmas])


COMPOUNDS = {"kortárs": ("kor", "társ"), "munkaerő": ("munka", "erő"), "kutyaház": ("kutya", "ház"),
             "bankszektor": ("bank", "szektor"), "húsipar": ("hús", "ipar"), "időkeret": ("idő", "keret")}
LEADS = {"lezárása": ("le", "zárása"), "megmondhatnám": ("meg", "mondhatnám"), "elérheti": ("el", "érheti")}
REFUSED = {"kutyakutya": "CHECKCOMPOUNDDUP", "sakkkör": "three k across the seam", "meccscsapat": "ccs|cs",
           "ívóvíz": "a FORBIDDENWORD (ivóvíz mistyped), though ívó + víz are pieces",
           "ügyvezetőúr": "a FORBIDDENWORD"}
LEMMAS = {"kor", "társ", "munka", "erő", "kutya", "ház", "bank", "szektor", "hús", "ipar", "idő", "keret", "zár",
          "mond", "ér", "érik", "sakk", "kör", "meccs", "csapat", "ívóvíz", "ívik", "víz", "ügyvezetőúr",
          "ügyvezető", "úr", "Egyiptom"}


def test_hand_picked_words_of_hu_hu(debian):
    pieces, speller = debian
    words = [*COMPOUNDS, *LEADS, *REFUSED, "egyiptomiak"]
    rule = rule_for(pieces, words, LEMMAS)
    for word, split in COMPOUNDS.items():
        reading = rule.accepts(word)
        assert speller.spell(word) and reading.kind == "compound" and (reading.first, reading.last) == split, word
    for word, split in LEADS.items():
        reading = rule.accepts(word)
        assert speller.spell(word) and reading.kind == "lead" and (reading.first, reading.last) == split, word
    for word, why in REFUSED.items():
        assert not speller.spell(word) and rule.accepts(word) is None, why
    assert VETO in rule.roles["ívóvíz"] and {FIRST, LAST} <= rule.roles["ívó"] | rule.roles["víz"]
    # a name's form of three affixes, its capital made small by the " prefix: no lead, a piece by itself
    assert speller.spell("egyiptomiak") and rule.accepts("egyiptomiak").kind == "whole"


def test_no_forbidden_stem_is_a_piece(debian):
    """Every FORBIDDENWORD stem of hu_HU: what it makes only stops Hunspell or is refused whole."""
    pieces, _ = debian
    forbidden = [s for s in pieces.stems if pieces.aff.forbidden in s.flags]
    assert len(forbidden) > 1000
    markers = {m for m, _ in pieces.strings(forbidden)}
    assert markers <= {FIRST_STOP, LAST_STOP, VETO, VETO_COMPOUND}, sorted(map(describe, markers))
    assert {FIRST_STOP, LAST_STOP, VETO} <= markers


def test_packed_pieces_are_the_strings(debian):
    pieces, _ = debian
    stems = [s for s in pieces.stems if s.word in LEMMAS]
    packed = pieces.packed((pieces.stems.index(stems[0]), pieces.stems.index(stems[0]) + 1))
    codes, base = LetterCodes(pieces.letters), len(pieces.letters) + 1
    out, i = [], 0
    while i < len(packed):
        n = packed[i]
        seq = packed[i + 1:i + 1 + n]
        out.append((seq[-1] - base, codes.decode(seq[:-1])))
        i += n + 1
    assert out == list(pieces.strings(stems[:1])) and out


def test_a_sample_of_hu_hu_agrees_with_hunspell(debian):
    """Pieces of a random sample of stems joined at random (of two stems: one entry twice is a known difference),
    judged by the rule over the sample's pieces and by Hunspell. A first and a last part: they agree. Any two
    pieces: what the rule accepts Hunspell accepts (the other way Hunspell may cut with stems outside the sample).
    Allowed either way: a compound Hunspell takes for a typo of a dictionary word (CHECKCOMPOUNDREP, left out)."""
    pieces, speller = debian
    rng = random.Random(5)
    lower = [s for s in pieces.stems if s.word.isalpha() and s.word.islower() and pieces.aff.compoundflag in s.flags]
    made_by: dict[str, set[int]] = {}
    found: list[tuple[int, str]] = []
    for stem in rng.sample(lower, 200):
        for marker, text in pieces.strings([stem]):
            made_by.setdefault(text, set()).add(stem.line)
            found.append((marker, text))
    roles = role_table(found)
    rule = PieceRule(roles, pieces.seam, pieces.lead_conditions)

    def joined(firsts: list[str], lasts: list[str]) -> set[str]:
        words = set()
        for _ in range(6000):
            a, b = rng.choice(firsts), rng.choice(lasts)
            if not made_by[a] & made_by[b] and fewest_tiles((a + b).upper(), HU) <= 10:
                words.add(a + b)
        return words

    short = sorted(t for t in roles if len(t) <= 7)
    compounds = joined([t for t in short if roles[t] & {FIRST, FIRST_COUNTED} and len(t) <= 6],
                       [t for t in short if roles[t] & LASTS])
    differ = sorted(w for w in compounds if (rule.accepts(w) is not None) != speller.spell(w))
    assert len(compounds) > 1000 and len(differ) <= 0.005 * len(compounds), differ
    shorter = [t for t in short if len(t) <= 5]
    anything = joined(shorter, shorter)
    accepted = [w for w in anything if rule.accepts(w) is not None]
    wrongly = sorted(w for w in accepted if not speller.spell(w))
    assert len(anything) > 1000 and len(accepted) > 100 and len(wrongly) <= 0.005 * len(accepted), wrongly
