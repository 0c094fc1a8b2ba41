"""`lexicon bundle`: a version's bundle, the one file a game embeds (docs/bundle.md, docs/embedding.md)."""

from __future__ import annotations

from pathlib import Path

import click

from lexicon import bundle

from .artifacts import open_artifact
from .output import artifacts_option, emit, json_option


@click.command("bundle")
@click.argument("artifact", required=False)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write it [default: NAME-VERSION.bundle here].")
@click.option("--check", "check_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Check a bundle file instead: its header, checksums and every section, as clients read it.")
@artifacts_option
@json_option
def bundle_command(artifact: str | None, output: Path | None, check_file: Path | None, root: str | None,
                   as_json: bool) -> None:
    """Write the bundle of ARTIFACT (name, name@version or a directory): its word graph, key and form
    indexes, tile set, rules and normalisation tables in one checksummed file, answering as the service."""
    if check_file is not None:
        found = bundle.verify(check_file.read_bytes(), str(check_file))
        sizes = {name: len(data) for name, data in found.sections.items()}
        emit({"lexicon": found.lexicon, "version": found.version, "toolkit": found.toolkit, "tileset": found.tileset,
              "sections": sizes}, as_json,
             f"{check_file}: {found.lexicon}@{found.version} (toolkit {found.toolkit}, tiles {found.tileset}), "
             f"{len(sizes)} sections, {sum(sizes.values()):,} bytes in them: sound")
        return
    if artifact is None:
        raise click.UsageError("name a lexicon (or give --check FILE)")
    lex = open_artifact(artifact, root)
    try:
        out = output or Path(f"{lex.name}-{lex.version}.bundle")
        entry = bundle.export(lex.path, lex.manifest, lex.profile, out)
    finally:
        lex.close()
    emit(entry | {"path": str(out)}, as_json, f"{lex.spec} → {out} ({entry['size']:,} bytes, sha256 {entry['sha256']})")
