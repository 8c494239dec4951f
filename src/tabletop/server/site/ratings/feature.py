"""The ratings feature's logic: a finished rated table applied to its players' ratings, and what is read of them.

A finished table reaches :meth:`Ratings.finished` once (the ``ratings`` consumer of the table events); its
sides are ranked by the game's returns (:func:`.model.places`) and every member's rating — grown by the days
since its last game — is moved by the model (:func:`.model.rate`). The whole table is written in one
transaction keyed by the table: a table handed again changes nothing. Two processes finishing tables of the
same player at once cannot lose either update: a write expects the count of games it read, and a table that
finds it changed is computed again from the new ratings.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any

import tabletop
from tabletop.core import pool_for
from tabletop.server.errors import ApiError
from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.requests import limit_error
from tabletop.server.site.ratings.model import PROVISIONAL, SCALE, Skill, places, rate
from tabletop.server.table_events import TableFinished
from tabletop.storage.accounts import Account
from tabletop.storage.models import now
from tabletop.storage.ratings import Change, Rating, RatingConflict, RatingStore

log = logging.getLogger("tabletop.server")
Db = Callable[..., Awaitable[Any]]

CONSUMER = "ratings"
"""The table events' consumer that applies finished rated tables (kept in the database: once per table)."""
ACTIVE = timedelta(days=90)
"""A leaderboard lists the settled ratings of accounts that played a rated game in the pool this recently."""
BOARD = 100
"""Lines a leaderboard has at most."""
HISTORY = 500
"""Points of a rating graph at most (the latest games)."""
RETRIES = 5
"""Times a table's changes are computed again when another process moved one of its players meanwhile."""
READ = Priced("rating_reads_per_minute", code="too_many_rating_reads", what="leaderboards or rating histories read")


def pools() -> dict[str, str]:
    """Every rated pool of the games there are, with the game it belongs to."""
    return {pool.name: name for name, game in tabletop.REGISTRY.items() for pool in game.spec.pools}


def shown(rating: Rating | None, moment: Any = None) -> dict[str, Any]:
    """A stored rating as people read it today (its deviation grown since its last game), with its games."""
    if rating is None:
        return {**Skill().shown, "games": 0}
    skill = Skill(rating.mu, rating.sigma).at(rating.played_at, moment or now())
    return {**skill.shown, "games": rating.games}


