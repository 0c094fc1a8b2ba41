"""Safe publishing: an empty or shrunken source builds a version that is published but not made current."""

import subprocess
import sys

import pytest

from lexicon import artifacts
from lexicon.errors import HeldBack
from lexicon.guard import Change, compare
from lexicon.lookup import load
from lexicon_pipelines import build
from lexicon_service import create_app

from .conftest import word_list_pipeline

WORDS = "".join(f"{w}\n" for w in ("hund", "katt", "ko", "häst", "get", "gris", "får", "ank", "gås", "tupp",
                                   "höna", "kalv", "lamm", "fisk", "mus", "råtta", "uggla", "örn", "älg", "varg"))


def test_an_empty_source_is_built_and_verified_but_not_made_current(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-empty", WORDS)
    first = build(path, tmp_path / "art")
    words.write_bytes(b"")  # a truncated download
    with pytest.raises(HeldBack) as caught:
        build(path, tmp_path / "art")
    held = caught.value.result
    assert "source 'w' gave no entries" in str(caught.value)
    assert f"sv-test-empty@{first.version} → sv-test-empty@{held.version}: 0 added, 20 removed" in str(caught.value)
    assert artifacts.current_version(tmp_path / "art", "sv-test-empty") == first.version
    assert not held.current and held.manifest["counts"]["words"] == 0
    assert artifacts.verify(held.path)["version"] == held.version  # published, whole, loadable by pin
    assert len(load(f"sv-test-empty@{held.version}", tmp_path / "art")) == 0


def test_an_empty_source_is_held_back_even_for_a_first_build(tmp_path):
    path, _ = word_list_pipeline(tmp_path, "sv-test-first", "")
    with pytest.raises(HeldBack, match="gave no entries"):
        build(path, tmp_path / "art")
    assert artifacts.current_version(tmp_path / "art", "sv-test-first") is None


def test_a_shrunken_source_is_held_back_with_the_diff_summary(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-shrink", WORDS)
    first = build(path, tmp_path / "art")
    words.write_text(WORDS.split("\n", 2)[2], encoding="utf-8")  # two of twenty words lost: 10%
    with pytest.raises(HeldBack) as caught:
        build(path, tmp_path / "art")
    message = str(caught.value)
    assert "it would lose 2 of the 20 words of sv-test-shrink@" in message and "(10.0%, more than the 5.0%" in message
    assert "0 added, 2 removed; 18 words (was 20)" in message
    assert "--allow-shrink" in message and f"lexicon diff sv-test-shrink@{first.version}" in message
    assert caught.value.change.removed == 2
    assert artifacts.current_version(tmp_path / "art", "sv-test-shrink") == first.version


def test_a_small_loss_and_growth_publish_as_before(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-grow", WORDS)
    build(path, tmp_path / "art")
    words.write_text(WORDS.split("\n", 1)[1] + "lejon\ntiger\n", encoding="utf-8")  # 1 of 20 lost: 5%, allowed
    result = build(path, tmp_path / "art")
    assert result.current and (result.change.added, result.change.removed) == (2, 1)
    assert artifacts.current_pointer(tmp_path / "art", "sv-test-grow") == (result.version, False)


def test_allow_shrink_publishes_and_marks_the_pointer(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-allow", WORDS)
    build(path, tmp_path / "art")
    words.write_text("hund\n", encoding="utf-8")
    result = build(path, tmp_path / "art", allow_shrink=True)
    assert result.current and result.change.removed == 19
    assert artifacts.current_pointer(tmp_path / "art", "sv-test-allow") == (result.version, True)
    assert load("sv-test-allow", tmp_path / "art").version == result.version
    # A later build that passes the guard clears the mark.
    words.write_text("hund\nkatt\n", encoding="utf-8")
    assert artifacts.current_pointer(tmp_path / "art", "sv-test-allow")[1] is True
    later = build(path, tmp_path / "art")
    assert artifacts.current_pointer(tmp_path / "art", "sv-test-allow") == (later.version, False)


def test_max_loss_is_the_callers_to_set(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-loss", WORDS)
    build(path, tmp_path / "art")
    words.write_text(WORDS.split("\n", 4)[4], encoding="utf-8")  # 4 of 20: 20%
    assert build(path, tmp_path / "art", max_loss=0.25).current


def test_the_cli_says_what_was_held_back_and_exits_3(tmp_path):
    path, words = word_list_pipeline(tmp_path, "sv-test-cli", WORDS)
    lexicon = [sys.executable, "-m", "lexicon_cli"]
    art = str(tmp_path / "art")
    assert subprocess.run([*lexicon, "build", str(path), "--artifacts", art], capture_output=True).returncode == 0
    words.write_bytes(b"")
    out = subprocess.run([*lexicon, "build", str(path), "--artifacts", art], capture_output=True, text=True,
                         cwd=tmp_path)
    assert out.returncode == 3, out.stderr
    assert "did not make it current: source 'w' gave no entries" in out.stderr
    assert "Traceback" not in out.stderr
    assert f"lexicon build {path} --allow-shrink" in out.stderr
    out = subprocess.run([*lexicon, "build", str(path), "--artifacts", art, "--allow-shrink"], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert load("sv-test-cli", art).word_count == 0


def test_the_service_holds_a_shrunken_version_back_until_it_is_allowed(tmp_path):
    root = tmp_path / "art"
    path, words = word_list_pipeline(tmp_path, "sv-test-hot", WORDS)
    first = build(path, root)
    app = create_app({"ARTIFACTS": str(root), "DEFAULT_LEXICON": "sv-test-hot"})
    app.extensions["lexicon.registry"].poll = 0  # look at the pointer on every request
    client = app.test_client()
    assert client.get("/valid?word=katt").get_json()["version"] == first.version
    # The pointer moved by hand (a copy from elsewhere, an old toolkit): the guard is the service's too.
    words.write_text("hund\n", encoding="utf-8")
    small = build(path, root, make_current=False)
    artifacts.set_current(root, "sv-test-hot", small.version)
    answer = client.get("/valid?word=katt").get_json()
    assert answer["valid"] and answer["version"] == first.version
    held = client.get("/readyz").get_json()["lexicons"]["sv-test-hot"]["held"]
    assert "would lose 19 of the 20 words" in held[small.version]
    # Made current past the guard (lexicon build --allow-shrink): the service follows.
    artifacts.set_current(root, "sv-test-hot", small.version, shrink_allowed=True)
    answer = client.get("/valid?word=katt").get_json()
    assert not answer["valid"] and answer["version"] == small.version


def test_changes_are_counted_by_merging_sorted_keys():
    change = compare("a@1", iter(["A", "B", "C", "D"]), "a@2", iter(["B", "D", "E"]))
    assert (change.old_words, change.new_words, change.added, change.removed) == (4, 3, 1, 2)
    assert change.refusal(0.5) is None and "lose 2 of the 4 words" in change.refusal(0.4)
    assert Change(None, "a@2", 0, 3).refusal() is None  # nothing current: nothing to lose
    assert "gave no entries" in Change(None, "a@2", 0, 0, empty_sources=("w",)).refusal()


def test_pointer_with_an_unknown_mark_is_no_pointer(tmp_path):
    (tmp_path / "sv-x").mkdir()
    (tmp_path / "sv-x" / "current").write_text("0123456789ab\n", encoding="ascii")
    assert artifacts.current_pointer(tmp_path, "sv-x") == ("0123456789ab", False)
    (tmp_path / "sv-x" / "current").write_text("0123456789ab allow-shrink\n", encoding="ascii")
    assert artifacts.current_pointer(tmp_path, "sv-x") == ("0123456789ab", True)
    (tmp_path / "sv-x" / "current").write_text("../../etc\n", encoding="ascii")
    assert artifacts.current_pointer(tmp_path, "sv-x") == (None, False)



def test_the_compiled_key_codes_and_the_decoded_keys_give_one_change(tmp_path):
    from lexicon.guard import compare_indexes

    path, words = word_list_pipeline(tmp_path, "sv-test-codes", WORDS)
    old = build(path, tmp_path / "art")
    words.write_text(WORDS.replace("gris\n", "grisar\n").replace("örn\n", ""), encoding="utf-8")
    new = build(path, tmp_path / "art", allow_shrink=True)
    a, b = (load(f"sv-test-codes@{r.version}", tmp_path / "art") for r in (old, new))
    by_codes = compare_indexes(a.key_index, a.spec, b.key_index, b.spec)
    by_text = compare(a.spec, a.keys(), b.spec, b.keys())
    assert by_codes == by_text and (by_text.added, by_text.removed) == (1, 2) == (new.change.added, new.change.removed)
