"""What a client sends, read strictly: JSON as RFC 8259 has it, for every request body and socket message.

Python's ``json`` (FastAPI's body parser) and pydantic's JSON parser accept more than JSON: ``NaN``,
``Infinity``, numbers that overflow to infinity (``1e309``) and lone surrogates (``"\\ud800"``), which
no JSON encoder can send back, so the first error that echoed one answered a 500 with a traceback
(#42 item 5); and ``json`` meets a deeply nested array with a ``RecursionError``. orjson refuses all of
them (and integers beyond 64 bits become floats), so one parser at the edge keeps them out of every
model, handler and database: an HTTP body is a 422 ``malformed`` (problem type ``json_invalid``), a
socket message an ``error`` of the same code. Every HTTP route of the app is a :class:`StrictRoute`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")


def read_json(raw: str | bytes) -> Any:
    """``raw`` as JSON data, or a ``json_invalid`` ValidationError saying why it is not strict JSON."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise ValidationError.from_exception_data("JSON", [{
            "type": "json_invalid", "loc": (), "input": "", "ctx": {"error": error.msg}}]) from None


def read_message(adapter: TypeAdapter[T], raw: str | bytes) -> T:
    """A socket message read strictly (:func:`read_json`), then validated as ``adapter``'s type.

    Raises:
        ValidationError: for text that is not strict JSON or data that is not such a message.
    """
    return adapter.validate_python(read_json(raw))


class StrictRequest(Request):
    """A request whose JSON body is read by orjson: ``NaN``, ``1e309`` or ``"\\ud800"`` is a
    ``json.JSONDecodeError`` (orjson's is one), which FastAPI answers as a validation error."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class StrictRoute(APIRoute):
    """An API route whose endpoint reads its body as a :class:`StrictRequest` (FastAPI's way to change
    how a route reads requests: ``APIRouter(route_class=...)``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictRequest(request.scope, request.receive))

        return strict
