"""Commands over pipelines and built artifacts: build, info, check, diff, export."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lexicon import artifacts, format_tiling
from lexicon.changes import changes
from lexicon.guard import MAX_LOSS
from lexicon.lookup import Lexicon, load, open_lexicon
from lexicon.reasons import describe
from lexicon_pipelines import build
from lexicon_pipelines.progress import for_stream

from .output import artifacts_option, emit, json_option, progress_option


def open_artifact(spec: str, root: str | None) -> Lexicon:
    """An artifact by directory path, or by `name[@version]` in the artifacts directory."""
    path = Path(spec)
    if path.is_dir() and (path / "manifest.json").is_file():
        return open_lexicon(path)
    return load(spec, root)


@click.command("build")
@click.argument("pipeline")
@artifacts_option
@click.option("--no-current", is_flag=True, help="Publish the version without making it current.")
@click.option("--allow-shrink", is_flag=True,
              help="Make the version current even if it loses more than --max-loss of the current version's "
                   "words, or a source gave no entries (without it, such a build is published but held back, "
                   "exit code 3).")
@click.option("--max-loss", type=click.FloatRange(0, 1), default=MAX_LOSS, show_default=True,
              help="The share of the current version's words a new version may lose and still become current.")
@click.option("--gaddag/--no-gaddag", default=None,
              help="Write lexicon.kwg, DAWG and GADDAG, or lexicon.dwg, the DAWG alone (default: the "
                   "pipeline's [graph] gaddag, true unless it says otherwise).")
@progress_option
@json_option
def build_command(pipeline: str, root: str | None, no_current: bool, allow_shrink: bool, max_loss: float,
                  gaddag: bool | None, show_progress: bool | None, as_json: bool) -> None:
    """Build PIPELINE into a new artifact version and make it current.

    PIPELINE is a shipped pipeline's name (sv-betapet, from any directory) or a pipeline file.
    """
    result = build(pipeline, root, progress=for_stream(show=show_progress), make_current=not no_current,
                   allow_shrink=allow_shrink, max_loss=max_loss, gaddag=gaddag)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    counts = result.manifest["counts"]
    dropped = ", ".join(f"{k} {v:,}" for k, v in counts["dropped"].items()) or "none"
    emit({"name": result.name, "version": result.version, "path": str(result.path), "counts": counts}, as_json,
         f"built {result.name}@{result.version} in {result.path}\n"
         f"  {counts['words']:,} words ({counts['forms']:,} forms) from {sum(counts['entries'].values()):,} entries\n"
         f"  dropped {counts['dropped_total']:,}: {dropped}")


@click.command("info")
@click.argument("artifact")
@artifacts_option
@json_option
def info_command(artifact: str, root: str, as_json: bool) -> None:
    """Summarise ARTIFACT (name, name@version or a directory): sources, counts, dropped per reason, and the
    versions of its name built beside it (what `lexicon diff` compares)."""
    lex = open_artifact(artifact, root)
    summary = lex.summary() | {"versions": artifacts.built_versions(lex.path.parent.parent, lex.name)}
    counts = summary["counts"]
    lines = [f"{lex.spec}  {summary['description']}", f"  built {summary['build_time']} at {lex.path}",
             f"  profile {lex.profile.name}, tiles {lex.alphabet.name}"]
    lines += [f"  source {s['id']}: {s['version']} ({s['entries']:,} entries)" for s in summary["sources"]]
    lines.append(f"  words {counts['words']:,}, forms {counts['forms']:,}, kept analyses "
                 + ", ".join(f"{k} {v:,}" for k, v in counts["kept"].items()))
    lines.append(f"  dropped {counts['dropped_total']:,}:")
    lines += [f"    {reason:<14} {n:>8,}  {describe(reason)}" for reason, n in counts["dropped"].items()]
    lines += [f"  file {name}: {f['size']:,} bytes, sha256 {f['sha256'][:16]}…" for name, f in summary["files"].items()]
    if summary["versions"]:
        lines += ["  versions built, oldest first:"] + [
            f"    {lex.name}@{v['version']}  {v['build_time']}{'  (current)' if v['current'] else ''}"
            for v in summary["versions"]]
    emit(summary, as_json, "\n".join(lines))


@click.command("check")
@click.argument("word")
@click.option("--lexicon", "-l", "spec", default="sv-betapet", show_default=True,
              help="Lexicon name, name@version or artifact directory.")
@artifacts_option
@json_option
def check_command(word: str, spec: str, root: str, as_json: bool) -> None:
    """Is WORD playable? Says which rule excluded it, or which source record accepted it.

    WORD may be tile notation: HÁ[Z][S]OR. Exit code 0 when valid, 1 when not.
    """
    lex = open_artifact(spec, root)
    v = lex.check(word)
    emit(v.as_dict(), as_json, _verdict_text(v, lex))
    if not v.valid:
        raise click.exceptions.Exit(1)


def _verdict_text(v, lex: Lexicon) -> str:
    shown = f"{v.word} → {v.normalized}" if v.normalized and v.normalized != v.word else v.word
    if v.valid:
        lines = [f"{shown}: valid in {lex.spec}"]
        if not v.analyses and v.kind == "analysed":  # a form of the word graph, the form index's reading
            lines.append(f"  a form of {v.lemma} ({v.tag or 'its stem'}) the dictionary's affixes make")
        for a in v.analyses or ():
            if a.kind == "headword":
                lines.append(f"  headword {a.display!r} ({a.pos or '?'}), {a.source} record {a.record}")
            elif a.kind == "analysed":
                lines.append(f"  by analysis: {a.rule} (Hunspell: {a.morphology['analysis']})")
            elif a.kind == "affixed":
                lines.append(f"  a form the dictionary's affixes make of a name written small, by the rule: {a.rule}")
            elif a.kind in ("compound", "prefixed"):
                first, last = a.morphology["parts"]
                what = "a compound" if a.kind == "compound" else "a preverb before a form"
                lines.append(f"  {what} by the rule of the dictionary's flags: {a.rule}; {last['text']} is a form "
                             f"of {last['lemma']}" + (f" ({a.tag})" if a.tag else ""))
            else:
                lines.append(f"  inflected form of {a.lemma} ({a.tag}), {a.source} record {a.record}")
        lines.append(f"  tiles: {' '.join(v.tiles)} ({len(v.tiles)} tiles)")
        if len(v.tilings) > 1:
            lines.append("  also valid: " + "; ".join(" ".join(t) for t in v.tilings if t != v.tiles))
        return "\n".join(lines)
    detail = f" ({v.detail})" if v.detail else ""
    lines = [f"{shown}: not valid in {lex.spec}: {v.reason}{detail}: {describe(v.reason)}"]
    for a in v.analyses or ():  # readings by analysis the profile refuses
        lines.append(f"  analysed: {a.rule} (Hunspell: {a.morphology['analysis'] if a.morphology else ''})")
    for e in v.exclusions:
        what = "headword" if e.kind == "headword" else f"form of {e.lemma} ({e.tag})"
        lines.append(f"  excluded {e.word!r} ({what}, {e.source} record {e.record}): {e.reason}")
    if v.tilings:
        lines.append("  valid tilings: " + "; ".join(" ".join(t) for t in v.tilings))
    return "\n".join(lines)


@click.command("diff")
@click.argument("old")
@click.argument("new")
@artifacts_option
@click.option("--summary", is_flag=True, help="Only the counts.")
@json_option
def diff_command(old: str, new: str, root: str, summary: bool, as_json: bool) -> None:
    """Words added (+) and removed (-) between two artifacts (name@version or directories), and the hooks
    they make (+hook) and take away (-hook) on the words both hold: what an edition's change does to play."""
    a, b = open_artifact(old, root), open_artifact(new, root)
    found = changes(a, b)
    added, removed, made, lost = found.added, found.removed, found.hooks_made, found.hooks_lost
    data = {"old": a.spec, "new": b.spec, "added": len(added), "removed": len(removed), "hooks_made": len(made),
            "hooks_lost": len(lost)}
    if not summary:
        data |= {"added_words": added, "removed_words": removed, "made": [h.as_dict() for h in made],
                 "lost": [h.as_dict() for h in lost]}
    lines = [] if summary else ([f"+{w}" for w in added] + [f"-{w}" for w in removed]
                                + [f"{sign}hook {_hook_text(h)}" for sign, hooks in (("+", made), ("-", lost))
                                   for h in hooks])
    lines.append(f"{a.spec} → {b.spec}: {len(added):,} added, {len(removed):,} removed; {len(made):,} hooks made, "
                 f"{len(lost):,} lost")
    emit(data, as_json, "\n".join(lines))


