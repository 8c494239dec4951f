"""The moderation feature's logic: blocks, reports and the moderators' actions, checked before anything is
written, each refusal a code (:mod:`tabletop.server.errors`).

Blocking is one account's, one-way and bounded (:data:`~tabletop.storage.moderation.MAX_BLOCKS`, and
``blocks_per_minute``). A block means: no chat from the blocked account reaches the blocker (live or in the
history), the blocked account cannot take a seat at a table where the blocker sits (refused ``cannot_join``,
which names no reason), and a seat the blocked account addresses to the blocker is refused as if the name
were nobody's (``seat_for_unknown``). Joining the blocked player's table is the blocker's own choice, and is
not refused. Whatever seats two accounts together asks :meth:`Moderation.refuses`.

A report is stored once per reporter and thing reported while it is open (the same report again answers the
same id), at most ``reports_per_hour`` an account; a chat line's text is copied into it.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from tabletop.server.chat import clean_text
from tabletop.server.errors import ApiError
from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.requests import limit_error
from tabletop.server.seams import ChatKeeping
from tabletop.server.site.accounts.names import name_key
from tabletop.storage.accounts import Account, AccountStore
from tabletop.storage.models import now
from tabletop.storage.moderation import (
    MAX_BLOCKS,
    Blocked,
    LogEntry,
    ModerationStore,
    NoSuchAccount,
    Report,
    TooManyBlocks,
)

Db = Callable[..., Awaitable[Any]]

BLOCK = Priced("blocks_per_minute", code="too_many_block_changes", what="blocks and unblocks")
REPORT = Priced("reports_per_hour", code="too_many_reports", what="reports", hourly=True)
NOTE_CHARS = 500
"""The longest note of a report, or reason a moderator gives, in characters once cleaned."""
BLOCKS_KEPT_SECONDS = 10.0
"""How long this process keeps an account's blocks in memory for its chat (a block made here is known at
once; one made on another server process within this many seconds)."""


def note_of(text: str) -> str:
    """A note or a reason as it is kept: cleaned as chat is (no control or bidi characters, one space).

    Raises:
        ApiError: 422 ``note_too_long`` beyond :data:`NOTE_CHARS`.
    """
    cleaned = clean_text(text)
    if len(cleaned) > NOTE_CHARS:
        raise ApiError(422, f"a note has at most {NOTE_CHARS} characters", "note_too_long", maximum=NOTE_CHARS)
    return cleaned


def until_of(text: str | None) -> datetime | None:
    """A mute's end from its text: an ISO time (without a zone: UTC), or a span as ``30m``, ``12h``, ``7d``;
    None: until unmuted.

    Raises:
        ValueError: for anything else, or a time not in the future.

    >>> until_of(None) is None
    True
    """
    if text is None or not text.strip():
        return None
    text = text.strip()
    spans = {"m": 60, "h": 3600, "d": 86400}
    if text[-1:] in spans and text[:-1].isdigit() and len(text) < 8:
        moment = datetime.fromtimestamp(time.time() + int(text[:-1]) * spans[text[-1]], UTC)
    else:
        moment = datetime.fromisoformat(text[:40])
        moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    if moment <= now():
        raise ValueError(f"{text!r} is not in the future")
    return moment


class Moderation:
    """Blocks, reports and the moderators' actions over their store, run on the database's threads (``db``);
    limits counted by ``rates``; a hidden chat line told to its table's readers through ``chat``."""

    def __init__(self, store: ModerationStore, accounts: AccountStore, db: Db, rates: Rates,
                 chat: ChatKeeping) -> None:
        self.store, self.accounts, self.db, self.rates, self.chat = store, accounts, db, rates, chat
        self._blocks: dict[str, tuple[float, frozenset[str]]] = {}

    # the tables' questions (tabletop.server.guards.Guards)

    async def hidden_from(self, reader: str) -> frozenset[str]:
        kept = self._blocks.get(reader)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        blocked: frozenset[str] = await self.db(self.store.blocked_by, reader)
        if len(self._blocks) > 10_000:
            self._blocks.clear()
        self._blocks[reader] = time.monotonic() + BLOCKS_KEPT_SECONDS, blocked
        return blocked

    async def refuses(self, seated: Sequence[str], joining: str) -> bool:
        return bool(await self.db(self.store.blocks_any, list(seated), joining))

    async def muted(self, account: str) -> bool:
        return await self.db(self.store.muted, account) is not None

    # blocks

    async def block(self, account: Account, username: str) -> str:
        """``account`` blocks the player named ``username``; the name as the player wrote it.

        Raises:
            ApiError: 404 ``no_player``, 422 ``block_self``, 409 ``too_many_blocks``, 429 by the limit.
        """
        await self._count(BLOCK, account)
        target = await self._player(username)
        if target.id == account.id:
            raise ApiError(422, "one cannot block oneself", "block_self")
        try:
            await self.db(self.store.block, account.id, target.id)
        except TooManyBlocks as error:
            raise ApiError(409, str(error), "too_many_blocks", limit=MAX_BLOCKS) from None
        self._blocks.pop(account.id, None)
        return target.username

    async def unblock(self, account: Account, username: str) -> str:
        """``account`` no longer blocks ``username`` (a closed account's block is lifted too).

        Raises:
            ApiError: 404 ``no_player`` when it blocks nobody of that name, 429 by the limit.
        """
        await self._count(BLOCK, account)
        found = await self.db(self.accounts.credentials, name_key(username[:64]))
        if found is None or not await self.db(self.store.unblock, account.id, found[0].id):
            raise ApiError(404, "this account blocks no player of that name", "no_player")
        self._blocks.pop(account.id, None)
        return str(found[0].username)

    async def blocks(self, account: Account) -> list[Blocked]:
        return await self.db(self.store.blocks, account.id)  # type: ignore[no-any-return]

    # reports

    async def report(self, account: Account, username: str | None, reason: str, note: str, table: str | None,
                     line: int | None) -> tuple[int, bool]:
        """Report a player (at a table, or by one of their chat lines there): the report's id and whether it
        is new.

        Raises:
            ApiError: 404 ``no_player`` or ``no_chat_line``, 422 ``report_self`` or ``note_too_long``, 429 by
                the limit.
        """
        note = note_of(note)
        await self._count(REPORT, account)
        chat_line = None
        if line is not None:
            chat_line = None if table is None else await self.db(self.store.chat_line, table, line)
            if chat_line is None:
                raise ApiError(404, "no such chat line at that table", "no_chat_line")
            reported: tuple[str | None, str] = chat_line.account, chat_line.name
            if chat_line.account is not None and (found := await self.db(self.accounts.account, chat_line.account)):
                reported = found.id, found.username
        else:
            target = await self._player(username or "")
            reported = target.id, target.username
        if reported[0] == account.id:
            raise ApiError(422, "one cannot report oneself", "report_self")
        return await self.db(self.store.report, (account.id, account.username), reported, reason, note,  # type: ignore[no-any-return]
                             table, chat_line)

    # the moderators' actions (each logged with who did it)

    async def reports(self, everything: bool = False) -> list[Report]:
        return await self.db(self.store.reports, everything)  # type: ignore[no-any-return]

    async def log(self, limit: int = 100) -> list[LogEntry]:
        return await self.db(self.store.log, limit)  # type: ignore[no-any-return]

    async def resolve(self, moderator: Account, report: int, reason: str) -> None:
        """Resolve report ``report`` (404 ``no_report``: none open)."""
        if not await self.db(self.store.resolve, moderator.username, report, note_of(reason)):
            raise ApiError(404, "no open report of that id", "no_report")

    async def act(self, moderator: Account, action: str, username: str, reason: str, until: str | None = None) -> str:
        """Mute, unmute, close or reopen the account named ``username``; its name.

        Raises:
            ApiError: 404 ``no_player``, 422 ``bad_until`` for a mute's end that is not a time to come.
        """
        reason = note_of(reason)
        key = name_key(username[:64])
        try:
            match action:
                case "mute":
                    try:
                        ends = until_of(until)
                    except ValueError as error:
                        raise ApiError(422, f"a mute lasts until a time to come: {error}", "bad_until") from None
                    name = await self.db(self.store.mute, moderator.username, key, ends, reason)
                case "unmute":
                    name = await self.db(self.store.unmute, moderator.username, key, reason)
                case "close":
                    name = await self.db(self.store.close, moderator.username, key, reason)
                case _:
                    name = await self.db(self.store.reopen, moderator.username, key, reason)
        except NoSuchAccount:
            raise ApiError(404, "no player of that name", "no_player") from None
        return str(name)

    async def hide_line(self, moderator: Account, table: str, line: int, reason: str) -> None:
        """Hide a chat line from everyone (kept for the record); its table's readers take it away at once.

        Raises:
            ApiError: 404 ``no_chat_line``.
        """
        if not await self.db(self.store.hide_line, moderator.username, table[:32], line, note_of(reason)):
            raise ApiError(404, "no such chat line at that table", "no_chat_line")
        await self.chat.line_hidden(table[:32], line)

    async def _player(self, username: str) -> Account:
        found = await self.db(self.accounts.credentials, name_key(username[:64]))
        if found is None or found[0].closed:
            raise ApiError(404, "no player of that name", "no_player")
        return found[0]  # type: ignore[no-any-return]

    async def _count(self, kind: Priced, account: Account) -> None:
        try:
            await self.rates.table_request("account:" + account.id, kind)
        except LimitReached as error:
            raise limit_error(error) from None
