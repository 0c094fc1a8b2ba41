"""`Lexicon`: one loaded, verified artifact version, answering "is this word playable, and why?".

    >>> lex = load("sv-betapet")                       # doctest: +SKIP
    >>> lex.check("allé").valid, lex.check("allé").normalized   # doctest: +SKIP
    (True, 'ALLE')
"""

from __future__ import annotations

import json
import os
import sqlite3
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from . import artifacts, store, wordgraph
from .alphabet import Alphabet, load_alphabet
from .errors import ArtifactError, InputError
from .normalize import Normalizer
from .profile import Profile, load_profile
from .reasons import Reason
from .search import Match, Search
from .tiling import (
    DoubledDigraphs,
    Tiling,
    format_tiling,
    notation_letters,
    notation_tilings,
    parse_notation,
    preferred_tiling,
    spell,
)

#: Input that is longer than this many characters is refused before any work.
MAX_WORD_CHARS = 256


@dataclass(frozen=True)
class Analysis:
    """One reading of a playable key: a headword, or an inflected form of a lemma."""

    display: str
    lemma: str
    pos: str
    kind: str
    tag: str
    rule: str
    source: str
    record: int


@dataclass(frozen=True)
class Exclusion:
    """A source word the rules dropped, and why."""

    word: str
    key: str
    reason: str
    detail: str
    lemma: str
    pos: str
    kind: str
    tag: str
    source: str
    record: int


@dataclass(frozen=True)
class Verdict:
    """The answer for one word: valid or not, the reason code, and what the lexicon knows of it."""

    word: str
    normalized: str | None
    valid: bool
    reason: str | None = None  # not-in-lexicon, non-letter, empty, too-short, too-long, excluded:<rule>, wrong-tiling
    detail: str | None = None
    tiles: Tiling | None = None  # the preferred valid tiling (or the one asked for)
    tilings: tuple[Tiling, ...] = ()  # every valid tiling of the word
    analyses: tuple[Analysis, ...] = ()
    exclusions: tuple[Exclusion, ...] = ()

    @property
    def lemma(self) -> Analysis | None:
        """The first inflected reading, when the word is valid only as a form of another word."""
        if any(a.kind == "headword" for a in self.analyses):
            return None
        return next(iter(self.analyses), None)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tiles"] = list(self.tiles) if self.tiles else None
        data["tilings"] = [list(t) for t in self.tilings]
        return data


