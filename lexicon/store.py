"""The SQLite artifact: schema, writing (with sqlite-utils), opening read-only with a version check.

Tables (documented with an example in docs/artifacts.md):
- `words`: one row per playable key, with its preferred analysis and tiling;
- `forms`: every analysis of every key (a key can be a headword and an inflected form);
- `tilings`: every valid tiling of every key, the preferred one marked;
- `exclusions`: every source word the rules dropped, with its reason code and source record;
- `metadata`: format, schema version, lexicon name and version, profile, counts.
The schema version is also in `PRAGMA user_version`, checked before anything else is read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sqlite_utils

from .errors import ArtifactError

FORMAT = "tile-lexicon-sqlite"
SCHEMA_VERSION = 1
FILENAME = "lexicon.sqlite"

TABLES: dict[str, dict[str, type]] = {
    "metadata": {"key": str, "value": str},
    "words": {"key": str, "display": str, "tiles": str, "tile_count": int, "lemma": str, "pos": str,
              "kind": str, "tag": str},
    "forms": {"key": str, "display": str, "lemma": str, "pos": str, "kind": str, "tag": str, "rule": str,
              "source": str, "record": int},
    "tilings": {"key": str, "tiles": str, "tile_count": int, "preferred": int, "evidence": str},
    "exclusions": {"word": str, "key": str, "reason": str, "detail": str, "lemma": str, "pos": str,
                   "kind": str, "tag": str, "source": str, "record": int},
}
PRIMARY_KEYS = {"metadata": "key", "words": "key"}
INDEXES = {
    "forms": [["key"], ["lemma"]],
    "tilings": [["key"], ["tiles"]],
    "exclusions": [["key"], ["word"], ["reason"]],
    "words": [["tile_count"], ["pos"]],
}


class StoreWriter:
    """Create a new artifact database and fill it in the caller's (sorted) order."""

    def __init__(self, path: Path) -> None:
        if path.exists():
            raise ArtifactError(f"{path} exists already; an artifact database is written once")
        self.path = path
        self.db = sqlite_utils.Database(path)
        # The file is built in a private directory and published by rename, so durability per
        # statement buys nothing here; one fsync happens before publishing.
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        for name, columns in TABLES.items():
            self.db[name].create(columns, pk=PRIMARY_KEYS.get(name), not_null=set(columns))

    def insert(self, table: str, rows: Iterable[dict[str, Any]]) -> None:
        # sqlite-utils made the tables; rows go in through executemany, which is several times
        # faster than insert_all's per-value type checks for rows whose types the schema fixes.
        columns = TABLES[table]
        sql = f"INSERT INTO [{table}] ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        self.db.conn.executemany(sql, (tuple(row[c] for c in columns) for row in rows))

    def finish(self, metadata: dict[str, str]) -> None:
        self.insert("metadata", ({"key": k, "value": str(v)} for k, v in sorted(metadata.items())))
        for table, indexes in INDEXES.items():
            for columns in indexes:
                self.db[table].create_index(columns)
        self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.db.conn.commit()
        self.db.close()


def open_readonly(path: Path) -> sqlite3.Connection:
    """Open an artifact database read-only and check its format and schema version."""
    if not path.is_file():
        raise ArtifactError(f"{path}: no such artifact database")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        meta = dict(conn.execute("SELECT key, value FROM metadata"))
    except sqlite3.DatabaseError as exc:
        raise ArtifactError(f"{path}: not a readable lexicon database ({exc})") from None
    if meta.get("format") != FORMAT:
        raise ArtifactError(f"{path}: format {meta.get('format')!r}, expected {FORMAT!r}")
    if version != SCHEMA_VERSION or meta.get("schema_version") != str(SCHEMA_VERSION):
        raise ArtifactError(
            f"{path}: schema version {version}, this toolkit reads version {SCHEMA_VERSION}: "
            f"rebuild it with `lexicon build pipelines/{meta.get('name', '<name>')}.toml`")
    conn.row_factory = sqlite3.Row
    return conn


def metadata(conn: sqlite3.Connection) -> dict[str, str]:
    return {row[0]: row[1] for row in conn.execute("SELECT key, value FROM metadata")}
