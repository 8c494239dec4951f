"""Kubik's numeric form for learning code: the thrower's grid as actions, outcome classes as chance.

Player actions are numbered alike in every mode, so one numbering serves physics, calibrated and
scorekeeper play: the 3,120 throws of the grid (K6, docs/kubik.md) 0–3119 in the order line A/B ×
pos −1…+1 (5) × aim −6…+6 (13) × power 8…18 (6) × spin 0…6 (4), the last varying fastest — so throw
``(l, p, a, w, s)`` is ``(((l·5 + p)·13 + a)·6 + w)·4 + s`` counting each from 0; then the bare
``throw`` of ``throws=manual`` (3120), ``pass`` (3121), ``intercept <seat>`` (3122 + seat: the
declaration before a throw, K13, K19), then ``strike`` and ``hold`` (the interceptor at the crossing,
K19) right after the seats. A throw between the grid's points is legal to play but has no index.

Chance outcomes are the 17 classes the rules can produce: ``first A``, ``first B`` (K5), ``miss``
(K9; also a missed interception, K15), ``in`` (K9), ``out N`` (K7), ``hit N`` (K14), N the face on
top, 1–6 (a die, K1), and ``cross`` (the cube crosses the border line with an interceptor standing,
K19). A simulated outcome carries detail no index holds (the front face, where a cube that stayed in
came to rest or crossed, the noise sample; ``seen`` for what people entered);
:meth:`KubikEncoding.chance_index` numbers its class, and :meth:`~KubikEncoding.chance_at` gives back the
bare outcome — the outcome itself for everything the calibrated and scorekeeper modes list.

The observation is read from a player's view alone (everything in Kubik is public), seats rotated
so the observer comes first and scores given for the observer's team first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from tabletop.core import Encoding, Field, Observation, Player, State, View, no_such_seat
from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice, parse_action
from tabletop.games.kubik.field import AIMS, POSITIONS, POWERS, SPINS, Throw
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.state import INTERCEPT_MISS_PENALTY, MISS_PENALTY

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik

GRID: Final = tuple(ThrowChoice(Throw(*choice)) for choice in product("AB", POSITIONS, AIMS, POWERS, SPINS))
"""The thrower's grid (K6), in index order."""
MANUAL_THROW: Final = len(GRID)
PASS: Final = MANUAL_THROW + 1
INTERCEPT_BASE: Final = PASS + 1
MAX_FACE: Final = 6
"""The face on top of a die is 1–6 (K1): the bound on N in ``out N`` and ``hit N``."""
FACES: Final = tuple(range(1, MAX_FACE + 1))
CHANCE_OUTCOMES: Final[tuple[KubikAction, ...]] = (
    FirstTeam(0), FirstTeam(1), Outcome("miss"), Outcome("in"),
    *(Outcome("out", n) for n in FACES), *(Outcome("hit", n) for n in FACES), Outcome("cross"))
"""Every chance outcome class, at its index."""
_CHANCE_INDEX: Final = {outcome: i for i, outcome in enumerate(CHANCE_OUTCOMES)}
_GRID_INDEX: Final = {choice: i for i, choice in enumerate(GRID)}
_GRID_TEXT = ("the grid's 3,120 throws (pos -1…+1 by 0.5, aim -6…+6 by 1, power 8…18 by 2, spin 0…6 by 2), "
              "throw, pass, intercept <seat>, strike and hold")

PHASES: Final = tuple(Phase)
"""The phases in the order of the ``phase`` field: lot, stand, aim, throw, crossing, intercept, rest, over."""
RESULTS: Final = ("miss", "in", "out", "intercepted", "interception missed")
CROSSING_SCALE: Final = 5.0
"""m/s: a crossing cube's velocity is given divided by this."""
"""What the last scored throw did, in the order of the ``last_result`` field."""
MAX_TEAM: Final = 8
"""K18: a team has at most 8 players."""


THROW_SCALE = 200
"""What the throws made are measured against in a game with no throw limit (a scorekeeper's)."""


