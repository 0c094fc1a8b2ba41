"""Pipeline files: which sources, which game profile, which overlays. One TOML file per lexicon."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from lexicon import DataError, Profile, load_profile
from lexicon._data import is_path
from lexicon.profile import Validation

from .files import install_hint, named_file
from .inflection import ATTESTS, GENERATORS, inflector
from .rules import TilingChooser, prefer_first
from .schema import REQUIRED, Key, Table, Tables
from .schema import reference as schema_reference
from .sources import KINDS, Source, SourceConfig
from .sources.base import COMMON
from .sources.corpus import CORPORA
from .tiling_evidence import CompoundParts, MorphologyChooser

PIPELINE_DIR = Path(__file__).parent


@dataclass(frozen=True)
class Overlays:
    """Words added to (allow) or removed from (block) what the sources and rules give, and the
    files some of them came from (`allow_file`, `block_file`)."""

    allow: tuple[str, ...] = ()
    block: tuple[str, ...] = ()
    allow_files: tuple[Path, ...] = ()
    block_files: tuple[Path, ...] = ()
    # What shows each word belongs or does not (a file line's second column, tab-separated: an edition's
    # published list of additions, a dated source), parallel to `allow` and `block`; "" where none is given
    # (inline words, lines of one column). Overlays made in code may leave them out.
    allow_evidence: tuple[str, ...] = ()
    block_evidence: tuple[str, ...] = ()

    def evidence(self, kind: str) -> tuple[str, ...]:
        """Each word of `kind` ("allow" or "block") with its evidence, "" where none."""
        words, given = getattr(self, kind), getattr(self, f"{kind}_evidence")
        return given or ("",) * len(words)


@dataclass(frozen=True)
class Limits:
    """Bounds that keep a build safe (readers that expand, Hunspell, have their own options)."""

    max_words: int = 20_000_000


@dataclass(frozen=True)
class FormsOptions:
    """The `[graph.forms]` table: the Hunspell source whose stems' forms the graph holds beyond the
    list (lexicon_pipelines.graphforms), and the affixes a form may have."""

    source: str
    max_depth: int


@dataclass(frozen=True)
class GraphOptions:
    """What the word-graph file holds beside the DAWG (the `[graph]` table): a GADDAG unless
    `gaddag = false`, so that a lexicon is playable by an engine's move generator by default."""

    gaddag: bool = True
    forms: FormsOptions | None = None  # the affixed forms of a Hunspell source beyond the list (graphforms)


@dataclass(frozen=True)
class TilingOptions:
    """How words with several cuts get their valid tilings (the `[tiling]` table).

    `evidence = "morphology"` reads them off the morpheme boundaries the sources record
    (lexicon_pipelines.tiling_evidence); `compound_splits` also splits stems into two stems of the
    sources. Without the table, the preferred cut is the one valid tiling.
    """

    evidence: str = "preferred"
    compound_splits: bool = False


@dataclass(frozen=True)
class CompoundOptions:
    """The `[compounds]` table of a lexicon validated by compiled rules: the Hunspell source whose
    morphology judges its evidence and makes its compound rule, the corpora that attest words
    (lexicon_pipelines.attested), and a foreign word list whose words are not this language's."""

    dictionary: str
    evidence: tuple[SourceConfig, ...] = ()
    foreign: Path | None = None
    foreign_debian: str = ""
    typos: tuple[tuple[str, str], ...] = ()  # slips a compound is checked for, besides the dictionary's REP


@dataclass(frozen=True)
class EvidenceList:
    """One `[[inflection.evidence]]` table: a word list, and the classes of forms it may attest."""

    config: SourceConfig
    attests: tuple[str, ...] = ATTESTS


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
    evidence: tuple[EvidenceList, ...] = ()  # its `[[inflection.evidence]]` word lists
    tiling: TilingOptions = TilingOptions()
    precheck: bool = False  # `[analysis] precheck`: the version carries the parts graph (pipelines/precheck.py)
    compounds: CompoundOptions | None = None  # `[compounds]`, for a profile validated by compiled rules

    def readers(self) -> list[Source]:
        readers = [KINDS[s.kind](s) for s in self.sources]
        for reader in readers:
            reader.check_files()
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
        evidence = [(KINDS[e.config.kind](e.config), e.attests) for e in self.evidence]
        for reader, _ in evidence:
            reader.check_files()
        return inflector(self.inflection, (entry for reader in self.readers() for entry in reader.entries()),
                         evidence)


