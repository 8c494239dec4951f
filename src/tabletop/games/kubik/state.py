"""A Kubik position and its rules K1–K21: two teams take turns throwing a bat at a die-marked cube in a circle.

A turn is the thrower's choice (line, place, aim, power, spin — K6), then chance: the outcome of
the throw. Where outcomes come from is the option ``throws`` (K20): ``physics`` simulates each
throw in MuJoCo (outcomes can only be sampled, and a claimed one is checked by re-running its noise),
``calibrated`` draws from a model fitted to the physics (exact probabilities), and ``manual`` is the
scorekeeper for a game on a real field (the people enter what happened). All three record outcomes
the same way. With the interception variant (K12–K15, K19) the other team first says whether one of
its players stands to intercept; if the cube then crosses the border line, that player sees only the
crossing and strikes or holds, and only then is the rest of the throw (or the interception) decided.

What each action did is data (:meth:`KubikState.events`, kinds in ``SPEC.events``): the action itself
(``lot``, ``stands``, ``throw``, ``cube_out``…), then ``points`` with a code for why and the team's new
score, ``recentred`` (K17) and ``throw_limit``; the rule state keeps the same codes, never sentences
(:func:`tabletop.games.kubik.render.event_text` writes them out for a terminal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, partial
from typing import TYPE_CHECKING, Any

import tabletop.games.kubik.calibrated as calibrated
import tabletop.games.kubik.chance_tables as chance_tables
from tabletop.core import (
    CHANCE,
    TERMINAL,
    Event,
    IllegalActionError,
    Player,
    SampledChanceError,
    State,
    View,
    event,
)
from tabletop.core.errors import Reason
from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice, parse_action
from tabletop.games.kubik.events import Told, action_event_of, made, points_event, result
from tabletop.games.kubik.field import CubePose, Throw
from tabletop.games.kubik.motion import throw_motion
from tabletop.games.kubik.phases import Phase, Score
from tabletop.games.kubik.physics.outcomes import mismatch, rest_noise_refusal, simulated_outcome
from tabletop.games.kubik.render import describe as describe_action
from tabletop.games.kubik.render import render as field_picture
from tabletop.games.kubik.views import field_view

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik


MISS_PENALTY = 5  #: K9
INTERCEPT_MISS_PENALTY = 10  #: K15
MANUAL_OUTCOMES = ("miss", "in", *(f"out {n}" for n in range(1, 7)))
MANUAL_CROSS = ("cross",)
MANUAL_REST = tuple(f"out {n}" for n in range(1, 7))
MANUAL_INTERCEPTS = (*(f"hit {n}" for n in range(1, 7)), "miss")

@dataclass(frozen=True, slots=True)
class KubikState(State[KubikAction]):
    """A Kubik position: scores, the cube, whose throw it is, who stands to intercept, a crossing."""

    game: Kubik
    phase: Phase
    team: int  #: the team throwing now (K10)
    next_index: tuple[int, int]  #: each team's next thrower, by place in the team (K10, K18)
    scores: tuple[int, int]
    cube: CubePose
    throws: int  #: throws made so far
    throw: ThrowChoice | None = None  #: the throw being made
    pending: Outcome | None = None  #: the throw's crossing of the border line, awaiting its end (K19)
    interceptor: int | None = None  #: the seat standing to intercept this throw (K13, K19)
    scored: tuple[Score, ...] = field(default=(), compare=False)  #: the points the last action scored
    last: Outcome | None = field(default=None, compare=False)  #: the last outcome, with its trajectory
    happened: tuple[Told, ...] = field(default=(), compare=False)  #: what the last action did (:meth:`events`)

    @property
    def thrower(self) -> int:
        """The seat throwing now."""
        return self.game.seats[self.team][self.next_index[self.team]]

    @property
    def current_player(self) -> Player:
        match self.phase:
            case Phase.LOT | Phase.THROW | Phase.INTERCEPT | Phase.REST:
                return CHANCE
            case Phase.AIM:
                return self.thrower
            case Phase.STAND:
                other = 1 - self.team
                return self.game.seat(other, self.next_index[other])
            case Phase.CROSSING:
                assert self.interceptor is not None
                return self.interceptor
        return TERMINAL

    def legal_actions(self) -> Sequence[KubikAction]:
        game = self.game
        match self.phase:
            case Phase.LOT:
                return (FirstTeam(0), FirstTeam(1))
            case Phase.STAND:
                other = 1 - self.team
                team = [game.seat(other, i) for i in range(game.team_sizes[other])]
                return (Intercept(None), *(Intercept(s, game.labels[s]) for s in team))
            case Phase.AIM:
                return (ThrowChoice(),) if game.mode == "manual" else game.throw_choices
            case Phase.CROSSING:  # K19: who stood must throw, unless the table lets an interceptor hold back
                return (Strike(True), Strike(False)) if game.options["hold_back"] else (Strike(True),)
            case Phase.THROW | Phase.INTERCEPT | Phase.REST if game.mode == "physics":
                # what people may enter for a simulated throw (``--chance people``); the simulation's own
                # outcomes can only be sampled (chance_outcomes raises)
                return tuple(replace(_outcome(game, n), seen=True) for n in self._manual_names())
            case Phase.THROW | Phase.INTERCEPT | Phase.REST:
                return tuple(o for o, _ in self._enumerated_outcomes())
        return ()

    def is_legal(self, action: KubikAction) -> bool:
        match self.phase:
            case Phase.THROW | Phase.INTERCEPT | Phase.REST:
                return self.outcome_refusal(action) is None
            case Phase.AIM if self.game.mode != "manual":
                return isinstance(action, ThrowChoice) and action.throw is not None and _on_field(action.throw)
        return action in self.legal_actions()

    def _apply_if_legal(self, action: KubikAction) -> KubikState | None:
        """An outcome is checked once (a simulated one re-runs its throw: the check is the cost)."""
        if self.phase in (Phase.THROW, Phase.INTERCEPT, Phase.REST) and isinstance(action, Outcome):
            return None if self.outcome_refusal(action) is not None else self._apply(action)
        return self._apply(action) if self.is_legal(action) else None

    def apply_recorded(self, action: KubikAction) -> KubikState:
        """As :meth:`apply`, but a simulated outcome from the server's own validated log is not
        re-simulated (rebuilding a long physics game would otherwise cost seconds of CPU); its form is
        still checked."""
        if (self.game.mode == "physics" and self.phase in (Phase.THROW, Phase.INTERCEPT, Phase.REST)
                and isinstance(action, Outcome)):
            reason = self.outcome_refusal(action, rerun=False)
            if reason is not None:
                raise reason.error(action)
            return self._apply(action)
        return self.apply(action)

    def _manual_names(self) -> tuple[str, ...]:
        """The outcome classes people may enter here (K20 manual, K19)."""
        match self.phase:
            case Phase.INTERCEPT:
                return MANUAL_INTERCEPTS
            case Phase.REST:
                return MANUAL_REST
        return MANUAL_OUTCOMES + (MANUAL_CROSS if self.interceptor is not None else ())

    def outcome_refusal(self, action: KubikAction, rerun: bool = True) -> Reason | None:
        """Why ``action`` cannot be this chance node's outcome, or None when it can (``rerun``: check a
        simulated outcome against its simulation: a refusal names what the simulation gives, K20)."""
        if not isinstance(action, Outcome):
            return self._allowed("not an outcome; ", code="not_outcome")
        kinds = {Phase.THROW: ("miss", "in", "out", "cross") if self.interceptor is not None else ("miss", "in", "out"),
                 Phase.INTERCEPT: ("hit", "miss"), Phase.REST: ("out", "in")}[self.phase]
        if action.kind not in kinds or (self.phase is Phase.REST and action.kind == "in"
                                        and self.game.mode != "physics"):
            return self._allowed("", code="outcome_kind")
        if not _valid_faces(action) or not _valid_detail(action):
            return self._allowed("faces and places must fit the outcome; ", code="outcome_form")
        if self.game.mode != "physics":
            if action.seen:
                return Reason("`seen` marks what people saw in a simulated game; here write it plainly",
                              "seen_not_simulated")
            if action.noise if self.game.mode == "manual" else action not in self._table_outcomes():
                return self._not_this_mode(action)  # people enter faces and places; the model only its own
            return None
        pending = self.pending
        if action.seen:
            return None  # people entered it (``--chance people``): recorded as theirs, not as the physics'
        if self.phase is not Phase.THROW and pending is not None and pending.seen:
            return Reason("the crossing was entered by people (`seen cross`): what follows is entered too (`seen …`)",
                          "seen_after_seen")
        # trusted (the server's own log, not ``rerun``): only the form, cheaply — no simulation, no MuJoCo
        refusal = mismatch(self, action) if rerun else _noise_refusal(self.phase, self.game.rules, action)
        return None if refusal is None else Reason(refusal, "simulation_mismatch")

    def _not_this_mode(self, action: Outcome) -> Reason:
        """K20, K20b: an outcome this table's ``throws`` never produces — simulation noise in
        a scorekeeper game (people enter faces and where the cube went, never noise), anything but the
        model's own outcomes in a calibrated one — refused with the option named, so that a record of
        a game with other options says so."""
        mode = self.game.mode
        names = list(self._manual_names()) if mode == "manual" else [str(o) for o in self._table_outcomes()]
        what = ("simulation noise, which people on a real field do not enter" if mode == "manual"
                else "what only the physics writes (top/front faces, a place, noise)" if
                action.noise or action.at is not None or action.front is not None else
                "an outcome the calibrated model gives no chance here")
        return Reason(f"{action} carries {what}: throws={mode} never produces it; here: {', '.join(names)} "
                      "(a record is replayed with its own options)", "outcome_mode", option="throws", throws=mode,
                      legal=names)

    def _table_outcomes(self) -> frozenset[Outcome]:
        """The calibrated model's outcomes here that have a chance (K20b)."""
        table = self._table()
        return frozenset(_plain_outcome(name) for name, n in zip(table.names, table.parts, strict=True) if n)

    def _allowed(self, before: str, *, code: str) -> Reason:
        """``before`` and what may be entered here, as the reason ``code`` (the names in its params)."""
        names = self._manual_names()
        if self.game.mode == "physics":
            seen = [f"seen {name}" for name in names]
            return Reason(f"{before}the simulation's outcome (sampled), or what people saw: {', '.join(seen)}", code,
                          legal=seen, simulated=True)
        return Reason(f"{before}legal: {', '.join(names)}", code, legal=list(names), simulated=False)

    def _enumerated_outcomes(self) -> tuple[tuple[Outcome, Fraction], ...]:
        """The outcomes of a manual or calibrated throw with their probabilities."""
        game = self.game
        if game.mode == "physics":
            raise SampledChanceError("a simulated throw's outcomes can only be sampled (throws=physics)")
        if game.mode == "calibrated":
            table = self._table()
            return tuple((_plain_outcome(name), Fraction(n, calibrated.DENOMINATOR))
                         for name, n in zip(table.names, table.parts, strict=True))
        names = self._manual_names()
        return tuple((_outcome(game, n), Fraction(1, len(names))) for n in names)

    def _table(self) -> chance_tables.Table:
        """The calibrated model's exact table for this chance node (K20b)."""
        game = self.game
        match self.phase:
            case Phase.INTERCEPT:
                assert self.interceptor is not None
                return chance_tables.intercept_table(game.field, game.skills[self.interceptor], self.cube.top)
            case _:
                assert self.throw is not None and self.throw.throw is not None
                phase = "rest" if self.phase is Phase.REST else "cross" if self.interceptor is not None else "throw"
                return chance_tables.table(game.field, self.cube, self.throw.throw, game.skills[self.thrower], phase)

    def chance_outcomes(self) -> Sequence[tuple[KubikAction, Fraction]]:
        match self.phase:
            case Phase.LOT:
                return ((FirstTeam(0), Fraction(1, 2)), (FirstTeam(1), Fraction(1, 2)))
            case Phase.THROW | Phase.INTERCEPT | Phase.REST:
                return self._enumerated_outcomes()
        raise IllegalActionError(f"this is not a chance node (phase {self.phase.value})", code="not_chance",
                                 params={"phase": self.phase.value})

    def sample_chance(self, rng: random.Random) -> KubikAction:
        if self.phase in (Phase.THROW, Phase.INTERCEPT, Phase.REST):
            match self.game.mode:
                case "physics":
                    if self.phase is not Phase.THROW and self.pending is not None and self.pending.seen:
                        raise IllegalActionError("the crossing was entered by people (`seen cross`): the simulation "
                                                 "has nothing to run on; enter what followed (`seen …`)",
                                                 code="seen_after_seen")
                    return simulated_outcome(self, rng)
                case "calibrated":  # State.sample_chance's draw, read off the table without making fractions
                    table = self._table()
                    point, total = rng.random(), 0.0
                    for name, n in zip(table.names, table.parts, strict=True):
                        total += n / calibrated.DENOMINATOR
                        if point < total:
                            return _plain_outcome(name)
                    return _plain_outcome(table.names[-1])
        return State.sample_chance(self, rng)

    def _apply(self, action: KubikAction) -> KubikState:
        # the events are made when someone asks (events()): a simulation never does, and building them
        # was a fifth of a calibrated game's time; what they need is taken now, not this state
        done: tuple[Told, ...] = (partial(action_event_of, self.game, self.phase, self.team, self.thrower,
                                          self.interceptor, action),)
        match action:
            case FirstTeam(team):
                return replace(self, phase=_before_throw(self.game), team=team, scored=(), happened=done)
            case Intercept(seat):
                return replace(self, phase=Phase.AIM, interceptor=seat, scored=(), happened=done)
            case ThrowChoice():
                # every field spelt out: this and _next_turn are a game's hot path (dataclasses.replace
                # costs several times a constructor's call)
                return KubikState(self.game, Phase.THROW, self.team, self.next_index, self.scores, self.cube,
                                  self.throws, action, self.pending, self.interceptor, (), self.last, done)
            case Strike(strike):
                return replace(self, phase=Phase.INTERCEPT if strike else Phase.REST, scored=(), happened=done)
            case Outcome() if self.phase is Phase.INTERCEPT:
                return _interception(self, action, done)
            case Outcome(kind="cross"):
                return replace(self, phase=Phase.CROSSING, pending=action, scored=(), last=action, happened=done)
            case Outcome():
                return _score_throw(self, action, done)
        raise AssertionError(action)  # pragma: no cover - apply() validated the action

    def events(self) -> Sequence[Event]:
        """What the last action did: the action as an event (the lot, a declaration, a throw, an outcome
        with its faces, strike or hold), then the points it scored — each team's new score — a
        recentred cube (K17) and the throw limit, in that order. Everything on a field is public."""
        return made(self.happened)

    def result(self) -> Event | None:
        """Teams win (K11): ``game_won`` with ``side`` ``A`` or ``B`` and that team's seats as
        ``members``; at the throw limit the higher score wins and equal scores are ``game_drawn``.
        ``why`` says which (``target`` or ``throw_limit``), ``scores`` the final scores by team."""
        return result(self)

    def seat_points(self) -> tuple[float, ...]:
        """Each seat's team's points (K7, K9, K11)."""
        return tuple(float(self.scores[self.game.team_of(seat)]) for seat in range(self.game.num_players))

    def returns(self) -> tuple[float, ...]:
        """The winning team's players +1, the other's −1; a draw at the throw limit is 0."""
        n = self.game.num_players
        winner = self.winning_team() if self.phase is Phase.OVER else None
        if winner is None:
            return (0.0,) * n
        return tuple(1.0 if self.game.team_of(s) == winner else -1.0 for s in range(n))

    def winning_team(self) -> int | None:
        """The team that reached the target (K11) or, at the throw limit, the higher score."""
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def view(self, player: Player) -> View:
        return field_view(self, player)

    def motion(self, action: KubikAction) -> dict[str, Any] | None:
        """A simulated throw's (or interception's) trajectory re-run from its recorded noise, for an
        animation (:mod:`tabletop.games.kubik.motion`); None for anything else."""
        return throw_motion(self, action)

    def describe(self, action: KubikAction) -> str:
        return describe_action(self, action)

    def render(self, player: Player | None = None) -> str:
        """The field: Kubik hides nothing."""
        return field_picture(self)

    def __str__(self) -> str:
        return field_picture(self)


