"""Every environment variable the service reads, read here and nowhere else in service/.

`app(environ)` gives create_app's defaults (its mapping overrides each), read once per app;
`server(environ)` gives gunicorn's, read once when gunicorn loads service/gunicorn.conf.py. The
library reads two of its own in lexicon/settings.py (LEXICON_ARTIFACTS, LEXICON_PURE_PYTHON);
docs/service.md, "Settings", lists them all. A value that cannot be read stops the start with the variable
named.

Only the standard library is imported, so gunicorn.conf.py loads this file by path before the app (and
prometheus_client, which reads PROMETHEUS_MULTIPROC_DIR when first imported) is imported.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


def _count(text: str) -> int:
    if not text.strip().isdigit():
        raise ValueError("must be a whole number, 0 or more")
    return int(text)


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError("must be 1 (on) or 0 (off)")
    return text == "1"


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


@dataclass(frozen=True)
class Variable:
    """One environment variable: the setting it gives, its default, how it is read, and what it means."""

    name: str
    setting: str
    default: Any
    parse: Callable[[str], Any]
    meaning: str

    def read(self, environ: Mapping[str, str]) -> Any:
        text = environ.get(self.name)
        if text is None or text == "":
            return self.default
        try:
            return self.parse(text)
        except ValueError as exc:
            raise ValueError(f"${self.name}={text[:40]!r}: {exc}") from None


APP = (
    Variable("LEXICON_DEFAULT", "DEFAULT_LEXICON", "sv-betapet", str,
             "the lexicon a request that names none is answered from"),
    Variable("LEXICON_NAMES", "LEXICONS", [], _names,
             "the lexicons served, comma-separated; every published one when empty"),
    Variable("LEXICON_ANSWER_CACHE", "ANSWER_CACHE", 20_000, _count,
             "full answers to single words memoised per worker and lexicon version (GET /valid)"),
    Variable("LEXICON_PLAY_CACHE", "PLAY_CACHE", 4096, _count, "answers to POST /play kept per worker; 0 keeps none"),
    Variable("LEXICON_FAST_PATH", "FAST_PATH", True, _flag,
             "1: the plain `GET /valid` and `POST /moves` answered before Flask (service/fast_path.py), the same "
             "answers; 0: by Flask"),
    Variable("LEXICON_CORS_ORIGINS", "CORS_ORIGINS", "*", str,
             "the origins a page may call from, comma-separated; `*` any"),
    Variable("LEXICON_SEARCH_RATE_LIMIT", "SEARCH_RATE_LIMIT", "", str,
             "a per-client limit on /anagram, /pattern, /hooks (`10/second;200/minute`); off when empty"),
    Variable("LEXICON_RATE_LIMIT_STORAGE", "RATELIMIT_STORAGE_URI", "memory://", str,
             "where the rate limits count: `memory://` per worker, `redis://…` shared"),
    Variable("LEXICON_TRUSTED_PROXIES", "TRUSTED_PROXIES", 0, _count,
             "proxies in front whose X-Forwarded-For is believed; `lexicon serve` sets 1 for its nginx"),
)

METRICS_DIR = Variable("PROMETHEUS_MULTIPROC_DIR", "metrics_dir", None, str,
                       "prometheus_client's directory of counters shared by the workers; made fresh when unset")

SERVER = (
    Variable("LEXICON_BIND", "bind", "127.0.0.1:8000", str, "the address gunicorn listens on"),
    Variable("LEXICON_WORKERS", "workers", multiprocessing.cpu_count(), _count,
             "worker processes (default: one per core)"),
    Variable("LEXICON_WORKER_CLASS", "worker_class", "sync", str,
             "gunicorn's worker model: `sync`, or `gevent` or `gthread` as bench/hostile.py measures them"),
    Variable("LEXICON_ACCESS_LOG", "accesslog", None, str, "a file (or `-`) for gunicorn's access log; off when unset"),
    Variable("LEXICON_LOG_LEVEL", "loglevel", "info", str, "gunicorn's and the app's log level"),
    Variable("LEXICON_NICE", "nice", 0, _count,
             "how much lower the workers' CPU priority is (`lexicon serve` sets it for the search pool)"),
    Variable("LEXICON_CLOSE_AT_ONCE", "close_at_once", True, _flag,
             "1: close a connection read whole at once after its answer; 0: always linger as gunicorn does"),
    METRICS_DIR,
)


#: Variables read no more, each with the one that took its place: a deployment that still sets one is told.
RETIRED = {"LEXICON_FAST_VALID": "LEXICON_FAST_PATH"}


def app(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """create_app's settings from the environment, each its default when unset."""
    for old, new in RETIRED.items():
        if old in environ:
            raise ValueError(f"${old} is read no more: set ${new} instead")
    return {v.setting: v.read(environ) for v in APP}


def server(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """gunicorn's settings from the environment (service/gunicorn.conf.py)."""
    return {v.setting: v.read(environ) for v in SERVER}


def metrics_dir(environ: Mapping[str, str] = os.environ) -> str | None:
    """prometheus_client's multiprocess directory, when the workers share counters."""
    return METRICS_DIR.read(environ)
