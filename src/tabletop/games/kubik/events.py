"""What the last Kubik action did, as events (data, not prose), and the result of a finished game.

Every kind is declared with its parameters in the game's spec (``SPEC.events``): the action itself
(``lot``, ``nobody_stands``, ``stands``, ``throw``, ``throw_real``, ``miss``, ``cube_in``, ``cube_out``,
``cross``, ``intercept_hit``, ``intercept_miss``, ``strike``, ``hold``), then what it caused: ``points``
(a team's points, a code for why, its new score), ``recentred`` (K17) and ``throw_limit``. Everything on
a field is public, so every event is seen by everyone. A state keeps what its last action did as
:data:`Told` — an event, or what makes it when asked (a simulation never asks, and building the
events was a fifth of a calibrated game's time).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

from tabletop.core import Event, action_event, event
from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice
from tabletop.games.kubik.phases import Phase, Score

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik
    from tabletop.games.kubik.state import KubikState

Told: TypeAlias = "Event | partial[Event]"
"""Something the last action did: an event, or what makes it when :meth:`KubikState.events` is asked."""

#: What a throw's (or an interception's) outcome is called as an event, by the outcome's kind.
OUTCOME_EVENTS = {"miss": "miss", "in": "cube_in", "out": "cube_out", "cross": "cross"}
INTERCEPT_EVENTS = {"hit": "intercept_hit", "miss": "intercept_miss"}


def made(happened: Sequence[Told]) -> tuple[Event, ...]:
    """The events of what the last action did, each made now if it was kept as what makes it."""
    return tuple(told() if isinstance(told, partial) else told for told in happened)


def result(state: KubikState) -> Event | None:
    """Teams win (K11): ``game_won`` with ``side`` ``A`` or ``B`` and that team's seats as
    ``members``; at the throw limit the higher score wins and equal scores are ``game_drawn``.
    ``why`` says which (``target`` or ``throw_limit``), ``scores`` the final scores by team."""
    if not state.is_terminal:
        return None
    game = state.game
    scores = {"A": state.scores[0], "B": state.scores[1]}
    why = "target" if max(state.scores) >= game.options["target"] else "throw_limit"
    winner = state.winning_team()
    if winner is None:
        return event("game_drawn", why=why, scores=scores)
    members = [game.seat(winner, i) for i in range(game.team_sizes[winner])]
    return event("game_won", side="AB"[winner], members=members, why=why, scores=scores)


def action_event_of(game: Kubik, phase: Phase, team: int, thrower: int, interceptor: int | None,
                    action: KubikAction) -> Event:
    """The action as an event, as the rules see it (everything on a field is public), from what the
    position it was taken in said: the phase, the team to throw, its thrower and the interceptor."""
    # the throw and its outcome first: they are most of a game (the cases are distinct types)
    match action:
        case ThrowChoice(throw=t) if t is not None:
            return action_event("throw", **who(game, thrower), line=t.line, pos=t.position, aim=t.aim,
                                power=t.power, spin=t.spin)
        case Outcome() if phase is Phase.INTERCEPT:
            assert interceptor is not None
            faces = faces_of(action) if action.kind == "hit" else {}
            return action_event(INTERCEPT_EVENTS[action.kind], **who(game, interceptor), **faces,
                                seen=action.seen)
        case Outcome(kind="cross"):
            at, moving = action.at, action.moving
            return action_event("cross", **who(game, thrower), x=float(at[0]) if at else None,
                                y=float(at[1]) if at else None, vx=float(moving[0]) if moving else None,
                                vy=float(moving[1]) if moving else None, seen=action.seen)
        case Outcome():
            faces = {} if action.kind == "miss" else faces_of(action)
            return action_event(OUTCOME_EVENTS[action.kind], **who(game, thrower), **faces, seen=action.seen)
        case FirstTeam(team):
            return action_event("lot", team="AB"[team])
        case Intercept(seat=None):
            return action_event("nobody_stands", team="AB"[1 - team])
        case Intercept(seat=seat) if seat is not None:
            return action_event("stands", seat=seat, player=game.labels[seat], team="AB"[game.team_of(seat)])
        case ThrowChoice(throw=None):
            return action_event("throw_real", **who(game, thrower))
        case Strike(strike):
            assert interceptor is not None
            return action_event("strike" if strike else "hold", **who(game, interceptor))
    raise AssertionError(action)  # pragma: no cover - apply() validated the action


def faces_of(outcome: Outcome) -> dict[str, Any]:
    """An outcome's faces as event parameters: top and front, None where nobody said (a real field)."""
    return {"top": None if outcome.top is None else int(outcome.top),
            "front": None if outcome.front is None else int(outcome.front)}


def who(game: Kubik, seat: int) -> dict[str, Any]:
    """An event's player: seat, label (``A1``) and team letter."""
    return {"seat": seat, "player": game.labels[seat], "team": "AB"[game.team_of(seat)]}


def points_event(score: Score, total: int) -> Event:
    """The ``points`` event of a score: the team, its points and why, and the team's new score."""
    face: dict[str, Any] = {} if score.top is None else {"top": score.top}
    return event("points", team="AB"[score.team], points=int(score.points), why=score.why, **face, score=int(total))
