"""Reading a finished game's result from its returns: winners, ties and draws."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.game import State


def winners(returns: Sequence[float]) -> tuple[int, ...]:
    """The seats with the best return; empty for a draw (every seat equal, more than one seat).

    >>> winners([1.0, 0.0, 0.0])
    (0,)
    >>> winners([0.5, 0.5])
    ()
    >>> winners([1.0, 1.0, 0.0])
    (0, 1)
    """
    if not returns:
        return ()
    best = max(returns)
    top = tuple(seat for seat, value in enumerate(returns) if value == best)
    if len(top) == len(returns) and len(returns) > 1:
        return ()
    return top


def winner_field(state: State[object]) -> int | list[int] | None:
    """The ``winner`` of a result as JSON wants it: a seat, a list for ties, or None."""
    if not state.is_terminal:
        return None
    top = winners(state.returns())
    if not top:
        return None
    return top[0] if len(top) == 1 else list(top)
