"""The Swedish inflection generator: SAOL's notation read slot by slot, paradigms, the real build, quality."""

import random
import subprocess
import sys

import pytest

from lexicon import DataError
from lexicon_pipelines import load_pipeline
from lexicon_pipelines.entry import Entry
from lexicon_pipelines.inflection import parse, word_class
from lexicon_pipelines.inflection.notation import replace_last_part

from .conftest import ROOT, write_pipeline


def slots(notation: str, headword: str, pos: str) -> list[tuple[str, str]]:
    return [(k.slot, k.text) for k in parse(notation, headword, pos).keys]


# ---------------------------------------------------------------- the notation, one real entry per shape

SHAPES = [
    # `+` is the headword
    ("hund", "NOUN", "+en +ar", [("sg def", "hunden"), ("pl indef", "hundar")]),
    ("abborrgrund", "NOUN", "+et; pl. +", [("sg def", "abborrgrundet"), ("pl indef", "abborrgrund")]),
    # `-` replaces the last compound part
    ("abborrpinne", "NOUN", "+n -pinnar", [("sg def", "abborrpinnen"), ("pl indef", "abborrpinnar")]),
    ("utmätningsman", "NOUN", "+nen; pl. -män, best. pl. -männen",
     [("sg def", "utmätningsmannen"), ("pl indef", "utmätningsmän"), ("pl def", "utmätningsmännen")]),
    ("brudand", "NOUN", "+en -änder", [("sg def", "brudanden"), ("pl indef", "brudänder")]),
    # written-out forms
    ("abbedissa", "NOUN", "+n abbedissor", [("sg def", "abbedissan"), ("pl indef", "abbedissor")]),
    # labelled forms: pl., best. pl., pres., imper., n., mask.
    ("grävare", "NOUN", "+n; pl. +, best. pl. grävarna",
     [("sg def", "grävaren"), ("pl indef", "grävare"), ("pl def", "grävarna")]),
    ("köra", "VERB", "körde, kört, pres. kör", [("past", "körde"), ("sup", "kört"), ("pres", "kör")]),
    ("gräva", "VERB", "grävde grävt", [("past", "grävde"), ("sup", "grävt")]),
    ("dagdrömma", "VERB", "-drömde -drömt, pres. -drömmer, imper. -dröm",
     [("past", "dagdrömde"), ("sup", "dagdrömt"), ("pres", "dagdrömmer"), ("imper", "dagdröm")]),
    # a part written without its hyphen after `-` forms keeps their prefix: the neuter is avsagt, not sagt
    ("avsäga", "VERB", "-sade, -sagt, -sagd n. sagt, pres. -säger",
     [("past", "avsade"), ("sup", "avsagt"), ("past part", "avsagd"), ("past part n", "avsagt"),
      ("pres", "avsäger")]),
    ("fin", "ADJ", "+t +a", [("pos n", "fint"), ("pos def/pl", "fina")]),
    ("abrupt", "ADJ", "n. +, +a", [("pos n", "abrupt"), ("pos def/pl", "abrupta")]),
    ("barnsäker", "ADJ", "+t -säkra", [("pos n", "barnsäkert"), ("pos def/pl", "barnsäkra")]),
    ("andra", "OTHER", "mask. andre", [("masc", "andre")]),
    ("liten", "ADJ", "litet, best. lille lilla; pl. små; mindre minst",
     [("pos n", "litet"), ("pos def", "lille"), ("pos def", "lilla"), ("pos pl", "små"), ("comp", "mindre"),
      ("super", "minst")]),
    # el. and H: alternatives for one slot
    ("alkydlack", "NOUN", "+en el. +et; pl. +er",
     [("sg def", "alkydlacken"), ("sg def", "alkydlacket"), ("pl indef", "alkydlacker")]),
    ("airbag", "NOUN", "+en; pl. +ar H +s",
     [("sg def", "airbagen"), ("pl indef", "airbagar"), ("pl indef", "airbags")]),
    # letter names joined by `:`
    ("a", "NOUN", "a:et; pl. a:n el. a, best. pl. a:na",
     [("sg def", "a:et"), ("pl indef", "a:n"), ("pl indef", "a"), ("pl def", "a:na")]),
    ("allmän-tv", "NOUN", "+:n", [("sg def", "allmän-tv:n")]),
    # `_` alternative spellings: written-out forms count, "+" forms of an unnamed spelling cannot
    ("tv", "NOUN", "tv:n tv:ar _ teven tevear",
     [("sg def", "tv:n"), ("pl indef", "tv:ar"), ("sg def", "teven"), ("pl indef", "tevear")]),
    ("bildkvalitet", "NOUN", "+en +er _ +n +er", [("sg def", "bildkvaliteten"), ("pl indef", "bildkvaliteter")]),
    # [...] pronunciation notes are dropped
    ("crêpe", "NOUN", "+n [-en]; pl. +s [kräp>s]", [("sg def", "crêpen"), ("pl indef", "crêpes")]),
    # commentary ending in ":" is skipped; its labels still count
    ("adoptionsansökan", "NOUN", "best. +; i: pl. används: -ansökningar",
     [("sg def", "adoptionsansökan"), ("pl indef", "adoptionsansökningar")]),
    ("titta", "VERB", "+de +t, imper. titt i: ett: uttryck:",
     [("past", "tittade"), ("sup", "tittat"), ("imper", "titt")]),
    # optional letters, the subjunctive, the present given first, a past left out
    ("hållas", "VERB", "hölls, hållits, pres. håll(e)s",
     [("past", "hölls"), ("sup", "hållits"), ("pres", "hålles"), ("pres", "hålls")]),
    ("få", "VERB", "fick konjunktiv: finge, fått, pres. får",
     [("past", "fick"), ("past subj", "finge"), ("sup", "fått"), ("pres", "får")]),
    ("trä", "VERB", "trär, trädde, trätt, trädd n. trätt",
     [("pres", "trär"), ("past", "trädde"), ("sup", "trätt"), ("past part", "trädd"), ("past part n", "trätt")]),
    ("förgäta", "VERB", "förgätit, förgäten förgätet förgätna",
     [("sup", "förgätit"), ("past part", "förgäten"), ("past part n", "förgätet"), ("past part pl", "förgätna")]),
    # glued labels, and an entry with no inflection
    ("kved", "NOUN", "+en el. +et; pl.+ar el. +",
     [("sg def", "kveden"), ("sg def", "kvedet"), ("pl indef", "kvedar"), ("pl indef", "kved")]),
    ("obs", "VERB", "ingen: böjning:", []),
]


