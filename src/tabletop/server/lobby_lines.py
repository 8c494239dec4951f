"""A table's lobby line: what anyone may know of it (its game, options, status, seats and result), made from
its database row without loading the table — a lobby page makes a hundred of them."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from typing import Any

from tabletop.server.messages import TableInfo
from tabletop.storage import LobbyRow
from tabletop.storage.models import TableRow


def row_info(row: TableRow | LobbyRow, moves: int) -> TableInfo:
    """The lobby line of a table as the database has it."""
    return TableInfo.model_validate(row_line(row, moves))


def row_line(row: TableRow | LobbyRow, moves: int) -> dict[str, Any]:
    """:func:`row_info`'s fields as plain data, its time a ``datetime`` (orjson's ``OPT_UTC_Z`` writes it
    as pydantic does): a lobby page makes a hundred of them, without a model each."""
    zombies = set(row.settings.get("zombies", []))
    return {"id": row.id, "game": row.game, "options": row.options, "status": row.status,
            "seats": seat_dicts(row, zombies), "moves": moves, "result": row.result,
            "rematch_of": row.settings.get("rematch_of"), "active_at": _utc(row.active_at),
            "rated": row.settings.get("pool") if row.settings.get("rated") else None}


def seat_dicts(row: TableRow | LobbyRow, zombies: set[int]) -> list[dict[str, Any]]:
    """Public facts about each seat, as JSON data."""
    levels = bot_levels(row.game)
    return [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "joined": s.joined,
             "zombie": s.seat in zombies, "level": s.bot if s.bot in levels else None,
             "open": s.open, "for": s.reserved_name} for s in row.seats]


@functools.cache
def _utc(moment: datetime) -> datetime:
    """A time read from the database, in UTC (SQLite gives it back without its zone; it was written in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels of ``game`` that play differently (easy, normal, hard); none for a game whose
    bots have no decisions to make (Beetle: every level is the same roller), so nobody is asked for one."""
    import tabletop

    cls = tabletop.REGISTRY.get(game)
    return () if cls is None else _levels_of(game, cls)


@functools.cache
def _levels_of(game: str, cls: type[Any]) -> tuple[str, ...]:
    """:func:`bot_levels` of a game registered as ``cls``, found once: every update and lobby line names each seat's
    level, and finding them sets a game up (a tenth of a millisecond, a tenth of a cheap update's cost)."""
    import tabletop

    bots = tabletop.load(game).bots()
    levels = tuple(level for level in ("easy", "normal", "hard") if level in bots)
    return levels if len({bots[level] for level in levels}) > 1 else ()
