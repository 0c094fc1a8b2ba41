"""Words attested in real use, decided at build time: a lexicon validated by compiled rules admits the words
its corpora attest that the dictionary's morphology accepts beyond the forms of its word graph (compounds,
forms of three affixes), refuses what the morphology rejects, names and English words, and answers every
word from its own files, with no spell checker at query time."""

import pytest

from support.lexicons import DEBIAN, compiled_lexicon

from .conftest import DATA

STEMS = ["ház", "sor", "házsor", "munka", "erő", "kor", "társ", "kutya", "zár", "Budapest", "vers", "ion", "rap", "per",
         "alma", "fa"]
EVIDENCE = f'''
[[compounds.evidence]]
id = "notes"
kind = "text"
path = "{DATA / "corpus" / "text"}"

[[compounds.evidence]]
id = "dict"
kind = "dictd"
path = "{DATA / "corpus" / "attested.index"}"
'''


@pytest.fixture(scope="module")
def lex(tmp_path_factory):
    return compiled_lexicon(tmp_path_factory.mktemp("attested"), DEBIAN, "hu-test-attested", STEMS, EVIDENCE)


def test_attested_compounds_are_words_with_their_lemma_and_seam(lex):
    kortars = lex.check("kortárs")
    assert kortars.valid and kortars.tiles == ("K", "O", "R", "T", "Á", "R", "S")
    inflected = lex.check("kutyaházban")
    assert inflected.valid and inflected.lemma == "kutyaház" and inflected.tag == "is:INE"
    assert inflected.tiles == ("K", "U", "TY", "A", "H", "Á", "Z", "B", "A", "N")
    assert lex.check("munkaerő").valid


def test_the_evidence_is_the_source_that_attests_the_word(lex):
    (reading,) = lex.check("kortárs").analyses
    assert reading.source == "notes"
    assert {a.source for a in lex.check("almafa").analyses} == {"dict"}


def test_a_form_of_three_affixes_is_admitted(lex):
    v = lex.check("lezárása")
    assert v.valid and v.lemma == "lezár"


def test_what_no_source_attests_is_not_a_word(lex):
    # a compound of the dictionary's rules no text has: the attested policy takes only what is attested
    assert not lex.check("sorház").valid
    assert lex.check("sorház").reason == "not-in-lexicon"


def test_english_words_in_running_text_are_not_words_but_a_dictionary_loan_is(lex):
    # `version` (vers + ion to Hunspell) only in running text; `rapper` in a dictionary of the language
    assert not lex.check("version").valid
    assert lex.check("rapper").valid


def test_forms_of_the_dictionary_stay_the_graphs_and_names_stay_out(lex):
    assert lex.check("házban").valid and lex.check("házban").kind == "analysed"
    assert not lex.check("budapest").valid
    assert lex.check("budapesti").valid  # the adjective a derivation makes of the name


def test_every_answer_comes_from_the_version_with_no_spell_checker(lex):
    assert lex.analyser is None and "analysis" not in lex.manifest
    assert not any(name.startswith("analysis") for name in lex.manifest["files"])
    assert lex.search_scope()["graph_has_every_word"] is True
    for word in ("kortárs", "kutyaházban", "lezárása", "házsorok"):
        quick, full = lex.check(word, detail=False), lex.check(word)
        assert quick.valid and full.valid and quick.tiles == full.tiles
        assert lex.contains_tiles(list(full.tiles))


def test_the_manifest_says_what_each_corpus_gave(lex):
    (notes, dictionary) = lex.manifest["attested"]["corpora"]
    assert notes["id"] == "notes" and notes["words"]["admitted"] >= 3
    assert notes["words"]["English"] == 1 and notes["words"]["a form of the dictionary"] >= 1
    assert dictionary["kind"] == "dictd" and dictionary["words"]["admitted"] >= 2
