"""The Python release as a user installs it: `make dist` makes the sdist and, from it, the wheel; the wheel
installs into a fresh virtual environment outside the checkout, where `lexicon --version`, `lexicon build`,
`lexicon check` and `lexicon serve` work as they do here."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

import lexicon

from .conftest import ROOT, extension_files


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run(["make", "--no-print-directory", "dist", f"DIST={out}"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return out


@pytest.fixture(scope="module")
def fresh(dist, tmp_path_factory) -> tuple[Path, dict]:
    """A virtual environment of its own, the wheel installed in it with its dependencies from the index: its
    bin folder, and an environment to run it in from a folder outside the checkout."""
    (wheel,) = dist.glob("*.whl")
    home = tmp_path_factory.mktemp("user")
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "LEXICON_"))}
    env |= {"HOME": str(home), "PATH": f"{venv / 'bin'}:/usr/sbin:/usr/bin:/sbin:/bin"}
    run = subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)], cwd=home, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    return venv / "bin", env


def test_the_sdist_and_the_wheel_hold_what_a_user_needs(dist):
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    assert sdist.name == f"tile_lexicon-{lexicon.__version__}.tar.gz"
    assert wheel.name.startswith(f"tile_lexicon-{lexicon.__version__}-")
    with tarfile.open(sdist) as tar:
        sources = {Path(name).relative_to(sdist.name.removesuffix(".tar.gz")).as_posix() for name in tar.getnames()}
    # what builds the compiled core: setup.py, the header it reads the version from, and the extension's sources
    # and headers as setup.py lists them
    assert {"setup.py", "pyproject.toml", "lexicon/graph/core/graph/tl_graph.h", "clients/js/notation.js"} <= sources
    sources_named, headers_named = extension_files()
    assert set(sources_named) | set(headers_named) <= sources
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    assert any(n.startswith("lexicon/graph/_core.") and n.endswith(".so") for n in names)
    # the shipped pipelines and games, and the service's page, as package data
    for wanted in ("lexicon_pipelines/sv-betapet.toml", "lexicon_pipelines/hu-betutorony.toml",
                   "lexicon/data/games/sv-betapet.toml", "lexicon_service/static/app.js",
                   "lexicon_service/static/tile-lexicon/notation.js", "lexicon_service/nginx.conf"):
        assert wanted in names, wanted


def test_the_installed_wheel_builds_checks_and_serves(fresh, betapet, tmp_path):
    """Outside the checkout: the package imported is the installed one, the build of sv-betapet is the very
    version the checkout builds (the same sources, the same rules), and the service answers over HTTP."""
    bin_dir, env = fresh
    artifacts = tmp_path / "artifacts"

    def lexicon_cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(bin_dir / "lexicon"), *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True)

    assert lexicon_cli("--version").stdout.strip() == f"lexicon, version {lexicon.__version__}"
    where = subprocess.run([str(bin_dir / "python"), "-c", "import lexicon; print(lexicon.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where and str(bin_dir.parent) in where
    built = lexicon_cli("build", "sv-betapet", "--artifacts", str(artifacts))
    assert built.returncode == 0, built.stderr[-2000:]
    assert f"sv-betapet@{betapet.version}" in built.stdout
    valid, invalid = lexicon_cli("check", "hund", "--artifacts", str(artifacts)), \
        lexicon_cli("check", "xqz", "--artifacts", str(artifacts))
    assert (valid.returncode, invalid.returncode) == (0, 1) and "not-in-lexicon" in invalid.stdout
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([str(bin_dir / "lexicon"), "serve", "--artifacts", str(artifacts), "--no-proxy",
                               "--bind", f"127.0.0.1:{port}", "--workers", "1"], cwd=tmp_path, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        answer = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/valid?word=hund", timeout=5) as r:
                    answer = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.2)
        assert answer == json.loads(betapet.verdict_json("hund")[1]) and answer["valid"] is True
        # the page's script and the package's notation module it imports
        for path in ("/static/app.js", "/static/tile-lexicon/notation.js"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
                assert r.status == 200 and "javascript" in r.headers["Content-Type"], path
                served = r.read()
        assert served == (ROOT / "clients" / "js" / "notation.js").read_bytes()
    finally:
        server.terminate()
        server.wait(timeout=30)
