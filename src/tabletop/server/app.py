"""The web API and the live-table WebSocket (FastAPI), over one :class:`~tabletop.server.hub.Hub`.

HTTP: the games and their options, creating and listing tables, joining a free seat, a seat's
current update, acting by HTTP (for clients without WebSockets), records and move-by-move replays
of finished games, and the motion of a public action for animations (``motion``). WebSocket
``/ws/tables/{id}?token=…`` (one ``token`` per held seat; none to watch): an update after every
change, actions and undo requests in. Every rejection carries a reason and changes nothing.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

import tabletop
from tabletop.core import Record
from tabletop.server.hub import Connection, Hub, Rejection
from tabletop.server.messages import Act, AnswerUndo, ClientMessage, CreateTable, Ping, RequestUndo, TableCreated
from tabletop.server.motion import router as motion_router
from tabletop.server.odds import router as odds_router
from tabletop.server.table import SPECTATOR
from tabletop.storage import DEFAULT_URL, Store

CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
WEB = Path(__file__).resolve().parents[1] / "web"
"""The browser client's files (``tabletop/web``), served at ``/`` after the API's routes."""


@dataclass(frozen=True)
class ServerSettings:
    """How a server process runs: its database, Redis (for several processes) and bot workers."""

    db: str = DEFAULT_URL
    redis: str | None = None
    bot_workers: int = 1  #: processes for bot decisions; 0 decides in a thread of this process


class JoinRequest(BaseModel):
    """``POST /api/tables/{id}/join``: take a free seat by name (optionally a given seat)."""

    name: str = Field("", max_length=64)
    seat: int | None = Field(None, ge=0)


class ActRequest(BaseModel):
    """``POST /api/tables/{id}/act``: a seat's action by HTTP."""

    token: str
    action: str = Field(max_length=200)
    move: int = Field(ge=0)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The ASGI application (``tabletop serve`` runs it with uvicorn)."""
    settings = settings or ServerSettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db)
        bots: Executor | None = None
        if settings.bot_workers > 0:  # never fork the threaded server: workers start from a clean forkserver
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["tabletop.server.bots"])
            bots = ProcessPoolExecutor(settings.bot_workers, mp_context=context)
        hub = Hub(store, bots, settings.redis)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()
            if bots is not None:
                bots.shutdown(cancel_futures=True)
            store.close()

    app = FastAPI(title="tabletop", summary="Cribbage, Cubulus, Beetle and Kubik: live tables and bots",
                  lifespan=lifespan)

    def hub() -> Hub:
        value: Hub = app.state.hub
        return value

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """Every game with its options (what the create-table form offers)."""
        return [{
            "name": name, "title": cls.spec.title, "description": cls.spec.description,
            "players": [cls.spec.min_players, cls.spec.max_players],
            "hidden_information": cls.spec.hidden_information,
            "options": [{"name": o.name, "default": o.default, "help": o.help, "allowed": o.describe(),
                         "kind": o.kind if isinstance(o.kind, str) else o.kind.__name__}
                        for o in cls.spec.all_options],
        } for name, cls in tabletop.REGISTRY.items()]

    @app.post("/api/tables", status_code=201)
    async def create_table(request: CreateTable) -> TableCreated:
        """Open a table; the answer holds each human or local seat's secret token (shown once)."""
        try:
            table, tokens = await hub().create(request)
        except Rejection as error:
            raise HTTPException(400, str(error)) from None
        return TableCreated(table=hub().info(table), tokens=tokens)

    @app.get("/api/tables")
    async def list_tables(status: Annotated[list[str] | None, Query()] = None) -> list[dict[str, Any]]:
        """The lobby: tables with these statuses (default: open and playing)."""
        rows = hub().store.tables(tuple(status or ("open", "playing")))
        return [hub().info(await hub().table(row.id)).model_dump() for row in rows]

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """One table's lobby line."""
        return hub().info(await _table(table_id)).model_dump()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: JoinRequest) -> dict[str, Any]:
        """Take a free human seat: its number and secret token."""
        try:
            seat, token = await hub().join(table_id, request.name, request.seat)
        except Rejection as error:
            raise HTTPException(409, str(error)) from None
        return {"seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/state")
    async def state(table_id: str, token: str | None = None) -> dict[str, Any]:
        """The current update for the seat holding ``token`` (without one: the spectators' update)."""
        table = await _table(table_id)
        viewer = SPECTATOR
        if token is not None:
            seats = await _seats(table_id, [token])
            viewer = seats[0]
        return hub().update(table, viewer)

    @app.post("/api/tables/{table_id}/act")
    async def act(table_id: str, request: ActRequest) -> dict[str, Any]:
        """Take an action by HTTP; the answer is the seat's new update."""
        seat = (await _seats(table_id, [request.token]))[0]
        try:
            await hub().submit(table_id, seat, request.action, request.move)
        except Rejection as error:
            raise HTTPException(409, str(error)) from None
        return hub().update(hub().tables[table_id], seat)

    @app.post("/api/tables/{table_id}/abandon")
    async def abandon(table_id: str, token: str) -> dict[str, Any]:
        """End the game without a result (a seated player leaves for good)."""
        await _seats(table_id, [token])
        try:
            await hub().abandon(table_id)
        except Rejection as error:
            raise HTTPException(409, str(error)) from None
        return hub().info(hub().tables[table_id]).model_dump()

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """The game record of a finished or abandoned table (the JSON `tabletop replay` reads)."""
        table = await _finished(table_id)
        meta = {"seed": table.row.settings.get("seed"), "players": [s.name for s in table.seats],
                "date": table.row.created_at.isoformat(timespec="seconds"), "table": table_id}
        if table.result() is not None:
            meta["result"] = table.result()
        text = Record(table.game.name, dict(table.row.options), tuple(table.record_actions()), meta).to_json()
        data: dict[str, Any] = json.loads(text)
        return data

    @app.get("/api/tables/{table_id}/replay/{move}")
    async def replay(table_id: str, move: int) -> dict[str, Any]:
        """A finished game after ``move`` of its actions: the action, every seat's view, the picture and the
        log so far (who did what; nothing is hidden once a game is over)."""
        table = await _finished(table_id)
        actions = table.record_actions()
        try:
            state, log = table.replay_log(move)
        except ValueError as error:
            raise HTTPException(404, str(error)) from None
        return {"move": move, "moves": len(actions), "action": actions[move - 1] if move else None,
                "to_move": state.current_player, "text": str(state), "log": log,
                "views": [dict(state.view(seat)) for seat in range(table.game.num_players)]}

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: Annotated[list[str] | None, Query()] = None,
                   name: str = "", text: bool = False) -> None:
        """A live connection: updates out; actions, undo requests and answers in."""
        await websocket.accept()
        try:
            await hub().table(table_id)
            seats = await hub().seats_for(table_id, token or [])
        except Rejection as error:
            await websocket.send_json({"type": "error", "reason": str(error)})
            await websocket.close(code=4404)
            return
        async def send(message: dict[str, Any]) -> None:
            await websocket.send_text(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode())

        connection = Connection(send, seats, text)
        await hub().connect(table_id, connection, name)
        try:
            while True:
                raw = await websocket.receive_text()
                try:
                    await _handle(table_id, connection, raw)
                except Rejection as error:
                    await websocket.send_json({"type": "error", "reason": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            hub().disconnect(table_id, connection)

    async def _handle(table_id: str, connection: Connection, raw: str) -> None:
        try:
            message = CLIENT_MESSAGE.validate_json(raw)
        except ValidationError as error:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors())
            raise Rejection(f"malformed message: {problems}") from None
        if isinstance(message, Ping):
            await connection.send({"type": "pong"})
            return
        if not connection.seats:
            raise Rejection("spectators cannot act")
        table = hub().tables[table_id]
        seat = message.seat if message.seat is not None else connection.viewer(table)
        if seat not in connection.seats:
            raise Rejection(f"this connection does not hold seat {seat + 1}")
        if isinstance(message, Act):
            await hub().submit(table_id, seat, message.action, message.move)
        elif isinstance(message, RequestUndo):
            await hub().request_undo(table_id, seat, message.move)
        elif isinstance(message, AnswerUndo):
            await hub().answer_undo(table_id, seat, message.type == "agree_undo")

    async def _table(table_id: str) -> Any:
        try:
            return await hub().table(table_id)
        except Rejection as error:
            raise HTTPException(404, str(error)) from None

    async def _seats(table_id: str, tokens: list[str]) -> list[int]:
        await _table(table_id)
        try:
            return await hub().seats_for(table_id, tokens)
        except Rejection as error:
            raise HTTPException(403, str(error)) from None

    async def _finished(table_id: str) -> Any:
        table = await _table(table_id)
        if table.status not in ("over", "abandoned"):
            raise HTTPException(409, "the game is still being played: its record would show hidden cards")
        return table

    app.include_router(odds_router)
    app.include_router(motion_router)
    if (WEB / "index.html").exists():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app
