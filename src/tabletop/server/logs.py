"""Logging that never writes a secret and never makes the event loop wait.

Tokens no longer travel in URLs, but an old or hostile client may still put ``?token=…`` in one; the
access log would then keep it. :class:`RedactTokens` rewrites such lines before any handler sees them.

Every request writes an access line; formatted and written on the event loop, that was a third of
a cheap request's cost, and a blocked stderr (a full pipe, a slow terminal) would stall every table.
So each handler is :class:`Deferred`: the loop only puts the record on a queue, and a thread of the
standard library's :class:`~logging.handlers.QueueListener` formats and writes it (the logging
cookbook's advice for web applications).
"""

from __future__ import annotations

import atexit
import copy
import logging
import logging.handlers
import queue
import re
import sys
from typing import Any

TOKEN = re.compile(r"((?:^|[?&;\s])(?:token|creator_token)=)[^&\s\"']+", re.IGNORECASE)


class RedactTokens(logging.Filter):
    """Replace the value of any ``token=`` in a log record's message with ``[redacted]``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args:  # redact inside the arguments: formatters such
            # as uvicorn's access formatter read them one by one
            record.args = tuple(TOKEN.sub(r"\1[redacted]", arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        if isinstance(record.msg, str) and "token" in record.msg.lower():
            record.msg = TOKEN.sub(r"\1[redacted]", record.msg)
        return True


class Deferred(logging.handlers.QueueHandler):
    """A stream handler whose formatting and writing happen on a thread of its own.

    Filters (:class:`RedactTokens`) still run where the record is made, before it is queued; the
    record is queued as it is (its arguments are a request's plain values) and formatted by the
    listener with this handler's formatter.
    """

    def __init__(self, stream: Any = None) -> None:
        super().__init__(queue.SimpleQueue())
        self.target = logging.StreamHandler(stream if stream is not None else sys.stderr)
        self.listener = logging.handlers.QueueListener(self.queue, self.target)
        self.listener.start()
        atexit.register(self._stop)  # what is queued is written before the process ends

    def setFormatter(self, fmt: logging.Formatter | None) -> None:
        self.target.setFormatter(fmt)

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record  # formatted on the listener's thread, not here

    def emit(self, record: logging.LogRecord) -> None:
        if self.listener._thread is None:  # drained: the process is ending, write at once
            self.target.handle(record)
        else:
            super().emit(record)

    def close(self) -> None:
        self._stop()
        super().close()

    def _stop(self) -> None:
        if self.listener._thread is not None:  # stopping twice would raise
            self.listener.stop()


def drain() -> None:
    """Write out every queued line now, and from now on write lines as they come: for the end of
    the process, which uvicorn ends by re-raising the signal that stopped it (no ``atexit`` runs)."""
    for handler in list(logging._handlerList):  # type: ignore[attr-defined]  # every handler alive
        handler = handler()
        if isinstance(handler, Deferred):
            handler._stop()


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactTokens` on every handler, each handler
    :class:`Deferred`."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": "tabletop.server.logs.RedactTokens"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
        handler["()"] = "tabletop.server.logs.Deferred"
        handler.pop("class", None)
    # the server's own lines (takeovers, retries, outages) go where uvicorn's do, formatted alike
    config["loggers"]["tabletop"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
