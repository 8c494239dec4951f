"""The web API and the live-table WebSocket (FastAPI), over one :class:`~tabletop.server.hub.Hub`.

HTTP: the games and their options, creating and listing tables (a paged lobby), joining a free seat,
a seat's current update, acting by HTTP (for clients without WebSockets), a finished game's rematch
(:mod:`.rematch`), records and move-by-move replays of finished games, and the motion of a public
action for animations (``motion``). WebSocket ``/ws/tables/{id}``: the first message is a ``hello``
with the seat tokens held (none to watch); then an update after every change, actions and undo
requests in, and the table's chat both ways for a connection whose hello asks for it (:mod:`.chat`).
Seat tokens never travel in a URL (they would be written to access logs): HTTP takes them in
``Authorization: Bearer``. Every rejection carries a reason and changes nothing; every limit
(:mod:`.limits`) answers 429/503 with ``Retry-After`` over HTTP, an error and close code 1008 on a
socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected

import tabletop
from tabletop.core import Record, no_such_seat
from tabletop.server import chance, jobs
from tabletop.server.bodies import BodyLimit
from tabletop.server.chat import ChatRefused
from tabletop.server.coach import router as coach_router
from tabletop.server.endings import ways_out
from tabletop.server.errors import ApiError, Rejection, echo_text, error_body, problems, validation_detail
from tabletop.server.headers import (
    Allowed,
    OriginAndHost,
    Secured,
    content_security_policy,
    inline_script_hashes,
    security_headers,
)
from tabletop.server.hub import ChosenSeedRefused, Connection, Hub, bot_levels
from tabletop.server.inputs import StrictRoute, read_message
from tabletop.server.limits import END_REQUEST, PRICED_MESSAGES, LimitReached, Limits, take_message
from tabletop.server.lobby import LobbyCache
from tabletop.server.lobby import router as lobby_router
from tabletop.server.messages import (
    Act,
    AnswerEnd,
    AnswerUndo,
    ClientMessage,
    CreateTable,
    EndRequest,
    Hello,
    Name,
    Ping,
    RequestUndo,
    Say,
    SpectatorChat,
    TableCreated,
    Update,
)
from tabletop.server.motion import router as motion_router
from tabletop.server.odds import router as odds_router
from tabletop.server.rematch import rematch as make_rematch
from tabletop.server.requests import (
    bearer_tokens,
    client_of,
    heavy_reply,
    json_reply,
    limit_error,
    live_table,
    refuse_tokens_in_url,
)
from tabletop.server.rules import router as rules_router
from tabletop.server.static import WebFiles, api_docs
from tabletop.server.table import SPECTATOR, Held, LiveTable
from tabletop.server.work import worker_processes
from tabletop.storage import DEFAULT_URL, Store

log = logging.getLogger("tabletop.server")
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
HELLO: TypeAdapter[Hello] = TypeAdapter(Hello)
FULL_COLLECTION_AFTER = 1_000
"""Middle-generation collections between two full ones (CPython's default is 10). A full collection walks
every live table's objects: at 200 tables it held the event loop for 45–70 ms every 7 s or so, and every
move in flight then waited as long — it alone set the quiet server's p99 (`benchmarks/server_load.py`).
The young generations are still collected as often as by default (each a millisecond or less); the old
one about every ten minutes under load. What a full collection frees is cyclic garbage that outlived
two collections, a few thousand objects each time here: waiting minutes for it costs little memory."""

MAX_MESSAGE = 4096
"""The longest WebSocket message a client may send, in characters (an action is at most 200)."""
WEB = Path(__file__).resolve().parents[1] / "web"
"""The browser client's files (``tabletop/web``), served at ``/`` after the API's routes."""


@dataclass(frozen=True)
class ServerSettings:
    """How a server process runs: its database, Redis (for several processes) and bot workers."""

    db: str = DEFAULT_URL
    redis: str | None = None
    bot_workers: int = 1  #: processes for bot decisions; 0 decides in a thread of this process
    limits: Limits = field(default_factory=Limits)
    # who may talk to the server besides itself (tabletop.server.headers)
    allow_hosts: tuple[str, ...] = ()  #: more names of this server for its Host (``*``: any)
    allow_origins: tuple[str, ...] = ()  #: more sites whose pages may play here (``https://host[:port]``)


class JoinRequest(BaseModel):
    """``POST /api/tables/{id}/join``: take a free seat by name (optionally a given seat)."""

    name: Name = ""
    seat: int | None = Field(None, ge=0)


class ActRequest(BaseModel):
    """``POST /api/tables/{id}/act``: a seat's action by HTTP."""

    token: str = Field(max_length=64)
    action: str = Field(max_length=200)
    move: int = Field(ge=0)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The ASGI application (``tabletop serve`` runs it with uvicorn)."""
    settings = settings or ServerSettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db, pool_size=settings.limits.database_threads)
        bots: Executor | None = None

        def start_bots() -> Executor:
            return worker_processes(settings.bot_workers, "tabletop.server.bots", settings.limits.worker_niceness)

        if settings.bot_workers > 0:
            bots = start_bots()
            # start the workers now: a process taking a table over must not wait seconds for its first bot move
            await asyncio.wrap_future(bots.submit(int))
        hub = Hub(store, bots, settings.redis, settings.limits, renew_bots=start_bots if bots is not None else None)
        await hub.start()
        app.state.hub = hub
        # everything loaded so far (the games, the web stack: ~115,000 objects) lives as long as the
        # process; left to the collector, each full collection walks it all and stalls every table for
        # tens of milliseconds, so it is moved out of the collector's sight once, here
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(thresholds[0], thresholds[1], FULL_COLLECTION_AFTER)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            await hub.stop()
            if hub.bots is not None:  # (a new pool if a worker died)
                hub.bots.shutdown(cancel_futures=True)
            store.close()

    page = WEB / "index.html"
    # the page's import map is its one inline script: allowed by its hash (any other inline script is refused)
    policy = content_security_policy(inline_script_hashes(page.read_text(), "importmap") if page.exists() else ())
    app = Secured(title="tabletop", summary="Cribbage, Cubulus, Beetle and Kubik: live tables and bots",
                  lifespan=lifespan, docs_url=None, redoc_url=None, security_headers=security_headers(policy))
    app.router.route_class = StrictRoute  # every body read as strict JSON (:mod:`.inputs`)
    api_docs(app)  # /docs from the package's own Swagger UI (tabletop.server.static)

    def hub() -> Hub:
        value: Hub = app.state.hub
        return value

    lobby = app.state.lobby = LobbyCache(settings.limits)  # GET /api/tables (:mod:`.lobby`)

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """Every game with its options as data (the create-table form is built from them alone), the
        kinds of events it emits, its own error codes, and whether the browser has a folder for it (``web``;
        without one it plays with the generic controls)."""
        return [{
            "name": name, "title": cls.spec.title, "description": cls.spec.description,
            "players": [cls.spec.min_players, cls.spec.max_players],
            "hidden_information": cls.spec.hidden_information,
            # the create form is for people: it offers what a table people play starts with (people_options)
            "options": [{**option.to_data(), **({"default": dict(cls.spec.people_options)[option.name]}
                                                if option.name in dict(cls.spec.people_options) else {})}
                        for option in cls.spec.all_options],
            "events": list(cls.spec.events),
            "errors": list(cls.spec.errors),  # the game's own error codes (besides the core's and the server's)
            "capabilities": sorted(cls.spec.capabilities),  # what it offers beyond the rules (coach, odds, motion…)
            "bot_levels": list(bot_levels(name)),  # empty: the game's bots have no decisions, no level to ask
            "web": (WEB / "js" / "games" / name / "index.js").is_file(),
        } for name, cls in tabletop.REGISTRY.items()]

    app.add_middleware(RateLimit, hub=hub)
    # outside the rate limit: a rebound Host or another site's page is refused before it counts
    app.add_middleware(OriginAndHost, allowed=Allowed.of(settings.allow_hosts, settings.allow_origins))
    app.add_middleware(BodyLimit, limit=settings.limits.body_bytes)  # outermost: before a body is read

    @app.exception_handler(DBAPIError)
    async def database_down(request: Request, error: DBAPIError) -> JSONResponse:
        """The database failed mid-request: nothing was changed; say so and when to try again."""
        return JSONResponse(error_body(_database_down()), status_code=503, headers={"Retry-After": "5"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        """Every HTTP error body: the English ``detail``, its ``code`` and ``params`` (:mod:`.errors`)."""
        if error.status_code in (204, 304):
            return Response(status_code=error.status_code, headers=error.headers)
        return JSONResponse(error_body(error), status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        """A request that does not have the expected form: FastAPI's list of problems as ``detail`` (as
        before, what each quotes of the request made safe to send), and ``malformed`` with where and what
        kind each problem is as params."""
        return JSONResponse({"detail": validation_detail(error.errors()), "code": "malformed",
                             "params": {"problems": problems(error.errors())}}, status_code=422)

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> TableCreated:
        """Open a table; the answer holds each human or local seat's secret token and the creator's
        token (shown once). The creator's own seat is taken at once."""
        try:
            table, tokens, creator = await hub().seating.create(body, client_of(request))
        except ChosenSeedRefused as error:
            raise ApiError.of(422, error) from None
        except Rejection as error:
            raise ApiError.of(400, error) from None
        except LimitReached as error:
            raise limit_error(error) from None
        lobby.changed(client_of(request))  # its creator looks for it in the lobby next
        return TableCreated(table=hub().info(table), tokens=tokens, creator_token=creator)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """One table's lobby line."""
        return hub().info(await _table(table_id)).model_dump()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        """Take a free human seat: its number and secret token."""
        try:
            seat, token = await hub().seating.join(table_id, body.name, body.seat, client_of(request))
        except Rejection as error:
            raise ApiError.of(409, error) from None
        except LimitReached as error:
            raise limit_error(error) from None
        lobby.changed(client_of(request))
        return {"seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/state", response_model=Update)
    async def state(table_id: str, request: Request, text: bool = False) -> Response:
        """The current update for the seat whose token is in ``Authorization: Bearer`` (without one:
        the spectators' update); ``text=true`` adds the position drawn in English (terminal text)."""
        refuse_tokens_in_url(request)
        table = await _table(table_id)
        viewer = SPECTATOR
        if tokens := bearer_tokens(request):
            viewer = (await _seats(table_id, tokens[:1]))[0]
        return json_reply(hub().broadcaster.update(table, viewer, text))

    @app.post("/api/tables/{table_id}/act", response_model=Update)
    async def act(table_id: str, body: ActRequest, text: bool = False) -> Response:
        """Take an action by HTTP; the answer is the seat's new update (``text=true``: with terminal text)."""
        seat = (await _seats(table_id, [body.token]))[0]
        try:
            await hub().moves.submit(table_id, seat, body.action, body.move)
        except Rejection as error:
            raise ApiError.of(409, error) from None
        return json_reply(hub().broadcaster.update(hub().registry[table_id], seat, text))

    @app.post("/api/tables/{table_id}/resign")
    async def resign(table_id: str, request: Request) -> dict[str, Any]:
        """Resign for one's side (its other people asked first): the seat tokens held at this table in
        ``Authorization: Bearer`` (a hot-seat screen's all: the one to move resigns). The answer: the
        table's line, with its result once ended, or ``proposal`` while a partner's consent is awaited."""
        seats = await _ending_seats(table_id, request, "resigning")
        await _end(hub().endings.resign(table_id, _speaker(table_id, seats), set(seats)))
        return _ended(table_id)

    @app.post("/api/tables/{table_id}/abandon")
    async def abandon(table_id: str, request: Request) -> dict[str, Any]:
        """End the game without a result. A game being played: asked by a seat (the seat tokens held in
        ``Authorization: Bearer``), done once every other person seated agrees (at once against bots or
        on one screen). A table not started yet: its creator's token is enough too."""
        tokens = bearer_tokens(request)
        await _table(table_id)
        creator: bool = bool(tokens) and await hub().db(hub().store.is_creator, table_id, tokens[0])
        if creator:
            await _end(hub().endings.abandon(table_id, None, set(), creator=True))
            return _ended(table_id)
        seats = await _ending_seats(table_id, request, "abandoning")
        await _end(hub().endings.abandon(table_id, _speaker(table_id, seats), set(seats)))
        return _ended(table_id)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        """Leave the table: a seat freed before the game starts, handed to a bot in a game with other
        people (the seat tokens held in ``Authorization: Bearer``)."""
        seats = await _ending_seats(table_id, request, "leaving")
        await _end(hub().endings.leave(table_id, _speaker(table_id, seats), set(seats)))
        return _ended(table_id)

    async def _ending_seats(table_id: str, request: Request, doing: str) -> list[int]:
        refuse_tokens_in_url(request)
        try:  # priced as the socket's requests to end are
            await hub().rates.table_request(client_of(request), END_REQUEST)
        except LimitReached as error:
            raise limit_error(error) from None
        tokens = bearer_tokens(request)
        await _table(table_id)
        if not tokens:
            raise ApiError(401, f"{doing} takes the seat tokens held at this table in 'Authorization: Bearer'",
                           "token_required")
        return await _seats(table_id, tokens)

    def _speaker(table_id: str, seats: list[int]) -> int:
        """Which of the held seats speaks for the screen: the one to move, else the first a person plays."""
        answer = ways_out(hub().registry[table_id], seats, set(seats))["seat"]
        return int(answer) if answer is not None else seats[0]

    async def _end(work: Any) -> None:
        try:
            await work
        except Rejection as error:
            raise ApiError.of(409, error) from None

    def _ended(table_id: str) -> dict[str, Any]:
        table = hub().registry[table_id]
        return {**hub().info(table).model_dump(), "proposal": table.proposal}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        """The same game again, with the same options and seats, once this one is over: the first
        request creates it (its asker seated, bots at once, every other person's seat kept for them);
        each later one seats its asker where they sat. The tokens of the seats held at this table go
        in ``Authorization: Bearer`` (all of a hot-seat screen's: all are seated). The answer: the new
        table, the tokens of the seats taken now, whether this request created it, and the seats the
        asker had taken there already."""
        refuse_tokens_in_url(request)
        tokens = bearer_tokens(request)
        await _table(table_id)
        if not tokens:
            raise ApiError(401, "a rematch takes the seat tokens held at this table in 'Authorization: Bearer'",
                           "token_required")
        seats = await _seats(table_id, tokens[:32])
        try:
            made = await make_rematch(hub(), table_id, seats, client_of(request))
        except Rejection as error:
            raise ApiError.of(409, error) from None
        except LimitReached as error:
            raise limit_error(error) from None
        lobby.changed(client_of(request))
        return {"table": hub().info(made.table).model_dump(), "tokens": made.tokens, "created": made.created,
                "already": made.already}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        """The game record of a finished or abandoned table (the JSON `tabletop replay` reads), with how
        it ended when a person ended it (``ending``: resigned, abandoned…) and the secret its chance was
        drawn from (public once the game is over)."""
        table = await _finished(table_id)
        meta: dict[str, Any] = {"players": [s.name for s in table.seats],
                                "date": table.row.created_at.isoformat(timespec="seconds"), "table": table_id,
                                "chance": {"generator": chance.GENERATOR, "secret": table.secret}}
        if table.result() is not None:
            meta["result"] = table.result()
        return Response(Record(table.game.name, dict(table.row.options), tuple(table.record_actions()), meta,
                               table.ending).to_json(), media_type="application/json")

    @app.get("/api/tables/{table_id}/replay/{move}", response_model=None)
    async def replay(table_id: str, move: int, request: Request) -> Response:
        """A finished game after ``move`` of its actions: the action, every seat's view, the picture and the
        log so far (who did what; nothing is hidden once a game is over)."""
        table = await _finished(table_id)
        actions = table.record_actions()
        if not 0 <= move <= len(actions):
            raise ApiError(404, f"move {move}: the game has moves 0–{len(actions)}", "no_move",
                           move=move, moves=len(actions))

        def reply(step: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            return (404, step["error"]) if "error" in step else (200, step)

        return await heavy_reply(hub(), ("replay", table_id, move, len(actions)), client_of(request), reply,
                                 jobs.replay_step, table.game.name, table.options_json, actions, move)

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        """A live connection: a hello with the seat tokens first; then updates out, and actions, undo
        requests and answers in."""
        client = client_of(websocket)
        limits = hub().limits
        if refusal := await hub().rates.socket(client):  # refused before the handshake: the cheapest answer
            log.info("socket refused: %s", refusal)
            await websocket.close(code=1008, reason=_close_reason(str(refusal)))
            return
        await websocket.accept()
        if "token" in websocket.query_params:
            await _close(websocket, Rejection("seat tokens never go in a URL (they would be logged): send them in the "
                                              "first message, {\"type\": \"hello\", \"tokens\": [...]}",
                                              "tokens_in_url"), 1008)
            return
        if hub().broadcaster.sockets[client] >= limits.sockets_per_client:
            await _close(websocket, Rejection(f"too many connections: at most {limits.sockets_per_client} from one "
                                              "client", "too_many_sockets", limit=limits.sockets_per_client), 1008)
            return
        hub().broadcaster.sockets[client] += 1
        try:
            await _serve(websocket, table_id, client)
        finally:
            hub().broadcaster.sockets[client] -= 1
            if hub().broadcaster.sockets[client] <= 0:
                del hub().broadcaster.sockets[client]

    async def _serve(websocket: WebSocket, table_id: str, client: str) -> None:
        limits = hub().limits
        try:
            raw = await asyncio.wait_for(_receive_text(websocket), limits.hello_seconds)
            hello = read_message(HELLO, raw or "")
            await hub().table(table_id)
            seats = await hub().seating.seats_for(table_id, hello.tokens)
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
        connection = Connection(send, seats, hello.text, client, hello.chat, held)
        try:
            try:
                await hub().seating.connect(table_id, connection, hello.name)
                await hub().chat.welcome(table_id, connection)
            except LimitReached as error:
                await _close(websocket, Rejection(str(error), error.code, **error.params), 1008)
                return
            await _converse(websocket, table_id, connection)
        except (WebSocketDisconnect, WebSocketDisconnected, OSError):
            # the client left, even in the middle of our first message; WebSocketDisconnected when another
            # task's send (a broadcast) found the socket broken first and this one finds it closed
            pass
        finally:
            hub().broadcaster.disconnect(table_id, connection)

    async def _converse(websocket: WebSocket, table_id: str, connection: Connection) -> None:
        """Take the connection's messages until it closes (raises WebSocketDisconnect)."""
        limits = hub().limits
        bucket = hub().rates.socket_bucket()
        while True:
            raw = await _receive_text(websocket)
            if not await take_message(bucket):
                hub().rates.flooded(connection.client)
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
                await _handle(table_id, connection, raw)
            except Rejection as error:
                await websocket.send_json(error.message())
            except ChatRefused as refusal:
                await websocket.send_json(refusal.message())
            except DBAPIError:
                await websocket.send_json(Rejection(str(_database_down().detail), "database_unavailable",
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
            await websocket.close(code=code, reason=_close_reason(str(refusal)))

    async def _handle(table_id: str, connection: Connection, raw: str) -> None:
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
            await hub().chat.say(table_id, connection, message.text)
            return
        if (priced := PRICED_MESSAGES.get(message.type)) is not None:  # counted before any lock or look-up
            try:
                await hub().rates.table_request(connection.client, priced)
            except LimitReached as error:
                raise Rejection(str(error), error.code, **error.params) from None
        if isinstance(message, SpectatorChat):
            await hub().chat.allow_spectators(table_id, connection, message.allowed)
            return
        if not connection.seats:
            raise Rejection("spectators cannot act", "spectator_cannot_act")
        table = hub().registry[table_id]
        seat = message.seat if message.seat is not None else connection.viewer(table)
        if seat not in connection.seats:
            game = table.game
            said = (game.seat_label(seat) if 0 <= seat < game.num_players
                    else f"seat={seat} ({no_such_seat(seat, game.num_players)})")
            raise Rejection(f"this connection does not hold {said}", "seat_not_held", seat=seat)
        if isinstance(message, Act):
            await hub().moves.submit(table_id, seat, message.action, message.move)
        elif isinstance(message, RequestUndo):
            await hub().undo.request(table_id, seat, message.move)
        elif isinstance(message, AnswerUndo):
            await hub().undo.answer(table_id, seat, message.type == "agree_undo")
        elif isinstance(message, AnswerEnd):
            await hub().endings.answer(table_id, seat, message.type == "agree_end")
        elif isinstance(message, EndRequest):
            screen = hub().broadcaster.same_screen(table_id, seat)
            if message.type == "resign":
                await hub().endings.resign(table_id, seat, screen)
            elif message.type == "abandon":
                await hub().endings.abandon(table_id, seat, screen)
            else:
                await hub().endings.leave(table_id, seat, screen)

    async def _table(table_id: str) -> LiveTable:
        return await live_table(hub(), table_id)

    async def _seats(table_id: str, tokens: list[str]) -> list[int]:
        await _table(table_id)
        try:
            return await hub().seating.seats_for(table_id, tokens)
        except Rejection as error:
            raise ApiError.of(400 if error.code == "too_many_tokens" else 403, error) from None

    async def _finished(table_id: str) -> LiveTable:
        table = await _table(table_id)
        if table.status not in ("over", "abandoned"):
            raise ApiError(409, "the game is still being played: its record would show hidden cards",
                           "game_in_progress")
        return table

    app.include_router(odds_router)
    app.include_router(motion_router)
    app.include_router(coach_router)
    app.include_router(lobby_router)
    app.include_router(rules_router)  # each game's rules pages, from its own package (before the client's files)
    if (WEB / "index.html").exists():
        app.mount("/", WebFiles(WEB), name="web")
    return app


EXPENSIVE = re.compile(r"^/api/tables/[^/]+/(?:odds|motion|replay|coach|blunders)(?:/|$)")
"""The API paths whose answers may cost a computation: they count against ``expensive_per_second`` too."""
LOBBY = "/api/tables"
"""The lobby's path: its pages count as expensive too (tens of kB each to answer, even from memory: :mod:`.lobby`)."""

DELAYED_REFUSALS = 1_000
"""Refusals held back at once (beyond them a refusal is answered at once): each is a sleeping task."""


class RateLimit:
    """Every HTTP API request counts against its client's rate (static files do not); over it, a 429
    is answered here. A plain ASGI middleware: it costs a dictionary look-up, not a task per request.

    A refusal is answered after ``refusal_delay_seconds`` (its ``Retry-After`` at most): a client that
    ignores ``Retry-After`` and asks again at once on the same connection would otherwise have the
    server answer refusals as fast as it can make them — each cheap, but thousands a second. Held
    back, a connection costs one sleeping task until its answer and makes at most one request a
    second, whatever the client does."""

    def __init__(self, app: ASGIApp, hub: Callable[[], Hub]) -> None:
        self.app = app
        self.hub = hub
        self.delayed = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            hub = self.hub()
            try:
                path = scope["path"]
                costly = EXPENSIVE.match(path) is not None or (path == LOBBY and scope["method"] == "GET")
                await hub.rates.request(client_of(HTTPConnection(scope)), costly)
            except LimitReached as error:
                await self.refuse(error, hub.limits.refusal_delay_seconds, scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def refuse(self, error: LimitReached, delay: float, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = limit_error(error)
        response = JSONResponse(error_body(refusal), status_code=refusal.status_code, headers=refusal.headers)
        delay = min(delay, error.retry_after or delay)
        if delay > 0 and self.delayed < DELAYED_REFUSALS:
            self.delayed += 1
            try:
                await asyncio.sleep(delay)
            finally:
                self.delayed -= 1
        await response(scope, receive, send)


def _problems(error: ValidationError) -> str:
    return "; ".join(f"{echo_text('.'.join(str(p) for p in e['loc']), 80)}: {e['msg']}" for e in error.errors()[:10])


def _close_reason(reason: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8 (RFC 6455), cut at a character."""
    return echo_text(reason, 123).encode()[:123].decode(errors="ignore")


def _database_down() -> ApiError:
    return ApiError(503, "the database is unavailable just now; nothing was changed — try again",
                    "database_unavailable", retry_after=5)