@pytest.mark.parametrize("headword, pos, notation, expected", SHAPES, ids=[s[0] for s in SHAPES])
def test_notation_shapes(headword, pos, notation, expected):
    assert slots(notation, headword, pos) == expected


def test_alternative_spellings_keep_what_they_cannot_resolve():
    n = parse("+en +er _ +n +er", "bildkvalitet", "NOUN")
    assert n.skipped == ("+n", "+er")
    assert parse("tv:n tv:ar _ teven tevear", "tv", "NOUN").slot("sg def", 1) == ["teven"]


def test_slots_saol_says_are_unused():
    n = parse("n. sing. obest. obrukl., adenoida", "adenoid", "ADJ")
    assert n.unused == {"pos n"} and slots("n. sing. obest. obrukl., adenoida", "adenoid", "ADJ") == [
        ("pos def/pl", "adenoida")]
    assert parse("+n; pl. +, best. pl. +na undviks:", "allrakäraste", "NOUN").unused == {"pl def"}


def test_a_notation_cut_at_50_characters_marks_its_last_token():
    n = parse("-höll, -hållit, -hållen -hållet -hållna, pres. -hå", "ajourhålla", "VERB")
    assert n.truncated and n.cut("pres", 0) == "ajourhå" and n.slot("pres") == []


def test_a_particle_verb_inflects_its_first_word(saol_inflector):
    entry = Entry("titta efter", "VERB", notation="+de +t, imper. titt i: ett: uttryck:")
    forms = {f.text: f.tag for f in saol_inflector(entry).forms}
    assert forms["tittade efter"] == "past" and forms["titt efter"] == "imper"


@pytest.mark.parametrize("notation", ["+en; foo. +ar", "+en +ar +er +or", "+en ; ?"])
def test_what_the_parser_cannot_read_is_an_error(notation):
    with pytest.raises(DataError) as unread:
        parse(notation, "hund", "NOUN")
    assert unread.value.code == "unreadable-notation"


@pytest.mark.parametrize("base, part, expected", [
    ("abborrpinne", "pinnar", "abborrpinnar"),
    ("abonnentnummer", "numret", "abonnentnumret"),
    ("klarlägga", "lade", "klarlade"),  # not "klade": the tail "larlägga" is far longer than "lade"
    ("anglosaxiska", "saxiskor", "anglosaxiskor"),
    ("snatterand", "änder", "snatteränder"),
    ("aväta", "åt", "avåt"),
    ("hurdan", "t", "hurdant"),
])
def test_replacing_the_last_compound_part(base, part, expected):
    assert replace_last_part(base, part) == expected


def test_word_class_of_saol_x_entries():
    def cls(notation):
        return word_class(Entry("x", "X", notation=notation))

    assert [cls("+en +er"), cls("+t +a"), cls("värre värst"), cls("komp. +re, superl. +st"), cls("mask. andre"),
            cls("")] == ["NOUN", "ADJ", "ADV", "ADV", "OTHER", "OTHER"]  # an X without notation is no noun (alltmer)


# ---------------------------------------------------------------- paradigms, checked by hand

