"""The parts a cribbage position is made of, besides its cards: phases, sides, pegs, a muggins
claim under way, and the records of points pegged and games won.

The state (:mod:`.state`) and the rules that move it on are built from these; the views and the
renderers read them too, so they sit below all three. Sides (C15) are seats in 2- and 3-player
games and partnerships (seats 0 & 2 against 1 & 3) with four players; scores, pegs and games won
belong to sides.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tabletop.games.cribbage.scoring import Score


class Phase(enum.Enum):
    """Where a game is (STYLE 9: an enum dispatched with ``match``)."""

    CUT = "cut"  #: cutting for the first deal (C6): chance
    DEAL = "deal"  #: dealing one card at a time (C5): chance
    DISCARD = "discard"  #: laying away to the crib (C5)
    STARTER = "starter"  #: cutting the starter (C7): chance
    PLAY = "play"  #: the pegging (C8–C12)
    CLAIM = "claim"  #: muggins: the player who just played declares its points (C17)
    SHOW = "show"  #: counting hands and crib (C13)
    MUGGINS = "muggins"  #: an opponent may take points that were missed (C17)
    OVER = "over"  #: the match is over


@dataclass(frozen=True, slots=True)
class Pegs:
    """A side's two pegs (C2): ``front`` shows the score, ``rear`` the score before the last peg."""

    front: int = 0
    rear: int = 0

    def advance(self, points: int) -> Pegs:
        """C2: the rear peg jumps ``points`` past the front one and becomes the new front.

        Nothing is pegged for nothing: a hand worth 0 moves no peg, so the rear peg keeps showing
        the score before the last points and never hides under the front one.

        >>> Pegs(7, 2).advance(0)
        Pegs(front=7, rear=2)

        Raises:
            ValueError: for negative points (pegs only go forward).
        """
        if points < 0:
            raise ValueError(f"cannot peg {points} points: pegs only go forward (0 or more)")
        if points == 0:
            return self
        return Pegs(self.front + points, self.front)


@dataclass(frozen=True, slots=True)
class Pending:
    """Muggins: a count that was declared, what it was really worth, and who may still claim."""

    seat: int
    actual: int
    declared: int
    claimants: tuple[int, ...] = ()
    resume: Phase = Phase.PLAY
    what: str = "pegging"  #: pegging, hand or crib


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points pegged: by whom, for what, with the itemised combinations when there are some (for
    rules, bots and tests; every one also goes out as a ``pegs`` event: see :data:`.game.SPEC`)."""

    seat: int | None
    side: int
    kind: str  #: pegging, go, last card, heels, hand, crib, muggins
    points: int
    score: Score | None = None

    def to_data(self) -> dict[str, object]:
        """JSON-ready."""
        data: dict[str, object] = {"seat": self.seat, "side": self.side, "kind": self.kind, "points": self.points}
        if self.score is not None:
            data["score"] = self.score.to_data()
        return data


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match: its winning side, final scores and match value (C16, C18)."""

    winner: int
    scores: tuple[int, ...]
    value: int  #: 1 for a win, 2 for a skunk, 3 for a double skunk (with the skunk option)


def sides_of(players: int) -> int:
    """How many sides play: partnerships with four players (C15)."""
    return 2 if players == 4 else players


def side_of(seat: int, players: int) -> int:
    """The side a seat plays for: partners sit opposite (C5)."""
    return seat % 2 if players == 4 else seat
