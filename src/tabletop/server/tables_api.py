"""The tables' HTTP API: creating a table, its lobby line, joining a free seat, a seat's current update,
acting by HTTP (for clients without WebSockets), resigning, abandoning and leaving, a finished game's
rematch (:mod:`.rematch`), its record and its move-by-move replay.

Seat tokens never travel in a URL (they would be written to access logs): these routes take them in
``Authorization: Bearer``. Every rejection carries a reason and changes nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from tabletop.server import jobs
from tabletop.server.endings import ways_out
from tabletop.server.errors import ApiError, Rejection
from tabletop.server.hub import Hub
from tabletop.server.identity import Identity, IdentityDep, account_of, accounts_named
from tabletop.server.inputs import StrictRoute
from tabletop.server.limits import END_REQUEST, LimitReached
from tabletop.server.lobby import LobbyCache
from tabletop.server.messages import CreateTable, Name, TableCreated, Update
from tabletop.server.requests import (
    HubDep,
    RematchesDep,
    bearer_tokens,
    client_of,
    heavy_reply,
    json_reply,
    limit_error,
    live_table,
    refuse_tokens_in_url,
)
from tabletop.server.seating import ChosenSeedRefused
from tabletop.server.table import SPECTATOR, LiveTable

router = APIRouter(route_class=StrictRoute)


class JoinRequest(BaseModel):
    """``POST /api/tables/{id}/join``: take a free seat by name (optionally a given seat)."""

    name: Name = ""
    seat: int | None = Field(None, ge=0)


class ActRequest(BaseModel):
    """``POST /api/tables/{id}/act``: a seat's action by HTTP."""

    token: str = Field(max_length=64)
    action: str = Field(max_length=200)
    move: int = Field(ge=0)


@router.post("/api/tables", status_code=201)
async def create_table(hub: HubDep, body: CreateTable, request: Request, identity: IdentityDep) -> TableCreated:
    """Open a table; the answer holds each human or local seat's secret token and the creator's
    token (shown once). The creator's own seat is taken at once (bound to the account signed in, if any). A
    person's seat ``for`` a username is that account's to take (or its invitation link's); an unknown name is
    refused (422 ``seat_for_unknown``), and so is the name of an account that blocks the creator (the refusal
    does not tell the block from a name nobody has)."""
    body = _named(body, identity)
    wanted = {number: seat.for_ for number, seat in enumerate(body.seats) if seat.for_ is not None}
    found = await accounts_named(request, sorted(set(wanted.values())))
    addressed: dict[int, tuple[str, str]] = {}
    for number, username in wanted.items():
        account = found[username]
        if account is None or await hub.guards.refuses([account.id], account_of(identity)):  # blocked: as unknown
            raise ApiError(422, f"seat {number + 1} is for {username!r}: no player has that name", "seat_for_unknown",
                           seat=number, username=username)
        addressed[number] = account.id, account.username
    try:
        table, tokens, creator = await hub.seating.create(body, identity.client, account_of(identity), addressed)
    except ChosenSeedRefused as error:
        raise ApiError.of(422, error) from None
    except Rejection as error:
        raise ApiError.of(400, error) from None
    except LimitReached as error:
        raise limit_error(error) from None
    _lobby(request).changed(client_of(request))  # its creator looks for it in the lobby next
    return TableCreated(table=hub.info(table), tokens=tokens, creator_token=creator)

def _named(body: CreateTable, identity: Identity) -> CreateTable:
    """The request with the creator's seat named as the account signed in is (a seat bound to an account
    shows its username: nobody plays under another's name); anonymous, as it came."""
    seat = body.creator_seat_number()
    if identity.account is None or seat is None or seat >= len(body.seats) or body.seats[seat].kind != "human":
        return body
    seats = list(body.seats)
    seats[seat] = seats[seat].model_copy(update={"name": identity.account.username})
    return body.model_copy(update={"seats": seats})

@router.get("/api/tables/{table_id}")
async def table_info(hub: HubDep, table_id: str) -> dict[str, Any]:
    """One table's lobby line."""
    return hub.info(await _table(hub, table_id)).model_dump()

