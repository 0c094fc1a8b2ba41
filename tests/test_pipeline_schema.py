"""Every pipeline key is checked by the schema: a bad value is a message naming the file, the key and
the type expected, never a traceback; docs/sources.md documents every table and key."""

import subprocess
import sys

import pytest

from lexicon import DataError
from lexicon_pipelines import load_pipeline
from lexicon_pipelines.definition import PIPELINE, reference

from .conftest import ROOT, write_pipeline

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
