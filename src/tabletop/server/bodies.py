"""A request body over ``body_bytes`` is refused (413, ``body_too_large``) before more of it is read.

The routes read a body whole before validating it, so four 150 MB bodies once took a server from
109 MB to over a gigabyte. :class:`BodyLimit`, the outermost middleware, refuses a
``Content-Length`` over the limit without reading a byte of the body, and a body of unknown length
(chunked) as soon as what it has read passes the limit; uvicorn holds at most 64 KiB of a body the
app has not asked for, so no more than the limit and that is ever held. The answer closes the
connection: what the client still sends is not read. (FastAPI's own ``max_body_size``, in its newest
releases, answers a plain-text 413 without a code or the limit and keeps reading the rest.)
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.server.connections import Refusals
from tabletop.server.errors import ApiError, error_body


def too_large(limit: int) -> ApiError:
    """The refusal of a body over ``limit`` bytes: raised from a read, the app's HTTP error handler
    answers it; its ``Connection: close`` has uvicorn close the connection after the answer."""
    return ApiError(413, f"a request body takes at most {limit} bytes", "body_too_large",
                    headers={"Connection": "close"}, limit=limit)


class BodyLimit:
    """An ASGI middleware: HTTP request bodies of at most ``limit`` bytes; over it a 413 at once."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.refusals = Refusals()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next((value for name, value in scope["headers"] if name == b"content-length"), None)
        if declared is not None and declared.strip().isdigit() and int(declared) > self.limit:
            self._note(scope)
            await self._refuse(scope, send)
            return
        read = 0

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > self.limit:
                self._note(scope)
                raise too_large(self.limit)
            return message

        answered = False

        async def watched(message: Message) -> None:
            nonlocal answered
            answered = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except ApiError as error:  # read where the app's error handler does not answer it
            if answered or error.code != "body_too_large":
                raise
            await self._refuse(scope, send)

    def _note(self, scope: Scope) -> None:
        client = scope.get("client")
        self.refusals.note("body_too_large", f"a request body over {self.limit} bytes",
                           client[0] if client else "unknown")

    async def _refuse(self, scope: Scope, send: Send) -> None:
        error = too_large(self.limit)
        response = JSONResponse(error_body(error), status_code=error.status_code, headers=error.headers)
        await response(scope, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}