def _outcome(game: Kubik, text: str) -> Outcome:
    """An outcome written in notation."""
    return _plain_outcome(text)


@cache
def _plain_outcome(text: str) -> Outcome:
    """An outcome written in notation that names no player (every outcome does not): parsed once."""
    action = parse_action(text, {})
    assert isinstance(action, Outcome)
    return action


NOISE_SIZE = 7
"""Numbers in a simulated outcome's noise sample (``physics.NOISE_NAMES``; a test keeps them equal)."""


def _noise_refusal(phase: Phase, rules: int, outcome: Outcome) -> str | None:
    """Why a simulated outcome's noise has the wrong form here (the rest of a crossing: the turf's)."""
    if phase is Phase.REST:
        return rest_noise_refusal(rules, outcome)
    if len(outcome.noise) != NOISE_SIZE:
        return (f"a simulated outcome carries its noise sample, {NOISE_SIZE} numbers; this one has "
                f"{len(outcome.noise)} (an outcome people saw is written `seen …`)")
    return None


def _valid_faces(outcome: Outcome) -> bool:
    top, front = outcome.top, outcome.front
    if top is None:
        return outcome.kind in ("miss", "in", "cross") and front is None
    return front is None or (front != top and front + top != 7)


def _valid_detail(outcome: Outcome) -> bool:
    """A resting place belongs to a cube that stayed in (x, y, yaw); a crossing has a place (x, y) and a
    velocity; nothing else has either."""
    if outcome.kind == "cross":
        return (outcome.at is None or len(outcome.at) == 2) and (outcome.moving is None or outcome.at is not None)
    return outcome.moving is None and (outcome.at is None or (outcome.kind == "in" and len(outcome.at) == 3))


