"""What a Beetle action did, as events (data, not prose), and the result of a finished game.

Every kind, with its parameters (seats 0-based; parts by their name in the parts table):

- ``roll`` (the action, B13): ``seat``, ``rolloff`` (True in the roll-off).
- ``rolloff_rolled`` (chance in the roll-off, B6, B11): ``seat``, ``face``.
- ``rolloff_tie`` (the round's highest face is tied, B6): ``members`` (who roll again), ``face``.
- ``starts`` (the roll-off is decided, B6): ``seat``, ``face``.
- ``rolled`` (chance in play, B5): ``seat``, ``face``.
- ``part_drawn`` (B5, B10): ``seat``, ``part``, ``face``, ``have`` (of that part now), ``needed``.
- ``nothing_drawn`` (B5, the turn lost): ``seat``, ``face``, ``why`` (``no_part``, ``complete``, ``needs``),
  ``reasons`` (the parts table's, per part the face names).
- ``beetle_finished`` (B7, B12): ``seat``, ``place`` (1 for the winner).
- ``play_on`` (B7, B12, option ``play_on``): ``members`` (who go on), ``place`` (the next one).
- ``last_place`` (B12: the one left unfinished when all others are done): ``seat``, ``place``.
- ``game_over`` (B7, B12): ``winner``, ``places`` (seats in finishing order; ``[winner]`` without play-on).

The roll and the face are the actions' own events; the others are what the face caused, made where the
rules run (:mod:`tabletop.games.beetle.state`) by the makers below. Everything in Beetle is public (B1), so
every event is seen by everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Event, Player, action_event, event
from tabletop.games.beetle.parts import PartsTable
from tabletop.games.beetle.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.beetle.state import BeetleState

EVENTS = ("roll", "rolloff_rolled", "rolloff_tie", "starts", "rolled", "part_drawn", "nothing_drawn",
          "beetle_finished", "play_on", "last_place", "game_over")
"""Every kind of event Beetle emits (the module's docstring gives each one's parameters)."""


def rolled_die(seat: Player, phase: Phase) -> Event:
    """The action: ``seat`` rolls the die (B13), in the roll-off or in play."""
    return action_event("roll", seat=seat, rolloff=phase is Phase.ROLL_OFF)


def face_shown(seat: Player, face: int, phase: Phase) -> Event:
    """Chance's action: the face ``seat`` rolled, in the roll-off (B6) or in play (B5)."""
    return action_event("rolloff_rolled" if phase is Phase.ROLL_OFF else "rolled", seat=seat, face=face)


def part_drawn(table: PartsTable, seat: Player, face: int, part: int, sheet: tuple[int, ...]) -> Event:
    """B5, B10: the part ``face`` names, drawn on ``seat``'s ``sheet`` (its counts after the drawing)."""
    drawn = table.parts[part]
    return event("part_drawn", seat=seat, part=drawn.name, face=face, have=sheet[part], needed=drawn.count)


def nothing_drawn(table: PartsTable, seat: Player, face: int, sheet: tuple[int, ...]) -> Event:
    """B5: the face draws nothing on ``sheet`` — no part has that face, every such part is complete, or
    what it hangs on is missing — and the turn passes."""
    reasons = table.blocked(sheet, face)
    why = "no_part" if not reasons else "complete" if all(r["why"] == "complete" for r in reasons) else "needs"
    return event("nothing_drawn", seat=seat, face=face, why=why, reasons=reasons)


def result(state: BeetleState) -> Event | None:
    """``game_won`` by the first to finish (B7); with play-on, ``places`` in finishing order (B12)."""
    if state.phase is not Phase.OVER:
        return None
    winner = state.finished[0]
    if state.game.options["play_on"]:
        return event("game_won", side=winner, members=[winner], places=list(state.finished))
    return event("game_won", side=winner, members=[winner])
