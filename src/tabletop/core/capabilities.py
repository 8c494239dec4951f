"""What a game offers beyond the rules, declared as data: its spec's ``capabilities``.

Every game implements the required core — its spec, an initial state, the player to move, the legal
actions and chance outcomes, ``apply``, the returns and each player's view — and with that alone it
plays in the terminal, on the server, in the browser's generic controls and in tournaments. The rest
is optional, and a game says which parts it provides the way OpenSpiel's ``GameType`` flags do
(``provides_observation_tensor``…): consumers ask :meth:`Game.provides` instead of calling a method to
see whether it answers, and the core checks, when a game class is defined, that what it declares is
what it implements when the game is registered (:func:`check_declared`), so a declaration cannot drift
from the code.

>>> from tabletop.games import REGISTRY
>>> sorted(map(str, REGISTRY["beetle"].spec.capabilities))
['coach', 'encoding', 'odds', 'presentation']
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core.game import Game


class Capability(enum.StrEnum):
    """One optional part of a game, named as the server's ``GET /api/games`` lists it."""

    PRESENTATION = "presentation"
    """The game's own words for people reading text: the whole state for a terminal (``State.render``), a
    sentence per move (``State.describe``) and per event (``Game.event_text``). Without it the generic
    forms serve: the state's ``repr``, ``seat 1: <action>``, an event's kind and parameters."""
    MOTION = "motion"
    """Frames for an animation of an action (``State.motion``: a simulated throw's flight)."""
    PREVIEW = "preview"
    """What each legal move would do, shown before it is made (``State.preview``: the board after it, which
    piece goes where). Only for moves whose result is certain and public: a preview must not tell a seat
    anything it may not see yet (a chance outcome, a hidden card)."""
    COACH = "coach"
    """What each legal action is worth, from a seat's view alone (``Game.coach``)."""
    ODDS = "odds"
    """Each seat's exact chance of winning from a state (``Game.win_chances``)."""
    ENCODING = "encoding"
    """A fixed-size numeric form for learning code (``Game.encoding``): the RL adapters need it."""
    BATCH = "batch"
    """Many games stepped together in arrays (``Game.batch``): the vector environments use it."""
    STATISTICS = "statistics"
    """A seat's statistics from a finished game's record (``Game.seat_statistics``), with the figures they are
    read as (``GameSpec.statistics``): what a player's profile shows of their play."""


def _overrides(method: str, owner: str) -> Callable[[type[Game[Any, Any]]], bool]:
    def found(cls: type[Game[Any, Any]]) -> bool:
        from tabletop.core import game as core

        kind = cls if owner == "Game" else _state_type(cls)
        base = getattr(core, owner)
        return getattr(kind, method) is not getattr(base, method)

    return found


def _state_type(cls: type[Game[Any, Any]]) -> type[Any]:
    """The state class a game makes: the return annotation of its ``initial_state``, resolved.

    Raises:
        TypeError: when the annotation is missing or names no class.
    """
    import typing

    try:
        hint = typing.get_type_hints(cls.initial_state).get("return")
    except (NameError, TypeError) as error:
        raise TypeError(f"{cls.__name__}.initial_state's return annotation does not resolve ({error}): it must "
                        "name the game's state class, whose capabilities are checked") from None
    kind = typing.get_origin(hint) or hint
    if not isinstance(kind, type):
        raise TypeError(f"{cls.__name__}.initial_state must be annotated with the game's state class "
                        "(its capabilities are checked on it)")
    return kind


def _any(*tests: Callable[[type[Game[Any, Any]]], bool]) -> Callable[[type[Game[Any, Any]]], bool]:
    return lambda cls: any(test(cls) for test in tests)


IMPLEMENTED: dict[Capability, Callable[[type[Game[Any, Any]]], bool]] = {
    Capability.PRESENTATION: _any(_overrides("render", "State"), _overrides("describe", "State"),
                                  _overrides("event_text", "Game")),
    Capability.MOTION: _overrides("motion", "State"),
    Capability.PREVIEW: _overrides("preview", "State"),
    Capability.COACH: _overrides("coach", "Game"),
    Capability.ODDS: _overrides("win_chances", "Game"),
    Capability.ENCODING: lambda cls: cls.encoding_type is not None,
    Capability.BATCH: lambda cls: cls.batch_type is not None,
    Capability.STATISTICS: _overrides("seat_statistics", "Game"),
}
"""How to see from a game's classes that it implements each capability: the hook it overrides."""


def check_declared(cls: type[Game[Any, Any]]) -> None:
    """Raise TypeError unless ``cls``'s spec declares exactly the capabilities it implements.

    Raises:
        TypeError: naming what is implemented and not declared, or declared and not implemented (or statistics
            declared without their figures).
    """
    declared = cls.spec.capabilities
    found = {capability for capability, test in IMPLEMENTED.items() if test(cls)}
    if (Capability.STATISTICS in declared) != bool(cls.spec.statistics):
        raise TypeError(f"{cls.__name__} ({cls.spec.name}): GameSpec.statistics lists the figures of the statistics "
                        "capability: both or neither")
    if found != declared:
        missing, extra = sorted(found - declared), sorted(declared - found)
        said = "; ".join(part for part in (
            f"implements {', '.join(missing)} without declaring it" if missing else "",
            f"declares {', '.join(extra)} without implementing it" if extra else "") if part)
        raise TypeError(f"{cls.__name__} ({cls.spec.name}): {said} (GameSpec.capabilities)")