def _before_throw(game: Kubik) -> Phase:
    """K19: with the variant the other team first says who stands to intercept; else the thrower aims."""
    return Phase.STAND if game.interception else Phase.AIM


def _on_field(throw: Throw) -> bool:
    """Any throw within the grid's ranges is allowed, not only the grid's points."""
    return (throw.line in ("A", "B") and -1.0 <= throw.position <= 1.0 and -6 <= throw.aim <= 6
            and 8 <= throw.power <= 18 and 0 <= throw.spin <= 6)


def _settle(cube: CubePose, outcome: Outcome, recentre: bool) -> CubePose:
    """Where the cube is before the next throw (K8, K17, K20a)."""
    if outcome.kind == "miss":
        return cube
    top = outcome.top if outcome.top is not None else cube.top
    front = outcome.front if outcome.front is not None else _front_for(top, cube.front)
    if outcome.kind == "in" and outcome.at is not None and not recentre:
        x, y, yaw = outcome.at
        return CubePose(top, front, x, y, yaw)
    if outcome.kind == "in" and outcome.top is None and not recentre:
        return cube  # scorekeeper: the real cube stays where it is
    return CubePose(top, front)


def _front_for(top: int, front: int) -> int:
    """Keep the old front face if it still can be one with the new top; else the lowest that can."""
    if front != top and front + top != 7:
        return front
    return min(f for f in range(1, 7) if f != top and f + top != 7)


