"""Which word-graph implementation runs: the compiled core, or the pure-Python reference.

The compiled core (the C library in lexicon/graph/core, bound to Python as `lexicon.graph._core`
by lexicon/graph/binding/) builds, reads and searches word graphs; lexicon/graph/dawg.py,
writer.py, reader.py and lexicon/search.py hold the reference it is tested against, byte for byte
and result for result. `LEXICON_PURE_PYTHON=1` in the environment selects the reference everywhere
(slower, the same bytes and answers).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..settings import pure_python

PURE_PYTHON = pure_python()

try:
    from . import _core as compiled
except ImportError as exc:  # a checkout that pip has not built
    if not PURE_PYTHON:
        raise ImportError(f"the compiled word-graph core lexicon.graph._core is not built ({exc}): run `make` "
                          "(pip install -e .), or set LEXICON_PURE_PYTHON=1 for the pure-Python reference") from exc
    compiled = None
core = None if PURE_PYTHON else compiled


def _header(name: str) -> str:
    """A header of the C library, where a checkout without its compiled core has it."""
    return (Path(__file__).parent / "core" / name).read_text(encoding="utf-8")


def _limit(name: str) -> int:
    """One of the C library's bounds (TL_<name> in lexicon/tl_lexicon.h), as the compiled core gives it."""
    if compiled:
        return getattr(compiled, name)
    return int(re.search(rf"^#define TL_{name} (\d+)", _header("lexicon/tl_lexicon.h"), re.M)[1])


# Numbers set once, in the C library's headers, which the compiled core gives (a checkout that has not built it
# reads them from the headers): the toolkit's version, the longest word in characters and the searches' bounds.
VERSION: str = compiled.VERSION if compiled else ".".join(
    re.search(rf"^#define TL_VERSION_{part} (\d+)$", _header("graph/tl_graph.h"), re.M)[1]
    for part in ("MAJOR", "MINOR", "PATCH"))
MAX_WORD = _limit("MAX_WORD")
MAX_RACK_CHARS = _limit("MAX_RACK_CHARS")
MAX_RACK_TILES = _limit("MAX_RACK_TILES")
MAX_RACK_BLANKS = _limit("MAX_RACK_BLANKS")
MAX_PATTERN_CHARS = _limit("MAX_PATTERN_CHARS")
MAX_SEARCH_VISITS = _limit("MAX_SEARCH_VISITS")


def use_core(native: bool | None):
    """The compiled module when `native` (None: unless LEXICON_PURE_PYTHON is set), else None."""
    if native is None:
        return core
    if native and core is None:
        from . import _core

        return _core
    return core if native else None
