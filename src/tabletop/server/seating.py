"""Seating people at live tables: a table made (its game, options and seats checked, the client's limits
kept), a free seat taken from the lobby or a kept one by its person (a rematch's), seat tokens checked, a
connection attached; and a table started once every seat is filled.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import LEVELS, Game, TabletopError, no_such_seat, pool_for, seat_label, unrated_reason
from tabletop.server import chance
from tabletop.server.broadcast import Broadcaster, Connection
from tabletop.server.errors import Rejection
from tabletop.server.guards import Guarded
from tabletop.server.limits import LimitReached, Limits, Rates
from tabletop.server.messages import CreateTable
from tabletop.server.registry import TableRegistry
from tabletop.server.table import LiveTable
from tabletop.server.table_events import TableEvent, opened, started
from tabletop.storage import SeatSpec, StorageError, hash_token
from tabletop.storage.models import now
from tabletop.storage.ratings import RatingStore

if TYPE_CHECKING:
    from tabletop.server.failover import Failover


RATED_BOTS: tuple[str, ...] = tuple(LEVELS)
"""The bot levels that play rated games, each under an account of its own on the people's ladder."""


class Seating:
    """Tables made and joined at this process."""

    def __init__(self, registry: TableRegistry, broadcaster: Broadcaster, failover: Failover, rates: Rates,
                 limits: Limits, go_on: Callable[[str], Awaitable[None]], emit: Callable[[TableEvent], None],
                 guards: Guarded | None = None) -> None:
        """``go_on(table_id)``: what the hub does after a change (chance, a bot, a clock; then tell everyone);
        ``emit`` tells the table's listeners (:mod:`.table_events`); ``guards`` says who may not sit with whom
        (:mod:`.guards`)."""
        self.registry, self.broadcaster, self.failover = registry, broadcaster, failover
        self.rates, self.limits, self.go_on, self.emit = rates, limits, go_on, emit
        self.guards = guards or Guarded()

    async def create(self, request: CreateTable, client: str = "", account: str | None = None,
                     addressed: Mapping[int, tuple[str, str]] | None = None) -> tuple[LiveTable, dict[int, str], str]:
        """A new table (validated: the game, its options, the seat count, every bot name, the seed and
        the client's limits); returns it, the seats' tokens and the creator's token. The creator's seats
        are bound to ``account`` when signed in (:meth:`seats_for`); ``addressed`` names, for each seat
        asked ``for`` a player, that player's account id and username (the caller looked them up): such a
        seat is taken by that account (:meth:`join`) or by its invitation link only.

        Raises:
            Rejection: for a table that cannot be, with the reason.
            LimitReached: when the client or the server is at a limit.
        """
        import tabletop
        from tabletop.agents import make_bot

        players = request.options.get("players", len(request.seats))
        if str(players) != str(len(request.seats)):
            raise Rejection(f"options say players={players} but {len(request.seats)} seats are given",
                            "players_mismatch", players=str(players)[:20], seats=len(request.seats))
        try:
            people = dict(tabletop.REGISTRY[request.game].spec.people_options) if any(
                seat.kind != "bot" for seat in request.seats) else {}
            game = tabletop.load(request.game, **{**people, **request.options, "players": len(request.seats)})
            game.initial_state()  # a game that cannot start is refused here (Kubik's physics without MuJoCo)
            for seat in request.seats:
                if seat.kind == "bot":
                    make_bot(seat.bot or "normal", game)
        except TabletopError as error:
            raise Rejection.of(error) from None
        except ValueError as error:  # a bot name the game does not know
            raise Rejection(str(error), "unknown_bot", bot=next((s.bot for s in request.seats
                                                                  if s.kind == "bot"), None)) from None
        if request.move_seconds is not None and request.move_seconds < self.limits.min_move_seconds:
            raise Rejection(f"move_seconds {request.move_seconds:g}: a per-move clock is at least "
                            f"{self.limits.min_move_seconds:g} s on this server", "move_seconds_short",
                            seconds=request.move_seconds, minimum=self.limits.min_move_seconds)
        kinds = [seat.kind for seat in request.seats]
        creator_seat = request.creator_seat_number()
        if creator_seat is not None and (creator_seat >= len(kinds) or kinds[creator_seat] == "bot"):
            why = (no_such_seat(creator_seat, len(kinds)) if creator_seat >= len(kinds)
                   else f"{seat_label(creator_seat)} is a bot's")
            raise Rejection(f"creator_seat={creator_seat}: {why}; the creator sits in a human or hot-seat seat",
                            "creator_seat",
                            seat=creator_seat, seats=len(kinds))
        addressed = addressed or {}
        if creator_seat is not None and creator_seat in addressed and addressed[creator_seat][0] != account:
            raise Rejection(f"creator_seat={creator_seat}: that seat is for {addressed[creator_seat][1]}; the "
                            "creator sits in a seat of their own", "seat_for_creator", seat=creator_seat,
                            username=addressed[creator_seat][1])
        if request.seed is not None and (refusal := chance.seed_refusal(kinds, creator_seat)):
            raise ChosenSeedRefused(refusal, "seed_refused",
                                    seats=[n for n, kind in enumerate(kinds) if kind == "human" and n != creator_seat])
        pool = self._rated_pool(request, game, creator_seat, account) if request.rated else None
        all_bots = all(kind == "bot" for kind in kinds)
        await self.check_limits(client, all_bots, account)
        bot_accounts = await self.registry.db(RatingStore(self.registry.store).bot_accounts, RATED_BOTS) if pool else {}
        secret = chance.secret_from_seed(request.seed) if request.seed is not None else chance.new_secret()
        settings: dict[str, Any] = {"chance_secret": secret, "seeded": request.seed is not None,
                                    "move_seconds": request.move_seconds, "time_bank": request.time_bank,
                                    "zombies": [], **({"rated": True, "pool": pool} if pool else {})}
        seats = [SeatSpec(s.kind, s.name or (s.bot or "normal" if s.kind == "bot" else "")
                          or addressed.get(number, ("", ""))[1],
                          s.bot or ("normal" if s.kind == "bot" else None),
                          joined=s.kind == "local" or number == creator_seat, open=s.open,
                          reserved_for=addressed.get(number, (None, None))[0],
                          reserved_name=addressed.get(number, (None, None))[1],
                          account=bot_accounts.get(s.bot or "normal") if s.kind == "bot" else None)
                 for number, s in enumerate(request.seats)]
        table, tokens, creator_token = await self.open(game.name, _jsonable(game.options), seats, settings, client,
                                                       account=account)
        await self.maybe_start(table)
        return self.registry[table.row.id], tokens, creator_token

    @staticmethod
    def _rated_pool(request: CreateTable, game: Game[Any, Any], creator_seat: int | None, account: str | None) -> str:
        """The rating pool of a table asked to be rated (:mod:`tabletop.core.pools`), once every condition holds.

        Raises:
            Rejection: ``not_rated`` with the ``reason`` (a code) and, for options, the game's own words.
        """
        def refuse(reason: str, text: str, **params: Any) -> Rejection:
            return Rejection(f"this table cannot be rated: {text}", "not_rated", reason=reason, **params)

        if account is None or creator_seat is None:
            raise refuse("sign_in", "a rated game is between accounts: sign in, and take a seat")
        if request.seed is not None:
            raise refuse("seed", "a chosen seed makes a practice table")
        if any(seat.kind == "local" for seat in request.seats):
            raise refuse("hot_seat", "players sharing a screen cannot each be an account")
        levels = [seat.bot or "normal" for seat in request.seats if seat.kind == "bot"]
        if unrated := [level for level in levels if level not in RATED_BOTS]:
            raise refuse("bot_level", f"the bot {unrated[0]!r} is not rated (rated: {', '.join(RATED_BOTS)})",
                         bot=unrated[0][:32], bots=list(RATED_BOTS))
        if reason := unrated_reason(game.spec, game.options):
            raise refuse("options", reason, game=game.name)
        found = pool_for(game.spec, game.options)
        assert found is not None
        return found.name

    async def open(self, game: str, options: dict[str, Any], seats: list[SeatSpec], settings: dict[str, Any],
                   client: str = "", table_id: str | None = None,
                   account: str | None = None) -> tuple[LiveTable, dict[int, str], str]:
        """The one way a table comes to be (a person's request, a rematch; a tournament's round and a
        challenge later): ``game`` with ``options`` (checked by the caller), its ``seats`` and ``settings``,
        made by ``client``, owned by this process; the table (not started: :meth:`maybe_start`), each person's
        seat token and the creator's token.

        Raises:
            TableExistsError: when ``table_id`` is given and taken (another process made it a moment ago).
        """
        creator_token = secrets.token_urlsafe(24)
        registry = self.registry
        row, tokens = await registry.db(registry.store.create_table, game, options, seats, settings,
                                        creator=client or None, creator_token=creator_token, owner=registry.instance,
                                        lease_seconds=self.limits.lease_seconds, table_id=table_id, account=account)
        registry.owned.add(row.id)
        table = await registry.load(row.id)
        self.emit(opened(table))
        return table, tokens, creator_token

    async def check_limits(self, client: str, all_bots: bool, account: str | None = None) -> None:
        if client:
            await self.check_creations(client, account)
            await self.check_unfinished(client, account)
        if all_bots and await self.registry.db(self.registry.store.bot_tables) >= self.limits.bot_tables:
            raise LimitReached(f"the server already runs {self.limits.bot_tables} all-bot tables, its limit; "
                               "try again when one has finished", "bot_tables_full", 60.0, 503,
                               limit=self.limits.bot_tables)

    def _bounds(self, limit: int, account: str | None) -> list[tuple[str, int]]:
        """Whom a limit counts: an anonymous client by its address; a signed-in one by its account at the limit,
        and by its address at ``signed_in_address_factor`` times it (a school's accounts are not one client)."""
        return [("client", limit)] if account is None else \
            [("account", limit), ("address", limit * self.limits.signed_in_address_factor)]

    async def check_creations(self, client: str, account: str | None = None) -> None:
        """Refuse a creation by ``client`` (signed in as ``account``) beyond ``creations_per_minute``, counted in
        the database: every process sees the same tables, whether Redis is up or not."""
        store = self.registry.store
        for what, limit in self._bounds(self.limits.creations_per_minute, account):
            made = await self.registry.db(store.created_by_account_since if what == "account" else store.created_since,
                                          account if what == "account" else client, 60.0)
            if len(made) >= limit:
                wait = max(1.0, 60.0 - (now() - made[-limit]).total_seconds())
                raise LimitReached(f"too many new tables: at most {limit} a minute from one {what}; try again in "
                                   f"{wait:.0f} s", "too_many_creations", wait, limit=limit)

    async def check_unfinished(self, client: str, account: str | None = None) -> None:
        store = self.registry.store
        for what, limit in self._bounds(self.limits.open_tables_per_client, account):
            unfinished = await self.registry.db(
                store.unfinished_tables_of_account if what == "account" else store.unfinished_tables_of,
                account if what == "account" else client)
            if unfinished >= limit:
                raise LimitReached(f"you already have {limit} unfinished tables, the limit per {what}: resign, "
                                   "abandon or leave one (the lobby's \"My tables\" lists them)",
                                   "too_many_unfinished", 60.0, limit=limit)

    async def kept_apart(self, first: str, second: str) -> bool:
        """Whether either account blocks the other: they never sit at one table."""
        return await self.guards.refuses([first], second) or await self.guards.refuses([second], first)

    async def join(self, table_id: str, name: str, seat: int | None = None, client: str = "",
                   account: str | None = None) -> tuple[int, str]:
        """Take a free human seat from the lobby (bound to ``account`` when signed in): its number and a
        fresh secret token. A seat addressed to ``account`` is its own to take (before any seat open to
        anyone); one addressed to another account, or an invitation, is not. An account that one seated here
        blocks is refused ``cannot_join``, which gives no reason."""
        table = await self.registry.table(table_id)
        if client:
            await self.check_unfinished(client, account)
        if await self.guards.refuses([s.account for s in table.seats if s.account is not None], account):
            raise Rejection("you cannot take a seat at this table", "cannot_join")
        if table.settings.rated and account is None:
            raise Rejection("a rated game is between accounts: sign in to take a seat", "rated_needs_account")
        if table.settings.rated and any(s.account == account for s in table.seats):
            raise Rejection("you have a seat at this rated table already", "rated_seat_taken")
        async with self.registry.lock(table_id):
            if table.settings.rematch_of:
                raise Rejection("the seats of a rematch are kept for the players of the last game",
                                "rematch_seats_kept")
            waiting = [s for s in table.seats if s.kind == "human" and not s.joined]
            mine = [s.seat for s in waiting if account is not None and s.reserved_for == account]
            free = mine + [s.seat for s in waiting if s.open and s.reserved_for is None]
            if waiting and (not free or seat in {s.seat for s in waiting if s.seat not in free}):
                reserved = seat if seat is not None and seat not in free else waiting[0].seat
                raise Rejection(f"{seat_label(reserved)} is kept for the person invited to it: only its invitation "
                                "link takes it", "seat_reserved", seat=reserved)
            if not free:
                raise Rejection("no free seat at this table", "no_free_seat")
            if seat is not None and seat not in free:
                raise Rejection(f"{seat_label(seat)} is not free; free: {', '.join(map(seat_label, free))}",
                                "seat_not_free", seat=seat, free=free)
            chosen = free[0] if seat is None else seat
            try:
                token = await self.registry.db(self.registry.store.claim_seat, table_id, chosen, name, client or None,
                                               account)
            except StorageError as error:  # another process gave it away a moment ago
                await self.failover.catch_up_locked(table_id)
                raise Rejection(str(error), "seat_taken", seat=chosen) from None
            await self.failover.refresh_row(table_id)
            await self.failover.notify(self.registry[table_id])
        await self.maybe_start(self.registry[table_id])
        return chosen, token

    async def take_kept(self, table_id: str, names: Mapping[int, str], client: str = "",
                        account: str | None = None) -> tuple[dict[int, str], list[int]]:
        """Seat a person in the seats kept for them (a rematch's: the ones they held at the last game), each
        under its name in ``names``; the tokens of the seats taken now, and those taken already (by this
        person's other tab, on another process). The table starts once every seat is filled."""
        await self.registry.table(table_id)
        tokens: dict[int, str] = {}
        taken: list[int] = []
        async with self.registry.lock(table_id):
            for seat, name in names.items():
                try:
                    tokens[seat] = await self.registry.db(self.registry.store.take_kept_seat, table_id, seat, name,
                                                          client or None, account)
                except StorageError:  # taken a moment ago
                    taken.append(seat)
            await self.failover.refresh_row(table_id)
            await self.failover.notify(self.registry[table_id])
        if not await self.maybe_start(self.registry[table_id]):
            await self.broadcaster.broadcast(table_id)  # (a start tells everyone itself)
        return tokens, taken

    async def seats_for(self, table_id: str, tokens: list[str], account: str | None = None) -> list[int]:
        """The seats these tokens hold, each token looked at once, and those bound to ``account`` (a signed-in
        player's on any device, with or without their tokens). The live table's row is the cache:
        it has every seat's token hash and is read again on every change to its seats (here, or
        another process's, heard over Redis), so a seat freed answers for its old token no longer.
        Tokens it does not know are asked of the database in one query; one found there means the
        row is behind, and the table catches up.

        Raises:
            Rejection: ``too_many_tokens`` for more different tokens than the table has seats (before
                anything is looked up), ``bad_token`` for a token that holds no seat.
        """
        table = await self.registry.table(table_id)
        distinct = list(dict.fromkeys(tokens))
        if len(distinct) > len(table.seats):
            raise Rejection(f"{len(distinct)} different seat tokens for a table of {len(table.seats)} seats",
                            "too_many_tokens", count=len(distinct), seats=len(table.seats))
        held = {row.token_hash: row.seat for row in table.seats if row.token_hash}
        digests = {token: hash_token(token) for token in distinct}
        seats = {held[digest] for digest in digests.values() if digest in held}
        unknown = [token for token, digest in digests.items() if digest not in held]
        if unknown:
            found = await self.registry.db(self.registry.store.seats_for_tokens, table_id, unknown)
            if len(found) < len(unknown):
                raise Rejection("this seat token is not valid at this table", "bad_token")
            seats.update(found.values())
            await self.failover.catch_up(table_id)
        if account is not None:
            seats.update(row.seat for row in self.registry[table_id].seats if row.account == account)
        return sorted(seats)

    async def connect(self, table_id: str, connection: Connection, name: str = "") -> LiveTable:
        """Attach a connection (seats from tokens, or a spectator); a seat's first connection joins it.

        Raises:
            LimitReached: when the table already has ``spectators_per_table`` watchers here.
        """
        await self.registry.table(table_id)
        async with self.registry.lock(table_id):  # counted under the lock: spectators arriving together all count
            joined = False
            # one person at one seat joins under their name; a hot-seat screen holding several seats
            # keeps the names each seat was given at creation (else every seat would be "Ann")
            given = name if len(connection.seats) == 1 else ""
            for seat in connection.seats:
                if not self.registry[table_id].seats[seat].joined:
                    await self.registry.db(self.registry.store.join, table_id, seat, given)
                    joined = True
            if joined:
                await self.failover.refresh_row(table_id)
                await self.failover.notify(self.registry[table_id])
            table = self.registry[table_id]
            self.broadcaster.attach(table_id, connection)  # (a spectator too many: refused, nothing changed)
        started = await self.maybe_start(table)
        if not started:
            await self.broadcaster.send_update(self.registry[table_id], connection)
        return self.registry[table_id]

    async def maybe_start(self, table: LiveTable) -> bool:
        """Start an open table once every seat is filled; True when it started now (exactly once)."""
        table_id = table.row.id
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            if table.status != "open" or not all(seat.joined for seat in table.seats):
                return False
            await self.registry.db(self.registry.store.set_status, table_id, "playing")
            table.row.status, table.row.active_at = "playing", now()  # (as the store wrote them)
            await self.failover.notify(table)
            self.emit(started(table))
        await self.go_on(table_id)
        return True


class ChosenSeedRefused(Rejection):
    """A client-chosen seed at a table strangers could join (answered 422)."""


def _jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON data (what the database and bot workers store)."""
    import json

    return dict(json.loads(json.dumps(dict(options), default=str)))