def _score_throw(state: KubikState, outcome: Outcome, done: tuple[Told, ...]) -> KubikState:
    """K7, K9: out scores the face on top, in scores nothing, a miss costs 5; then the next team."""
    team = state.team
    if outcome.kind == "miss":
        scored = (Score(team, -MISS_PENALTY, "miss"),)
    elif outcome.kind == "out":
        assert outcome.top is not None
        scored = (Score(team, int(outcome.top), "out", int(outcome.top)),)
    else:
        scored = (Score(team, 0, "in"),)
    recentre = bool(state.game.options["recentre"])
    cube = _settle(state.cube, outcome, recentre)
    if outcome.kind == "in" and recentre:  # K17
        done = (*done, event("recentred", top=cube.top))
    return _next_turn(state, scored, cube, outcome, done)


def _interception(state: KubikState, outcome: Outcome, done: tuple[Told, ...]) -> KubikState:
    """K14: a hit cancels the throw's points and scores double the face for the interceptors;
    K15, K19: a miss costs them 10, and the throw then runs on to rest and scores as usual."""
    assert state.pending is not None and state.interceptor is not None
    them = 1 - state.team
    if outcome.kind == "hit":
        assert outcome.top is not None
        top = int(outcome.top)
        scored = (Score(state.team, 0, "intercepted", top), Score(them, 2 * top, "interception", top))
        cube = _settle(state.cube, outcome, state.game.options["recentre"])
        return _next_turn(state, scored, cube, outcome, done)
    scores = list(state.scores)
    scores[them] -= INTERCEPT_MISS_PENALTY
    miss = Score(them, -INTERCEPT_MISS_PENALTY, "interception_missed")
    return replace(state, phase=Phase.REST, scores=(scores[0], scores[1]), scored=(miss,), last=outcome,
                   happened=(*done, partial(points_event, miss, scores[them])))


