"""What every command shares: printing for people or as JSON, and the common options."""

from __future__ import annotations

import json
from typing import Any

import click

from lexicon import artifacts

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")

artifacts_option = click.option(
    "--artifacts", "root", envvar="LEXICON_ARTIFACTS", default=None, type=click.Path(file_okay=False),
    help=f"Artifacts directory [default: $LEXICON_ARTIFACTS, else {artifacts.user_artifacts()}].")

progress_option = click.option(
    "--progress/--quiet", "show_progress", default=None,
    help="Draw progress (steps, counts, rate, time left) on stderr, or not [default: when stderr is a terminal].")


def emit(data: Any, as_json: bool, text: str) -> None:
    """Print `text` for people, or `data` as JSON."""
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(text)
