"""A request other people must agree to (an undo, a resignation for a side, abandoning a game): the
pending request is data the table keeps — ``{"seat", "waiting", "agreed", …}`` — and each answer
either withdraws it or adds a consent, until every seat it waits for has agreed. One rule for every
kind, so an undo and an ending cannot drift apart in who must say yes."""

from __future__ import annotations

from typing import Any

from tabletop.server.errors import Rejection


def answered(pending: dict[str, Any] | None, seat: int, agree: bool,
             refusal: Rejection) -> tuple[dict[str, Any] | None, bool]:
    """The request after ``seat``'s answer (None once refused) and whether all it waits for have now
    agreed; ``refusal`` is raised when no such request waits for this seat.

    >>> answered({"seat": 0, "waiting": [1, 2], "agreed": []}, 1, True, Rejection("no", "none"))
    ({'seat': 0, 'waiting': [1, 2], 'agreed': [1]}, False)
    >>> answered({"seat": 0, "waiting": [1, 2], "agreed": [1]}, 2, True, Rejection("no", "none"))[1]
    True
    >>> answered({"seat": 0, "waiting": [1, 2], "agreed": [1]}, 2, False, Rejection("no", "none"))
    (None, False)
    """
    if pending is None or seat not in pending["waiting"]:
        raise refusal
    if not agree:
        return None, False
    agreed = sorted({*pending["agreed"], seat})
    return {**pending, "agreed": agreed}, set(agreed) >= set(pending["waiting"])