def _next_turn(state: KubikState, scored: tuple[Score, ...], cube: CubePose, outcome: Outcome,
               done: tuple[Told, ...]) -> KubikState:
    """Apply the points score by score — K16: the win is checked after every scored event — then
    pass the throw to the other team's next player (K10)."""
    scores = list(state.scores)
    target = state.game.options["target"]
    over = False
    applied: list[Score] = []
    points: list[Told] = []
    for score in scored:
        scores[score.team] += score.points
        applied.append(score)
        points.append(partial(points_event, score, scores[score.team]))
        if score.points > 0 and scores[score.team] >= target:
            over = True
            break
    team = state.team
    index = list(state.next_index)
    index[team] = (index[team] + 1) % state.game.team_sizes[team]
    throws = state.throws + 1
    limit: tuple[Event, ...] = ()
    cap = state.game.options["max_throws"]  # 0: no limit
    if cap and throws >= cap:
        limit = () if over else (event("throw_limit", throws=throws),)
        over = True
    # the action, its points, then what follows (a recentred cube, K17) and the end at the throw limit
    happened = (done[0], *points, *done[1:], *limit)
    return KubikState(state.game, Phase.OVER if over else _before_throw(state.game), 1 - team, (index[0], index[1]),
                      (scores[0], scores[1]), cube, throws, None, None, None, tuple(applied), outcome, happened)
