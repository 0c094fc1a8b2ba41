"""`Lexicon`: one loaded, verified artifact version, answering "is this word playable, and why?".

    >>> lex = load("sv-betapet")                       # doctest: +SKIP
    >>> lex.check("allé").valid, lex.check("allé").normalized   # doctest: +SKIP
    (True, 'ALLE')

A version is its files, each read by its own part: the key index and word graph (lexicon.graph), the
store (lexicon.records), the analyser of a lexicon validated by analysis (lexicon.analyser), the bundle
(lexicon.bundle). `Lexicon` opens and checks them together and answers through them: verdicts from
its `WordJudge` (lexicon.word_judge), or, for a quick verdict the bundle holds whole, from the C library
over the bundle (lexicon.bundle.quick_verdicts); searches from the word graph (lexicon.search), lists
from lexicon.export, plays from lexicon.play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import orjson

from . import artifacts, bundle, export, store
from .alphabet import Alphabet
from .analyser import Analyser
from .errors import ArtifactError
from .graph import files as wordgraph
from .graph.forms import FormIndex
from .graph.keys import KeyIndex
from .graph.native import use_core
from .normalize import Normalizer
from .pages import Page, page
from .precheck import Precheck
from .profile import Profile, load_profile
from .reasons import Reason
from .records import MAX_EXCLUSIONS, Records
from .search import Search
from .tiling import DoubledDigraphs, Tiling, notation_tilings, parse_notation
from .verdict import Analysis, Exclusion, Verdict, tiling_document
from .word_judge import WordJudge

#: The kinds of a word the compiled rule takes, and its refusals (lexicon/graph/core/lexicon/answer.c, by_rule).
RULE_KINDS = ("compound", "prefixed", "affixed")
RULE_REFUSALS = (f"excluded:{Reason.FOREIGN}", f"excluded:{Reason.TYPO}", f"excluded:{Reason.PROPER_NOUN}")
#: The refusals that may carry a dropped source record (Verdict.excluded): a key the rules dropped, text that
#: is no word as written. The bundle does not hold those records.
_RECORDED = frozenset({Reason.TOO_SHORT.value, Reason.TOO_LONG.value, Reason.NON_LETTER.value, Reason.EMPTY.value})


class Lexicon:
    """A published artifact version, verified against its manifest and opened read-only."""

    def __init__(self, path: Path, manifest: dict[str, Any]) -> None:
        self.path = path
        self.manifest = manifest
        meta = store.read_metadata(path / store.FILENAME)
        self.name: str = meta["name"]
        self.version: str = meta["version"]
        if manifest.get("version") != self.version or manifest.get("name") != self.name:
            raise ArtifactError(f"{path}: the manifest names {manifest.get('name')}@{manifest.get('version')}, "
                                f"the database {self.name}@{self.version}")
        self.profile: Profile = _recorded_profile(path, manifest, meta["profile"])
        self.alphabet: Alphabet = self.profile.alphabet
        if self.alphabet.name != meta["tileset"]:
            raise ArtifactError(f"{path}: the database's tile set is {meta['tileset']!r}, its profile's "
                                f"{self.alphabet.name!r}")
        self.policy: DoubledDigraphs = self.profile.doubled_digraphs
        self.normalizer = Normalizer(self.alphabet)
        self.word_count = int(meta["words"])
        entry = manifest.get("graph")
        if not isinstance(entry, dict):
            raise ArtifactError(f"{path}: the manifest has no word graph entry: "
                                f"{artifacts.build_hint(self.name, path.parent.parent, again=True)}")
        if entry.get("tileset") != self.alphabet.name:
            raise ArtifactError(f"{path}: the word graph is over tile set {entry.get('tileset')!r}, "
                                f"the lexicon's is {self.alphabet.name!r}")
        self.graph = wordgraph.open_files(path, entry)
        self.key_index: KeyIndex = self.graph.keys
        # valid keys, for `key in lexicon`: the key index, its kinds read in C (docs/kwg.md, "Membership")
        self._members = self.key_index.members
        self.records = Records(path, self.key_index, self.alphabet, self.policy)
        # A lexicon with a compiled word rule searches every word it takes, its rule's too (the C library's walk).
        words = None
        if entry.get("rule") is not None:
            if self.core_bundle is None:
                raise ArtifactError(f"{path}: its words of two pieces are decided by the compiled core, which this "
                                    f"installation lacks (LEXICON_PURE_PYTHON, or no bundle): rebuild the package")
            words = use_core(True).Words(self.core_bundle)
        self.search = Search(self.graph.kwg, self.alphabet, self.normalizer.key, self.policy, words=words)
        # Validation by analysis: the manifest's entry decides (the artifact's own files and compound
        # policy), so a version built to be validated by its list stays so whatever the profile says now.
        # Opened here, not on first use: a service loads before it forks its workers, which then share
        # the dictionary's memory, and no first request waits for it (about half a second).
        self.analysis: dict[str, Any] | None = manifest.get("analysis")
        self.analyser: Analyser | None = None
        if self.analysis is not None:
            precheck = Precheck.open(path, self.analysis.get("precheck"))
            try:
                self.analyser = Analyser.open(path, self.analysis, self.profile, self.alphabet, precheck)
            except BaseException:
                if precheck is not None:
                    precheck.close()
                raise
        # The word graph's forms beyond the list (an analysing lexicon's affixed forms): their keys and
        # readings, so that `key in lexicon` and a brief answer need no analysis (lexicon.graph.forms).
        forms = entry.get("forms")
        self.forms: FormIndex | None = FormIndex(path, forms) if forms is not None else None
        self.judge = WordJudge(self.name, self.version, self.profile, self.normalizer, self.key_index, self.records,
                               self.search, self.analyser, self.analysis, self.forms)
        # The compiled word rule (lexicon_pipelines.compounds): the C core decides the words of two pieces,
        # for every door alike; the judge asks it about what the list and the graph's forms do not hold.
        if words is not None:
            self.judge.rule = self._by_rule

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """A lexicon travels to another process (a cluster's worker) as its folder, opened there once."""
        return _reopened, (str(self.path),)

    # ------------------------------------------------------------------ membership

    def __contains__(self, key: str) -> bool:
        """Is `key` (a normalised key, as `check` reports it) a word? `"ALLE" in lex`. A lexicon validated
        by analysis asks its analyser about a key its list does not hold."""
        if key in self._members or (self.forms is not None and key in self.forms):
            return True
        analyser = self.analyser
        return analyser is not None and analyser.judge(key, explain=False).valid

    def listed(self, key: str) -> bool:
        """Is `key` in the word list (and so the word graph), whatever an analyser would say?"""
        return key in self._members

    def __len__(self) -> int:
        return self.word_count

    # ------------------------------------------------------------------ verdicts

    @cached_property
    def check(self) -> Callable[..., Verdict]:
        """`check(word, *, detail=True) -> Verdict`: judge a word given as letters (`allé`) or tile notation
        (`HÁ[Z][S]OR`, `["H","Á",…]`).

        With `detail=False` the verdict carries the preferred reading only, from the key index;
        with `detail=True`, every reading and source record, and every exclusion, from the store.
        Text no one types as a word (controls, invisible characters) raises InputError.

        Where the version has a bundle, `check` is the C library's (bundle.quick_verdicts): it answers
        `detail=False` for a word the bundle decides whole (a valid word, one not in the lexicon) with no
        Python frame on the way, and hands every other call to the judge as it came.
        """
        return self._verdicts if self._verdicts is not None else self.judge.check

    def refused(self, word: str) -> Verdict | None:
        """The answer for text no one types as a word, where `check` raises (WordJudge.refused); None for
        any other text."""
        return self.judge.refused(word)

    def brief_answers(self, words: Sequence[str]) -> list[dict[str, Any]]:
        """`[check(w, detail=False).as_dict(brief=True) for w in words]`, the way a batch needs it:
        quick, with no verdict object for a plain word; a word `check` refuses answers as `refused` says."""
        return self.judge.brief_answers(words)

    def brief_json(self, words: list[str]) -> tuple[bytes, int]:
        """`orjson.dumps(brief_answers(words))`, byte for byte, and how many of the words are valid: from the C
        library over the version's bundle where there is one (the batch in one call, no Python object a word),
        with the analyser's answer put in for each word only it decides."""
        core = self.core_bundle
        if core is None:
            answers = self.brief_answers(words)
            return orjson.dumps(answers), sum(1 for a in answers if a["valid"])
        data, valid, undecided = core.brief_json(words)
        if not undecided:
            return data, valid
        parts, at = [], 0
        for (_, start, end), answer in zip(undecided, self.brief_answers([words[i] for i, _, _ in undecided]),
                                           strict=True):
            parts += (data[at:start], orjson.dumps(answer))
            at = end
            valid += bool(answer["valid"])
        parts.append(data[at:])
        return b"".join(parts), valid

    def verdict_json(self, word: str) -> tuple[bool, bytes]:
        """`orjson.dumps(check(word, detail=False).as_dict())`, byte for byte (GET /valid's document), and
        whether the word is valid: from the C library over the version's bundle where the bundle holds the
        whole answer, that is unless only analysis decides or the answer carries a source record the rules
        dropped (which the store keeps); else from `check`, which also raises where it raises."""
        core = self.core_bundle
        if core is not None:
            valid, reason, data = core.verdict_json(word)
            if valid or (valid is False and reason not in _RECORDED and not reason.startswith("excluded:")):
                return valid, data
        verdict = self.check(word, detail=False)
        return verdict.valid, orjson.dumps(verdict.as_dict())

    @cached_property
    def core_bundle(self):
        """The C core's handle of the version's bundle, memory-mapped (lexicon.bundle.answerer): what the
        compiled answers and the play engine read; None for a version built before versions carried bundles."""
        return bundle.answerer(self.path, self.manifest)

    def _by_rule(self, word: str) -> Verdict | None:
        """The C core's verdict on a word the list and the graph's forms do not hold, where the compiled rule
        decides it (valid, or refused as another language's word, a name written small, a misspelling); None
        where the rule does not take it. Read from GET /valid's document, so every door answers the same."""
        valid, reason, data = self.core_bundle.verdict_json(word)
        doc = orjson.loads(data)
        if doc["kind"] not in RULE_KINDS and reason not in RULE_REFUSALS:
            return None
        readings = tuple(Analysis(**r) for r in doc["readings"]) if doc["readings"] else None
        tiles = tuple(doc["tiles"]) if doc["tiles"] else None
        return Verdict(word, doc["normalized"], bool(valid), reason, doc["detail"], doc["position"], tiles,
                       tuple(tuple(t["tiles"]) for t in doc["tilings"]), doc["kind"], doc["pos"], doc["lemma"],
                       doc["tag"], readings, (), self.name, self.version, self.alphabet)

    @cached_property
    def _verdicts(self):
        # The C library's verdicts for the words the bundle decides whole, made without a Python call a field
        # (`_verdicts.check(word)`, None for the rest); called as `check`, the judge's for the rest.
        return bundle.quick_verdicts(self.core_bundle, {"lexicon": self.name, "version": self.version,
                                                      "alphabet": self.alphabet}, self.judge.check)

    # ------------------------------------------------------------------ details

    def tilings(self, key: str) -> list[Tiling]:
        """The valid tilings of a key, preferred first ([] for a key that is not a word)."""
        return self.judge.tilings(key)

    def analyses(self, key: str) -> list[Analysis]:
        """Every reading of a key (each source record that gave it), preferred first."""
        n = self.key_index.number(key)
        return self.records.analyses(key, n) if n >= 0 else []

    def exclusions(self, key: str, limit: int = MAX_EXCLUSIONS) -> list[Exclusion]:
        """Source records the rules dropped that normalise to `key`, in source order."""
        n = self.key_index.number(key)
        return self.records.exclusions(key, n, limit) if n >= 0 else []

    def exclusion_counts(self) -> dict[str, int]:
        """Dropped source words per reason code."""
        return self.records.exclusion_counts()

    # ------------------------------------------------------------------ word-graph search

    def anagram(self, rack: str, *, sub: bool = False, order: str = "length", offset: int = 0,
                limit: int = 100) -> Page:
        """Words made of every tile of `rack` (`?` a blank); with `sub`, of any of them (at least the
        profile's shortest word). A Page: longest first by default (lexicon.pages has the orders)."""
        found = self.search.anagrams(rack, sub=sub, min_tiles=self.profile.min_length)
        return page(found, self.alphabet, order=order, offset=offset, limit=limit)

    def pattern(self, query: str, *, order: str = "alpha", offset: int = 0, limit: int = 100) -> Page:
        """Words matching `query`: `?` one tile, `*` any run (`A?B*`). A Page, in tile order by default."""
        if self.search.min_tiles(query) > self.profile.max_tiles:
            return page((), self.alphabet, order=order, offset=offset, limit=limit)  # longer than any word
        return page(self.search.matches(query), self.alphabet, order=order, offset=offset, limit=limit)

    def prefix(self, prefix: str, *, order: str = "alpha", offset: int = 0, limit: int = 100) -> Page:
        """Words starting with `prefix` (the prefix itself included). A Page, in tile order by default."""
        return page(self.search.prefixed(prefix), self.alphabet, order=order, offset=offset, limit=limit)

    def contains_tiles(self, tiles: Sequence[str] | str) -> bool:
        """Is this tile sequence a word? A sequence of tiles is exact (`["H","Á","ZS","O","R"]`); a
        string is tile notation, true when any cut it allows is a word (`HÁ[Z][S]OR`)."""
        if isinstance(tiles, str):
            segments = parse_notation(tiles, self.alphabet, self.normalizer.key)
            return any(self.search.contains(cut) for cut in notation_tilings(segments, self.alphabet, self.policy))
        return self.search.contains(tiles)

    def search_scope(self) -> dict[str, Any]:
        """What anagram, pattern and hook answers come from: the word graph. It holds every valid word of
        a lexicon validated by its list; of one validated by analysis, the listed words and the affixed
        forms the build put in it, not the words only analysis allows (generative compounds)."""
        return {"results_from": "word-graph", "graph_has_every_word": self.analyser is None}

    def hooks(self, word: str) -> dict[str, Any]:
        """Tiles that make a word when laid before or after `word` (letters or tile notation):
        `{"word": as asked, "normalized", "tilings": [tiling documents], "front": [tiles], "back": [tiles]}`."""
        found = self.search.hooks(word)
        return {"word": word, "normalized": found["word"],
                "tilings": [tiling_document(self.alphabet, t) for t in found["tilings"]],
                "front": found["front"], "back": found["back"]}

    # ------------------------------------------------------------------ plays

    def moves(self, game: Any, board: Any, rack: str, heights: Any = None, *, limit: int = 100, order: str = "score",
              phonies: bool = False, layout: Any = None, bag: int | None = None, common: bool = False):
        """Every play of `rack` on `board` in `game`, best first (lexicon.play.moves): `game` a Game or a
        shipped game's name, `board` one string a row or a Board, `heights` a stacking game's. Plays whose
        every word is valid, unless `phonies`; `.count` found in all, `.cut` when more than `limit`. By
        `order="equity"`, `bag` the tiles left in the bag (the end's rule values what is kept when none are). With
        `common`, only plays of common words (lexicon.common: a beginner's)."""
        from .play import moves as play_moves

        return play_moves.moves_for(self, game, board, rack, heights, limit=limit, order=order, phonies=phonies,
                                    layout=layout, bag=bag, common=common)

    # ------------------------------------------------------------------ lists

    def export(self, field_name: str = "key", **filters: Any) -> Iterator[str]:
        """Words in key order, one string each: the key, the form as written, or the tile notation
        (lexicon.export.export has the filters: lengths, tiles, pos, prefix, contains, kind, limit)."""
        return export.export(self.key_index, self.records, self.normalizer, field_name, **filters)

    def keys(self) -> Iterator[str]:
        """Every valid key in order."""
        for _, key in self.key_index.keys():
            yield key

    def summary(self, *, paths: bool = True) -> dict[str, Any]:
        """The manifest's summary: sources, counts, files. With `paths=False` a source file is named
        without its directory (what a service shows the world)."""
        m = self.manifest
        sources = m.get("sources") or []
        if not paths:
            sources = [s | {"files": [f | {"path": Path(f["path"]).name} for f in s.get("files", [])]}
                       for s in sources]
        return {
            "name": self.name, "version": self.version, "build_time": m.get("build_time"),
            "description": m.get("description", ""), "profile": m.get("profile"), "sources": sources,
            "counts": m.get("counts"), "files": m.get("files"),
        }

    def parts_of_speech(self) -> list[str]:
        """The parts of speech the lexicon's words have (`export(pos=…)` takes one of them)."""
        return sorted(p for p in self.key_index.parts_of_speech if p)

    def close(self) -> None:
        self.graph.close()
        if self.forms is not None:
            self.forms.close()
        if self.analyser is not None and self.analyser.precheck is not None:
            self.analyser.precheck.close()
        self.records.close()


def _recorded_profile(path: Path, manifest: dict[str, Any], name: str) -> Profile:
    """The profile and tile set the version was built with, from the copies it carries (so a custom
    profile given by path opens anywhere); a version built before versions carried them names a
    shipped profile."""
    inputs = manifest.get("inputs") or {}
    if "profile" not in inputs:
        return load_profile(name)
    files = {}
    for role in ("profile", "tileset"):
        file = (inputs.get(role) or {}).get("file")
        if file not in manifest["files"]:
            raise ArtifactError(f"{path}: the manifest's {role} file {file!r} is not one of the version's files")
        files[role] = path / file
    profile = load_profile(files["profile"], tileset=files["tileset"])
    if profile.name != name:
        raise ArtifactError(f"{path}: the database names profile {name!r}, the recorded profile is {profile.name!r}")
    return profile


def open_lexicon(folder: str | Path, *, verify: bool = True) -> Lexicon:
    """Open one artifact directory; with `verify`, every file is checked against the manifest first."""
    folder = Path(folder)
    manifest = artifacts.verify(folder) if verify else artifacts.read_manifest(folder)
    return Lexicon(folder, manifest)


@lru_cache(maxsize=8)
def _reopened(folder: str) -> Lexicon:
    return open_lexicon(folder)


def load(spec: str, root: str | Path | None = None, *, verify: bool = True) -> Lexicon:
    """Load `name` (its current version) or `name@version` from the artifacts directory."""
    return open_lexicon(artifacts.resolve(spec, root), verify=verify)
