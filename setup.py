"""The build's code where pyproject.toml cannot say it: the version, read from the C header (graph/tl_graph.h,
the one place it is set), and the compiled word-graph core as an extension module.

The core is the C library in lexicon/graph/core (no Python in it; a folder a layer, each file including headers
by their path there) and its binding, lexicon/graph/binding/ (a file a Python type). gcc and the Python headers
are all it needs; `make lib` builds the library alone. (setuptools takes extension modules in pyproject.toml
only as an experiment that warns at every install.)
"""

import re
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
#: The JavaScript package's notation module, which the service's page imports (service/page.py): a checkout
#: serves it from clients/js, a wheel carries a copy beside the page's files.
NOTATION = "clients/js/notation.js"
NOTATION_IN_WHEEL = "lexicon_service/static/tile-lexicon/notation.js"
CORE = "lexicon/graph/core"
BINDING = "lexicon/graph/binding"
# the C files of each folder that the module links (the core's file.c and tool/ are the C library's alone)
SOURCES = {
    "binding": ["module", "builder", "graph", "walk", "moves", "bundle", "verdicts", "words", "game", "leaves", "play"],
    "graph": ["builder", "crc32", "error", "index", "parts", "reader", "search", "version"],
    "lexicon": ["answer", "bundle", "common", "normalize", "notation", "query", "rule", "words", "unicode"],
    "play": ["endgame", "equity", "game", "judge", "leaves", "moves", "plays", "score", "stacks"],
    "wire": ["answer_json", "game_json", "json", "json_read", "play_json", "play_read", "pystr", "pystr_tables",
             "query_json"],
}
HEADERS = {
    "binding": ["binding.h"],
    "graph": ["tl_graph.h", "internal.h"],
    "lexicon": ["tl_lexicon.h", "lexicon.h", "notation.h", "check.h", "rule.h", "query.h"],
    "play": ["game.h", "judge.h", "moves.h", "movegen.h", "score.h", "tl_play.h"],
    "wire": ["json.h", "reader.h", "request.h"],
}


def folder(name: str) -> str:
    return BINDING if name == "binding" else f"{CORE}/{name}"


def version() -> str:
    """MAJOR.MINOR.PATCH from the header's TL_VERSION_MAJOR, _MINOR and _PATCH."""
    header = (HERE / CORE / "graph" / "tl_graph.h").read_text(encoding="utf-8")
    return ".".join(re.search(rf"^#define TL_VERSION_{part} (\d+)$", header, re.M)[1]
                    for part in ("MAJOR", "MINOR", "PATCH"))


class BuildPy(build_py):
    """The packages' files, and the page's notation module beside them."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / NOTATION_IN_WHEEL
        self.mkpath(str(target.parent))
        self.copy_file(str(HERE / NOTATION), str(target))


setup(
    version=version(),
    cmdclass={"build_py": BuildPy},
    ext_modules=[Extension(
        "lexicon.graph._core",
        sources=[f"{folder(name)}/{file}.c" for name, files in SOURCES.items() for file in files],
        depends=[f"{folder(name)}/{file}" for name, files in HEADERS.items() for file in files],
        include_dirs=[CORE],
        extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter",
                            "-Wno-missing-field-initializers", "-Wno-cast-function-type"],
    )],
)
