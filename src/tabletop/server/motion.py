"""Motions of logged actions for animations: ``GET /api/tables/{id}/motion/{move}``.

A game may say how an action moved things (:meth:`tabletop.core.State.motion`: Kubik re-runs a
simulated throw from the noise its record keeps). The server answers for the ``move``-th effective
action of a table's record — live or finished — only when every seat and every spectator saw that
action whole, so a motion can never show something hidden. The state before the action is rebuilt
from the record and the game asked, off the event loop (a physics run costs milliseconds to tens of
milliseconds); answers are kept per (table, move) in a small LRU cache, and concurrent requests for
the same motion share one computation.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from tabletop.core import Game, State, TabletopError
from tabletop.server.hub import Hub, Rejection
from tabletop.server.table import SPECTATOR

router = APIRouter()

CACHE_SIZE = 256
"""Motions kept in memory per server process (a Kubik throw's is about 20 kB)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What the route answers: the motion (status 200), or the status and reason why there is none."""

    status: int
    reason: str = ""
    motion: dict[str, Any] | None = None


class MotionCache:
    """A bounded LRU of answers by key; one computation (in a worker thread) per key at a time."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._done: OrderedDict[Hashable, Answer] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[Answer]] = {}

    def __len__(self) -> int:
        return len(self._done)

    async def get(self, key: Hashable, compute: Callable[[], Answer]) -> Answer:
        """The answer for ``key``, computed by ``compute`` in a thread the first time."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        running = self._running.get(key)
        if running is None:
            running = self._running[key] = asyncio.ensure_future(asyncio.to_thread(compute))
            running.add_done_callback(lambda done: self._settle(key, done))
        return await asyncio.shield(running)  # a client that goes away does not stop the others' answer

    def _settle(self, key: Hashable, done: asyncio.Future[Answer]) -> None:
        self._running.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._done[key] = done.result()
        while len(self._done) > self.size:
            self._done.popitem(last=False)


def motion_answer(game: Game[Any, Any], actions: list[str], move: int) -> Answer:
    """Replay ``actions`` up to ``move`` and ask the game for the motion of that action, if public."""
    state: State[Any] = game.initial_state()
    try:
        for text in actions[:move]:
            state = state.apply_text(text)
        action = game.parse_action(actions[move])
    except TabletopError as error:  # pragma: no cover - a live table's record always replays
        return Answer(409, f"the record does not replay to move {move}: {error}")
    text = actions[move]
    viewers = [*range(game.num_players), SPECTATOR]
    if any(state.observation(action, viewer) != str(action) for viewer in viewers):
        return Answer(404, f"move {move} is hidden from some players: no motion is given for it")
    motion = state.motion(action)
    if motion is None:
        return Answer(404, f"move {move} ({_short(text)}) has no motion to animate")
    data = dict(motion)
    if data.get("reproduced") is False:
        return Answer(409, f"move {move}: this server's simulation does not reproduce the record "
                           f"({_short(text)}; it gives {_short(str(data.get('simulated')))})")
    return Answer(200, motion=data)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "…"


def _cache(request: Request) -> MotionCache:
    cache: MotionCache | None = getattr(request.app.state, "motions", None)
    if cache is None:
        cache = request.app.state.motions = MotionCache()
    return cache


@router.get("/api/tables/{table_id}/motion/{move}")
async def table_motion(table_id: str, move: int, request: Request) -> dict[str, Any]:
    """How the ``move``-th action of the table's record moved things (a simulated throw's frames),
    for an animation; only for actions every seat saw, live or finished."""
    hub: Hub = request.app.state.hub
    try:
        table = await hub.table(table_id)
    except Rejection as error:
        raise HTTPException(404, str(error)) from None
    actions = table.record_actions()  # a snapshot: the table may move on while the motion is computed
    if not 0 <= move < len(actions):
        raise HTTPException(404, f"move {move}: nothing has been played at this table yet" if not actions else
                            f"move {move}: the table's record has moves 0–{len(actions) - 1}")
    key = (table_id, move, hash(tuple(actions[:move + 1])))
    answer = await _cache(request).get(key, lambda: motion_answer(table.game, actions, move))
    if answer.motion is None:
        raise HTTPException(answer.status, answer.reason)
    return {"table": table_id, "move": move, "action": actions[move], "motion": answer.motion}
