"""A version's words as lists, one string a word: `Lexicon.export` and `lexicon export`."""

from __future__ import annotations

from collections.abc import Iterator

from .errors import InputError
from .graph.keys import KINDS, KeyIndex
from .normalize import Normalizer
from .records import Records
from .tiling import format_tiling

FIELDS = ("key", "display", "tiles")


def export(key_index: KeyIndex, records: Records, normalizer: Normalizer, field_name: str = "key", *,
           min_length: int | None = None, max_length: int | None = None, min_tiles: int | None = None,
           max_tiles: int | None = None, pos: str | None = None, prefix: str | None = None,
           contains: str | None = None, kind: str | None = None, limit: int | None = None) -> Iterator[str]:
    """Words in key order, one string each: the key (`key`), the forms as written (`display`), or the
    tile notation (`tiles`), of the keys that pass every filter given."""
    if field_name not in FIELDS:
        raise InputError(f"unknown field {field_name!r}: {', '.join(FIELDS[:-1])} or {FIELDS[-1]}")
    if kind is not None and kind not in KINDS[:2]:
        raise InputError(f"unknown kind {kind!r}: {KINDS[0]} or {KINDS[1]}")
    start = normalizer.key(prefix) if prefix else ""
    inside = normalizer.key(contains) if contains else ""
    displays = records.displays() if field_name == "display" else None
    count = 0
    for n, key in key_index.keys():
        if limit is not None and count >= limit:
            return
        if (start and not key.startswith(start)) or (inside and inside not in key) \
                or (min_length is not None and len(key) < min_length) \
                or (max_length is not None and len(key) > max_length):
            continue
        record = key_index.record(n)
        if (min_tiles is not None and record.tiles < min_tiles) or \
                (max_tiles is not None and record.tiles > max_tiles) or \
                (pos is not None and record.pos != pos) or (kind is not None and KINDS[record.kind] != kind):
            continue
        count += 1
        if field_name == "key":
            yield key
        elif field_name == "tiles":
            yield format_tiling(records.tilings(key, n, record.flags)[0], records.alphabet)
        else:
            yield from displays.of(n, key)
