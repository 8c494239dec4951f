"""Beetle's exact odds: how long the turn-order odds take, from nothing and with the sheet chain cached.

The odds (who wins, in which place, by position in turn order) come from a Markov chain over the
sheets a player can have drawn (``tabletop.games.beetle.odds``); building that chain is the cold
cost, asking again about the same parts table the warm one. The web app shows odds beside a live
game, so both should stay well under a frame or two.
"""

from __future__ import annotations

from sections import Section
from timing import Scale, median_seconds

from tabletop.games.beetle import PartsTable, preset
from tabletop.games.beetle.odds import chain, turn_order_odds

CASES = (("classic", 2, False), ("classic", 8, False), ("winged", 8, True))
"""(parts table, players, play on after the first finisher)."""


def sections(scale: Scale) -> list[Section]:
    """The exact-odds timing table."""
    rows = []
    for variant, players, play_on in CASES:
        table = preset(variant)

        def cold(table: PartsTable = table, players: int = players, play_on: bool = play_on) -> None:
            chain.cache_clear()
            turn_order_odds(table, players, play_on)

        def warm(table: PartsTable = table, players: int = players, play_on: bool = play_on) -> None:
            turn_order_odds(table, players, play_on)

        cold_s = median_seconds(cold, scale.runs)
        warm_s = median_seconds(warm, scale.runs)
        rows.append((variant, str(players), "yes" if play_on else "no", str(len(chain(table).sheets)),
                     f"{cold_s * 1000:.1f}", f"{warm_s * 1000:.1f}"))
    return [Section("beetle-odds", "Beetle exact odds",
                    ("table", "players", "play-on", "sheets", "ms (cold chain)", "ms (cached chain)"), tuple(rows),
                    f"turn_order_odds (exact to double precision); cold clears the sheet chain's cache first; "
                    f"medians of {scale.runs} runs.")]
