"""The live-table WebSocket, ``/ws/tables/{id}``: the first message is a ``hello`` with the seat tokens held
(none to watch); then an update after every change (:mod:`.broadcast`), actions, undo requests, requests
to end the game and their answers in, and the table's chat both ways for a connection whose hello asks
for it (:mod:`.chat`). Every limit (:mod:`.limits`) answers an error and close code 1008; a message that
is refused changes nothing and is answered with its reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.websockets import WebSocketDisconnected

from tabletop.core import no_such_seat
from tabletop.server.broadcast import Connection
from tabletop.server.chat import ChatRefused
from tabletop.server.errors import Rejection, database_down, echo_text, problems
from tabletop.server.hub import Hub
from tabletop.server.identity import account_of, identify, session_of
from tabletop.server.inputs import read_message
from tabletop.server.limits import PRICED_MESSAGES, LimitReached, take_message
from tabletop.server.messages import (
    Act,
    AnswerEnd,
    AnswerUndo,
    ClientMessage,
    EndRequest,
    Hello,
    Ping,
    RequestUndo,
    Say,
    SpectatorChat,
)
from tabletop.server.requests import HubDep, client_of
from tabletop.server.table import SPECTATOR, Held

log = logging.getLogger("tabletop.server")
router = APIRouter()
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
HELLO: TypeAdapter[Hello] = TypeAdapter(Hello)
MAX_MESSAGE = 4096
"""The longest WebSocket message a client may send, in characters (an action is at most 200)."""


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, hub: HubDep) -> None:
    """A live connection: a hello with the seat tokens first; then updates out, and actions, undo
    requests and answers in."""
    client = client_of(websocket)
    limits = hub.limits
    looked_up = await session_of(websocket)  # (kept in the scope: the hello's identity does not ask again)
    account = looked_up[1][0].id if looked_up is not None and looked_up[1] is not None else None
    if refusal := await hub.rates.socket(client, account):  # refused before the handshake: the cheapest answer
        log.info("socket refused: %s", refusal)
        await websocket.close(code=1008, reason=close_reason(str(refusal)))
        return
    await websocket.accept()
    if "token" in websocket.query_params:
        await _close(websocket, Rejection("seat tokens never go in a URL (they would be logged): send them in the "
                                          "first message, {\"type\": \"hello\", \"tokens\": [...]}",
                                          "tokens_in_url"), 1008)
        return
    # open at once: an anonymous client's by its address; a signed-in one's by its account, and by its address
    # at signed_in_address_factor times the limit (a school's accounts behind one address are not one client)
    counted = [(client, limits.sockets_per_client)] if account is None else \
        [("account:" + account, limits.sockets_per_client),
         (client, limits.sockets_per_client * limits.signed_in_address_factor)]
    sockets = hub.broadcaster.sockets
    if full := next(((who, most) for who, most in counted if sockets[who] >= most), None):
        what = "account" if full[0].startswith("account:") else "client"
        await _close(websocket, Rejection(f"too many connections: at most {full[1]} from one {what}",
                                          "too_many_sockets", limit=full[1]), 1008)
        return
    for who, _ in counted:
        sockets[who] += 1
    try:
        await _serve(hub, websocket, table_id, client)
    finally:
        for who, _ in counted:
            sockets[who] -= 1
            if sockets[who] <= 0:
                del sockets[who]


async def _serve(hub: Hub, websocket: WebSocket, table_id: str, client: str) -> None:
    limits = hub.limits
    try:
        raw = await asyncio.wait_for(_receive_text(websocket), limits.hello_seconds)
        hello = read_message(HELLO, raw or "")
        await hub.table(table_id)
        account = account_of(await identify(websocket))
        seats = [] if hello.watch else await hub.seating.seats_for(table_id, hello.tokens, account)
    except TimeoutError:
        await _close(websocket, Rejection(f"no hello within {limits.hello_seconds:g} s: the first message must "
                                          "be {\"type\": \"hello\", \"tokens\": [...]}", "no_hello",
                                          seconds=limits.hello_seconds), 1008)
        return
    except ValidationError as error:
        await _close(websocket, Rejection(f"the first message must be a hello: {_problems(error)}", "bad_hello",
                                          problems=problems(error.errors())), 1008)
        return
    except Rejection as error:
        await _close(websocket, error, 4404)
        return
    except WebSocketDisconnect:
        return

    async def send(message: dict[str, Any]) -> None:
        await websocket.send_text(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode())

    held = None if hello.since is None else Held(SPECTATOR if hello.since_seat is None else hello.since_seat,
                                                 hello.since)
    connection = Connection(send, seats, hello.text, client, hello.chat, held, account)
    try:
        try:
            await hub.seating.connect(table_id, connection, hello.name)
            hub.spawn(hub.presence.arrived(table_id, connection))
            await hub.chat.welcome(table_id, connection)
        except LimitReached as error:
            await _close(websocket, Rejection(str(error), error.code, **error.params), 1008)
            return
        await _converse(hub, websocket, table_id, connection)
    except (WebSocketDisconnect, WebSocketDisconnected, OSError):
        # the client left, even in the middle of our first message; WebSocketDisconnected when another
        # task's send (a broadcast) found the socket broken first and this one finds it closed
        pass
    finally:
        hub.broadcaster.disconnect(table_id, connection)
        hub.spawn(hub.presence.departed(table_id, connection))  # (its seats may be held nowhere now)


async def _converse(hub: Hub, websocket: WebSocket, table_id: str, connection: Connection) -> None:
    """Take the connection's messages until it closes (raises WebSocketDisconnect)."""
    limits = hub.limits
    bucket = hub.rates.socket_bucket()
    while True:
        raw = await _receive_text(websocket)
        if not await take_message(bucket):
            hub.rates.flooded(connection.client)
            await _close(websocket, Rejection(
                f"too many messages: at most {limits.messages_per_second:g} a second (bursts of "
                f"{limits.message_burst}); closing, and new connections wait "
                f"{limits.flood_cooldown_seconds:g} s", "flooded", rate=limits.messages_per_second,
                burst=limits.message_burst, cooldown=limits.flood_cooldown_seconds), 1008)
            return
        if raw is None:
            await websocket.send_json(Rejection("binary frames are not accepted: send JSON text",
                                                "binary_frame").message())
            continue
        try:
            await _handle(hub, table_id, connection, raw)
        except Rejection as error:
            await websocket.send_json(error.message())
        except ChatRefused as refusal:
            await websocket.send_json(refusal.message())
        except DBAPIError:
            await websocket.send_json(Rejection(str(database_down().detail), "database_unavailable",
                                                retry_after=5).message())


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text message (None for a binary one); raises WebSocketDisconnect when closed."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is not None:
        text: str = message["text"]
        return text
    return None


