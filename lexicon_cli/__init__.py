"""The `lexicon` command: thin click commands over the library, the pipelines and the service.

Every command prints text for people and, with `--json`, one JSON document for scripts.
Exit codes: 0 success, 1 a word checked is not valid, 2 bad input (a clear message on stderr).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from lexicon import LexiconError

from .artifacts import build_command, check_command, diff_command, export_command, info_command
from .hunspell import expand_command
from .inflect import inflect_command
from .play import judge_command
from .serve import serve_command
from .words import normalize_command, tiles_command


class Group(click.Group):
    """A click group that turns every LexiconError into a one-line message and exit code 2; with
    `--json`, the error is also one JSON document on stdout: its code (the service's problem type),
    the message, and where the problem is when known."""

    def invoke(self, ctx: click.Context) -> Any:
        as_json = "--json" in ctx.args
        try:
            return super().invoke(ctx)
        except LexiconError as exc:
            click.echo(f"error: {exc}", err=True)
            if as_json:
                click.echo(json.dumps({"error": exc.code, "detail": str(exc)} | exc.where(), ensure_ascii=False))
            ctx.exit(2)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tile-lexicon")
def main() -> None:
    """Build game lexicons from real dictionaries, check words, and serve them."""


for command in (build_command, check_command, diff_command, expand_command, export_command, inflect_command,
                info_command, judge_command, normalize_command, serve_command, tiles_command):
    main.add_command(command)


def emit(data: Any, as_json: bool, text: str) -> None:
    """Print `text` for people, or `data` as JSON."""
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(text)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