PARADIGMS = {
    ("hund", "NOUN", "+en +ar"): {
        "hunds": "sg indef gen", "hunden": "sg def", "hundens": "sg def gen", "hundar": "pl indef",
        "hundars": "pl indef gen", "hundarna": "pl def", "hundarnas": "pl def gen"},
    ("grävare", "NOUN", "+n; pl. +, best. pl. grävarna"): {
        "grävares": "sg indef gen", "grävaren": "sg def", "grävarens": "sg def gen", "grävarna": "pl def",
        "grävarnas": "pl def gen"},
    ("allé", "NOUN", "+n +er"): {
        "allés": "sg indef gen", "allén": "sg def", "alléns": "sg def gen", "alléer": "pl indef",
        "alléers": "pl indef gen", "alléerna": "pl def", "alléernas": "pl def gen"},
    ("man", "NOUN", "+nen; pl. män, best. pl. männen"): {
        "mans": "sg indef gen", "mannen": "sg def", "mannens": "sg def gen", "män": "pl indef",
        "mäns": "pl indef gen", "männen": "pl def", "männens": "pl def gen"},
    ("barn", "NOUN", "+et; pl. +"): {
        "barns": "sg indef gen", "barnet": "sg def", "barnets": "sg def gen", "barnen": "pl def",
        "barnens": "pl def gen"},
    ("gräva", "VERB", "grävde grävt"): {
        "gräver": "pres", "grävde": "past", "grävt": "sup", "gräv": "imper", "grävas": "inf pass",
        "grävs": "pres pass", "grävdes": "past pass", "grävts": "sup pass", "grävande": "pres part",
        "grävd": "past part", "grävda": "past part pl"},
    ("köra", "VERB", "körde, kört, pres. kör"): {  # körd and körande are SAOL headwords of their own
        "kör": "pres", "körde": "past", "kört": "sup", "köras": "inf pass", "körs": "pres pass",
        "kördes": "past pass", "körts": "sup pass"},
    ("äga", "VERB", "ägde ägt"): {
        "äger": "pres", "ägde": "past", "ägt": "sup", "äg": "imper", "ägas": "inf pass", "ägs": "pres pass",
        "ägdes": "past pass", "ägts": "sup pass"},
    ("gå", "VERB", "gick, gått, gången gånget gångna, pres. går, pres."): {
        "går": "pres", "gick": "past", "gått": "sup", "gås": "inf pass", "gicks": "past pass", "gåtts": "sup pass",
        "gången": "past part", "gånget": "past part n", "gångna": "past part pl"},
    ("ta", "VERB", "tog, tagit, tagen taget tagna, pres. tar el. åld."): {
        "tar": "pres", "tog": "past", "tagit": "sup", "tas": "inf pass", "togs": "past pass", "tagits": "sup pass",
        "tagen": "past part", "taget": "past part n", "tagna": "past part pl"},
    ("abdikera", "VERB", "+de +t"): {
        "abdikerar": "pres", "abdikerade": "past", "abdikerat": "sup", "abdikeras": "inf pass",
        "abdikerades": "past pass", "abdikerats": "sup pass", "abdikerande": "pres part"},
    ("fin", "ADJ", "+t +a"): {
        "fint": "pos n", "fina": "pos def/pl", "fine": "pos masc", "finare": "comp", "finast": "super",
        "finaste": "super def"},
    ("god", "ADJ", "gott goda, bättre bäst"): {
        "gott": "pos n", "goda": "pos def/pl", "gode": "pos masc", "bättre": "comp", "bäst": "super",
        "bästa": "super def"},
    ("abchazisk", "ADJ", "+t +a"): {"abchaziskt": "pos n", "abchaziska": "pos def/pl"},  # -isk: mer, mest
    ("din", "PRON", "ditt dina"): {"ditt": "n", "dina": "pl"},
    # endings after a colon: the genitive takes one too (tv:s, OS:s); the alternative spelling teve does not
    ("tv", "NOUN", "tv:n tv:ar _ teven tevear"): {
        "tv:s": "sg indef gen", "tv:n": "sg def", "tv:ns": "sg def gen", "tv:ar": "pl indef",
        "tv:ars": "pl indef gen", "tv:arna": "pl def", "tv:arnas": "pl def gen", "teven": "sg def",
        "tevens": "sg def gen", "tevear": "pl indef", "tevears": "pl indef gen", "tevearna": "pl def",
        "tevearnas": "pl def gen"},
    ("OS", "NOUN", "OS:et; pl. +"): {
        "OS:s": "sg indef gen", "OS:et": "sg def", "OS:ets": "sg def gen", "OS:en": "pl def", "OS:ens": "pl def gen"},
    ("a", "NOUN", "a:et; pl. a:n el. a, best. pl. a:na"): {  # the plural a's genitive is a:s, not as
        "a:s": "sg indef gen", "a:et": "sg def", "a:ets": "sg def gen", "a:n": "pl indef", "a:ns": "pl indef gen",
        "a:na": "pl def", "a:nas": "pl def gen"},
}


@pytest.mark.parametrize("key", PARADIGMS, ids=[k[0] for k in PARADIGMS])
def test_paradigms(saol_inflector, key):
    headword, pos, notation = key
    forms = saol_inflector(Entry(headword, pos, notation=notation)).forms
    assert {f.text: f.tag for f in forms} == PARADIGMS[key]
    assert all(f.rule for f in forms)


