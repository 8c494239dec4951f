"""Kubik's actions and chance outcomes, and their notation (K21).

| text | who | meaning |
|---|---|---|
| ``first A`` / ``first B`` | chance | the lot decides which team throws first (K5) |
| ``throw A pos +0.5 aim -2 power 12 spin 4`` | thrower | line, place (m), aim (°), speed (m/s), spin (1/s) (K6) |
| ``throw`` | thrower | scorekeeper mode: the throw happens on the real field (K20) |
| ``miss`` | chance | the bat missed the cube: −5 (K9) |
| ``in`` | chance | the cube was hit but stayed in or touches the line: 0 (K9) |
| ``out 4`` | chance | the cube left the circle with 4 on top (K7) |
| ``past 4`` | chance | out with 4 on top, and across the border line: interception may be tried (K12, K19) |
| ``intercept B2`` / ``pass`` | opposing team | player B2 tries the interception, or nobody does (K13, K19) |
| ``hit 5`` / ``miss`` | chance | the interception hit the cube (5 on top: double, K14) or missed (−10, K15) |

A simulated throw writes more: the final faces as ``top/front`` (front = the face looking at line
A), where a cube that stayed in came to rest, and the noise sample that produced it — e.g.
``in 3/1 at +0.21,-0.10,12 noise 0.31,-1.20,…`` — so a record replays without re-running the
physics, and a viewer can re-run it to animate the throw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop.core.errors import NotationError
from tabletop.core.game import notation_error
from tabletop.games.kubik.field import Throw


@dataclass(frozen=True, slots=True)
class FirstTeam:
    """Chance: the lot for the first throw (K5)."""

    team: int

    def __str__(self) -> str:
        return f"first {'AB'[self.team]}"


@dataclass(frozen=True, slots=True)
class ThrowChoice:
    """The thrower's action: the choices of a simulated throw, or None on a real field."""

    throw: Throw | None = None

    def __str__(self) -> str:
        return "throw" if self.throw is None else str(self.throw)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Chance: what a throw (or an interception) did.

    ``kind`` is miss, in, out or past for a throw; hit or miss for an interception. The optional
    detail comes from the physics: the final faces, the resting place of a cube that stayed in,
    and the noise sample.
    """

    kind: str
    top: int | None = None
    front: int | None = None
    at: tuple[float, float, float] | None = None  #: x, y (m) and yaw (degrees) where it stopped
    noise: tuple[float, ...] = ()
    trajectory: object = field(default=None, compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        words = [self.kind]
        if self.top is not None:
            words.append(f"{self.top}/{self.front}" if self.front is not None else str(self.top))
        if self.at is not None:
            x, y, yaw = self.at
            words.append(f"at {x:+.3f},{y:+.3f},{yaw:.1f}")
        if self.noise:
            words.append("noise " + ",".join(f"{v:.6g}" for v in self.noise))
        return " ".join(words)

    @property
    def scores_face(self) -> bool:
        """True for outcomes that name the face on top (out, past, hit)."""
        return self.kind in ("out", "past", "hit")


@dataclass(frozen=True, slots=True)
class Intercept:
    """The opposing team's decision: ``seat`` tries the interception, or nobody (None)."""

    seat: int | None
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return "pass" if self.seat is None else f"intercept {self.label}"


KubikAction = FirstTeam | ThrowChoice | Outcome | Intercept

_NUMBER = r"[+-]?\d+(?:\.\d+)?"
_THROW = re.compile(
    rf"throw\s+([ab])\s+pos\s+({_NUMBER})\s+aim\s+({_NUMBER})\s+power\s+({_NUMBER})\s+spin\s+({_NUMBER})$")
_OUTCOME = re.compile(
    rf"(miss|in|out|past|hit)(?:\s+([1-6])(?:/([1-6]))?)?(?:\s+at\s+({_NUMBER}),({_NUMBER}),({_NUMBER}))?"
    rf"(?:\s+noise\s+((?:{_NUMBER}(?:e[+-]?\d+)?,?)+))?$")
_EXPECTED = ("throw, throw A pos 0 aim 0 power 12 spin 4, miss, in, out 4, past 4, hit 5, intercept B2, pass, "
             "or first A")


def parse_action(text: str, seats: dict[str, int]) -> KubikAction:
    """Read Kubik notation; ``seats`` maps labels like ``B2`` to seat numbers."""
    words = " ".join(text.lower().split())
    if words == "throw":
        return ThrowChoice()
    if words == "pass":
        return Intercept(None)
    if words in ("first a", "first b"):
        return FirstTeam("ab".index(words[-1]))
    if words.startswith("intercept "):
        label = words.split(" ", 1)[1].upper()
        if label not in seats:
            raise NotationError(f"{text!r}: no player {label}; players are {', '.join(seats)}")
        return Intercept(seats[label], label)
    if match := _THROW.match(words):
        line, pos, aim, power, spin = match.groups()
        return ThrowChoice(Throw(line.upper(), float(pos), float(aim), float(power), float(spin)))
    if match := _OUTCOME.match(words):
        kind, top, front, x, y, yaw, noise = match.groups()
        if kind in ("out", "past", "hit") and top is None:
            raise NotationError(f"{text!r}: say which face is on top, e.g. `{kind} 4`")
        if kind in ("miss", "in") and top is not None and kind == "miss":
            raise NotationError(f"{text!r}: a miss leaves the cube as it was; no face to give")
        return Outcome(
            kind,
            None if top is None else int(top),
            None if front is None else int(front),
            None if x is None else (float(x), float(y), float(yaw)),
            tuple(float(v) for v in noise.strip(",").split(",")) if noise else (),
        )
    raise notation_error(text, _EXPECTED)
