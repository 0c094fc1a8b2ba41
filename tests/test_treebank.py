"""The treebank recall benchmark's counting (support/treebank.py): reading CoNLL-U, and each token's class."""

from __future__ import annotations

import pytest

from support.treebank import recall, tokens

CONLLU = """# sent_id = 1
# text = Huset byggs och vi dansade.
1\tHuset\thus\tNOUN\tNN\tCase=Nom|Definite=Def|Gender=Neut|Number=Sing\t2\tnsubj:pass\t_\t_
2\tbyggs\tbygga\tVERB\tVB\tMood=Ind|Tense=Pres|VerbForm=Fin|Voice=Pass\t0\troot\t_\t_
3-4\tochvi\t_\t_\t_\t_\t_\t_\t_\t_
3\toch\toch\tCCONJ\tKN\t_\t5\tcc\t_\t_
4\tvi\tvi\tPRON\tPN\t_\t5\tnsubj\t_\t_
4.1\tsnart\tsnart\tADV\tAB\t_\t_\t_\t_\t_
5\tdansade\tdansa\tVERB\tVB\tMood=Ind|Tense=Past|VerbForm=Fin|Voice=Act\t2\tconj\t_\t_
6\tdrunknades\tdrunkna\tVERB\tVB\tMood=Ind|Tense=Past|VerbForm=Fin|Voice=Pass\t2\tconj\t_\t_
7\tStockholms\tStockholm\tPROPN\tPM\tCase=Gen\t2\tobl\t_\t_
"""


def test_tokens_are_read_in_small_letters_without_ranges_and_empty_nodes(tmp_path):
    path = tmp_path / "t.conllu"
    path.write_text(CONLLU, encoding="utf-8")
    read = list(tokens([path]))
    assert [(form, lemma, pos) for form, lemma, pos, _ in read] == [
        ("huset", "hus", "NOUN"), ("byggs", "bygga", "VERB"), ("och", "och", "CCONJ"), ("vi", "vi", "PRON"),
        ("dansade", "dansa", "VERB"), ("drunknades", "drunkna", "VERB"), ("stockholms", "stockholm", "PROPN")]
    assert read[1][3]["Voice"] == "Pass"


def test_a_damaged_line_is_refused_with_its_file_and_line(tmp_path):
    path = tmp_path / "t.conllu"
    path.write_text(CONLLU.replace("1\tHuset\thus", "1 Huset hus"), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"t.conllu:3: not a CoNLL-U line"):
        list(tokens([path]))


def test_each_token_counts_in_its_class_and_is_made_when_the_lexicon_has_it(tmp_path):
    path = tmp_path / "t.conllu"
    path.write_text(CONLLU, encoding="utf-8")
    headwords = {"hus", "bygga", "dansa", "drunkna"}
    result = recall(headwords, headwords | {"huset", "byggs", "dansade", "drunknade"}, [path])
    passive = result["passive (s-form)"]
    assert (passive["tokens"], passive["tokens_made"]) == (2, 1) and passive["missed"] == [("drunknades", "drunkna")]
    assert result["other verb forms"]["forms_made"] == 1 and result["other noun forms"]["forms_made"] == 1
    assert sum(r["tokens"] for r in result.values()) == 4  # och, vi: no class; Stockholms: a name