def test_rules_name_how_each_form_was_made(saol_inflector):
    forms = {f.text: f.rule for f in saol_inflector(Entry("hund", "NOUN", notation="+en +ar")).forms}
    assert forms["hunden"] == "notation +en" and forms["hundarna"] == "pl def: +na"
    assert forms["hundarnas"] == "genitive +s"


def test_a_cut_notation_chooses_among_the_derived_forms(saol_inflector):
    entry = Entry("ajourhålla", "VERB", notation="-höll, -hållit, -hållen -hållet -hållna, pres. -hå")
    forms = {f.text: f.tag for f in saol_inflector(entry).forms}
    assert forms["ajourhåller"] == "pres" and "ajourhå" not in forms


def test_the_generator_skips_entries_without_notation(saol_inflector):
    entry = Entry("pietà", "NOUN")
    assert saol_inflector(entry) is entry


def test_unreadable_notations_are_counted_by_shape_not_dropped():
    from lexicon_pipelines.inflection import SaolInflector

    expand = SaolInflector()
    entry = Entry("hund", "NOUN", notation="+en; foo. +ar", source="s", record=7)
    assert expand(entry) is entry
    report = expand.report()
    assert report["unparsed"] == 1 and report["unparsed_shapes"]["NOUN +w; w. +w"]["entries"] == 1
    assert "s:7 'hund'" in report["unparsed_shapes"]["NOUN +w; w. +w"]["examples"][0]


# ---------------------------------------------------------------- the real data

def test_unparsed_notations_are_under_half_a_percent(saol_entries, saol_inflector):
    from lexicon_pipelines.inflection import SaolInflector

    package = [e for e in saol_entries if e.source == "saol14"]
    expand = SaolInflector(package)
    forms = sum(len(expand(e).forms) for e in package)
    report = expand.report()
    assert report["with_notation"] == 119_586  # 126,900 entries less 7,314 (null)
    assert report["unparsed_share"] < 0.005
    assert sum(s["entries"] for s in report["unparsed_shapes"].values()) == report["unparsed"]
    assert forms == report["forms"] > 600_000


def test_precision_on_a_sample_judged_by_hunspell(saol_entries, saol_inflector):
    """3,000 generated forms of lemmas DSSO knows; the full measure is `python -m bench inflection`."""
    import hunspell  # PyPI chunspell; the dictionary is Debian's hunspell-sv

    speller = hunspell.Hunspell("sv_SE", hunspell_data_dir="/usr/share/hunspell")
    rng = random.Random(5)
    sample = []
    for entry in rng.sample(saol_entries, 12_000):
        if entry.headword.isalpha() and speller.spell(entry.headword):
            sample += [f.text for f in saol_inflector(entry).forms if f.text.isalpha()]
    sample = rng.sample(sample, 3000)
    accepted = sum(bool(speller.spell(w)) for w in sample) / len(sample)
    assert accepted >= 0.96  # measured 97.2% over all forms (docs/inflection.md)


# ---------------------------------------------------------------- the pipelines

SEEDS = ["GRÄV", "GRÄVA", "GRÄVAS", "GRÄVARE", "GRÄVAREN", "GRÄVARENS", "ÄG"]


@pytest.mark.parametrize("word", SEEDS)
def test_seed_words_of_the_inflection_list(betapet_inflected, word):
    assert betapet_inflected.check(word).valid


@pytest.mark.parametrize("word", ["HUNDAR", "KÖRDE", "FINARE"])
def test_inflections_only_with_the_inflection_list(betapet, betapet_inflected, word):
    assert betapet_inflected.check(word).valid
    assert not betapet.check(word).valid


def test_grävarens_is_the_definite_genitive_of_grävare(betapet_inflected):
    analyses = betapet_inflected.check("GRÄVARENS").analyses
    assert [(a.lemma, a.kind, a.tag, a.rule) for a in analyses] == [
        ("grävare", "inflected", "sg def gen", "genitive +s")]


def test_check_says_inflected_form_of(betapet_inflected, artifacts_root):
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "check", "GRÄVARENS", "--lexicon",
                          "sv-betapet-inflected", "--artifacts", str(artifacts_root)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0
    assert "inflected form of grävare (sg def gen)" in out.stdout


def test_the_manifest_reports_the_generator(betapet_inflected):
    report = betapet_inflected.manifest["inflection"]
    entries = betapet_inflected.manifest["counts"]["entries"]
    assert report["generator"] == "saol" and report["entries"] == sum(entries.values())
    assert entries["saol14"] == 126_900
    assert report["unparsed"] == sum(s["entries"] for s in report["unparsed_shapes"].values())


def test_inflected_forms_obey_the_game_rules(betapet_inflected):
    # forms of hyphenated or letter-name entries are dropped like their headwords, with a reason
    assert betapet_inflected.check("abc-böcker").reason == "non-letter"
    reasons = {e.reason for e in betapet_inflected.check("tv:n").exclusions}
    assert reasons == {"non-letter"}


