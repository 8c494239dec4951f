"""Every message of the web API and the live-table WebSocket, as pydantic models.

Requests are validated here before anything reaches a table (a bad kind, a missing field, an
unknown message type: a 422 or an ``error`` message, nothing applied). Server messages carry views
only — a seat's own :meth:`~tabletop.core.State.view`, or the public view for spectators — never a
state (STYLE 6).
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

import tabletop

MAX_SEATS = max(game.spec.max_players for game in tabletop.REGISTRY.values())
"""The most seats any game takes (Kubik's 16); each game's own bounds are checked when a table is made."""

DAY = 86_400.0
CORRESPONDENCE_DAYS = (1, 2, 3, 7, 14)
"""The per-move times of a table that takes days (correspondence), as the create form offers them."""
MAX_MOVE_SECONDS = max(CORRESPONDENCE_DAYS) * DAY
"""A per-move clock is at most two weeks (its least is a server limit, ``min_move_seconds``): a table that takes
days is stored with its clock's deadline, so a restart or another process keeps it (:mod:`.clocks`)."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them: in a name they could make a log line lie."""


INVISIBLE_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that draw nothing (the Hangul fillers, the blank Braille pattern): "Ann" and "Ann\u3164" would
look the same."""

MAX_MARKS = 2
"""The most combining marks one letter may carry in a name (an accent and a second one; "Zalgo" stacks of
dozens drawn over the neighbouring lines are refused)."""


def check_name(name: str) -> str:
    """A player's name as shown to others: NFC-normalised, trimmed, each run of white space
    one space; without control, format (invisible: zero-width, joiners, the BOM, tag characters) or
    bidi-override characters, invisible fillers, or more than :data:`MAX_MARKS` combining marks on a
    letter — so two names that look the same are the same name.

    Raises:
        ValueError: naming the character that is not allowed.
    """
    name = unicodedata.normalize("NFC", name)
    marks = 0
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn", "Cf") or char in BIDI_CONTROLS or char in INVISIBLE_FILLERS:
            raise ValueError(f"a name may not contain the character U+{ord(char):04X} "
                             f"({unicodedata.name(char, 'a control character').lower()}): it shows nothing, "
                             "or changes how the text around it shows")
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise ValueError(f"a name may carry at most {MAX_MARKS} combining marks on a letter "
                             f"(U+{ord(char):04X} is one more)")
    return " ".join(name.split())


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """A new table's options without a control character (a NUL, an escape…) in any string of them, key or
    value, however deep: no option of any game has a use for one, and a game that took a
    string as it came (a Beetle part's name) would store it and show it to every player.

    Raises:
        ValueError: naming the option and the character.
    """
    stack: list[tuple[str, Any]] = [(key, item) for key, value in options.items() for item in (key, value)]
    while stack:  # (the depth is bounded by the parser, tabletop.server.inputs; no recursion anyway)
        option, value = stack.pop()
        if isinstance(value, dict):
            stack += [(option, item) for pair in value.items() for item in pair]
        elif isinstance(value, list):
            stack += [(option, item) for item in value]
        elif isinstance(value, str) and (bad := next((c for c in value if unicodedata.category(c) == "Cc"), None)):
            raise ValueError(f"option {option[:32]!r} holds the control character U+{ord(bad):04X}")
    return options


Name = Annotated[str, Field(max_length=64), AfterValidator(check_name)]
"""A player's name: at most 64 characters, printable (the same rule over HTTP and WebSockets)."""

Seconds = Annotated[float, Field(allow_inf_nan=False)]


class SeatRequest(BaseModel):
    """How to fill one seat: a person by invitation, a bot by level, or a hot-seat player."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot", "local"]
    name: Name = ""
    bot: str | None = Field(None, max_length=32, description="bot name for a bot seat (normal, hard, …)")
    open: bool = Field(False, description=(
        "a person's seat anyone may take from the lobby; false (the default): only its invitation link "
        "(its token) takes it"))
    for_: str | None = Field(None, alias="for", max_length=64, description=(
        "a person's seat addressed to a player by username: taken by that account (signed in) or by the "
        "invitation link, and listed among that account's games"))

    @model_validator(mode="after")
    def _addressed_to_a_person(self) -> SeatRequest:
        if self.for_ is not None and (self.kind != "human" or self.open):
            raise ValueError("'for' addresses a person's seat (kind human) that is not open to anyone")
        return self


class CreateTable(BaseModel):
    """``POST /api/tables``: a game, its options and who sits where."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=32)
    options: Annotated[dict[str, Any], AfterValidator(check_options)] = Field(default_factory=dict, max_length=32)
    seats: list[SeatRequest] = Field(min_length=1, max_length=MAX_SEATS)
    creator_seat: int | None = Field(None, ge=0, lt=MAX_SEATS, description=(
        "the seat the creator takes, joined at once (default: the first human seat; null: none)"))
    seed: int | None = Field(None, ge=0, lt=2**63, description=(
        "a chosen seed, for practice tables only (every other seat a bot or hot-seat); otherwise the "
        "server's secret decides the table's chance"))
    move_seconds: Seconds | None = Field(None, gt=0, le=MAX_MOVE_SECONDS,
                                         description="per-move clock; a bot takes over on timeout")
    time_bank: Seconds = Field(0.0, ge=0, le=MAX_MOVE_SECONDS,
                               description="seconds each seat may borrow beyond the per-move clock")
    rated: bool = Field(False, description=(
        "a rated game: its result moves the players' ratings. Every seat an account (the creator signed in, the "
        "other people's seats taken by accounts only, bots by level), the options in one of the game's rating "
        "pools, no chosen seed and no hot seat; no takebacks, no coach and no odds while it is played"))

    def creator_seat_number(self) -> int | None:
        """The creator's seat: as given, or by default the first human seat."""
        if "creator_seat" in self.model_fields_set:
            return self.creator_seat
        return next((number for number, seat in enumerate(self.seats) if seat.kind == "human"), None)


class SeatInfo(BaseModel):
    """What anyone may know of a seat."""

    model_config = ConfigDict(serialize_by_alias=True)

    seat: int
    kind: str
    name: str
    bot: str | None
    joined: bool
    zombie: bool = False  #: a bot took over after a timeout
    level: str | None = None  #: a bot's level where the game's levels play differently (none for Beetle's)
    open: bool = False  #: a person's seat anyone may take from the lobby (else its invitation link only)
    for_: str | None = Field(None, alias="for")  #: the username of the account the seat is addressed to


class TableInfo(BaseModel):
    """A table in the lobby or in a created-table answer."""

    id: str
    game: str
    options: dict[str, Any]
    status: str
    seats: list[SeatInfo]
    moves: int
    result: dict[str, Any] | None = None
    rematch_of: str | None = None  #: the finished table this one is the rematch of (its seats are kept)
    active_at: datetime | None = None  #: its last activity (created, a seat taken, a move), in UTC
    rated: str | None = None  #: a rated table's rating pool (cribbage-2, …); None: a casual table


class TableCreated(BaseModel):
    """The answer to creating a table: its id, each human or local seat's secret token and the
    creator's token, which may abandon the table (all given once)."""

    table: TableInfo
    tokens: dict[int, str]
    creator_token: str


class LobbyPage(BaseModel):
    """``GET /api/tables``: a page of tables — waiting ones first, then the most recently active — and
    the cursor of the next page; the server's time, so a client tells each table's age by the server's
    clock, not its own; and how long a game may go without a move before it counts as idle."""

    tables: list[TableInfo]
    next: str | None = None  #: pass as ``cursor`` for the next page; None on the last
    now: datetime | None = None  #: the server's time when it answered, in UTC
    idle_minutes: float | None = None  #: a playing table with no activity for this long is idle


class Hello(BaseModel):
    """The first message on a table's WebSocket: the seat tokens it holds (none: watch), never in a URL."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["hello"]
    tokens: list[Annotated[str, Field(max_length=64)]] = Field(default_factory=list, max_length=MAX_SEATS)
    name: Name = ""  #: the name a seat joins under on its first connection
    text: bool = False  #: also send the position drawn as text (terminal clients)
    chat: bool = False  #: also send the table's chat (its recent history now, then each new message)
    since: int | None = Field(default=None, ge=-1)  #: a returning client: the ``move`` of the last log entry it
    #: holds (-1: none); the first update then carries only the entries after it, when they still follow it
    since_seat: int | None = Field(default=None, ge=0)  #: whose log it holds (the ``seat`` of its last update;
    #: None: a spectator's)
    watch: bool = False  #: watch as a spectator, even where the account signed in holds a seat


class Act(BaseModel):
    """Take ``action`` (in the game's notation) as move number ``move``."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["act"]
    action: str = Field(max_length=200)
    move: int = Field(ge=0)
    seat: int | None = None  #: for a hot-seat connection holding several seats


class RequestUndo(BaseModel):
    """Ask to take back one's own last action (Board Game Arena's policy)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["undo"]
    move: int = Field(ge=0)
    seat: int | None = None


class AnswerUndo(BaseModel):
    """Agree to (or refuse) another seat's undo request."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["agree_undo", "refuse_undo"]
    seat: int | None = None


class EndRequest(BaseModel):
    """Resign (for one's side), abandon (no result) or leave the table; or, once the others went away, claim
    the game, end it without a result or hand their seats to a bot (:mod:`tabletop.server.endings`)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["resign", "abandon", "leave", "claim", "end_gone", "bot_for_gone"]
    seat: int | None = None


class AnswerEnd(BaseModel):
    """Agree to (or refuse) another seat's request to resign for the side or to abandon the game."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["agree_end", "refuse_end"]
    seat: int | None = None


class Ping(BaseModel):
    """Keep the connection alive."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["ping"]


class Say(BaseModel):
    """Write ``text`` in the table's chat (a seat always; a spectator when the seats allow it)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["chat"]
    text: str = Field(max_length=2000)  #: cleaned and bounded by :mod:`tabletop.server.chat`


class SpectatorChat(BaseModel):
    """A seat lets spectators write in the chat, or stops them (they may always read it)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["spectator_chat"]
    allowed: bool


ClientMessage = Annotated[Act | RequestUndo | AnswerUndo | EndRequest | AnswerEnd | Ping | Say | SpectatorChat,
                          Field(discriminator="type")]


class LogEntry(BaseModel):
    """One line of a move log: who acted and the action as this connection's seat saw it."""

    move: int | None = None  #: the number of the table event that wrote it (the number its action carried):
    #: what a client's ``since`` names; a replay's log leaves it out
    seat: int  #: the seat that acted, -1 for chance (a die, a card, a throw's outcome)
    action: str  #: the action in notation as this seat observed it (``discard ? ?`` for another's discard)
    events: list[dict[str, Any]] = Field(default_factory=list)  #: what it did, as this seat may see it
    #: (State.events: ``{"kind": ..., ...}`` in the game's vocabulary; the action's own has ``"action": true``)


class Update(BaseModel):
    """The table as one connection may see it (sent after every change)."""

    type: Literal["state"] = "state"
    table: str
    status: str
    move: int  #: the number the next action must carry
    seat: int | None  #: whose view this is; None for a spectator
    to_move: int  #: a seat, -1 for chance, -2 when over
    view: dict[str, Any]
    legal: list[str] | None  #: this seat's legal actions when it is to move, else empty; null when they are
    #: those this connection was last listed for this seat (the client keeps them: a Kubik throw's grid is 130 KB)
    previews: dict[str, Any] | None = None  #: what each legal action would do (a game with the preview capability)
    log: list[LogEntry]  #: the log entries this connection has not had, as this seat saw them (all of them
    #: over HTTP, and on a first connection)
    log_from: int = 0  #: where ``log``'s first entry stands in the whole log: keep that many, then append ``log``
    #: (fewer than the client holds when the past changed: an undo, a hot seat showing another seat's log)
    text: str | None = None  #: the position drawn for this seat in English, only when asked (terminal clients)
    seats: list[SeatInfo] | None = None  #: the seats, left out when unchanged since this connection's last update
    undo: dict[str, Any] | None = None  #: a pending undo request
    undo_seat: int | None = None  #: the seat this connection may ask an undo for now (None: it may not)
    undo_refusal: str | None = None  #: why not, a code of :data:`tabletop.server.table.UNDO_REFUSALS`
    clock: dict[str, Any] | None = None  #: per-move deadline and time banks when timers are on
    undo_steps: int | None = None  #: how many actions that undo takes back (against bots: to the last decision)
    result: dict[str, Any] | None = None  #: once ended: returns, winner, outcome, ``ending`` (how it ended)
    rematch: dict[str, Any] | None = None  #: a finished table's rematch: {"table": its id, "by": who asked}
    proposal: dict[str, Any] | None = None  #: a pending request to resign or abandon, waiting for others
    ways_out: dict[str, Any] | None = None  #: resign, abandon, leave: "now", "ask" or None; claim, end_gone,
    #: bot_for_gone: "now" or None; gone: {"seats", "since", "claimable_at", "now"} (:mod:`.endings`)


class Rejected(BaseModel):
    """A message refused, and nothing changed: why as a code of :mod:`tabletop.server.errors` (or a game's
    or the core's) with its params, and in English for terminal clients and logs."""

    type: Literal["error"] = "error"
    code: str
    params: dict[str, Any] = Field(default_factory=dict)
    reason: str