@dataclass
class Lexicon:
    """A published artifact version, verified against its manifest and opened read-only."""

    path: Path
    manifest: dict[str, Any]
    _conn: sqlite3.Connection = field(repr=False)

    @property
    def conn(self) -> sqlite3.Connection:
        # A SQLite connection must not cross a fork (gunicorn preloads, then forks workers):
        # each process opens its own on first use.
        if self._pid != os.getpid():
            self._conn = store.open_readonly(self.path / store.FILENAME)
            self._connections.append(self._conn)
            self._pid = os.getpid()
        return self._conn

    def __post_init__(self) -> None:
        self._pid = os.getpid()
        # sqlite3 connections sit in a reference cycle with their statement cache, so they would
        # live (with their page cache) until the cyclic collector runs: close them as soon as
        # this lexicon is dropped, which is when a service has swapped to a newer version.
        self._connections = [self._conn]
        weakref.finalize(self, _close_all, self._connections)
        meta = store.metadata(self.conn)
        self.name: str = meta["name"]
        self.version: str = meta["version"]
        if self.manifest.get("version") != self.version or self.manifest.get("name") != self.name:
            raise ArtifactError(f"{self.path}: the manifest names {self.manifest.get('name')}@"
                                f"{self.manifest.get('version')}, the database {self.name}@{self.version}")
        self.profile: Profile = load_profile(meta["profile"])
        self.alphabet: Alphabet = load_alphabet(meta["tileset"])
        self.policy: DoubledDigraphs = self.profile.doubled_digraphs
        self.normalizer = Normalizer(self.alphabet)
        self.word_count = int(meta["words"])
        self.graph: wordgraph.GraphFiles | None = None
        self._search: Search | None = None
        self._members: Any = None  # the membership index; None: ask the database
        entry = self.manifest.get("graph")
        if entry is not None:
            if entry.get("tileset") != self.alphabet.name:
                raise ArtifactError(f"{self.path}: the word graph is over tile set {entry.get('tileset')!r}, "
                                    f"the lexicon's is {self.alphabet.name!r}")
            self.graph = wordgraph.open_files(self.path, entry)
            self._members = self.graph.index  # a dawgdic DAWG: see lexicon.wordgraph
            self._search = Search(self.graph.kwg, self.alphabet, self.normalizer.key, self.policy)

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    # ------------------------------------------------------------------ membership

    def __contains__(self, key: str) -> bool:
        """Is `key` (a normalised key, as `check` reports it) a word? `"ALLE" in lex`."""
        members = self._members
        if members is None:  # an artifact built before the word graph existed
            return self.conn.execute("SELECT 1 FROM words WHERE key = ?", (key,)).fetchone() is not None
        return key in members

    def __len__(self) -> int:
        return self.word_count

    def check(self, word: str, *, detail: bool = True) -> Verdict:
        """Judge a word given as letters (`allé`) or tile notation (`HÁ[Z][S]OR`, `["H","Á",…]`).

        With `detail=False` a valid word carries only its preferred reading (one query instead of
        three: what the service needs); with `detail=True`, every source record that gave it.
        """
        if len(word) > MAX_WORD_CHARS:
            raise InputError(f"the word is {len(word)} characters long; the limit is {MAX_WORD_CHARS}")
        asked: list[Tiling] | None = None
        if "[" in word or "]" in word or '"' in word:
            segments = parse_notation(word, self.alphabet, self.normalizer.key)
            asked = notation_tilings(segments, self.alphabet, self.policy)
            # The word the tiles spell under the game's policy: [SZ][SZ] is written SSZ when doubled
            # digraphs are laid as pronounced (every cut of one notation spells the same word).
            key = spell(asked[0], self.policy) if asked else notation_letters(segments)
        else:
            result = self.normalizer(word)
            if not result.ok:
                reason = "empty" if result.reason is Reason.EMPTY else Reason.NON_LETTER.value
                where = "" if result.position is None else f" at position {result.position}"
                return Verdict(word, None, False, reason, f"{result.reason}{where}",
                               exclusions=self._excluded_as_written(word))
            key = result.key
        if key in self:
            # an alphabet of single letters cuts every word one way: no need to ask the database
            valid = self.tilings(key) if self.alphabet.multi else [tuple(key)]
            if detail:
                analyses = self.analyses(key)
            else:
                row = self.conn.execute("SELECT display, lemma, pos, kind, tag FROM words WHERE key = ?",
                                        (key,)).fetchone()
                analyses = [Analysis(*row, "", "", 0)]
            if asked is not None:
                matching = [t for t in asked if t in valid]
                if not matching:
                    return Verdict(word, key, False, Reason.WRONG_TILING.value,
                                   f"asked for {format_tiling(asked[0], self.alphabet) if asked else word}",
                                   None, tuple(valid), tuple(analyses))
                return Verdict(word, key, True, tiles=matching[0], tilings=tuple(valid), analyses=tuple(analyses))
            return Verdict(word, key, True, tiles=valid[0], tilings=tuple(valid), analyses=tuple(analyses))
        return self._why_not(word, key)

    def _why_not(self, word: str, key: str) -> Verdict:
        exclusions = tuple(self.exclusions(key)) or self._excluded_as_written(word)
        if exclusions:
            first = exclusions[0].reason
            reason = first if first in (Reason.TOO_SHORT, Reason.TOO_LONG) else f"excluded:{first}"
            return Verdict(word, key, False, reason, exclusions[0].detail or None, exclusions=exclusions)
        cut = preferred_tiling(key, self.alphabet, self.policy)
        if cut is None:
            return Verdict(word, key, False, Reason.NON_LETTER.value, f"{Reason.UNTILEABLE}")
        if len(cut) < self.profile.min_length:
            return Verdict(word, key, False, Reason.TOO_SHORT.value, f"{len(cut)} tiles")
        if len(cut) > self.profile.max_tiles:
            return Verdict(word, key, False, Reason.TOO_LONG.value, f"{len(cut)} tiles")
        return Verdict(word, key, False, Reason.NOT_IN_LEXICON.value)

    def _excluded_as_written(self, word: str) -> tuple[Exclusion, ...]:
        text = word.strip()
        if not text or len(text) > MAX_WORD_CHARS:
            return ()
        rows = self.conn.execute("SELECT * FROM exclusions WHERE word = ? OR word = ? OR word = ? LIMIT 20",
                                 (text, text.lower(), text.capitalize()))
        return tuple(Exclusion(**dict(r)) for r in rows)

    # ------------------------------------------------------------------ details

    def tilings(self, key: str) -> list[Tiling]:
        """The valid tilings of a key, preferred first."""
        rows = self.conn.execute("SELECT tiles FROM tilings WHERE key = ? ORDER BY preferred DESC, rowid", (key,))
        return [notation_tilings(parse_notation(r[0], self.alphabet), self.alphabet, self.policy)[0] for r in rows]

    def analyses(self, key: str) -> list[Analysis]:
        rows = self.conn.execute("SELECT display, lemma, pos, kind, tag, rule, source, record FROM forms "
                                 "WHERE key = ? ORDER BY rowid", (key,))
        return [Analysis(**dict(r)) for r in rows]

    def exclusions(self, key: str, limit: int = 20) -> list[Exclusion]:
        rows = self.conn.execute("SELECT * FROM exclusions WHERE key = ? ORDER BY rowid LIMIT ?", (key, limit))
        return [Exclusion(**dict(r)) for r in rows]

    def exclusion_counts(self) -> dict[str, int]:
        return dict(self.conn.execute("SELECT reason, count(*) FROM exclusions GROUP BY reason ORDER BY reason"))

    # ------------------------------------------------------------------ word-graph search

    @property
    def search(self) -> Search:
        """The word-graph searches as iterators (no limit): `lex.search.anagrams("ABC?")`."""
        if self._search is None:
            raise ArtifactError(f"{self.spec} has no word graph (built by an older toolkit): rebuild it with "
                                f"`lexicon build pipelines/{self.name}.toml`")
        return self._search

    def contains_tiles(self, tiles: Sequence[str] | str) -> bool:
        """Is this tile sequence a word? A sequence of tiles is exact (`["H","Á","ZS","O","R"]`); a
        string is tile notation, true when any cut it allows is a word (`HÁ[Z][S]OR`)."""
        if isinstance(tiles, str):
            segments = parse_notation(tiles, self.alphabet, self.normalizer.key)
            return any(self.search.contains(cut) for cut in notation_tilings(segments, self.alphabet, self.policy))
        return self.search.contains(tiles)

    def anagram(self, rack: str, *, limit: int = 100, sub: bool = False) -> list[Match]:
        """Words made of every tile of `rack` (`?` a blank); with `sub`, of any of them (at least the
        profile's shortest word). Sorted by tiles, at most `limit`."""
        found = self.search.anagrams(rack, sub=sub, min_tiles=self.profile.min_length)
        return list(islice(found, _limit(limit)))

    def pattern(self, query: str, *, limit: int = 100) -> list[Match]:
        """Words matching `query`: `?` one tile, `*` any run (`A?B*`). Sorted by tiles, at most `limit`."""
        return list(islice(self.search.matches(query), _limit(limit)))

    def prefix(self, prefix: str, *, limit: int = 100) -> list[Match]:
        """Words starting with `prefix` (the prefix itself included). Sorted by tiles, at most `limit`."""
        return list(islice(self.search.prefixed(prefix), _limit(limit)))

    def hooks(self, word: str) -> dict[str, Any]:
        """Front and back hooks: `{"word", "tilings", "front": [tiles], "back": [tiles]}`."""
        return self.search.hooks(word)

    # ------------------------------------------------------------------ lists

    def export(self, field_name: str = "key", *, min_length: int | None = None, max_length: int | None = None,
               min_tiles: int | None = None, max_tiles: int | None = None, pos: str | None = None,
               prefix: str | None = None, contains: str | None = None, kind: str | None = None,
               limit: int | None = None) -> Iterator[str]:
        """Words in key order, one string each: the key, the form as written, or the tile notation."""
        column = {"key": "key", "display": "display", "tiles": "tiles"}.get(field_name)
        if column is None:
            raise InputError(f"unknown field {field_name!r}: key, display or tiles")
        where, params = [], []
        for clause, value in (("length(key) >= ?", min_length), ("length(key) <= ?", max_length),
                              ("tile_count >= ?", min_tiles), ("tile_count <= ?", max_tiles),
                              ("pos = ?", pos), ("kind = ?", kind)):
            if value is not None:
                where.append(clause)
                params.append(value)
        if prefix:
            start = self.normalizer.key(prefix)
            # a range on the primary key instead of LIKE, so the index serves it
            where.append("key >= ? AND key < ?")
            params += [start, start + "\U0010ffff"]
        if contains:
            where.append("instr(key, ?) > 0")
            params.append(self.normalizer.key(contains))
        if column == "display":
            # every form as written in the sources (café and cafe are one key, two forms)
            sql = "SELECT DISTINCT forms.display FROM words JOIN forms USING (key)"
            order = " ORDER BY key, forms.display"
            where = [w.replace("pos =", "words.pos =").replace("kind =", "words.kind =") for w in where]
        else:
            sql, order = f"SELECT {column} FROM words", " ORDER BY key"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += order
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        for (value,) in self.conn.execute(sql, params):
            yield value

    def keys(self) -> Iterator[str]:
        """Every key in order. A generator function, so it keeps the lexicon (and its connection) alive."""
        for (key,) in self.conn.execute("SELECT key FROM words ORDER BY key"):
            yield key

    def summary(self) -> dict[str, Any]:
        m = self.manifest
        return {
            "name": self.name, "version": self.version, "build_time": m.get("build_time"),
            "description": m.get("description", ""), "profile": m.get("profile"), "sources": m.get("sources"),
            "counts": m.get("counts"), "files": m.get("files"),
        }

    def close(self) -> None:
        if self.graph is not None:
            self.graph.close()
        _close_all(self._connections)


