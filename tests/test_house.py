"""The house rules of docs/architecture.md, checked on the code: which room imports which, no import
cycle anywhere, no function of the library or the pipelines with more than 30 branches, and the C core's
layers, each including only its own headers and those of the layers below it."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from .conftest import ROOT

#: Each room (by its import name) and the rooms it may import (docs/architecture.md draws the same).
MAY_IMPORT = {
    "lexicon": set(),
    "lexicon_pipelines": {"lexicon"},
    "lexicon_service": {"lexicon"},
    "lexicon_cli": {"lexicon", "lexicon_pipelines", "lexicon_service"},
    "support": {"lexicon", "lexicon_pipelines", "lexicon_service", "lexicon_cli"},
    "bench": {"lexicon", "lexicon_pipelines", "lexicon_service", "lexicon_cli", "support"},
    "fuzz": {"lexicon", "lexicon_pipelines", "lexicon_service", "support"},
    "tests": {"lexicon", "lexicon_pipelines", "lexicon_service", "lexicon_cli", "support", "fuzz"},
}
#: Rooms whose folder is not their import name (pyproject.toml's package-dir).
FOLDERS = {"lexicon_pipelines": "pipelines", "lexicon_service": "service"}
MAX_BRANCHES = 30


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the rooms: dotted name → (file, is a package's __init__)."""
    found = {}
    for room in MAY_IMPORT:
        folder = ROOT / FOLDERS.get(room, room)
        for path in sorted(folder.rglob("*.py")):
            parts = [room, *path.relative_to(folder).with_suffix("").parts]
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports(name: str, path: Path, is_package: bool, known: dict) -> set[str]:
    """The project modules a module imports, at any level (function-level imports count: they are
    how cycles hide), except under `if TYPE_CHECKING:`. `from P import x` names the module P.x when
    there is one, else P; a compiled extension (lexicon.graph._core) is no module of the graph."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - child.level + 1] if child.level else []
                module = ".".join(base + ([child.module] if child.module else []))
                for alias in child.names:
                    full = f"{module}.{alias.name}"
                    if full in known:
                        found.add(full)
                    elif not _compiled(full):
                        found.add(module)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    resolved = set()
    for target in found:
        parts = target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        if parts and ".".join(parts) != name:
            resolved.add(".".join(parts))
    return resolved


def _compiled(dotted: str) -> bool:
    folder = ROOT.joinpath(*dotted.split("."))
    return folder.is_dir() and not (folder / "__init__.py").exists() or bool(list(folder.parent.glob(
        f"{folder.name}.*.so")))


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, is_package, known) for name, (path, is_package) in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_rooms_import_only_what_the_plan_allows(graph):
    wrong = sorted(f"{a} imports {b}" for a, targets in graph.items() for b in targets
                   if a.split(".")[0] != b.split(".")[0] and b.split(".")[0] not in MAY_IMPORT[a.split(".")[0]])
    assert wrong == []


def test_no_module_imports_itself_back(graph):
    assert cycles(graph) == []


def test_no_two_parts_of_a_package_depend_on_each_other(graph):
    """Within a room, its modules and sub-packages (lexicon_pipelines.sources, lexicon_pipelines.hunspell, lexicon.play)
    form no cycle either: a sub-package is one unit here, its __init__ the package's own."""
    def unit(module: str) -> str:
        parts = module.split(".")
        return ".".join(parts[:2]) if len(parts) > 1 else f"{parts[0]}.__init__"

    units: dict[str, set[str]] = defaultdict(set)
    for a, targets in graph.items():
        for b in targets:
            if a.split(".")[0] == b.split(".")[0] and unit(a) != unit(b):
                units[unit(a)].add(unit(b))
    assert cycles(units) == []


def test_no_module_imports_a_room_by_its_folder_name():
    """`import pipelines` works only from a checkout (the folder is on the path there); installed,
    the package is lexicon_pipelines."""
    folder_names = set(FOLDERS.values())
    wrong = []
    for path, _ in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            wrong += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in names
                      if name.split(".")[0] in folder_names]
    assert wrong == []


