"""No message to a seat holds anything outside that seat's view (server issue, part 9).

Full games of every game are played through the server, one WebSocket per seat plus a spectator.
Afterwards the game record is replayed and every message checked field by field: the ``view`` is
exactly the seat's view of the position the message was sent at (the public view for spectators),
the log is exactly what the seat observed (who acted, the observation, the events it may see), legal
actions only go to the seat to move, and the text is the seat's own rendering. For cribbage, no
opponent's card appears anywhere in a message before the show.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import tabletop
from tabletop.core import CHANCE, Record, State, visible
from tabletop.server import create_app
from tabletop.server.table import SPECTATOR
from tests.server.live import seated, settings_for_tests

QUICK = {
    "beetle": [{"players": 3}],
    "cribbage": [{"players": 2, "target": 61}, {"players": 3, "target": 61}],
    "cubulus": [{"players": 2}],
    "kubik": [{"players": 2, "throws": "calibrated", "target": 15, "max_throws": 200}],  # random play: a cap
    "pig": [{"players": 3, "target": 20}],  # the sixth game only the tests install (tests/plugin)
}
"""A quick configuration (or several) of every game in the registry: a game missing here fails
:func:`test_every_game_in_the_registry_is_played_through_the_server`."""
GAMES = [(name, options) for name in tabletop.REGISTRY for options in QUICK.get(name, [])]


def test_every_game_in_the_registry_is_played_through_the_server() -> None:
    assert sorted(QUICK) == sorted(tabletop.REGISTRY), "give every game a quick configuration in QUICK"


class Recorder:
    """A WebSocket that keeps every message it receives."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.messages: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.messages.append(message)
        return message

    def until(self, wanted: Any) -> dict[str, Any]:
        while not wanted(message := self.receive()):
            assert message["type"] == "state", message
        return message


def play_through_server(client: TestClient, stack: ExitStack, name: str, options: dict[str, Any],
                        seed: int) -> tuple[str, list[Recorder], Recorder]:
    seats = [{"kind": "human", "name": f"p{i}"} for i in range(options["players"])]
    created = client.post("/api/tables", json={"game": name, "options": options, "seats": seats,
                                               "creator_seat": None})  # strangers' seats: the server's secret deals
    assert created.status_code == 201, created.text
    table, tokens = created.json()["table"]["id"], created.json()["tokens"]
    rng = random.Random(seed)
    spectator = Recorder(stack.enter_context(seated(client, table, text=True)))
    players = [Recorder(stack.enter_context(seated(client, table, tokens[str(i)], text=True)))
               for i in range(len(seats))]
    latest = spectator.until(lambda m: m["status"] == "playing")
    while latest["status"] == "playing":
        seat, move = latest["to_move"], latest["move"]
        if seat >= 0:
            mine = players[seat].until(lambda m, move=move: m["move"] >= move and m["status"] != "open")
            if mine["move"] == move and mine["legal"]:
                action = mine["legal"][rng.randrange(len(mine["legal"]))]
                players[seat].ws.send_text(json.dumps({"type": "act", "action": action, "move": move}))
        latest = spectator.until(lambda m, move=move: m["move"] > move or m["status"] != "playing")
    for recorder in players:
        recorder.until(lambda m: m["status"] == "over")
    return table, players, spectator


def opponents_cards(state: State[Any], seat: int) -> set[str]:
    """Cards in other hands or laid away by others, not yet shown (cribbage)."""
    from tabletop.games.cribbage.views import hands_are_public

    if hands_are_public(state):
        return set()
    hidden = {str(c) for s, hand in enumerate(state.hands) if s != seat for c in hand}  # type: ignore[attr-defined]
    hidden |= {str(c) for s, d in enumerate(state.discards) if s != seat for c in d}  # type: ignore[attr-defined]
    return hidden


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o['players']}p" for n, o in GAMES])
def test_every_message_holds_only_its_seats_view(sqlite_url: str, name: str, options: dict[str, Any]) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client, ExitStack() as stack:
        table, players, spectator = play_through_server(client, stack, name, options, seed=11)
        record = Record.from_json(json.dumps(client.get(f"/api/tables/{table}/record").json()))
    game = tabletop.load(record.game, **record.options)
    states: list[State[Any]] = [game.initial_state()]
    seen: dict[int, list[list[dict[str, Any]]]] = {v: [[]] for v in [*range(game.num_players), SPECTATOR]}
    for move, text in enumerate(record.actions):
        action = game.parse_action(text)
        before = states[-1]
        states.append(before.apply(action))
        mover = CHANCE if before.is_chance else before.current_player
        events = states[-1].events()
        for viewer, logs in seen.items():
            observed = before.observation(action, viewer)
            line = {"move": move, "seat": mover, "action": observed, "events": visible(events, viewer)}
            logs.append(logs[-1] + ([line] if observed is not None else []))
    assert states[-1].is_terminal
    for viewer, recorder in [*enumerate(players), (SPECTATOR, spectator)]:
        assert recorder.messages, "every connection hears about the game"
        for message in recorder.messages:  # (each with its whole log, as the connection keeps it: LogKeeping)
            if message["type"] != "state" or message["status"] == "open":
                continue
            state = states[message["move"]]
            if viewer == SPECTATOR:
                assert message["view"] == json.loads(json.dumps(state.public_view()))
                assert message["legal"] == [] and message["seat"] is None
            else:
                assert message["view"] == json.loads(json.dumps(state.view(viewer)))
                assert message["text"] == state.render(viewer)
                expected_legal = [str(a) for a in state.legal_actions()] if (
                    state.current_player == viewer and message["status"] == "playing") else []
                assert message["legal"] == expected_legal
            assert message["log"] == seen[viewer][message["move"]]
            if name == "cribbage":
                hidden = opponents_cards(state, viewer) if viewer != SPECTATOR else {
                    c for s in range(game.num_players) for c in opponents_cards(state, s)}
                # the log is checked exactly above: each event is in it only if this seat may see it (and it
                # may name a card this seat held in an earlier deal); the rest of the message names no card
                blob = json.dumps({k: v for k, v in message.items() if k not in ("log", "news")})
                leaked = [card for card in hidden if f'"{card}"' in blob or f" {card} " in blob]
                where = [k for k, v in message.items() if any(c in json.dumps(v) for c in leaked)]
                where += [k for k, v in message["view"].items() if any(c in json.dumps(v) for c in leaked)]
                assert not leaked, f"seat {viewer} was sent {leaked} at move {message['move']} in {where}"
