"""The `lexicon` command: thin click commands over the library, the pipelines and the service.

Every command prints text for people and, with `--json`, one JSON document for scripts.
Exit codes: 0 success, 1 a word checked is not valid, 2 bad input (a clear message on stderr),
3 a build published but held back from being current (the shrink guard, lexicon.guard).

A command's module is imported when the command runs (click's lazily loaded subcommands), so
`lexicon check` does not pay for the service's Flask stack, nor `lexicon serve` for the pipelines.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

import click

from lexicon import LexiconError
from lexicon.errors import HeldBack

#: command name → "module:attribute" of its click command
COMMANDS = {
    "build": "lexicon_cli.artifacts:build_command",
    "bundle": "lexicon_cli.bundle:bundle_command",
    "check": "lexicon_cli.artifacts:check_command",
    "diff": "lexicon_cli.artifacts:diff_command",
    "expand": "lexicon_cli.hunspell:expand_command",
    "export": "lexicon_cli.artifacts:export_command",
    "info": "lexicon_cli.artifacts:info_command",
    "inflect": "lexicon_cli.inflect:inflect_command",
    "judge": "lexicon_cli.play:judge_command",
    "leaves": "lexicon_cli.leaves:leaves_group",
    "moves": "lexicon_cli.play:moves_command",
    "normalize": "lexicon_cli.words:normalize_command",
    "publish": "lexicon_cli.play:publish_command",
    "replay": "lexicon_cli.play:replay_command",
    "selfplay": "lexicon_cli.play:selfplay_command",
    "serve": "lexicon_cli.serve:serve_command",
    "tiles": "lexicon_cli.words:tiles_command",
}


class Group(click.Group):
    """A click group whose commands load on use, and that turns every LexiconError into a one-line
    message and exit code 2 (3 for a build held back); with `--json`, the error is also one JSON
    document on stdout: its code (the service's problem type), the message, and where the problem is
    when known."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), attribute)

    def invoke(self, ctx: click.Context) -> Any:
        as_json = "--json" in ctx.args
        try:
            return super().invoke(ctx)
        except LexiconError as exc:
            click.echo(f"error: {exc}", err=True)
            if as_json:
                click.echo(json.dumps({"error": exc.code, "detail": str(exc)} | exc.where(), ensure_ascii=False))
            ctx.exit(3 if isinstance(exc, HeldBack) else 2)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tile-lexicon")
def main() -> None:
    """Build game lexicons from real dictionaries, check words, and serve them."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