class KubikEncoding(Encoding[KubikAction]):
    """Kubik's actions and views as numbers, for one configuration (its seats and teams fixed)."""

    def __init__(self, game: Kubik) -> None:
        n = self.players = game.num_players
        self.team_sizes = game.team_sizes
        self.throw_scale: int = game.throw_limit or THROW_SCALE
        self._seat_of = {label: seat for seat, label in enumerate(game.labels)}
        self._intercepts = tuple(Intercept(seat, game.labels[seat]) for seat in range(n))
        self._team = tuple(game.team_of(seat) for seat in range(n))
        self._grid = game.throw_choices  # the very tuple a state offers when every grid throw is legal
        self._fields = (
            Field.unit("phase", len(PHASES), "one-hot: lot (K5), stand (the other team may name an interceptor, "
                       "K19), aim (K6), throw (chance, K7, K9), crossing (the interceptor strikes or holds, K19), "
                       "intercept (chance, K14, K15), rest (chance: how a crossed throw ends, K19), over"),
            Field.unit("own_team", n,
                       "1 for each seat on the observer's team; seats rotated, the observer first (K18)"),
            Field.unit("team_sizes", 2, "players in the observer's team, the other team / 8 (K18)"),
            Field("scores", 2, "the observer's team's points, the other team's / target (K7, K9, K16)"),
            Field.unit("target", 1, "points to win / 100 (K11)"),
            Field.unit("throws", 1, "throws made / the throw limit (max_throws; 200 without one), at most 1"),
            Field.unit("throwing_team", 2,
                       "one-hot: the team throwing now is the observer's, the other (0 at the lot)"),
            Field.unit("thrower", n, "one-hot: the seat throwing now, relative to the observer (0 at the lot; K10)"),
            Field.unit("to_move", n, "one-hot: the seat to decide, relative to the observer (0 at chance and the end)"),
            Field.unit("next_throwers", n, "1 at each team's next thrower, relative to the observer (K10, K18)"),
            Field.unit("cube_top", MAX_FACE, "one-hot: the face on top of the cube (K4, K8, K17)"),
            Field.unit("cube_front", MAX_FACE, "one-hot: the face looking at line A"),
            Field("cube_at", 3, "where the cube lies: x, y / the circle's radius, yaw / 180° (K17)"),
            Field("throw", 8, "the throw being made: made, bare throw (scorekeeper), line A, line B, pos (m), "
                  "aim / 6°, (power − 13) / 5, (spin − 3) / 3 (K6)"),
            Field("crossing", 5, "the cube crossing the border line (K19): crossed, x, y / the circle's "
                  "radius, velocity x, y / 5 m/s (0 when unknown)"),
            Field.unit("interceptor", n,
                       "one-hot: the seat standing to intercept, relative to the observer (K13, K19)"),
            Field.unit("last_result", len(RESULTS), "one-hot: what the last scored event was: miss, in, out, "
                       "intercepted (hit), interception missed (K7, K9, K14, K15); 0 before any"),
            Field.unit("last_face", MAX_FACE, "one-hot: the face on top after the last out or interception hit"),
            Field("last_points", 2, "points the last throw gave the observer's team, the other / target"),
            Field.unit("last_team", 2, "one-hot: the last throw was the observer's team's, the other's"),
            Field.unit("skills", n, "each seat's skill 0–1, relative to the observer"),
        )

    @property
    def num_actions(self) -> int:
        """3,120 grid throws, the bare throw, pass, one interception per seat, strike and hold."""
        return INTERCEPT_BASE + self.players + 2

    @property
    def num_chance_outcomes(self) -> int:
        """17: first A/B, miss, in, out 1–6, hit 1–6, cross."""
        return len(CHANCE_OUTCOMES)

    @property
    def fields(self) -> Sequence[Field]:
        return self._fields

    def action_index(self, action: KubikAction) -> int:
        """A grid throw's place on the grid, ``throw`` 3120, ``pass`` 3121, ``intercept <seat>`` 3122 + seat,
        ``strike`` and ``hold`` the two after the last seat's.

        Raises:
            ValueError: for a throw between the grid's points, a seat not in the game, or a chance outcome.
        """
        match action:
            case ThrowChoice(throw=None):
                return MANUAL_THROW
            case ThrowChoice():
                index = _GRID_INDEX.get(action)
                if index is None:
                    raise ValueError(f"{action}: not on the thrower's grid; the encoding numbers {_GRID_TEXT}")
                return index
            case Intercept(seat=None):
                return PASS
            case Intercept(seat=seat) if seat is not None and 0 <= seat < self.players:
                return INTERCEPT_BASE + seat
            case Intercept(seat=seat) if seat is not None:
                raise ValueError(f"{action}: {no_such_seat(seat, self.players)}")
            case Strike(strike=strike):
                return INTERCEPT_BASE + self.players + (0 if strike else 1)
            case FirstTeam() | Outcome():
                raise ValueError(f"{action}: a chance outcome, not a player action (see chance_index)")
        raise ValueError(f"{action!r}: not a Kubik player action; the encoding numbers {_GRID_TEXT}")

    def action_at(self, index: int) -> KubikAction:
        """The action numbered ``index`` (see :meth:`action_index`).

        Raises:
            ValueError: when ``index`` is outside ``range(num_actions)``.
        """
        if 0 <= index < MANUAL_THROW:
            return GRID[index]
        if index == MANUAL_THROW:
            return ThrowChoice()
        if index == PASS:
            return Intercept(None)
        if INTERCEPT_BASE <= index < INTERCEPT_BASE + self.players:
            return self._intercepts[index - INTERCEPT_BASE]
        if index in (INTERCEPT_BASE + self.players, INTERCEPT_BASE + self.players + 1):
            return Strike(index == INTERCEPT_BASE + self.players)
        raise ValueError(f"action {index} is out of range 0–{self.num_actions - 1} (grid throws 0–{MANUAL_THROW - 1}, "
                         f"throw {MANUAL_THROW}, pass {PASS}, intercept 0–{self.players - 1} "
                         f"{INTERCEPT_BASE}–{INTERCEPT_BASE + self.players - 1}, strike {self.num_actions - 2}, "
                         f"hold {self.num_actions - 1})")

    def chance_index(self, outcome: KubikAction) -> int:
        """The index of ``outcome``'s class: ``first A`` 0, ``first B`` 1, ``miss`` 2, ``in`` 3,
        ``out N`` 3 + N, ``hit N`` 9 + N, ``cross`` 16. The physics' detail (front face, resting or
        crossing place, noise, ``seen``) and a face given with ``in`` are not numbered.

        Raises:
            ValueError: for a face outside 1–6, an outcome without its face, or a player action.
        """
        match outcome:
            case FirstTeam(team) if team in (0, 1):
                return team
            case Outcome(kind="miss" | "in" | "cross" as kind):
                return _CHANCE_INDEX[Outcome(kind)]
            case Outcome(kind="out" | "hit" as kind, top=top):
                if top is None or not 1 <= top <= MAX_FACE:
                    raise ValueError(f"{outcome}: {kind} needs the face on top, 1–{MAX_FACE} (a die, K1)")
                return _CHANCE_INDEX[Outcome(kind, top)]
        raise ValueError(f"{outcome}: not a Kubik chance outcome; the outcomes are first A/B, miss, in, out N, "
                         f"hit N (N 1–{MAX_FACE}) and cross")

    def chance_at(self, index: int) -> KubikAction:
        """The chance outcome class numbered ``index`` (see :meth:`chance_index`).

        Raises:
            ValueError: when ``index`` is outside 0–16.
        """
        if not 0 <= index < len(CHANCE_OUTCOMES):
            raise ValueError(f"chance outcome {index} is out of range 0–{len(CHANCE_OUTCOMES) - 1} (first A/B, "
                             "miss, in, out 1–6, hit 1–6, cross)")
        return CHANCE_OUTCOMES[index]

    def legal_mask(self, state: State[Any]) -> npt.NDArray[np.int8]:
        """As :meth:`Encoding.legal_mask`; the whole grid at once when a thrower may throw anywhere on it."""
        if state.current_player >= 0 and state.legal_actions() is self._grid:
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[:MANUAL_THROW] = 1
            return mask
        return super().legal_mask(state)

    def observe(self, view: View, player: Player) -> Observation:
        """The layout of :attr:`fields`, read from ``view`` alone, relative to ``player``.

        Raises:
            ValueError: when ``player`` is not a seat or ``view`` is not a view of this game.
        """
        n = self.players
        if not 0 <= player < n:
            raise ValueError(no_such_seat(player, n))
        if view.get("game") != "kubik" or [p["label"] for p in view["players"]] != list(self._seat_of):
            raise ValueError(f"not a view of this Kubik game (teams {self.team_sizes[0]}+{self.team_sizes[1]})")
        out = np.zeros(self.observation_size, dtype=np.float32)
        mine = self._team[player]
        target = view["target"]

        def rel(seat: int) -> int:
            return (seat - player) % n

        def rel_team(team: int) -> int:
            return 0 if team == mine else 1

        phase = Phase(view["phase"])
        at = 0
        out[PHASES.index(phase)] = 1
        at += len(PHASES)
        for seat in range(n):
            out[at + rel(seat)] = 1 if self._team[seat] == mine else 0
        at += n
        out[at + rel_team(0)] = self.team_sizes[0] / MAX_TEAM
        out[at + rel_team(1)] = self.team_sizes[1] / MAX_TEAM
        at += 2
        for team, score in enumerate(view["scores"]):
            out[at + rel_team(team)] = score / target
        at += 2
        out[at] = target / 100
        out[at + 1] = min(view["throws"] / self.throw_scale, 1.0)
        at += 2
        if phase is not Phase.LOT:
            out[at + rel_team(view["team"])] = 1
            out[at + 2 + rel(self._seat_of[view["thrower"]])] = 1
        at += 2 + n
        if view["to_move"] >= 0:
            out[at + rel(view["to_move"])] = 1
        at += n
        for team, index in enumerate(view["next_index"]):
            out[at + rel(index if team == 0 else self.team_sizes[0] + index)] = 1
        at += n
        cube = view["cube"]
        out[at + cube["top"] - 1] = 1
        out[at + MAX_FACE + cube["front"] - 1] = 1
        at += 2 * MAX_FACE
        radius = view["field"]["circle_radius"]
        out[at: at + 3] = (cube["x"] / radius, cube["y"] / radius, cube["yaw"] / 180)
        at += 3
        if view["throw"] is not None:
            self._throw(view["throw"], out, at)
        at += 8
        crossing = view["crossing"]
        if crossing is not None:
            out[at] = 1
            values = (crossing["x"], crossing["y"], crossing["vx"], crossing["vy"])
            scales = (radius, radius, CROSSING_SCALE, CROSSING_SCALE)
            for k, (value, scale) in enumerate(zip(values, scales, strict=True), start=1):
                out[at + k] = 0.0 if value is None else value / scale
        at += 5
        if view["interceptor"] is not None:
            out[at + rel(view["interceptor"])] = 1
        at += n
        self._last(view["scored"], out, at, rel_team, target)
        at += len(RESULTS) + MAX_FACE + 2 + 2
        for entry in view["players"]:
            out[at + rel(entry["seat"])] = entry["skill"]
        return out

    def _throw(self, text: str, out: Observation, at: int) -> None:
        """The ``throw`` field from the throw's notation."""
        choice = parse_action(text, self._seat_of)
        assert isinstance(choice, ThrowChoice)
        out[at] = 1
        throw = choice.throw
        if throw is None:
            out[at + 1] = 1
            return
        out[at + 2 + "AB".index(throw.line)] = 1
        out[at + 4: at + 8] = (throw.position, throw.aim / 6, (throw.power - 13) / 5, (throw.spin - 3) / 3)

    def _outcome(self, text: str) -> Outcome:
        """An outcome from its notation."""
        outcome = parse_action(text, self._seat_of)
        assert isinstance(outcome, Outcome)
        return outcome

    @staticmethod
    def _last(events: Sequence[Any], out: Observation, at: int, rel_team: Callable[[int], int], target: int) -> None:
        """The ``last_*`` fields, read from the events the last action scored (K7, K9, K14, K15):
        one event for a throw's end; two for an interception hit — 0 for the throwers and 2N for the
        interceptors; one, −10 for the interceptors, for a missed interception (the throw's own event
        follows when it comes to rest, K19)."""
        if not events:
            return
        first = events[0]
        face = None
        if len(events) == 1 and first["points"] == -INTERCEPT_MISS_PENALTY:
            result, thrower_team = "interception missed", 1 - first["team"]
        elif len(events) == 2:
            result, thrower_team, face = "intercepted", first["team"], events[1]["points"] // 2
        elif first["points"] == -MISS_PENALTY:
            result, thrower_team = "miss", first["team"]
        elif first["points"] == 0:
            result, thrower_team = "in", first["team"]
        else:
            result, thrower_team, face = "out", first["team"], first["points"]
        out[at + RESULTS.index(result)] = 1
        at += len(RESULTS)
        if face is not None and 1 <= face <= MAX_FACE:
            out[at + face - 1] = 1
        at += MAX_FACE
        for event in events:
            out[at + rel_team(event["team"])] += event["points"] / target
        at += 2
        out[at + rel_team(thrower_team)] = 1
