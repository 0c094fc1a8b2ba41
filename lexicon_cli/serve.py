"""`lexicon serve`: the validation service as `make run` starts it: nginx (service/nginx.conf) in front
of gunicorn's workers (service/gunicorn.conf.py), or gunicorn alone behind a proxy of your own."""

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
@click.option("--default", "default_lexicon", envvar="LEXICON_DEFAULT", default="sv-betapet", show_default=True,
              help="Lexicon used when a request names none (or $LEXICON_DEFAULT).")
@click.option("--proxy/--no-proxy", default=True, show_default=True,
              help="Put nginx in front of gunicorn, as its sync workers need; --no-proxy when another buffering "
                   "proxy (nginx, a load balancer) is in front already, as in docs/deploy.md.")
def serve_command(root: str, bind: str, workers: int | None, default_lexicon: str, proxy: bool) -> None:
    """Serve the lexicons in the artifacts directory over HTTP (nginx and gunicorn)."""
    from lexicon import artifacts

    if not artifacts.names(Path(root)):
        raise click.UsageError(f"no lexicon is built in {root}: run `lexicon build sv-betapet` first")
    env = os.environ | {"LEXICON_ARTIFACTS": str(Path(root).resolve()), "LEXICON_BIND": bind,
                        "LEXICON_DEFAULT": default_lexicon}
    if workers:
        env["LEXICON_WORKERS"] = str(workers)
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn), "-c", str(CONFIG), "service.wsgi:app"]
    front = "nginx in front of gunicorn" if proxy else "gunicorn"
    click.echo(f"serving {', '.join(artifacts.names(Path(root)))} at http://{bind}/ ({front})", err=True)
    if not proxy:
        os.execve(gunicorn, command, env)
    from service.proxy import nginx_binary, serve_behind_nginx

    nginx_binary()  # missing nginx: say so before starting anything
    sys.exit(serve_behind_nginx(bind, command, env))
