"""The web application (FastAPI) over one :class:`~tabletop.server.hub.Hub`: its lifespan, error handlers and
middleware, and the routers it includes (:mod:`.tables_api`, :mod:`.live_socket`, the lobby, odds, motion,
coach and rules pages).

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
import functools
import gc
import importlib.util
import logging
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

import tabletop
from tabletop.server.bodies import BodyLimit
from tabletop.server.coach import AdviceCache
from tabletop.server.coach import router as coach_router
from tabletop.server.errors import database_down, error_body, problems, validation_detail
from tabletop.server.headers import (
    Allowed,
    OriginAndHost,
    Secured,
    content_security_policy,
    inline_script_hashes,
    security_headers,
)
from tabletop.server.hub import Hub, bot_levels
from tabletop.server.identity import session_of
from tabletop.server.inputs import StrictRoute
from tabletop.server.limits import REMATCH, LimitReached, Limits
from tabletop.server.live_socket import router as live_router
from tabletop.server.lobby import LobbyCache
from tabletop.server.lobby import router as lobby_router
from tabletop.server.motion import router as motion_router
from tabletop.server.odds import router as odds_router
from tabletop.server.rematch import Rematches
from tabletop.server.requests import (
    client_of,
    limit_error,
)
from tabletop.server.rules import router as rules_router
from tabletop.server.site.accounts import Accounts, Passwords
from tabletop.server.site.accounts.profiles import CONSUMER as PLAYED
from tabletop.server.site.accounts.router import players as players_router
from tabletop.server.site.accounts.router import router as accounts_router
from tabletop.server.site.mail import Mail, Mailer, Smtp
from tabletop.server.site.mail.router import router as mail_router
from tabletop.server.site.moderation import Moderation
from tabletop.server.site.moderation.router import blocks as blocks_router
from tabletop.server.site.moderation.router import moderators as moderators_router
from tabletop.server.site.moderation.router import reports as reports_router
from tabletop.server.site.ratings import CONSUMER as RATINGS
from tabletop.server.site.ratings import Ratings
from tabletop.server.site.ratings.router import router as ratings_router
from tabletop.server.site.records.feature import Records
from tabletop.server.site.records.router import router as records_router
from tabletop.server.site.seeks import Seeks
from tabletop.server.site.seeks.router import router as seeks_router
from tabletop.server.site.stats import CONSUMER as STATS
from tabletop.server.site.stats import Stats
from tabletop.server.site.stats.router import router as stats_router
from tabletop.server.static import WebFiles, api_docs
from tabletop.server.table_events import MoveApplied, TableFinished, TableOpened, TableStarted
from tabletop.server.tables_api import router as tables_router
from tabletop.server.work import worker_processes
from tabletop.storage import DEFAULT_URL, Store
from tabletop.storage.accounts import AccountStore
from tabletop.storage.mail import MailStore
from tabletop.storage.moderation import ModerationStore
from tabletop.storage.passkeys import PasskeyStore
from tabletop.storage.ratings import RatingStore
from tabletop.storage.seeks import SeekStore
from tabletop.storage.stats import StatsStore

log = logging.getLogger("tabletop.server")
FULL_COLLECTION_AFTER = 1_000
"""Middle-generation collections between two full ones (CPython's default is 10). A full collection walks
every live table's objects: at 200 tables it held the event loop for 45–70 ms every 7 s or so, and every
move in flight then waited as long — it alone set the quiet server's p99 (`benchmarks/server_load.py`).
The young generations are still collected as often as by default (each a millisecond or less); the old
one about every ten minutes under load. What a full collection frees is cyclic garbage that outlived
two collections, a few thousand objects each time here: waiting minutes for it costs little memory."""

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
    password_hashing: str = "rfc9106-low-memory"  #: argon2id parameters for account passwords (.site.accounts)
    smtp_url: str | None = None  #: where mail is sent from (.site.mail); None: the site sends none


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
        passwords = Passwords(settings.password_hashing)
        mailer = Mailer(Smtp.parse(settings.smtp_url) if settings.smtp_url else None)
        features(app, hub, passwords, mailer)
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
            await mailer.drain()
            passwords.close()
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
            # the rated configurations (each option's values allowed; .site.ratings), or why it is never rated
            "pools": [{"name": pool.name, "title": pool.title,
                       "allowed": {option.name: list(dict(pool.allowed).get(option.name, (option.default,)))
                                   for option in cls.spec.all_options}} for pool in cls.spec.pools],
            "unrated": cls.spec.unrated or None,
            "web": (WEB / "js" / "games" / name / "index.js").is_file(),
        } for name, cls in tabletop.REGISTRY.items()]

    app.add_middleware(RateLimit, hub=hub)
    # outside the rate limit: a rebound Host or another site's page is refused before it counts
    app.add_middleware(OriginAndHost, allowed=Allowed.of(settings.allow_hosts, settings.allow_origins))
    app.add_middleware(BodyLimit, limit=settings.limits.body_bytes)  # outermost: before a body is read

    @app.exception_handler(DBAPIError)
    async def database_failed(request: Request, error: DBAPIError) -> JSONResponse:
        """The database failed mid-request: nothing was changed; say so and when to try again."""
        return JSONResponse(error_body(database_down()), status_code=503, headers={"Retry-After": "5"})

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

    app.include_router(tables_router)
    app.include_router(live_router)
    app.include_router(odds_router)
    app.include_router(motion_router)
    app.include_router(coach_router)
    app.include_router(lobby_router)
    app.include_router(mail_router)
    if importlib.util.find_spec("webauthn") is not None:  # the passkeys extra (make play installs it)
        from tabletop.server.site.accounts.passkeys import router as passkeys_router

        app.include_router(passkeys_router)  # (before the accounts' own: /api/account/passkeys is not a session id)
    app.include_router(blocks_router)
    app.include_router(reports_router)
    app.include_router(moderators_router)
    app.include_router(accounts_router)
    app.include_router(seeks_router)
    app.include_router(ratings_router)  # (before the players': /api/players/{name}/ratings/{pool} is its)
    app.include_router(records_router)  # (before the players': /api/players/{name}/games is its)
    app.include_router(stats_router)  # (before the players' too: /api/players/{name}/stats/{game})
    app.include_router(players_router)
    app.include_router(rules_router)  # each game's rules pages, from its own package (before the client's files)
    if (WEB / "index.html").exists():
        app.mount("/", WebFiles(WEB), name="web")
    return app


def features(app: FastAPI, hub: Hub, passwords: Passwords, mailer: Mailer | None = None) -> None:
    """The site's features over the hub's seam (:mod:`.seams`, :mod:`.table_events`), each handed only its narrow
    interface and the events it listens to, kept in ``app.state`` for the routes (:mod:`.requests`)."""
    app.state.rematches = Rematches(hub.seam, functools.partial(hub.rates.table_request, kind=REMATCH))
    app.state.lobby = lobby = LobbyCache(hub.limits)  # GET /api/tables (:mod:`.lobby`)
    hub.events.subscribe(lobby.heard, TableOpened, TableStarted, TableFinished)
    app.state.advice = advice = AdviceCache()  # the coach's answers (:mod:`.coach`)
    hub.events.subscribe(advice.heard, MoveApplied, TableFinished)
    # /api/account (.site.accounts), and who is asking for every route (.identity)
    app.state.accounts = accounts = Accounts(AccountStore(hub.store), hub.db, hub.rates, passwords, hub.seam)
    hub.events.consume(PLAYED, accounts.finished)  # each finished table once, for the profiles
    app.state.passkeys = None  # /api/account/passkeys, where the passkeys extra is installed
    if importlib.util.find_spec("webauthn") is not None:
        from tabletop.server.site.accounts.passkeys import Passkeys

        app.state.passkeys = Passkeys(PasskeyStore(hub.store.engine), accounts)
    app.state.mail = mail = Mail(MailStore(hub.store.engine), mailer or Mailer(None), accounts, hub.seam)
    hub.events.subscribe(mail.moved, MoveApplied)  # your-move notices at tables that take days
    # blocks, reports, the moderators' tools (.site.moderation); the tables ask it who is blocked or muted
    app.state.moderation = moderation = Moderation(ModerationStore(hub.store), accounts.store, hub.db, hub.rates,
                                                   hub.seam)
    hub.guards.install(moderation)
    # ratings (.site.ratings): each finished rated table once; a profile shows the player's ratings
    app.state.ratings = ratings = Ratings(RatingStore(hub.store), hub.db, hub.rates)
    hub.events.consume(RATINGS, ratings.finished)
    accounts.profile_parts.append(ratings.profile_part)
    # quick pairing (.site.seeks): seeks matched into tables through the seam, a bot offered by rating
    app.state.seeks = Seeks(SeekStore(hub.store), hub.db, hub.rates, hub.seam, ratings)
    app.state.records = Records(hub.seam, hub.rates)  # a player's finished games as records (.site.records)
    # statistics (.site.stats): each finished game queued once, analysed in the expensive-work pool by its own task
    app.state.stats = stats = Stats(StatsStore(hub.store), hub.db, hub.rates, hub.heavy.run)
    hub.events.consume(STATS, stats.finished)
    hub.spawn(stats.run())
    accounts.profile_parts.append(stats.profile_part)


EXPENSIVE = re.compile(r"^/api/tables/[^/]+/(?:odds|motion|replay|coach|blunders)(?:/|$)")
"""The API paths whose answers may cost a computation: they count against ``expensive_per_second`` too."""
PRICED_READS = re.compile(r"^/api/(?:tables|account/games|account/export"
                          r"|players/[^/]+(?:/(?:ratings|stats)/[^/]+|/games)?|leaderboard/[^/]+|seeks)$")
"""Pages read with GET that count as expensive too: the lobby's (tens of kB each to answer, even from memory:
:mod:`.lobby`), a player's profile and stream of games, an account's games and its export (each read from the
database)."""

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
                costly = EXPENSIVE.match(path) is not None or (scope["method"] == "GET" and PRICED_READS.match(path)
                                                               is not None)
                connection = HTTPConnection(scope)
                await hub.rates.request(client_of(connection), costly, await self.account(connection))
            except LimitReached as error:
                await self.refuse(error, hub.limits.refusal_delay_seconds, scope, receive, send)
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def account(connection: HTTPConnection) -> str | None:
        """The id of the account a request is signed in as (its session looked up once: the route's identity
        takes it from the scope); None when anonymous, or when the database cannot say now (the route asks
        again, and answers 503 if it still cannot)."""
        try:
            found = await session_of(connection)
        except DBAPIError:
            return None
        return None if found is None or found[1] is None else found[1][0].id

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
