"""What a service on the internet needs around its views, each by a well-kept extension: CORS
(flask-cors), compression of large answers (flask-compress), per-client rate limits on the search
endpoints (Flask-Limiter), and the client's address behind a trusted proxy (Werkzeug's ProxyFix).

Settings, each from create_app's mapping, else the environment (read by service/settings.py), else the default:

| setting | environment | default |
|---|---|---|
| CORS_ORIGINS | LEXICON_CORS_ORIGINS | `*`: any origin may GET and POST /valid (comma-separated origins to restrict) |
| SEARCH_RATE_LIMIT | LEXICON_SEARCH_RATE_LIMIT | off; `10/second;200/minute` per client on /anagram, /pattern, /hooks |
| RATELIMIT_STORAGE_URI | LEXICON_RATE_LIMIT_STORAGE | `memory://` (per worker process); `redis://…` to share |
| TRUSTED_PROXIES | LEXICON_TRUSTED_PROXIES | 0; `lexicon serve` sets 1 for its nginx |
"""

from __future__ import annotations

from flask import Flask, request
from flask_compress import Compress
from flask_cors import CORS
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

#: Endpoints a per-client rate limit applies to: searches walk the word graph, lookups do not.
SEARCH_ENDPOINTS = frozenset({"api.anagram", "api.pattern", "api.hooks"})
#: Headers a page on another origin may read from an answer.
EXPOSED = ["ETag", "X-Lexicon-Version", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining",
           "X-RateLimit-Reset"]


def defaults() -> dict:
    return {
        # flask-compress: answers over 1 KiB in the encodings the client accepts. Streamed answers
        # (word lists) are compressed as they stream, gzip included, which the extension leaves out
        # of streams by default although every client reads it.
        "COMPRESS_MIN_SIZE": 1024,
        "COMPRESS_MIMETYPES": ["application/json", "application/problem+json", "text/plain", "text/html",
                               "text/css", "text/javascript", "application/javascript"],
        "COMPRESS_ALGORITHM": ["zstd", "br", "gzip", "deflate"],
        "COMPRESS_ALGORITHM_STREAMING": ["zstd", "br", "gzip", "deflate"],
        # br's fastest level, the one browsers pick here (they accept br, not zstd): the service is bound by its
        # CPU, not its bytes. A best-plays answer (13 KB) takes 45 µs with br 1 against 142 with the
        # extension's br 4 (1.9 KB against 1.5), a 1,000-word batch (123 KB) 304 µs against 850 (15 KB
        # against 12). gzip keeps its 6: at 1 the streamed word list shrinks to 38% instead of under a third.
        "COMPRESS_BR_LEVEL": 1,
    }


def origins(config) -> list[str]:
    """The origins CORS_ORIGINS allows; `["*"]` for any."""
    return [o.strip() for o in config["CORS_ORIGINS"].split(",") if o.strip()] or ["*"]


def wire(app: Flask) -> None:
    config = app.config
    allowed = origins(config)
    Compress(app)
    # Every route reads; POST /valid is a read too (a batch of lookups), so all are open to the
    # origins allowed. No cookies or credentials are involved, so with any origin allowed a literal
    # `*` is sent and caches need no Vary: Origin.
    anyone = allowed == ["*"]
    CORS(app, origins=allowed, methods=["GET", "HEAD", "POST", "OPTIONS"], allow_headers=["Content-Type",
         "If-None-Match"], expose_headers=EXPOSED, max_age=86400, send_wildcard=anyone, vary_header=False)
    if not anyone:
        # The answer differs by origin (the header is there or not) even when one origin is allowed,
        # which flask-cors's own Vary leaves out; this also keeps Vary one header, not two.
        app.after_request(_vary_by_origin)
    if config["TRUSTED_PROXIES"]:
        n = config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n)  # type: ignore[method-assign]
    if config["SEARCH_RATE_LIMIT"]:
        limiter = Limiter(get_remote_address, app=app, default_limits=[config["SEARCH_RATE_LIMIT"]],
                          default_limits_exempt_when=lambda: request.endpoint not in SEARCH_ENDPOINTS,
                          storage_uri=config["RATELIMIT_STORAGE_URI"], headers_enabled=True,
                          strategy="sliding-window-counter")
        app.extensions["lexicon.limiter"] = limiter


def _vary_by_origin(response):
    response.vary.add("Origin")
    return response
