"""The compiled word rule of a Hungarian lexicon (`compounds = "rule"`): every word of two pieces the dictionary's
flags allow, decided by the version's own data in the C core, for every door alike: verdicts with the pieces and
the rule as their evidence, refusals of English words, names and misspellings, and the searches finding every
word the verdicts accept. The lexicon here is built from the real lines of chosen stems of Debian's hu_HU."""

import itertools
import json
import random
import subprocess
import sys

import orjson
import pytest

from lexicon_pipelines.hunspell import read_aff, read_dic
from lexicon_pipelines.hunspell.pieces import PieceRule, Pieces
from support.lexicons import DEBIAN, compiled_lexicon

STEMS = ["ház", "sor", "házsor", "munka", "erő", "kor", "társ", "kutya", "zár", "Budapest", "vers", "ion", "alma",
         "fa", "szám", "ara", "bank", "szektor", "beton", "fal", "hús", "ipar", "idő", "keret", "víz", "szint", "vas",
         "út", "Tatabánya", "tata", "bánya", "kör", "téma", "kert", "kő", "ár", "Áron", "FÁK"]


@pytest.fixture(scope="module")
def lex(tmp_path_factory):
    return compiled_lexicon(tmp_path_factory.mktemp("rule"), DEBIAN, "hu-test-rule", STEMS, "", compounds="rule")


@pytest.fixture(scope="module")
def reference(lex):
    """The rule's pure-Python reference over the same dictionary (lexicon_pipelines.hunspell.pieces)."""
    folder = lex.path.parent.parent.parent
    aff = read_aff(DEBIAN.with_suffix(".aff"))
    stems = read_dic(folder / "hu-test-rule.dic", aff)
    return PieceRule.build(Pieces(aff, stems, lex.alphabet, 10))


@pytest.mark.parametrize(("word", "pieces", "tiles"), [
    ("kortárs", "kor + társ", "K O R T Á R S"),
    ("munkaerőt", "munka + erőt", "M U N K A E R Ő T"),
    ("bankszektor", "bank + szektor", "B A N K SZ E K T O R"),
    ("húsipar", "hús + ipar", "H Ú S I P A R"),
    ("időkeret", "idő + keret", "I D Ő K E R E T"),
    ("almafák", "alma + fák", "A L M A F Á K"),
    ("sorház", "sor + ház", "S O R H Á Z"),  # a seam is a tile boundary: Z S, never ZS, in házsor's kin
    ("vízszint", "víz + szint", "V Í Z SZ I N T"),
])
def test_two_part_compounds_are_words_with_their_pieces_as_evidence(lex, word, pieces, tiles):
    v = lex.check(word)
    assert v.valid and v.kind == "compound" and v.tiles == tuple(tiles.split())
    (reading,) = v.analyses
    assert reading.rule == pieces and reading.source == "rule"
    first, last = reading.morphology["parts"]
    assert (first["role"], last["role"]) == ("first", "last") and first["text"] + last["text"] == word


def test_a_compounds_lemma_is_its_first_piece_and_its_last_pieces_lemma(lex):
    v = lex.check("munkaerőt")
    assert v.lemma == "munkaerő" and v.tag == "is:ACC"
    assert v.analyses[0].morphology["parts"][1]["lemma"] == "erő"


def test_a_lead_before_a_form_of_two_suffixes_is_a_word(lex):
    v = lex.check("lezárása")
    assert v.valid and v.kind == "prefixed" and v.lemma == "lezár"
    assert [p["role"] for p in v.analyses[0].morphology["parts"]] == ["lead", "form"]


@pytest.mark.parametrize(("word", "reason"), [
    ("version", "excluded:foreign"),     # vers + ion to Hunspell; an English word
    ("számara", "excluded:typo"),        # szám + ara to Hunspell; számára misspelt
    ("kutyakutya", "not-in-lexicon"),    # the same piece twice (CHECKCOMPOUNDDUP)
    ("tatabánya", "excluded:proper-noun"),  # a name written small
])
def test_what_hungarian_lacks_is_refused_with_its_reason(lex, word, reason):
    v = lex.check(word)
    assert not v.valid and v.reason == reason
    assert lex.check(word, detail=False).reason == reason


def test_a_name_spelled_as_a_form_of_a_word_is_that_form(lex):
    """Áron is a name the list drops; áron is also ár + on, a form the word graph holds: valid as that form, in
    the C core and the library alike. Budapest, a name and nothing else, stays refused."""
    v = lex.check("áron")
    assert v.valid and v.kind == "analysed" and v.lemma == "ár"
    assert lex.core_bundle.verdict_json("áron")[0] is True
    assert lex.check("fák").valid and lex.check("fák").lemma == "fa"  # FÁK, an abbreviation the list drops
    assert lex.check("budapest").reason == "excluded:proper-noun"


def test_a_misspelling_names_the_word_it_misspells(lex):
    assert "SZÁMÁRA" in lex.check("számara").detail


