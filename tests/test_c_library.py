"""The word-graph core is a C library of its own: it builds with cc and nothing else, its own tests pass,
and its command-line tool makes the very bytes a build publishes (`make lib`; `make sanitize` runs the same
C tests under sanitizers)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import lexicon
from lexicon.graph import Kwg

from .conftest import ROOT, extension_files

CORE = ROOT / "lexicon" / "graph" / "core"
WARNINGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]


def test_no_file_of_the_library_knows_of_python():
    files = sorted(CORE.rglob("*.[ch]"))
    assert len(files) >= 7
    assert [p.name for p in files if re.search(r"Python\.h|Py[A-Z][a-z]+_", p.read_text(encoding="utf-8"))] == []


@pytest.fixture(scope="module")
def cc():
    found = shutil.which("cc")
    assert found, "a C compiler (cc) is needed: gcc is part of the machine's Python toolchain"
    return found


def core_sources() -> list[Path]:
    """The library's sources, every layer's folder; its command-line tools (tool/) are no part."""
    return sorted(p for p in CORE.rglob("*.c") if p.parent.name != "tool")


def test_the_extension_is_built_from_every_file_of_the_core_and_the_binding():
    """setup.py names the compiled core's files one by one: none forgotten, none gone."""
    binding = ROOT / "lexicon" / "graph" / "binding"
    sources, headers = extension_files()

    def named(paths) -> list[str]:
        return sorted(p.relative_to(ROOT).as_posix() for p in paths)

    # all but tl_lexicon_load's mapping of a file (lexicon/file.c): Python maps the bundle itself (lexicon/bundle.py)
    compiled = [p for p in core_sources() if p != CORE / "lexicon" / "file.c"]
    assert sources == named([*compiled, *binding.glob("*.c")])
    assert headers == named([*CORE.rglob("*.h"), *binding.glob("*.h")])


