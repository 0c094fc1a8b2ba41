"""Validation by analysis (lexicon.analyser) with the real Magyar Ispell files (Debian hunspell-hu).

The five kinds of words an enumerated list of one affix misses (preverbs, superlatives, derived then
inflected, words from names, compounds) are valid and explained; what the Betűtorony rules forbid
is refused with its reason; the tiles come from the analysis's morpheme boundaries.
"""

import dataclasses
import random
import shutil
from pathlib import Path

import hunspell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon import ArtifactError, artifacts, load_alphabet, load_profile
from lexicon.analyser import Analyser, boundaries, parse_reading
from lexicon.errors import DataError
from lexicon.profile import Compounds

from .test_hungarian import DEBIAN, hungarian_lexicon

HU = load_alphabet("hu-betutorony")
PROFILE = load_profile("hu-betutorony-hunspell")


@pytest.fixture(scope="module")
def analyser():
    return Analyser(DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"), PROFILE)


@pytest.fixture(scope="module")
def listed():
    return Analyser(DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"),
                    dataclasses.replace(PROFILE, compounds=Compounds.LISTED))


@pytest.fixture(scope="module")
def judge():
    return hunspell.Hunspell("hu_HU", hunspell_data_dir=str(DEBIAN.parent))


def tiles(text: str) -> tuple[str, ...]:
    return tuple(text.split())


@pytest.mark.parametrize("word, preverb, prefix, lemma, tag", [
    ("megtörtént", "meg", "meg", "történik", "is:PAST_INDIC_INDEF_SG_3"),
    ("elmondta", "el", "el", "mond", "is:PAST_INDIC_DEF_SG_3"),
    ("kiderült", "ki", "ki", "derül", "is:PAST_INDIC_INDEF_SG_3"),
    ("beleértve", "bele", "bele", "ért", "is:vA_PART_adv"),
    ("legújabb", "", "leg", "új", "is:bb_COMPARATIVE_adj"),
    ("legrosszabb", "", "leg", "rossz", "is:bb_COMPARATIVE_adj"),
    ("alapítója", "", "", "alapít", "ds:Ó_PRESPART_adj"),
    ("működését", "", "", "működik", "ds:Ás_PROCESS/RESULT_noun"),
])
def test_affixed_words_beyond_one_affix_are_valid_and_explained(analyser, word, preverb, prefix, lemma, tag):
    j = analyser.judge(word.upper())
    assert j.valid, j
    first = j.readings[0]
    assert (first.preverb, first.prefix, first.lemma) == (preverb, prefix, lemma)
    assert tag in first.head.tags


def test_a_key_in_small_letters_means_the_same(analyser):
    assert analyser.judge("házsor") == analyser.judge("HÁZSOR")


def test_alapitoja_is_derived_then_inflected(analyser):
    tags = analyser.judge("ALAPÍTÓJA").readings[0].head.tags
    derivation = tags.index("ds:Ó_PRESPART_adj")
    assert "is:POSS_SG_3" in tags[derivation:]


@pytest.mark.parametrize("word, name", [
    ("budapesti", "Budapest"), ("szegedi", "Szeged"), ("debreceni", "Debrecen"), ("svájci", "Svájc"),
    ("koreai", "Korea"),
])
def test_lower_case_words_derived_from_names_are_valid(analyser, word, name):
    j = analyser.judge(word.upper())
    assert j.valid and j.readings[0].lemma == name and j.readings[0].pos == "noun_prs"
    assert "is:i_PLACE/TIME_adj" in j.readings[0].head.tags


@pytest.mark.parametrize("word, parts", [("kortárs", ["kor", "társ"]), ("kutyaház", ["kutya", "ház"])])
def test_compounds_by_the_dictionarys_rules(analyser, listed, word, parts):
    j = analyser.judge(word.upper())
    assert j.valid and j.readings[0].compound
    assert [p.text for p in j.readings[0].parts] == parts
    refused = listed.judge(word.upper())
    assert not refused.valid and refused.reason == "excluded:compound" and refused.detail == " + ".join(parts)


def test_listed_compounds_stay_valid_when_only_listed_ones_count(listed):
    j = listed.judge("HÁZSOR")
    assert j.valid and not j.readings[0].compound and j.readings[0].head.hy == "ház|sor"


@pytest.mark.parametrize("word, reason", [
    ("Budapest", "excluded:proper-noun"),     # a name: Hunspell takes it only with its capital
    ("budapesten", "excluded:proper-noun"),   # an inflected name is still written with a capital
    ("BKV", "not-in-lexicon"),   # Hunspell takes any word in capitals: the word list explains its abbreviations
    ("km", "excluded:abbreviation"),          # the dictionary lists km as a noun too: same lemma as its abbreviation
    ("log", "excluded:abbreviation"),
    ("ohm", "excluded:proper-noun"),          # the dictionary lists it in small letters as a name (po:noun_prs)
    ("ohmot", "excluded:proper-noun"),        # and a name inflected is a name
    ("társasház", "not-in-lexicon"),          # Hunspell analyses it (tár+sas+ház) but does not accept it
    ("ság", "excluded:proper-noun"),          # the suffix alone is no word; Ság is a village
    ("hobby", "non-letter"),                  # Y alone: no cube spells it
    ("a", "too-short"),
])
def test_what_the_rules_forbid_is_refused_with_its_reason(analyser, word, reason):
    j = analyser.judge(word.upper())
    assert not j.valid and j.reason == reason, j


@pytest.mark.parametrize("key, as_written, reason", [
    ("PH", "pH", "excluded:abbreviation"),       # looked up as written: a capital after a small letter
    ("DUNA", "duna", "excluded:proper-noun"),     # looked up capitalised
    ("ZZZ", None, "not-in-lexicon"),
])
def test_a_refusal_is_explained_from_the_word_as_written(analyser, key, as_written, reason):
    assert analyser.judge(key, as_written).reason == reason
    assert analyser.judge(key, as_written, explain=False).reason == "not-in-lexicon"  # a batch needs no why


def test_a_word_with_a_letter_the_game_folds_is_analysed_as_written(analyser):
    j = analyser.judge("JALAPENÓJÚ", "jalapeñójú")
    assert j.valid and j.readings[0].lemma == "jalapeño"
    assert not analyser.judge("JALAPENÓJÚ").valid  # the key alone lost the ñ


def test_a_preverb_is_valid_alone_with_its_other_readings_beside(analyser):
    """Every preverb stands alone in running text (docs/hungarian.md, Preverbs alone): el, whose only
    reading is the preverb, as meg, a preverb and a conjunction (te meg én), and ki, the pronoun `who`
    too, each with all its readings."""
    for word, others in (("EL", set()), ("MEG", {"con"}), ("KI", {"noun_pron"})):
        j = analyser.judge(word)
        assert j.valid and {r.pos for r in j.readings} == {"prv"} | others, j


def test_a_name_is_refused_and_a_word_made_of_a_name_is_not(analyser):
    """radnóti is a name the dictionary lists in small letters (po:noun_prs) and the adjective of the
    village Radnót (budapesti's kind): valid by the adjective's reading alone, never as the name."""
    j = analyser.judge("RADNÓTI")
    assert j.valid and [(r.lemma, r.pos) for r in j.readings] == [("Radnót", "noun_prs")], j
    assert "is:i_PLACE/TIME_adj" in j.readings[0].head.tags
    assert "radnóti" in {r.lemma for r in analyser.readings("radnóti")}  # Hunspell has the name's reading too


@pytest.mark.parametrize("word, expected", [
    ("megszűnik", "M E G SZ Ű N I K"),
    ("kiscsoport", "K I S CS O P O R T"),
    ("házsor", "H Á Z S O R"),
    ("egészség", "E G É SZ S É G"),
    ("vízszint", "V Í Z SZ I N T"),
    ("község", "K Ö Z S É G"),
    ("igazság", "I G A Z S Á G"),
    ("bohócság", "B O H Ó C S Á G"),
    ("asszonyokat", "A S SZ O NY O K A T"),
    ("asszonnyi", "A S SZ O N NY I"),
    ("egyszer", "E GY SZ E R"),
    ("legrosszabb", "L E G R O S SZ A B B"),
    ("bajszos", "B A J SZ O S"),   # bajusz → bajsz+os: the stem changed, so the suffix -s is not after baj
])
def test_tiles_follow_the_morpheme_boundaries_of_the_analysis(analyser, word, expected):
    j = analyser.judge(word.upper())
    assert j.valid and j.tilings[0] == tiles(expected)
    assert len(j.tilings) == 1


def test_a_compound_part_boundary_splits_a_digraph():
    """kutya|zsír (pa: fields): the boundary after kutya, and ZS inside zsír stays one tile."""
    reading = parse_reading("házszám", " pa:ház st:ház po:noun ts:NOM pa:szám st:szám po:noun ts:NOM")
    assert boundaries("házszám", reading) == (3,)
    assert reading.describe() == "ház (noun) | szám (noun)"


def test_alternative_analyses_of_a_compound_part_are_readings_each():
    """Hunspell writes `pa:házsort ( st:házsor … is:ACC | st:házsor … is:ACC )`: each alternative is a
    reading, and the part keeps its text (kutya|ház|sor|t: the Z and S stay two tiles)."""
    from lexicon.analyser import alternatives

    analysis = ("pa:kutya st:kutya po:noun ts:NOM pa:házsort  (  st:házsor po:noun ts:NOM hy:ház|sor is:ACC |  "
                "st:házsor po:noun ts:NOM hy:ház|sor is:PLUR )")
    readings = [parse_reading("kutyaházsort", a) for a in alternatives(analysis)]
    assert [r.head.tags[-1] for r in readings] == ["is:ACC", "is:PLUR"]
    assert all(boundaries("kutyaházsort", r) == (5, 8, 11) for r in readings)


def test_a_compound_part_without_a_stem_field_is_its_text():
    """The PyPI build of hu_HU has almost no morphology: `pa:ház st:ház ázak pa:sor`."""
    reading = parse_reading("házsor", "pa:ház st:ház ázak pa:sor")
    assert [(p.text, p.lemma) for p in reading.parts] == [("ház", "ház"), ("sor", "sor")]
    assert boundaries("házsor", reading) == (3,)


def test_suffix_boundaries_come_from_the_lemma_and_the_tags():
    reading = parse_reading("alapítója", " st:alapít po:vrb ts:PRES_INDIC_INDEF_SG_3 ds:Ó_PRESPART_adj ts:NOM "
                                         "is:POSS_SG_3 is:NOM")
    assert boundaries("alapítója", reading) == (6, 7)  # alapít|ó|ja
    preverb = parse_reading("megtörtént", "ip:PREF sp:meg  st:történik po:vrb is:PAST_INDIC_INDEF_SG_3")
    assert boundaries("megtörtént", preverb) == (3, 9)  # meg|törté n|t: where the stem's spelling ends
    assert parse_reading("xyz", " po:noun") is None


def test_the_pronounced_policy_lays_doubled_digraphs_as_pronounced():
    pronounced = Analyser(DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"),
                          load_profile("hu-betutorony-pronounced"))
    assert pronounced.judge("ASSZONYOKAT").tilings[0] == tiles("A SZ SZ O NY O K A T")


@pytest.mark.parametrize("key, reason", [
    ("KUTYA" * 52, "too-long"),                    # a 260-letter compound: refused by tile count, never analysed
    ("MEG" * 7 + "TÖRTÉNT", "too-long"),           # a flood of preverbs
    ("SZ" * 11, "too-long"),                       # a flood of digraphs: 11 tiles at the fewest
    ("SZ" * 10, "not-in-lexicon"),                 # 10 tiles: analysed, and refused
    ("MEGMEGMEGMEG", "too-long"),
    ("ASZSZSZSZSZ", "not-in-lexicon"),
])
def test_hostile_input_is_refused_with_a_clear_reason(analyser, key, reason):
    j = analyser.judge(key)
    assert not j.valid and j.reason == reason, j


def test_too_long_by_its_true_tiling(analyser):
    """igazságosan has a cut of 10 tiles (I G A ZS Á G O S A N), but igaz|ság makes it 11."""
    j = analyser.judge("IGAZSÁGOSAN")
    assert not j.valid and j.reason == "too-long" and j.detail == "11 tiles"


_LETTERS = st.sampled_from(["a", "á", "b", "c", "cs", "d", "e", "é", "g", "gy", "h", "i", "k", "l", "ly", "m", "n",
                            "ny", "o", "ó", "ö", "ő", "r", "s", "sz", "t", "ty", "u", "ü", "v", "z", "zs", "meg",
                            "ház"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_LETTERS, min_size=1, max_size=12))
def test_every_valid_word_is_one_hunspell_accepts_and_fits_the_board(analyser, judge, pieces):
    word = "".join(pieces)
    j = analyser.judge(word.upper())
    if j.valid:
        assert judge.spell(word)
        assert all(2 <= len(t) <= 10 and "".join(t) == word.upper() for t in j.tilings)
        assert j.readings and all(not r.lemma[:1].isupper() or r.affixed for r in j.readings)


def test_words_from_a_real_sample_are_judged_as_hunspell_does(analyser, judge):
    """Every stem of a slice of the dictionary, with a suffix or two: valid only when Hunspell accepts it."""
    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    stems = [line.split("/")[0].split("\t")[0] for line in lines[::300]]
    words = [s + e for s in stems if s.isalpha() and s.islower() for e in ("", "ban", "okat", "ságot", "i")]
    valid = [w for w in words if analyser.judge(w.upper()).valid]
    assert len(valid) > 100
    assert [w for w in valid if not judge.spell(w)] == []



class _Counting:
    """Hunspell itself, counting the words `spell` is asked."""

    def __init__(self, inner):
        self.inner, self.spelled = inner, []

    def analyze(self, word):
        return self.inner.analyze(word)

    def spell(self, word):
        self.spelled.append(word)
        return self.inner.spell(word)


@pytest.mark.parametrize("word", ["gyertyakartó", "tanakoltok", "báníjátok"])
def test_a_typo_compound_is_not_spelled_again_capitalised(judge, word):
    """Hunspell analyses these typos (of gyertyatartó, tanakodtok, bánjátok) as compounds of three parts and
    rejects them after a search of milliseconds. Capitalised they have no analysis of their own, so the
    analyser does not ask `spell` again to find out whether they are names: Hunspell's answer is the same."""
    mine = Analyser(DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"), PROFILE)
    counting = mine._hunspell = _Counting(mine._hunspell)
    capitalised = word[:1].upper() + word[1:]
    assert judge.analyze(word) and not judge.spell(word)
    assert set(judge.analyze(capitalised)) == set(judge.analyze(word))
    assert not judge.spell(capitalised)
    verdict = mine.judge(word.upper())
    assert (verdict.valid, verdict.reason) == (False, "not-in-lexicon")
    assert counting.spelled == [word]



def test_the_capitalised_spelling_is_skipped_only_where_hunspell_rejects_it(judge):
    """Over a one-letter mutation of every word of the RÚF Bible: each word Hunspell analyses but rejects in
    small letters, and whose capitalised spelling adds no analysis, Hunspell rejects capitalised too, and the
    analyser refuses it without spelling it capitalised."""
    from .test_precheck import ruf_words

    mine = Analyser(DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"), PROFILE)
    counting = mine._hunspell = _Counting(mine._hunspell)
    rng = random.Random(31)
    letters = "".join(sorted(HU.letters)).lower()
    skipped = []
    for word in ruf_words():
        i = rng.randrange(len(word))
        word = word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:]
        analyses = judge.analyze(word)
        if not analyses or judge.spell(word) or not set(judge.analyze(word.capitalize())) <= set(analyses):
            continue
        assert not judge.spell(word.capitalize()), word
        assert not mine.judge(word.upper()).valid, word
        assert word.capitalize() not in counting.spelled, word
        skipped.append(word)
    assert len(skipped) > 20, skipped


# ---------------------------------------------------------------- the artifact carries its dictionary


BUILT_STEMS = ["ház", "sor", "házsor", "kutya", "Budapest", "történik", "meg", "el", "mond", "új", "alapít", "kor",
               "társ", "szűnik", "egész", "egészség", "km"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hu-analysis")
    lex = hungarian_lexicon(folder, DEBIAN, "hu-test-analysis", words=BUILT_STEMS)
    return lex


def test_the_build_copies_the_dictionary_files_into_the_version(built):
    entry = built.manifest["analysis"]
    assert entry["engine"] == "hunspell" and entry["compounds"] == "dictionary"
    for role, name in entry["files"].items():
        assert name in built.manifest["files"]
        assert built.manifest["files"][name]["sha256"] == entry["sha256"][role]
        assert (built.path / name).is_file()
    source = built.manifest["sources"][0]["files"]
    assert {f["sha256"] for f in source} == set(entry["sha256"].values())
    assert built.manifest["profile"]["validation"] == "analysis"


def test_an_analyser_opens_from_the_artifact(built):
    listed = dict(built.manifest["analysis"], compounds="listed")  # the artifact's policy, not the profile's
    assert Analyser.open(built.path, listed, built.profile).judge("KUTYAHÁZ").reason == "excluded:compound"
    a = Analyser.open(built.path, built.manifest["analysis"], built.profile)
    assert a.judge("HÁZSOR").valid and a.judge("KUTYAHÁZ").valid  # a compound of two stems of the cut-down .dic
    assert a.judge("MEGTÖRTÉNT").valid
    assert a.judge("BUDAPESTI").valid
    # the copied, cut-down .dic decides, not the system's: these stems are not in it
    assert a.judge("SZEGEDI").reason == a.judge("ABLAK").reason == "not-in-lexicon"


def test_a_damaged_dictionary_file_fails_verification(built, tmp_path):
    copy = tmp_path / "version"
    shutil.copytree(built.path, copy)
    dic = copy / built.manifest["analysis"]["files"]["dic"]
    data = bytearray(dic.read_bytes())
    data[-2] ^= 0x20
    dic.write_bytes(bytes(data))
    with pytest.raises(ArtifactError, match="analysis.dic"):
        artifacts.verify(copy)


@pytest.mark.parametrize("entry, message", [
    ({"engine": "spylls", "files": {"aff": "analysis.aff", "dic": "analysis.dic"}}, "engine"),
    ({"engine": "hunspell", "files": {"aff": "analysis.aff"}}, "no aff and dic"),
    ({"engine": "hunspell", "files": {"aff": "../x.aff", "dic": "analysis.dic"}}, "bad analysis file name"),
    ({"engine": "hunspell", "files": {"aff": "a.aff", "dic": "b.dic"}}, "<name>.aff and <name>.dic"),
    ({"engine": "hunspell", "files": {"aff": "analysis.aff", "dic": "analysis.dic"}, "compounds": "all"}, "compounds"),
])
def test_a_bad_analysis_entry_is_refused(built, entry, message):
    with pytest.raises(ArtifactError, match=message):
        Analyser.open(built.path, entry, built.profile)


def test_the_dictionary_is_part_of_the_version(tmp_path):
    """Two builds whose words are the same but whose .aff differs by a comment are two versions: the
    files a version analyses with are part of what it serves, so it never changes under a client."""
    for name, extra in (("a", ""), ("b", "# one more comment\n")):
        (tmp_path / name).mkdir()
        shutil.copy(DEBIAN.with_suffix(".dic"), tmp_path / name / "hu_HU.dic")
        text = DEBIAN.with_suffix(".aff").read_bytes() + extra.encode()
        (tmp_path / name / "hu_HU.aff").write_bytes(text)
    a = hungarian_lexicon(tmp_path / "a", tmp_path / "a" / "hu_HU", "hu-test-va", words=["ház", "sor"])
    b = hungarian_lexicon(tmp_path / "b", tmp_path / "b" / "hu_HU", "hu-test-va", words=["ház", "sor"])
    assert sorted(a.keys()) == sorted(b.keys())
    assert a.manifest["analysis"]["sha256"]["aff"] != b.manifest["analysis"]["sha256"]["aff"]
    assert a.version != b.version


def test_profiles_declare_the_mode(tmp_path):
    assert load_profile("hu-betutorony-hunspell").validation == "analysis"
    assert load_profile("hu-betutorony").validation == "compiled" and load_profile("hu-betutorony").compounds == "rule"
    assert load_profile("hu-betutorony-list").validation == "list"
    assert load_profile("sv-betapet").validation == "list" and "validation" not in load_profile("sv-betapet").as_dict()
    bad = tmp_path / "bad.toml"
    text = Path(PROFILE.path).read_text(encoding="utf-8")
    bad.write_text(text.replace('compounds = "dictionary"', 'compounds = "some"'), encoding="utf-8")
    with pytest.raises(DataError, match="compounds"):
        load_profile(bad)
    bad.write_text(text.replace('validation = "analysis"', 'validation = "guess"'), encoding="utf-8")
    with pytest.raises(DataError, match="validation"):
        load_profile(bad)


def test_a_lexicon_validated_by_analysis_needs_a_dictionary_to_analyse_with(tmp_path):
    from lexicon import DataError
    from lexicon_pipelines import build

    from .conftest import word_list_pipeline

    path, _ = word_list_pipeline(tmp_path, "hu-test-plain", "ház\nsor\n", profile="hu-betutorony-hunspell")
    with pytest.raises(DataError, match="validates by analysis, which needs a hunspell source"):
        build(path, tmp_path / "art")
    assert not any((tmp_path / "art" / "hu-test-plain").glob("*/manifest.json"))  # nothing published


# ---------------------------------------------------------------- through Lexicon.check


@pytest.mark.parametrize("word, lemma, kind", [
    ("megtörtént", "történik", "preverb"), ("elmondta", "mond", "preverb"), ("legújabb", "új", "superlative"),
    ("alapítója", "alapít", "derived"), ("budapesti", "Budapest", "name"), ("kortárs", "társ", "compound"),
    ("kutyaház", "ház", "compound"),
])
def test_the_five_kinds_are_valid_through_check(built, word, lemma, kind):
    """Words the list of one affix does not hold, valid by the artifact's analyser and explained."""
    v = built.check(word)
    assert v.valid and v.kind == "analysed" and v.lemma == lemma, v
    reading = v.analyses[0]
    assert reading.kind == "analysed" and reading.morphology["analysis"]
    if kind == "preverb":
        assert reading.morphology["preverb"] == word[:len(reading.morphology["preverb"])] != ""
    if kind == "compound":
        assert len(reading.morphology["parts"]) == 2
    document = v.as_dict()
    assert document["readings"][0]["morphology"]["lemma"] == lemma and document["tiles"]


def test_a_word_of_the_list_answers_from_the_list(built):
    v = built.check("házsor")
    assert v.valid and v.kind == "headword" and v.tilings == (tiles("H Á Z S O R"),)


def test_tiles_and_wrong_tilings_by_analysis(built):
    v = built.check("megszűnik")
    assert v.valid and v.tiles == tiles("M E G SZ Ű N I K")
    wrong = built.check("ME[GY]SZŰNIK")
    assert not wrong.valid and wrong.reason != "wrong-tiling"  # other letters: no word
    wrong = built.check("MEG[S][Z]ŰNIK")
    assert not wrong.valid and wrong.reason == "wrong-tiling" and wrong.tilings == (tiles("M E G SZ Ű N I K"),)
    assert built.check("MEG[SZ]ŰNIK").valid
    assert built.check("kutyaházsor").tiles == tiles("K U TY A H Á Z S O R")  # kutya|ház|sor: 10 tiles
    longer = built.check("kutyaházsort")  # a cut of 10 tiles exists (…ZS…), but its morphemes make 11
    assert longer.reason == "too-long" and longer.detail == "11 tiles"


@pytest.mark.parametrize("word, reason", [
    ("Budapest", "excluded:proper-noun"),  # the list dropped it as a name (po:noun_prs), and says so from its record
    ("budapesten", "excluded:proper-noun"),
    ("km", "excluded:abbreviation"),
    ("ablak", "not-in-lexicon"),           # not among the artifact's stems
    ("kutya-ház", "non-letter"),
])
def test_refusals_through_check(built, word, reason):
    v = built.check(word)
    assert not v.valid and v.reason == reason, v


def test_brief_answers_and_membership_agree_with_check(built):
    words = ["megtörtént", "budapesti", "házsor", "el", "Budapest", "ablak", "kutyaház", "HÁ[ZS]OR", "xq"]
    assert built.brief_answers(words) == [built.check(w, detail=False).as_dict(brief=True) for w in words]
    valid = [w for w, a in zip(words, built.brief_answers(words)) if a["valid"]]
    assert valid == ["megtörtént", "budapesti", "házsor", "el", "kutyaház"]
    assert "MEGTÖRTÉNT" in built and "ABLAK" not in built and "EL" in built and "BUDAPEST" not in built
    assert built.tilings("MEGSZŰNIK") == [tiles("M E G SZ Ű N I K")]


def test_a_list_lexicon_never_analyses(tmp_path):
    """A lexicon of profile hu-betutorony-list (validation = "list", the base list's) has no analysis
    files and answers from its list alone."""
    lex = hungarian_lexicon(tmp_path, DEBIAN, "hu-test-stems", profile="hu-betutorony-list",
                            words=["ház", "történik", "el", "meg", "km", "ki"])
    assert lex.analyser is None and "analysis" not in lex.manifest
    assert lex.check("ház").valid and not lex.check("megtörtént").valid
    # the list reads the stems' po: fields as the analyser reads readings: an abbreviation (and the noun
    # km, an abbreviation's spelling) is dropped; a preverb alone is a word, whatever other line it has
    assert lex.check("km").reason == "excluded:abbreviation"
    assert lex.check("el").valid and lex.check("meg").valid and lex.check("ki").valid


def test_the_cli_explains_a_word_valid_by_analysis(built):
    from click.testing import CliRunner

    from lexicon_cli import main

    result = CliRunner().invoke(main, ["check", "megtörtént", "--lexicon", str(built.path)])
    assert result.exit_code == 0, result.output
    assert "by analysis: meg + történik (vrb) + PAST_INDIC_INDEF_SG_3" in result.output
    assert "tiles: M E G T Ö R T É N T" in result.output


def test_the_service_answers_by_analysis(built):
    """GET and POST /valid over the analysing artifact: the same answers as the library."""
    from lexicon_service import create_app

    client = create_app({"ARTIFACTS": str(built.path.parent.parent),
                         "DEFAULT_LEXICON": "hu-test-analysis"}).test_client()
    r = client.get("/valid", query_string={"word": "megtörtént", "lexicon": "hu-test-analysis"})
    assert r.status_code == 200, r.get_data(as_text=True)
    answer = r.get_json()
    assert answer["valid"] and answer["kind"] == "analysed" and answer["lemma"] == "történik"
    assert answer["tiles"] == list("MEGTÖRTÉNT")
    words = ["budapesti", "kutyaház", "el", "Budapest", "HÁ[ZS]OR"]
    results = client.post("/valid", json={"lexicon": "hu-test-analysis", "words": words}).get_json()["results"]
    assert [a["valid"] for a in results] == [True, True, True, False, False]
    assert results == [built.check(w, detail=False).as_dict(brief=True) for w in words]


# ---------------------------------------------------------------- names and preverbs, whatever list they come from


def _dictionary_stems(po: str) -> list[str]:
    """The stems the Debian .dic gives the part of speech `po:<po>`, read here with the .aff's AM aliases
    (independently of the build's reader)."""
    aff = DEBIAN.with_suffix(".aff").read_bytes().decode("utf-8", "replace").splitlines()
    aliases = [line[3:] for line in aff if line.startswith("AM ")][1:]
    stems = set()
    for line in DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]:
        word, _, morph = line.partition("\t")
        morph = morph.strip()
        morph = aliases[int(morph) - 1] if morph.isdigit() else morph
        if f"po:{po}" in morph.split():
            stems.add(word.split("/")[0])
    return sorted(stems)


PREVERBS = _dictionary_stems("prv")
# The issue's cases: preverbs with no other reading in the dictionary, then those with one, then külön,
# an adverb in use (külön ment: went separately) the dictionary gives only as a preverb.
ISSUE_PREVERBS = ["el", "fel", "be", "le", "elő", "össze", "szét", "utol",
                  "ki", "meg", "át", "vissza", "haza", "rá", "alá", "külön"]


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    """Every preverb of the dictionary, two names it lists in small letters (radnóti, ohm) and one written
    with its capital (Budapest), without Radnót: with the graph's forms of two affixes (budapesti)."""
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-names"), DEBIAN, "hu-test-names",
                             words=[*PREVERBS, "radnóti", "ohm", "Budapest", "ház"], graph_forms=2)


def test_every_preverb_of_the_dictionary_is_a_word_alone(names):
    """One policy (docs/hungarian.md, Preverbs alone): every stem tagged po:prv is valid alone, from the list."""
    assert len(PREVERBS) > 50 and set(ISSUE_PREVERBS) <= set(PREVERBS)
    verdicts = {w: names.check(w) for w in PREVERBS}
    assert {w: v.reason for w, v in verdicts.items() if not v.valid} == {}
    assert {v.kind for v in verdicts.values()} == {"headword"}


@pytest.mark.parametrize("word", ISSUE_PREVERBS)
def test_the_issues_preverbs_are_valid_with_the_preverbs_reading(names, word):
    v = names.check(word)
    assert v.valid and v.kind == "headword", v
    assert "ADV" in {a.pos for a in v.analyses}, v.analyses  # the preverb's line, whatever others it has
    (brief,) = names.brief_answers([word])
    assert brief["valid"]


def test_kulon_is_an_adverb_alone(names):
    v = names.check("külön")
    assert v.valid and v.pos == "ADV" and v.tiles == ("K", "Ü", "L", "Ö", "N"), v
    assert "KÜLÖN" in names


@pytest.mark.parametrize("word", ["Radnóti", "radnóti", "RADNÓTI", "radnótit", "ohm", "ohmot", "Budapest",
                                  "budapesten"])
def test_a_name_is_refused_as_a_proper_noun_whatever_list_it_comes_from(names, word):
    """Names written small in the dictionary (radnóti, po:noun_prs) and inflected (radnótit), as names
    written with their capital: `excluded:proper-noun` from the list, the graph and the analyser alike."""
    v = names.check(word)
    assert not v.valid and v.reason == "excluded:proper-noun", v
    assert names.brief_answers([word])[0]["reason"] == "excluded:proper-noun"
    assert word.upper() not in names and (names.forms is None or word.upper() not in names.forms)


def test_a_word_a_derivation_makes_of_a_name_stays_valid(names):
    """budapesti: Budapest (noun_prs) + i_PLACE/TIME_adj, a form of two affixes the graph holds: an adjective
    (ADJ), whether the graph's form index (the build's reading) or the analyser answers."""
    assert "BUDAPESTI" in names.forms
    for v in (names.check("budapesti"), names.check("budapesti", detail=False)):
        assert v.valid and v.lemma == "Budapest" and "i_PLACE/TIME_adj" in v.tag, v
        assert v.pos == "ADJ", v
    assert [a.pos for a in names.check("budapesti").analyses] == ["ADJ"]


def test_a_name_written_small_is_valid_only_as_the_word_a_place_makes(tmp_path):
    """With the village Radnót in the dictionary, radnóti is also its adjective (budapesti's kind): valid by
    that reading alone, and never explained as the name."""
    lex = hungarian_lexicon(tmp_path, DEBIAN, "hu-test-radnot", words=["radnóti", "Radnót"])
    v = lex.check("radnóti")
    assert v.valid and v.kind == "analysed" and v.lemma == "Radnót" and "i_PLACE/TIME_adj" in v.tag, v
    assert v.pos == "ADJ" and [(a.lemma, a.pos) for a in v.analyses] == [("Radnót", "ADJ")], v
    assert not lex.check("Radnót").valid