def test_the_cycle_check_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def branches(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Branches as pylint's too-many-branches (ruff PLR0912) counts them: each if and elif, each
    loop, each except, and an else or finally where one is written; nested functions count for themselves."""
    count = 0

    def visit(node: ast.AST) -> None:
        nonlocal count
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
                continue
            if isinstance(child, ast.If):
                count += 1
                if child.orelse and not (len(child.orelse) == 1 and isinstance(child.orelse[0], ast.If)):
                    count += 1
            elif isinstance(child, ast.For | ast.AsyncFor | ast.While):
                count += 1 + bool(child.orelse)
            elif isinstance(child, ast.Try):
                count += len(child.handlers) + bool(child.orelse) + bool(child.finalbody)
            elif isinstance(child, ast.Match):
                count += len(child.cases)
            visit(child)

    visit(function)
    return count


def test_no_function_of_the_library_or_the_pipelines_has_more_than_30_branches():
    heavy = []
    for folder in ("lexicon", "pipelines"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and branches(node) > MAX_BRANCHES:
                    heavy.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({branches(node)} branches)")
    assert heavy == []


def test_the_branch_count_counts():
    tree = ast.parse("def f(x):\n    if x:\n        pass\n    elif x > 1:\n        pass\n    else:\n        pass\n"
                     "    for i in x:\n        pass\n    try:\n        pass\n    except ValueError:\n        pass\n")
    assert branches(tree.body[0]) == 5


#: The C core's layers, lowest first (docs/architecture.md, "The C core"): a file includes headers of its own layer
#: and of the layers below it, each by its path under the core (`#include "graph/tl_graph.h"`); the command-line
#: tools in tool/ may include any.
CORE = ROOT / "lexicon" / "graph" / "core"
LAYERS = ["graph", "lexicon", "play", "wire"]
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.MULTILINE)


def core_includes() -> list[tuple[str, str, bool]]:
    """Every include of the core's files: (the file's path under the core, the header as written, quoted)."""
    return [(path.relative_to(CORE).as_posix(), name, mark == '"') for path in sorted(CORE.rglob("*.[ch]"))
            for mark, name in INCLUDE.findall(path.read_text(encoding="utf-8"))]


def layer_faults(includes: list[tuple[str, str, bool]], headers: set[str]) -> list[str]:
    """What breaks the layering: a quoted include that is no core header (`headers`, by their paths under the
    core), or one of a layer above the including file's; and Python's headers, which the core never needs."""
    faults = []
    for where, name, quoted in includes:
        layer, target = where.split("/")[0], name.split("/")[0]
        if name in ("Python.h", "structmember.h"):
            faults.append(f"{where} includes {name}: the core knows nothing of Python")
        elif not quoted:
            continue
        elif name not in headers:
            faults.append(f"{where} includes {name}: no header of the core by its path under the core")
        elif layer != "tool" and LAYERS.index(target) > LAYERS.index(layer):
            faults.append(f"{where} includes {name}: {target} is above {layer}")
    return faults


def test_the_c_cores_layers_include_only_themselves_and_those_below():
    assert sorted(p.name for p in CORE.iterdir()) == sorted([*LAYERS, "tool"])  # no file outside a layer
    headers = {p.relative_to(CORE).as_posix() for layer in LAYERS for p in (CORE / layer).glob("*.h")}
    includes = core_includes()
    assert sum(quoted for _, _, quoted in includes) > 30  # the pattern finds what it looks for
    assert layer_faults(includes, headers) == []


def test_the_binding_includes_only_the_cores_public_headers():
    """The Python binding is a door: it reaches the core through what every client reads, never its internals."""
    binding = ROOT / "lexicon" / "graph" / "binding"
    found = {name for path in binding.glob("*.[ch]")
             for mark, name in INCLUDE.findall(path.read_text(encoding="utf-8")) if mark == '"'}
    assert found == {"binding.h", "graph/tl_graph.h", "lexicon/tl_lexicon.h", "play/moves.h", "play/tl_play.h"}


def test_the_layer_check_finds_faults():
    headers = {"graph/internal.h", "lexicon/lexicon.h", "play/moves.h", "wire/json.h"}
    assert layer_faults([("graph/reader.c", "lexicon/lexicon.h", True), ("wire/json.c", "graph/internal.h", True),
                         ("play/moves.c", "moves.h", True), ("tool/tile_moves.c", "wire/json.h", True),
                         ("lexicon/bundle.c", "stdlib.h", False), ("lexicon/bundle.c", "Python.h", False)],
                        headers) == [
        "graph/reader.c includes lexicon/lexicon.h: lexicon is above graph",
        "play/moves.c includes moves.h: no header of the core by its path under the core",
        "lexicon/bundle.c includes Python.h: the core knows nothing of Python"]


#: A numbering of letters or tiles derived in place, as modules did before one codec held it.
NUMBERING = re.compile(r"\{ord\(\w+(?:\.letter)?\): (?:i \+ 1|\w+\.number|n)\b"
                       r"|\.translate\([^)]*\)\.encode\(\"latin-1\"\)")


def test_letters_and_tiles_are_numbered_by_the_one_codec():
    """The word graphs' numbering of tiles and of key letters lives in lexicon/graph/codec.py; no other module
    of the product, its benchmarks or its fuzzing derives it (the tests keep independent oracles)."""
    codec = ROOT / "lexicon" / "graph" / "codec.py"
    assert NUMBERING.search(codec.read_text(encoding="utf-8"))  # the pattern finds what it looks for
    found = []
    for room in MAY_IMPORT:
        if room == "tests":
            continue
        for path in sorted((ROOT / FOLDERS.get(room, room)).rglob("*.py")):
            if path != codec:
                text = path.read_text(encoding="utf-8")
                found += [f"{path.relative_to(ROOT)}: {m.group()}" for m in NUMBERING.finditer(text)]
    assert found == []
