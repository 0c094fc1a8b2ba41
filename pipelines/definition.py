"""Pipeline files: which sources, which game profile, which overlays. One TOML file per lexicon."""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexicon import DataError, Profile, SourceError, load_profile

from .inflection import GENERATORS, inflector
from .rules import TilingChooser, prefer_first
from .sources import KINDS, Source, SourceConfig
from .tiling_evidence import CompoundParts, MorphologyChooser

PIPELINE_DIR = Path(__file__).parent
_NAME = re.compile(r"[a-z]{2,3}(-[a-z0-9]+)+")


@dataclass(frozen=True)
class Overlays:
    """Words added to (allow) or removed from (block) what the sources and rules give."""

    allow: tuple[str, ...] = ()
    block: tuple[str, ...] = ()


@dataclass(frozen=True)
class Limits:
    """Bounds that keep a build safe; readers that expand (Hunspell) read theirs from here."""

    max_words: int = 20_000_000
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GraphOptions:
    """What the word-graph file holds beside the DAWG (the `[graph]` table): a GADDAG unless
    `gaddag = false`, so that a lexicon is playable by an engine's move generator by default."""

    gaddag: bool = True


@dataclass(frozen=True)
class TilingOptions:
    """How words with several cuts get their valid tilings (the `[tiling]` table).

    `evidence = "morphology"` reads them off the morpheme boundaries the sources record
    (pipelines.tiling_evidence); `compound_splits` also splits stems into two stems of the
    sources. Without the table, the preferred cut is the one valid tiling.
    """

    evidence: str = "preferred"
    compound_splits: bool = False


@dataclass(frozen=True)
class Pipeline:
    name: str
    description: str
    profile: Profile
    sources: tuple[SourceConfig, ...]
    overlays: Overlays
    limits: Limits
    path: Path
    sha256: str
    graph: GraphOptions = GraphOptions()
    inflection: str | None = None  # the inflection generator named in `[inflection]`
    evidence: tuple[SourceConfig, ...] = ()  # its `[[inflection.evidence]]` word lists
    tiling: TilingOptions = TilingOptions()

    def readers(self) -> list[Source]:
        readers = [KINDS[s.kind](s) for s in self.sources]
        for reader in readers:
            reader.boundaries = self.tiling.evidence != "preferred"
        return readers

    def chooser(self, readers: list[Source]) -> TilingChooser:
        """The tiling chooser `[tiling]` asks for; compound splits use the stems of every source
        that lists stems (a Hunspell dictionary)."""
        if self.tiling.evidence == "preferred":
            return prefer_first

        def parts() -> CompoundParts:
            found = [r.compound_parts() for r in readers] if self.tiling.compound_splits else []
            return CompoundParts(frozenset().union(*(p.heads for p in found)),
                                 frozenset().union(*(p.tails for p in found)))

        return MorphologyChooser(self.profile.alphabet, self.profile.doubled_digraphs, parts)

    def inflector(self):
        """The pipeline's inflection generator, prepared with every entry of its sources (None without one)."""
        if self.inflection is None:
            return None
        return inflector(self.inflection, (entry for reader in self.readers() for entry in reader.entries()),
                         [KINDS[c.kind](c) for c in self.evidence])


_KEYS = {"name", "description", "profile", "sources", "overlays", "limits", "graph", "inflection", "tiling"}


def pipeline_path(name_or_path: str | Path) -> Path:
    """A pipeline by path, or by name from the shipped pipelines (`sv-betapet`)."""
    text = str(name_or_path)
    if text.endswith(".toml") or "/" in text:
        return Path(text)
    return PIPELINE_DIR / f"{text}.toml"


def pipeline_names() -> list[str]:
    return sorted(p.stem for p in PIPELINE_DIR.glob("*.toml"))


