"""Quick pairing's routes: ``/api/seeks`` to post a seek and list those waiting, ``/api/seeks/{id}`` to ask after
one's own (which keeps it alive) or withdraw it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tabletop.server.identity import SignedInDep
from tabletop.server.inputs import StrictRoute
from tabletop.server.messages import check_options
from tabletop.server.site.seeks.feature import Seeks

router = APIRouter(route_class=StrictRoute, prefix="/api/seeks", tags=["seeks"])


def seeks_of(connection: HTTPConnection) -> Seeks:
    """The app's quick pairing (:func:`tabletop.server.app.features` makes it)."""
    seeks: Seeks = connection.app.state.seeks
    return seeks


SeeksDep = Annotated[Seeks, Depends(seeks_of)]


class SeekRequest(BaseModel):
    """``POST /api/seeks``: a game of two with its options, rated or casual, and how far from the player's own
    rating an opponent may be (none: anyone)."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=32)
    options: Annotated[dict[str, Any], AfterValidator(check_options)] = Field(default_factory=dict, max_length=32)
    rated: bool = False
    spread: int | None = Field(None, ge=50, le=1000, description="the widest difference of ratings accepted")


@router.post("")
async def post_seek(body: SeekRequest, identity: SignedInDep, seeks: SeeksDep) -> dict[str, Any]:
    """Seek a game: matched at once with a seek waiting (``status: matched``, the ``table``), or waiting
    (``seek``: its id to ask after, ``bot``: the bot level nearest one's rating, for a rated seek)."""
    assert identity.account is not None
    return await seeks.post(identity.account, identity.client, body.game, body.options, body.rated,
                            body.spread)


@router.get("")
async def waiting(seeks: SeeksDep) -> dict[str, Any]:
    """The seeks waiting now, the oldest first (at most 50)."""
    return {"seeks": await seeks.waiting()}


@router.get("/{seek_id}")
async def seek_status(seek_id: str, identity: SignedInDep, seeks: SeeksDep) -> dict[str, Any]:
    """One's own seek: waiting (asking keeps it alive) or matched, with its table."""
    assert identity.account is not None
    return await seeks.status(identity.account, identity.client, seek_id)


@router.delete("/{seek_id}", status_code=204)
async def withdraw(seek_id: str, identity: SignedInDep, seeks: SeeksDep) -> Response:
    """Withdraw one's own waiting seek."""
    assert identity.account is not None
    await seeks.cancel(identity.account, seek_id)
    return Response(status_code=204)
