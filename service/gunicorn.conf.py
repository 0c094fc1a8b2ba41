"""gunicorn settings for the validation service (`lexicon serve`, so `make run`, and the tests use this file).

Sync workers, one per core, behind nginx (service/nginx.conf), which `lexicon serve` starts in front
of them (docs/reliability.md, "The server model, and why", has the measurements behind the choice).
Lookups are short and CPU-bound, so a process per core serving one complete request at a time is the
fastest and fairest model (the kernel, not a cooperative loop, shares the CPU when a costly search
runs), and nginx does what a sync worker cannot: it holds idle, slow and kept-alive connections,
reads pipelined requests, and passes a request on only when its head and body are complete. gunicorn alone
(`lexicon serve --no-proxy`) belongs behind another buffering proxy.

The app is preloaded so that workers share the parent's memory; artifact files are memory-mapped
or opened read-only, so the kernel shares their pages. Counters are prometheus_client's
multiprocess files in a directory made here (service/metrics.py).
"""

import ast
import fcntl
import importlib.util
import json
import logging
import os
import re
import shutil
import socket
import struct
import sys
import tempfile
import termios
from pathlib import Path

import gunicorn.http.message
import gunicorn.util

# service/settings.py reads the environment; by path, since importing the package would import the app
# (and prometheus_client) before the metrics directory below is settled.
_spec = importlib.util.spec_from_file_location("lexicon_settings", Path(__file__).with_name("settings.py"))
_settings = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)  # dataclasses look it up there
_spec.loader.exec_module(_settings)
_env = _settings.server()

bind = _env["bind"]
workers = _env["workers"]
# The other models bench/hostile.py measures: LEXICON_WORKER_CLASS=gevent or gthread.
worker_class = _env["worker_class"]
worker_connections = 4000  # gevent: idle and slow connections are greenlets
threads = 8 if worker_class == "gthread" else 1  # gunicorn turns sync into gthread when threads > 1
preload_app = True
timeout = 30
graceful_timeout = 30
keepalive = 5  # gevent and gthread: how long a request head may take, and an idle connection may stay
http_parser = "python"  # the same parser whether or not gunicorn_h1c is installed (see below)
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
control_socket_disable = True  # gunicorn 27 would open a control socket under $HOME
accesslog = _env["accesslog"]  # off unless asked for; gunicorn escapes what it logs
errorlog = "-"
loglevel = _env["loglevel"]
proc_name = "tile-lexicon"

# prometheus_client reads this when it is first imported: when gunicorn preloads the app, after this file.
# A directory given (`lexicon serve` gives both pools of an instance one) belongs to the giver, who
# starts it empty; otherwise a fresh one is made here and removed on exit.
_metrics_dir = _env["metrics_dir"]
_own_metrics_dir = not _metrics_dir
if _own_metrics_dir:
    _metrics_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="lexicon-metrics-")


def on_starting(server):
    """The app's log goes where gunicorn's goes, and both escape what a client sent."""
    from lexicon_service.logs import guard

    guard(server.log.error_log.handlers + server.log.access_log.handlers)
    app_log = logging.getLogger("lexicon")
    app_log.handlers = server.log.error_log.handlers
    app_log.setLevel(server.log.error_log.level)
    app_log.propagate = False


def post_fork(server, worker):
    """The search pool's workers run at a lower CPU priority (LEXICON_NICE, set by `lexicon serve`), so
    that when searches and lookups want the CPU at once, lookups get it."""
    if _env["nice"]:
        os.nice(_env["nice"])


def child_exit(server, worker):
    from lexicon_service.metrics import mark_dead

    mark_dead(worker.pid)


def on_exit(server):
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)


