"""A finished table's record made from what the database keeps (``tabletop.server.archive``, issue 46 item 5) is the
record the table rebuilt in memory gives (``LiveTable.record``, what ``GET /api/tables/{id}/record`` answers) —
for logs with undos, time-outs and a person's ending, a game played to its end, a table abandoned with no result,
and an old table whose chance came from a seed — and a table being played has none."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest

import tabletop
from tabletop.server.archive import stored_record
from tabletop.server.table import LiveTable
from tabletop.storage.models import EventRow, SeatRow, TableRow
from tabletop.storage.records import StoredGame, StoredSeat

Event = tuple[str, int, str]


def logged(game: str, seed: int, *, undo_at: tuple[int, ...] = (), stop_after: int | None = None) -> list[Event]:
    """A random game's log: its chance and its seats' actions, an undo after each action numbered in ``undo_at``
    (the same seat then plays again), to its end or for ``stop_after`` actions."""
    loaded = tabletop.load(game)
    rng = random.Random(seed)
    state, taken, log, undone = loaded.initial_state(), [], [], set()
    while not state.is_terminal and (stop_after is None or len(taken) < stop_after):
        seat = state.current_player
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        log.append(("action", -1 if state.is_chance else seat, str(action)))
        taken.append(state)
        state = state.apply(action)
        if len(taken) in undo_at and len(taken) not in undone and not taken[-1].is_chance:
            undone.add(len(taken))
            log.append(("undo", seat, "undo"))
            state = taken.pop()
    return log


def both(game: str, log: list[Event], status: str, settings: dict[str, Any]) -> tuple[str, str]:
    """The table's record rebuilt in memory and made from its stored rows, as JSON."""
    created = datetime(2026, 3, 1, 12, 30, 15, 123456)  # (naive, as SQLite gives it back)
    options = dict(tabletop.load(game).options)
    row = TableRow(id="a" * 32, game=game, options=options, status=status, settings=settings, created_at=created)
    row.seats = [SeatRow(seat=0, kind="human", name="Ann", account="acc"), SeatRow(seat=1, kind="bot", name="easy",
                                                                                  bot="easy")]
    live = LiveTable.rebuild(row, [EventRow(table_id=row.id, number=n, kind=kind, seat=seat, action=action)
                                   for n, (kind, seat, action) in enumerate(log)])
    stored = StoredGame(row.id, game, options, status, created, created.replace(tzinfo=UTC),
                        live.result() if status == "over" or live.ending is not None else None, None,
                        settings.get("chance_secret"), settings.get("seed"),
                        (StoredSeat(0, "human", "Ann", None, "acc", "Ann"),
                         StoredSeat(1, "bot", "easy", "easy", None, None)),
                        tuple(log))
    return live.record().to_json(), stored_record(stored).to_json()


SECRET = {"chance_secret": "ab" * 32}
PLAYED: dict[str, tuple[str, int, dict[str, Any], list[Event], str, dict[str, Any]]] = {
    "undos": ("cubulus", 1, {"undo_at": (3, 8)}, [], "over", SECRET),
    "timeout-resigned": ("cribbage", 2, {"undo_at": (16, 20), "stop_after": 40},
                         [("timeout", 0, "timeout"), ("end", -1, "resigned 1")], "over", SECRET),
    "abandoned-by-agreement": ("cribbage", 3, {"stop_after": 10}, [("end", -1, "abandoned")], "abandoned", SECRET),
    "expired": ("cubulus", 4, {"stop_after": 5}, [], "abandoned", SECRET),  # (no ending, no result)
    "seeded": ("beetle", 5, {"undo_at": (3,)}, [], "over", {"seed": 11}),  # (before every table had a secret)
}
"""Each case: a game, its seed, how its log is made, what follows it, the table's status and settings."""


@pytest.mark.parametrize("case", PLAYED)
def test_a_stored_record_is_the_live_tables_record(case: str) -> None:
    game, seed, how, tail, status, settings = PLAYED[case]
    log = [*logged(game, seed, **how), *tail]
    live, stored = both(game, log, status, settings)
    assert stored == live
    if "undo_at" in how:
        assert len(json.loads(stored)["actions"]) < sum(kind == "action" for kind, _, _ in log)


def test_a_table_being_played_has_no_stored_record() -> None:
    game = StoredGame("b" * 32, "cubulus", {}, "playing", datetime.now(), datetime.now(UTC), None, None, None, None,
                      (), ())
    with pytest.raises(ValueError, match="only a finished table"):
        stored_record(game)
