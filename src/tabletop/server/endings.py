"""Ways out of a table: resign, abandon and leave, on the one ending contract (:mod:`tabletop.core.ending`).

Who may end what (:func:`ways_out` decides, every state message carries its answer for the connection,
so a page offers exactly the controls that will be accepted):

- **Resign** (a started game): a seat held by a person gives up for its side, which loses. In a team
  game whose side has another person not at the same screen, that partner must agree first.
- **Abandon** (a started game: no result): every other person seated must agree — at once when the
  others are bots or play from the same screen. Never an unseated creator alone, except where no person
  plays (a game between bots). A table that has not started is abandoned at once by any person seated
  there, or by its creator: no game is lost.
- **Leave**: at a table that has not started, a seated person frees their seat (the table is abandoned
  when nobody is left seated); in a started game with other people at it, a bot takes the seat over for
  the rest of the game (the record says so, as for a timed-out seat).

**When someone leaves** (a person playing from another screen whose every connection is gone: the table's
settings mark the seat ``gone`` with the time it went, :mod:`.presence`; a hot-seat seat is always there with
its screen), the others wait ``reconnect_seconds`` (a server limit, 60 s). A person back in time changes
nothing. After it, a connection whose screen is still at the table may:

- **claim** the game (``claimed`` by its side) when every person of every other side has gone (a side of bots
  only still plays: no claim against it);
- **end** it without a result (``end_gone``: ``abandoned``) when every other person at the table has gone —
  without the consent they cannot give;
- at a **team table** (a side of several seats: cribbage partnerships, Kubik's sides) that is **casual**
  (:func:`casual`), **hand the gone seats to a bot** (``bot_for_gone``: as after leaving, the bot plays them
  for the rest of the game and the result's ``zombies`` say so).

The seats gone on without are kept in the settings (``left``) and the result says so (``left``): a player's
completion rate counts such a game as left (:mod:`.site.accounts.profiles`), as it counts a claim against
them. **Clocked tables keep their clock rules:** the clock governs — a gone seat's clock runs at its turn and
a bot takes it over when it runs out — so the window never opens there (``gone`` is still shown, without
``claimable_at``). Every request is checked again when it comes: the window must have passed and the seats
must still have no connection in any server process (:meth:`TableEndings.go_on_without`).

The ending is written to the table's event log (kind ``end``), so a restart, another server process and
the game record all know how the game ended; the table's status and result follow from it. A pending
request (a partner's consent to resign, the others' to abandon) lives in the table's settings like an
undo request, answered over the socket; another move voids it.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tabletop.core import Ending
from tabletop.server.consent import answered
from tabletop.server.errors import Rejection
from tabletop.server.table import LiveTable

if TYPE_CHECKING:
    from tabletop.server.failover import Failover
    from tabletop.server.moves import Moves
    from tabletop.server.registry import TableRegistry

END_REQUESTS = ("resign", "abandon")
"""What a seat may ask that others must agree to."""

GONE_WAYS = ("claim", "end_gone", "bot_for_gone")
"""What the people still at a table may do once the others have gone for longer than the reconnect window."""

RECONNECT_SECONDS = 60.0
"""The reconnect window when none is given (the server's is its ``reconnect_seconds`` limit)."""

Present = Callable[[str, list[int]], Awaitable[set[int]]]
"""``present(table_id, seats)``: which of ``seats`` have a connection in any server process now (all of them
when that cannot be known)."""


def people(table: LiveTable) -> list[int]:
    """The seats a person plays now: seated, not a bot, not taken over by one."""
    return [s.seat for s in table.seats if s.kind != "bot" and s.joined and s.seat not in table.zombies]


def ways_out(table: LiveTable, seats: list[int], screen: set[int], window: float = RECONNECT_SECONDS,
             now: float | None = None) -> dict[str, Any]:
    """What a connection holding ``seats`` (its screen: ``screen``) may do to leave the table now:
    ``resign``, ``abandon`` and ``leave``, each ``"now"``, ``"ask"`` (others must agree) or None; with the
    others gone for longer than ``window`` seconds, ``claim``, ``end_gone`` and ``bot_for_gone`` (``"now"``
    or None), and ``gone``, who has gone and when (:func:`gone_ways`); and ``seat``, the held seat the answer
    is for (the one to move on a hot seat, else the first)."""
    none: dict[str, Any] = {"seat": None, "resign": None, "abandon": None, "leave": None,
                            **dict.fromkeys(GONE_WAYS), "gone": None}
    held = [s for s in seats if table.bot_for(s) is None]  # a seat left to a bot is no longer its person's
    if not held or table.status in ("over", "abandoned"):
        return none
    to_move = table.seat_to_move()
    seat = to_move if to_move in held else held[0]
    others = [s for s in people(table) if s not in on_screen(table, screen)]
    if table.status == "open":
        return {**none, "seat": seat, "abandon": "now", "leave": "now"}
    partners = [s for s in _side(table, seat) if s in others]
    rated = table.settings.rated  # a rated game ends with a result: no abandoning it alone, no bot for a leaver
    return {"seat": seat, "resign": "ask" if partners else "now",
            "abandon": "ask" if others else None if rated else "now",
            "leave": "now" if others and not rated else None,
            **gone_ways(table, seat, screen, window, time.time() if now is None else now)}


def casual(table: LiveTable) -> bool:
    """Whether a bot may be handed the seat of a person who went away, or the game ended without a result
    when the others have gone: at a casual table; a rated one keeps a seat its person's, and its game ends with a
    result (a claim)."""
    return not table.settings.rated


def gone_from(table: LiveTable, screen: set[int]) -> list[int]:
    """The seats of people playing from other screens than ``screen`` whose every connection has gone."""
    mine = on_screen(table, screen)
    marks = table.settings.gone
    return [s for s in people(table) if s not in mine and table.seats[s].kind == "human" and s in marks]


def gone_ways(table: LiveTable, seat: int, screen: set[int], window: float, now: float) -> dict[str, Any]:
    """The ways on without the people who went away, for ``seat`` (its screen: ``screen``), ``now`` (wall-clock
    seconds): ``claim``, ``end_gone`` and ``bot_for_gone`` (``"now"`` or None) and ``gone`` — the seats gone,
    since when (the last of them), when the window of ``window`` seconds ends (``claimable_at``: None at a
    clocked table, where the clock governs) and which ways it will open (``then``), with the server's ``now``
    for a countdown — or None with nobody gone. The window starts when the last of them went: until it ends,
    nothing is offered."""
    ways: dict[str, Any] = {**dict.fromkeys(GONE_WAYS), "gone": None}
    gone = gone_from(table, screen) if table.status == "playing" else []
    if not gone:
        return ways
    since = max(table.settings.gone[s] for s in gone)
    due = None if table.settings.move_seconds else since + window
    others = [s for s in people(table) if s not in on_screen(table, screen)]
    opposing = [members for _, members in table.game.seat_sides() if seat not in members]

    def left_the_game(members: tuple[int, ...]) -> bool:  # a side with people, every one of them gone
        persons = [s for s in members if table.bot_for(s) is None]
        return bool(persons) and all(s in gone for s in persons)

    teams = any(len(members) > 1 for _, members in table.game.seat_sides())
    then = {"claim": bool(opposing) and all(map(left_the_game, opposing)),
            "end_gone": all(s in gone for s in others) and casual(table), "bot_for_gone": teams and casual(table)}
    ways["gone"] = {"seats": gone, "since": _iso(since), "claimable_at": None if due is None else _iso(due),
                    "now": _iso(now), "then": [kind for kind in GONE_WAYS if then[kind] and due is not None]}
    if due is None or now < due:
        return ways
    return {**{kind: "now" if then[kind] else None for kind in GONE_WAYS}, "gone": ways["gone"]}


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


def on_screen(table: LiveTable, screen: set[int]) -> set[int]:
    """The seats played from one screen: those held there and, from a hot seat, every hot-seat seat
    (``local`` seats are one device's by definition, whichever tokens a request carries)."""
    local = {s.seat for s in table.seats if s.kind == "local"}
    return screen | local if screen & local else set(screen)


def _side(table: LiveTable, seat: int) -> tuple[int, ...]:
    return next(members for _, members in table.game.seat_sides() if seat in members)


class TableEndings:
    """The ways out of this process's tables."""

    def __init__(self, registry: TableRegistry, moves: Moves, failover: Failover,
                 broadcast: Callable[[str], Awaitable[None]], present: Present | None = None,
                 window: float = RECONNECT_SECONDS) -> None:
        """``present`` says which seats have a connection in any process (None: none has); ``window`` is the
        reconnect window."""
        self.registry, self.moves, self.failover, self.broadcast = registry, moves, failover, broadcast
        self.present: Present = present or _nobody
        self.window = window

    async def resign(self, table_id: str, seat: int, screen: set[int]) -> None:
        """``seat`` resigns for its side (asked of a partner elsewhere first)."""
        await self._ask(table_id, "resign", seat, screen)

    async def abandon(self, table_id: str, seat: int | None, screen: set[int], creator: bool = False) -> None:
        """End the table without a result: ``seat``'s request (the others asked first, where there are
        others), or its creator's (``seat`` None) while no person plays there (not started, all bots).

        Raises:
            Rejection: for a started game asked by a creator who is not seated, or a table already ended.
        """
        if seat is None:
            table = await self.registry.table(table_id)
            if not creator or (table.status == "playing" and people(table)):
                raise Rejection("a game being played is abandoned only by the people seated at it, all agreeing",
                                "abandon_needs_seat")
            await self.end(table_id, Ending("abandoned"))
            return
        await self._ask(table_id, "abandon", seat, screen)

    async def leave(self, table_id: str, seat: int, screen: set[int]) -> None:
        """``seat``'s person leaves: its seat freed (a table not started) or handed to a bot."""
        registry = self.registry
        await registry.table(table_id)
        async with registry.lock(table_id):
            table = registry[table_id]
            way = ways_out(table, [seat], screen)["leave"]
            if way is None:
                raise Rejection(_refusal_text(table, "leave"), "cannot_leave", status=table.status)
            screen = on_screen(table, screen)
            ending: Ending | None = None
            if table.status == "open":  # the screen's seats freed; a hot-seat screen gone takes the table along
                mine = [s for s in table.seats if s.seat in screen and s.kind != "bot" and s.joined]
                for row in mine:
                    await registry.db(registry.store.free_seat, table_id, row.seat)
                await self.failover.refresh_row(table_id)
                await self.failover.notify(registry[table_id])
                if any(row.kind == "local" for row in mine) or not people(registry[table_id]):
                    ending = Ending("abandoned")
            else:  # a bot plays the seat from now on; its person no longer counts as seated here
                await self._to_bots(table, {s for s in screen if table.bot_for(s) is None}, screen)
        if ending is not None:
            await self.end(table_id, ending)
            return
        await self.moves.advance_or_retry(table_id)

    async def go_on_without(self, table_id: str, kind: str, seat: int, screen: set[int]) -> None:
        """Go on without the people who went away, as ``seat`` (its screen: ``screen``) asks: ``claim`` the game
        for its side, end it without a result (``end_gone``) or hand their seats to a bot (``bot_for_gone``).
        Checked again now: the window must have passed, and none of them may have a connection anywhere.

        Raises:
            Rejection: ``claim_too_early`` within the window; ``cannot_claim`` when ``seat`` may not do
                ``kind`` (nobody gone, a side still playing, a clocked or a rated table, someone back).
        """
        registry = self.registry
        await registry.table(table_id)
        ending: Ending | None = None
        async with registry.lock(table_id):
            table = registry[table_id]
            now = time.time()
            ways = ways_out(table, [seat], screen, self.window, now)
            gone = ways["gone"]
            if ways[kind] is None and gone is not None and gone["claimable_at"] is not None \
                    and now < (due := datetime.fromisoformat(gone["claimable_at"]).timestamp()):
                raise Rejection(f"the others who went away have {due - now:.0f} s more to come back",
                                "claim_too_early", seconds=max(1, round(due - now)), claimable_at=gone["claimable_at"])
            if ways[kind] is None:
                raise Rejection(f"{table.game.seat_label(seat)} may not {kind.replace('_', ' ')} now: "
                                f"{_not_entitled(gone)}", "cannot_claim", seat=seat, way=kind)
            if back := await self.present(table_id, gone["seats"]):  # back on another process: not marked yet
                raise Rejection(f"{table.game.seat_label(seat)} may not {kind.replace('_', ' ')} now: "
                                f"{', '.join(table.game.seat_label(s) for s in sorted(back))} came back",
                                "cannot_claim", seat=seat, way=kind)
            seats = list(gone["seats"])
            await registry.save_settings(table, {"left": sorted({*table.settings.left, *seats})})
            if kind == "claim":
                ending = Ending("claimed", _side(table, seat))
            elif kind == "end_gone":
                ending = Ending("abandoned")
            else:  # a bot plays their seats from now on, as after leaving
                await self._to_bots(table, set(seats), set(seats))
        if ending is not None:
            await self.end(table_id, ending)
            return
        await self.moves.advance_or_retry(table_id)

    async def _to_bots(self, table: LiveTable, seats: set[int], freed: set[int]) -> None:
        """Bots play ``seats`` from now on (the record says so, as for a timed-out seat); the people of
        ``freed`` no longer count as seated (their seats kept for the record). The caller holds the lock."""
        registry = self.registry
        zombies = sorted({*table.zombies, *seats})
        await registry.save_settings(table, {"zombies": zombies})
        for left in freed:
            await registry.db(registry.store.free_seat, table.row.id, left, keep=True)
        table.zombies.update(zombies)
        table.deadline = None
        await self.failover.notify(table)

    async def answer(self, table_id: str, seat: int, agree: bool) -> None:
        """Agree to or refuse the pending resignation or abandonment; it happens once all have agreed.
        Agreeing again changes nothing, and writes and tells nothing."""
        ending: Ending | None = None
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            pending, done = answered(table.proposal, seat, agree,
                                     Rejection("no request to end the game waits for your answer", "no_end_request"))
            if pending == table.proposal:
                return
            await self._propose(table, pending)
            if done and pending is not None:
                ending = _ending_of(table, pending["kind"], pending["seat"])
        if ending is not None:
            await self.end(table_id, ending)
        else:
            await self.broadcast(table_id)

    async def _ask(self, table_id: str, kind: str, seat: int, screen: set[int]) -> None:
        registry = self.registry
        await registry.table(table_id)
        async with registry.lock(table_id):
            table = registry[table_id]
            way = ways_out(table, [seat], screen)[kind]
            if way is None and kind == "resign":
                raise Rejection(_refusal_text(table, kind), "cannot_resign", status=table.status)
            if way is None:
                raise Rejection(_refusal_text(table, kind), "cannot_abandon", status=table.status)
            if way == "ask":
                if table.proposal is not None:
                    raise Rejection("a request to end the game already waits for an answer", "end_pending")
                others = [s for s in people(table) if s not in on_screen(table, screen)]
                waiting = [s for s in _side(table, seat) if s in others] if kind == "resign" else others
                await self._propose(table, {"kind": kind, "seat": seat, "move": table.moves,
                                            "waiting": waiting, "agreed": []})
        if way == "ask":
            await self.broadcast(table_id)
            return
        await self.end(table_id, _ending_of(self.registry[table_id], kind, seat))

    async def _propose(self, table: LiveTable, pending: dict[str, Any] | None) -> None:
        await self.registry.save_settings(table, {"proposal": pending})
        await self.failover.notify(table)

    async def end(self, table_id: str, ending: Ending) -> None:
        """End the table by ``ending``: logged (committed) first, then its status and result, then everyone told.

        Raises:
            Rejection: when the table has ended already.
        """
        registry = self.registry
        await registry.table(table_id)
        async with registry.lock(table_id):
            table = registry[table_id]
            if table.status in ("over", "abandoned") or table.state.is_terminal:
                status = "over" if table.state.is_terminal else table.status
                raise Rejection(f"the table is already {status}", "already_ended", status=status)
            await self.moves.write(table, -1, str(ending), kind="end")
            await self.moves.finish(table)
        await self.broadcast(table_id)


async def _nobody(table_id: str, seats: list[int]) -> set[int]:
    return set()


def _not_entitled(gone: dict[str, Any] | None) -> str:
    if gone is None:
        return "nobody has gone from this table"
    if gone["claimable_at"] is None:
        return "at a clocked table the clock decides (a bot takes a seat whose time runs out)"
    return ("a game is claimed by a side whose opponents all went away, ended by one whom every other person "
            "left, and a gone seat is handed to a bot at a casual team table")


def _ending_of(table: LiveTable, kind: str, seat: int) -> Ending:
    if kind == "resign":
        return Ending("resigned", (seat,))
    return Ending("abandoned")


def _refusal_text(table: LiveTable, kind: str) -> str:
    if table.status in ("over", "abandoned"):
        return f"the table is already {table.status}"
    if kind == "leave":
        return "nobody else plays here: abandon the game instead of leaving it"
    return f"this table cannot be {'resigned' if kind == 'resign' else 'abandoned'} now"