class Ratings:
    """Ratings over their store (:class:`~tabletop.storage.ratings.RatingStore`), run on the database's threads
    (``db``), reads counted by ``rates``."""

    def __init__(self, store: RatingStore, db: Db, rates: Rates) -> None:
        self.store, self.db, self.rates = store, db, rates

    async def finished(self, event: TableFinished) -> None:
        """Apply a finished table to its players' ratings, if it was rated and ended with a result."""
        if event.pool is None or event.status != "over" or not event.result:
            return
        accounts = [sitter.account for sitter in event.seats]
        if any(account is None for account in accounts):  # (a rated table seats accounts only: never here)
            log.warning("table %s: rated but a seat has no account; not rated", event.table)
            return
        game = tabletop.load(event.game, **{k: v for k, v in event.options.items() if k != "rules"})
        sides = [members for _, members in game.seat_sides()]
        ranks = places(event.result["returns"], sides)
        for _ in range(RETRIES):
            try:
                await self.db(self._apply, event.table, event.pool, [[accounts[s] for s in m] for m in sides], ranks)
                return
            except RatingConflict:  # another process moved a player meanwhile: again, from the new ratings
                continue
        raise RuntimeError(f"table {event.table}: ratings kept changing under it; tried {RETRIES} times")

    def _apply(self, table: str, pool: str, sides: list[list[str]], ranks: list[int]) -> None:
        """(On a database thread.) Read the members' ratings, move them, write them for ``table``."""
        moment = now()
        stored = self.store.ratings([account for side in sides for account in side], pool)
        before = [[(Skill(stored[a].mu, stored[a].sigma).at(stored[a].played_at, moment) if a in stored else Skill())
                   for a in side] for side in sides]
        after = rate(before, ranks)
        changes = [Change(account, rank, (old.mu, old.sigma), (new.mu, new.sigma),
                          stored[account].games if account in stored else 0)
                   for side, rank, olds, news in zip(sides, ranks, before, after, strict=True)
                   for account, old, new in zip(side, olds, news, strict=True)]
        if not self.store.apply(table, pool, changes, moment):
            log.info("table %s: its ratings were applied already", table)

    async def profile_part(self, account: Account) -> dict[str, Any]:
        """What a public profile shows of the account's ratings: ``{"ratings": {pool: {rating, deviation,
        provisional, games, rank}}}`` (rank: its place on the pool's leaderboard, None off it)."""
        moment = now()
        found = await self.db(self.store.ratings_of, account.id)
        ratings = {}
        for rating in found:
            now_shown = shown(rating, moment)  # (a settled rating unused for long is provisional again: no rank)
            rank = None if now_shown["provisional"] else await self.db(self.store.rank, rating.pool, account.id,
                                                                        moment - ACTIVE, PROVISIONAL / SCALE)
            ratings[rating.pool] = {**now_shown, "rank": rank}
        return {"ratings": ratings}

    async def rating(self, account: str, pool: str) -> dict[str, Any]:
        """The account's rating in ``pool`` as people read it today (a newcomer's 1500 ± 500 where it has none)."""
        return shown((await self.db(self.store.ratings, [account], pool)).get(account))

    async def bot_ratings(self, pool: str, levels: Sequence[str]) -> dict[str, int]:
        """The shown rating in ``pool`` of each bot level (a level that has played no rated game there: 1500)."""
        accounts = await self.db(self.store.bot_accounts, levels)
        stored = await self.db(self.store.ratings, list(accounts.values()), pool)
        return {level: shown(stored.get(account))["rating"] for level, account in accounts.items()}

    async def history(self, account: Account, pool: str, who: str) -> dict[str, Any]:
        """An account's rating after each rated game in ``pool`` (oldest first), for its graph."""
        await self._count(who, pool)
        points = await self.db(self.store.history, account.id, pool, HISTORY)
        current = (await self.db(self.store.ratings, [account.id], pool)).get(account.id)
        return {"username": account.username, "pool": pool, "current": shown(current),
                "history": [{"table": table, "at": at, "rank": rank, **Skill(mu, sigma).shown}
                            for table, at, rank, mu, sigma in points]}

    async def leaderboard(self, pool: str, who: str) -> dict[str, Any]:
        """The pool's settled ratings, best first (by a rating the player deserves with little doubt)."""
        await self._count(who, pool)
        moment = now()
        lines = await self.db(self.store.leaderboard, pool, moment - ACTIVE, PROVISIONAL / SCALE, BOARD)
        settled = [(line, now_shown) for line in lines
                   if not (now_shown := shown(line.rating, moment))["provisional"]]  # (its deviation grown since)
        return {"pool": pool, "game": pools()[pool], "active_days": ACTIVE.days,
                "players": [{"rank": place, "username": line.username, "bot": line.bot, **now_shown}
                            for place, (line, now_shown) in enumerate(settled, 1)]}

    async def _count(self, who: str, pool: str) -> None:
        if pool not in pools():
            raise ApiError(404, f"no rated pool {pool[:40]!r}", "no_pool", pool=pool[:40], pools=sorted(pools()))
        try:
            await self.rates.table_request(who, READ)
        except LimitReached as error:
            raise limit_error(error) from None


def rated_pool(game: str, options: dict[str, Any]) -> str | None:
    """The pool a table of ``game`` with these resolved options is rated in, if any."""
    found = pool_for(tabletop.load(game).spec, options)
    return None if found is None else found.name
