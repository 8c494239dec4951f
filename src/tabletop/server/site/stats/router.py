"""The statistics' route: a player's statistics of one game, over all their games and game by game.

A player's statistics of every game are part of the public profile (``GET /api/players/{username}``, which the
accounts feature answers and this feature adds ``stats`` to). Every read here counts against the reader's
``stats_reads_per_minute`` (and, as an expensive read, against ``expensive_per_second``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError
from tabletop.server.identity import IdentityDep, counted_as
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.accounts.router import AccountsDep
from tabletop.server.site.stats.feature import Stats

router = APIRouter(route_class=StrictRoute, tags=["stats"])


def stats_of(connection: HTTPConnection) -> Stats:
    """The app's statistics feature (:func:`tabletop.server.app.features` makes it)."""
    stats: Stats = connection.app.state.stats
    return stats


StatsDep = Annotated[Stats, Depends(stats_of)]


@router.get("/api/players/{username}/stats/{game}")
async def player_stats(username: str, game: str, stats: StatsDep, accounts: AccountsDep,
                       identity: IdentityDep) -> dict[str, Any]:
    """A player's statistics of ``game``: the figures over all their games and each of the latest games' (oldest
    first), 404 ``no_stats`` for a game that keeps none."""
    account = await accounts.account_named(username[:64])
    if account is None:
        raise ApiError(404, "no player of that name", "no_player")
    return await stats.history(account, game[:40], counted_as(identity))