def colon_entries(entries) -> list[Entry]:
    """SAOL entries whose notation writes the headword's endings after a colon (`tv:n`, `+:n`), read
    from the raw notation, not by the parser."""
    def colon(e: Entry) -> bool:
        tokens = e.notation.split("_")[0].replace(",", " ").replace(";", " ").split()
        return any(t.startswith((e.headword + ":", "+:")) for t in tokens)
    return [e for e in entries if e.source == "saol14" and e.notation and colon(e)]


def colon_class(headword: str) -> str:
    if "-" in headword:
        return "compound with a hyphen"
    if len(headword) == 1:
        return "letter name"
    return "initialism in capitals" if headword.isupper() else "initialism in lower case"


def test_words_inflected_with_a_colon_get_no_form_without_it(saol_entries, saol_inflector):
    """The forms of tv, vd, OS and the letter names are spelled with their colon (tv:s, not tvs), so the
    rules drop every one as non-letter. Which entries these are, by class (docs/inflection.md)."""
    entries = colon_entries(saol_entries)
    classes: dict[str, set[str]] = {}
    for e in entries:
        classes.setdefault(colon_class(e.headword), set()).add(e.headword)
    # every letter of the alphabet has its name in SAOL, inflected a:et, a:n
    assert classes.pop("letter name") == set("abcdefghijklmnopqrstuvwxyzåäö")
    assert {"tv", "vd", "cd", "dvd", "pc"} <= classes["initialism in lower case"]
    assert {"OS", "VM", "DNA"} <= classes["initialism in capitals"]
    assert {"frukost-tv", "sommar-OS"} <= classes["compound with a hyphen"]
    assert all(len(h) <= 4 for c in ("initialism in lower case", "initialism in capitals") for h in classes[c])
    assert len(entries) == 104  # 30 letter names (g twice), 22 lower case, 16 capitals, 36 compounds
    for e in entries:
        own = [f for f in saol_inflector(e).forms if f.text.lower().startswith(e.headword.lower())]
        assert all(f.text[len(e.headword)] == ":" for f in own), (e.headword, own)
        assert f"{e.headword}:s" in {f.text for f in own}, e.headword


def test_forms_after_a_compound_prefix_keep_it(saol_entries):
    """Where the notation's `-` forms keep a prefix of the headword (av- of avsäga: -sade), every whole
    form the notation gives of the headword's own spelling starts with that prefix; what does not are
    the last tokens the 50-character field cut short (`pres. -stöder e`), which are never forms."""
    astray, slips = [], []
    for e in saol_entries:
        if not e.notation or e.source != "saol14":
            continue
        pos = word_class(e)
        try:
            notation = parse(e.notation, e.headword.split(" ")[0] if pos == "VERB" else e.headword, pos)
        except DataError:
            continue
        own = [k for k in notation.keys if k.variant == 0]
        dash = next((k for k in own if k.written.startswith("-") and len(k.written) > 2), None)
        if dash is None:
            continue
        prefix = dash.text[:len(dash.text) - len(dash.written) + 1]
        astray += [(e.headword, k.text) for k in own if not k.cut and not k.text.startswith(prefix)]
        slips += [e.headword for k in own if not k.written.startswith(("+", "-")) and k.written != k.text]
    assert astray == []
    # the slip the issue names: `n. sagt` in the seven säga compounds (avsäga twice: avsäga sig)
    assert sorted(slips) == sorted(["avsäga", "avsäga sig", "framsäga", "förutsäga", "motsäga", "tillsäga",
                                    "uppsäga", "utsäga"])


def test_sagt_is_no_form_of_avsaga(betapet_inflected):
    lemmas = {a.lemma for a in betapet_inflected.check("SAGT").analyses}
    assert "säga" in lemmas and not lemmas & {"avsäga", "framsäga", "förutsäga", "motsäga", "utsäga"}
    assert betapet_inflected.check("AVSAGT").valid


COLON_GENITIVES = ["TVS", "VDS", "CDS", "DVDS", "PCS"]


def colon_genitives_are_refused(lex, entries) -> None:
    for word in COLON_GENITIVES:
        assert not lex.check(word).valid, word
    for e in entries:
        if "-" in e.headword:
            continue  # its forms are hyphenated anyway
        assert {x.reason for x in lex.check(f"{e.headword}:s").exclusions} == {"non-letter"}, e.headword
        # the bare genitive may be a word of another entry (as, ås, ids), never of this one
        readings = lex.check(e.headword + "s").analyses or ()
        assert all((a.source, a.record) != (e.source, e.record) for a in readings), (e.headword, readings)
    # OSS stays a word (oss, the pronoun), no longer a genitive of OS
    assert lex.check("OSS").valid and all(a.lemma != "OS" for a in lex.check("OSS").analyses)
    assert lex.check("TVÅ").valid and lex.check("TVÄTT").valid