def _close_all(connections: list[sqlite3.Connection]) -> None:
    for conn in connections:
        conn.close()


#: The most results one list call returns; iterate `Lexicon.search` for more.
MAX_LIMIT = 10_000


def _limit(limit: int) -> int:
    if not isinstance(limit, int) or isinstance(limit, bool) or not 0 <= limit <= MAX_LIMIT:
        raise InputError(f"limit must be an integer from 0 to {MAX_LIMIT}, not {limit!r}")
    return limit


def open_lexicon(folder: str | Path, *, verify: bool = True) -> Lexicon:
    """Open one artifact directory; with `verify`, every file is checked against the manifest first."""
    folder = Path(folder)
    manifest = artifacts.verify(folder) if verify else artifacts.read_manifest(folder)
    return Lexicon(folder, manifest, store.open_readonly(folder / store.FILENAME))


def load(spec: str, root: str | Path | None = None, *, verify: bool = True) -> Lexicon:
    """Load `name` (its current version) or `name@version` from the artifacts directory."""
    return open_lexicon(artifacts.resolve(spec, root), verify=verify)


def diff(old: Lexicon, new: Lexicon) -> tuple[list[str], list[str]]:
    """Keys only in `new` (added) and only in `old` (removed), each sorted."""
    added, removed = [], []
    a, b = old.keys(), new.keys()
    x, y = next(a, None), next(b, None)
    while x is not None or y is not None:
        if y is None or (x is not None and x < y):
            removed.append(x)
            x = next(a, None)
        elif x is None or y < x:
            added.append(y)
            y = next(b, None)
        else:
            x, y = next(a, None), next(b, None)
    return added, removed


def manifest_json(lexicon: Lexicon) -> str:
    return json.dumps(lexicon.manifest, ensure_ascii=False, indent=2)
