"""The expensive answers themselves, as pure functions of plain data (run by :mod:`.work`'s workers).

Each takes a game's name and options (JSON), a table's effective actions and a move, rebuilds the
position from the record and answers: a finished game's replay step, a Beetle table's exact odds,
the motion of a public action, or a finished game's statistics of its seats. Nothing here touches the
server or the database, so every job pickles to a worker process and is tested as a plain function.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import tabletop
from tabletop.core import CHANCE, SPECTATOR, Game, Record, State, TabletopError, unredacted

LogEntry = dict[str, Any]


@lru_cache(maxsize=64)
def load_game(name: str, options_json: str) -> Game[Any, Any]:
    """The game with these options (kept: a worker answers many jobs about the same tables)."""
    return tabletop.load(name, **json.loads(options_json))


def replay_log(game: Game[Any, Any], actions: list[str], move: int) -> tuple[State[Any], list[LogEntry]]:
    """The position after the first ``move`` actions and the log that led there, nothing hidden —
    for replays of a finished game, whose record is public.

    Raises:
        ValueError: naming the moves there are.
    """
    if not 0 <= move <= len(actions):
        raise ValueError(f"move {move}: the game has moves 0–{len(actions)}")
    state: State[Any] = game.initial_state()
    log: list[LogEntry] = []
    for action in actions[:move]:
        line: LogEntry = {"seat": CHANCE if state.is_chance else state.current_player, "action": action}
        state = state.apply_recorded(game.parse_action(action))  # the server's own log
        line["events"] = unredacted(state.events())  # a finished game: nothing is hidden
        log.append(line)
    return state, log


def replay_step(name: str, options_json: str, actions: list[str], move: int) -> dict[str, Any]:
    """A finished game after ``move`` of its actions: the action, every seat's view, the picture and
    the log so far (``{"error": <an error body>}`` for a move the game does not have)."""
    game = load_game(name, options_json)
    try:
        state, log = replay_log(game, actions, move)
    except ValueError as error:
        return {"error": {"detail": str(error), "code": "no_move", "params": {"move": move, "moves": len(actions)}}}
    return {"move": move, "moves": len(actions), "action": actions[move - 1] if move else None,
            "to_move": state.current_player, "text": str(state), "log": log,
            "views": [dict(state.view(seat)) for seat in range(game.num_players)]}


def win_chances(name: str, options_json: str, actions: list[str], move: int) -> dict[str, Any]:
    """Each seat's exact chance of winning after ``move`` of a game's actions (``Game.win_chances``)."""
    game = load_game(name, options_json)
    state, _ = replay_log(game, actions, move)
    chances = game.win_chances(state)
    if chances is None:  # pragma: no cover - asked only of games that compute them
        raise TypeError(f"{name} computes no winning chances")
    return {"move": move, "win": [round(p, 12) for p in chances]}


def seat_statistics(name: str, record_json: str, seats: list[int], seconds: float) -> dict[str, Any]:
    """Each of ``seats``' statistics of a finished game's record (``Game.seat_statistics``), by seat (as text), the
    analysis of each bounded by its share of ``seconds`` of CPU; a seat the game keeps none of is left out."""
    record = Record.from_json(record_json)
    game = load_game(name, json.dumps(dict(record.options), sort_keys=True))
    share = seconds / max(1, len(seats))
    found = {}
    for seat in seats:
        statistics = game.seat_statistics(record, seat, share)
        if statistics is not None:
            found[str(seat)] = statistics.to_data()
    return found


@dataclass(frozen=True, slots=True)
class Answer:
    """A motion (status 200), or the status and reason why there is none (with its code: :mod:`.errors`)."""

    status: int
    reason: str = ""
    motion: dict[str, Any] | None = None
    code: str = ""

    def body(self, move: int) -> dict[str, Any]:
        """The HTTP error body saying why there is no motion for ``move``."""
        return {"detail": self.reason, "code": self.code, "params": {"move": move}}


def motion_answer(game: Game[Any, Any], actions: list[str], move: int) -> Answer:
    """Replay ``actions`` up to ``move`` and ask the game for the motion of that action, if public."""
    state: State[Any] = game.initial_state()
    try:
        for text in actions[:move]:
            state = state.apply_recorded(game.parse_action(text))  # the server's own log
        action = game.parse_action(actions[move])
    except TabletopError as error:  # pragma: no cover - a live table's record always replays
        return Answer(409, f"the record does not replay to move {move}: {error}", code="record_broken")
    text = actions[move]
    viewers = [*range(game.num_players), SPECTATOR]
    if any(state.observation(action, viewer) != str(action) for viewer in viewers):
        return Answer(404, f"move {move} is hidden from some players: no motion is given for it", code="motion_hidden")
    motion = state.motion(action)
    if motion is None:
        return Answer(404, f"move {move} ({_short(text)}) has no motion to animate", code="no_motion")
    data = dict(motion)
    if data.get("reproduced") is False:
        return Answer(409, f"move {move}: this server's simulation does not reproduce the record "
                           f"({_short(text)}; it gives {_short(str(data.get('simulated')))})", code="motion_mismatch")
    return Answer(200, motion=data)


def motion(name: str, options_json: str, actions: list[str], move: int) -> Answer:
    """:func:`motion_answer` for a game given by name and options (what a worker is sent)."""
    return motion_answer(load_game(name, options_json), actions, move)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "…"
