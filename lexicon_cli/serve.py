"""`lexicon serve`: the validation service as `make run` starts it: nginx (service/nginx.conf) in front
of two pools of gunicorn workers (service/gunicorn.conf.py), one for lookups and one for searches; or
one pool alone, behind a proxy of one's own (docs/deploy.md)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

import lexicon_service
from lexicon import artifacts
from lexicon_service.proxy import SEARCH_NICE, nginx_binary, serve_behind_nginx

from .output import artifacts_option

CONFIG = Path(lexicon_service.__file__).parent / "gunicorn.conf.py"


@click.command("serve")
@artifacts_option
@click.option("--bind", default="127.0.0.1:8000", show_default=True, help="Address and port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), help="Lookup worker processes (default: one per core).")
@click.option("--search-workers", type=click.IntRange(1, 64),
              help="Search worker processes, at a lower CPU priority (default: one per two cores).")
@click.option("--default", "default_lexicon", envvar="LEXICON_DEFAULT", default="sv-betapet", show_default=True,
              help="Lexicon used when a request names none (or $LEXICON_DEFAULT).")
@click.option("--proxy/--no-proxy", default=True, show_default=True,
              help="Start nginx in front of a lookup and a search pool; --no-proxy: one pool alone, for a "
                   "buffering proxy of your own in front (docs/deploy.md).")
@click.option("--searches", is_flag=True, help="With --no-proxy: this pool serves searches (lower CPU priority).")
def serve_command(root: str | None, bind: str, workers: int | None, search_workers: int | None, default_lexicon: str,
                  proxy: bool, searches: bool) -> None:
    """Serve the lexicons in the artifacts directory over HTTP (nginx and gunicorn)."""
    root = artifacts.artifacts_root(root)
    if not artifacts.names(root):
        raise click.UsageError(f"no lexicon is built in {root}: run `lexicon build {default_lexicon}"
                               f"{'' if root == artifacts.artifacts_root() else f' --artifacts {root}'}` first")
    if searches and proxy:
        raise click.UsageError("--searches names a pool started alone: use it with --no-proxy")
    search_workers = search_workers or max(1, (os.cpu_count() or 2) // 2)
    env = os.environ | {"LEXICON_ARTIFACTS": str(root.resolve()), "LEXICON_BIND": bind,
                        "LEXICON_DEFAULT": default_lexicon}
    if workers:
        env["LEXICON_WORKERS"] = str(workers)
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn), "-c", str(CONFIG), "lexicon_service.wsgi:app"]
    names = ", ".join(artifacts.names(root))
    if not proxy:
        if searches:
            env |= {"LEXICON_WORKERS": str(search_workers), "LEXICON_NICE": str(SEARCH_NICE)}
        click.echo(f"serving {names} at http://{bind}/ (gunicorn, the {'search' if searches else 'lookup'} pool)",
                   err=True)
        os.execve(gunicorn, command, env)
    nginx_binary()  # missing nginx: say so before starting anything
    click.echo(f"serving {names} at http://{bind}/ (nginx in front of a lookup and a search pool)", err=True)
    sys.exit(serve_behind_nginx(bind, command, env, search_workers))