def test_the_library_and_the_c_core_give_the_same_document(lex):
    core = lex.core_bundle
    for word in ("kortárs", "munkaerőt", "lezárása", "version", "számara", "sorház", "SOR[H]ÁZ", "SO[RH]ÁZ", "asdfg"):
        valid, reason, data = core.verdict_json(word)
        assert orjson.loads(data) == orjson.loads(orjson.dumps(lex.check(word, detail=False).as_dict())), word
        assert lex.verdict_json(word)[1] == data


def test_every_word_the_searches_find_is_a_word_and_every_compound_is_found(lex):
    for rack in ("KORTÁRS", "MUNKAERŐ", "SORHÁZ", "ALMAFA", "BANK[SZ]EKTOR", "VASÚT", "KŐKERT"):
        found = {h.word for h in lex.anagram(rack, limit=500)}
        assert rack.replace("[", "").replace("]", "") in found
        assert all(lex.check(w).valid for w in found)
    assert {h.word for h in lex.pattern("?ORH?Z")} == {"KORHÁZ", "SORHÁZ", "KORHOZ", "SORHOZ"}
    assert lex.contains_tiles(list("SORHÁZ")) and not lex.contains_tiles(["S", "O", "R", "H", "Á", "ZS"])
    assert "I" in lex.hooks("KUTYAHÁZ")["back"]  # kutyaházi
    assert lex.search_scope()["graph_has_every_word"] is True


def test_the_c_rule_agrees_with_its_python_reference(lex, reference):
    """Every concatenation of two of the lexicon's short words, and a mutation of each: the C core takes a word as
    two pieces exactly when the reference does (a word the list or the graph's forms hold is theirs first, and the
    refusals come after the rule)."""
    rng = random.Random(7)
    words = [h.word.lower() for q in ("??", "???", "????") for h in lex.pattern(q, limit=500)]
    words += ["ház", "sor", "munka", "erő", "kor", "társ", "kutya", "alma", "fa", "víz", "szint", "vas", "út", "le",
              "meg"]
    pairs = rng.sample(list(itertools.product(words, words)), 3000)
    letters = "aábcdeéfghiíjklmnoóöőprstuúüűvz"
    checked = 0
    for a, b in pairs:
        for word in (a + b, (a + b)[:-1] + rng.choice(letters)):
            v = lex.check(word, detail=False)
            if v.kind in ("headword", "inflected", "analysed") or not 2 <= len(v.tiles or word) <= 10:
                continue
            by_rule = v.kind in ("compound", "prefixed", "affixed") or (v.reason or "").startswith(("excluded:foreign",
                                                                                        "excluded:typo"))
            assert by_rule == (reference.accepts(word) is not None), (word, v.reason, reference.accepts(word))
            checked += 1
    assert checked > 3000


def test_stacking_moves_play_the_words_the_rule_takes(lex):
    """Best plays in a stacking game read the rule's words too, not only the word graph's: a compound from the
    rack alone, and one laid onto a word of the board; every play found is one the judge accepts."""
    empty = ["." * 10] * 10
    opening = lex.moves("hu-betutorony", empty, "KORTÁRS", limit=500)
    assert "KORTÁRS" in {p.move["word"] for p in opening}
    board = ["." * 10] * 4 + ["...HÁZ...."] + ["." * 10] * 5
    heights = ["0" * 10] * 4 + ["0001110000"] + ["0" * 10] * 5
    found = lex.moves("hu-betutorony", board, "SORKUTA", heights, limit=1000)
    words = {p.move["word"] for p in found}
    assert {"SORHÁZ", "KORHÁZ"} <= words
    assert all(p.valid and all(w["valid"] for w in p.words) for p in found)
    assert all(lex.check(w).valid for w in words)


def test_the_rule_is_part_of_the_version(tmp_path):
    """The rule's pieces are made by the toolkit from the dictionary and the pipeline's options: the same inputs
    give the same version, and another slip to check for is another rule, so another version."""
    made = []
    for name, typos in (("a", ["a á"]), ("b", ["a á"]), ("c", ["a á", "e é"])):
        (tmp_path / name).mkdir()
        made.append(compiled_lexicon(tmp_path / name, DEBIAN, "hu-versioned", ["kor", "társ"], "", compounds="rule",
                                     typos=typos).version)
    assert made[0] == made[1] != made[2]


def test_a_long_run_of_digraph_letters_with_no_cut_is_answered_without_trying_every_reading(lex):
    """SZSZ…SZY has no cut into tiles (Y is no tile alone) and exponentially many ways to read its digraph letters
    before that shows: the check and the batch refuse it without trying them all. Run in a process of its own,
    stopped should it run away (a liveness guard, not a timing: each takes well under a millisecond)."""
    words = ["sz" * 20 + "y", "zs" * 30 + "y", "cs" * 100 + "y", "sz" * 11 + "y"]
    script = ("import json, sys\nfrom lexicon import load\nlex = load(sys.argv[1], sys.argv[2])\n"
              "words = json.loads(sys.argv[3])\n"
              "batch = [a['reason'] for a in json.loads(lex.brief_json(words)[0])]\n"
              "print(json.dumps([lex.check(w, detail=False).reason for w in words] + batch))\n")
    run = subprocess.run([sys.executable, "-c", script, lex.name, str(lex.path.parent.parent), json.dumps(words)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["non-letter"] * 2 * len(words)
