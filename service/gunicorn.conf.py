"""gunicorn settings for the validation service (`make run` uses this file).

Sync workers, one per core: each request is short and CPU-bound, and sync workers spread
connections evenly (threaded workers kept keep-alive connections stuck to one worker in tests).
The app is preloaded so the workers share the parent's memory, including the shared metrics map;
artifact files are memory-mapped or opened read-only, so the kernel shares their pages.
"""

import json
import logging
import multiprocessing
import os

import gunicorn.util

bind = os.environ.get("LEXICON_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("LEXICON_WORKERS", multiprocessing.cpu_count()))
worker_class = "sync"
preload_app = True
timeout = 30
graceful_timeout = 30
keepalive = 2
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
control_socket_disable = True  # gunicorn 27 would open a control socket under $HOME
accesslog = os.environ.get("LEXICON_ACCESS_LOG")  # off unless asked for; gunicorn escapes what it logs
errorlog = "-"
loglevel = os.environ.get("LEXICON_LOG_LEVEL", "info")
proc_name = "tile-lexicon"


def post_fork(server, worker):
    """Give each worker its own row of the shared metrics counters."""
    metrics = getattr(server.app.wsgi(), "extensions", {}).get("lexicon.metrics")
    if metrics is not None:  # the same config also runs the benchmark's bare constant app
        metrics.claim(worker.age)


def on_starting(server):
    """The app's log goes where gunicorn's goes, and both escape what a client sent."""
    from service.logs import guard

    guard(server.log.error_log.handlers + server.log.access_log.handlers)
    app_log = logging.getLogger("lexicon")
    app_log.handlers = server.log.error_log.handlers
    app_log.setLevel(server.log.error_log.level)
    app_log.propagate = False


def _write_problem(sock, status_int, reason, mesg):
    """gunicorn answers the requests it rejects itself (a request line over 8190 bytes, broken
    headers) with an HTML page; answer them with problem+json like every other error."""
    code = reason.lower().replace(" ", "-")
    body = json.dumps({"type": f"/problems/{code}", "title": reason, "status": status_int, "detail": mesg}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    gunicorn.util.write_nonblock(sock, head.encode("latin-1") + body)


gunicorn.util.write_error = _write_problem
