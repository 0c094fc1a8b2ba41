"""Lexicon toolkit for tile word games: alphabets, normalisation, tiling, profiles, artifacts.

    >>> from lexicon import normalize, tilings, load_alphabet
    >>> normalize("allé", "sv-betapet")
    'ALLE'
    >>> tilings("HÁZSOR", load_alphabet("hu-betutorony"))
    [('H', 'Á', 'ZS', 'O', 'R'), ('H', 'Á', 'Z', 'S', 'O', 'R')]
"""

from .alphabet import Alphabet, Tile, alphabet_names, load_alphabet
from .analyser import Analyser, AnalysisVerdict, Reading
from .changes import Changes, Hook, changes, diff
from .errors import (
    ArtifactError,
    DataError,
    HeldBack,
    InputError,
    LexiconError,
    LimitExceeded,
    NotationError,
    PlayError,
    ProfileError,
    RecordError,
    SequenceError,
    SourceError,
    TooCostly,
    TooLong,
    UnknownGame,
    UnknownLexicon,
)
from .graph import _core
from .lookup import Lexicon, load, open_lexicon
from .normalize import InvalidWord, Normalized, Normalizer, normalize, normalizer_for
from .pages import Page
from .play import Game, Judgement, game_names, judge, judge_request, load_game
from .profile import Compounds, Profile, Validation, load_profile, profile_names
from .reasons import Reason, describe
from .search import Match, PatternError, RackError
from .text import check_text
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
from .verdict import ANSWER_FORMAT, Analysis, Exclusion, Verdict, hit_document, tiling_document

__version__ = _core.VERSION  # the C library's: one version, set in its header (graph/tl_graph.h)

__all__ = [
    "ANSWER_FORMAT", "Alphabet", "Analyser", "Analysis", "AnalysisVerdict", "ArtifactError", "Changes", "Compounds",
    "DataError", "DoubledDigraphs", "Exclusion", "Game", "HeldBack", "Hook", "InputError", "InvalidWord", "Judgement",
    "Lexicon", "LexiconError", "LimitExceeded", "Match", "Normalized", "Normalizer", "NotationError", "Page",
    "PatternError", "PlayError", "Profile", "ProfileError", "RackError", "Reading", "Reason", "RecordError", "Segment",
    "SequenceError", "SourceError", "Tile", "Tiling", "TooCostly", "TooLong", "UnknownGame", "UnknownLexicon",
    "Validation", "Verdict", "alphabet_names", "changes", "check_text", "describe", "diff", "fewest_tiles",
    "format_tiling", "game_names", "hit_document", "judge", "judge_request", "load", "load_alphabet", "load_game",
    "load_profile", "normalize", "normalizer_for", "notation_letters", "notation_tilings", "open_lexicon",
    "parse_notation", "preferred_tiling", "profile_names", "spell", "tiling_document", "tilings",
]
