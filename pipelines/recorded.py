"""What a version carries of the files it was built from, so that it opens and explains itself anywhere.

A lexicon is opened with its profile and tile set: a custom profile given by path (`profile =
"short5.toml"` beside the pipeline) would be missing wherever the version is served, so every
version carries copies of both (`profile.toml`, `tileset.toml`) and opens with them
(lexicon.lookup). The overlays' words, inline and from their files, are written out too, each with
its evidence where the file gave one (`overlay-allow.txt`, `overlay-block.txt`). The manifest's
`inputs` names each copy, where it came from and its sha256; the copies are version files like the
others, checked on every load.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from lexicon import DataError, artifacts

from .definition import Pipeline

PROFILE_FILE = "profile.toml"
TILESET_FILE = "tileset.toml"
OVERLAY_FILES = {"allow": "overlay-allow.txt", "block": "overlay-block.txt"}


def record_inputs(p: Pipeline, folder: Path) -> dict[str, Any]:
    """Copy the profile and tile set into `folder` and write the overlays' words; the manifest's `inputs`."""
    inputs = {
        "profile": _copy(p.profile.path, folder / PROFILE_FILE),
        "tileset": _copy(p.profile.alphabet.path, folder / TILESET_FILE),
    }
    for kind, file in OVERLAY_FILES.items():
        words = getattr(p.overlays, kind)
        if words:
            target = folder / file
            # each word on its line, with its evidence after a tab where it has any: an allowed word's record
            # number is its line here, so that a version carries why each word it adds is in it
            lines = (f"{w}\t{why}\n" if why else f"{w}\n" for w, why in zip(words, p.overlays.evidence(kind)))
            target.write_text("".join(lines), encoding="utf-8")
            inputs[kind] = {"file": file, "from": [str(f) for f in getattr(p.overlays, f"{kind}_files")],
                            "words": len(words), "sha256": artifacts.sha256_file(target)}
    return inputs


def checksums(inputs: dict[str, Any]) -> dict[str, str]:
    """The sha256 of each recorded file: part of the version, since the lexicon opens with them."""
    return {role: entry["sha256"] for role, entry in sorted(inputs.items())}


def _copy(source: Path | None, target: Path) -> dict[str, Any]:
    if source is None:  # a Profile made in code: nothing to carry
        raise DataError(f"a built profile and tile set come from files; there is none to record as {target.name}")
    shutil.copyfile(source, target)
    return {"file": target.name, "from": str(source), "sha256": artifacts.sha256_file(target)}
