"""Moves at a live table: an action submitted, checked, logged, applied and told; and after each change,
what comes next — the game's end, a chance outcome drawn, a bot's decision, a move clock.

Order of an accepted action: validate (table playing, move number current, seat to move, action legal)
→ decide what follows at once (chance drawn here, an instant bot's reply: :meth:`Moves.foreseen`) → append
it all to the database's event log (committed, in one transaction) → apply in memory → publish to other
server processes → send every connection its own view. A rejection changes nothing. Two requests racing
for one move: the table's lock orders them within a process, the log's primary key across processes, and
the loser is told the move is stale. An action is parsed once: the parsed action and the state it leads to go on to the
table's log (:meth:`~tabletop.server.table.LiveTable.replay_event`).

Only the table's owner (:mod:`.failover`) draws its chance, asks its bots and keeps its clocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core import CHANCE, Chance, Ending, State, TabletopError
from tabletop.server import chance
from tabletop.server.bots import BotRequest, LazyView, choose_here, decide, draw, is_instant
from tabletop.server.clocks import Clocks
from tabletop.server.errors import Rejection
from tabletop.server.limits import Limits
from tabletop.server.registry import TableRegistry
from tabletop.server.table import LiveTable
from tabletop.server.table_events import MoveApplied, TableEvent, finished
from tabletop.server.writer import EventWriter
from tabletop.storage import NewEvent, StaleMoveError
from tabletop.storage.models import now

if TYPE_CHECKING:
    from tabletop.server.failover import Failover

log = logging.getLogger("tabletop.server")
T = TypeVar("T")
FORESEEN = 64
"""Steps decided at once after a move at most (a deal is a dozen chance outcomes; an instant bot's reply one)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One event to log and apply: who (a seat, or CHANCE), the action in notation and the kind of event, and
    — once worked out — the action parsed and the state it leads to."""

    seat: int
    action: str
    kind: str = "action"
    after: Any = None
    parsed: Any = None


class Moves:
    """Every move made at this process's tables, and what each brings next."""

    def __init__(self, registry: TableRegistry, writer: EventWriter, failover: Failover, limits: Limits,
                 broadcast: Callable[[str], Awaitable[None]], spawn: Callable[[Awaitable[Any]], None],
                 emit: Callable[[TableEvent], None], bots: Executor | None = None,
                 renew_bots: Callable[[], Executor] | None = None) -> None:
        """``emit`` tells the table's listeners (:mod:`.table_events`); ``bots`` runs bot decisions and simulated
        throws (None: threads of this process); ``renew_bots`` starts a new such pool when a worker process
        died (killed for memory, a crash)."""
        self.registry, self.writer, self.failover, self.limits = registry, writer, failover, limits
        self.broadcast, self.spawn, self.emit = broadcast, spawn, emit
        self.bots, self.renew_bots = bots, renew_bots
        self.clocks = Clocks(spawn, failover.keep_trying, self.time_out, registry.save_settings)

    async def submit(self, table_id: str, seat: int, text: str, move: int) -> None:
        """Apply ``seat``'s action ``text`` as move ``move``, or raise Rejection saying why not. What follows
        from it at once (:meth:`foreseen`) is logged with it, in one transaction."""
        await self.registry.table(table_id)
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            check_turn(table, seat, move)
            try:
                action = table.game.parse_action(text)
                after = table.state.apply(action)  # validated; kept in memory only once the log has it
            except TabletopError as error:
                raise Rejection.of(error) from None
            self.clocks.spend(table, seat)
            then = self.foreseen(table, after, [(table.state, action)])
            await self.write(table, seat, str(action), after=after, parsed=action, then=then)
        await self.advance_or_retry(table_id)

    async def write(self, table: LiveTable, seat: int, action: str, kind: str = "action",
                    after: Any = None, parsed: Any = None, then: Sequence[Step] = ()) -> None:
        """Log the event and the steps ``then`` that follow from it (committed together), then apply them here
        and tell the other processes. The caller holds the table's lock."""
        steps = (Step(seat, action, kind, after, parsed), *then)
        try:
            await self.writer.append(*(NewEvent(table.row.id, table.moves + n, step.seat, step.action, step.kind)
                                       for n, step in enumerate(steps)))
        except StaleMoveError:
            await self.failover.catch_up_locked(table.row.id)
            self.failover.go_on(table.row.id)
            self.spawn(self.broadcast(table.row.id))
            raise Rejection(f"move {table.moves} was already made (by another connection); try again", "move_taken",
                            move=table.moves) from None
        for step in steps:
            table.replay_event(step.kind, step.seat, step.action, step.after, step.parsed)
            self.emit(MoveApplied(table.row.id, table.moves - 1, step.seat, step.kind))
        table.deadline = None
        table.row.active_at = now()  # (as the store wrote it: the lobby line of a table loaded here)
        await self.failover.notify(table)

    def foreseen(self, table: LiveTable, state: State[Any],
                 pending: Sequence[tuple[State[Any], Any]] = ()) -> list[Step]:
        """What follows ``state`` at once, decided in this process without waiting for anyone: chance's outcomes
        drawn here (a deal, a roll — not a physics throw, simulated in a worker) and an instant bot's replies
        (not at a table of bots only, which plays at a pace people can watch). Only the table's owner decides
        them, and never past the game's end. ``pending``: the actions (each with the state it was made in)
        between the table's state and ``state``, not yet applied — their places in the record key chance's
        generators, and a bot's log includes them as its seat saw them."""
        steps: list[Step] = []
        if table.ending is not None or not self.registry.owns(table.row.id):
            return steps
        made = list(pending)  #: (state before, action) of every action after the table's state
        game = table.game
        while len(steps) < FORESEEN and not state.is_terminal:
            index = len(table.entries) + len(made)  # its place in the game's record
            if state.is_chance:
                if game.chance_entered_by_people or game.spec.chance is Chance.SAMPLED:
                    break
                action = state.sample_chance(chance.draw_generator(table.secret, index))
                seat = CHANCE
            else:
                seat = state.current_player
                bot = table.bot_for(seat)
                if bot is None or table.row.all_bots or not is_instant(game.name, table.options_json, bot):
                    break
                seen = tuple(shown for before, done in made if (shown := before.observation(done, seat)) is not None)
                action = choose_here(game.name, table.options_json, bot, seat,
                                     LazyView(functools.partial(seat_view, state, seat)),
                                     state.legal_actions(), table.seen_actions(seat) + seen,
                                     chance.bot_seed(table.secret, index, seat))
            after = state.apply(action)
            steps.append(Step(seat, str(action), after=after, parsed=action))
            made.append((state, action))
            state = after
        return steps

    async def advance_or_retry(self, table_id: str) -> None:
        """Advance now; if the database fails, keep trying in the background (the change is logged)."""
        try:
            await self.advance(table_id)
        except Exception as error:
            log.warning("table %s: could not go on (%s); retrying in the background", table_id, error)
            self.spawn(self.failover.keep_trying(table_id, self.advance))

    async def advance(self, table_id: str) -> None:
        """After a change: finish the game, draw chance, start a bot or a clock; then tell everyone.
        Only the table's owner draws chance, asks bots and keeps clocks."""
        while True:
            async with self.registry.lock(table_id):
                table = self.registry[table_id]
                if table.status != "playing":
                    break
                if table.state.is_terminal or table.ending is not None:  # (an ending logged before a crash)
                    await self.finish(table)
                    break
                if not self.registry.owns(table_id):
                    break  # the owner (another process) goes on from here
                if table.state.is_chance and table.game.chance_entered_by_people:
                    break  # a scorekeeper: the people at the field say what happened (K20)
                if steps := self.foreseen(table, table.state):  # chance drawn here, an instant bot's reply
                    first, *then = steps
                    with contextlib.suppress(Rejection):  # another process went on first: go on from there
                        await self.write(table, first.seat, first.action, after=first.after, parsed=first.parsed,
                                         then=then)
                    continue
                if table.state.is_chance:  # a physics throw, simulated in a bot worker
                    outcome, after = await self._draw(table)
                    with contextlib.suppress(Rejection):  # another process drew it first: go on from there
                        await self.write(table, CHANCE, outcome, after=after)
                    continue
                seat = table.seat_to_move()
                bot = table.bot_for(seat)
                if bot is not None:
                    if table.thinking != table.moves:  # one bot decision per move, however often asked
                        table.thinking = table.moves
                        self.spawn(self._bot_move(table_id, seat, table.moves))
                else:
                    await self.clocks.start(table, seat)
                break
        await self.broadcast(table_id)

    async def finish(self, table: LiveTable) -> None:
        """Record a table's end as its log has it (by the rules or by a person's word): its status,
        ``over`` or — without a result — ``abandoned``, and its result. The caller holds its lock."""
        status = "abandoned" if table.ending is not None and not table.ending.has_result else "over"
        result = table.result()
        await self.registry.db(self.registry.store.set_status, table.row.id, status, result)
        table.row.status, table.row.result, table.row.active_at = status, result, now()
        table.deadline = None
        await self.failover.notify(table)
        self.emit(finished(table))

    async def time_out(self, table_id: str, seat: int, move: int) -> None:
        """``seat`` did not make move ``move`` in time: a bot plays it from now on (it is a zombie) — or, at a
        rated table, where no bot plays a person's seat, its side has lost on time (``timed_out``). The log
        decides, not this process's memory: the time-out is written as move ``move``, which fails when a move
        was taken in time (by another process this one has not heard from): then it catches up instead."""
        async with self.registry.lock(table_id):
            table = self.registry.get(table_id)
            if table is None or table.moves != move or table.status != "playing" or table.seat_to_move() != seat:
                return
            rated = table.settings.rated
            side = next(members for _, members in table.game.seat_sides() if seat in members)
            try:
                if rated:
                    await self.write(table, -1, str(Ending("timed_out", side)), kind="end")
                else:
                    await self.write(table, seat, "timeout", kind="timeout")
            except Rejection:  # the move was made in time: write caught up and went on with it
                return
            if rated:
                await self.finish(table)
            else:
                table.banks[seat] = 0.0
                await self.registry.save_settings(table, {"zombies": sorted(table.zombies)})  # (the lobby's copy)
        if rated:
            await self.broadcast(table_id)
        else:
            await self.advance(table_id)

    async def _draw(self, table: LiveTable) -> tuple[str, Any]:
        """A physics throw's outcome now and the state it leads to, simulated once, in a bot worker process
        (in a thread it would hold the server's GIL for a tenth of a second): applying the outcome checks it
        against the simulation, which the state keeps. (Other chance is drawn here: :meth:`foreseen`.)"""
        return await self._in_bot_worker(draw, table.state, chance.draw_generator(table.secret, len(table.entries)))

    async def _in_bot_worker(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a bot worker. A worker that died breaks its whole pool for good, so the
        first to find it broken starts a new one; the caller's retry runs there."""
        pool = self.bots
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
        except BrokenProcessPool:
            if pool is self.bots and self.renew_bots is not None:
                log.error("a bot worker process died: starting new ones")
                self.bots = self.renew_bots()
                assert pool is not None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def _bot_move(self, table_id: str, seat: int, move: int) -> None:
        """The bot's decision for move ``move``, played; tried again (after a pause) when the decision
        fails — a dead worker, a database that is down — so that no table waits forever on its bot."""
        async def decide_and_play(_: str) -> None:
            table = self.registry[table_id]
            bot = table.bot_for(seat)
            if bot is None or table.moves != move or table.status != "playing":
                return
            request = BotRequest(table.game.name, table.options_json, bot, seat,
                                 table.view(seat), tuple(table.legal_for(seat)), table.seen_actions(seat),
                                 chance.bot_seed(table.secret, len(table.entries), seat))
            started = asyncio.get_running_loop().time()
            if is_instant(request.game, request.options_json, bot):
                action = decide(request)  # microseconds: a worker round trip would cost more than the choice
            else:
                action = await self._in_bot_worker(decide, request)
            if table.row.all_bots:  # nobody plays: a pace people can watch, and a bound on what such tables cost
                await asyncio.sleep(max(0.0, started + self.limits.bot_table_move_seconds
                                        - asyncio.get_running_loop().time()))
            with contextlib.suppress(Rejection):  # someone else moved first (another process, an undo)
                await self.submit(table_id, seat, action, move)

        await self.failover.keep_trying(table_id, decide_and_play)


def seat_view(state: State[Any], seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state``."""
    return dict(state.view(seat))


def check_turn(table: LiveTable, seat: int, move: int) -> None:
    """Refuse an action by ``seat`` as move ``move`` unless the table is being played, at that move, and
    ``seat`` is to move (or may enter chance's outcome: a scorekeeper's people, K20)."""
    if table.status != "playing":
        if table.status == "open":
            raise Rejection("the game has not started: seats are still free", "not_started")
        raise Rejection(f"the game is {table.status}", "not_playing", status=table.status)
    if move != table.moves:
        raise Rejection(f"move {move} is stale: the table is at move {table.moves}", "stale_move",
                        move=move, current=table.moves)
    to_move = table.seat_to_move()
    if to_move == CHANCE and table.people_enter_chance(seat):
        return
    if to_move != seat:
        if to_move >= 0:
            raise Rejection(f"not your turn: {table.game.seat_label(to_move)} is to move", "not_your_turn",
                            to_move=to_move)
        raise Rejection("not your turn: chance is to move", "chance_to_move")
