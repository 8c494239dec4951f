"""Chat at a table: the seats and (when the seats allow it) spectators write; everyone watching reads.

Policy. A seat may always write. Spectators read by default and write only once a seat lets them
(``spectator_chat`` in the table's settings, which any seat may switch on or off): the people playing
decide whether strangers talk at their table, as on a club table where onlookers keep quiet unless
invited. Who wrote a message is the seat's name, or no name for a spectator (the client shows
"spectator" in its reader's language).

Text only. A message is cleaned before it is stored — control characters and the bidi overrides
that could make a line lie are dropped, runs of white space (new lines too) become one space — and
refused when it is empty or longer than :data:`MAX_CHARS` afterwards. Clients render it as text,
never as markup.

Bounds. Each client (by its hashed address; signed in, by its account, wherever it writes from) may write
``chat_burst`` messages in ten seconds and ``chat_per_minute`` in a minute (:mod:`.limits`), checked before
anything is written; a refusal says when to try again and changes nothing. Switching the spectators' policy
counts against ``toggles_per_minute`` (the socket's handler checks it), and a switch to the policy in force
writes and broadcasts nothing. The database keeps a table's newest :data:`~tabletop.storage.chat.KEEP`
messages; a connection that asks for chat in its hello gets the newest :data:`HISTORY` at once, then each new
one. Writing runs on the database's threads and never takes the table's lock, so a chatty room cannot hold up
a move.

Looking after each other. A line keeps the account that wrote it (server-side only: no
client is sent it); a signed-in reader is never sent the lines of the accounts it blocks — live or in the
history — a muted account's message is refused (``muted``), and a line a moderator hid is sent to nobody
from then on (readers told at once: ``chat_hidden``). The engine asks these of its :class:`~.guards.Guarded`.

Chat is no game action: it never enters the event log, the record or a replay. Being stored with
the table, it survives a restart; with several server processes a message reaches the others'
connections over the same Redis channel as moves.
"""

from __future__ import annotations

import logging
import unicodedata
from typing import TYPE_CHECKING, Any

from tabletop.server.guards import Guarded
from tabletop.server.limits import LimitReached, Rates
from tabletop.server.messages import BIDI_CONTROLS
from tabletop.server.table import SPECTATOR
from tabletop.storage.chat import ChatLog
from tabletop.storage.models import ChatRow

if TYPE_CHECKING:
    from tabletop.server.broadcast import Broadcaster, Connection
    from tabletop.server.notices import Notices
    from tabletop.server.registry import TableRegistry

log = logging.getLogger("tabletop.server")

MAX_CHARS = 300
"""The longest chat message, in characters after cleaning."""

HISTORY = 100
"""The messages a new connection is sent at once (the newest)."""

DROPPED = ("Cc", "Cf", "Cs", "Co", "Cn")
"""Unicode categories removed from a message: controls, formatting (bidi overrides, zero-width
joiners), surrogates, private-use and unassigned characters. White space among them becomes a space."""


