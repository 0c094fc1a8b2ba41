"""A maintainer's own word list: a custom profile and tile set by path, overlays from files, tilings
given in tile notation; built in one directory, then served and queried from others with every
input file gone."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexicon import DataError, load_alphabet
from lexicon.lookup import load
from lexicon_pipelines import build, load_pipeline

from .conftest import Server, write_pipeline

SV_TILES = Path(load_alphabet("sv-betapet").path)

PROFILE = """\
name = "sv-short5"
description = "Swedish words of two to five tiles, with our own tile set"
rules = "a test of custom profiles"
tileset = "tiles/short5-tiles.toml"
min_length = 2
max_tiles = 5
inflections = false
exclude = ["multiword", "hyphenated", "affix", "digit", "non-letter", "proper-noun", "capitalised"]
"""


def custom_list(folder: Path) -> Path:
    """The issue's case: `profile = "short5.toml"` beside the pipeline, its tile set in a subfolder."""
    (folder / "tiles").mkdir(parents=True)
    tiles = SV_TILES.read_text(encoding="utf-8").replace('name = "sv-betapet"', 'name = "sv-short5-tiles"')
    (folder / "tiles" / "short5-tiles.toml").write_text(tiles, encoding="utf-8")
    (folder / "short5.toml").write_text(PROFILE, encoding="utf-8")
    (folder / "words.txt").write_text("hund\nkatt\nelefant\nko\nKina\nallé\nborr\n", encoding="utf-8")
    (folder / "allow.txt").write_text("# our house words\nzoo\n", encoding="utf-8")
    return write_pipeline(folder, "sv-short5", 'profile = "short5.toml"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                          'path = "words.txt"\n[overlays]\nallow_file = "allow.txt"\nblock = ["borr"]\n')


@pytest.fixture(scope="module")
def short5(tmp_path_factory):
    """sv-short5 built from a working directory that is not the pipeline's, its inputs then deleted."""
    base = tmp_path_factory.mktemp("short5")
    pipeline = custom_list(base / "lists")
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    art = base / "art"
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "build", str(pipeline), "--artifacts", str(art)],
                         cwd=elsewhere, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    shutil.rmtree(base / "lists")  # the profile, tile set, word list and overlays: gone
    return art


