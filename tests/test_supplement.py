"""The reviewed SAOL 14 supplement: its file format, its review rule checked against the installed
sources, and the words it adds to the real lexicons, each answer naming it as the source."""

from pathlib import Path

import pytest

from lexicon.changes import diff
from lexicon.errors import DataError
from lexicon.lookup import load
from lexicon_pipelines import build, load_pipeline
from lexicon_pipelines.inflection import SaolInflector
from lexicon_pipelines.sources import KINDS, SourceConfig
from lexicon_pipelines.sources.supplement import read_supplement

from .conftest import write_pipeline

SHIPPED = Path(__file__).parent.parent / "pipelines" / "data" / "saol14-supplement.toml"
SOURCE = "saol14-supplement"


@pytest.fixture(scope="module")
def rows():
    return read_supplement(SHIPPED)


@pytest.fixture(scope="module")
def evidence():
    from support.saol_evidence import Evidence

    return Evidence()


# ---------------------------------------------------------------- the file format

GOOD = 'word = "ni"\npos = "PRON"\nstatus = "headword"\nnotation = ""\nevidence = ["dsso:ni", "wswedish:ni"]\n'


def supplement(tmp_path, *rows: str, head: str = 'format = "tile-lexicon-saol-supplement"\nversion = 1\n') -> Path:
    path = tmp_path / "supplement.toml"
    path.write_text(head + "".join(f"[[entry]]\n{row}" for row in rows), encoding="utf-8")
    return path


def test_a_good_entry_reads_as_a_canonical_entry(tmp_path):
    path = supplement(tmp_path, GOOD)
    [entry] = KINDS["saol-supplement"](SourceConfig("sup", "saol-supplement", {"path": str(path)})).entries()
    assert (entry.headword, entry.pos, entry.source, entry.record, entry.notation) == ("ni", "PRON", "sup", 1, "")
    assert entry.extra["evidence"] == "dsso:ni wswedish:ni" and not entry.flags


def test_a_paradigm_entry_adds_forms_not_its_headword(tmp_path):
    row = ('word = "ond"\npos = "ADJ"\nstatus = "paradigm"\nnotation = "komp. värre"\n'
           'evidence = ["saol:värre", "wswedish:värre"]\n')
    path = supplement(tmp_path, row)
    [entry] = KINDS["saol-supplement"](SourceConfig("s", "saol-supplement", {"path": str(path)})).entries()
    assert entry.flags == {"stem-only"}


@pytest.mark.parametrize(("row", "message"), [
    (GOOD.replace('evidence = ["dsso:ni", "wswedish:ni"]', "evidence = []"), "nothing is added without evidence"),
    (GOOD.replace('"dsso:ni", ', ""), "claims from two sources at least"),
    (GOOD.replace('"dsso:ni", "wswedish:ni"', '"dsso:ni", "dsso-stem:ni"'), "claims from two sources at least"),
    (GOOD.replace("dsso:ni", "saldo:ni"), "'saldo:ni' is not 'kind:word'"),
    (GOOD.replace('"PRON"', '"PRONOUN"'), "pos 'PRONOUN' is not one of"),
    (GOOD.replace('"headword"', '"missing"'), "status 'missing' is not one of"),
    (GOOD.replace('"headword"', '"paradigm"'), "a paradigm entry needs the notation"),
    (GOOD + 'comment = "x"\n', "unknown key 'comment'"),
    (GOOD.replace('"ni"', '" ni"', 1), "word must be a non-empty string"),
])
def test_bad_entries_name_the_file_the_entry_and_the_problem(tmp_path, row, message):
    path = supplement(tmp_path, GOOD.replace('"ni"', '"du"'), row)
    with pytest.raises(DataError, match="supplement.toml") as err:
        read_supplement(path)
    assert "entry 2" in str(err.value) and message in str(err.value)


def test_a_second_entry_for_the_same_word_is_refused(tmp_path):
    with pytest.raises(DataError, match="entry 2 .*a second headword entry for ni"):
        read_supplement(supplement(tmp_path, GOOD, GOOD))


def test_the_file_must_say_what_it_is(tmp_path):
    with pytest.raises(DataError, match='format = "tile-lexicon-saol-supplement"'):
        read_supplement(supplement(tmp_path, GOOD, head=""))


# ---------------------------------------------------------------- the review rule, on the shipped file

def test_every_claim_of_the_shipped_supplement_holds(rows, evidence):
    false = [(r.word, str(c)) for r in rows for c in r.evidence if not evidence.holds(c.kind, c.word)]
    assert not false


