"""Commands about single words, needing no built lexicon: normalize, tiles."""

from __future__ import annotations

import click

from lexicon import format_tiling, load_alphabet, parse_notation, preferred_tiling
from lexicon.alphabet import alphabet_names
from lexicon.normalize import normalizer_for
from lexicon.reasons import describe
from lexicon.tiling import DoubledDigraphs, notation_letters, notation_tilings

from .output import emit, json_option

alphabet_option = click.option(
    "--alphabet", "-a", default="sv-betapet", show_default=True, metavar="NAME",
    help=f"Tile set name ({', '.join(alphabet_names())}) or path to a tile-set TOML file.")


@click.command("normalize")
@click.argument("word")
@alphabet_option
@json_option
def normalize_command(word: str, alphabet: str, as_json: bool) -> None:
    """Print the key a game plays for WORD (ALLÉ → ALLE), or why it is not a word."""
    result = normalizer_for(alphabet)(word)
    data = {"word": word, "normalized": result.key, "reason": result.reason and str(result.reason),
            "position": result.position}
    if result.ok:
        emit(data, as_json, result.key)
        return
    if as_json:
        emit(data, as_json, "")
    else:
        click.echo(f"error: {word!r} is not a word: {result.reason} ({describe(result.reason)}) "
                   f"at position {result.position}", err=True)
    raise click.exceptions.Exit(2)


@click.command("tiles")
@click.argument("word")
@alphabet_option
@click.option("--policy", type=click.Choice([p.value for p in DoubledDigraphs]), default="as-written",
              show_default=True, help="How a shortened long digraph (asszony) is laid out.")
@json_option
def tiles_command(word: str, alphabet: str, policy: str, as_json: bool) -> None:
    """Print every way to cut WORD into tiles, preferred first.

    WORD may use tile notation: HÁ[Z][S]OR fixes Z and S as separate tiles.
    """
    alpha = load_alphabet(alphabet)
    segments = parse_notation(word, alpha, normalizer_for(alpha).key)
    cuts = notation_tilings(segments, alpha, policy)
    key = notation_letters(segments)
    preferred = preferred_tiling(key, alpha, policy)
    data = {
        "word": word, "normalized": key,
        "preferred": list(preferred) if preferred in cuts else (list(cuts[0]) if cuts else None),
        "tilings": [{"tiles": list(c), "notation": format_tiling(c, alpha), "count": len(c)} for c in cuts],
    }
    lines = [f"{format_tiling(c, alpha):<20} {' '.join(c)}  ({len(c)} tiles)" for c in cuts]
    emit(data, as_json, "\n".join(lines))
    if not cuts:
        click.echo(f"error: {key!r} cannot be cut into {alpha.name}'s tiles", err=True)
        raise click.exceptions.Exit(2)
