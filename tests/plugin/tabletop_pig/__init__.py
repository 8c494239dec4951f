"""Pig, a sixth game that only the test suite installs: the proof that the required core is enough.

It implements the game interface's required core and nothing else — no words of its own, no encoding,
no coach, no browser folder — and is registered the way any package registers a game, through the
``tabletop.games`` entry-point group (``tabletop_pig-1.0.dist-info`` beside this package); its rules
pages are ``rules/<lang>.html`` in the package. With that alone it plays in the terminal, on the
server, in the browser's generic controls and in tournaments (``tests/plugin/test_pig.py``).

The rules (John Scarne's, 1945): on a turn a player rolls one die as often as they like, adding each
face to the turn's total, and may hold to bank it; a 1 ends the turn and loses the total. The first to
bank ``target`` points wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from tabletop.core import (
    CHANCE,
    TERMINAL,
    Chance,
    Event,
    Game,
    GameSpec,
    IllegalActionError,
    Option,
    Player,
    State,
    TabletopError,
    View,
    action_event,
    event,
)
from tabletop.core.game import notation_error

ROLL, HOLD = "roll", "hold"
FACES = tuple(str(face) for face in range(1, 7))
EVENTS = ("roll", "hold", "rolled", "pigged_out", "banked")


@dataclass(frozen=True, slots=True)
class PigState(State[str]):
    """Who is to move, everyone's banked points, the turn's total, and whether the die is in the air."""

    game: Pig
    seat: Player
    scores: tuple[int, ...]
    turn: int = 0
    rolling: bool = False
    happened: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def current_player(self) -> Player:
        if max(self.scores) >= self.game.options["target"]:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def legal_actions(self) -> Sequence[str]:
        if self.is_terminal:
            return ()
        return FACES if self.rolling else ((ROLL, HOLD) if self.turn else (ROLL,))

    def chance_outcomes(self) -> Sequence[tuple[str, Fraction]]:
        if not self.rolling:
            raise IllegalActionError("no die is in the air", code="not_chance", params={"phase": "play"})
        return [(face, Fraction(1, 6)) for face in FACES]

    def _apply(self, action: str) -> PigState:
        if action == ROLL:
            return replace(self, rolling=True, happened=(action_event("roll", seat=self.seat),))
        if action == HOLD:
            scores = tuple(s + self.turn if i == self.seat else s for i, s in enumerate(self.scores))
            told = (action_event("hold", seat=self.seat), event("banked", seat=self.seat, points=self.turn,
                                                                score=scores[self.seat]))
            return replace(self, seat=self._next(), scores=scores, turn=0, happened=told)
        rolled = event("rolled", seat=self.seat, face=int(action))
        if action == "1":
            lost = event("pigged_out", seat=self.seat, lost=self.turn)
            return replace(self, seat=self._next(), turn=0, rolling=False, happened=(rolled, lost))
        return replace(self, turn=self.turn + int(action), rolling=False, happened=(rolled,))

    def _next(self) -> Player:
        return (self.seat + 1) % self.game.num_players

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal:
            return (0.0,) * self.game.num_players
        winner = max(range(self.game.num_players), key=lambda seat: self.scores[seat])
        return tuple(1.0 if seat == winner else 0.0 for seat in range(self.game.num_players))

    def view(self, player: Player) -> View:
        self.game.check_seat(player)
        return {"seat": self.seat, "scores": list(self.scores), "turn": self.turn, "rolling": self.rolling}

    def events(self) -> Sequence[Event]:
        return self.happened


class Pig(Game[PigState, str]):
    """Pig with 2–4 players, to ``target`` points."""

    spec: ClassVar[GameSpec] = GameSpec(
        name="pig", title="Pig", description="Roll as long as you dare: a 1 loses the turn's points.",
        min_players=2, max_players=4, default_players=2, chance=Chance.EXPLICIT, hidden_information=False,
        utility=(0.0, 1.0), max_length=None, rules="pig.md", events=EVENTS,
        options=(Option("target", 30, "points to win", kind=int, minimum=5, maximum=100),),
    )

    def initial_state(self) -> PigState:
        return PigState(self, 0, (0,) * self.num_players)

    def parse_action(self, text: str) -> str:
        word = text.strip().lower()
        if word in (ROLL, HOLD, *FACES):
            return word
        raise notation_error(text, "roll, hold, or a face 1–6")

    def state_from_view(self, view: View, rng: random.Random) -> PigState:
        """Pig hides nothing: a view is the whole position."""
        try:
            return PigState(self, int(view["seat"]), tuple(int(s) for s in view["scores"]), int(view["turn"]),
                            bool(view["rolling"]))
        except (KeyError, TypeError, ValueError) as error:
            raise TabletopError(f"not a view of pig: {error!r}") from None
