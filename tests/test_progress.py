"""Progress of builds and expansions: rich's bar with step, count, rate and time left on a terminal, plain lines
in a log."""

import io
import subprocess
import sys

from lexicon_pipelines.progress import Bar, Lines, Silent, for_stream

from .conftest import word_list_pipeline


def test_off_a_terminal_progress_is_lines_unless_told_otherwise():
    assert isinstance(for_stream(io.StringIO()), Lines)
    assert isinstance(for_stream(io.StringIO(), show=False), Silent)
    assert isinstance(for_stream(io.StringIO(), show=True), Bar)


def test_lines_say_each_step_and_keep_saying_during_a_long_one():
    out = io.StringIO()
    lines = Lines(out, every=0)
    lines.start("forms of hu_HU", 3)
    lines.advance(2)
    lines.finish("3 forms")
    text = out.getvalue().splitlines()
    assert text[0] == "forms of hu_HU …" and text[1].startswith("  forms of hu_HU: 2 of 3")
    assert text[-1].startswith("forms of hu_HU: 3 forms (")


def test_a_bar_shows_each_step_its_count_and_its_summary():
    out = io.StringIO()
    bar = Bar(out, force=True)
    bar.start("read words", 5000)
    for _ in range(5000):
        bar.advance()
    bar.finish("5,000 entries")
    bar.start("graph")  # a step without a total
    bar.finish("12 nodes")
    bar.close()
    text = out.getvalue()
    assert "read words: 5,000 entries" in text and "5000/5000" in text and "100%" in text
    assert "graph: 12 nodes" in text


def test_build_and_expand_draw_progress_when_asked_and_not_when_quiet(tmp_path):
    path, _ = word_list_pipeline(tmp_path, "sv-test-progress", "hund\nkatt\n")
    build = [sys.executable, "-m", "lexicon_cli", "build", str(path), "--artifacts", str(tmp_path / "art")]
    shown = subprocess.run([*build, "--progress"], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    for step in ("read w: 2 entries", "write: 2 words", "graph:"):
        assert step in shown.stderr
    quiet = subprocess.run([*build, "--quiet"], capture_output=True, text=True)
    assert quiet.returncode == 0 and quiet.stderr == ""
    logged = subprocess.run(build, capture_output=True, text=True)  # stderr is no terminal: lines
    assert logged.returncode == 0 and "write: 2 words (" in logged.stderr
    dic = tmp_path / "x.dic"
    dic.write_text("2\nhund/A\nkatt\n", encoding="utf-8")
    (tmp_path / "x.aff").write_text("SFX A Y 1\nSFX A 0 ar .\n", encoding="utf-8")
    expand = subprocess.run([sys.executable, "-m", "lexicon_cli", "expand", str(dic), "--progress"],
                            capture_output=True, text=True)
    assert expand.stdout.split() == ["hund", "hundar", "katt"]
    assert "expand stems: 3 words" in expand.stderr and "2/2" in expand.stderr
