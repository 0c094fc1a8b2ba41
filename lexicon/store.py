"""The SQLite artifact: schema, writing (with sqlite-utils), opening read-only with a version check.

The store holds what a detailed answer needs and the quick path does not (docs/artifacts.md has
the tables with a worked example). Rows refer to a key by its number in the key index
(lexicon.graph.keys), and to text by its id in `strings`, the string table the key index shares, so
no row repeats a lemma, tag, rule or source as text:

- `forms`: every reading of every valid key (each source record that gave it), in preference order;
- `tilings`: the valid tilings of the keys whose tilings are not just their preferred cut;
- `exclusions`: every source word the rules dropped, with its reason code and source record;
- `strings`: the interned text; `metadata`: format, schema version, lexicon name and version, profile, counts.
The views `form_text` and `exclusion_text` show `forms` and `exclusions` with their text.
The schema version is also in `PRAGMA user_version`, checked before anything else is read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

import sqlite_utils

from .artifacts import build_hint
from .errors import ArtifactError

FORMAT = "tile-lexicon-sqlite"
SCHEMA_VERSION = 2
FILENAME = "lexicon.sqlite"

TABLES: dict[str, tuple[str, ...]] = {
    "metadata": ("key", "value"),
    "strings": ("id", "text"),
    "forms": ("word", "n", "display", "lemma", "pos", "kind", "tag", "rule", "source", "record"),
    "tilings": ("word", "n", "tiles", "evidence"),
    "exclusions": ("id", "word", "written", "reason", "detail", "lemma", "pos", "kind", "tag", "source", "record"),
}

_SCHEMA = """
CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE strings (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
-- word: the key's number; n: 0 for the preferred reading; display: the form as written, NULL when it
-- is the key in lower case; kind: 0 headword, 1 inflected; the rest are string ids.
CREATE TABLE forms (word INTEGER NOT NULL, n INTEGER NOT NULL, display TEXT, lemma INTEGER NOT NULL,
  pos INTEGER NOT NULL, kind INTEGER NOT NULL, tag INTEGER NOT NULL, rule INTEGER NOT NULL,
  source INTEGER NOT NULL, record INTEGER NOT NULL, PRIMARY KEY (word, n)) WITHOUT ROWID;
-- tiles: tile notation; n: 0 for the preferred tiling; evidence: a string id (how it was chosen).
CREATE TABLE tilings (word INTEGER NOT NULL, n INTEGER NOT NULL, tiles TEXT NOT NULL,
  evidence INTEGER NOT NULL, PRIMARY KEY (word, n)) WITHOUT ROWID;
-- word: the key's number, NULL when the text did not normalise to a key; written: the text as the source
-- wrote it; reason: a reason code (string id).
CREATE TABLE exclusions (id INTEGER PRIMARY KEY, word INTEGER, written TEXT NOT NULL, reason INTEGER NOT NULL,
  detail INTEGER NOT NULL, lemma INTEGER NOT NULL, pos INTEGER NOT NULL, kind INTEGER NOT NULL,
  tag INTEGER NOT NULL, source INTEGER NOT NULL, record INTEGER NOT NULL);
"""

_INDEXES = """
CREATE INDEX exclusions_word ON exclusions (word) WHERE word IS NOT NULL;
CREATE INDEX exclusions_written ON exclusions (written) WHERE word IS NULL;
CREATE INDEX exclusions_reason ON exclusions (reason);
CREATE VIEW form_text AS SELECT f.word, f.n, f.display, l.text AS lemma, p.text AS pos,
  CASE f.kind WHEN 0 THEN 'headword' ELSE 'inflected' END AS kind, t.text AS tag, r.text AS rule,
  s.text AS source, f.record
  FROM forms f JOIN strings l ON l.id = f.lemma JOIN strings p ON p.id = f.pos JOIN strings t ON t.id = f.tag
  JOIN strings r ON r.id = f.rule JOIN strings s ON s.id = f.source;
CREATE VIEW exclusion_text AS SELECT e.id, e.word, e.written, r.text AS reason, d.text AS detail,
  l.text AS lemma, p.text AS pos, CASE e.kind WHEN 0 THEN 'headword' ELSE 'inflected' END AS kind,
  t.text AS tag, s.text AS source, e.record
  FROM exclusions e JOIN strings r ON r.id = e.reason JOIN strings d ON d.id = e.detail
  JOIN strings l ON l.id = e.lemma JOIN strings p ON p.id = e.pos JOIN strings t ON t.id = e.tag
  JOIN strings s ON s.id = e.source;
"""


class StoreWriter:
    """Create a new artifact database and fill it in the caller's order."""

    def __init__(self, path: Path) -> None:
        if path.exists():
            raise ArtifactError(f"{path} exists already; an artifact database is written once")
        self.path = path
        self.db = sqlite_utils.Database(path)
        # The file is built in a private directory and published by rename, so durability per
        # statement buys nothing here; one fsync happens before publishing.
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.conn.executescript(_SCHEMA)

    def insert(self, table: str, rows: Iterable[tuple]) -> None:
        """Rows as tuples in the order of TABLES[table] (executemany: no per-value checks)."""
        columns = TABLES[table]
        sql = f"INSERT INTO [{table}] ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        self.db.conn.executemany(sql, rows)

    def finish(self, metadata: dict[str, str], strings: list[str]) -> None:
        self.insert("strings", enumerate(strings))
        self.insert("metadata", ((k, str(v)) for k, v in sorted(metadata.items())))
        self.db.conn.executescript(_INDEXES)
        self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.db.conn.commit()
        self.db.execute("VACUUM")  # pages in table order: a smaller file, read in fewer seeks
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
            f"{build_hint(meta.get('name', '<name>'), path.parent.parent.parent, again=True)}")
    return conn


def metadata(conn: sqlite3.Connection) -> dict[str, str]:
    return {row[0]: row[1] for row in conn.execute("SELECT key, value FROM metadata")}


def read_metadata(path: Path) -> dict[str, str]:
    """An artifact database's metadata, its format and schema checked as `open_readonly` does."""
    conn = open_readonly(path)
    try:
        return metadata(conn)
    finally:
        conn.close()
