"""Artifact directories: `<root>/<name>/<version>/` with a manifest, publishing, resolving, verifying.

Publishing is atomic: a build writes into a private `.build-*` directory beside the versions,
the files are verified and synced, the directory is renamed to its version, and only then the
`current` pointer (a one-line file, replaced by rename) moves. A failed or interrupted build
leaves the previous version and pointer as they were.

The pointer is the version, and `allow-shrink` after it when the version was made current although
it loses more of the words it replaced than the shrink guard allows (lexicon.guard): a service
that sees that mark follows the pointer without comparing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from . import settings
from .errors import ArtifactError, InputError

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "tile-lexicon-manifest"
MANIFEST_VERSION = 1
CURRENT = "current"
SHRINK_ALLOWED = "allow-shrink"

NAME_RE = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]+){1,4}")
VERSION_RE = re.compile(r"[0-9a-f]{12}")
#: The distribution's name, which names its per-user data directory.
DISTRIBUTION = "tile-lexicon"


def artifacts_root(root: str | Path | None = None) -> Path:
    """The artifacts directory, looked for in one order everywhere (library, CLI, service): the
    directory given, else $LEXICON_ARTIFACTS, else the per-user one (`user_artifacts`)."""
    return Path(root or settings.artifacts_dir() or user_artifacts())


def user_artifacts() -> Path:
    """`artifacts` in the per-user data directory, by the platform's convention (platformdirs):
    $XDG_DATA_HOME/tile-lexicon/artifacts (~/.local/share/…) on Linux, ~/Library/Application
    Support/tile-lexicon/artifacts on macOS, %LOCALAPPDATA%\\tile-lexicon\\artifacts on Windows."""
    return Path(platformdirs.user_data_dir(DISTRIBUTION, appauthor=False)) / "artifacts"


def parse_spec(spec: str) -> tuple[str, str | None]:
    """`sv-betapet@0123456789ab` → (name, version); names and versions are checked, so a spec can
    never reach outside the artifacts directory."""
    name, _, version = spec.partition("@")
    if not NAME_RE.fullmatch(name):
        raise InputError(f"{spec[:80]!r} is not a lexicon name like 'sv-betapet' or 'sv-betapet@<version>'")
    if version and not VERSION_RE.fullmatch(version):
        raise InputError(f"{version[:80]!r} is not a lexicon version (12 hexadecimal digits)")
    return name, version or None


def names(root: Path) -> list[str]:
    """Lexicon names with at least one published version."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if NAME_RE.fullmatch(p.name) and versions(root, p.name))


def versions(root: Path, name: str) -> list[str]:
    folder = root / name
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if VERSION_RE.fullmatch(p.name) and (p / MANIFEST).is_file())


def built_versions(root: Path, name: str) -> list[dict[str, Any]]:
    """The versions of `name` published in `root`, oldest first: each its id, build time and whether it is
    current (what `lexicon info` lists and `lexicon diff` compares)."""
    current = current_version(root, name)
    built = []
    for version in versions(root, name):
        manifest = json.loads((root / name / version / MANIFEST).read_text(encoding="utf-8"))
        built.append({"version": version, "build_time": manifest.get("build_time"), "current": version == current})
    return sorted(built, key=lambda v: (v["build_time"] or "", v["version"]))


def current_version(root: Path, name: str) -> str | None:
    return current_pointer(root, name)[0]


def current_pointer(root: Path, name: str) -> tuple[str | None, bool]:
    """The current version of `name` (None when none is) and whether its pointer allows a shrink."""
    try:
        words = (root / name / CURRENT).read_text(encoding="ascii").split()
    except (FileNotFoundError, UnicodeDecodeError):
        return None, False
    if not words or not VERSION_RE.fullmatch(words[0]):
        return None, False
    return words[0], words[1:] == [SHRINK_ALLOWED]


def resolve(spec: str, root: str | Path | None = None) -> Path:
    """The directory of `name` (its current version) or `name@version`."""
    root = artifacts_root(root)
    name, version = parse_spec(spec)
    version = version or current_version(root, name)
    if version is None:
        known = ", ".join(names(root)) or "none"
        raise ArtifactError(f"no lexicon {name!r} in {root} (built: {known}); {build_hint(name, root)}",
                            code="unknown-lexicon")
    folder = root / name / version
    if not (folder / MANIFEST).is_file():
        raise ArtifactError(f"lexicon {name!r} has no version {version!r} in {root} "
                            f"(versions: {', '.join(versions(root, name)) or 'none'})", code="unknown-lexicon")
    return folder


