"""What the tables ask of the players' safety, without knowing who answers: whose chat a
reader does not see, whether a player may sit with the accounts at a table, whether an account is muted.

The table engine is handed a :class:`Guarded` (its chat and its seating ask it); the moderation feature
(:mod:`tabletop.server.site.moderation`) installs itself there when the application is composed. Until then —
and in an engine run without the site — nobody is blocked or muted. Any future feature that seats two accounts
together (a challenge, a tournament's pairing) asks :meth:`Guards.refuses` too: one function for "blocked".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Guards(Protocol):
    """The questions the tables ask (each by account id)."""

    async def hidden_from(self, reader: str) -> frozenset[str]:
        """The accounts whose chat ``reader`` is not sent (those it blocks)."""

    async def refuses(self, seated: Sequence[str], joining: str) -> bool:
        """Whether any of the ``seated`` accounts blocks ``joining`` (who then does not sit with them)."""

    async def muted(self, account: str) -> bool:
        """Whether the account's chat is refused (a moderator muted it)."""


class Guarded:
    """The engine's guards: asks the installed :class:`Guards`, or answers "nobody blocked, nobody muted"."""

    def __init__(self) -> None:
        self._guards: Guards | None = None

    def install(self, guards: Guards) -> None:
        self._guards = guards

    async def hidden_from(self, reader: str | None) -> frozenset[str]:
        return frozenset() if reader is None or self._guards is None else await self._guards.hidden_from(reader)

    async def refuses(self, seated: Sequence[str], joining: str | None) -> bool:
        if joining is None or not seated or self._guards is None:
            return False
        return await self._guards.refuses(seated, joining)

    async def muted(self, account: str | None) -> bool:
        return account is not None and self._guards is not None and await self._guards.muted(account)