def _hook_text(hook) -> str:
    tile = hook.tile if len(hook.tile) == 1 else f"[{hook.tile}]"
    return f"{tile} {'before' if hook.side == 'front' else 'after'} {hook.word} ({hook.by})"


@click.command("export")
@click.argument("artifact")
@artifacts_option
@click.option("--format", "fmt", type=click.Choice(["txt", "json", "tsv"]), default="txt", show_default=True,
              help="One word a line, a JSON array, or (tsv) every tiling from the word graph: word, tab, "
                   "tile notation, in tile order.")
@click.option("--field", "field_name", type=click.Choice(["key", "display", "tiles"]), default="key",
              show_default=True, help="Normalised key, the form as written in the source, or tile notation.")
@click.option("--min-length", type=click.IntRange(0), help="Fewest letters.")
@click.option("--max-length", type=click.IntRange(0), help="Most letters.")
@click.option("--min-tiles", type=click.IntRange(0), help="Fewest tiles.")
@click.option("--max-tiles", type=click.IntRange(0), help="Most tiles.")
@click.option("--pos", help="Part of speech (NOUN, VERB, ADJ, X …).")
@click.option("--kind", type=click.Choice(["headword", "inflected"]), help="Headwords or inflected forms only.")
@click.option("--prefix", help="Words starting with these letters.")
@click.option("--contains", help="Words containing these letters.")
@click.option("--output", "-o", type=click.File("w", encoding="utf-8"), default="-", help="Output file.")
def export_command(artifact: str, root: str, fmt: str, field_name: str, output, **filters) -> None:
    """Write a custom word list from ARTIFACT: one word a line (txt), a JSON array, or the word graph (tsv)."""
    lex = open_artifact(artifact, root)
    if fmt == "tsv":
        if any(v is not None for v in filters.values()) or field_name != "key":
            raise click.UsageError("--format tsv dumps the whole word graph; --field and the filters are for txt "
                                   "and json")
        lines = (f"{m.word}\t{format_tiling(m.tiles, lex.alphabet)}" for m in lex.search.words())
        for chunk in _chunks(lines, 10000):
            output.write("\n".join(chunk) + "\n")
        return
    words = lex.export(field_name, **filters)
    if fmt == "json":
        json.dump(list(words), output, ensure_ascii=False)
        output.write("\n")
        return
    for chunk in _chunks(words, 10000):
        output.write("\n".join(chunk) + "\n")


def _chunks(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
