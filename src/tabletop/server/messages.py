"""Every message of the web API and the live-table WebSocket, as pydantic models.

Requests are validated here before anything reaches a table (a bad kind, a missing field, an
unknown message type: a 422 or an ``error`` message, nothing applied). Server messages carry views
only — a seat's own :meth:`~tabletop.core.State.view`, or the public view for spectators — never a
state (STYLE 6).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatRequest(BaseModel):
    """How to fill one seat: a person by invitation, a bot by level, or a hot-seat player."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot", "local"]
    name: str = Field("", max_length=64)
    bot: str | None = Field(None, max_length=32, description="bot name for a bot seat (normal, hard, …)")


class CreateTable(BaseModel):
    """``POST /api/tables``: a game, its options and who sits where."""

    model_config = ConfigDict(extra="forbid")

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    seed: int | None = Field(None, description="seed of the table's chance (drawn when absent)")
    move_seconds: float | None = Field(None, gt=0, description="per-move clock; a bot takes over on timeout")
    time_bank: float = Field(0.0, ge=0, description="seconds each seat may borrow beyond the per-move clock")


class SeatInfo(BaseModel):
    """What anyone may know of a seat."""

    seat: int
    kind: str
    name: str
    bot: str | None
    joined: bool
    zombie: bool = False  #: a bot took over after a timeout


class TableInfo(BaseModel):
    """A table in the lobby or in a created-table answer."""

    id: str
    game: str
    options: dict[str, Any]
    status: str
    seats: list[SeatInfo]
    moves: int
    result: dict[str, Any] | None = None


class TableCreated(BaseModel):
    """The answer to creating a table: its id and each human or local seat's secret token (given once)."""

    table: TableInfo
    tokens: dict[int, str]


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


class Ping(BaseModel):
    """Keep the connection alive."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["ping"]


ClientMessage = Annotated[Act | RequestUndo | AnswerUndo | Ping, Field(discriminator="type")]


class LogEntry(BaseModel):
    """One line of a move log: who acted and the action as this connection's seat saw it."""

    seat: int  #: the seat that acted, -1 for chance (a die, a card, a throw's outcome)
    action: str  #: the action in notation as this seat observed it (``discard ? ?`` for another's discard)
    notes: list[str] = Field(default_factory=list)  #: what it caused (State.announcements, English); omitted when none


class Update(BaseModel):
    """The table as one connection may see it (sent after every change)."""

    type: Literal["state"] = "state"
    table: str
    status: str
    move: int  #: the number the next action must carry
    seat: int | None  #: whose view this is; None for a spectator
    to_move: int  #: a seat, -1 for chance, -2 when over
    view: dict[str, Any]
    legal: list[str]  #: this seat's legal actions when it is to move, else empty
    log: list[LogEntry]  #: the move log so far as this seat saw it
    text: str  #: the position drawn for this seat (terminal text)
    seats: list[SeatInfo]
    undo: dict[str, Any] | None = None  #: a pending undo request
    clock: dict[str, Any] | None = None  #: per-move deadline and time banks when timers are on
    result: dict[str, Any] | None = None


class Rejected(BaseModel):
    """A message refused: why, and that nothing changed."""

    type: Literal["error"] = "error"
    reason: str
