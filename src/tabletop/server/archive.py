"""A finished table's game record made from what the database keeps of it, without replaying its game.

:meth:`.table.LiveTable.record` makes a table's record from the table rebuilt in memory — every action applied,
every seat's log written: 2 ms for a game of Cubulus, over 100 for one of Cribbage. A finished table's record
needs none of that: its effective actions are its log's with each ``undo`` taking back the action before it,
how a person ended it is its ``end`` event, and its result is the one written with its status when it ended
(:meth:`.moves.Moves.finish`). :func:`stored_record` reads them so, and gives the same record —
``tests/server/test_archive.py`` holds it to :meth:`~.table.LiveTable.record` on logs with undos, time-outs and
endings — for the open record of play (:mod:`.site.records`, through :mod:`.seams`) and ``tabletop export``,
which read many finished tables at a time.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Ending, Record
from tabletop.server import chance
from tabletop.storage.records import FINISHED, StoredGame


def stored_record(game: StoredGame) -> Record:
    """The game record of a finished table (what ``GET /api/tables/{id}/record`` answers for it).

    Raises:
        ValueError: for a table that is not finished (its record would show what is hidden still).
    """
    if game.status not in FINISHED:
        raise ValueError(f"table {game.id} is {game.status}: only a finished table's record is given")
    actions: list[str] = []
    ending: Ending | None = None
    for kind, _, action in game.events:
        if kind == "end":  # resigned, abandoned…: the game stopped there
            ending = Ending.parse(action)
        elif kind == "undo":
            actions.pop()
        elif kind != "timeout":  # (a time-out hands the seat to a bot: the result names it among the zombies)
            actions.append(action)
    secret = game.chance_secret if game.chance_secret else chance.secret_from_seed(game.seed or 0)
    meta: dict[str, Any] = {"players": [seat.name for seat in game.seats],
                            "date": game.created_at.isoformat(timespec="seconds"), "table": game.id,
                            "chance": {"generator": chance.GENERATOR, "secret": secret}}
    if game.result is not None:
        meta["result"] = game.result
    return Record(game.game, dict(game.options), tuple(actions), meta, ending)