@router.post("/api/tables/{table_id}/join")
async def join(hub: HubDep, table_id: str, body: JoinRequest, request: Request, identity: IdentityDep
               ) -> dict[str, Any]:
    """Take a free human seat: its number and secret token (the seat bound to the account signed in, if any)."""
    try:
        name = identity.account.username if identity.account is not None else body.name
        seat, token = await hub.seating.join(table_id, name, body.seat, identity.client, account_of(identity))
    except Rejection as error:
        raise ApiError.of(409, error) from None
    except LimitReached as error:
        raise limit_error(error) from None
    _lobby(request).changed(client_of(request))
    return {"seat": seat, "token": token}

@router.get("/api/tables/{table_id}/state", response_model=Update)
async def state(hub: HubDep, table_id: str, request: Request, identity: IdentityDep, text: bool = False) -> Response:
    """The current update for the seat whose token is in ``Authorization: Bearer`` — or, without one, the
    seat of the account signed in (else the spectators' update); ``text=true`` adds the position drawn in
    English (terminal text)."""
    refuse_tokens_in_url(request)
    table = await _table(hub, table_id)
    viewer = SPECTATOR
    tokens = bearer_tokens(request)
    if tokens or identity.account is not None:
        held = await _seats(hub, table_id, tokens[:1], None if tokens else account_of(identity))
        viewer = held[0] if held else SPECTATOR
    return json_reply(hub.broadcaster.update(table, viewer, text))

@router.post("/api/tables/{table_id}/act", response_model=Update)
async def act(hub: HubDep, table_id: str, body: ActRequest, text: bool = False) -> Response:
    """Take an action by HTTP; the answer is the seat's new update (``text=true``: with terminal text)."""
    seat = (await _seats(hub, table_id, [body.token]))[0]
    try:
        await hub.moves.submit(table_id, seat, body.action, body.move)
    except Rejection as error:
        raise ApiError.of(409, error) from None
    return json_reply(hub.broadcaster.update(hub.registry[table_id], seat, text))

@router.post("/api/tables/{table_id}/resign")
async def resign(hub: HubDep, table_id: str, request: Request, identity: IdentityDep) -> dict[str, Any]:
    """Resign for one's side (its other people asked first): the seat tokens held at this table in
    ``Authorization: Bearer`` (a hot-seat screen's all: the one to move resigns). The answer: the
    table's line, with its result once ended, or ``proposal`` while a partner's consent is awaited."""
    seats = await _ending_seats(hub, table_id, request, "resigning", identity)
    await _end(hub.endings.resign(table_id, _speaker(hub, table_id, seats), set(seats)))
    return _ended(hub, table_id)

@router.post("/api/tables/{table_id}/abandon")
async def abandon(hub: HubDep, table_id: str, request: Request, identity: IdentityDep) -> dict[str, Any]:
    """End the game without a result. A game being played: asked by a seat (the seat tokens held in
    ``Authorization: Bearer``), done once every other person seated agrees (at once against bots or
    on one screen). A table not started yet: its creator's token is enough too."""
    tokens = bearer_tokens(request)
    await _table(hub, table_id)
    creator: bool = bool(tokens) and await hub.db(hub.store.is_creator, table_id, tokens[0])
    if creator:
        await _end(hub.endings.abandon(table_id, None, set(), creator=True))
        return _ended(hub, table_id)
    seats = await _ending_seats(hub, table_id, request, "abandoning", identity)
    await _end(hub.endings.abandon(table_id, _speaker(hub, table_id, seats), set(seats)))
    return _ended(hub, table_id)

@router.post("/api/tables/{table_id}/leave")
async def leave(hub: HubDep, table_id: str, request: Request, identity: IdentityDep) -> dict[str, Any]:
    """Leave the table: a seat freed before the game starts, handed to a bot in a game with other
    people (the seat tokens held in ``Authorization: Bearer``)."""
    seats = await _ending_seats(hub, table_id, request, "leaving", identity)
    await _end(hub.endings.leave(table_id, _speaker(hub, table_id, seats), set(seats)))
    return _ended(hub, table_id)

async def _ending_seats(hub: Hub, table_id: str, request: Request, doing: str, identity: Identity) -> list[int]:
    """The seats a request to end speaks for: those its tokens hold, else the signed-in account's there."""
    refuse_tokens_in_url(request)
    try:  # priced as the socket's requests to end are (a signed-in player's: per account)
        await hub.rates.table_request(client_of(request) if identity.account is None
                                      else "account:" + identity.account.id, END_REQUEST)
    except LimitReached as error:
        raise limit_error(error) from None
    tokens = bearer_tokens(request)
    await _table(hub, table_id)
    seats = await _seats(hub, table_id, tokens, None if tokens else account_of(identity)) \
        if tokens or identity.account is not None else []
    if not seats:
        raise ApiError(401, f"{doing} takes the seat tokens held at this table in 'Authorization: Bearer' "
                            "(or an account seated there, signed in)", "token_required")
    return seats

