"""The statistics feature's logic: a finished game analysed once for the accounts that played it, and what is read
of their statistics.

A finished table reaches :meth:`Stats.finished` once (the ``stats`` consumer of the table events). A game with
the statistics capability, over with a result, whose seats include accounts is queued in the database with its
record (public once the game is over — the consumer hears only of finished tables, so nothing is ever read of a
game in progress) and the seat of each account that held exactly one; nothing else is done on the events' way, so
a slow analysis never holds up the next event. :meth:`Stats.run` — the feature's own task — takes the queued games
one at a time and analyses each in the expensive-work pool's shared lane (:mod:`tabletop.server.work`: worker
processes, never the event loop), every seat within :data:`GAME_SECONDS` of CPU in all: a game whose analysis
would take longer stores what it finished and says so (``complete``). The results are stored in one transaction
keyed by the table (:class:`~tabletop.storage.stats.StatsStore`): a table handed again, or analysed by two
processes, counts once. A profile shows each game's figures over all the games played (the game's own
``GameSpec.statistics``: the server knows no game) and the latest games' values of the figures a game shows over
time; ``GET /api/players/{name}/stats/{game}`` gives the figures of each of the latest games.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import tabletop
from tabletop.core import Capability
from tabletop.core.statistics import Figure, read
from tabletop.server.errors import ApiError
from tabletop.server.jobs import seat_statistics
from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.requests import limit_error
from tabletop.server.table_events import TableFinished
from tabletop.storage.accounts import Account
from tabletop.storage.stats import Analysed, Queued, StatsConflict, StatsStore

log = logging.getLogger("tabletop.server")
Db = Callable[..., Awaitable[Any]]
Heavy = Callable[..., Awaitable[Any]]
Spawn = Callable[[Awaitable[Any]], None]

CONSUMER = "stats"
"""The table events' consumer queueing finished games for their statistics (each once: marked in the database)."""
GAME_SECONDS = 4.0
"""The CPU one finished game's analysis may take, all its seats together (a seat's share each)."""
PROFILE_SERIES = 50
"""Games a profile's series over time shows at most (the latest)."""
HISTORY = 200
"""Games ``GET /api/players/{name}/stats/{game}`` lists at most (the latest)."""
ROUND_SECONDS = 30.0
"""How often the queue is looked at unwoken (games queued by another process, or left by one that died)."""
TRIES = 3
"""Times a game's analysis is tried before it is given up (it failed each time: logged)."""
RETRIES = 5
"""Times a game's results are written again when another process moved one of its players' totals meanwhile."""
PLACES = 6
"""Decimals a figure is shown with."""
READ = Priced("stats_reads_per_minute", code="too_many_stats_reads", what="players' statistics read")


def kept() -> list[str]:
    """The games that keep statistics (the statistics capability)."""
    return tabletop.REGISTRY.providing(Capability.STATISTICS)


def figures_of(game: str) -> tuple[Figure, ...]:
    """The figures ``game``'s statistics are read as (none for a game that keeps none, or is not installed now)."""
    found = tabletop.REGISTRY.get(game)
    return () if found is None else found.spec.statistics


def shown(figures: tuple[Figure, ...], totals: Any) -> dict[str, float | None]:
    """Each figure's value from ``totals``, rounded for reading."""
    return {name: None if value is None else round(value, PLACES) for name, value in read(figures, totals).items()}


def units(figures: tuple[Figure, ...]) -> dict[str, str]:
    """What each figure's value is (a count, points, a share, a chance), for a page to write it."""
    return {figure.name: figure.unit for figure in figures}