def build_hint(name: str, root: Path | None = None, *, again: bool = False) -> str:
    """The command that builds `name` into `root`, as it works from any directory: a shipped
    pipeline builds by name, one's own from its file."""
    where = "" if root is None or Path(root) == artifacts_root() else f" --artifacts {root}"
    return (f"{'rebuild' if again else 'build'} it with `lexicon build {name}{where}` (a shipped pipeline) "
            f"or `lexicon build <your pipeline file>{where}`")


def read_manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArtifactError(f"{path}: missing") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArtifactError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise ArtifactError(f"{path}: not a {MANIFEST_FORMAT} file")
    if manifest.get("format_version") != MANIFEST_VERSION:
        raise ArtifactError(f"{path}: manifest format version {manifest.get('format_version')!r}, "
                            f"this toolkit reads {MANIFEST_VERSION}")
    if not isinstance(manifest.get("files"), dict):
        raise ArtifactError(f"{path}: no file list")
    return manifest


def verify(folder: Path, fix: str | None = None) -> dict[str, Any]:
    """Check every file listed in the manifest against its size and sha256; return the manifest. A file
    that fails names `fix`, what to do about it (by default: rebuild the lexicon)."""
    manifest = read_manifest(folder)
    for filename, record in sorted(manifest["files"].items()):
        if "/" in filename or filename.startswith("."):
            raise ArtifactError(f"{folder / MANIFEST}: bad file name {filename!r}")
        path = folder / filename
        if not path.is_file():
            raise ArtifactError(f"{path}: listed in the manifest but missing")
        size, digest = path.stat().st_size, sha256_file(path)
        if size != record.get("size") or digest != record.get("sha256"):
            raise ArtifactError(
                f"{path}: checksum {digest[:16]}… ({size} bytes), manifest says "
                f"{str(record.get('sha256'))[:16]}… ({record.get('size')} bytes): "
                f"{fix or build_hint(manifest.get('name', '<name>'), folder.parent.parent, again=True)}")
    return manifest


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_records(folder: Path, filenames: list[str]) -> dict[str, dict[str, Any]]:
    return {f: {"size": (folder / f).stat().st_size, "sha256": sha256_file(folder / f)} for f in sorted(filenames)}


def new_build_dir(root: Path, name: str) -> Path:
    """A private directory beside the versions, on the same file system, so publishing is a rename."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale_builds(folder)
    return Path(tempfile.mkdtemp(prefix=f".build-{os.getpid()}-", dir=folder))


def _remove_stale_builds(folder: Path) -> None:
    for stale in folder.glob(".build-*"):
        pid = stale.name.split("-")[1]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(stale, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def publish(build_dir: Path, root: Path, name: str, version: str, *, make_current: bool = True,
            shrink_allowed: bool = False) -> Path:
    """Verify a finished build directory, move it into place as `<name>/<version>`, move `current`
    (marked `allow-shrink` with `shrink_allowed`)."""
    verify(build_dir)
    os.chmod(build_dir, 0o755)  # mkdtemp made it private; a published version is readable by all
    _fsync_tree(build_dir)
    final = root / name / version
    if final.exists():
        try:
            same = verify(final)["files"] == read_manifest(build_dir)["files"]
        except ArtifactError:
            same = False
        if same:  # an identical build is already published: keep it (and its first build time)
            shutil.rmtree(build_dir)
        else:  # a damaged copy of this version: replace it
            trash = Path(tempfile.mkdtemp(prefix=".trash-", dir=root / name))
            os.rename(final, trash / version)
            os.rename(build_dir, final)
            shutil.rmtree(trash, ignore_errors=True)
    else:
        os.rename(build_dir, final)
    _fsync_dir(root / name)
    if make_current:
        set_current(root, name, version, shrink_allowed=shrink_allowed)
    return final


def set_current(root: Path, name: str, version: str, *, shrink_allowed: bool = False) -> None:
    """Point `<name>/current` at a published version, atomically; `shrink_allowed` marks a version
    made current past the shrink guard."""
    if not (root / name / version / MANIFEST).is_file():
        raise ArtifactError(f"{name}@{version} is not published in {root}", code="unknown-lexicon")
    fd, tmp = tempfile.mkstemp(prefix=".current-", dir=root / name)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(f"{version} {SHRINK_ALLOWED}\n" if shrink_allowed else version + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, root / name / CURRENT)
    _fsync_dir(root / name)


def _fsync_tree(folder: Path) -> None:
    for path in folder.iterdir():
        if path.is_file():
            with path.open("rb") as fh:
                os.fsync(fh.fileno())
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
