"""Beetle's numeric form for learning code: one action, six die faces, the sheets as a vector.

Beetle has no decisions (B13), so the only player action is ``roll`` (index 0) and the die's
faces ``1``–``6`` are chance outcomes 0–5. The observation is read from a player's view only
(everything in Beetle is public, B1): every sheet as the fraction of each part drawn, whose roll
it is, the roll-off (B6, B11), the finishing order (B7, B12) and the last roll. Seats are
rotated so the observing player comes first, then the next seat clockwise, and so on; the
layout is sized from the game's player count and parts table (B10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from tabletop.core import Encoding, Field, Observation, Player, View, no_such_seat
from tabletop.games.beetle.actions import FACES, ROLL, BeetleAction, Face, Roll
from tabletop.games.beetle.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.beetle.game import Beetle

PHASES = tuple(Phase)
"""The phases in the order of the ``phase`` field: roll-off, play, over."""


class BeetleEncoding(Encoding[BeetleAction]):
    """Beetle's actions and views as numbers, for one player count and parts table."""

    def __init__(self, game: Beetle) -> None:
        self.players = game.num_players
        self.table = game.table
        self._names = tuple(part.name for part in self.table.parts)
        self._counts = tuple(part.count for part in self.table.parts)
        n, p = self.players, len(self._names)
        self._fields = (
            Field.unit("sheets", n * p, f"per seat (observer first), per part ({', '.join(self._names)}): "
                       "the fraction of that part's count drawn (B5, B10)"),
            Field.unit("phase", len(PHASES), "one-hot: roll-off, play, over"),
            Field.unit("seat", n, "one-hot: the seat whose roll it is (relative to the observer)"),
            Field.unit("rolling", 1, "1 while the die is in the air (a chance node)"),
            Field.unit("contenders", n, "1 for each seat still in the roll-off (B6)"),
            Field.unit("rolloff", n * 6, "per seat: one-hot of the face it rolled in this roll-off round"),
            Field.unit("finished", n * n, "per seat: one-hot of its finishing place (B7, B12); 0 if not finished"),
            Field.unit("last_seat", n, "one-hot: the seat that rolled last (0 before the first roll)"),
            Field.unit("last_face", 6, "one-hot: the face of the last roll"),
            Field.unit("last_part", p, "one-hot: the part the last roll drew (0 in the roll-off or a lost turn)"),
            Field.unit("last_lost", 1, "1 when the last roll was in play and drew nothing (B5: turn lost)"),
            Field.unit("last_rolloff", 1, "1 when the last roll was a roll-off roll (B11)"),
        )

    @property
    def num_actions(self) -> int:
        """One: ``roll``."""
        return 1

    @property
    def num_chance_outcomes(self) -> int:
        """Six: the die's faces."""
        return 6

    @property
    def fields(self) -> Sequence[Field]:
        return self._fields

    def action_index(self, action: BeetleAction) -> int:
        """``roll`` is 0; a die face is a chance outcome, not a player action."""
        if isinstance(action, Roll):
            return 0
        raise ValueError(f"{action}: not a player action (a die face is a chance outcome); the only action is roll")

    def action_at(self, index: int) -> BeetleAction:
        if index != 0:
            raise ValueError(f"action {index} is out of range 0–0 (the only action is roll)")
        return ROLL

    def chance_index(self, outcome: BeetleAction) -> int:
        """Face ``v`` is outcome ``v - 1``."""
        if isinstance(outcome, Face) and 1 <= outcome.value <= 6:
            return outcome.value - 1
        raise ValueError(f"{outcome}: not a chance outcome; the outcomes are the faces 1–6")

    def chance_at(self, index: int) -> BeetleAction:
        if not 0 <= index < 6:
            raise ValueError(f"chance outcome {index} is out of range 0–5 (faces 1–6)")
        return FACES[index]

    def observe(self, view: View, player: Player) -> Observation:
        """The layout of :attr:`fields`, read from ``view`` alone with ``player``'s seat first.

        Raises:
            ValueError: when ``player`` is not a seat or ``view`` is not a view of this game.
        """
        n, p = self.players, len(self._names)
        if not 0 <= player < n:
            raise ValueError(no_such_seat(player, n))
        if view.get("game") != "beetle" or len(view["sheets"]) != n:
            raise ValueError(f"not a view of {n}-player Beetle")

        def rel(seat: int) -> int:
            return (seat - player) % n

        out = np.zeros(self.observation_size, dtype=np.float32)
        at = 0
        for seat, sheet in enumerate(view["sheets"]):
            base = at + rel(seat) * p
            for i, (name, count) in enumerate(zip(self._names, self._counts, strict=True)):
                out[base + i] = sheet[name] / count
        at += n * p
        out[at + PHASES.index(Phase(view["phase"]))] = 1
        at += len(PHASES)
        out[at + rel(view["seat"])] = 1
        at += n
        out[at] = 1 if view["rolling"] else 0
        at += 1
        for seat in view["contenders"]:
            out[at + rel(seat)] = 1
        at += n
        for seat, face in zip(view["contenders"], view["rolloff"], strict=False):
            out[at + rel(seat) * 6 + face - 1] = 1
        at += n * 6
        for place, seat in enumerate(view["finished"]):
            out[at + rel(seat) * n + place] = 1
        at += n * n
        last = view["last_roll"]
        if last is not None:
            out[at + rel(last["seat"])] = 1
            out[at + n + last["face"] - 1] = 1
            if last["part"] is not None:
                out[at + n + 6 + self._names.index(last["part"])] = 1
            elif not last["rolloff"]:
                out[at + n + 6 + p] = 1
            out[at + n + 6 + p + 1] = 1 if last["rolloff"] else 0
        return out