def _source_options(table: dict[str, Any]) -> dict[str, Key]:
    """The options of a source table's kind (none for an unknown kind: its `kind` key says so)."""
    reader = KINDS.get(table.get("kind"))
    return reader.options if reader is not None else {}


SOURCE = Table("One source: its id, its kind, and the options of that kind.", {
    "id": Key(str, "a unique id of letters, digits, `.`, `_`, `-`: names the source in answers and the manifest",
              REQUIRED, pattern=r"[A-Za-z0-9_.-]+"),
    "kind": Key(str, "the reader: " + ", ".join(f"`{k}`" for k in sorted(KINDS)), REQUIRED,
                choices=tuple(sorted(KINDS)), noun="a source kind"),
    **COMMON,
}, tail=_source_options, noun="option")

EVIDENCE = Table("One word list that attests forms: a source table, and what it may attest.", {
    **SOURCE.keys,
    "attests": Key(list, "the classes of forms whose words it attests (docs/inflection.md, \"Evidence\"); leave out a "
                   "class the list makes for words that lack it (wswedish's s-forms: drunknas)",
                   list(ATTESTS), choices=ATTESTS, each=str, noun="a class of forms"),
}, tail=_source_options, noun="option", base=SOURCE)

PIPELINE = Table("A pipeline file: one lexicon, built from its sources by a game profile's rules.", {
    "name": Key(str, "the lexicon id, `<language>-<game>[-<variant>]` (`sv-betapet`)", REQUIRED,
                pattern=r"[a-z]{2,3}(-[a-z0-9]+)+"),
    "description": Key(str, "one line for `lexicon info` and the service", ""),
    "profile": Key(str, "the game profile: a shipped one by name (`sv-betapet`), or a profile file by path, "
                   "relative to the pipeline file (`short5.toml`; docs/profiles.md)", REQUIRED),
    "sources": Tables("the sources, read in this order", SOURCE, required=True),
    "overlays": Table("Words the sources lack or should not give, after the rules.", {
        "allow": Key(list, "words added as headwords, judged by the profile's tile and length rules only",
                     [], each=str),
        "block": Key(list, "words removed, whatever gave them (answers say `blocklist`)", [], each=str),
        "allow_file": Key(str, "a UTF-8 file of more words to allow, one a line (`#` starts a comment), "
                          "relative to the pipeline file (or `package:<path>`); after a tab, the line may give "
                          "the word's evidence", ""),
        "block_file": Key(str, "the same for words to block; a blocked word's evidence is its answer's detail", ""),
        "require_evidence": Key(bool, "every line of `allow_file` and `block_file` must give its evidence (a "
                                "reviewed overlay, such as an edition's additions and removals)", False),
    }),
    "limits": Table("Bounds that keep a build safe.", {
        "max_words": Key(int, "the most candidate words (headwords and forms) a build may judge; beyond, "
                         "it stops", Limits.max_words, minimum=1),
    }),
    "graph": Table("What the word-graph file holds.", {
        "gaddag": Key(bool, "`lexicon.kwg` with DAWG and GADDAG (true) or `lexicon.dwg`, the DAWG alone "
                      "(docs/kwg.md)", True),
        "forms": Table("For a profile that validates by analysis: the affixed forms of a Hunspell source's "
                       "stems the graph holds beyond the word list, with a form index for their readings "
                       "(docs/hungarian.md).", {
            "source": Key(str, "the id of the Hunspell source whose stems' forms the graph holds", ""),
            "max_depth": Key(int, "affixes per form (2: prefix + suffix, or two suffixes)", 2, minimum=1,
                             maximum=3),
        }),
    }),
    "analysis": Table("For a profile that validates by analysis: what the version carries for its analyser.", {
        "precheck": Key(bool, "the parts graph of the analyser's dictionary, so that a word no cut into its "
                        "parts spells is refused without Hunspell (docs/hungarian.md); a few minutes of build for "
                        "Magyar Ispell", False),
    }),
    "tiling": Table("How a word with several cuts into tiles gets its valid tilings (docs/tiling.md).", {
        "evidence": Key(str, "`preferred`: the preferred cut, unless the source gives the tiles in tile "
                        "notation; `morphology`: read off the morpheme boundaries the sources record",
                        "preferred", choices=("preferred", "morphology")),
        "compound_splits": Key(bool, "with `morphology`: also split listed stems into two stems of the "
                               "sources", False),
    }),
    "compounds": Table("For a profile validated by compiled rules (`validation = \"compiled\"`): what decides "
                       "its words beyond the dictionary's forms, at build time (docs/hungarian.md).", {
        "dictionary": Key(str, "the id of the Hunspell source whose morphology judges the evidence and whose "
                          "compound flags make the compound rule", ""),
        "foreign": Key(str, "a word list of another language, one word a line (Debian's wamerican: "
                       "`/usr/share/dict/american-english`): its words in small letters are not words of this "
                       "language where only running text attests them", ""),
        "foreign_debian": Key(str, "the Debian package that installs `foreign`, named when it is missing", ""),
        "typos": Key(list, "common slips, each `\"from to\"` (`\"a á\"`): a compound of the rule that one of them, or "
                     "one of the dictionary's REP pairs, turns into a word of the lexicon is that word misspelt "
                     "(both ways are checked)", [], each=str),
        "evidence": Tables("corpora that attest words in use (source tables of the kinds "
                           + ", ".join(f"`{c.kind}`" for c in CORPORA) + ")", SOURCE),
    }),
    "inflection": Table("The inflection generator that adds every form (docs/inflection.md); only for "
                        "a profile that plays inflections.", {
        "generator": Key(str, "the generator: " + ", ".join(f"`{g}`" for g in sorted(GENERATORS)), "",
                         choices=("", *sorted(GENERATORS)), noun="a generator"),
        "evidence": Tables("word lists that attest forms (source tables, as `[[sources]]`, and `attests`)",
                           EVIDENCE),
    }),
})