def test_betapet_drops_the_genitives_written_with_a_colon(betapet_inflected, saol_entries):
    colon_genitives_are_refused(betapet_inflected, colon_entries(saol_entries))
    for word in ("TV", "VD", "CD", "OS"):  # Betapet keeps initialisms (seed 000: "pH och Dalarna")
        assert betapet_inflected.check(word).valid


def test_scrabble_drops_the_genitives_written_with_a_colon(scrabble, saol_entries):
    colon_genitives_are_refused(scrabble, colon_entries(saol_entries))


#: What seed 002's initialism rule removes from sv-scrabble (docs/sources.md lists them): the headwords SAOL
#: inflects with a colon that no other entry makes a word, and the plurals spelled as they are.
INITIALISMS = ["ABC", "CD", "CV", "DJ", "DVD", "EP", "GPS", "LP", "MC", "MMS", "PC", "PDF", "PM", "SMS", "TBC", "VD",
               "WC"]


def test_the_source_marks_its_initialisms_with_a_colon(saol_entries):
    from lexicon_pipelines.entry import INITIALISM

    marked = [e for e in saol_entries if INITIALISM in e.flags]
    # every one inflected with a colon, and every entry inflected so but the letters' names (a:et, b:et …)
    assert {(e.source, e.record) for e in marked} == {(e.source, e.record) for e in colon_entries(saol_entries)
                                                        if len(e.headword) > 1}
    headwords = {e.headword for e in marked}
    assert len(marked) == 74 and {"vd", "tv", "sms", "DNA", "OS", "dubbel-cd", "färg-tv"} <= headwords


def test_scrabble_refuses_initialisms_and_betapet_keeps_them(scrabble, betapet_inflected):
    """Seed 002 forbids "Förkortningar och initialord (t.ex. m.m., osv, vd …)"; seed 000 lets Betapet keep them."""
    for word in INITIALISMS:
        verdict = scrabble.check(word)
        assert not verdict.valid and verdict.reason == "excluded:abbreviation", (word, verdict.reason)
        assert betapet_inflected.check(word).valid, word
    # a form written out is no initialism: tv's TEVEN and TEVEAR stay, as does a key another entry makes a word:
    # ID (id, the psyche's), TV (SAOL's second tv, part of speech X, no forms)
    for word in ("TEVEN", "TEVEAR", "ID", "TV"):
        assert scrabble.check(word).valid, word
    assert {a.lemma for a in scrabble.check("TEVEN").analyses} == {"tv"}
    assert not scrabble.check("EPS").valid and not scrabble.check("PMS").valid  # the genitives, with a colon


def test_sv_scrabble_uses_the_generator():
    p = load_pipeline("sv-scrabble")
    assert p.inflection == "saol" and p.profile.name == "sv-scrabble" and p.profile.inflections


def test_inflection_table_names_a_known_generator(tmp_path):
    path = write_pipeline(tmp_path, "sv-x", 'profile = "sv-betapet-inflected"\n[[sources]]\nid = "s"\nkind = "saol"\n'
                                            '[inflection]\ngenerator = "saldo"\n')
    with pytest.raises(DataError, match="inflection.generator: 'saldo' is not a generator"):
        load_pipeline(path)


def test_inflection_table_needs_a_profile_that_plays_inflections(tmp_path):
    path = write_pipeline(tmp_path, "sv-x", 'profile = "sv-betapet"\n[[sources]]\nid = "s"\nkind = "saol"\n'
                                            '[inflection]\ngenerator = "saol"\n')
    with pytest.raises(DataError, match="plays no inflections"):
        load_pipeline(path)


def test_inflect_command_shows_forms_tags_and_rules():
    from click.testing import CliRunner

    from lexicon_cli import main

    result = CliRunner().invoke(main, ["inflect", "grävare"])
    assert result.exit_code == 0
    line = next(line for line in result.output.splitlines() if line.split()[:1] == ["grävarens"])
    assert line.split() == ["grävarens", "sg", "def", "gen", "genitive", "+s"]
    assert CliRunner().invoke(main, ["inflect", "xyzzy"]).exit_code == 1


# ---------------------------------------------------------------- evidence: what SAOL does not mark

def every_class(words: set[str]) -> dict[str, frozenset[str]]:
    """Evidence lists that attest `words` for every class of forms."""
    from lexicon_pipelines.inflection import ATTESTS

    return {kind: frozenset(words) for kind in ATTESTS}


def forms_with(headword: str, pos: str, notation: str, attested: set[str], **context) -> dict[str, str]:
    from lexicon_pipelines.inflection import Context, inflect

    return {f.text: f.tag for f in inflect(headword, pos, notation, Context(attested=every_class(attested), **context))}


