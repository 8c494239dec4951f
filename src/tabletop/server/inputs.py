"""What a client sends, read strictly: JSON as RFC 8259 has it, for every request body and socket message.

Python's ``json`` (FastAPI's body parser) and pydantic's JSON parser accept more than JSON: ``NaN``,
``Infinity``, numbers that overflow to infinity (``1e309``) and lone surrogates (``"\\ud800"``), which
no JSON encoder can send back, so the first error that echoed one answered a 500 with a traceback.
orjson refuses all of them (and integers beyond 64 bits become floats), and data nested
deeper than :data:`MAX_DEPTH` is refused too (orjson takes 1,024 levels, and a refusal quoting such a
value met a ``RecursionError``), so one parser at the edge keeps them out of every model, handler and
database: an HTTP body is a 422 ``malformed`` (problem type ``json_invalid``), a socket message an
``error`` of the same code. Every HTTP route of the app is a :class:`StrictRoute`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")

MAX_DEPTH = 32
"""The deepest arrays and objects may nest in a request or message (the protocol's deepest, a Beetle
parts table in a new table's options, takes six levels)."""


def loads(raw: str | bytes) -> Any:
    """``raw`` as JSON data, read strictly.

    Raises:
        json.JSONDecodeError: for anything but RFC 8259 JSON nested at most :data:`MAX_DEPTH` levels.
    """
    data = orjson.loads(raw)
    stack = [(data, 1)] if isinstance(data, dict | list) else []
    while stack:  # (no recursion: it would be the RecursionError this prevents)
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise json.JSONDecodeError(f"arrays and objects nested more than {MAX_DEPTH} levels deep", "", 0)
        items = value.values() if isinstance(value, dict) else value
        stack.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return data


def read_json(raw: str | bytes) -> Any:
    """``raw`` as JSON data, or a ``json_invalid`` ValidationError saying why it is not strict JSON."""
    try:
        return loads(raw)
    except json.JSONDecodeError as error:
        raise ValidationError.from_exception_data("JSON", [{
            "type": "json_invalid", "loc": (), "input": "", "ctx": {"error": error.msg}}]) from None


def read_message(adapter: TypeAdapter[T], raw: str | bytes) -> T:
    """A socket message read strictly (:func:`read_json`), then validated as ``adapter``'s type.

    Raises:
        ValidationError: for text that is not strict JSON or data that is not such a message.
    """
    return adapter.validate_python(read_json(raw))


class StrictRequest(Request):
    """A request whose JSON body is read by :func:`loads`: ``NaN``, ``1e309`` or ``"\\ud800"`` is a
    ``json.JSONDecodeError``, which FastAPI answers as a validation error."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = loads(await self.body())
        return self._json


class StrictRoute(APIRoute):
    """An API route whose endpoint reads its body as a :class:`StrictRequest` (FastAPI's way to change
    how a route reads requests: ``APIRouter(route_class=...)``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictRequest(request.scope, request.receive))

        return strict