def load_pipeline(name_or_path: str | Path) -> Pipeline:
    """Read and check a pipeline file; every problem names the file and the key."""
    path = pipeline_path(name_or_path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such pipeline file (shipped: {', '.join(pipeline_names())})") from None
    try:
        table = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from exc

    def fail(key: str, message: str) -> DataError:
        return DataError(f"{path}: {key}: {message}")

    extra = sorted(set(table) - _KEYS)
    if extra:
        raise fail(extra[0], f"unknown key (allowed: {', '.join(sorted(_KEYS))})")
    name = table.get("name")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise fail("name", f"{name!r} is not a lexicon id like 'sv-betapet' (<language>-<game>[-<variant>])")
    profile_name = table.get("profile")
    if not isinstance(profile_name, str):
        raise fail("profile", "missing: the name of a game profile")
    profile = load_profile(profile_name)

    sources = []
    raw_sources = table.get("sources")
    if not isinstance(raw_sources, list) or not raw_sources:
        raise fail("sources", "needs at least one [[sources]] table")
    seen: set[str] = set()
    for i, src in enumerate(raw_sources):
        sources.append(_source(f"sources[{i}]", src, seen, path, fail))
    overlays = table.get("overlays", {})
    if not isinstance(overlays, dict) or set(overlays) - {"allow", "block", "allow_file", "block_file"}:
        raise fail("overlays", "a table with allow, block (lists of words) or allow_file, block_file (paths)")
    limits = table.get("limits", {})
    if not isinstance(limits, dict):
        raise fail("limits", "expected a table")
    graph = table.get("graph", {})
    if not isinstance(graph, dict) or set(graph) - {"gaddag"} or not isinstance(graph.get("gaddag", False), bool):
        raise fail("graph", "a table with gaddag = true or false (lexicon.kwg with a GADDAG, or lexicon.dwg "
                            "without)")
    tiling = table.get("tiling", {})
    if (not isinstance(tiling, dict) or set(tiling) - {"evidence", "compound_splits"}
            or tiling.get("evidence", "preferred") not in ("preferred", "morphology")
            or not isinstance(tiling.get("compound_splits", False), bool)):
        raise fail("tiling", 'a table with evidence = "preferred" or "morphology", and compound_splits = '
                             'true or false')
    generator, evidence = _inflection(table.get("inflection"), profile, path, fail)
    return Pipeline(
        tiling=TilingOptions(tiling.get("evidence", "preferred"), tiling.get("compound_splits", False)),
        inflection=generator,
        evidence=evidence,
        name=name,
        description=str(table.get("description", "")),
        profile=profile,
        sources=tuple(sources),
        overlays=Overlays(_words(overlays, "allow", path, fail), _words(overlays, "block", path, fail)),
        limits=Limits(int(limits.get("max_words", Limits.max_words)), dict(limits)),
        path=path,
        sha256=hashlib.sha256(raw).hexdigest(),
        graph=GraphOptions(gaddag=graph.get("gaddag", True)),
    )


def _source(key: str, src: Any, seen: set[str], path: Path, fail) -> SourceConfig:
    """One source table (`[[sources]]`, `[[inflection.evidence]]`), its options checked now, before any work."""
    if not isinstance(src, dict):
        raise fail(key, "expected a table")
    options = dict(src)
    sid, kind = options.pop("id", None), options.pop("kind", None)
    if not isinstance(sid, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", sid) or sid in seen:
        raise fail(f"{key}.id", f"{sid!r}: each source needs a unique id of letters, digits, '.', '_', '-'")
    if kind not in KINDS:
        raise fail(f"{key}.kind", f"{kind!r} is not a source kind (known: {', '.join(sorted(KINDS))})")
    seen.add(sid)
    config = SourceConfig(sid, kind, options, path.parent)
    try:
        KINDS[kind](config)
    except SourceError as exc:
        raise fail(key, str(exc)) from None
    return config


def _inflection(table: Any, profile: Profile, path: Path, fail) -> tuple[str | None, tuple[SourceConfig, ...]]:
    """The generator named in `[inflection]`, checked against the known ones and the profile, and
    its evidence lists (`[[inflection.evidence]]`, source tables whose words attest forms)."""
    if table is None:
        return None, ()
    if not isinstance(table, dict) or "generator" not in table or set(table) - {"generator", "evidence"}:
        raise fail("inflection", 'a table with generator (for example generator = "saol") and, optionally, '
                                 '[[inflection.evidence]] word lists')
    name = table["generator"]
    if name not in GENERATORS:
        raise fail("inflection.generator", f"{name!r} is not a generator (known: {', '.join(sorted(GENERATORS))})")
    if not profile.inflections:
        raise fail("inflection", f"profile {profile.name!r} plays no inflections (inflections = false): "
                                 f"drop the [inflection] table or choose a profile that plays them")
    evidence = table.get("evidence", [])
    if not isinstance(evidence, list):
        raise fail("inflection.evidence", "expected an array of source tables ([[inflection.evidence]])")
    seen: set[str] = set()
    return name, tuple(_source(f"inflection.evidence[{i}]", src, seen, path, fail) for i, src in enumerate(evidence))


def _words(overlays: dict, key: str, path: Path, fail) -> tuple[str, ...]:
    words = overlays.get(key, [])
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise fail(f"overlays.{key}", "expected a list of words")
    file_key = f"{key}_file"
    if file_key in overlays:
        file = Path(overlays[file_key])
        file = file if file.is_absolute() else path.parent / file
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise fail(f"overlays.{file_key}", f"{file}: {exc}") from None
        words = words + [w.strip() for w in text.splitlines() if w.strip() and not w.startswith("#")]
    return tuple(words)
