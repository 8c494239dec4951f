"""A table's settings as one frozen, typed value: what the database keeps beside a table's seats and log
(its clocks, the chance secret, seats bots took over, pending requests, the rematch's links).

The database stores them as a JSON object (``TableRow.settings``) that several processes change a key at a
time (:meth:`~tabletop.storage.Store.update_settings`); this is how the server reads them, in one place, so
that a key is never spelled twice nor read as the wrong type. A table's row is read again whenever another
process changed it, and :attr:`LiveTable.settings` follows.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class TableSettings(BaseModel):
    """What a table's settings say (every field optional: older rows lack the newer ones)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    chance_secret: str | None = None  #: where the table's chance comes from (:mod:`.chance`; never sent)
    seed: int | None = None  #: tables made before the secret: their chance came from this seed
    seeded: bool = False  #: the creator chose the seed (a casual table)
    move_seconds: int | float | None = None  #: the time a move has (None: no clock)
    time_bank: int | float = 0.0  #: each seat's extra time for the whole game
    zombies: tuple[int, ...] = ()  #: seats whose person's time ran out or who left: a bot plays them
    undo: dict[str, Any] | None = None  #: the pending undo request (:mod:`.undo`)
    proposal: dict[str, Any] | None = None  #: the pending request to end the game (:mod:`.endings`)
    #: the seats of people whose every connection is gone, each with when it went (wall-clock seconds): kept
    #: by the table's owner (:mod:`.presence`), read by the rules for someone leaving (:mod:`.endings`)
    gone: dict[int, float] = {}
    left: tuple[int, ...] = ()  #: seats whose person left and whom the others went on without (claimed, ended, a bot)
    rematch: dict[str, Any] | None = None  #: where this finished table's rematch is, and for whom
    rematch_of: str | None = None  #: the table this one is the rematch of
    spectator_chat: bool = False  #: spectators may write in the chat (:mod:`.chat`)
    rated: bool = False  #: a rated table: no takebacks, no help, no bot for a person who left (.site.ratings)
    pool: str | None = None  #: a rated table's rating pool (its game's, :mod:`tabletop.core.pools`), named when made
    #: the running move clock, kept so a restart or a take-over keeps it: {"move", "seat", "started", "deadline"}
    #: (wall-clock seconds) and every seat's time bank when it started
    clock: dict[str, Any] | None = None
