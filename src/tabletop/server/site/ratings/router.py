"""The ratings' routes: the pools there are, a pool's leaderboard, and a player's history in a pool.

A player's current ratings are part of the public profile (``GET /api/players/{username}``, which the accounts
feature answers and this feature adds ``ratings`` to). Every read here counts against the reader's
``rating_reads_per_minute`` (and, as an expensive read, against ``expensive_per_second``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import HTTPConnection

import tabletop
from tabletop.core import LEVELS
from tabletop.server.errors import ApiError
from tabletop.server.identity import IdentityDep, counted_as
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.accounts.router import AccountsDep
from tabletop.server.site.ratings.feature import ACTIVE, Ratings
from tabletop.server.site.ratings.model import PROVISIONAL

router = APIRouter(route_class=StrictRoute, tags=["ratings"])


def ratings_of(connection: HTTPConnection) -> Ratings:
    """The app's ratings feature (:func:`tabletop.server.app.features` makes it)."""
    ratings: Ratings = connection.app.state.ratings
    return ratings


RatingsDep = Annotated[Ratings, Depends(ratings_of)]


@router.get("/api/pools")
async def pools(ratings: RatingsDep) -> dict[str, Any]:
    """Every rated pool (name, game, title, and each bot level's rating there: "normal ≈ 1,6xx") and the games
    never rated with why; the provisional threshold and how recent a leaderboard's players are."""
    bots = await ratings.bots_by_pool(LEVELS)  # (the levels rated games seat: the engine's seating.RATED_BOTS)
    found = []
    unrated = {}
    for name, game in tabletop.REGISTRY.items():
        found += [{"pool": pool.name, "game": name, "title": pool.title, "bots": bots.get(pool.name, {})}
                  for pool in game.spec.pools]
        if not game.spec.pools:
            unrated[name] = game.spec.unrated or f"{name} has no rated configurations"
    return {"pools": found, "unrated": unrated, "provisional_above": PROVISIONAL, "active_days": ACTIVE.days}


@router.get("/api/leaderboard/{pool}")
async def leaderboard(pool: str, ratings: RatingsDep, identity: IdentityDep) -> dict[str, Any]:
    """The pool's settled ratings of players active lately, best first (404 ``no_pool`` for a pool there is not)."""
    return await ratings.leaderboard(pool[:40], counted_as(identity))


@router.get("/api/players/{username}/ratings/{pool}")
async def history(username: str, pool: str, ratings: RatingsDep, accounts: AccountsDep,
                  identity: IdentityDep) -> dict[str, Any]:
    """A player's rating after each rated game of the pool, oldest first (the points of its graph)."""
    account = await accounts.account_named(username[:64])
    if account is None:
        raise ApiError(404, "no player of that name", "no_player")
    return await ratings.history(account, pool[:40], counted_as(identity))