async def _close(websocket: WebSocket, refusal: Rejection, code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(refusal.message())
        await websocket.close(code=code, reason=close_reason(str(refusal)))


async def _handle(hub: Hub, table_id: str, connection: Connection, raw: str) -> None:
    if len(raw) > MAX_MESSAGE:
        raise Rejection(f"message too long: {len(raw)} characters (at most {MAX_MESSAGE})", "message_too_long",
                        length=len(raw), maximum=MAX_MESSAGE)
    try:
        message = read_message(CLIENT_MESSAGE, raw)
    except ValidationError as error:
        raise Rejection(f"malformed message: {_problems(error)}", "malformed",
                        problems=problems(error.errors())) from None
    if isinstance(message, Ping):
        await connection.send({"type": "pong"})
        return
    if isinstance(message, Say):  # chat: no game action (tabletop.server.chat)
        await hub.chat.say(table_id, connection, message.text)
        return
    if (priced := PRICED_MESSAGES.get(message.type)) is not None:  # counted before any lock or look-up
        try:
            # a signed-in player's requests count against the account (players behind one address are not one client)
            await hub.rates.table_request(connection.client if connection.account is None
                                          else "account:" + connection.account, priced)
        except LimitReached as error:
            raise Rejection(str(error), error.code, **error.params) from None
    if isinstance(message, SpectatorChat):
        await hub.chat.allow_spectators(table_id, connection, message.allowed)
        return
    if not connection.seats:
        raise Rejection("spectators cannot act", "spectator_cannot_act")
    table = hub.registry[table_id]
    seat = message.seat if message.seat is not None else connection.viewer(table)
    if seat not in connection.seats:
        game = table.game
        said = (game.seat_label(seat) if 0 <= seat < game.num_players
                else f"seat={seat} ({no_such_seat(seat, game.num_players)})")
        raise Rejection(f"this connection does not hold {said}", "seat_not_held", seat=seat)
    if isinstance(message, Act):
        await hub.moves.submit(table_id, seat, message.action, message.move)
    elif isinstance(message, RequestUndo):
        await hub.undo.request(table_id, seat, message.move)
    elif isinstance(message, AnswerUndo):
        await hub.undo.answer(table_id, seat, message.type == "agree_undo")
    elif isinstance(message, AnswerEnd):
        await hub.endings.answer(table_id, seat, message.type == "agree_end")
    elif isinstance(message, EndRequest):
        screen = hub.broadcaster.same_screen(table_id, seat)
        if message.type == "resign":
            await hub.endings.resign(table_id, seat, screen)
        elif message.type == "abandon":
            await hub.endings.abandon(table_id, seat, screen)
        elif message.type == "leave":
            await hub.endings.leave(table_id, seat, screen)
        else:  # claim, end_gone, bot_for_gone: the others went away
            await hub.endings.go_on_without(table_id, message.type, seat, screen)


def _problems(error: ValidationError) -> str:
    return "; ".join(f"{echo_text('.'.join(str(p) for p in e['loc']), 80)}: {e['msg']}" for e in error.errors()[:10])


def close_reason(reason: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8 (RFC 6455), cut at a character."""
    return echo_text(reason, 123).encode()[:123].decode(errors="ignore")