class Stats:
    """Statistics over their store, run on the database's threads (``db``), analysed in the expensive-work pool
    (``heavy``: :meth:`~tabletop.server.work.HeavyWork.run`), reads counted by ``rates``."""

    def __init__(self, store: StatsStore, db: Db, rates: Rates, heavy: Heavy, seconds: float = GAME_SECONDS) -> None:
        self.store, self.db, self.rates, self.heavy, self.seconds = store, db, rates, heavy, seconds
        self.wake = asyncio.Event()

    async def finished(self, event: TableFinished) -> None:
        """Queue a finished game for its accounts' statistics (the ``stats`` consumer): quickly, on the events' way."""
        if event.status != "over" or event.game not in kept():
            return
        seats: dict[str, list[int]] = {}
        for sitter in event.seats:
            if sitter.account is not None:
                seats.setdefault(sitter.account, []).append(sitter.seat)
        # an account at several seats (a shared screen) played against itself: no statistics of its play
        mine = {account: held[0] for account, held in seats.items() if len(held) == 1}
        if not mine:
            return
        if await self.db(self.store.enqueue, event.table, event.game, event.record.to_json(indent=None), mine):
            self.wake.set()

    async def run(self) -> None:
        """Analyse the queued games, one at a time, forever (the hub runs it in the background)."""
        while True:
            try:
                claimed = await self.db(self.store.claim, 1)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is down: the next round
                log.warning("statistics: could not read the queue (%s: %s)", type(error).__name__, error)
                claimed = []
            for queued in claimed:
                try:
                    await self.analyse(queued)
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # the database failed storing it: its claim goes stale, then again
                    log.warning("table %s: its statistics could not be stored (%s: %s)", queued.table,
                                type(error).__name__, error)
            if not claimed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), ROUND_SECONDS)
                self.wake.clear()

    async def analyse(self, queued: Queued) -> bool:
        """Analyse one queued game in the pool and store what it found; True when stored now."""
        seats = sorted(set(queued.seats.values()))
        try:
            found = await self._computed(queued, seats)
        except asyncio.CancelledError:
            raise
        except Exception:
            if queued.tries >= TRIES:
                log.exception("table %s: its statistics failed %d times; given up", queued.table, queued.tries)
                await self.db(self.store.drop, queued.table)
            else:
                log.exception("table %s: its statistics failed; tried again later", queued.table)
                await self.db(self.store.release, queued.table)
            return False
        analysed = [Analysed(account, seat, found[str(seat)]["totals"], found[str(seat)]["complete"])
                    for account, seat in sorted(queued.seats.items()) if str(seat) in found]
        for _ in range(RETRIES):
            try:
                return bool(await self.db(self.store.store, queued.table, queued.game, queued.finished_at, analysed))
            except StatsConflict:  # another process moved a player's totals meanwhile: again, from the new ones
                continue
        await self.db(self.store.release, queued.table)
        return False

    async def _computed(self, queued: Queued, seats: list[int]) -> dict[str, Any]:
        """The job's answer, waiting while the pool is full (its other users come first: statistics can wait)."""
        while True:
            try:
                found: dict[str, Any] = await self.heavy(("stats", queued.table), "stats", seat_statistics,
                                                         queued.game, queued.record, seats, self.seconds, keep=False)
                return found
            except LimitReached as error:
                await asyncio.sleep(error.retry_after or 1.0)

    async def profile_part(self, account: Account) -> dict[str, Any]:
        """What a public profile shows of the account's statistics: ``{"stats": {game: {games, incomplete,
        figures, units, series}}}``, ``series`` the latest games' values of the figures a game shows over time."""
        found = {}
        for totals in await self.db(self.store.totals_of, account.id):
            figures = figures_of(totals.game)
            if not figures:
                continue
            over_time = [figure for figure in figures if figure.series]
            played = await self.db(self.store.played, account.id, totals.game, PROFILE_SERIES) if over_time else []
            found[totals.game] = {
                "games": totals.games, "incomplete": totals.incomplete, "figures": shown(figures, totals.totals),
                "units": units(figures),
                "series": {figure.name: [round(value, PLACES) for game in played
                                         if (value := figure.value(game.totals)) is not None]
                           for figure in over_time}}
        return {"stats": found}

    async def history(self, account: Account, game: str, who: str) -> dict[str, Any]:
        """An account's statistics of ``game``: over all its games, and each of the latest (oldest first)."""
        figures = figures_of(game)
        if not figures:
            raise ApiError(404, f"no statistics are kept for {game[:40]!r}", "no_stats", game=game[:40],
                           games=kept())
        try:
            await self.rates.table_request(who, READ)
        except LimitReached as error:
            raise limit_error(error) from None
        totals = next((t for t in await self.db(self.store.totals_of, account.id) if t.game == game), None)
        played = await self.db(self.store.played, account.id, game, HISTORY)
        return {"username": account.username, "game": game, "units": units(figures),
                "games": 0 if totals is None else totals.games,
                "incomplete": 0 if totals is None else totals.incomplete,
                "figures": shown(figures, {} if totals is None else totals.totals),
                "history": [{"table": one.table, "at": one.finished_at, "complete": one.complete,
                             "figures": shown(figures, one.totals)} for one in played]}
