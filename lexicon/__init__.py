"""Lexicon toolkit for tile word games: alphabets, normalisation, tiling, profiles, artifacts.

    >>> from lexicon import normalize, tilings, load_alphabet
    >>> normalize("allé", "sv-betapet")
    'ALLE'
    >>> tilings("HÁZSOR", load_alphabet("hu-betutorony"))
    [('H', 'Á', 'ZS', 'O', 'R'), ('H', 'Á', 'Z', 'S', 'O', 'R')]
"""

from .alphabet import Alphabet, Tile, alphabet_names, load_alphabet
from .analyser import Analyser, Judgement, Reading
from .errors import (
    ArtifactError,
    DataError,
    InputError,
    LexiconError,
    LimitExceeded,
    NotationError,
    ProfileError,
    SourceError,
    UnknownLexicon,
)
from .lookup import Analysis, Exclusion, Lexicon, Verdict, diff, load, open_lexicon
from .normalize import InvalidWord, Normalized, Normalizer, normalize, normalizer_for
from .profile import Compounds, Profile, Validation, load_profile, profile_names
from .reasons import Reason, describe
from .search import Match, PatternError, RackError
from .tiling import (
    DoubledDigraphs,
    Segment,
    Tiling,
    fewest_tiles,
    format_tiling,
    notation_letters,
    notation_tilings,
    parse_notation,
    preferred_tiling,
    spell,
    tilings,
)

__version__ = "0.1.0"

__all__ = [
    "Alphabet", "Analyser", "Analysis", "ArtifactError", "Compounds", "DataError", "DoubledDigraphs", "Exclusion",
    "InputError", "InvalidWord", "Judgement", "Lexicon", "LexiconError", "LimitExceeded", "Match", "Normalized",
    "Normalizer", "NotationError", "PatternError", "Profile", "ProfileError", "RackError", "Reading", "Reason",
    "Segment", "SourceError", "Tile", "Tiling", "UnknownLexicon", "Validation", "Verdict", "alphabet_names",
    "describe", "diff", "fewest_tiles", "format_tiling", "load", "load_alphabet", "load_profile", "normalize",
    "normalizer_for", "notation_letters", "notation_tilings", "open_lexicon", "parse_notation", "preferred_tiling",
    "profile_names", "spell", "tilings",
]
