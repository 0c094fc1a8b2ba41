"""Lexicon toolkit for tile word games: alphabets, normalisation, tiling, profiles, artifacts.

    >>> from lexicon import normalize, tilings, load_alphabet
    >>> normalize("allé", "sv-betapet")
    'ALLE'
    >>> tilings("HÁZSOR", load_alphabet("hu-betutorony"))
    [('H', 'Á', 'ZS', 'O', 'R'), ('H', 'Á', 'Z', 'S', 'O', 'R')]
"""

from .alphabet import Alphabet, load_alphabet
from .changes import changes
from .errors import ArtifactError, DataError, InputError, LexiconError, LimitExceeded, PlayError
from .graph import native
from .lookup import Lexicon, load, open_lexicon
from .normalize import normalize
from .pages import Page
from .play import Game, Judgement, judge, judge_request, load_game
from .profile import Profile, load_profile
from .reasons import Reason
from .search import Match
from .tiling import format_tiling, parse_notation, preferred_tiling, tilings
from .verdict import ANSWER_FORMAT, Analysis, Verdict

__version__ = native.VERSION  # the C library's: one version, set in its header (graph/tl_graph.h)

__all__ = [
    "ANSWER_FORMAT",
    "Alphabet",
    "Analysis",
    "ArtifactError",
    "DataError",
    "Game",
    "InputError",
    "Judgement",
    "Lexicon",
    "LexiconError",
    "LimitExceeded",
    "Match",
    "Page",
    "PlayError",
    "Profile",
    "Reason",
    "Verdict",
    "changes",
    "format_tiling",
    "judge",
    "judge_request",
    "load",
    "load_alphabet",
    "load_game",
    "load_profile",
    "normalize",
    "open_lexicon",
    "parse_notation",
    "preferred_tiling",
    "tilings",
]
