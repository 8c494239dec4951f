"""What happened, as data: the events an action causes, in the game's own vocabulary.

Applying an action yields events — ``{"kind": "pegs", "seat": 1, "points": 4, "why": "fifteen"}``,
``{"kind": "cube_out", "team": "A", "top": 6, "score": 14}`` — that every front end renders in its own
words: the terminal in English (:meth:`Game.event_text`), the browser in each of its languages
from its own strings. Nobody reads prose back, so rewording a sentence can break nothing.

An event may carry what some seats must not see (the cards a seat laid away): it then names the
seats that may (``seats``), and :func:`visible` leaves it out of everyone else's log. A game that
wants the others to know *that* something happened emits a second, redacted event for them
(``discards`` with ``count`` instead of ``cards``).

A finished game's result is an event too (:meth:`State.result`): ``game_won`` with the winning
``side`` (a seat, or a team or partnership's name) and its ``members``, ``game_drawn`` when nobody
won, ``game_shared`` when several seats that are not one side share first place — never a list of
winners left for a reader to take for a tie.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SPECTATOR = -3
"""The "seat" of someone watching: sees only the events every seat sees."""

RESULT_KINDS = ("game_won", "game_drawn", "game_shared")
"""The kinds of result events every game may emit (:meth:`State.result`)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its ``kind``, its JSON-ready ``params``, and who may see it.

    ``seats`` is None for a public event (spectators too), else the seats that may see it.
    ``action`` marks the event that *is* the action (who did what, as the rules see it), which a
    terminal has already shown as the action itself; the others are what it caused.
    ``redacted`` marks the twin of a hidden event for those who may not see all of it (a discard's
    count, not its cards): a reader who may see everything (a finished game's replay) takes the
    full one instead (:func:`unredacted`).
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seats: frozenset[int] | None = None
    action: bool = False
    redacted: bool = False

    def visible_to(self, viewer: int) -> bool:
        """True when ``viewer`` (a seat, or :data:`SPECTATOR`) may see this event."""
        return self.seats is None or viewer in self.seats

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: ``{"kind": ..., **params}``, with ``"action": true`` on the action's own event
        (who may see it is the sender's business)."""
        data = {"kind": self.kind, **self.params}
        if self.action:
            data["action"] = True
        return data

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


def event(kind: str, *, seats: Iterable[int] | None = None, **params: Any) -> Event:
    """An :class:`Event`: ``event("pegs", seat=1, points=4, why="fifteen")``; ``seats=`` limits who
    sees it (so no parameter may be called ``seats``: say ``members``)."""
    return Event(kind, params, None if seats is None else frozenset(seats))


def action_event(kind: str, *, seats: Iterable[int] | None = None, redacted: bool = False, **params: Any) -> Event:
    """The event that is the action itself: ``action_event("discards", seat=0, cards=[...], seats=[0])``,
    and its twin for the others ``action_event("discards", seat=0, count=2, seats=[1, SPECTATOR], redacted=True)``."""
    return Event(kind, params, None if seats is None else frozenset(seats), action=True, redacted=redacted)


def unredacted(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Every event as one who may see everything sees it (redacted twins left out), JSON-ready."""
    return [e.to_data() for e in events if not e.redacted]


def visible(events: Sequence[Event], viewer: int) -> list[dict[str, Any]]:
    """The events ``viewer`` may see, JSON-ready, in order."""
    return [e.to_data() for e in events if e.visible_to(viewer)]


def plain_text(event: Event) -> str:
    """An event written out generically (``pegs: seat=1, points=4``), for games with no words of their own."""
    params = ", ".join(f"{name}={value}" for name, value in event.params.items())
    return f"{event.kind}: {params}" if params else event.kind
