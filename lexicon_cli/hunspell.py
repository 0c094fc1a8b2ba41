"""`lexicon expand`: every form a Hunspell dictionary accepts, compounds aside (a correct unmunch)."""

from __future__ import annotations

from pathlib import Path

import click

from lexicon_pipelines.entry import STEM_ONLY
from lexicon_pipelines.progress import for_stream
from lexicon_pipelines.sources import KINDS, SourceConfig

from .output import progress_option


@click.command("expand")
@click.argument("dic", type=click.Path(dir_okay=False))
@click.option("--aff", type=click.Path(dir_okay=False), help="The .aff file (default: beside the .dic, same name).")
@click.option("--max-letters", type=click.IntRange(1), help="Leave out affixed forms with more letters.")
@click.option("--max-depth", type=click.IntRange(0, 3), default=3, show_default=True,
              help="Most affixes on a form (Hunspell strips a prefix and two suffixes at most).")
@click.option("--max-forms", type=click.IntRange(1), default=100_000_000, show_default=True,
              help="Stop with an error beyond this many forms.")
@click.option("--rules", "with_rules", is_flag=True,
              help="Print form, stem and affix classes, tab-separated, instead of the form alone.")
@click.option("--output", "-o", type=click.File("w", encoding="utf-8"), default="-", help="Output file.")
@progress_option
def expand_command(dic: str, aff: str | None, max_letters: int | None, max_depth: int, max_forms: int,
                   with_rules: bool, output, show_progress: bool | None) -> None:
    """Print every word the Hunspell dictionary DIC accepts without compounding, one a line: each stem
    that is a word, then its affixed forms. Homonyms may repeat a form; pipe through `sort -u` for a set."""
    options = {"path": str(Path(dic).resolve()), "max_depth": max_depth, "max_forms": max_forms}
    if aff:
        options["aff"] = str(Path(aff).resolve())
    if max_letters:
        options["max_letters"] = max_letters
    source = KINDS["hunspell"](SourceConfig("dic", "hunspell", options))
    source.boundaries = False  # a list of forms needs no morpheme boundaries
    write = output.write
    progress = for_stream(show=show_progress)
    progress.start("expand stems", source.size_hint())
    forms = 0
    for entry in source.entries():
        if STEM_ONLY not in entry.flags:
            write(f"{entry.headword}\t{entry.headword}\t\n" if with_rules else entry.headword + "\n")
            forms += 1
        for form in entry.forms:
            write(f"{form.text}\t{entry.headword}\t{form.rule}\n" if with_rules else form.text + "\n")
        forms += len(entry.forms)
        progress.advance()
    progress.finish(f"{forms:,} words")
    progress.close()
