"""Building real lexicons: the seed rules on SAOL 14, reproducible bytes, atomic publishing."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexicon import ArtifactError, DataError, Reason, artifacts
from lexicon.lookup import load
from lexicon_pipelines import build, load_pipeline

from .conftest import DATA, ROOT, word_list_pipeline, write_pipeline

SEED_VALID = ["ALLÉ", "PIETÀ", "PH", "DALARNA", "SLOVAKIEN", "DANMARK", "HUND", "GRÄVA"]
SEED_INVALID = {"ABC-BOK": "non-letter", "SILK": "not-in-lexicon", "SCREEN": "not-in-lexicon",
                "HUNDAR": "not-in-lexicon", "KÖRDE": "not-in-lexicon", "FINARE": "not-in-lexicon"}


@pytest.mark.parametrize("word", SEED_VALID)
def test_seed_valid_words(betapet, word):
    assert betapet.check(word).valid


def test_accented_words_play_without_the_accent(betapet):
    assert betapet.check("ALLÉ").normalized == "ALLE"
    assert betapet.check("PIETÀ").normalized == "PIETA"


@pytest.mark.parametrize("word, reason", SEED_INVALID.items())
def test_seed_invalid_words(betapet, word, reason):
    verdict = betapet.check(word)
    assert not verdict.valid and verdict.reason == reason


def test_abc_bok_is_in_the_exclusions_as_hyphenated(betapet):
    verdict = betapet.check("ABC-BOK")
    assert [(e.word, e.reason) for e in verdict.exclusions] == [("abc-bok", "hyphenated")]


def test_every_excluded_saol_entry_is_in_the_exclusion_table(betapet):
    from saol import saol14

    kept = {(r[0], r[1]) for r in betapet.records.conn.execute("SELECT source, record FROM form_text")}
    excluded = {(r[0], r[1]) for r in betapet.records.conn.execute("SELECT source, record FROM exclusion_text")}
    assert not kept & excluded
    assert {k for k in kept | excluded if k[0] == "saol14"} == {("saol14", n) for n in range(1, len(saol14) + 1)}


def test_counts_in_the_manifest_match_the_tables(betapet):
    counts = betapet.manifest["counts"]
    assert counts["words"] == sum(1 for _ in betapet.keys()) == len(betapet)
    assert counts["forms"] == betapet.records.conn.execute("SELECT count(*) FROM forms").fetchone()[0]
    assert counts["dropped"] == betapet.exclusion_counts()
    assert counts["dropped"]["multiword"] == 2432  # SAOL 14's multiword entries (docs/sources.md)
    assert counts["entries"]["saol14"] == 126_900


def test_manifest_records_provenance(betapet):
    m = betapet.manifest
    assert m["pipeline"]["sha256"] == load_pipeline("sv-betapet").sha256
    assert m["sources"][0]["files"][0]["sha256"]
    assert set(m["files"]) >= {"lexicon.sqlite"}
    assert m["profile"]["name"] == "sv-betapet"


def test_building_twice_gives_identical_bytes(betapet, tmp_path):
    result = build("sv-betapet", tmp_path)
    assert result.version == betapet.version
    for name in betapet.manifest["files"]:  # the database, the word graph, its alphabet and index
        assert (result.path / name).read_bytes() == (betapet.path / name).read_bytes(), name


def test_a_tampered_artifact_is_refused(betapet, tmp_path):
    import shutil

    copy = tmp_path / "sv-betapet" / betapet.version
    shutil.copytree(betapet.path, copy)
    data = bytearray((copy / "lexicon.sqlite").read_bytes())
    data[len(data) // 2] ^= 0x01
    (copy / "lexicon.sqlite").write_bytes(bytes(data))
    with pytest.raises(ArtifactError, match="checksum"):
        load(f"sv-betapet@{betapet.version}", tmp_path)


def test_a_database_of_another_schema_version_is_refused(tmp_path):
    import sqlite3

    from lexicon import store

    path = tmp_path / store.FILENAME
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT)")
    conn.executemany("INSERT INTO metadata VALUES (?, ?)", [("format", store.FORMAT), ("schema_version", "99"),
                                                            ("name", "sv-betapet")])
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(ArtifactError, match="schema version 99.*rebuild"):
        store.open_readonly(path)


def small_pipeline(folder: Path, name="sv-test-small", extra="") -> Path:
    return write_pipeline(folder, name, f'profile = "sv-scrabble"\n{extra}\n'
                          f'[[sources]]\nid = "xml"\nkind = "saol-xml"\npath = "{DATA / "entries.xml"}"\n'
                          f'[[sources]]\nid = "tsv"\nkind = "tsv"\npath = "{DATA / "forms.tsv"}"\n'
                          f'comment = "#"\npos_column = true\n')


def test_rules_and_overlays_on_hand_written_sources(tmp_path):
    path = small_pipeline(tmp_path, extra='[overlays]\nallow = ["qi", "DNA"]\nblock = ["katt", "hundar"]\n')
    result = build(path, tmp_path / "art")
    lex = load("sv-test-small", tmp_path / "art")
    assert lex.check("allén").valid  # a form given by the XML source
    assert lex.check("hundarnas").valid and lex.check("hundarnas").lemma == "hund"
    assert lex.check("Dalarna").reason == "excluded:proper-noun"
    assert lex.check("vd").reason == "excluded:abbreviation"
    assert lex.check("anti-").reason == "non-letter"
    assert lex.check("hundar").reason == "excluded:blocklist"
    assert lex.check("qi").valid and lex.check("DNA").valid  # the allowlist bypasses the flag rules
    assert result.manifest["overlays"] == {"allow": 2, "block": 2}


def test_an_editions_changes_join_as_a_reviewed_overlay_with_their_evidence(tmp_path):
    """A later edition's additions and removals, each with what shows it, join a pipeline as its overlay
    files: a removed word's answer gives its evidence, the version carries each added word's beside its record
    number, and `lexicon diff` between the two versions lists exactly those words."""
    (tmp_path / "base").mkdir()
    (tmp_path / "edition").mkdir()
    old = build(small_pipeline(tmp_path / "base"), tmp_path / "art").manifest["version"]
    (tmp_path / "edition" / "added.txt").write_text("# the edition's new words\nqi\tSAOL 15 (2026), nya ord\n",
                                                    encoding="utf-8")
    (tmp_path / "edition" / "removed.txt").write_text("hundar\tSAOL 15 (2026), strukna ord\n", encoding="utf-8")
    edition = small_pipeline(tmp_path / "edition", extra='[overlays]\nallow_file = "added.txt"\n'
                             'block_file = "removed.txt"\nrequire_evidence = true\n')
    new = build(edition, tmp_path / "art", allow_shrink=True).manifest["version"]  # a small list: 1 of 11 goes
    lex = load(f"sv-test-small@{new}", tmp_path / "art")
    removed = lex.check("hundar")
    assert (removed.valid, removed.reason) == (False, "excluded:blocklist")
    assert removed.detail == "SAOL 15 (2026), strukna ord"
    added = lex.check("qi")
    reading = added.as_dict()["readings"][0]
    assert added.valid and reading["source"] == "allowlist"
    lines = (lex.path / "overlay-allow.txt").read_text(encoding="utf-8").splitlines()
    assert lines[reading["record"] - 1] == "qi\tSAOL 15 (2026), nya ord"
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "diff", f"sv-test-small@{old}", f"sv-test-small@{new}",
                          "--artifacts", str(tmp_path / "art")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert {line for line in out.stdout.splitlines() if line[:1] in "+-" and "hook" not in line} == {"+QI", "-HUNDAR"}
    # a reviewed overlay refuses a line that gives no evidence, naming the file and the line
    (tmp_path / "edition" / "removed.txt").write_text("hundar\tSAOL 15 (2026)\nkatt\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"removed\.txt:2: 'katt' has no evidence"):
        load_pipeline(edition)
    (tmp_path / "edition" / "removed.txt").write_text("katt\tone\ttwo\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"removed\.txt:1: more than two columns"):
        load_pipeline(edition)


def test_a_failed_build_writes_nothing(tmp_path):
    good = small_pipeline(tmp_path)
    first = build(good, tmp_path / "art")
    bad = write_pipeline(tmp_path, "sv-test-small-bad", 'profile = "sv-scrabble"\n[[sources]]\nid = "x"\n'
                         f'kind = "saol-xml"\npath = "{DATA / "broken.xml"}"\n')
    text = bad.read_text().replace("sv-test-small-bad", "sv-test-small")
    bad.write_text(text)
    with pytest.raises(DataError, match="broken.xml:5"):
        build(bad, tmp_path / "art")
    assert artifacts.versions(tmp_path / "art", "sv-test-small") == [first.version]
    assert artifacts.current_version(tmp_path / "art", "sv-test-small") == first.version
    assert not list((tmp_path / "art" / "sv-test-small").glob(".build-*"))


@pytest.mark.parametrize("source, message", [
    ('kind = "plain"\npath = "' + str(DATA / "bad-utf8.txt") + '"', "bad-utf8.txt:2"),
    ('kind = "saol-xml"\npath = "' + str(DATA / "bomb.xml") + '"', "bomb.xml:.*DTD"),
    ('kind = "saol-xml"\npath = "' + str(DATA / "xxe.xml") + '"', "xxe.xml:.*DTD"),
])
def test_malformed_sources_fail_with_file_and_line_and_write_nothing(tmp_path, source, message):
    path = write_pipeline(tmp_path, "sv-test-bad", f'profile = "sv-betapet"\n[[sources]]\nid = "s"\n{source}\n')
    with pytest.raises(DataError, match=message):
        build(path, tmp_path / "art")
    assert artifacts.versions(tmp_path / "art", "sv-test-bad") == []


@pytest.mark.parametrize("body, message", [
    ('profile = "sv-betapet"\n', "needs at least one"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "s"\nkind = "gopher"\n', "not a source kind"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "s"\nkind = "plain"\npath = "x"\nspeed = 1\n', "unknown option"),
    ('profile = "xx-nope"\n[[sources]]\nid = "s"\nkind = "saol"\n', "no profile named"),
])
def test_malformed_pipeline_files(tmp_path, body, message):
    with pytest.raises(DataError, match=message):
        load_pipeline(write_pipeline(tmp_path, "sv-test-bad", body))


def test_killing_a_build_midway_leaves_the_old_version_intact(tmp_path):
    """Publish a version, then SIGKILL a second build of different content while it runs."""
    root = tmp_path / "art"
    path, words = word_list_pipeline(tmp_path, "sv-test-kill", "hund\nkatt\n")
    old = build(path, root)
    # A big second source: hundreds of thousands of lines keep the build busy long enough.
    words.write_text("\n".join(f"ord{'abcdefgh'[i % 8]}{i:06d}".translate(str.maketrans("0123456789", "abcdefghij"))
                               for i in range(600_000)), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "lexicon_cli", "build", str(path), "--artifacts", str(root)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not list((root / "sv-test-kill").glob(".build-*/staging.sqlite")):
        assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.poll() else "timeout"
        time.sleep(0.05)
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert artifacts.current_version(root, "sv-test-kill") == old.version
    assert artifacts.versions(root, "sv-test-kill") == [old.version]
    lex = load("sv-test-kill", root)
    assert lex.check("hund").valid and len(lex) == 2
    # The next build clears the dead build's directory.
    words.write_text("hund\nkatt\nko\n", encoding="utf-8")
    build(path, root)
    assert not list((root / "sv-test-kill").glob(".build-*"))


def test_manifest_json_is_complete(betapet):
    m = json.loads((betapet.path / "manifest.json").read_text())
    for key in ("name", "version", "build_time", "formats", "pipeline", "sources", "profile", "counts", "files"):
        assert key in m
    assert m["counts"]["dropped"][Reason.TOO_SHORT.value] > 0


@pytest.mark.parametrize("damage", ["truncate", "flip"])
@pytest.mark.parametrize("name", ["lexicon.kwg", "lexicon.sqlite", "keys.dwg", "keys.dat", "alphabet.txt"])
def test_a_damaged_file_is_refused_by_name(betapet, tmp_path, name, damage):
    """A truncated or bit-flipped artifact file is never loaded, and the error names the file."""
    import shutil

    copy = tmp_path / "sv-betapet" / betapet.version
    shutil.copytree(betapet.path, copy)
    data = bytearray((copy / name).read_bytes())
    if damage == "truncate":
        data = data[: len(data) // 2]
    else:
        data[len(data) // 3] ^= 0x10
    (copy / name).write_bytes(bytes(data))
    with pytest.raises(ArtifactError, match=name.replace(".", r"\.")):
        load(f"sv-betapet@{betapet.version}", tmp_path)


def test_a_wrong_checksum_in_the_manifest_is_refused(betapet, tmp_path):
    import json
    import shutil

    copy = tmp_path / "sv-betapet" / betapet.version
    shutil.copytree(betapet.path, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"]["lexicon.kwg"]["sha256"] = "0" * 64
    (copy / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ArtifactError, match=r"lexicon\.kwg"):
        load(f"sv-betapet@{betapet.version}", tmp_path)