def test_an_adjective_compares_when_a_comparison_form_is_attested():
    assert forms_with("vacker", "ADJ", "vackert vackra", {"vackrare"}) == {
        "vackert": "pos n", "vackra": "pos def/pl", "vackrare": "comp", "vackrast": "super", "vackraste": "super def"}
    assert forms_with("vacker", "ADJ", "vackert vackra", {"vackre"}) == {
        "vackert": "pos n", "vackra": "pos def/pl", "vackre": "pos masc"}  # masculine, no comparison
    # without evidence lists the old rule stands: a one-syllable root compares (tested in PARADIGMS: fin)
    assert "polskare" not in forms_with("polsk", "ADJ", "+t +a", {"fin"})


def test_saols_own_comparison_needs_no_evidence_and_irregular_superlatives_get_both_definites():
    forms = forms_with("god", "ADJ", "gott goda, bättre bäst", {"bäste"})
    assert forms["bättre"] == "comp" and forms["bästa"] == "super def" and forms["bäste"] == "super def masc"
    assert "gode" not in forms  # not attested
    assert "bäste" not in forms_with("god", "ADJ", "gott goda, bättre bäst", {"x"})


def test_a_verbs_s_forms_and_participles_need_evidence():
    plain = forms_with("dingla", "VERB", "+de +t", {"x"})
    assert not {"dinglas", "dinglades", "dinglad", "dinglande"} & set(plain)
    assert plain["dinglade"] == "past" and plain["dinglar"] == "pres"
    skada = forms_with("skada", "VERB", "+de +t", {"skadas", "skadad", "skadande"})
    assert skada["skadad"] == "past part" and skada["skadat"] == "sup" and skada["skadades"] == "past pass"
    assert skada["skadande"] == "pres part"
    # the participle's plural skadade is the past too: attesting the past attests no participle
    assert "skadad" not in forms_with("skada", "VERB", "+de +t", {"skadade"})
    # and köpt is the supine too: attesting the supine attests no participle, its plural does
    assert "anmärkta" not in forms_with("anmärka", "VERB", "anmärkte, anmärkt", {"anmärkt"})
    assert forms_with("anmärka", "VERB", "anmärkte, anmärkt", {"anmärkta"})["anmärkta"] == "past part pl"


def test_a_nouns_genitive_attests_no_passive():
    # vakas is the genitive of the noun vaka: it says nothing of the verb vaka, which takes no object
    assert "vakas" not in forms_with("vaka", "VERB", "+de +t", {"vakas"}, nouns=frozenset({"vaka"}))
    assert "vakas" in forms_with("vaka", "VERB", "+de +t", {"vakas"})  # no such noun: a passive
    # an s-form no noun spells attests the passive of a verb that is a noun too (yxa, yxades)
    yxa = forms_with("yxa", "VERB", "+de +t", {"yxades"}, nouns=frozenset({"yxa"}))
    assert yxa["yxas"] == "inf pass" and yxa["yxats"] == "sup pass"
    # avleds is avleda's present passive: it says nothing of avlida, avled, whose passive it would spell
    avlida = "avled, avlidit, avliden avlidet avlidna"
    verbs = frozenset({"avlida", "avleda"})
    assert "avlidits" not in forms_with("avlida", "VERB", avlida, {"avleds"}, verbs=verbs)
    assert "avleds" in forms_with("avleda", "VERB", "avledde, avlett", {"avleds"}, verbs=verbs)


def test_a_list_attests_only_the_classes_it_is_named_for():
    from lexicon_pipelines.inflection import Context, inflect

    def forms(kinds):
        words = frozenset({"drunknas", "drunknad", "drunknande"})
        context = Context(attested={kind: words for kind in kinds})
        return {f.text for f in inflect("drunkna", "VERB", "+de +t", context)}

    every = forms(["passive", "participle", "present participle"])
    assert {"drunknas", "drunknades", "drunknad", "drunknande"} <= every
    assert forms(["present participle"]) == {"drunknar", "drunknade", "drunknat", "drunknande"}


def test_a_participle_spelled_as_a_noun_is_the_verbs_when_its_plural_is_attested():
    from lexicon_pipelines.inflection import Context, inflect

    def forms(attested, adjectives=()):
        context = Context(headwords=frozenset({"följd", "fasad"} | set(adjectives)), attested=every_class(attested),
                          adjectives=frozenset(adjectives))
        return {f.text: f.tag for f in inflect("följa", "VERB", "följde följt", context)}

    assert forms({"följda"})["följda"] == "past part pl" and forms({"följda"})["följd"] == "past part"
    assert "följda" not in forms({"följd"})  # the noun attests nothing of the verb
    assert "följda" not in forms({"följda"}, adjectives={"följd"})  # an adjective entry gives its own forms
    # an -ad participle's plural is the past itself: nothing tells the verb's from the noun's (fasa: fasad)
    assert "fasad" not in {f.text for f in inflect("fasa", "VERB", "+de +t", Context(
        headwords=frozenset({"fasad"}), attested=every_class({"fasad", "fasade"})))}


