"""The server's refusals as data (STYLE 16): every code its modules raise is in the catalogue
(``SERVER_ERRORS``, or the core's), every catalogued code is raised somewhere, and the messages and
bodies carry code, params and the English reason (tests/server/test_api.py checks them live)."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path

import pytest
from fastapi import HTTPException

import tabletop.server
from tabletop.core import CORE_ERRORS, OptionError
from tabletop.server.errors import (
    MAX_ITEMS,
    MAX_QUOTE,
    MAX_REASON,
    SERVER_ERRORS,
    STATUS_CODES,
    ApiError,
    Rejection,
    echo,
    error_body,
)
from tabletop.server.limits import LimitReached
from tabletop.server.requests import limit_error

SERVER = Path(tabletop.server.__file__).parent
CODE_AT = {"Rejection": 1, "LimitReached": 1, "ApiError": 2, "ChosenSeedRefused": 1, "BadUsername": 1, "BadPassword": 1}
"""Where each refusal class takes its code among its positional arguments."""


def codes_raised() -> set[str]:
    """The codes the server's source names: a refusal's code argument, ``code=…``, a body's ``"code": …``."""
    found: set[str] = set()
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                at = CODE_AT.get(name)
                if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                    found.add(node.args[at].value)
                found |= {k.value.value for k in node.keywords  # (a socket's close code is a number)
                          if k.arg == "code" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)}
            elif isinstance(node, ast.Dict):
                found |= {v.value for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value == "code" and isinstance(v, ast.Constant)}
    return found


def test_every_code_the_server_raises_is_catalogued_and_every_catalogued_one_is_raised() -> None:
    raised = codes_raised()
    assert raised - set(CORE_ERRORS) <= set(SERVER_ERRORS)
    framework = {*STATUS_CODES.values(), "http_error"}  # answered by error_body for the framework's own errors
    assert set(SERVER_ERRORS) - framework <= raised
    assert not set(SERVER_ERRORS) & set(CORE_ERRORS)


def test_a_rejection_passes_a_games_code_and_params_through() -> None:
    error = OptionError("option target=7 is below the minimum 31", code="option_below",
                        params={"option": "target", "value": 7, "minimum": 31})
    message = Rejection.of(error).message()
    assert message == {"type": "error", "code": "option_below", "reason": str(error),
                       "params": {"option": "target", "value": 7, "minimum": 31}}
    body = error_body(ApiError.of(400, error))
    assert body == {"detail": str(error), "code": "option_below", "params": message["params"]}


@pytest.mark.parametrize(("wait", "header"), [(0.2, "1"), (4.1, "5"), (None, None)])
def test_a_limit_says_when_to_try_again_in_its_params_and_its_header(wait: float | None, header: str | None) -> None:
    refusal = limit_error(LimitReached("too many new tables", "too_many_creations", wait, limit=10))
    assert refusal.status_code == 429 and (refusal.headers or {}).get("Retry-After") == header
    expected = None if wait is None else max(1, math.ceil(wait))
    assert error_body(refusal)["params"] == {"limit": 10, "retry_after": expected}


def test_an_error_of_the_framework_gets_a_code_by_its_status() -> None:
    assert error_body(HTTPException(404))["code"] == "not_found"
    assert error_body(HTTPException(418, "teapot")) == {"detail": "teapot", "code": "http_error",
                                                         "params": {"status": 418}}


def test_a_refusal_quotes_what_was_sent_as_json_that_can_be_sent_and_bounded() -> None:
    """What a client sent may not be JSON-encodable or may be huge (#42 item 5): a refusal quoting it
    must still be sent, not turned into a 500."""
    sent = {"nan": math.nan, "inf": -math.inf, "surrogate": "a\ud800b", "huge": 10**400, "long": "x" * 5000,
            "many": list(range(1000)), "deep": [[[[[[1]]]]]], "bytes": b"\xff", 7: {1, 2}}
    quoted = echo(sent)
    assert json.loads(json.dumps(quoted, allow_nan=False, ensure_ascii=False).encode())  # encodable, strictly
    assert quoted["nan"] == "nan" and quoted["inf"] == "-inf" and quoted["surrogate"] == "a\\ud800b"
    assert quoted["huge"] == "an integer of 1329 bits" and len(quoted["long"]) == MAX_QUOTE + 1
    assert len(quoted["many"]) == MAX_ITEMS and quoted["deep"] == [[["…"]]] and quoted["7"] == [1, 2]
    assert echo({"seat": 3, "free": [0, 1], "retry_after": 1.5, "ok": None}) == {
        "seat": 3, "free": [0, 1], "retry_after": 1.5, "ok": None}  # what needs no care is left as it is
    message = Rejection("no table '\ud800'", "no_table", table="\ud800").message()
    assert message["params"] == {"table": "\\ud800"} and message["reason"] == "no table '\\ud800'"
    assert error_body(ApiError(404, "x" * 10_000, "no_table"))["detail"] == "x" * MAX_REASON + "…"
