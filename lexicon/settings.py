"""Every environment variable the library reads, read here and nowhere else in lexicon/ (the service's are
service/settings.py's; docs/service.md, "Settings", lists them all)."""

from __future__ import annotations

import os


def artifacts_dir() -> str | None:
    """$LEXICON_ARTIFACTS: the artifacts directory when none is given (lexicon.artifacts.artifacts_root)."""
    return os.environ.get("LEXICON_ARTIFACTS") or None


def pure_python() -> bool:
    """$LEXICON_PURE_PYTHON set (and not 0): the pure-Python word graphs everywhere (lexicon.graph.native)."""
    return os.environ.get("LEXICON_PURE_PYTHON", "") not in ("", "0")