def test_headwords_are_missing_from_the_package_and_paradigms_are_not(rows, evidence):
    assert {r.word for r in rows if r.status == "headword"}.isdisjoint(evidence.saol)
    assert {r.word for r in rows if r.status == "paradigm"} <= set(evidence.saol)


def test_claims_are_about_the_entry_and_its_forms(rows, saol_inflector):
    """A claim attests the headword or a form the entry's notation gives, not some other word."""
    from lexicon_pipelines.entry import Entry

    for r in rows:
        forms = {f.text for f in saol_inflector(Entry(r.word, r.pos, notation=r.notation)).forms}
        assert {c.word for c in r.evidence} <= forms | {r.word}, r.word


def test_paradigm_entries_add_forms_the_package_does_not_give(rows, saol_entries):
    package = [e for e in saol_entries if e.source == "saol14"]
    expand = SaolInflector(package)
    given = {}
    for e in package:
        given.setdefault(e.headword, set()).update(f.text for f in expand(e).forms)
    for r in rows:
        if r.status == "paradigm":
            from lexicon_pipelines.entry import Entry

            ours = {f.text for f in expand(Entry(r.word, r.pos, notation=r.notation)).forms}
            assert ours - given[r.word], f"{r.word}: adds nothing the package's notation does not give"


# ---------------------------------------------------------------- in the real lexicons

@pytest.mark.parametrize("word", ["NI", "DE", "DET", "MÅNGA", "FLER", "NER"])
def test_betapet_plays_the_missing_headwords_from_the_supplement(betapet, word):
    verdict = betapet.check(word)
    assert verdict.valid
    assert [(a.kind, a.source) for a in verdict.analyses] == [("headword", SOURCE)]


@pytest.mark.parametrize("word", ["DEM", "DERAS", "VÄRSTA", "MESTA", "MERA", "SKADAD", "OSS", "VILKAS"])
def test_inflected_lexicons_play_the_supplements_forms(betapet_inflected, scrabble, betapet, word):
    for lex in (betapet_inflected, scrabble):
        verdict = lex.check(word)
        assert verdict.valid, (lex.name, word)
        assert SOURCE in {a.source for a in verdict.analyses if a.kind == "inflected"}
    assert not betapet.check(word).valid  # forms, not headwords


def test_vaersta_is_the_definite_superlative_of_ond(betapet_inflected):
    analyses = betapet_inflected.check("VÄRSTA").analyses
    assert ("ond", "super def", SOURCE) in {(a.lemma, a.tag, a.source) for a in analyses}


def test_diff_shows_exactly_the_supplements_headwords(betapet, artifacts_root, tmp_path, rows):
    """sv-betapet is SAOL 14's headwords plus the supplement: without it, only its headwords go."""
    path = write_pipeline(tmp_path, "sv-betapet", 'profile = "sv-betapet"\n[[sources]]\nid = "saol14"\n'
                                                  'kind = "saol"\nedition = 14\n')
    build(path, tmp_path / "artifacts")
    without = load("sv-betapet", tmp_path / "artifacts")
    added, removed = diff(without, betapet)
    assert not removed
    assert added == sorted(r.word.upper() for r in rows if r.status == "headword")


def test_the_manifest_names_the_supplement_and_hashes_it(betapet):
    [source] = [s for s in betapet.manifest["sources"] if s["id"] == SOURCE]
    assert source["kind"] == "saol-supplement" and source["version"].startswith("SAOL 14 supplement (")
    assert source["files"][0]["path"].endswith("saol14-supplement.toml") and len(source["files"][0]["sha256"]) == 64


def test_every_shipped_swedish_saol_pipeline_reads_the_supplement():
    for name in ("sv-betapet", "sv-betapet-inflected", "sv-scrabble"):
        sources = [(s.id, s.kind) for s in load_pipeline(name).sources]
        assert sources == [("saol14", "saol"), (SOURCE, "saol-supplement")]


def test_declined_words_are_read_with_their_reason(tmp_path):
    from lexicon_pipelines.sources.supplement import read_declined

    path = supplement(tmp_path, GOOD)
    path.write_text(path.read_text(encoding="utf-8") + '[[declined]]\nword = "nån"\nreason = "colloquial"\n',
                    encoding="utf-8")
    assert read_declined(path) == {"nån": "colloquial"} and len(read_supplement(path)) == 1
    path.write_text(path.read_text(encoding="utf-8") + '[[declined]]\nword = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match="declined 2: a table with word and reason"):
        read_declined(path)
