"""Game profiles: a game's word rules as data (one TOML file per game in `lexicon/data/profiles/`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from ._data import Fields, beside, data_names, file_stamp, read_toml
from .alphabet import Alphabet, load_alphabet
from .errors import DataError
from .reasons import Reason
from .tiling import DoubledDigraphs

#: Kinds of source words a profile may exclude; each is a reason code.
EXCLUDABLE = frozenset({
    Reason.MULTIWORD, Reason.HYPHENATED, Reason.AFFIX, Reason.DIGIT, Reason.NON_LETTER,
    Reason.ABBREVIATION, Reason.PROPER_NOUN, Reason.CAPITALISED,
})
#: No tile spells a digit or a symbol, so every game excludes these. Spaces and hyphens may be
#: allowed: the profile then joins the parts ("abc-bok" plays as ABCBOK).
ALWAYS_EXCLUDED = frozenset({Reason.DIGIT, Reason.NON_LETTER})
JOINABLE = frozenset({Reason.MULTIWORD, Reason.HYPHENATED, Reason.AFFIX})


class Validation(StrEnum):
    """How a lexicon decides validity: by its enumerated list; by its list, word graph and the rules the
    build compiled from the dictionary's morphology (`compiled`: every answer decided at build time); or
    by asking the dictionary's morphology at query time (`analysis`: Hunspell, whose compound search stops
    after 50 ms of CPU time, so an answer may depend on the machine)."""

    LIST = "list"
    COMPILED = "compiled"
    ANALYSIS = "analysis"


class Compounds(StrEnum):
    """Which compounds a lexicon of the dictionary's morphology accepts beyond those it lists as one stem:
    none (`listed`); those real text attests, with their forms (`attested`); those and every two-part
    compound the dictionary's compound flags allow that is no misspelling, English word or name
    (`rule`); or whatever Hunspell's compound rules make at query time (`dictionary`, with `analysis`)."""

    DICTIONARY = "dictionary"
    LISTED = "listed"
    ATTESTED = "attested"
    RULE = "rule"


#: The compound policies each validation takes, its default first.
COMPOUND_POLICIES = {
    "list": (Compounds.DICTIONARY,),
    "compiled": (Compounds.RULE, Compounds.ATTESTED, Compounds.LISTED),
    "analysis": (Compounds.DICTIONARY, Compounds.LISTED),
}


@dataclass(frozen=True)
class Profile:
    """What a game accepts: `load_profile("sv-betapet").excludes(Reason.PROPER_NOUN) is False`."""

    name: str
    description: str
    rules: str  # where the rules come from (a seed file, a federation's page)
    tileset: str
    min_length: int  # in tiles
    max_tiles: int
    inflections: bool
    exclude: frozenset[Reason]
    doubled_digraphs: DoubledDigraphs
    validation: Validation = Validation.LIST
    compounds: Compounds = Compounds.DICTIONARY
    path: Path | None = None
    # Where the tile set is read from: `tileset` resolved from the profile's folder when it is a path
    # (`tileset = "tiles.toml"`), or the copy an artifact carries.
    tileset_path: Path | None = None

    @property
    def alphabet(self) -> Alphabet:
        return load_alphabet(self.tileset_path or self.tileset)

    def excludes(self, kind: Reason | str) -> bool:
        return Reason(kind) in self.exclude

    def as_dict(self) -> dict:
        # The modes are named only where they differ from the defaults, so the rules (and with them
        # the versions) of lexicons validated by their list stay what they were.
        modes = {} if self.validation is Validation.LIST else {"validation": str(self.validation),
                                                                "compounds": str(self.compounds)}
        return {
            "name": self.name, "description": self.description, "rules": self.rules,
            "tileset": self.tileset, "min_length": self.min_length, "max_tiles": self.max_tiles,
            "inflections": self.inflections, "exclude": sorted(self.exclude),
            "doubled_digraphs": str(self.doubled_digraphs),
        } | modes


_KEYS = {"name", "description", "rules", "tileset", "min_length", "max_tiles", "inflections", "exclude",
         "doubled_digraphs", "validation", "compounds"}


def load_profile(name_or_path: str | Path, *, tileset: str | Path | None = None) -> Profile:
    """Load a game profile by name (`hu-betutorony`) or path; cached. A profile names its tile set,
    or gives its path relative to the profile file; `tileset` reads the tile set from another file
    (the copy an artifact carries)."""
    tileset = None if tileset is None else str(tileset)
    return _load(str(name_or_path), file_stamp(name_or_path), tileset, file_stamp(tileset))


def profile_names() -> list[str]:
    return data_names("profiles")


@cache
def _load(name_or_path: str, stamp, tileset_file: str | None, tileset_stamp) -> Profile:
    try:
        table, path = read_toml(name_or_path, "profiles")
        f = Fields(table, path)
        f.unknown(_KEYS)
        exclude_raw = f.get("exclude", list)
        for item in exclude_raw:
            f.check("exclude", item in EXCLUDABLE, f"{item!r} is not an excludable kind "
                    f"(one of: {', '.join(sorted(EXCLUDABLE))})")
        exclude = frozenset(Reason(item) for item in exclude_raw)
        missing = ALWAYS_EXCLUDED - exclude
        f.check("exclude", not missing, f"must include {', '.join(sorted(missing))}: no tile spells them")
        policy = f.get("doubled_digraphs", str, "as-written")
        f.check("doubled_digraphs", policy in {p.value for p in DoubledDigraphs},
                f"{policy!r}: one of {', '.join(p.value for p in DoubledDigraphs)}")
        validation = f.get("validation", str, "list")
        f.check("validation", validation in {v.value for v in Validation},
                f"{validation!r}: one of {', '.join(v.value for v in Validation)}")
        policies = COMPOUND_POLICIES[validation]
        compounds = f.get("compounds", str, policies[0].value)
        f.check("compounds", compounds in policies,
                f"{compounds!r}: with validation = {validation!r}, one of {', '.join(policies)}")
        min_length, max_tiles = f.get("min_length", int), f.get("max_tiles", int)
        f.check("min_length", 1 <= min_length, "must be at least 1")
        f.check("max_tiles", min_length <= max_tiles <= 64, "must be between min_length and 64")
        tileset = f.get("tileset", str)
        tileset_path = Path(tileset_file) if tileset_file else beside(path, tileset)
        try:
            load_alphabet(tileset_path or tileset)  # fail here, naming the profile, if the tile set is missing
        except DataError as exc:
            raise DataError(f"{path}: tileset: {exc}", code="bad-profile") from exc
        return Profile(
            name=f.get("name", str), description=f.get("description", str), rules=f.get("rules", str),
            tileset=tileset, min_length=min_length, max_tiles=max_tiles,
            inflections=f.get("inflections", bool), exclude=exclude,
            doubled_digraphs=DoubledDigraphs(policy), validation=Validation(validation),
            compounds=Compounds(compounds), path=path, tileset_path=tileset_path,
        )
    except DataError as exc:
        if exc.code == "bad-profile":
            raise
        raise DataError(str(exc), code="bad-profile") from exc
