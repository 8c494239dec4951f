"""The moderation's HTTP API: a signed-in player's blocks (``/api/account/blocks``) and reports
(``/api/reports``), and the moderators' tools (``/api/moderation/…``, for accounts with the moderator role:
403 ``not_moderator`` for any other). The moderator's role itself is granted and taken back in the operator's
shell only (``tabletop admin moderator``): no moderator makes another.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError
from tabletop.server.identity import Identity, SignedInDep
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.moderation.feature import Moderation

blocks = APIRouter(route_class=StrictRoute, prefix="/api/account/blocks", tags=["moderation"])
reports = APIRouter(route_class=StrictRoute, prefix="/api/reports", tags=["moderation"])
moderators = APIRouter(route_class=StrictRoute, prefix="/api/moderation", tags=["moderation"])


def moderation_of(connection: HTTPConnection) -> Moderation:
    moderation: Moderation = connection.app.state.moderation
    return moderation


ModerationDep = Annotated[Moderation, Depends(moderation_of)]


def moderator(identity: SignedInDep) -> Identity:
    """The identity of a signed-in moderator (403 ``not_moderator`` for any other account)."""
    assert identity.account is not None
    if identity.account.role != "moderator":
        raise ApiError(403, "this is for the site's moderators", "not_moderator")
    return identity


ModeratorDep = Annotated[Identity, Depends(moderator)]


class BlockRequest(BaseModel):
    """``POST /api/account/blocks``: the player to block."""

    model_config = ConfigDict(extra="forbid")

    username: str = Field(max_length=64)


class ReportRequest(BaseModel):
    """``POST /api/reports``: whom (a player, or the writer of ``chat_line`` at ``table``), why, and a note."""

    model_config = ConfigDict(extra="forbid")

    username: str | None = Field(None, max_length=64)
    reason: Literal["abuse", "cheating", "spam", "other"]
    note: str = Field("", max_length=2000)
    table: str | None = Field(None, max_length=32, pattern="^[A-Za-z0-9]+$")
    chat_line: int | None = Field(None, ge=0, le=2**62)


class ModeratorNote(BaseModel):
    """A moderator's action: the reason, kept in the log."""

    model_config = ConfigDict(extra="forbid")

    reason: str = Field("", max_length=2000)


class MuteRequest(ModeratorNote):
    """``POST /api/moderation/players/{username}/mute``: until when (an ISO time, or ``30m``, ``12h``, ``7d``;
    none: until unmuted)."""

    until: str | None = Field(None, max_length=40)


@blocks.get("")
async def my_blocks(identity: SignedInDep, moderation: ModerationDep) -> dict[str, Any]:
    """The players this account blocks, the latest first."""
    assert identity.account is not None
    return {"blocks": [{"username": b.username, "since": b.since} for b in await moderation.blocks(identity.account)]}


@blocks.post("")
async def block(body: BlockRequest, identity: SignedInDep, moderation: ModerationDep) -> dict[str, Any]:
    """Block a player: their chat never reaches this account, they cannot sit at its tables, nor address it a
    seat. They are not told."""
    assert identity.account is not None
    return {"blocked": await moderation.block(identity.account, body.username)}


@blocks.delete("/{username}")
async def unblock(username: str, identity: SignedInDep, moderation: ModerationDep) -> dict[str, Any]:
    """Stop blocking a player."""
    assert identity.account is not None
    return {"unblocked": await moderation.unblock(identity.account, username)}


@reports.post("", status_code=201)
async def report(body: ReportRequest, identity: SignedInDep, moderation: ModerationDep) -> dict[str, Any]:
    """Report a player, or a chat line by its id at its table (its text is kept with the report): the report's
    id, and ``new`` false when this account's open report of the same thing was there already."""
    assert identity.account is not None
    number, new = await moderation.report(identity.account, body.username, body.reason, body.note, body.table,
                                          body.chat_line)
    return {"report": number, "new": new}


@moderators.get("/reports")
async def open_reports(identity: ModeratorDep, moderation: ModerationDep, everything: bool = False) -> dict[str, Any]:
    """The open reports (``everything``: resolved ones too), the newest first."""
    return {"reports": [r.to_data() for r in await moderation.reports(everything)]}


@moderators.post("/reports/{report_id}/resolve")
async def resolve(report_id: int, body: ModeratorNote, identity: ModeratorDep,
                  moderation: ModerationDep) -> dict[str, Any]:
    """Mark a report resolved."""
    assert identity.account is not None
    await moderation.resolve(identity.account, report_id, body.reason)
    return {"resolved": report_id}


@moderators.post("/players/{username}/mute")
async def mute(username: str, body: MuteRequest, identity: ModeratorDep, moderation: ModerationDep) -> dict[str, Any]:
    """Mute a player: their chat is refused (``muted``) until ``until`` or until unmuted."""
    assert identity.account is not None
    return {"muted": await moderation.act(identity.account, "mute", username, body.reason, body.until)}


@moderators.post("/players/{username}/{action}")
async def account_action(username: str, action: Literal["unmute", "close", "reopen"], body: ModeratorNote,
                         identity: ModeratorDep, moderation: ModerationDep) -> dict[str, Any]:
    """Unmute, close or reopen a player's account. Closed, every session ends, signing in is refused
    (``account_closed``) and the profile is gone; the games stay."""
    assert identity.account is not None
    return {action: await moderation.act(identity.account, action, username, body.reason)}


@moderators.post("/tables/{table_id}/chat/{line_id}/hide")
async def hide_line(table_id: str, line_id: int, body: ModeratorNote, identity: ModeratorDep,
                    moderation: ModerationDep) -> dict[str, Any]:
    """Hide a chat line from everyone (kept for the record); the table's readers take it away at once."""
    assert identity.account is not None
    await moderation.hide_line(identity.account, table_id, line_id, body.reason)
    return {"hidden": line_id}


@moderators.get("/log")
async def moderation_log(identity: ModeratorDep, moderation: ModerationDep) -> dict[str, Any]:
    """The moderators' latest actions, the newest first."""
    return {"log": [entry.to_data() for entry in await moderation.log()]}
