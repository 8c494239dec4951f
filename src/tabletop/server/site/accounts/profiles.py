"""What a profile shows of a player: their finished games, counted per game, and the latest ones.

The accounts feature consumes finished tables (:meth:`~tabletop.server.table_events.TableEvents.consume`:
each once, keyed by table id, caught up from the database after a restart) and notes each for every account
that sat at it: won or not, and whether the account's side *left* — its clock ran out, or the others claimed
the game after it went away — which the completion rate counts (resigning is seeing a game through).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.server.table_events import TableFinished
from tabletop.storage.accounts import GameCounts, Played
from tabletop.storage.models import now

CONSUMER = "accounts.played"
"""The consumer's name in the database's marks (:mod:`tabletop.storage.consumers`)."""


def played_by(event: TableFinished) -> dict[str, Played]:
    """Each account at the finished table and how it played it."""
    seats: dict[str, set[int]] = {}
    for sitter in event.seats:
        if sitter.account is not None:
            seats.setdefault(sitter.account, set()).add(sitter.seat)
    result: Mapping[str, Any] = event.result or {}
    winner = result.get("winner")
    winners = set(winner if isinstance(winner, list) else [] if winner is None else [winner])
    named = set((result.get("ending") or {}).get("seats", []))
    moment = now()
    return {account: Played(event.table, event.game, event.status, event.cause,
                            won=event.status == "over" and bool(mine & winners),
                            left=(event.cause == "timed_out" and bool(mine & named))
                            or (event.cause == "claimed" and not mine & named), finished_at=moment)
            for account, mine in seats.items()}


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
