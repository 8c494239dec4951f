"""Logging that never writes a secret: seat tokens are cut out of every line uvicorn logs.

Tokens no longer travel in URLs, but an old or hostile client may still put ``?token=…`` in one; the
access log would then keep it. This filter rewrites such lines before any handler sees them.
"""

from __future__ import annotations

import copy
import logging
import re
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


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactTokens` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": "tabletop.server.logs.RedactTokens"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    # the server's own lines (takeovers, retries, outages) go where uvicorn's do, formatted alike
    config["loggers"]["tabletop"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
