"""Which word-graph implementation runs: the compiled core, or the pure-Python reference.

The compiled core (the C library in lexicon/graph/core, bound to Python as `lexicon.graph._core`
by lexicon/graph/binding/) builds, reads and searches word graphs; lexicon/graph/dawg.py,
writer.py, reader.py and lexicon/search.py hold the reference it is tested against, byte for byte
and result for result. `LEXICON_PURE_PYTHON=1` in the environment selects the reference everywhere
(slower, the same bytes and answers).
"""

from __future__ import annotations

import os

PURE_PYTHON = os.environ.get("LEXICON_PURE_PYTHON", "") not in ("", "0")

if PURE_PYTHON:
    core = None
else:
    try:
        from . import _core as core
    except ImportError as exc:  # a checkout that pip has not built
        raise ImportError(f"the compiled word-graph core lexicon.graph._core is not built ({exc}): run `make` "
                          "(pip install -e .), or set LEXICON_PURE_PYTHON=1 for the pure-Python reference") from exc


def use_core(native: bool | None):
    """The compiled module when `native` (None: unless LEXICON_PURE_PYTHON is set), else None."""
    if native is None:
        return core
    if native and core is None:
        from . import _core

        return _core
    return core if native else None
