"""Prometheus metrics for every worker process, by prometheus_client.

Under gunicorn the config (service/gunicorn.conf.py) makes a fresh directory and sets
PROMETHEUS_MULTIPROC_DIR before the app is imported, so prometheus_client's multiprocess mode keeps
each worker's counters in memory-mapped files of that worker's own; /metrics, answered by any
worker, sums every worker's files, and a worker that exits is marked dead (`child_exit`) so its
counts stay in the totals without counting it as live. Without the variable (one process: the
Flask test client, a script), the same metrics live in this process alone.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import prometheus_client
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from . import settings

#: The endpoint label's values, by view name (the Flask view function behind the route); any other
#: name is counted as "other", so the series stay few.
ENDPOINTS = ("valid", "valid_batch", "lexicons", "lexicon", "words", "bundle", "tiles", "anagram", "pattern", "hooks",
             "judge_play", "best_moves", "replay_record", "games", "game", "healthz", "readyz", "metrics_view",
             "openapi", "index", "package", "static", "other")
STATUSES = ("2xx", "3xx", "4xx", "5xx")
#: Latency histogram bucket bounds in seconds.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
CONTENT_TYPE = prometheus_client.CONTENT_TYPE_LATEST

prometheus_client.disable_created_metrics()  # `_created` series say nothing a counter's reset does not


def multiprocess_dir() -> str | None:
    return settings.metrics_dir()


class Metrics:
    """Request counts and latency per endpoint and status, words looked up, the answer memo's hits."""

    def __init__(self) -> None:
        # In multiprocess mode the values live in files and are collected from them, so the metrics
        # join no registry; otherwise each app has a registry of its own (tests make many apps).
        self.own = None if multiprocess_dir() else CollectorRegistry(auto_describe=True)
        own = self.own
        self.requests = Counter("lexicon_http_requests", "HTTP requests by endpoint and status class.",
                                ["endpoint", "status"], registry=own)
        self.latency = Histogram("lexicon_http_request_seconds", "Request latency by endpoint.", ["endpoint"],
                                 buckets=BUCKETS, registry=own)
        self.lookups = Counter("lexicon_lookups", "Words looked up (GET and batch).", registry=own)
        self.valid = Counter("lexicon_lookups_valid", "Words looked up that were valid.", registry=own)
        self.hits = Counter("lexicon_answer_cache_hits", "Answers found in the per-process answer memo.",
                            registry=own)
        self.misses = Counter("lexicon_answer_cache_misses", "Answers computed because the memo lacked them.",
                              registry=own)
        # Label children kept: .labels() costs a lock and a dict lookup per call otherwise.
        self._latency: dict[str, Histogram] = {}
        self._requests: dict[tuple[str, str], Counter] = {}

    def observe(self, endpoint: str, status: int, seconds: float) -> None:
        """One request answered: its view name (one of ENDPOINTS), status code and duration."""
        endpoint = endpoint if endpoint in ENDPOINTS else "other"
        status_class = STATUSES[min(max(status // 100 - 2, 0), 3)]
        counter = self._requests.get((endpoint, status_class))
        if counter is None:
            counter = self._requests[endpoint, status_class] = self.requests.labels(endpoint, status_class)
        counter.inc()
        latency = self._latency.get(endpoint)
        if latency is None:
            latency = self._latency[endpoint] = self.latency.labels(endpoint)
        latency.observe(seconds)

    def words(self, looked_up: int, valid: int) -> None:
        self.lookups.inc(looked_up)
        if valid:
            self.valid.inc(valid)

    def cache(self, hits: int, misses: int) -> None:
        """Answers served from the memo and answers computed, for the memo's hit rate."""
        if hits:
            self.hits.inc(hits)
        if misses:
            self.misses.inc(misses)

    def render(self, loaded: dict[str, str]) -> str:
        """The Prometheus text exposition: every worker's counters, and the lexicon versions this
        worker serves."""
        registry = CollectorRegistry()
        if self.own is None:
            multiprocess.MultiProcessCollector(registry)
        else:
            registry.register(_Collected(self.own))
        registry.register(_Served(lambda: loaded))
        return generate_latest(registry).decode()


def mark_dead(pid: int) -> None:
    """A worker has exited (gunicorn's child_exit): its live-process gauges are dropped."""
    if multiprocess_dir():
        multiprocess.mark_process_dead(pid)


class _Collected:
    """Another registry's metrics, for a scrape registry that also holds per-process ones."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry

    def collect(self):
        return self.registry.collect()


class _Served:
    """What this process serves, computed at scrape time (not counters, so not in the shared files)."""

    def __init__(self, loaded: Callable[[], dict[str, str]]) -> None:
        self.loaded = loaded

    def collect(self):
        served = GaugeMetricFamily("lexicon_loaded", "Lexicon versions the worker that answered serves (1 each).",
                                   labels=["name", "version"])
        for name, version in sorted(self.loaded().items()):
            served.add_metric([name, version], 1)
        yield served
        yield GaugeMetricFamily("lexicon_worker_pid", "The process that answered this scrape.", value=os.getpid())
