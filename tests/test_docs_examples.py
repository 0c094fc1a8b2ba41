"""Every Python example in docs/ runs as written, as a doctest, from a directory that is not the checkout, with
the session's built lexicons (sv-betapet, sv-scrabble) as the artifacts directory: none can drift from the code. A
block with no `>>>` (a definition to copy) must run without error."""

from __future__ import annotations

import doctest
import re

import pytest

from .conftest import ROOT

BLOCKS = [(path.name, text[:m.start()].count("\n") + 1, m.group(1))
          for path in sorted((ROOT / "docs").glob("*.md"))
          for text in [path.read_text(encoding="utf-8")]
          for m in re.finditer(r"```python\n(.*?)```", text, re.S)]


def test_the_docs_have_python_examples():
    assert len(BLOCKS) >= 8


@pytest.mark.parametrize(("doc", "line", "block"), BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS])
def test_each_python_example_of_the_docs(doc, line, block, betapet, scrabble, artifacts_root, monkeypatch, tmp_path):
    monkeypatch.setenv("LEXICON_ARTIFACTS", str(artifacts_root))
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(block, {}, f"{doc}:{line}", doc, line)
    if not test.examples:
        exec(compile(block, f"{doc}:{line}", "exec"), {})  # noqa: S102 - the docs' own code, as a reader runs it
        return
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
