"""`lexicon serve`: the validation service under gunicorn, with the repository's gunicorn config."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

import service

CONFIG = Path(service.__file__).parent / "gunicorn.conf.py"


@click.command("serve")
@click.option("--artifacts", "root", envvar="LEXICON_ARTIFACTS", default="artifacts", show_default=True,
              type=click.Path(file_okay=False), help="Artifacts directory (or $LEXICON_ARTIFACTS).")
@click.option("--bind", default="127.0.0.1:8000", show_default=True, help="Address and port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), help="Worker processes (default: one per core).")
@click.option("--default", "default_lexicon", default="sv-betapet", show_default=True,
              help="Lexicon used when a request names none.")
def serve_command(root: str, bind: str, workers: int | None, default_lexicon: str) -> None:
    """Serve the lexicons in the artifacts directory over HTTP (gunicorn, service/gunicorn.conf.py)."""
    from lexicon import artifacts

    if not artifacts.names(Path(root)):
        raise click.UsageError(f"no lexicon is built in {root}: run `lexicon build sv-betapet` first")
    env = os.environ | {"LEXICON_ARTIFACTS": str(Path(root).resolve()), "LEXICON_BIND": bind,
                        "LEXICON_DEFAULT": default_lexicon}
    if workers:
        env["LEXICON_WORKERS"] = str(workers)
    click.echo(f"serving {', '.join(artifacts.names(Path(root)))} at http://{bind}/", err=True)
    gunicorn = Path(sys.executable).with_name("gunicorn")
    os.execve(gunicorn, [str(gunicorn), "-c", str(CONFIG), "service.wsgi:app"], env)
