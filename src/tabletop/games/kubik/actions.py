"""Kubik's actions and chance outcomes, and their notation (K21; documented in docs/notation.md).

| text | who | meaning |
|---|---|---|
| ``first A`` / ``first B`` | chance | the lot decides which team throws first (K5) |
| ``intercept B2`` / ``pass`` | opposing team | before the throw: B2 stands to intercept, or nobody (K13, K19) |
| ``throw A pos +0.5 aim -2 power 12 spin 4`` | thrower | line, place (m), aim (°), speed (m/s), spin (1/s) (K6) |
| ``throw`` | thrower | scorekeeper mode: the throw happens on the real field (K20) |
| ``miss`` | chance | the bat missed the cube: −5 (K9) |
| ``in`` | chance | the cube was hit but stayed in or touches the line: 0 (K9, K9a) |
| ``out 4`` | chance | the cube left the circle with 4 on top (K7) |
| ``cross`` | chance | an interceptor stands and the cube crosses the border line (K12, K19) |
| ``strike`` / ``hold`` | interceptor | at the crossing: throw at the cube, or hold back (K19) |
| ``hit 5`` / ``miss`` | chance | the interception hit the cube (5 on top: double, K14) or missed (−10, K15) |

A simulated throw writes more: the final faces as ``top/front`` (front = the face looking at line
A), where a cube that stayed in came to rest, and the noise sample that produced it — e.g.
``in 3/1 at +0.21,-0.10,12 noise 0.31,-1.20,…``; a crossing writes where the cube crossed and how it
moved (``cross at +0.12,+1.45 moving +0.30,+3.10 noise …``) and nothing of how it will end. The rules
accept a simulated outcome only when the simulation gives it for its noise. An outcome people entered
in a simulated game (``tabletop play --chance people``) is written with ``seen`` before it
(``seen out 4``) so a record never passes off what people saw as what the physics gave.
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

    ``kind`` is miss, in, out or cross for a throw; hit or miss for an interception. The optional
    detail comes from the physics: the final faces, the resting place of a cube that stayed in (``at``:
    x, y, yaw) or where it crossed the border (``at``: x, y; ``moving``: its velocity on the ground),
    and the noise sample. ``seen`` marks an outcome people entered in a simulated game.
    """

    kind: str
    top: int | None = None
    front: int | None = None
    at: tuple[float, ...] | None = None  #: x, y (m) and yaw (degrees) where it stopped; x, y where it crossed
    noise: tuple[float, ...] = ()
    trajectory: object = field(default=None, compare=False, hash=False, repr=False)
    moving: tuple[float, float] | None = None  #: a crossing cube's velocity on the ground (m/s)
    seen: bool = False

    def __str__(self) -> str:
        words = ["seen", self.kind] if self.seen else [self.kind]
        if self.top is not None:
            words.append(f"{self.top}/{self.front}" if self.front is not None else str(self.top))
        if self.at is not None:
            if len(self.at) == 3:
                x, y, yaw = self.at
                words.append(f"at {x:+.3f},{y:+.3f},{yaw:.1f}")
            else:
                words.append(f"at {self.at[0]:+.3f},{self.at[1]:+.3f}")
        if self.moving is not None:
            words.append(f"moving {self.moving[0]:+.2f},{self.moving[1]:+.2f}")
        if self.noise:
            words.append("noise " + ",".join(f"{v:.6g}" for v in self.noise))
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Intercept:
    """The opposing team's declaration before a throw: ``seat`` stands to intercept, or nobody (None)."""

    seat: int | None
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return "pass" if self.seat is None else f"intercept {self.label}"


@dataclass(frozen=True, slots=True)
class Strike:
    """The interceptor's decision as the cube crosses the border line: throw at it, or hold back (K19)."""

    strike: bool

    def __str__(self) -> str:
        return "strike" if self.strike else "hold"


KubikAction = FirstTeam | ThrowChoice | Outcome | Intercept | Strike

_NUMBER = r"[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?"
_THROW = re.compile(
    rf"throw\s+([ab])\s+pos\s+({_NUMBER})\s+aim\s+({_NUMBER})\s+power\s+({_NUMBER})\s+spin\s+({_NUMBER})$")
_OUTCOME = re.compile(
    rf"(seen\s+)?(miss|in|out|cross|hit)(?:\s+([1-6])(?:/([1-6]))?)?"
    rf"(?:\s+at\s+({_NUMBER}),({_NUMBER})(?:,({_NUMBER}))?)?"
    rf"(?:\s+moving\s+({_NUMBER}),({_NUMBER}))?"
    rf"(?:\s+noise\s+((?:{_NUMBER},?)+))?$")
_EXPECTED = ("throw, throw A pos 0 aim 0 power 12 spin 4, miss, in, out 4, cross, hit 5, seen out 4, intercept B2, "
             "pass, strike, hold, or first A")


def parse_action(text: str, seats: dict[str, int]) -> KubikAction:
    """Read Kubik notation; ``seats`` maps labels like ``B2`` to seat numbers."""
    words = " ".join(text.lower().split())
    if words == "throw":
        return ThrowChoice()
    if words == "pass":
        return Intercept(None)
    if words in ("strike", "hold"):
        return Strike(words == "strike")
    if words in ("first a", "first b"):
        return FirstTeam("ab".index(words[-1]))
    if words.startswith("intercept "):
        label = words.split(" ", 1)[1].upper()
        if label not in seats:
            raise NotationError(f"{text!r}: no player {label}; players are {', '.join(seats)}", params={"text": text})
        return Intercept(seats[label], label)
    if match := _THROW.match(words):
        line, pos, aim, power, spin = match.groups()
        return ThrowChoice(Throw(line.upper(), float(pos), float(aim), float(power), float(spin)))
    if match := _OUTCOME.match(words):
        seen, kind, top, front, x, y, yaw, vx, vy, noise = match.groups()
        if kind in ("out", "hit") and top is None:
            raise NotationError(f"{text!r}: say which face is on top, e.g. `{kind} 4`", params={"text": text})
        if kind in ("miss", "cross") and top is not None:
            raise NotationError(f"{text!r}: a {kind} names no face on top", params={"text": text})
        if kind == "cross" and yaw is not None:
            raise NotationError(f"{text!r}: a crossing is written `cross at X,Y moving VX,VY`", params={"text": text})
        if kind != "cross" and vx is not None:
            raise NotationError(f"{text!r}: only a crossing says how the cube is moving", params={"text": text})
        at: tuple[float, ...] | None = None
        if x is not None:
            at = (float(x), float(y)) if yaw is None else (float(x), float(y), float(yaw))
        return Outcome(
            kind,
            None if top is None else int(top),
            None if front is None else int(front),
            at,
            tuple(float(v) for v in noise.strip(",").split(",")) if noise else (),
            moving=None if vx is None else (float(vx), float(vy)),
            seen=seen is not None,
        )
    raise notation_error(text, _EXPECTED)
