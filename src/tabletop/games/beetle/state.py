"""Beetle ("Жук") positions and what each roll does to them: the roll-off, the turns, drawing parts,
finishing and places (B5–B13).

Every turn is the same two steps (B13): the player to move takes the action ``roll``, then chance
gives the die's face (``1``–``6``). The roll-off that decides who starts (B6, B11) is played the
same way, so a record is simply ``roll, 4, roll, 2, …`` and a person presses a key to roll.

What each action did is told as events (:meth:`BeetleState.events`; their kinds and makers are in
:mod:`tabletop.games.beetle.events`), in the game's own terms — seats, faces, part names as the parts
table spells them, codes for why a roll drew nothing — never in sentences:
:func:`~tabletop.games.beetle.render.event_text` writes them in English, the browser in each of its languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.core import CHANCE, TERMINAL, Event, IllegalActionError, Player, State, View, event
from tabletop.games.beetle.actions import CHANCE_OUTCOMES, FACES, ROLL, BeetleAction, Roll
from tabletop.games.beetle.events import face_shown, nothing_drawn, part_drawn, result, rolled_die
from tabletop.games.beetle.phases import LastRoll, Phase
from tabletop.games.beetle.render import describe, render_state
from tabletop.games.beetle.views import seat_view

if TYPE_CHECKING:
    from tabletop.games.beetle.game import Beetle

@dataclass(frozen=True, slots=True)
class BeetleState(State[BeetleAction]):
    """A Beetle position: every sheet, whose roll it is, and the roll-off or finishing order.

    ``seat`` is the player to roll; ``rolled`` is True while the die is in the air (chance node).
    In the roll-off, ``contenders`` are the seats still in it and ``rolloff`` the faces they have
    rolled this round, in seat order. ``happened`` is what the action that made this state did
    (:meth:`events`): data, not part of the position.
    """

    game: Beetle
    phase: Phase
    seat: Player
    rolled: bool
    sheets: tuple[tuple[int, ...], ...]
    contenders: tuple[Player, ...] = ()
    rolloff: tuple[int, ...] = ()
    finished: tuple[Player, ...] = ()
    last: LastRoll | None = field(default=None, compare=False)
    happened: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def current_player(self) -> Player:
        if self.phase is Phase.OVER:
            return TERMINAL
        return CHANCE if self.rolled else self.seat

    def legal_actions(self) -> Sequence[BeetleAction]:
        if self.phase is Phase.OVER:
            return ()
        return FACES if self.rolled else (ROLL,)

    def chance_outcomes(self) -> Sequence[tuple[BeetleAction, Fraction]]:
        if not self.rolled or self.phase is Phase.OVER:
            raise IllegalActionError("no die is being rolled: this is not a chance node", code="not_chance",
                                     params={"phase": "turn"})
        return CHANCE_OUTCOMES

    def _apply(self, action: BeetleAction) -> BeetleState:
        if isinstance(action, Roll):
            return _replace(self, rolled=True, happened=(rolled_die(self.seat, self.phase),))
        match self.phase:
            case Phase.ROLL_OFF:
                return self._roll_off(action.value)
            case Phase.PLAY:
                return self._draw(action.value)
        raise AssertionError(self.phase)  # pragma: no cover - apply() refuses a finished game

    def _roll_off(self, face: int) -> BeetleState:
        """B6: record the face; when the round is complete, the highest starts or the tied re-roll."""
        rolls = (*self.rolloff, face)
        last = LastRoll(self.seat, face, None, rolloff=True)
        said = face_shown(self.seat, face, Phase.ROLL_OFF)
        if len(rolls) < len(self.contenders):
            nxt = self.contenders[len(rolls)]
            return _replace(self, seat=nxt, rolled=False, rolloff=rolls, last=last, happened=(said,))
        best = max(rolls)
        tied = tuple(s for s, r in zip(self.contenders, rolls, strict=True) if r == best)
        if len(tied) == 1:
            return _replace(
                self, phase=Phase.PLAY, seat=tied[0], rolled=False, contenders=(), rolloff=(), last=last,
                happened=(said, event("starts", seat=tied[0], face=best)),  # B6
            )
        return _replace(self, seat=tied[0], rolled=False, contenders=tied, rolloff=(), last=last,
                        happened=(said, event("rolloff_tie", members=list(tied), face=best)))

    def _draw(self, face: int) -> BeetleState:
        """B5: draw the part the face names if it can be added; B7/B12: finishing and places."""
        table = self.game.table
        sheet = self.sheets[self.seat]
        part = table.drawable(sheet, face)
        last = LastRoll(self.seat, face, part)
        sheets, finished = self.sheets, self.finished
        said = [face_shown(self.seat, face, Phase.PLAY)]
        if part is not None:
            sheet = (*sheet[:part], sheet[part] + 1, *sheet[part + 1:])
            sheets = (*sheets[:self.seat], sheet, *sheets[self.seat + 1:])
            said.append(part_drawn(table, self.seat, face, part, sheet))
            if table.is_complete(sheet):
                finished = (*finished, self.seat)
                said.append(event("beetle_finished", seat=self.seat, place=len(finished)))
        else:
            said.append(nothing_drawn(table, self.seat, face, sheet))
        n = len(sheets)
        play_on = self.game.options["play_on"]
        if finished and (not play_on or len(finished) >= max(n - 1, 1)):
            if len(finished) < n and play_on:
                rest = [s for s in range(n) if s not in finished]
                for k, s in enumerate(rest, len(finished) + 1):
                    said.append(event("last_place", seat=s, place=k))
                finished = (*finished, *rest)
            said.append(event("game_over", winner=finished[0], places=list(finished)))
            return _replace(self, phase=Phase.OVER, rolled=False, sheets=sheets, finished=finished, last=last,
                            happened=tuple(said))
        if finished != self.finished:  # B12: a beetle is finished and the others play on
            rest = [s for s in range(n) if s not in finished]
            said.append(event("play_on", members=rest, place=len(finished) + 1))
        nxt = (self.seat + 1) % n
        while nxt in finished:
            nxt = (nxt + 1) % n
        return _replace(self, seat=nxt, rolled=False, sheets=sheets, finished=finished, last=last,
                        happened=tuple(said))

    def returns(self) -> tuple[float, ...]:
        """Winner 1, others 0; with play-on, (n − place)/(n − 1) by finishing order (B12)."""
        n = len(self.sheets)
        if self.phase is not Phase.OVER:
            return (0.0,) * n
        if n == 1:
            return (1.0,)
        if not self.game.options["play_on"]:
            return tuple(1.0 if s == self.finished[0] else 0.0 for s in range(n))
        place = {seat: i for i, seat in enumerate(self.finished)}
        return tuple((n - 1 - place[s]) / (n - 1) for s in range(n))

    def events(self) -> Sequence[Event]:
        """What the last action did (everything in Beetle is public, B1): ``roll``; or the face as
        ``rolloff_rolled`` and, when the round is complete, ``starts`` or ``rolloff_tie`` (B6); or
        the face as ``rolled``, then ``part_drawn`` or ``nothing_drawn`` (B5, B10), and
        ``beetle_finished``, ``play_on``, ``last_place`` and ``game_over`` as they happen (B7, B12)."""
        return self.happened

    def result(self) -> Event | None:
        """``game_won`` by the first to finish (B7); with play-on, ``places`` in finishing order (B12)."""
        return result(self)

    def seat_points(self) -> tuple[float, ...]:
        """Parts drawn on each sheet so far (B5): how far each beetle has come."""
        return tuple(float(sum(sheet)) for sheet in self.sheets)

    def view(self, player: Player) -> View:
        """Everything in Beetle is public (B1: the sheets are in plain sight)."""
        return seat_view(self, player)

    def describe(self, action: BeetleAction) -> str:
        """The action itself ("seat 2 rolled 4"); what it drew is told by its events (announcements)."""
        return describe(self, action)

    def render(self, player: Player | None = None) -> str:
        """Every sheet: Beetle hides nothing (B1)."""
        return render_state(self)

    def __str__(self) -> str:
        return render_state(self)


def _replace(state: BeetleState, **changes: Any) -> BeetleState:
    """A copy of ``state`` with ``changes`` (dataclasses.replace, without its overhead)."""
    values = {name: getattr(state, name) for name in BeetleState.__dataclass_fields__}
    values.update(changes)
    return BeetleState(**values)
