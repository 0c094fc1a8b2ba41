"""The lexicons a service process serves: loaded, verified, and swapped without dropping a request.

Each name serves the version its `current` pointer names. The pointer is looked at no more than
once a second per process; when it moves, the new version is loaded and verified *before* it
replaces the old one, so a request in flight keeps the object it started with, and a version
that fails verification is never served (the old one stays, the failure is remembered and
reported on /readyz until the pointer moves again).

The shrink guard (lexicon.guard) applies here as it does to builds: a version that would lose more
than MAX_LOSS of the served version's words is held back (the old one stays, /readyz says why
under `held`), unless the pointer is marked `allow-shrink` (`lexicon build --allow-shrink`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import ArtifactError, InputError, LexiconError, PlayError, artifacts
from lexicon.guard import MAX_LOSS, compare_indexes
from lexicon.lookup import Lexicon, open_lexicon
from lexicon.play import Game, game_names, load_game
from lexicon.play.published import current_game_version, open_published_game, published_games

log = logging.getLogger("lexicon.service")
_SHIPPED = frozenset(game_names())

#: How often (seconds) a process looks at the `current` pointers.
POLL_SECONDS = 1.0
#: Pinned versions (`name@version`) kept open per process, least recently used dropped first.
MAX_PINNED = 8


@dataclass
class Slot:
    """One lexicon name: the version being served and the last failed attempt, if any."""

    lexicon: Lexicon | None = None
    failed: dict[str, str] = field(default_factory=dict)  # version → error
    held: dict[str, str] = field(default_factory=dict)  # version → why the shrink guard held it back


class Registry:
    def __init__(self, root: str | Path, *, names: list[str] | None = None, poll: float = POLL_SECONDS,
                 max_loss: float = MAX_LOSS) -> None:
        self.root = Path(root)
        self.only = set(names) if names else None
        self.poll = poll
        self.max_loss = max_loss
        self.slots: dict[str, Slot] = {}
        self.pinned: OrderedDict[str, Lexicon] = OrderedDict()
        # Games published into the artifacts directory: name → (version, game), followed like lexicons.
        self.published: dict[str, tuple[str, Game]] = {}
        self.failed_games: dict[str, str] = {}  # name@version → why it is not served
        self._checked = 0.0
        self._lock = threading.Lock()
        self.refresh(force=True)

    # ------------------------------------------------------------------ lookups

    def get(self, spec: str) -> Lexicon:
        """The lexicon for `name` (its current version) or `name@version`; ArtifactError (code unknown-lexicon) if none,
        naming the `lexicon` parameter and the lexicons served (a malformed name is just as unknown)."""
        self.refresh()
        slot = self.slots.get(spec)  # the common request: a served name, unpinned
        if slot is not None and slot.lexicon is not None:
            return slot.lexicon
        try:
            name, version = artifacts.parse_spec(spec)
        except InputError:
            name, version = None, None
        slot = self.slots.get(name) if name else None
        if name is None or slot is None or slot.lexicon is None:
            served = self.names()
            raise ArtifactError(f"no lexicon {spec[:80]!r} is served here (served: {', '.join(served) or 'none'})",
                                parameter="lexicon", allowed=served, code="unknown-lexicon")
        if version is None or slot.lexicon.version == version:
            return slot.lexicon
        return self._pinned(name, version)

    def names(self) -> list[str]:
        """The lexicons served now (published ones appear within a poll interval)."""
        self.refresh()
        return sorted(n for n, s in self.slots.items() if s.lexicon is not None)

    def versions(self, name: str) -> list[str]:
        """The versions of `name` published in the artifacts directory."""
        return artifacts.versions(self.root, name)

    def ready(self) -> tuple[bool, dict[str, dict]]:
        """Whether every published lexicon has a verified version loaded, with details per name."""
        self.refresh()
        report = {}
        for name, slot in sorted(self.slots.items()):
            report[name] = {"version": slot.lexicon.version if slot.lexicon else None,
                            "failed": dict(slot.failed), "held": dict(slot.held)}
        ok = bool(self.slots) and all(s.lexicon is not None for s in self.slots.values())
        return ok, report

    def hide_paths(self, error: Exception | str) -> str:
        """An error's message without the server's directories: answers name artifact files relative
        to the artifacts directory."""
        text = str(error)
        for root in sorted({str(self.root.resolve()), str(self.root)}, key=len, reverse=True):
            text = text.replace(root + "/", "").replace(root, ".")
        return text

    # ------------------------------------------------------------------ games

    def game(self, name: object) -> Game:
        """A shipped game, or one published into the artifacts directory, by name; a PlayError naming
        the `game` field and the games there are, for anything else (never a path)."""
        self.refresh()
        if isinstance(name, str) and name in _SHIPPED:
            return load_game(name)
        found = self.published.get(name) if isinstance(name, str) else None
        if found is None:
            what = f"{name[:40]!r} is not a game" if isinstance(name, str) else "a game's name, as a string"
            raise PlayError("game", f"{what}; games: {', '.join(self.game_names())}")
        return found[1]

    def known_game(self, name: str) -> Game:
        """The same, for a path that names a game: InputError (code unknown-game, 404) when there is none."""
        try:
            return self.game(name)
        except PlayError:
            raise InputError(f"no game {name[:40]!r} is served here (games: {', '.join(self.game_names())})",
                             parameter="name", allowed=self.game_names(), code="unknown-game") from None

    def game_names(self) -> list[str]:
        """The shipped games and the published ones, by name."""
        self.refresh()
        return sorted(_SHIPPED | set(self.published))

    def game_version(self, name: str) -> str | None:
        """A published game's version (None for a shipped game)."""
        found = self.published.get(name)
        return found[0] if found else None

    # ------------------------------------------------------------------ loading

    def refresh(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._checked < self.poll:
            return
        with self._lock:
            if not force and now - self._checked < self.poll:
                return
            self._checked = now
            for name in artifacts.names(self.root):
                if self.only is None or name in self.only:
                    self._follow(name)
            self._follow_games()

    def _follow_games(self) -> None:
        for name in published_games(self.root):
            version = current_game_version(self.root, name)
            served = self.published.get(name)
            if version is None or (served and served[0] == version) or f"{name}@{version}" in self.failed_games:
                continue
            try:
                self.published[name] = (version, open_published_game(self.root, name, version))
                log.info("serving game %s@%s", name, version)
            except LexiconError as exc:
                self.failed_games[f"{name}@{version}"] = self.hide_paths(exc)
                log.error("not serving game %s@%s: %s", name, version, exc)

    def _follow(self, name: str) -> None:
        slot = self.slots.setdefault(name, Slot())
        version, shrink_allowed = artifacts.current_pointer(self.root, name)
        if version is None or (slot.lexicon and slot.lexicon.version == version) or version in slot.failed \
                or (version in slot.held and not shrink_allowed):
            return
        fresh = self._open(name, version, slot)
        if fresh is not None and slot.lexicon is not None and not shrink_allowed:
            refusal = self._shrinks(slot.lexicon, fresh)
            if refusal is not None:
                slot.held[version] = refusal
                log.error("not serving %s@%s: %s", name, version, refusal)
                return
        if fresh is not None:
            slot.failed.clear()
            slot.held.clear()
        else:
            # The pointer names a bad version. Serve the newest good one, so that every worker,
            # including one started after the pointer moved, serves the same version.
            for candidate in self._by_build_time(name):
                if candidate not in slot.failed and (fresh := self._open(name, candidate, slot)):
                    break
            if fresh is None or (slot.lexicon and slot.lexicon.version == fresh.version):
                return
        old, slot.lexicon = slot.lexicon, fresh  # one reference assignment: requests see old or new
        log.info("serving %s@%s (was %s)", name, fresh.version, old.version if old else "nothing")

    def _shrinks(self, served: Lexicon, fresh: Lexicon) -> str | None:
        """Why the shrink guard holds `fresh` back from replacing `served`, or None."""
        change = compare_indexes(served.key_index, served.spec, fresh.key_index, fresh.spec)
        refusal = change.refusal(self.max_loss)
        if refusal is None:
            return None
        return (f"held back: {refusal}; {change.summary()}; to serve it, publish it with "
                f"`lexicon build … --allow-shrink`")

    def _open(self, name: str, version: str, slot: Slot) -> Lexicon | None:
        if slot.lexicon and slot.lexicon.version == version:
            return slot.lexicon
        try:
            return open_lexicon(self.root / name / version)
        except LexiconError as exc:
            slot.failed[version] = self.hide_paths(exc)
            log.error("not serving %s@%s: %s", name, version, exc)
            return None

    def _by_build_time(self, name: str) -> list[str]:
        """Published versions, newest build first (unreadable manifests last)."""
        def built(version: str) -> tuple[str, int]:
            # build_time has whole seconds, and two builds can finish within one: the manifest's
            # modification time (in nanoseconds) orders those
            folder = self.root / name / version
            try:
                return (artifacts.read_manifest(folder).get("build_time", ""),
                        (folder / artifacts.MANIFEST).stat().st_mtime_ns)
            except (LexiconError, OSError):
                return "", 0
        return sorted(artifacts.versions(self.root, name), key=built, reverse=True)

    def _pinned(self, name: str, version: str) -> Lexicon:
        spec = f"{name}@{version}"
        with self._lock:
            lex = self.pinned.get(spec)
            if lex is not None:
                self.pinned.move_to_end(spec)
                return lex
        try:
            lex = open_lexicon(artifacts.resolve(spec, self.root))
        except ArtifactError as exc:
            if exc.code != "unknown-lexicon":
                raise ArtifactError(f"{spec} failed verification and is not served: {self.hide_paths(exc)}") from None
            versions = artifacts.versions(self.root, name)
            raise ArtifactError(f"lexicon {name!r} has no version {version!r} here (versions: "
                                f"{', '.join(versions) or 'none'})", parameter="lexicon",
                                allowed=[f"{name}@{v}" for v in versions], code="unknown-lexicon") from None
        with self._lock:
            self.pinned[spec] = lex
            while len(self.pinned) > MAX_PINNED:
                self.pinned.popitem(last=False)
        return lex
