"""The end of a game: what the tiles left on the racks cost, and Betapet's time penalties.

    >>> final_adjustments(load_game("sv-betapet"), {"Ada": "", "Bo": "ZS"})
    {'Ada': 11, 'Bo': -11}
    >>> time_penalty(load_game("sv-betapet"), "panik", 6 * 60 + 16).points
    20
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil

from ..errors import PlayError
from . import engine
from .game import Game
from .move import parse_rack


def rack_value(game: Game, rack: str, where: str = "rack") -> int:
    """What the tiles left on a rack cost at the end: their face value (a blank 0), or `per_tile` each."""
    return engine.rack_value(game, parse_rack(game, rack, where))


def final_adjustments(game: Game, racks: Mapping[str, str]) -> dict[str, int]:
    """Each player's end-of-game adjustment from the racks left (player → rack in tile notation, `?` a
    blank): minus what their tiles cost; where the game says so, a player whose rack is empty gains
    the sum of the others' (Scrabble, Betapet). Betűtorony: minus 5 a cube, no gain."""
    costs = {player: rack_value(game, rack, f"racks[{player!r}]") for player, rack in racks.items()}
    out_players = [p for p, rack in racks.items() if not rack.strip()]
    if len(out_players) > 1:
        raise PlayError("racks", f"only one player goes out, and {', '.join(map(repr, out_players))} all have "
                        f"empty racks")
    gain = sum(costs.values()) if game.end.going_out_gains and out_players else 0
    return {p: (gain if p in out_players else -cost) for p, cost in costs.items()}


@dataclass(frozen=True)
class TimePenalty:
    over: int  # seconds over the limit
    points: int  # to subtract
    ends_game: bool  # the player is so far over that the game ends


def time_penalty(game: Game, control: str, seconds_used: float) -> TimePenalty:
    """The penalty for a player's clock: `points` for every started `step` seconds over the limit."""
    try:
        clock = game.time_controls[control]
    except KeyError:
        known = ", ".join(game.time_controls) or "none"
        raise PlayError("control", f"{game.name} has no time control {control!r} (controls: {known})") from None
    if seconds_used < 0:
        raise PlayError("seconds_used", f"{seconds_used} is negative")
    if clock.limit is None or seconds_used <= clock.limit:
        return TimePenalty(0, 0, False)
    over = seconds_used - clock.limit
    return TimePenalty(ceil(over), clock.penalty * ceil(over / clock.step),
                       clock.ends_after is not None and over >= clock.ends_after)
