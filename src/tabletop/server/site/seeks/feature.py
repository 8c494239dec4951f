"""Quick pairing's logic: a seek posted, matched with a waiting one into a table, kept alive, withdrawn.

A seek is a signed-in player's: a two-seat game with its options (resolved by the game, so "the defaults" and
the same options spelt out are one seek), rated or casual (rated: its options in one of the game's pools), and a
range of opponents' ratings it accepts (by the player's rating in that pool; a casual seek of a configuration
outside every pool has no rating to range over). Posting one either matches the oldest seek waiting that
fits both ways — the table is made at once through the seam, the poster in the first seat and the waiting
player's seat addressed to their account and taken for them, so both are seated on every device — or it
waits, and the answer offers the bot level whose rating is nearest the player's (a newcomer need not wait for
nobody). A waiting seek's browser asks after it every few seconds (:data:`ALIVE`): one that stops — the page
left, the browser closed — is gone for everyone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import tabletop
from tabletop.core import LEVELS, TabletopError, pool_for
from tabletop.server.errors import ApiError, Rejection
from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.messages import CreateTable
from tabletop.server.requests import limit_error
from tabletop.server.seams import Pairing
from tabletop.server.site.ratings import Ratings
from tabletop.storage.accounts import Account
from tabletop.storage.models import now
from tabletop.storage.seeks import Seek, SeekStore, new_id

Db = Callable[..., Awaitable[Any]]

ALIVE = timedelta(seconds=20)
"""A seek whose browser has not asked after it this long is no longer waiting (its player has left)."""
POLL_SECONDS = 3
"""How often a waiting browser asks after its seek (said in every answer)."""
LISTED = 50
"""Seeks the lobby lists at most."""
SEEK = Priced("seeks_per_minute", code="too_many_seeks", what="seeks posted")


class Seeks:
    """Quick pairing over its store, the tables' :class:`~tabletop.server.seams.Pairing` seam and the ratings."""

    def __init__(self, store: SeekStore, db: Db, rates: Rates, tables: Pairing, ratings: Ratings) -> None:
        self.store, self.db, self.rates, self.tables, self.ratings = store, db, rates, tables, ratings

    async def post(self, account: Account, client: str, game: str, options: dict[str, Any], rated: bool,
                   spread: int | None) -> dict[str, Any]:
        """Seek a game: ``{"seek": id, "status": "waiting", "bot": {level, rating}|None}`` or, matched at once,
        ``{"status": "matched", "table": id}``.

        Raises:
            ApiError: 422 for a game or options that cannot be sought, 400 ``not_rated`` for a rated seek
                outside every pool, 429 beyond ``seeks_per_minute`` or a table limit.
        """
        try:
            await self.rates.table_request("account:" + account.id, SEEK)
        except LimitReached as error:
            raise limit_error(error) from None
        spec, resolved = _resolved(game, options)
        found = pool_for(spec, resolved)
        if rated and found is None:
            raise ApiError(400, "this table cannot be rated: its options are in none of the game's pools",
                           "not_rated", reason="options", game=game)
        pool = found.name if found is not None else None
        mine = await self.ratings.rating(account.id, pool) if pool else {"rating": 1500, "provisional": True}
        moment = now()
        seek = Seek(new_id(), account.id, account.username, game, resolved, pool, rated, int(mine["rating"]),
                    bool(mine["provisional"]), None if spread is None or pool is None else mine["rating"] - spread,
                    None if spread is None or pool is None else mine["rating"] + spread, moment, moment)
        claimed: Seek | None = await self.db(self.store.post, seek, moment - ALIVE)
        if claimed is None:
            bot = await self._bot_offer(pool, mine["rating"]) if rated and pool else None
            return {"seek": seek.id, "status": "waiting", "poll_seconds": POLL_SECONDS, "bot": bot}
        try:
            table = await self._table(account, client, claimed)
        except BaseException:
            await self.db(self.store.release, claimed.id)
            raise
        await self.db(self.store.matched, table, claimed.id)
        return {"status": "matched", "table": table}

    async def _table(self, account: Account, client: str, claimed: Seek) -> str:
        """The matched table: the poster in seat 1, the waiting player in seat 2 (addressed, and taken for them)."""
        request = CreateTable.model_validate({
            "game": claimed.game, "options": {k: v for k, v in claimed.options.items() if k != "rules"},
            "seats": [{"kind": "human", "name": account.username}, {"kind": "human", "for": claimed.username}],
            "creator_seat": 0, "rated": claimed.rated})
        try:
            table = await self.tables.create(request, client, account.id, {1: (claimed.account, claimed.username)})
            await self.tables.join(table, claimed.username, 1, claimed.account)
        except Rejection as error:  # (two players one of whom blocks the other: refused before a table is made)
            raise ApiError.of(409 if error.code == "cannot_join" else 400, error) from None
        except LimitReached as error:
            raise limit_error(error) from None
        return table

    async def _bot_offer(self, pool: str, rating: int) -> dict[str, Any]:
        """The bot level whose rating in ``pool`` is nearest ``rating``."""
        ratings = await self.ratings.bot_ratings(pool, LEVELS)
        level = min(ratings, key=lambda name: (abs(ratings[name] - rating), LEVELS.index(name)))
        return {"level": level, "rating": ratings[level]}

    async def status(self, account: Account, client: str, seek_id: str) -> dict[str, Any]:
        """A seek's state as its browser asks after it (and so keeps it alive): waiting, matched with its table,
        or gone (404 ``no_seek``: withdrawn, or not seen for so long that it was dropped). A seek still waiting
        looks again for one that fits (posted while it lapsed, or at the same moment on another process)."""
        seek = await self.db(self.store.seen, seek_id[:32], account.id)
        if seek is None:
            raise ApiError(404, "no such seek: it was withdrawn or has lapsed", "no_seek")
        if seek.table is None and seek.matched_by is None:
            other = await self.db(self.store.pair_waiting, seek.id, account.id, now() - ALIVE)
            if other is not None:
                try:
                    table = await self._table(account, client, other)
                except BaseException:
                    await self.db(self.store.release, other.id)
                    await self.db(self.store.release, seek.id)
                    raise
                await self.db(self.store.matched, table, other.id, seek.id)
                return {"seek": seek.id, "status": "matched", "table": table}
        if seek.table is not None:
            return {"seek": seek.id, "status": "matched", "table": seek.table}
        return {"seek": seek.id, "status": "waiting", "poll_seconds": POLL_SECONDS}

    async def cancel(self, account: Account, seek_id: str) -> None:
        """Withdraw the account's waiting seek (404 ``no_seek``: none such, or matched already)."""
        if not await self.db(self.store.cancel, seek_id[:32], account.id):
            raise ApiError(404, "no such seek waiting: it was withdrawn, has lapsed or was matched", "no_seek")

    async def waiting(self) -> list[dict[str, Any]]:
        """The seeks waiting now, for the lobby: who, what, rated or not, their rating and range."""
        found = await self.db(self.store.open_seeks, now() - ALIVE, LISTED)
        return [{"seek": seek.id, "username": seek.username, "game": seek.game, "options": dict(seek.options),
                 "pool": seek.pool, "rated": seek.rated, "rating": seek.rating if seek.pool else None,
                 "provisional": seek.provisional, "low": seek.low, "high": seek.high} for seek in found]


def _resolved(game: str, options: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The game's spec and the options as it resolves them, for a game of two seats.

    Raises:
        ApiError: 422 for an unknown game, a bad option, or a game that is not for two.
    """
    try:
        spec = tabletop.REGISTRY[game].spec
        resolved = spec.resolve({**dict(spec.people_options), **options, "players": options.get("players", 2)})
        seats = tabletop.load(game, **{k: v for k, v in resolved.items() if k != "rules"}).num_players
    except TabletopError as error:
        raise ApiError.of(422, error) from None
    if seats != 2:
        raise ApiError(422, "quick pairing pairs two players: a game of two seats", "seek_two_players",
                       players=seats)
    return spec, resolved
