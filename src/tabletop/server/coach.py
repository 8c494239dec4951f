"""Coach mode over HTTP: a seat's advice at its decision, and a finished game's "blunders".

``GET /api/tables/{id}/coach?seat=N`` answers the seat's :class:`~tabletop.core.coach.CoachAdvice`
(:meth:`Game.coach`) for the position now. It takes the seat's token (``Authorization: Bearer``) and
is given only to a seat the client holds and only while that seat is to move — at a hot-seat screen
holding every seat, the one to move; never another seat's — and it is computed from that seat's view
alone, which is all the job is sent. It runs in the expensive-work pool's ``coach`` lane (:mod:`.work`),
so no flood of other clients' replays or blunder lists delays it. The answer says the move it advises
(``move``: the position it was computed from, even when a move landed while it was computed) and is kept
per (table, move, seat) in :class:`AdviceCache`, which hears the table events: a table's answers go when a
move is applied to it or it finishes, and one computed while the table moved on is not kept.

``GET /api/tables/{id}/blunders?seat=N`` reads a finished game's record (public once the game is over):
at each of the seat's decisions with a choice, the advice from its view then, and the moves whose
chosen action was worse than the best by more than ``threshold`` (the cost in expected points or in
chance to win). The job rates every decision once per (table, seat) — what any threshold is read
from — and the threshold only filters its answer, so no threshold costs a second computation. A finished
table's record never changes, so its ratings never go stale (no event drops them; the pool keeps them as
long as its other answers); they are not prepared when a table finishes, which would cost every finished
game seconds of CPU that few people ask for. A job's
work is bounded: at most :data:`MAX_DECISIONS` decisions, each with the smaller budget of
:data:`REPLAY_BUDGET`, and at most :data:`BLUNDER_SECONDS` of CPU in all (``truncated`` says the list
stops early, ``rated`` how far it got).

The coach reads the tables through :class:`~tabletop.server.seams.SeatViews` alone: a table glanced at, a
seat's tokens checked, that seat's view at one move, a finished table's actions.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Request, Response
from starlette.requests import HTTPConnection

import tabletop
from tabletop.core import Capability, State, no_such_seat
from tabletop.core.coach import blunder_cost
from tabletop.server.errors import ApiError, Rejection
from tabletop.server.identity import IdentityDep, account_of
from tabletop.server.inputs import StrictRoute
from tabletop.server.jobs import load_game
from tabletop.server.requests import (
    HeavyDep,
    SeatViewsDep,
    bearer_tokens,
    client_of,
    refuse_tokens_in_url,
    run_heavy,
)
from tabletop.server.seams import SeatViews, TableGlance
from tabletop.server.table_events import MoveApplied, TableFinished

router = APIRouter(route_class=StrictRoute)  # bodies read as strict JSON (.inputs)

MAX_DECISIONS = 160
"""A blunder list rates at most this many of the seat's decisions (the first ones; ``truncated`` says so)."""
BLUNDER_SECONDS = 3.0
"""The CPU time a blunder list may take in all: the decisions after it are not rated (``truncated``).
A Cubulus decision costs ~0.2 s at its replay budget, a Kubik one ~0.03 s, a cribbage one ~5 ms."""
REPLAY_BUDGET = {"cribbage": 16, "cubulus": 2_500}
"""The work per decision of a blunder list, where it is smaller than a live coach's (worlds, nodes)."""
THRESHOLDS = {"points": 1.0, "chance": 0.05}
"""A blunder's least cost by default: a point of expected points, or five points of chance to win."""


