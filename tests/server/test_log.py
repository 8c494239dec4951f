"""The move log a live table keeps for each viewer (issue #8, the move log): every line says who acted
and the action exactly as that viewer observed it, with what it caused; an undo takes its line back."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.core import CHANCE, State, visible
from tabletop.server.messages import LogEntry
from tabletop.server.table import SPECTATOR, LiveTable
from tabletop.storage.models import EventRow, SeatRow, TableRow

QUICK: dict[str, list[dict[str, Any]]] = {
    "beetle": [{"players": 3}],
    "cribbage": [{"players": 2, "target": 61}, {"players": 3, "target": 31}],
    "cubulus": [{"players": 2, "move_cap": 30}],
    "kubik": [{"players": 2, "throws": "calibrated", "target": 10}],
    "pig": [{"players": 2, "target": 20}],  # the sixth game only the tests install (tests/plugin)
}
"""Quick configurations of every game in the registry (a missing game fails the test below)."""
GAMES = [(name, options) for name in tabletop.REGISTRY for options in QUICK.get(name, [])]


def test_every_game_in_the_registry_has_its_log_checked() -> None:
    assert sorted(QUICK) == sorted(tabletop.REGISTRY), "give every game a quick configuration in QUICK"


def row_for(name: str, options: dict[str, Any]) -> TableRow:
    """A table row as the database would hold it (not stored: LiveTable only reads it)."""
    game = tabletop.load(name, **options)
    seats = [SeatRow(seat=s, kind="bot", name=f"bot{s}", bot="random", joined=True) for s in range(game.num_players)]
    return TableRow(id="t", game=name, options=dict(game.options), status="playing", settings={"seed": 3},
                    seats=seats)


def random_game(name: str, options: dict[str, Any], seed: int) -> tuple[list[EventRow], list[State[Any]]]:
    """A whole game of random legal actions, as logged events, and the states it passes through."""
    game = tabletop.load(name, **options)
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    states, events = [state], []
    while not state.is_terminal:
        if state.is_chance:
            action, seat = state.sample_chance(rng), CHANCE
        else:
            legal = state.legal_actions()
            action, seat = legal[rng.randrange(len(legal))], state.current_player
        events.append(EventRow(kind="action", seat=seat, action=str(action)))
        state = state.apply(action)
        states.append(state)
    return events, states


def expected_log(states: list[State[Any]], actions: list[str], viewer: int) -> list[dict[str, Any]]:
    """What ``viewer`` must be told: each action it observed, who took it, and the events it may see."""
    lines: list[dict[str, Any]] = []
    for move, (before, after, text) in enumerate(zip(states, states[1:], actions, strict=False)):
        seen = before.observation(before.game.parse_action(text), viewer)
        if seen is not None:  # each line numbered by the event that wrote it (what a returning client names)
            lines.append({"move": move, "seat": CHANCE if before.is_chance else before.current_player,
                          "action": seen, "events": visible(after.events(), viewer)})
    return lines


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o['players']}p" for n, o in GAMES])
def test_every_line_says_who_did_what_as_the_viewer_saw_it(name: str, options: dict[str, Any]) -> None:
    events, states = random_game(name, options, seed=5)
    table = LiveTable.rebuild(row_for(name, options), events)
    assert table.state.is_terminal
    actions = [event.action for event in events]
    for viewer in [*range(table.game.num_players), SPECTATOR]:
        log = table.history(viewer)
        assert log == expected_log(states, actions, viewer)
        assert all(LogEntry.model_validate(line).action == line["action"] for line in log)
        assert all(line["seat"] == CHANCE or 0 <= line["seat"] < table.game.num_players for line in log)
        assert table.seen_actions(viewer) == tuple(line["action"] for line in log)  # what a bot is told
    if name == "cribbage":  # others' discards stay hidden; the starter and the plays are public
        spectator = [line["action"] for line in table.history(SPECTATOR)]
        assert all(a == "deal" for a in spectator if a.startswith("deal"))
        assert all(set(a.split()[1:]) == {"?"} for a in spectator if a.startswith("discard"))
        assert any(e["kind"] == "pegs" for line in table.history(0) for e in line["events"])  # points are told


def test_an_undo_takes_its_line_back_from_every_log() -> None:
    options = {"players": 2, "target": 61}
    events, _ = random_game("cribbage", options, seed=2)
    discard = next(i for i, e in enumerate(events) if e.action.startswith("discard"))
    table = LiveTable.rebuild(row_for("cribbage", options), events[:discard])
    before = {viewer: list(table.history(viewer)) for viewer in [0, 1, SPECTATOR]}
    table.replay_event("action", events[discard].seat, events[discard].action)
    mover = events[discard].seat
    mine, theirs = table.history(mover)[-1], table.history(1 - mover)[-1]
    assert (mine["seat"], mine["action"]) == (mover, events[discard].action)
    assert mine["events"][0]["cards"] == events[discard].action.split()[1:]  # the owner sees the cards
    assert (theirs["seat"], theirs["action"]) == (mover, "discard ? ?")
    assert theirs["events"] == [{"kind": "discards", "seat": mover, "count": 2, "action": True}]  # the others: how many
    table.replay_event("undo", mover, "undo")
    assert {viewer: table.history(viewer) for viewer in before} == before
