"""What a profile shows of a player: their finished games, counted per game, and the latest ones.

The accounts feature consumes finished tables (:meth:`~tabletop.server.table_events.TableEvents.consume`:
each once, keyed by table id, caught up from the database after a restart) and notes each for every account
that sat at it: won or not, and whether the account's side *left* — its clock ran out, or the others claimed
the game after it went away, or went on without it (ended the game, gave its seat to a bot: the result's
``left``) — which the completion rate counts (resigning is seeing a game through).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from tabletop.server.table_events import TableFinished
from tabletop.storage.accounts import Claimed, GameCounts, Played
from tabletop.storage.models import now

CONSUMER = "accounts.played"
"""The consumer's name in the database's marks (:mod:`tabletop.storage.consumers`)."""


def played_by(event: TableFinished) -> dict[str, Played]:
    """Each account at the finished table and how it played it."""
    seats: dict[str, set[int]] = {}
    for sitter in event.seats:
        if sitter.account is not None:
            seats.setdefault(sitter.account, set()).add(sitter.seat)
    moment = now()
    return {account: _played(event.table, event.game, event.status, event.cause, event.result, mine, moment)
            for account, mine in seats.items()}


def played_claimed(claimed: Claimed, seats: frozenset[int]) -> Played:
    """How an account played a finished table whose seats it claimed afterwards (from the table's stored
    result: what :func:`played_by` reads of the event, without the record)."""
    result: Mapping[str, Any] = claimed.result or {}
    cause = (result.get("ending") or {}).get("cause") or ("abandoned" if claimed.status == "abandoned" else "finished")
    return _played(claimed.table_id, claimed.game, claimed.status, str(cause)[:16], claimed.result, set(seats),
                   claimed.active_at)


def _played(table: str, game: str, status: str, cause: str, result: Mapping[str, Any] | None, mine: set[int],
            moment: datetime) -> Played:
    """A finished table as the account at ``mine`` played it: won, or *left* (its clock ran out, or the
    others claimed the game, ended it or gave its seat to a bot after it went away)."""
    result = result or {}
    winner = result.get("winner")
    winners = set(winner if isinstance(winner, list) else [] if winner is None else [winner])
    named = set((result.get("ending") or {}).get("seats", []))
    gone = set(result.get("left") or ())  # went away, and the others went on without them (tabletop.server.endings)
    return Played(table, game, status, cause, won=status == "over" and bool(mine & winners),
                  left=(cause == "timed_out" and bool(mine & named)) or (cause == "claimed" and not mine & named)
                  or bool(mine & gone), finished_at=moment)


def profile(username: str, counts: Sequence[GameCounts], recent: Sequence[Played]) -> dict[str, Any]:
    """A player's public profile: per game the games finished, won and left, the completion rate over all
    of them, and the latest games (each with its replay's address)."""
    played = sum(c.played for c in counts)
    left = sum(c.left for c in counts)
    return {"username": username,
            "games": [{"game": c.game, "played": c.played, "won": c.won, "left": c.left} for c in counts],
            "completion_rate": None if not played else round((played - left) / played, 3),
            "recent": [{"table": p.table_id, "game": p.game, "status": p.status, "cause": p.cause, "won": p.won,
                        "finished_at": p.finished_at, "record": f"/api/tables/{p.table_id}/record"}
                       for p in recent]}
