"""ETL pipelines: real lexical sources → a game's rules → versioned, reproducible artifacts.

    >>> from lexicon_pipelines import build
    >>> result = build("sv-betapet")          # doctest: +SKIP
    >>> result.version, result.manifest["counts"]["words"]   # doctest: +SKIP
"""

from .definition import Pipeline, load_pipeline, pipeline_names
from .entry import Entry, Form
from .runner import BuildResult, build

__all__ = ["BuildResult", "Entry", "Form", "Pipeline", "build", "load_pipeline", "pipeline_names"]