def _speaker(hub: Hub, table_id: str, seats: list[int]) -> int:
    """Which of the held seats speaks for the screen: the one to move, else the first a person plays."""
    answer = ways_out(hub.registry[table_id], seats, set(seats))["seat"]
    return int(answer) if answer is not None else seats[0]

async def _end(work: Any) -> None:
    try:
        await work
    except Rejection as error:
        raise ApiError.of(409, error) from None

def _ended(hub: Hub, table_id: str) -> dict[str, Any]:
    table = hub.registry[table_id]
    return {**hub.info(table).model_dump(), "proposal": table.proposal}

@router.post("/api/tables/{table_id}/rematch")
async def rematch(hub: HubDep, rematches: RematchesDep, table_id: str, request: Request,
                  identity: IdentityDep) -> dict[str, Any]:
    """The same game again, with the same options and seats, once this one is over: the first
    request creates it (its asker seated, bots at once, every other person's seat kept for them);
    each later one seats its asker where they sat. The tokens of the seats held at this table go
    in ``Authorization: Bearer`` (all of a hot-seat screen's: all are seated). The answer: the new
    table, the tokens of the seats taken now, whether this request created it, and the seats the
    asker had taken there already."""
    refuse_tokens_in_url(request)
    tokens = bearer_tokens(request)
    await _table(hub, table_id)
    seats = await _seats(hub, table_id, tokens[:32], None if tokens else account_of(identity)) \
        if tokens or identity.account is not None else []
    if not seats:
        raise ApiError(401, "a rematch takes the seat tokens held at this table in 'Authorization: Bearer' (or "
                            "an account seated there, signed in)", "token_required")
    try:
        made = await rematches.ask(table_id, seats, client_of(request), account_of(identity))
    except Rejection as error:
        raise ApiError.of(409, error) from None
    except LimitReached as error:
        raise limit_error(error) from None
    _lobby(request).changed(client_of(request))
    return {"table": hub.info(await hub.table(made.table)).model_dump(), "tokens": made.tokens, "created": made.created,
            "already": made.already}

@router.get("/api/tables/{table_id}/record")
async def record(hub: HubDep, table_id: str) -> Response:
    """The game record of a finished or abandoned table (the JSON `tabletop replay` reads), with how
    it ended when a person ended it (``ending``: resigned, abandoned…) and the secret its chance was
    drawn from (public once the game is over)."""
    table = await _finished(hub, table_id)
    return Response(table.record().to_json(), media_type="application/json")


@router.get("/api/tables/{table_id}/replay/{move}", response_model=None)
async def replay(hub: HubDep, table_id: str, move: int, request: Request) -> Response:
    """A finished game after ``move`` of its actions: the action, every seat's view, the picture and the
    log so far (who did what; nothing is hidden once a game is over)."""
    table = await _finished(hub, table_id)
    actions = table.record_actions()
    if not 0 <= move <= len(actions):
        raise ApiError(404, f"move {move}: the game has moves 0–{len(actions)}", "no_move",
                       move=move, moves=len(actions))

    def reply(step: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return (404, step["error"]) if "error" in step else (200, step)

    return await heavy_reply(hub.heavy, ("replay", table_id, move, len(actions)), client_of(request), reply,
                             jobs.replay_step, table.game.name, table.options_json, actions, move)


async def _table(hub: Hub, table_id: str) -> LiveTable:
    return await live_table(hub, table_id)


async def _seats(hub: Hub, table_id: str, tokens: list[str], account: str | None = None) -> list[int]:
    await _table(hub, table_id)
    try:
        return await hub.seating.seats_for(table_id, tokens, account)
    except Rejection as error:
        raise ApiError.of(400 if error.code == "too_many_tokens" else 403, error) from None


async def _finished(hub: Hub, table_id: str) -> LiveTable:
    table = await _table(hub, table_id)
    if table.status not in ("over", "abandoned"):
        raise ApiError(409, "the game is still being played: its record would show hidden cards",
                       "game_in_progress")
    return table


def _lobby(request: Request) -> LobbyCache:
    """The lobby's cache (:mod:`.lobby`): a client that made or joined a table looks for it there next."""
    cache: LobbyCache = request.app.state.lobby
    return cache
