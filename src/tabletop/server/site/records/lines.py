"""A line of the open record: one finished table, as a JSON object on a line of its own (NDJSON).

``GET /api/players/{username}/games`` streams such lines, and ``tabletop export`` writes them (gzipped) for a
period's rated games; :mod:`tabletop.data` reads either. A line is::

    {"table": "4f0c…", "game": "cubulus", "status": "over", "finished_at": "2026-03-01T18:22:05.123456Z",
     "rated": "cubulus-2", "players": ["Ann", "easy"], "bots": [null, "easy"], "record": {…}}

- ``table``: the table's id (``/api/tables/{table}/record`` answers the same record);
- ``status``: ``over`` (ended with a result) or ``abandoned`` (ended without one);
- ``finished_at``: when it ended (UTC);
- ``rated``: the rating pool of a rated table, null for a casual one;
- ``players``: by seat, the username of the account that sat there, null where none did — a guest, a bot at a
  casual table, or an account deleted since (the record's ``meta.players`` names that seat "deleted player");
- ``bots``: by seat, the bot level that played it, null for a person;
- ``record``: the game record (``docs/records.md``), what ``tabletop replay`` reads.

A player's stream adds ``seats`` (the seats the player sat in) and ``cursor`` (the stream goes on after this
line with ``before=<cursor>``).
"""

from __future__ import annotations

from typing import Any

from tabletop.storage.records import StoredGame


def header(game: StoredGame) -> dict[str, Any]:
    """Everything a line says of a finished table but its record (``finished_at`` as a datetime, for the writer's
    encoder)."""
    return {"table": game.id, "game": game.game, "status": game.status, "finished_at": game.finished_at,
            "rated": game.pool, "players": [seat.username for seat in game.seats],
            "bots": [seat.bot if seat.kind == "bot" else None for seat in game.seats]}
