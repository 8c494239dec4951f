"""Beetle's exact odds: how long the turn-order odds and a table's live odds take, from nothing and with
the sheet chain cached.

The odds (who wins, in which place, by position in turn order) come from a Markov chain over the
sheets a player can have drawn (``tabletop.games.beetle.odds``); building that chain is the cold
cost, asking again about the same parts table the warm one. The web app shows odds beside a live
game (``win_probabilities``, behind ``GET /api/tables/{id}/odds``), so both should stay well under a
frame or two — also during the roll-off for the start (B6), whose 6^n possible courses the live odds
must not enumerate: its rows are the most players (8) at the start, part-way through a round, and in
a re-roll-off among tied players.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from sections import Section, ms
from timing import Scale, median_seconds

from tabletop.games.beetle import ROLL, Beetle, BeetleState, preset
from tabletop.games.beetle.odds import chain, turn_order_odds, win_probabilities

CASES = (("classic", 2, False), ("classic", 8, False), ("winged", 8, True))
"""Turn-order odds: (parts table, players, play on after the first finisher)."""

ROLL_OFFS = (
    ("roll-off", ()),
    ("3/8 rolled", ("3", "5", "2")),
    ("re-roll", ("6", "2", "6", "1", "6", "3", "4", "5")),
)
"""Live odds during an 8-player roll-off: (what, the faces rolled so far)."""

LIVE = (("classic", False), ("winged", True))
"""The games whose roll-offs are timed: (parts table, play on)."""


def _rolled_off(game: Beetle, faces: tuple[str, ...]) -> BeetleState:
    """The state after roll-off rolls of ``faces`` from the start of ``game``."""
    state = game.initial_state()
    for face in faces:
        after = state.apply(ROLL).apply(game.parse_action(face))
        assert isinstance(after, BeetleState)
        state = after
    return state


def _row(variant: str, players: int, play_on: bool, what: str, work: Callable[[], object],
         scale: Scale) -> tuple[str, ...]:
    """One table row: ``work`` timed with the sheet chain's cache cleared first, then with it warm."""

    def cold() -> None:
        chain.cache_clear()
        work()

    cold_s = median_seconds(cold, scale.runs)
    warm_s = median_seconds(work, scale.runs)
    return (variant, str(players), "yes" if play_on else "no", what, str(len(chain(preset(variant)).sheets)),
            ms(cold_s * 1000), ms(warm_s * 1000))


def sections(scale: Scale) -> list[Section]:
    """The exact-odds timing table."""
    rows = []
    for variant, players, play_on in CASES:
        table = preset(variant)
        rows.append(_row(variant, players, play_on, "turn order",
                         partial(turn_order_odds, table, players, play_on), scale))
    for variant, play_on in LIVE:
        game = Beetle(players=8, variant=variant, play_on=play_on)
        for what, faces in ROLL_OFFS:
            state = _rolled_off(game, faces)
            rows.append(_row(variant, 8, play_on, what, partial(win_probabilities, state), scale))
    return [Section("beetle-odds", "Beetle exact odds",
                    ("table", "players", "play-on", "odds", "sheets", "ms (cold chain)", "ms (cached chain)"),
                    tuple(rows),
                    f"turn order: turn_order_odds (exact to double precision); the others: win_probabilities, a "
                    f"table's live odds, during an 8-player roll-off for the start — before anyone has rolled "
                    f"(roll-off), after 3 of the 8 have (3/8 rolled), and in a re-roll-off among 3 tied on a 6 "
                    f"(re-roll); cold clears the sheet chain's cache first; medians of {scale.runs} runs.")]
