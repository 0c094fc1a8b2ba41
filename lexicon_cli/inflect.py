"""The `inflect` command: the forms a pipeline's inflection generator gives a headword."""

from __future__ import annotations

import click

from lexicon import DataError
from lexicon_pipelines import load_pipeline

from .output import emit, json_option


@click.command("inflect")
@click.argument("word")
@click.option("--pipeline", "-p", default="sv-betapet-inflected", show_default=True,
              help="Pipeline whose sources and inflection generator to use (name or path).")
@json_option
def inflect_command(word: str, pipeline: str, as_json: bool) -> None:
    """Every form the inflection generator gives WORD, for each entry of WORD in the sources,
    with its tag and the rule that made it. Exit code 1 when no entry has WORD as headword."""
    p = load_pipeline(pipeline)
    expand = p.inflector()
    if expand is None:
        raise DataError(f"{p.path}: pipeline {p.name} names no [inflection] generator")
    entries = [expand(e) for reader in p.readers() for e in reader.entries() if e.headword == word]
    data = [{"headword": e.headword, "pos": e.pos, "source": e.source, "record": e.record, "notation": e.notation,
             "forms": [{"text": f.text, "tag": f.tag, "rule": f.rule} for f in e.forms]} for e in entries]
    lines = []
    for e in entries:
        lines.append(f"{e.headword} ({e.pos or '?'}), {e.where}: {e.notation or '(no notation)'}")
        lines += [f"  {f.text:<20} {f.tag:<16} {f.rule}" for f in e.forms]
    emit(data, as_json, "\n".join(lines) or f"{word!r}: no entry in {p.name}'s sources")
    if not entries:
        raise click.exceptions.Exit(1)
