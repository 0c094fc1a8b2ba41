"""Every pipeline key is checked by the schema: a bad value is a message naming the file, the key and
the type expected, never a traceback; docs/sources.md documents every table and key."""

import subprocess
import sys

import pytest

from lexicon import DataError
from lexicon_pipelines import load_pipeline
from lexicon_pipelines.definition import PIPELINE, reference

from .conftest import ROOT, cli, write_pipeline

SOURCE = '[[sources]]\nid = "w"\nkind = "plain"\npath = "words.txt"\n'


def test_the_issues_bad_key_ends_in_a_message_not_a_traceback(tmp_path):
    (tmp_path / "words.txt").write_text("hund\n", encoding="utf-8")
    path = write_pipeline(tmp_path, "sv-test-lots", f'profile = "sv-betapet"\n{SOURCE}[limits]\nmax_words = "lots"\n')
    out = subprocess.run([sys.executable, "-m", "lexicon_cli", "build", str(path), "--artifacts",
                          str(tmp_path / "art")], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr == f"error: {path}: limits.max_words: expected an integer, got 'lots'\n"


@pytest.mark.parametrize("body, key, expected", [
    (f'profile = "sv-betapet"\n{SOURCE}[limits]\nmax_words = 0\n', "limits.max_words", "must be at least 1"),
    (f'profile = "sv-betapet"\n{SOURCE}[limits]\nmax_words = true\n', "limits.max_words", "expected an integer"),
    (f'profile = "sv-betapet"\n{SOURCE}[limits]\nspeed = 1\n', "limits.speed", "unknown key (allowed here: max_words)"),
    (f'profile = "sv-betapet"\n{SOURCE}[graph]\ngaddag = "yes"\n', "graph.gaddag", "expected true or false"),
    (f'profile = "sv-betapet"\n{SOURCE}[tiling]\nevidence = "magic"\n', "tiling.evidence",
     "'magic' is not one of 'preferred', 'morphology'"),
    (f'profile = "sv-betapet"\n{SOURCE}[tiling]\ncompound_splits = true\n', "tiling.compound_splits",
     "set evidence = \"morphology\" too"),
    (f'profile = "sv-betapet"\n{SOURCE}[overlays]\nallow = "hund"\n', "overlays.allow",
     "expected an array of strings, got 'hund'"),
    (f'profile = "sv-betapet"\n{SOURCE}[overlays]\nblock = ["a", 2]\n', "overlays.block",
     "expected an array of strings, got 2 in it"),
    (f'profile = "sv-betapet"\n{SOURCE}[overlays]\nallow_file = "nope.txt"\n', "overlays.allow_file", "nope.txt"),
    (f'profile = "sv-betapet"\noverlays = 3\n{SOURCE}', "overlays", "expected a table, got 3"),
    (f'profile = "sv-betapet"\ncolour = "red"\n{SOURCE}', "colour", "unknown key"),
    (f'profile = "sv-betapet"\n{SOURCE}colour = "red"\n', "sources[0].colour", "unknown option"),
    (f'profile = 5\n{SOURCE}', "profile", "expected a string, got 5"),
    (f'{SOURCE}', "profile", "missing: the game profile"),
    ('profile = "sv-betapet"\nsources = "words.txt"\n', "sources", "expected at least one [[sources]] table"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "plain"\n', "sources[0]", "path"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "plain"\npath = "w.txt"\nmax_bytes = "big"\n',
     "sources[0]", "max_bytes: expected an integer, got 'big'"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "w w"\nkind = "plain"\npath = "w.txt"\n', "sources[0].id",
     "does not have the expected form"),
    (f'profile = "sv-betapet"\n{SOURCE}{SOURCE}', "sources[1].id", "ids are unique"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "w"\nkind = "gopher"\n', "sources[0].kind", "not a source kind"),
    ('profile = "sv-betapet"\n[[sources]]\nid = "h"\nkind = "hunspell"\npath = "x.dic"\nmax_depth = 9\n',
     "sources[0]", "max_depth: must be at most 3"),
    (f'profile = "sv-betapet-inflected"\n{SOURCE}[inflection]\ngenerator = "nope"\n', "inflection.generator",
     "'nope' is not a generator"),
    (f'profile = "sv-betapet"\n{SOURCE}[inflection]\ngenerator = "saol"\n', "inflection", "plays no inflections"),
])
def test_each_bad_key_is_named_with_what_was_expected(tmp_path, body, key, expected):
    path = write_pipeline(tmp_path, "sv-test-bad", body)
    with pytest.raises(DataError) as caught:
        load_pipeline(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {key}") and expected in message, message


def test_a_bad_name_is_named(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text(f'name = "Betapet"\nprofile = "sv-betapet"\n{SOURCE}', encoding="utf-8")
    with pytest.raises(DataError, match=r"x.toml: name: 'Betapet' does not have the expected form \(the lexicon id"):
        load_pipeline(path)


def test_every_shipped_pipeline_passes_its_schema():
    from lexicon_pipelines import pipeline_names

    for name in pipeline_names():
        assert load_pipeline(name).name == name


def test_docs_sources_holds_the_reference_of_every_table_and_key():
    text = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    begin, end = "<!-- schema reference: begin -->\n", "<!-- schema reference: end -->"
    shown = text[text.index(begin) + len(begin):text.index(end)]
    assert shown == reference(), "docs/sources.md is behind the schema: paste lexicon_pipelines.definition.reference()"
    for table in PIPELINE.keys:  # every table, the overlays' keys among them
        assert f"`{table}`" in shown
    for key in ("allow", "block", "allow_file", "block_file", "max_words", "gaddag", "evidence", "compound_splits",
                "generator", "pos_column", "max_tiles"):
        assert f"| `{key}` |" in shown


def test_a_missing_source_from_debian_names_the_package_to_install(tmp_path):
    """`debian = …` on any source table: the build stops before any work, says which file is missing and which
    package installs it, and publishes nothing."""
    write_pipeline(tmp_path, "sv-list", 'profile = "sv-betapet"\n[[sources]]\nid = "wswedish"\nkind = "plain"\n'
                                        'path = "missing/swedish"\nencoding = "iso-8859-1"\ndebian = "wswedish"\n')
    artifacts = tmp_path / "artifacts"
    run = cli("build", str(tmp_path / "sv-list.toml"), artifacts=artifacts, cwd=tmp_path)
    assert run.returncode != 0
    assert "source 'wswedish' (plain): no such file: install Debian's wswedish (apt-get install wswedish)" in run.stderr
    assert str(tmp_path / "missing" / "swedish") in run.stderr
    assert "Traceback" not in run.stderr
    assert not list(artifacts.glob("sv-list/*[!.]*"))


def test_every_shipped_source_from_debian_names_the_package_that_installs_it():
    """Each file a shipped pipeline reads from the system is named with its Debian package, the one dpkg says
    installed it (so the message above names the right one)."""
    from lexicon_pipelines import pipeline_names

    named = {}
    for name in pipeline_names():
        p = load_pipeline(name)
        for config in (*p.sources, *(e.config for e in p.evidence), *(p.compounds.evidence if p.compounds else ())):
            path = config.options.get("path", "")
            if path.startswith("/usr/"):
                named[path] = config.options.get("debian", "")
    assert len(named) >= 5, named
    for path, package in sorted(named.items()):
        owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True, check=True).stdout
        assert package in owner.split(":")[0].split(", "), (path, package, owner)  # a folder has several owners