def lexicon(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexicon_cli", *args], cwd=cwd, capture_output=True, text=True)


def test_every_command_opens_it_without_its_files(short5, tmp_path):
    art = str(short5)
    info = lexicon("info", "sv-short5", "--artifacts", art, "--json", cwd=tmp_path)
    assert info.returncode == 0, info.stderr
    assert json.loads(info.stdout)["profile"]["name"] == "sv-short5"
    check = lexicon("check", "HUND", "--lexicon", "sv-short5", "--artifacts", art, cwd=tmp_path)
    assert check.returncode == 0 and "valid in sv-short5@" in check.stdout
    too_long = json.loads(lexicon("check", "ELEFANT", "-l", "sv-short5", "--artifacts", art, "--json",
                                  cwd=tmp_path).stdout)
    assert (too_long["valid"], too_long["reason"]) == (False, "too-long")
    names = json.loads(lexicon("check", "KINA", "-l", "sv-short5", "--artifacts", art, "--json",
                               cwd=tmp_path).stdout)
    assert names["reason"] == "excluded:capitalised"
    export = lexicon("export", "sv-short5", "--artifacts", art, cwd=tmp_path)
    assert export.stdout.split() == ["ALLE", "HUND", "KATT", "KO", "ZOO"]  # zoo allowed, borr blocked
    diff = lexicon("diff", "sv-short5", "sv-short5", "--artifacts", art, "--summary", cwd=tmp_path)
    assert diff.returncode == 0 and "0 added, 0 removed" in diff.stdout


def test_the_version_carries_its_profile_tile_set_and_overlays(short5):
    lex = load("sv-short5", short5)
    inputs = lex.manifest["inputs"]
    assert (lex.path / inputs["profile"]["file"]).read_text(encoding="utf-8") == PROFILE
    assert inputs["profile"]["from"].endswith("lists/short5.toml")
    assert inputs["tileset"]["from"].endswith("lists/tiles/short5-tiles.toml")
    assert (lex.path / inputs["allow"]["file"]).read_text(encoding="utf-8") == "zoo\n"
    assert (lex.path / inputs["block"]["file"]).read_text(encoding="utf-8") == "borr\n"
    for role in ("profile", "tileset", "allow", "block"):
        assert lex.manifest["files"][inputs[role]["file"]]["sha256"] == inputs[role]["sha256"]
    assert lex.alphabet.name == "sv-short5-tiles" and lex.profile.max_tiles == 5


def test_a_changed_recorded_profile_fails_verification(short5, tmp_path):
    from lexicon import ArtifactError

    copy = tmp_path / "copy"
    shutil.copytree(load("sv-short5", short5).path, copy)
    text = (copy / "profile.toml").read_text(encoding="utf-8")
    (copy / "profile.toml").write_text(text.replace("max_tiles = 5", "max_tiles = 9"), encoding="utf-8")
    from lexicon.lookup import open_lexicon

    with pytest.raises(ArtifactError, match="profile.toml: checksum"):
        open_lexicon(copy)


def test_served_and_queried_from_another_directory(short5):
    server = Server(short5, workers=1, proxy=False)
    try:
        status, _, body = server.get("/valid?word=katt&lexicon=sv-short5")
        answer = json.loads(body)
        assert status == 200 and answer["valid"] and answer["lexicon"] == "sv-short5"
        ready = json.loads(server.get("/readyz")[2])
        assert ready["lexicons"]["sv-short5"]["version"]
        assert json.loads(server.get("/valid?word=elefant&lexicon=sv-short5")[2])["reason"] == "too-long"
    finally:
        server.stop()


def test_the_profile_path_is_resolved_from_the_pipeline_file(tmp_path, monkeypatch):
    pipeline = custom_list(tmp_path / "lists")
    monkeypatch.chdir(tmp_path)
    p = load_pipeline(pipeline)
    assert p.profile.name == "sv-short5" and p.profile.alphabet.name == "sv-short5-tiles"
    (tmp_path / "lists" / "short5.toml").unlink()
    with pytest.raises(DataError, match=r"sv-short5.toml: profile: .*short5.toml: no such file"):
        load_pipeline(pipeline)


def test_a_missing_custom_tile_set_names_the_profile(tmp_path):
    pipeline = custom_list(tmp_path / "lists")
    shutil.rmtree(tmp_path / "lists" / "tiles")
    with pytest.raises(DataError, match=r"profile: .*short5.toml: tileset: .*short5-tiles.toml: no such file"):
        load_pipeline(pipeline)


# ---------------------------------------------------------------------- tilings given in tile notation

def hungarian_list(folder: Path, words: str, kind: str = "plain") -> Path:
    (folder / "words.txt").write_text(words, encoding="utf-8")
    return write_pipeline(folder, "hu-test-tiles", f'profile = "hu-betutorony-list"\n[[sources]]\nid = "w"\n'
                          f'kind = "{kind}"\npath = "words.txt"\n')


def test_a_given_tiling_wins_over_the_guess(tmp_path):
    result = build(hungarian_list(tmp_path, "HÁ[Z][S]OR\nrúd\nkaszás\n"), tmp_path / "art")
    lex = load("hu-test-tiles", tmp_path / "art")
    assert lex.tilings("HÁZSOR") == [("H", "Á", "Z", "S", "O", "R")]
    assert lex.check("HÁ[Z][S]OR").valid and not lex.check("HÁ[ZS]OR").valid
    assert lex.check("házsor").analyses[0].display == "házsor"  # the notation's letters, as a word
    counts = result.manifest["counts"]
    assert counts["tiling_evidence"]["given"] == 1
    # kaszás has several cuts (K A SZ Á S, K A S Z Á S) and no notation: a guess, counted and warned about
    assert counts["tilings_guessed"] == 1
    assert result.warnings and "1 words have several tilings" in result.warnings[0]
    assert "KASZÁS" in result.warnings[0] and "HÁ[Z][S]OR" in result.warnings[0]


@pytest.mark.parametrize("words", ["házsor\nHÁ[Z][S]OR\n", "HÁ[Z][S]OR\nházsor\n"],
                         ids=["letters first", "notation first"])
def test_a_given_tiling_wins_whatever_the_line_order(tmp_path, words):
    """The same word as letters (its cuts guessed) and in tile notation: the notation's tiling is the one
    published, not the reading that comes first."""
    result = build(hungarian_list(tmp_path, words), tmp_path / "art")
    lex = load("hu-test-tiles", tmp_path / "art")
    assert lex.tilings("HÁZSOR") == [("H", "Á", "Z", "S", "O", "R")]
    assert lex.check("HÁ[Z][S]OR").valid and not lex.check("HÁ[ZS]OR").valid
    assert lex.check("házsor").tiles == ("H", "Á", "Z", "S", "O", "R")
    assert len(lex.check("házsor").analyses) == 2  # both lines stay readings of the word
    counts = result.manifest["counts"]
    assert counts["tiling_evidence"] == {"given": 1} and counts["tilings_guessed"] == 0
    assert result.warnings == []


def test_tsv_headwords_and_forms_may_be_in_notation(tmp_path):
    (tmp_path / "words.txt").write_text("há[z][s]or\thá[z][s]orok|pl\n", encoding="utf-8")
    path = write_pipeline(tmp_path, "hu-test-tsv", 'profile = "hu-betutorony-list"\n[[sources]]\nid = "w"\n'
                          'kind = "tsv"\npath = "words.txt"\n')
    build(path, tmp_path / "art")
    lex = load("hu-test-tsv", tmp_path / "art")
    assert lex.tilings("HÁZSOROK") == [("H", "Á", "Z", "S", "O", "R", "O", "K")]


def test_notation_that_does_not_spell_a_tiling_is_dropped_with_a_reason(tmp_path):
    build(hungarian_list(tmp_path, "HÁ[ZSO]R\nhúsz\n"), tmp_path / "art")
    lex = load("hu-test-tiles", tmp_path / "art")
    verdict = lex.check("házsor")
    assert not verdict.valid and verdict.reason == "excluded:bad-notation"


def test_swedish_words_have_one_cut_and_no_guess(tmp_path):
    path = write_pipeline(tmp_path, "sv-test-guess", 'profile = "sv-betapet"\n[[sources]]\nid = "w"\n'
                          'kind = "plain"\npath = "words.txt"\n')
    (tmp_path / "words.txt").write_text("hund\nkatt\n", encoding="utf-8")
    result = build(path, tmp_path / "art")
    assert result.manifest["counts"]["tilings_guessed"] == 0 and result.warnings == []


def test_messages_suggest_commands_that_work_from_anywhere(tmp_path):
    from lexicon.errors import ArtifactError

    with pytest.raises(ArtifactError) as caught:
        load("sv-betapet", tmp_path / "empty")
    message = str(caught.value)
    assert f"`lexicon build sv-betapet --artifacts {tmp_path / 'empty'}`" in message
    assert "pipelines/" not in message
    with pytest.raises(DataError, match=r"no such pipeline file \(shipped, buildable by name from any directory: "
                                        r".*sv-betapet"):
        load_pipeline(tmp_path / "nope.toml")


def test_a_copied_and_edited_shipped_pipeline_builds_from_another_directory(tmp_path):
    """What docs/sources.md suggests and `make soak` does: sv-betapet's pipeline copied out of the package,
    a house word added, built from a third directory. It still reads SAOL 14 and the shipped supplement
    (`package:data/saol14-supplement.toml`), and names its profile by name."""
    mine = tmp_path / "mine"
    mine.mkdir()
    shipped = Path(load_pipeline("sv-betapet").path).read_text(encoding="utf-8")
    (mine / "sv-betapet.toml").write_text(shipped + '\n[overlays]\nallow = ["husordett"]\n', encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    built = lexicon("build", str(mine / "sv-betapet.toml"), "--artifacts", str(tmp_path / "art"), "--json",
                    "--quiet", cwd=elsewhere)
    assert built.returncode == 0, built.stderr
    lex = load("sv-betapet", tmp_path / "art")
    assert lex.check("HUSORDETT").valid and lex.check("NI").valid  # the house word, and one of the supplement's
    sources = {s["id"]: s for s in lex.manifest["sources"]}
    assert sources["saol14-supplement"]["files"][0]["path"].endswith("pipelines/data/saol14-supplement.toml")


def test_a_package_path_stays_in_the_package(tmp_path):
    path = write_pipeline(tmp_path, "sv-escape", 'profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                          'path = "package:../../etc/passwd"\n')
    with pytest.raises(DataError, match=r"sv-escape.toml: sources\[0\]: source 'w': path: 'package:../../etc/passwd': "
                                        "package: names a file inside the shipped pipelines' folder"):
        load_pipeline(path)