# Three of gunicorn's internals are replaced below, so pyproject.toml pins gunicorn exactly and
# tests/test_server.py holds what they do (raw UTF-8 in the query, problem+json for what gunicorn refuses,
# a connection closed at once when nothing of it is left unread). nginx cannot do the first instead: it
# passes the query string to the upstream as the client sent it.
#
# Raw UTF-8 in the query string. RFC 9112 wants a request target of printable ASCII, but game engines
# and shells send `?word=ÖVÄRLD` as raw UTF-8 bytes, and gunicorn 27 refuses those with a bare 400
# whichever parser it uses. In the query, where words go, such bytes are taken as what the client
# meant: the app decodes the query as UTF-8, exactly as it decodes %-escapes, and refuses bytes that
# are not UTF-8 with a problem+json naming the position (the same answer as for the %-escaped bytes).
# Elsewhere in the target (the path) they are still refused, with a problem+json that names the position.
_TARGET_INVALID = gunicorn.http.message.RFC9112_TARGET_INVALID  # [^\x21-\x7e]: fails loudly if renamed
_QUERY_INVALID = re.compile(r"[^\x21-\x7e\x80-\xff]")


class _RawUtf8InQuery:
    """Stands in for gunicorn's target check: printable ASCII, and bytes >= 0x80 after the '?'."""

    def search(self, target: str):
        path, mark, query = target.partition("?")
        return _TARGET_INVALID.search(path) or (_QUERY_INVALID.search(query) if mark else None)


gunicorn.http.message.RFC9112_TARGET_INVALID = _RawUtf8InQuery()


def _write_problem(sock, status_int, reason, mesg):
    """gunicorn answers the requests it rejects itself (a request line over 8190 bytes, broken
    headers) with an HTML page; answer them with problem+json like every other error."""
    code = reason.lower().replace(" ", "-")
    detail, position = _explain(mesg)
    body = {"type": f"/problems/{code}", "title": reason, "status": status_int, "detail": detail}
    if position is not None:
        body["position"] = position
    body = json.dumps(body).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    gunicorn.util.write_nonblock(sock, head.encode("latin-1") + body)


def _explain(mesg: str) -> tuple[str, int | None]:
    """A readable detail for a request line gunicorn refused (gunicorn's is a repr inside a repr), with
    the position in the request target of a byte that must be %-escaped; gunicorn's message otherwise."""
    prefix = "Invalid HTTP request line: "
    at = mesg.find(prefix)
    if at < 0:
        return mesg, None
    try:
        line = ast.literal_eval(mesg[at + len(prefix):].removesuffix("'"))
    except (ValueError, SyntaxError):
        return mesg, None
    parts = line.split(" ")
    bad = re.search(r"[^\x21-\x7e]", parts[1]) if len(parts) == 3 else None
    if bad is None:
        return mesg, None
    escaped = "".join(c if "\x21" <= c <= "\x7e" else f"%{ord(c):02X}" for c in parts[1])
    return (f"the request target has the byte 0x{ord(bad.group()):02X} at position {bad.start()}, in its path: "
            f"there every byte that is not printable ASCII must be %-escaped ({escaped[:200]})"), bad.start()


gunicorn.util.write_error = _write_problem


# Closing a connection. gunicorn 27 half-closes every connection and then waits, up to 2 s, for the
# peer to close its side, reading what it still sends: closing a socket with bytes unread makes the
# kernel answer with a reset, which can cut off the answer on its way. But behind nginx the request has
# nearly always been read whole, and then the wait only costs a sync worker a round trip through nginx,
# and the CPU of two more wake-ups, on every request (a quarter of a Hungarian lookup's CPU; more than a
# third more lookups a second without it: docs/reliability.md, "Closing a connection"). So a socket
# with nothing unread is closed at once; one with bytes unread (an answer given without reading the
# body, a pipelined request) is closed gunicorn's way. LEXICON_CLOSE_AT_ONCE=0 keeps gunicorn's way.
_close_graceful = gunicorn.util.close_graceful


def _close(sock: socket.socket, *args, **kwargs) -> None:
    """gunicorn's `close_graceful` for a socket with bytes unread (or one the kernel cannot count for);
    a plain close for one with none."""
    try:
        unread = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
    except (OSError, ValueError):  # closed already, or not a socket the kernel counts for
        unread = -1
    if unread:
        _close_graceful(sock, *args, **kwargs)
        return
    try:
        sock.close()
    except OSError:
        pass


if _env["close_at_once"]:
    gunicorn.util.close_graceful = _close