def test_the_library_builds_alone_and_passes_its_own_tests(cc, tmp_path):
    objects = []
    for source in core_sources():
        objects.append(tmp_path / (source.stem + ".o"))
        subprocess.run([cc, *WARNINGS, f"-I{CORE}", "-O2", "-c", str(source), "-o", str(objects[-1])], check=True)
    subprocess.run(["ar", "rcs", str(tmp_path / "libtlgraph.a"), *map(str, objects)], check=True)
    for test, least in (("test_core", 3), ("test_moves", 2), ("test_play", 2)):
        binary = tmp_path / test
        subprocess.run([cc, *WARNINGS, "-O1", f"-I{CORE}", str(ROOT / "tests" / "c" / f"{test}.c"),
                        f"-L{tmp_path}", "-ltlgraph", "-o", str(binary)], check=True)
        done = subprocess.run([str(binary)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert re.fullmatch(rf"\d{{{least},}} checks, 0 failed\n", done.stdout), done.stdout


@pytest.fixture(scope="module")
def tool(cc, tmp_path_factory):
    binary = tmp_path_factory.mktemp("tool") / "tile-graph"
    subprocess.run([cc, *WARNINGS, f"-I{CORE}", "-O2", str(CORE / "tool" / "tile_graph.c"), *map(str, core_sources()),
                    "-o", str(binary)], check=True)
    return binary


def test_the_tool_builds_the_graph_a_build_publishes(tool, betapet, tmp_path):
    """sv-betapet's words, cut by its alphabet file, make lexicon.kwg byte for byte (Swedish tiles are letters)."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(betapet.keys()) + "\n", encoding="utf-8")
    out = tmp_path / "out.kwg"
    done = subprocess.run([str(tool), "build", "--gaddag", "--time", str(betapet.path / "alphabet.txt"), str(words),
                           str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == (betapet.path / "lexicon.kwg").read_bytes()
    assert f'"distinct": {len(betapet)}' in done.stdout
    checked = subprocess.run([str(tool), "check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0 and "DAWG and GADDAG" in checked.stdout


def test_the_tool_refuses_a_word_it_cannot_cut_and_keeps_the_old_file(tool, betapet, tmp_path):
    words, out = tmp_path / "words.txt", tmp_path / "out.dwg"
    out.write_bytes(b"old")
    words.write_text("HUND\nKATT\nHUNDÇ\n", encoding="utf-8")
    done = subprocess.run([str(tool), "build", str(betapet.path / "alphabet.txt"), str(words), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.strip() == f"tile-graph: {words}:3: 'HUNDÇ' is not a word of the alphabet's tiles (255 at most)"
    assert out.read_bytes() == b"old"


def test_the_tools_anagrams_are_the_searchs(tool, betapet, tmp_path):
    racks = ["HUND", "RETSAM?", "ABC??", "EERSTTT"]
    (tmp_path / "racks.txt").write_text("\n".join(racks) + "\n", encoding="utf-8")
    done = subprocess.run([str(tool), "anagram", str(betapet.path / "lexicon.kwg"), str(betapet.path / "alphabet.txt"),
                           str(tmp_path / "racks.txt")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(racks)
    for rack, line in zip(racks, lines):
        assert re.findall(r'"([^"]*)"', line) == [m.word for m in betapet.search.anagrams(rack)]
    assert lines[0] == '"HUND"'


def test_the_tool_lists_every_word(tool, betapet):
    done = subprocess.run([str(tool), "words", str(betapet.path / "lexicon.kwg"), str(betapet.path / "alphabet.txt")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    graph = Kwg.open(betapet.path / "lexicon.kwg")
    assert len(done.stdout.splitlines()) == graph.word_count() == len(betapet)
    graph.close()


def test_the_library_installs_and_a_program_builds_against_it_with_pkg_config(cc, betapet, tmp_path):
    """`make install PREFIX=…`: the header, a static library and a shared one with its soname, and
    tile-lexicon.pc; the example builds from the installed copy alone (`cc example.c $(pkg-config --cflags
    --libs tile-lexicon)`), linked either way, and answers as the library does; `make uninstall` takes it away."""
    prefix = tmp_path / "prefix"
    subprocess.run(["make", "--no-print-directory", "install", f"PREFIX={prefix}"], cwd=ROOT, check=True,
                   capture_output=True)
    lib = prefix / "lib"
    version = lexicon.__version__
    assert (lib / "libtilelexicon.so").resolve() == lib / f"libtilelexicon.so.{version}"
    dynamic = subprocess.run(["readelf", "-d", str(lib / f"libtilelexicon.so.{version}")], capture_output=True,
                             text=True, check=True).stdout
    assert f"[libtilelexicon.so.{version.split('.')[0]}]" in dynamic  # the soname: the major version
    env = {"PATH": "/usr/bin:/bin", "PKG_CONFIG_PATH": str(lib / "pkgconfig")}
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "tile-lexicon"], env=env, capture_output=True,
                           text=True, check=True).stdout.split()
    assert subprocess.run(["pkg-config", "--modversion", "tile-lexicon"], env=env, capture_output=True, text=True,
                          check=True).stdout.strip() == version
    example = ROOT / "clients" / "c" / "example.c"
    shared, static = tmp_path / "shared", tmp_path / "static"
    subprocess.run([cc, "-std=c11", str(example), *flags, "-o", str(shared)], check=True, cwd=tmp_path)
    subprocess.run([cc, "-std=c11", str(example), f"-I{prefix / 'include'}", str(lib / "libtilelexicon.a"),
                    "-o", str(static)], check=True, cwd=tmp_path)
    bundle = str(betapet.path / betapet.manifest["bundle"]["file"])
    words = ["hund", "HUNDAR", "allé", "xqzt", "a b"]
    expected = betapet.brief_json(words)[0]
    for program, run_env in ((shared, {"LD_LIBRARY_PATH": str(lib)}), (static, {})):
        assert subprocess.run([str(program), "--version"], env=run_env, capture_output=True, text=True,
                              check=True).stdout == f"{version} (built with {version})\n"
        lines = subprocess.run([str(program), bundle, *words], env=run_env, capture_output=True, check=True).stdout
        assert b"[" + b",".join(lines.splitlines()) + b"]" == expected
    # without the installed library on the path the shared build does not start: it is linked to it, not copied
    assert subprocess.run([str(shared), "--version"], env={}, capture_output=True).returncode != 0
    subprocess.run(["make", "--no-print-directory", "uninstall", f"PREFIX={prefix}"], cwd=ROOT, check=True,
                   capture_output=True)
    assert sorted(p for p in prefix.rglob("*") if p.is_file() or p.is_symlink()) == []


def test_one_version_everywhere():
    """The toolkit's version: the Python package's (its code and its installed metadata, which setup.py reads
    from the header), the C library's (its header and tl_version()) and the JavaScript package's are one."""
    from importlib.metadata import version

    from lexicon.graph import _core

    package = json.loads((ROOT / "clients" / "js" / "package.json").read_text(encoding="utf-8"))
    header = (CORE / "graph" / "tl_graph.h").read_text(encoding="utf-8")
    parts = [re.search(rf"#define TL_VERSION_{p} (\d+)", header)[1] for p in ("MAJOR", "MINOR", "PATCH")]
    assert lexicon.__version__ == _core.VERSION == version("tile-lexicon") == package["version"] == ".".join(parts)