def coach_job(name: str, options_json: str, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The advice for ``seat`` from its ``view`` alone (what a worker is sent): ``{"advice": … | None}``."""
    game = load_game(name, options_json)
    advice = game.coach(view, seat)
    return {"advice": None if advice is None else advice.to_data()}


def blunders_job(name: str, options_json: str, actions: list[str], seat: int,
                 seconds: float = BLUNDER_SECONDS) -> dict[str, Any]:
    """Replay a finished game's ``actions`` and rate each of ``seat``'s decisions from its view then:
    every decision that cost anything (``costly``, its exact cost), whatever threshold is asked later.
    No decision is begun after ``seconds`` of CPU."""
    game = load_game(name, options_json)
    budget = REPLAY_BUDGET.get(name)
    deadline = time.thread_time() + seconds  # the CPU of this job alone, in a worker or a thread
    state: State[Any] = game.initial_state()
    costly: list[dict[str, Any]] = []
    rated = 0
    truncated = False
    for move, text in enumerate(actions):
        if state.current_player == seat and not state.is_chance and len(state.legal_actions()) > 1:
            if rated >= MAX_DECISIONS or time.thread_time() > deadline:
                truncated = True
                break
            rated += 1
            advice = game.coach(state.view(seat), seat, budget, seed=move, include=(text,))
            cost = None if advice is None else blunder_cost(advice, text)
            if advice is not None and cost:
                costly.append({"move": move, "action": text, "best": advice.best, "cost": cost,
                               "unit": advice.unit, "kind": advice.kind, "measure": advice.measure,
                               "chosen": advice.value(text), "value": advice.value(advice.best or text)})
        state = state.apply_recorded(game.parse_action(text))  # the server's own log
    return {"seat": seat, "rated": rated, "truncated": truncated, "costly": costly}


def blunder_list(rated: dict[str, Any], threshold: float | None) -> dict[str, Any]:
    """The answer to a blunders request from :func:`blunders_job`'s ratings: the decisions that cost
    more than ``threshold`` (None: :data:`THRESHOLDS` of each one's unit)."""
    found = [{**line, "cost": round(line["cost"], 6)} for line in rated["costly"]
             if line["cost"] > (THRESHOLDS.get(line["unit"], 0.0) if threshold is None else threshold)]
    return {"seat": rated["seat"], "rated": rated["rated"], "truncated": rated["truncated"], "blunders": found}


ADVISED_TABLES = 512
"""Tables whose advice is kept at most (at their current move, per seat asked; the least recently asked go)."""


class AdviceCache:
    """The coach's answers, encoded, of each table at one move, per seat: a repeated request costs a look-up.
    Kept from the table events (:mod:`.table_events`): a table's answers go when a move is applied to it or
    it finishes."""

    def __init__(self, size: int = ADVISED_TABLES) -> None:
        self.size = size
        self._tables: OrderedDict[str, tuple[int, dict[int, bytes]]] = OrderedDict()  #: table → (move, seat → answer)

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str, move: int, seat: int) -> bytes | None:
        """The answer kept for ``seat`` at the table's move ``move``, if any."""
        kept = self._tables.get(table_id)
        if kept is None or kept[0] != move or seat not in kept[1]:
            return None
        self._tables.move_to_end(table_id)
        return kept[1][seat]

    def keep(self, table_id: str, move: int, seat: int, answer: bytes) -> None:
        """Keep ``answer`` for ``seat`` at move ``move`` (not when a later move's are kept already)."""
        kept = self._tables.get(table_id)
        if kept is None or kept[0] < move:
            kept = self._tables[table_id] = (move, {})
        elif kept[0] > move:
            return
        kept[1][seat] = answer
        self._tables.move_to_end(table_id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)

    async def heard(self, event: MoveApplied | TableFinished) -> None:
        """A move was applied at a table (the advice of every move up to it is outdated), or it finished."""
        kept = self._tables.get(event.table)
        if kept is not None and (isinstance(event, TableFinished) or kept[0] <= event.move):
            del self._tables[event.table]


def advice_cache(connection: HTTPConnection) -> AdviceCache:
    """The app's :class:`AdviceCache` (built and subscribed to the table events by :mod:`.app`)."""
    cache: AdviceCache = connection.app.state.advice
    return cache


AdviceDep = Annotated[AdviceCache, Depends(advice_cache)]


def _check_coached(table: TableGlance) -> None:
    if not table.game.provides(Capability.COACH):
        coached = tabletop.REGISTRY.providing(Capability.COACH)
        raise ApiError(404, f"no coach for {table.game.name}; it coaches {', '.join(coached)}", "no_coach",
                       game=table.game.name, games=coached)


def _check_seat(table: TableGlance, seat: int) -> None:
    if not 0 <= seat < table.game.num_players:
        raise ApiError(404, f"seat={seat}: {no_such_seat(seat, table.game.num_players)}", "coach_seat",
                       seat=seat, seats=table.game.num_players)


async def _glance(tables: SeatViews, table_id: str) -> TableGlance:
    """The table now, or a 404 saying there is none."""
    try:
        return await tables.glance(table_id)
    except Rejection as error:
        raise ApiError.of(404, error) from None


def _not_to_move(table: TableGlance, seat: int) -> ApiError:
    to_move = table.to_move
    return ApiError(409, f"{table.game.seat_label(seat)} is not to move: the coach advises the seat to move",
                    "coach_not_to_move", seat=seat, to_move=None if to_move < 0 else to_move)


@router.get("/api/tables/{table_id}/coach", response_model=None)
async def table_coach(tables: SeatViewsDep, heavy: HeavyDep, advice: AdviceDep, table_id: str, seat: int,
                      request: Request, identity: IdentityDep) -> Response:
    """The advice for ``seat`` (held by the bearer tokens or the account signed in, and to move) at the table now."""
    refuse_tokens_in_url(request)
    table = await _glance(tables, table_id)
    _check_coached(table)
    _check_seat(table, seat)
    if table.pool is not None:  # (after the game, its blunders are everyone's to see)
        raise ApiError(403, "no help at a rated table: the coach is for casual games and finished ones",
                       "rated_no_coach", pool=table.pool)
    tokens = bearer_tokens(request)
    if not tokens and identity.account is None:
        raise ApiError(401, "the coach advises a seat its player holds: send its token in 'Authorization: Bearer'",
                       "token_required")
    try:
        held = await tables.seats_for(table_id, tokens[:32], None if tokens else account_of(identity))
    except Rejection as error:
        raise ApiError.of(403, error) from None
    if seat not in held:
        raise ApiError(403, f"{table.game.seat_label(seat)} is not held by these tokens: the coach advises only "
                       "one's own seat", "coach_not_held", seat=seat)
    table = await _glance(tables, table_id)  # as it is now (checking the tokens may have caught it up)
    if table.status != "playing" or table.to_move != seat:
        raise _not_to_move(table, seat)
    move = table.moves
    answer = advice.get(table_id, move, seat)
    if answer is None:
        view = tables.view(table_id, seat, move)  # (nothing awaited since the glance: the same position)
        if view is None:
            raise _not_to_move(table, seat)
        found = await run_heavy(heavy, ("coach", table_id, seat, move), client_of(request), coach_job,
                                table.game.name, table.options_json, view, seat, lane="coach", keep=False)
        answer = orjson.dumps({**found, "move": move, "seat": seat}, option=orjson.OPT_NON_STR_KEYS)
        if tables.moves(table_id) == move:  # not kept when the table moved on while it was computed
            advice.keep(table_id, move, seat, answer)
    return Response(answer, media_type="application/json")


@router.get("/api/tables/{table_id}/blunders", response_model=None)
async def table_blunders(tables: SeatViewsDep, heavy: HeavyDep, table_id: str, seat: int, request: Request,
                         threshold: float | None = None) -> Response:
    """A finished game's moves where ``seat``'s choice cost more than ``threshold`` against the best."""
    table = await _glance(tables, table_id)
    _check_coached(table)
    _check_seat(table, seat)
    actions = tables.actions(table_id)  # (nothing awaited since the glance)
    if actions is None:
        raise ApiError(409, "the game is still being played: blunders are shown in a finished game's replay",
                       "game_in_progress")
    if threshold is not None and not 0 <= threshold <= 1000:  # NaN and the infinities too (said as text: not JSON)
        raise ApiError(422, f"threshold {threshold}: give a number from 0 to 1000", "bad_threshold",
                       threshold=threshold if math.isfinite(threshold) else str(threshold))
    rated = await run_heavy(heavy, ("blunders", table_id, seat, len(actions)), client_of(request), blunders_job,
                            table.game.name, table.options_json, list(actions), seat)
    return Response(orjson.dumps(blunder_list(rated, threshold)), media_type="application/json")
