"""The encoding of an answer written before Flask (service/fast_path.py): chosen from Accept-Encoding and made with
the compression libraries' own functions, by the rules and settings flask-compress applies to the answers Flask
writes (COMPRESS_ALGORITHM, COMPRESS_LEVEL, COMPRESS_BR_LEVEL …), so that both paths write the same bytes
(tests/test_fast_path.py holds them to each other) without calling into flask-compress's private functions.

The choice, as flask-compress makes it: the highest quality (`name;q=0.5`, 1 when not given or unreadable) among
the encodings offered and `identity` (no encoding), the server's order between equals; else, when the client
sent `*` with a quality above 0, the first encoding offered. A header that refuses something with `q=0` is left
to Flask: flask-compress reads such an entry as a preference of the lowest rank, not as a refusal, and the fast
path does not copy that.
"""

from __future__ import annotations

import gzip
import sys
import zlib
from collections.abc import Mapping
from typing import Any

import brotli

if sys.version_info >= (3, 14):
    from compression import zstd
else:
    from backports import zstd

#: `choose`'s answer for a header only Flask answers.
FLASKS = "flask's"


def choose(offered: tuple[str, ...], accepted: str) -> str | None:
    """The encoding of `offered` the Accept-Encoding header `accepted` asks for (None: none), or FLASKS."""
    by_quality: dict[float, set[str | None]] = {}
    anything = False
    for part in accepted.lower().split(","):
        name, quality = part.strip(), 1.0
        if ";q=" in name:  # a quality only written so; any other parameter leaves the entry a name of its own
            name, value = name.split(";")[0].strip(), name.split("=")[1].strip()
            try:
                quality = float(value)
            except ValueError:
                quality = 1.0
        if quality <= 0 and name != "*":
            return FLASKS
        if name == "*":
            anything |= quality > 0
        elif name == "identity":
            by_quality.setdefault(quality, set()).add(None)
        elif name in offered:
            by_quality.setdefault(quality, set()).add(name)
    for quality in sorted(by_quality, reverse=True):
        viable = by_quality[quality]
        if len(viable) == 1:
            return next(iter(viable))
        return next(e for e in offered if e in viable)
    return offered[0] if anything and offered else None


def compress(config: Mapping[str, Any], body: bytes, encoding: str) -> bytes:
    """`body` in `encoding`, at the app's COMPRESS_* settings."""
    if encoding == "zstd":
        return zstd.compress(body, config["COMPRESS_ZSTD_LEVEL"])
    if encoding == "gzip":
        return gzip.compress(body, config["COMPRESS_LEVEL"])
    if encoding == "deflate":
        return zlib.compress(body, config["COMPRESS_DEFLATE_LEVEL"])
    if encoding == "br":
        return brotli.compress(body, mode=config["COMPRESS_BR_MODE"], quality=config["COMPRESS_BR_LEVEL"],
                               lgwin=config["COMPRESS_BR_WINDOW"], lgblock=config["COMPRESS_BR_BLOCK"])
    raise ValueError(f"no such encoding: {encoding!r}")