class ChatRefused(Exception):
    """A chat message not written: a code the client words in its reader's language, the reason in
    English (for terminal clients and logs) and, for a rate limit, seconds after which to try again."""

    def __init__(self, code: str, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.retry_after = retry_after

    def message(self) -> dict[str, Any]:
        """The ``chat_refused`` message sent back to the writer: its code (``chat.refused.<code>`` in the
        browser's words), params, and the English reason (``retry_after`` and ``max_chars`` also at the
        top level, as before)."""
        retry_after = None if self.retry_after is None else round(self.retry_after, 1)
        return {"type": "chat_refused", "code": self.code, "reason": self.reason,
                "params": {"retry_after": retry_after, "max_chars": MAX_CHARS},
                "retry_after": retry_after, "max_chars": MAX_CHARS}


def clean(text: str) -> str:
    """``text`` as it may be shown: without control, formatting or bidi characters, each run of white
    space one space, trimmed.

    Raises:
        ChatRefused: when nothing is left, or more than :data:`MAX_CHARS` characters are.

    >>> clean("  gg\\n\\twp \\u202eevil\\u0007 ")
    'gg wp evil'
    """
    cleaned = clean_text(text)
    if not cleaned:
        raise ChatRefused("empty", "an empty chat message is not sent")
    if len(cleaned) > MAX_CHARS:
        raise ChatRefused("long", f"a chat message has at most {MAX_CHARS} characters; this one has {len(cleaned)}")
    return cleaned


def clean_text(text: str) -> str:
    """``text`` without control, formatting or bidi characters, each run of white space one space, trimmed
    (a chat message, a report's note: any text a person writes for others to read)."""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in DROPPED and char not in BIDI_CONTROLS:
            kept.append(char)
    return " ".join("".join(kept).split())


def as_data(row: ChatRow) -> dict[str, Any]:
    """A stored message as the clients get it (``seat`` None for a spectator)."""
    return {"id": row.id, "seat": None if row.seat < 0 else row.seat, "name": row.name, "text": row.text,
            "at": row.at.isoformat(timespec="seconds")}


def as_line(row: ChatRow) -> dict[str, Any]:
    """A stored message as the server processes pass it on: with its writer's account (:func:`for_reader`
    takes it out before a client is sent it)."""
    return {**as_data(row), "account": row.account}


def for_reader(lines: list[dict[str, Any]], hidden: frozenset[str]) -> list[dict[str, Any]]:
    """The lines a reader who blocks the accounts ``hidden`` is sent, without whose account wrote them."""
    return [{key: value for key, value in line.items() if key != "account"} for line in lines
            if line.get("account") is None or line["account"] not in hidden]


class TableChat:
    """The chat of every table a :class:`~tabletop.server.hub.Hub` serves."""

    def __init__(self, registry: TableRegistry, broadcaster: Broadcaster, notices: Notices, rates: Rates,
                 guards: Guarded | None = None) -> None:
        self.registry, self.broadcaster, self.notices, self.rates = registry, broadcaster, notices, rates
        self.guards = guards or Guarded()
        self.log = ChatLog(registry.store)
        #: the messages this process's readers of each table were sent (the newest :data:`HISTORY`), and below
        #: which ids the history sent on welcome had them all
        self.sent: dict[str, set[int]] = {}
        self.floor: dict[str, int] = {}

    def spectators_may_write(self, table_id: str) -> bool:
        """Whether a seat has let spectators write at this table."""
        table = self.registry.get(table_id)
        return table is not None and table.settings.spectator_chat

    async def welcome(self, table_id: str, connection: Connection) -> None:
        """Send a connection that asked for chat the table's newest messages and its policy."""
        if not connection.chat:
            return
        rows = await self.registry.db(self.log.recent, table_id, HISTORY)
        if rows and table_id not in self.floor:
            self.floor[table_id] = rows[-1].id
        hidden = await self.guards.hidden_from(connection.account)
        await connection.send({"type": "chat", "history": True,
                               "messages": for_reader([as_line(row) for row in rows], hidden),
                               "spectators": self.spectators_may_write(table_id)})

    async def say(self, table_id: str, connection: Connection, text: str) -> None:
        """Write ``text`` from ``connection`` and deliver it to everyone reading the table's chat.

        Raises:
            ChatRefused: for a spectator the seats have not let write, a message that is empty or too
                long once cleaned, an account a moderator muted, or a client over its chat rate; nothing is
                written then.
        """
        table = await self.registry.table(table_id)
        if not connection.seats and not self.spectators_may_write(table_id):
            raise ChatRefused("spectators", "spectators may read this table's chat; the seats have not let them write")
        cleaned = clean(text)
        if await self.guards.muted(connection.account):
            raise ChatRefused("muted", "a moderator muted this account: its chat messages are not sent")
        try:
            await self.rates.chat(connection.client if connection.account is None else "account:" + connection.account)
        except LimitReached as error:
            raise ChatRefused("rate", str(error), error.retry_after) from None
        seat = connection.viewer(table)
        name = table.seats[seat].name if seat != SPECTATOR else ""
        row = await self.registry.db(self.log.add, table_id, seat, name, cleaned, connection.account)
        message = {"type": "chat", "history": False, "messages": [as_line(row)]}
        await self.deliver(table_id, message)
        await self.publish(table_id, message)

    async def allow_spectators(self, table_id: str, connection: Connection, allowed: bool) -> None:
        """A seat lets spectators write (or stops them); every reader is told. A switch to the policy
        the table already has changes nothing: nothing is written, only the asker is told the policy.

        Raises:
            ChatRefused: when a spectator asks.
        """
        if not connection.seats:
            raise ChatRefused("not_seated", "only the seats decide whether spectators may write")
        await self.registry.table(table_id)
        message = {"type": "chat_policy", "spectators": allowed}
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            unchanged = table.settings.spectator_chat == allowed
            if not unchanged:
                await self.registry.save_settings(table, {"spectator_chat": allowed})
        if unchanged:
            if connection.chat:
                await connection.send(message)
            return
        await self.deliver(table_id, message)
        await self.publish(table_id, message)

    async def deliver(self, table_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to this process's connections of the table that read its chat."""
        if message.get("type") == "chat" and message.get("messages"):
            sent = self.sent.setdefault(table_id, set())
            fresh = [line for line in message["messages"] if int(line["id"]) not in sent]
            if not fresh:
                return  # sent already (read from the database while Redis was down, then heard over it)
            sent.update(int(line["id"]) for line in fresh)
            if len(sent) > 2 * HISTORY:  # the newest are the ones that may still come twice
                self.sent[table_id] = set(sorted(sent)[-HISTORY:])

            async def sent_to(connection: Connection) -> dict[str, Any] | None:
                if not connection.chat:
                    return None
                lines = for_reader(fresh, await self.guards.hidden_from(connection.account))
                return {**message, "messages": lines} if lines else None

            await self.broadcaster.send_each(table_id, sent_to)
            return
        await self.broadcaster.send_all(table_id, message, lambda connection: connection.chat)

    async def hidden(self, table_id: str, line: int) -> None:
        """A moderator hid chat line ``line`` (:mod:`tabletop.storage.moderation`): every reader of the table, in
        every process, is told to take it away."""
        message = {"type": "chat_hidden", "id": line}
        await self.deliver(table_id, message)
        await self.publish(table_id, message)

    async def read_chat(self, table_id: str) -> None:
        """Send this process's readers of the table the messages written since the newest they were sent
        (by another process, while Redis could not tell: :meth:`.notices.Notices.poll_while_deaf`)."""
        if not any(connection.chat for connection in self.broadcaster.of(table_id)):
            return
        floor, sent = self.floor.get(table_id, 0), self.sent.get(table_id, set())
        rows = [row for row in await self.registry.db(self.log.recent, table_id, HISTORY)
                if row.id > floor and row.id not in sent]
        if rows:
            await self.deliver(table_id, {"type": "chat", "history": False, "messages": [as_line(row) for row in rows]})

    async def publish(self, table_id: str, message: dict[str, Any]) -> None:
        """Hand ``message`` to the other server processes (their connections read it too); a Redis
        that is down loses the live copy only: the message is stored, and sent on reconnection."""
        await self.notices.publish({"table": table_id, "chat": message})

    async def heard(self, table_id: str, message: Any) -> None:
        """Another process's chat notice: its policy is this process's too, its message goes to the
        connections here."""
        if not isinstance(message, dict) or message.get("type") not in ("chat", "chat_policy", "chat_hidden"):
            return
        table = self.registry.get(table_id)
        if table is None:
            return
        if message["type"] == "chat_policy":
            table.change_settings({"spectator_chat": bool(message.get("spectators"))})
        await self.deliver(table_id, message)