def pipeline_path(name_or_path: str | Path) -> Path:
    """A pipeline by path, or by name from the shipped pipelines (`sv-betapet`)."""
    text = str(name_or_path)
    if text.endswith(".toml") or "/" in text:
        return Path(text)
    return PIPELINE_DIR / f"{text}.toml"


def pipeline_names() -> list[str]:
    return sorted(p.stem for p in PIPELINE_DIR.glob("*.toml"))


def shipped(path: Path) -> bool:
    """Is this one of the pipelines that ship with the package (buildable by name from anywhere)?"""
    return path.resolve().parent == PIPELINE_DIR.resolve() and path.suffix == ".toml"


def load_pipeline(name_or_path: str | Path) -> Pipeline:
    """Read and check a pipeline file against its schema; every problem names the file, the key and
    what was expected."""
    path = pipeline_path(name_or_path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such pipeline file (shipped, buildable by name from any directory: "
                        f"{', '.join(pipeline_names())})") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read the pipeline file ({exc.strerror})") from None
    try:
        table = PIPELINE.check("", tomllib.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from exc
    except DataError as exc:  # a key the schema refuses
        raise DataError(f"{path}: {exc}") from None

    def fail(key: str, message: str) -> DataError:
        return DataError(f"{path}: {key}: {message}")

    profile = _profile(table["profile"], path, fail)
    sources = _sources("sources", table["sources"], path, fail)
    for i, config in enumerate(sources):
        if getattr(KINDS[config.kind], "evidence", False):
            raise fail(f"sources[{i}].kind", f"{config.kind!r} is a corpus that attests words, not a word list: "
                                             f"name it under [[compounds.evidence]]")
    inflection = table["inflection"]
    if inflection["generator"] and not profile.inflections:
        raise fail("inflection", f"profile {profile.name!r} plays no inflections (inflections = false): "
                                 f"drop the [inflection] table or choose a profile that plays them")
    if inflection["evidence"] and not inflection["generator"]:
        raise fail("inflection.generator", "missing: [[inflection.evidence]] lists serve a generator")
    if table["tiling"]["compound_splits"] and table["tiling"]["evidence"] != "morphology":
        raise fail("tiling.compound_splits", 'splits are morphology evidence: set evidence = "morphology" too')
    precheck = table["analysis"]["precheck"]
    if precheck and profile.validation is not Validation.ANALYSIS:
        raise fail("analysis.precheck", f"profile {profile.name!r} validates by its list, with no analyser to "
                                        f"precheck for")
    return Pipeline(
        compounds=_compounds(table["compounds"], sources, profile, path, fail),
        precheck=precheck,
        tiling=TilingOptions(table["tiling"]["evidence"], table["tiling"]["compound_splits"]),
        inflection=inflection["generator"] or None,
        evidence=_evidence_lists(inflection["evidence"], path, fail),
        name=table["name"],
        description=table["description"],
        profile=profile,
        sources=sources,
        overlays=_overlays(table["overlays"], path, fail),
        limits=Limits(table["limits"]["max_words"]),
        path=path,
        sha256=hashlib.sha256(raw).hexdigest(),
        graph=GraphOptions(gaddag=table["graph"]["gaddag"], forms=_forms(table["graph"]["forms"], sources, profile,
                                                                          fail)),
    )


def _forms(table: dict[str, Any], sources, profile: Profile, fail) -> FormsOptions | None:
    """The `[graph.forms]` table: None without a source; the source must be a Hunspell one of the
    pipeline's, and the profile must validate by analysis (the analyser explains the forms)."""
    if not table["source"]:
        return None
    kinds = {s.id: s.kind for s in sources}
    if kinds.get(table["source"]) != "hunspell":
        raise fail("graph.forms.source", f"{table['source']!r} is not a hunspell source of this pipeline "
                                         f"(its sources: {', '.join(kinds)})")
    if profile.validation is Validation.LIST:
        raise fail("graph.forms", f"profile {profile.name!r} validates by its list; the graph's extra forms "
                                  f"need a profile of the dictionary's morphology (validation = \"compiled\" "
                                  f"or \"analysis\")")
    return FormsOptions(table["source"], table["max_depth"])


def _compounds(table: dict[str, Any], sources, profile: Profile, path: Path, fail) -> CompoundOptions | None:
    """The `[compounds]` table: required by a profile validated by compiled rules, and only there; its
    dictionary a Hunspell source of the pipeline, its evidence corpora."""
    compiled = profile.validation is Validation.COMPILED
    if not table["dictionary"]:
        if compiled:
            raise fail("compounds.dictionary", f"missing: profile {profile.name!r} is validated by compiled rules, "
                                               f"which the morphology of a hunspell source of the pipeline makes")
        if table["evidence"] or table["foreign"]:
            raise fail("compounds", "evidence and a foreign list serve a dictionary: name it (compounds.dictionary)")
        return None
    if not compiled:
        raise fail("compounds", f"profile {profile.name!r} is validated by {profile.validation}; the [compounds] "
                                f"table serves a profile with validation = \"compiled\"")
    kinds = {s.id: s.kind for s in sources}
    if kinds.get(table["dictionary"]) != "hunspell":
        raise fail("compounds.dictionary", f"{table['dictionary']!r} is not a hunspell source of this pipeline "
                                           f"(its sources: {', '.join(kinds)})")
    corpora = {c.kind for c in CORPORA}
    evidence = _sources("compounds.evidence", table["evidence"], path, fail)
    for i, config in enumerate(evidence):
        if config.kind not in corpora:
            raise fail(f"compounds.evidence[{i}].kind", f"{config.kind!r} is a word list, not a corpus that attests "
                                                        f"words: one of {', '.join(sorted(corpora))}")
    foreign = named_file(table["foreign"], path.parent) if table["foreign"] else None
    typos = []
    for i, pair in enumerate(table["typos"]):
        sides = pair.split()
        if len(sides) != 2:
            raise fail(f"compounds.typos[{i}]", f"{pair!r}: two spellings apart by a space, `\"a á\"`")
        typos += [(sides[0], sides[1]), (sides[1], sides[0])]
    if foreign is not None and not foreign.exists():
        hint = install_hint(table["foreign_debian"])
        raise fail("compounds.foreign", f"{foreign}: no such file{hint}")
    return CompoundOptions(table["dictionary"], evidence, foreign, table["foreign_debian"], tuple(typos))


def _profile(reference: str, path: Path, fail) -> Profile:
    """The game profile, by shipped name or by path from the pipeline file's folder."""
    try:
        return load_profile(path.parent / reference if is_path(reference) else reference)
    except DataError as exc:
        raise fail("profile", str(exc)) from None


def _sources(key: str, tables: list[dict[str, Any]], path: Path, fail) -> tuple[SourceConfig, ...]:
    """Source tables (`[[sources]]`, `[[inflection.evidence]]`): unique ids, and each reader made now,
    so its options are checked before any work."""
    configs = []
    seen: set[str] = set()
    for i, src in enumerate(tables):
        if src["id"] in seen:
            raise fail(f"{key}[{i}].id", f"{src['id']!r} is the id of an earlier source: ids are unique")
        seen.add(src["id"])
        options = {k: v for k, v in src.items() if k not in ("id", "kind") and not (k == "version" and not v)}
        config = SourceConfig(src["id"], src["kind"], options, path.parent)
        try:
            KINDS[src["kind"]](config)
        except DataError as exc:
            raise fail(f"{key}[{i}]", str(exc)) from None
        configs.append(config)
    return tuple(configs)


def _evidence_lists(tables: list[dict[str, Any]], path: Path, fail) -> tuple[EvidenceList, ...]:
    """`[[inflection.evidence]]`: each a source, read as `[[sources]]` are, and the classes of forms it attests."""
    configs = _sources("inflection.evidence", [{k: v for k, v in t.items() if k != "attests"} for t in tables],
                       path, fail)
    return tuple(EvidenceList(config, tuple(table["attests"])) for config, table in zip(configs, tables))


def _overlays(table: dict[str, Any], path: Path, fail) -> Overlays:
    words: dict[str, tuple[str, ...]] = {}
    evidence: dict[str, tuple[str, ...]] = {}
    files: dict[str, tuple[Path, ...]] = {}
    for kind in ("allow", "block"):
        words[kind], files[kind] = tuple(table[kind]), ()
        evidence[kind] = ("",) * len(words[kind])
        if table[f"{kind}_file"]:
            key = f"overlays.{kind}_file"
            try:
                file = named_file(table[f"{kind}_file"], path.parent)
                text = file.read_text(encoding="utf-8")
            except DataError as exc:
                raise fail(key, str(exc)) from None
            except (OSError, UnicodeDecodeError) as exc:
                raise fail(key, f"{file}: {exc}") from None
            lines = _overlay_lines(text, file, table["require_evidence"], partial(fail, key))
            words[kind] += tuple(word for word, _ in lines)
            evidence[kind] += tuple(why for _, why in lines)
            files[kind] = (file,)
    return Overlays(words["allow"], words["block"], files["allow"], files["block"], evidence["allow"],
                    evidence["block"])


def _overlay_lines(text: str, file: Path, require_evidence: bool, fail) -> list[tuple[str, str]]:
    """An overlay file's (word, evidence) lines: `word`, or `word<TAB>evidence`; `#` starts a comment line."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        word, _, why = line.partition("\t")
        word, why = word.strip(), why.strip()
        if not word:
            raise fail(f"{file}:{number}: a line gives evidence but no word")
        if "\t" in why:
            raise fail(f"{file}:{number}: more than two columns (a word, a tab, its evidence)")
        if require_evidence and not why:
            raise fail(f"{file}:{number}: {word[:40]!r} has no evidence (require_evidence is set: write the word, "
                        f"a tab, and what shows it)")
        lines.append((word, why))
    return lines


def reference() -> str:
    """The key reference in docs/sources.md, written from the schema (tests/test_pipeline_schema.py
    checks the page holds it)."""
    return schema_reference(PIPELINE, {kind: reader.options for kind, reader in sorted(KINDS.items())})

