"""Prometheus metrics shared by all worker processes, without a dependency.

Counters live in one anonymous shared memory map created before gunicorn forks (the app is
preloaded), as one row of u64 cells per worker slot: a worker writes only its own row, so no
locks are needed, and /metrics, answered by any worker, sums the rows.
"""

from __future__ import annotations

import mmap
import os
import struct
import threading

# Endpoints by view name (the Flask view function behind the route).
ENDPOINTS = ("valid", "valid_batch", "lexicons", "lexicon", "words", "tiles", "anagram", "pattern", "hooks",
             "healthz", "readyz", "metrics_view", "openapi", "index", "static", "other")
STATUSES = ("2xx", "3xx", "4xx", "5xx")
#: Latency histogram bucket bounds in seconds.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
SLOTS = 64

# Cells of one worker's row.
_STATUS_BASE = 0
_BUCKET_BASE = _STATUS_BASE + len(ENDPOINTS) * len(STATUSES)
_SUM_BASE = _BUCKET_BASE + len(ENDPOINTS) * (len(BUCKETS) + 1)  # microseconds
_WORDS = _SUM_BASE + len(ENDPOINTS)  # words looked up (GET and batch)
_VALID = _WORDS + 1  # of which valid
_HITS = _VALID + 1  # answer memo hits
_MISSES = _HITS + 1  # answer memo misses
CELLS = _MISSES + 1
_U64 = struct.Struct("<Q")


class Metrics:
    def __init__(self) -> None:
        self.memory = mmap.mmap(-1, SLOTS * CELLS * 8, flags=mmap.MAP_SHARED)
        self.slot = 0
        self.index = {name: i for i, name in enumerate(ENDPOINTS)}
        self._lock = threading.Lock()  # threads of one worker share its row

    def claim(self, slot: int) -> None:
        """Called in each worker after fork with a number unique among live workers."""
        self.slot = slot % SLOTS

    def _add(self, cell: int, n: int) -> None:
        offset = (self.slot * CELLS + cell) * 8
        value = _U64.unpack_from(self.memory, offset)[0]
        _U64.pack_into(self.memory, offset, value + n)

    def observe(self, endpoint: str, status: int, seconds: float) -> None:
        e = self.index.get(endpoint, self.index["other"])
        bucket = next((i for i, bound in enumerate(BUCKETS) if seconds <= bound), len(BUCKETS))
        with self._lock:
            self._add(_STATUS_BASE + e * len(STATUSES) + min(status // 100 - 2, 3), 1)
            self._add(_BUCKET_BASE + e * (len(BUCKETS) + 1) + bucket, 1)
            self._add(_SUM_BASE + e, int(seconds * 1e6))

    def words(self, looked_up: int, valid: int) -> None:
        with self._lock:
            self._add(_WORDS, looked_up)
            self._add(_VALID, valid)

    def cache(self, hits: int, misses: int) -> None:
        with self._lock:
            self._add(_HITS, hits)
            self._add(_MISSES, misses)

    def _totals(self) -> list[int]:
        totals = [0] * CELLS
        for slot in range(SLOTS):
            row = struct.unpack_from(f"<{CELLS}Q", self.memory, slot * CELLS * 8)
            totals = [a + b for a, b in zip(totals, row)]
        return totals

    def render(self, loaded: dict[str, str]) -> str:
        """The Prometheus text exposition of every worker's counters and this worker's lexicons."""
        t = self._totals()
        out = ["# HELP lexicon_http_requests_total HTTP requests by endpoint and status class.",
               "# TYPE lexicon_http_requests_total counter"]
        for e, name in enumerate(ENDPOINTS):
            for s, status in enumerate(STATUSES):
                n = t[_STATUS_BASE + e * len(STATUSES) + s]
                if n:
                    out.append(f'lexicon_http_requests_total{{endpoint="{name}",status="{status}"}} {n}')
        out += ["# HELP lexicon_http_request_seconds Request latency by endpoint.",
                "# TYPE lexicon_http_request_seconds histogram"]
        for e, name in enumerate(ENDPOINTS):
            counts = t[_BUCKET_BASE + e * (len(BUCKETS) + 1):_BUCKET_BASE + (e + 1) * (len(BUCKETS) + 1)]
            total = sum(counts)
            if not total:
                continue
            running = 0
            for bound, n in zip((*BUCKETS, "+Inf"), counts):
                running += n
                out.append(f'lexicon_http_request_seconds_bucket{{endpoint="{name}",le="{bound}"}} {running}')
            out.append(f'lexicon_http_request_seconds_sum{{endpoint="{name}"}} {t[_SUM_BASE + e] / 1e6:.6f}')
            out.append(f'lexicon_http_request_seconds_count{{endpoint="{name}"}} {total}')
        out += ["# HELP lexicon_lookups_total Words looked up.", "# TYPE lexicon_lookups_total counter",
                f"lexicon_lookups_total {t[_WORDS]}",
                "# HELP lexicon_lookups_valid_total Words looked up that were valid.",
                "# TYPE lexicon_lookups_valid_total counter", f"lexicon_lookups_valid_total {t[_VALID]}",
                "# HELP lexicon_answer_cache_hits_total Full answers served from the per-version memo.",
                "# TYPE lexicon_answer_cache_hits_total counter", f"lexicon_answer_cache_hits_total {t[_HITS]}",
                "# HELP lexicon_answer_cache_misses_total Full answers the memo did not have.",
                "# TYPE lexicon_answer_cache_misses_total counter", f"lexicon_answer_cache_misses_total {t[_MISSES]}",
                "# HELP lexicon_loaded Lexicon versions this worker serves (1 per version).",
                "# TYPE lexicon_loaded gauge"]
        out += [f'lexicon_loaded{{name="{n}",version="{v}"}} 1' for n, v in sorted(loaded.items())]
        out += ["# HELP lexicon_worker_pid The process that answered this scrape.", "# TYPE lexicon_worker_pid gauge",
                f"lexicon_worker_pid {os.getpid()}"]
        return "\n".join(out) + "\n"
