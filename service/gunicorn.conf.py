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

import importlib.util
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

# service/settings.py reads the environment; by path, since importing the package would import the app
# (and prometheus_client) before the metrics directory below is settled.
_spec = importlib.util.spec_from_file_location("lexicon_settings", Path(__file__).with_name("settings.py"))
_settings = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)  # dataclasses look it up there
_spec.loader.exec_module(_settings)
_env = _settings.server()

bind = _env["bind"]
workers = _env["workers"]
# The sync model is served by service/worker.py's worker: gunicorn's sync worker with what the service needs
# at its edge (raw UTF-8 in the query, problem+json for what gunicorn refuses, closing a connection read whole
# at once). The other models bench/hostile.py measures, gunicorn's own: LEXICON_WORKER_CLASS=gevent or gthread.
worker_class = "lexicon_service.worker.LookupWorker" if _env["worker_class"] == "sync" else _env["worker_class"]
worker_connections = 4000  # gevent: idle and slow connections are greenlets
threads = 8 if worker_class == "gthread" else 1  # gunicorn turns sync into gthread when threads > 1
preload_app = True
timeout = 30
graceful_timeout = 30
keepalive = 5  # gevent and gthread: how long a request head may take, and an idle connection may stay
http_parser = "python"  # the same parser whether or not gunicorn_h1c is installed (service/worker.py)
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
    that when searches and lookups want the CPU at once, lookups get it; LEXICON_CLOSE_AT_ONCE=0 has the
    service's worker close every connection gunicorn's way (service/worker.py)."""
    if _env["nice"]:
        os.nice(_env["nice"])
    worker.close_at_once = _env["close_at_once"]


def child_exit(server, worker):
    from lexicon_service.metrics import mark_dead

    mark_dead(worker.pid)


def on_exit(server):
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)