def test_a_weak_adjective_form_saol_leaves_out_after_a_neuter_is_made():
    assert forms_with("trång", "ADJ", "+t, trängre H +are, trängst H +ast", {"x"})["trånga"] == "pos def/pl"
    assert forms_with("svett", "ADJ", "n. +", {"x"}) == {"svetta": "pos def/pl"}
    assert forms_with("tom", "ADJ", "+t", {"x"})["tomma"] == "pos def/pl"
    assert forms_with("bemälde", "ADJ", "bemälta", {"x"}) == {"bemälta": "pos n"}  # weak already: no bemäldea
    assert "mogena" not in forms_with("mogen", "ADJ", "moget", {"x"})  # mogna: the notation must say


def test_a_plural_only_noun_without_notation_gets_its_definite_and_genitives_when_attested():
    from lexicon_pipelines.inflection import Context, SaolInflector

    expand = SaolInflector()
    expand.context = Context(attested=every_class({"kläderna", "kasusna"}))
    assert {f.text: (f.tag, f.rule) for f in expand(Entry("kläder", "NOUN")).forms} == {
        "kläders": ("pl indef gen", "genitive +s"), "kläderna": ("pl def", "pl def: +na"),
        "klädernas": ("pl def gen", "genitive +s")}
    for entry in (Entry("glasögon", "NOUN"), Entry("kasus", "NOUN"), Entry("anor", "X"), Entry("anor", "NOUN")):
        assert expand(entry) is entry  # no plural in -r; no noun; the definite not attested
    assert expand.report()["forms"] == 3


def test_the_shipped_inflected_pipelines_name_their_evidence():
    from lexicon_pipelines.inflection import ATTESTS

    for name in ("sv-betapet-inflected", "sv-scrabble"):
        evidence = load_pipeline(name).evidence
        assert [(e.config.id, e.config.kind) for e in evidence] == [("wswedish", "plain"), ("dsso", "hunspell")]
        # wswedish lists drunknas and somnad: it attests no s-forms and no participles, DSSO attests all
        assert [set(e.attests) for e in evidence] == [set(ATTESTS) - {"passive", "participle"}, set(ATTESTS)]


def test_an_evidence_table_is_checked_like_a_source(tmp_path):
    body = ('profile = "sv-betapet-inflected"\n[[sources]]\nid = "s"\nkind = "saol"\n[inflection]\ngenerator = "saol"\n'
            '[[inflection.evidence]]\nid = "w"\nkind = "plain"\nfile = "x"\n')
    with pytest.raises(DataError, match=r"inflection.evidence\[0\].file: unknown option"):
        load_pipeline(write_pipeline(tmp_path, "sv-x", body))
    with pytest.raises(DataError, match=r"inflection.evidence\[0\].kind: 'list'"):
        load_pipeline(write_pipeline(tmp_path, "sv-x", body.replace('"plain"', '"list"')))
    body = body.replace('file = "x"', 'path = "x"\nattests = ["passive", "genitive"]')
    with pytest.raises(DataError, match=r"inflection.evidence\[0\].attests: 'genitive' is not a class of forms "
                                        r"\(known: 'comparison', .*'passive'"):
        load_pipeline(write_pipeline(tmp_path, "sv-x", body))
    p = load_pipeline(write_pipeline(tmp_path, "sv-x", body.replace(', "genitive"', "")))
    assert p.evidence[0].attests == ("passive",) and "attests" not in p.evidence[0].config.options


def test_the_manifest_records_the_evidence_lists(betapet_inflected):
    evidence = betapet_inflected.manifest["inflection"]["evidence"]
    assert [e["id"] for e in evidence] == ["wswedish", "dsso"]
    assert all(e["words"] > 100_000 and e["files"][0]["sha256"] for e in evidence)
    assert "passive" not in evidence[0]["attests"] and "passive" in evidence[1]["attests"]


def test_a_participle_plural_writes_no_triple_letter():
    # försvunnen → försvunna, as kommen → komna: the generator wrote försvunnna, förbrunnna, återuppfunnna
    for headword, notation, plural in (("försvinna", "försvann, försvunnit, försvunnen försvunnet", "försvunna"),
                                       ("komma", "kom, kommit, kommen kommet", "komna"),
                                       ("falla", "föll, fallit, fallen fallet", "fallna")):
        forms = forms_with(headword, "VERB", notation, {"x"})
        assert forms[plural] == "past part pl", headword
        assert not any(a == b == c for form in forms for a, b, c in zip(form, form[1:], form[2:])), headword


def test_the_present_passive_of_a_verb_ending_in_a_vowel_keeps_it():
    # ange: anger → anges (inf pass and pres pass alike), not angs; 27 verbs in SAOL 14 (avge, medge, omge, tillbe …)
    for headword, notation, passive in (("ange", "angav, angett, pres. anger", "anges"),
                                        ("tillbe", "-bad, -bett, pres. -ber", "tillbes")):
        forms = forms_with(headword, "VERB", notation, {passive})
        assert forms[passive] == "inf pass" and headword[:-1] + "s" not in forms, headword
    assert forms_with("gräva", "VERB", "grävde grävt", {"grävs"})["grävs"] == "pres pass"
