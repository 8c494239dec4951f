"""No 500 from input (#42 item 5): hostile values in every route and every socket message.

A real ``tabletop serve`` (its log captured) on SQLite and on PostgreSQL is sent ``NaN``, ``Infinity``,
``1e309``, lone surrogates, NUL, 400-digit integers, deep arrays and wrong types: in the path, the query
and each field of the body of every HTTP route — read from the app's OpenAPI schema, so a new route is
covered without a word here, and a new body model fails until it has a valid example in
:data:`BODIES` — and in each field of every socket message (each type of the ``ClientMessage`` union,
and the hello). Each is answered with a coded refusal or accepted; none is a 500 or a
``database_unavailable`` (PostgreSQL fails on a NUL that SQLite takes), no socket is dropped without a
close code, and the server's log has no traceback. A short Hypothesis pass then puts random JSON values
(any float, any integer, any character) at random places of the same messages.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import typing
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_from_bytes

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tabletop.server import create_app
from tabletop.server.messages import ClientMessage
from tabletop.server.process import serving
from tests.environment import examples
from tests.server.live import fresh_database

LIMITS = ["requests_per_second=1000000", "expensive_per_second=1000000", "refusal_delay_seconds=0",
          "creations_per_minute=1000000", "open_tables_per_client=1000000", "messages_per_second=1000000",
          "message_burst=1000000", "sockets_per_minute=1000000", "sockets_per_client=1000", "chat_per_minute=1000000",
          "bot_tables=100000", "heavy_workers=0", "heavy_per_client=100", "bot_table_move_seconds=0",
          "sign_ins_per_minute=1000000", "sign_ins_per_account_per_minute=1000000", "sign_ups_per_minute=1000000",
          "claims_per_minute=1000000", "exports_per_minute=1000000", "profile_reads_per_minute=1000000",
          "game_streams_per_minute=1000000", "stats_reads_per_minute=1000000"]
"""The fuzzing client sends thousands of requests: no limit of its own should answer them instead."""

HOSTILE_JSON = ["NaN", "Infinity", "-Infinity", "1e309", "-1e400", '{"a": [NaN]}', '"\\ud800"', '"x\\udfffy"',
                '"a\\u0000b"', str(10**400), "18446744073709551615", "18446744073709551616", "[" * 1000 + "]" * 1000,
                "[]", "true", "null", "-1", '"' + "x" * 5000 + '"']
"""Values put, as JSON text, in place of each field of a body or message (and as a whole one)."""
HOSTILE_KEYS = ['"\\ud800"', '"\\u0000"', '"' + "\u043a" * 300 + '"']
"""Keys added to each object of a body or message (the last quoted in a socket's close reason: more than
its 123 bytes)."""


def _cursor(text: bytes) -> bytes:
    return base64.urlsafe_b64encode(text).rstrip(b"=")


HOSTILE_TEXT = [b"nan", b"-inf", b"1e400", b"a\x00b", b"\xed\xa0\x80", b"\xff", b"1" * 5000, b"9" * 30, b"-1", b"",
                b"x" * 300, _cursor(b"open|2024-01-01T00:00:00+00:00|a\x00b"),
                _cursor(b"playing|0001-01-01T00:00:00-23:59|" + b"f" * 32), _cursor(b"\xff\xfe|x|y")]
"""Values, as bytes to be percent-encoded, put in place of each path and query parameter (``\\xed\\xa0\\x80``
is a surrogate in UTF-8, the last four lobby cursors a client made up)."""

AUTHORIZATIONS = [b"Bearer \xe9\xff", b"Bearer " + b"a," * 2000, b"Bearer", b"Basic nan", b"Bearer " + b"x" * 5000]
"""``Authorization`` headers with seat tokens no seat has (Latin-1 bytes, thousands of tokens…)."""

BODIES: dict[str, dict[str, Any]] = {
    "CreateTable": {"game": "cribbage", "options": {"target": 61},
                    "seats": [{"kind": "human", "name": "Ann", "for": None}, {"kind": "bot", "bot": "easy"}],
                    "creator_seat": 0, "seed": 7, "move_seconds": 30, "time_bank": 0},
    "JoinRequest": {"name": "Bea", "seat": 1},
    "ActRequest": {"token": "{token}", "action": "go", "move": 0},
    "Credentials": {"username": "fuzzer_1", "password": "a fuzzing password"},  # accounts (.site.accounts)
    "PasswordChange": {"current": "a fuzzing password", "new": "another fuzzing one"},
    "Recovery": {"username": "fuzzer_1", "code": "abcde-12345", "password": "another fuzzing one"},
    "SignOut": {"everywhere": False},
    "SeatClaim": {"seats": [{"table": "0123456789abcdef", "token": "{token}"}]},
    "AccountDeletion": {"password": "a fuzzing password"},
    "Address": {"email": "fuzzer@example.org", "language": "en"},  # mail (.site.mail)
    "Link": {"token": "abcdefghijklmnop"},
    "Notices": {"on": True},
    "ResetAsked": {"username": "fuzzer_1"},
    "Reset": {"token": "abcdefghijklmnop", "password": "another fuzzing one"},
    "Answer": {"credential": {"id": "AAAA", "type": "public-key", "response": {"clientDataJSON": "e30"}}},  # passkeys
    "SeekRequest": {"game": "cribbage", "options": {}, "rated": False, "spread": 200},  # quick pairing
    "BlockRequest": {"username": "fuzzer_1"},  # looking after each other (.site.moderation)
    "ReportRequest": {"username": "fuzzer_1", "reason": "abuse", "note": "a note", "table": "0123456789abcdef",
                      "chat_line": 1},
    "ModeratorNote": {"reason": "a reason"},
    "MuteRequest": {"reason": "a reason", "until": "2h"},
}
"""A valid body of each request model, whose every field is then made hostile (``{token}``: a seat's)."""
SAMPLES: dict[Any, Any] = {str: "go", int: 0, bool: True, float: 1.0}
"""A valid value of each type a socket message's field may have (a new type fails until it has one)."""
CLOSE_CODES = {1008, 4404}
"""The codes a server closes a socket with after a refusal it sent (a limit or a bad hello; no table)."""
BUSY = {"server_busy", "bot_tables_full"}
"""The only 503s a request may get here: the server's limits, never ``database_unavailable``."""


@dataclass
class Server:
    """A running server, its log, and tables to aim at: playing (a person and a bot), open (two free
    seats) and over (resigned), each with its seat tokens."""

    base: str
    log: Path
    tables: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        self.problems.append(what[:600])


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp(f"fuzz-{request.param}")
    with fresh_database(request.param, folder) as db, \
            serving(db, bot_workers=0, args=[*(a for limit in LIMITS for a in ("--limit", limit)),
                                              "--password-hashing", "cheapest"],
                    log=folder / "server.log") as (base, _):
        running = Server(base, folder / "server.log")
        with httpx.Client(base_url=base, timeout=60) as client:
            for status, body in [("playing", {**BODIES["CreateTable"], "options": {}}),
                                 ("open", {"game": "cribbage", "seats": [{"kind": "human"}] * 2, "creator_seat": None}),
                                 ("over", {**BODIES["CreateTable"], "options": {}})]:
                created = client.post("/api/tables", json=body).json()
                running.tables[status] = created["table"]["id"], created["tokens"]
            table, tokens = running.tables["over"]
            ended = client.post(f"/api/tables/{table}/resign", headers={"Authorization": f"Bearer {tokens['0']}"})
            assert ended.json()["status"] == "over", ended.text
        yield running


@contextmanager
def checked(server: Server) -> Iterator[None]:
    """Fail with every problem found in the block, and with any traceback the server logged meanwhile."""
    start = server.log.stat().st_size
    server.problems.clear()
    yield
    said = server.log.read_bytes()[start:].decode(errors="replace")
    traces = [line for line in said.splitlines() if re.search(r"Traceback|ERROR|Exception| 500 ", line)]
    assert not server.problems, f"{len(server.problems)} problems, the first:\n" + "\n".join(server.problems[:15])
    assert not traces, "the server logged:\n" + said[-6000:]


# ---------------------------------------------------------------------- HTTP


def answered(server: Server, reply: httpx.Response, what: str) -> None:
    """A reply that is a success or a coded refusal: not a 500, not ``database_unavailable``."""
    try:
        body = reply.json()
    except ValueError:
        body = None
    if reply.status_code >= 500 and not (isinstance(body, dict) and body.get("code") in BUSY):
        server.fail(f"{what}: {reply.status_code} {reply.text[:300]}")
    elif reply.status_code >= 400 and not (isinstance(body, dict) and isinstance(body.get("code"), str)
                                           and isinstance(body.get("params"), dict)):
        server.fail(f"{what}: {reply.status_code} without a code: {reply.text[:300]}")


@dataclass(frozen=True)
class Route:
    """One operation of the OpenAPI schema: its method, path, parameters and body model."""

    method: str
    path: str
    parameters: tuple[dict[str, Any], ...]
    body: str | None

    def valid(self, where: str, parameter: dict[str, Any], table: str) -> bytes | None:
        """A valid value of a parameter (None: leave it out), from its type in the schema."""
        if parameter["name"] == "table_id":
            return table.encode()
        if parameter["name"] == "session_id":  # an account's session (none here: answered no_session)
            return b"0123456789abcdef"
        if parameter["name"] == "username":  # a player's profile (none here: answered no_player)
            return b"fuzzer_1"
        if parameter["name"] == "key_id":  # a passkey (none here: answered no_passkey)
            return b"AAAA"
        if parameter["name"] == "seek_id":  # a seek (none here: not_signed_in)
            return b"0123456789abcdef"
        if parameter["name"] == "pool":  # a rating pool (nobody rated here: an empty leaderboard)
            return b"cubulus-2"
        if parameter["name"] == "game":  # a game's statistics of a player (none here: answered no_player)
            return b"cribbage"
        if parameter["name"] in ("report_id", "line_id"):  # a report, a chat line (none here: not_signed_in)
            return b"1"
        schema = parameter["schema"]
        kinds = {s.get("type") for s in schema.get("anyOf", [schema])}
        if "enum" in schema:
            return str(schema["enum"][0]).encode()
        for kind, value in (("integer", b"0"), ("boolean", b"false"), ("number", b"1")):
            if kind in kinds:
                return value
        if where == "path" or parameter.get("required"):
            raise AssertionError(f"{self.method} {self.path}: give parameter {parameter['name']} a valid value")
        return None


def routes() -> list[Route]:
    """Every HTTP operation of the app, from its OpenAPI schema (included routers' too)."""
    found = []
    for path, operations in create_app().openapi()["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            name = body["$ref"].rsplit("/", 1)[-1] if body else None
            assert name is None or name in BODIES, f"{method} {path}: give {name} a valid body in BODIES"
            found.append(Route(method.upper(), path, tuple(operation.get("parameters", [])), name))
    return found


def request(client: httpx.Client, route: Route, table: str, token: str, *, hostile: tuple[str, bytes] | None = None,
            body: str | None = None) -> httpx.Response:
    """``route`` asked at ``table`` with valid parameters except ``hostile`` (its name and value), and ``body``."""
    path, query = route.path, []
    for parameter in route.parameters:
        value = hostile[1] if hostile and hostile[0] == parameter["name"] else \
            route.valid(parameter["in"], parameter, table)
        if value is None:
            continue
        if parameter["in"] == "path":
            path = path.replace("{" + parameter["name"] + "}", quote_from_bytes(value, safe="") or "%20")
        else:
            query.append(f"{parameter['name']}={quote_from_bytes(value, safe='')}")
    headers = {"content-type": "application/json"}
    if route.method == "GET":  # (a POST with a seat's token could end the table the others aim at)
        headers["authorization"] = f"Bearer {token}"
    url = path + ("?" + "&".join(query) if query else "")
    return client.request(route.method, url, content=body.encode() if body is not None else None, headers=headers)


def hostile_documents(document: Any) -> Iterator[tuple[str, str]]:
    """``document`` as JSON text with one value made hostile at a time — each field of each object (set
    when it was left out: pydantic's defaults too), each list item — and with hostile keys; and each
    hostile value as the whole document."""
    marker = "\x01hostile\x01"
    encoded_marker = json.dumps(marker)

    def places(value: Any, trail: str) -> Iterator[tuple[str, Any]]:
        if isinstance(value, dict):
            for key in list(value):
                yield f"{trail}.{key}", {**value, key: marker}
                for where, inner in places(value[key], f"{trail}.{key}"):
                    yield where, {**value, key: inner}
            for number in range(len(HOSTILE_KEYS)):
                yield f"{trail}.<key {number}>", {**value, f"\x02{number}\x02": marker}
        elif isinstance(value, list):
            for number, item in enumerate(value):
                yield f"{trail}[{number}]", [*value[:number], marker, *value[number + 1:]]
                for where, inner in places(item, f"{trail}[{number}]"):
                    yield where, [*value[:number], inner, *value[number + 1:]]

    for fragment in HOSTILE_JSON:
        yield f"the whole document = {fragment[:40]}", fragment
    for where, changed in places(document, ""):
        text_ = json.dumps(changed)
        for number, key in enumerate(HOSTILE_KEYS):
            text_ = text_.replace(json.dumps(f"\x02{number}\x02"), key)
        if "<key" in where:
            yield where, text_.replace(encoded_marker, "1")
            continue
        for fragment in HOSTILE_JSON:
            yield f"{where} = {fragment[:40]}", text_.replace(encoded_marker, fragment)


@pytest.mark.parametrize("route", routes(), ids=lambda route: f"{route.method} {route.path}")
def test_every_route_answers_hostile_paths_queries_and_bodies_with_a_code(server: Server, route: Route) -> None:
    """Each hostile parameter at each of the tables (``threshold=nan`` is looked at only once a game is
    over); each hostile body at one of them in turn."""
    tables = list(server.tables.values())

    def body_at(tokens: dict[str, str]) -> str | None:
        return json.dumps(BODIES[route.body]).replace("{token}", tokens["0"]) if route.body else None

    with checked(server), httpx.Client(base_url=server.base, timeout=60) as client:
        answered(server, request(client, route, tables[0][0], tables[0][1]["0"], body=body_at(tables[0][1])),
                 f"{route.method} {route.path}")
        for parameter in route.parameters:
            at = tables[:1] if parameter["name"] == "table_id" or "{table_id}" not in route.path else tables
            for (table, tokens), value in itertools.product(at, HOSTILE_TEXT):
                reply = request(client, route, table, tokens["0"], hostile=(parameter["name"], value),
                                body=body_at(tokens))
                answered(server, reply, f"{route.method} {route.path} {parameter['name']}={value!r:.40}")
        for authorization in AUTHORIZATIONS:
            reply = client.request(route.method, route.path.replace("{table_id}", tables[0][0]).replace("{move}", "0"),
                                   headers={"authorization": authorization})
            answered(server, reply, f"{route.method} {route.path} Authorization: {authorization!r:.40}")
        if route.body is not None:
            documents = hostile_documents(json.loads(body_at(tables[0][1]) or "null"))
            for (where, document), (table, tokens) in zip(documents, itertools.cycle(tables), strict=False):
                document = document.replace(tables[0][1]["0"], tokens["0"])  # the token of the table asked
                answered(server, request(client, route, table, tokens["0"], body=document),
                         f"{route.method} {route.path} body{where}")
            for raw, kind in [(b"\xff\xfe{", "application/json"), (b"\xff\xfe{", "text/plain"), (b"NaN", "")]:
                reply = client.request(route.method, route.path.replace("{table_id}", tables[0][0]), content=raw,
                                       headers={"content-type": kind} if kind else {})
                answered(server, reply, f"{route.method} {route.path} body {raw!r} as {kind!r}")


def test_a_body_with_a_non_finite_number_is_malformed_at_every_route_that_takes_one(server: Server) -> None:
    """Refused by the parser itself, before any model: a new router whose routes read bodies with
    Python's json (which takes NaN) would fail here."""
    table, tokens = server.tables["playing"]
    with httpx.Client(base_url=server.base, timeout=60) as client:
        for route in (r for r in routes() if r.body is not None):
            valid = json.dumps(BODIES[route.body]).replace("{token}", tokens["0"])
            for fragment in ("NaN", "1e309", '"\\ud800"'):
                document = valid[:-1] + f', "extra": {fragment}}}'
                reply = request(client, route, table, tokens["0"], body=document)
                assert reply.status_code == 422, (route.path, fragment, reply.text)
                assert reply.json()["params"]["problems"][0]["type"] == "json_invalid", reply.text


def test_the_audits_500s_are_coded_refusals(server: Server) -> None:
    """Each finding of the audit (#42 items 5 and 11) by name, with the answer it gets now."""
    playing, tokens = server.tables["playing"]
    over, _ = server.tables["over"]
    with checked(server), httpx.Client(base_url=server.base, timeout=60) as client:
        def post(path: str, body: str) -> dict[str, Any]:
            reply = client.post(path, content=body, headers={"content-type": "application/json"})
            assert reply.status_code == 422, reply.text
            return dict(reply.json())

        nan_move = post(f"/api/tables/{playing}/act", f'{{"token": "{tokens["0"]}", "action": "go", "move": NaN}}')
        assert nan_move["code"] == "malformed" and nan_move["params"]["problems"][0]["type"] == "json_invalid"
        surrogate = post(f"/api/tables/{playing}/join", '{"name": "\\ud800"}')
        assert surrogate["detail"][0]["ctx"]["error"] == "no low surrogate in string"
        nul_part = post("/api/tables", json.dumps({"game": "beetle", "seats": [{"kind": "human"}, {"kind": "bot"}],
                                                   "options": {"variant": "custom", "parts": {"parts": [
                                                       {"name": "bo\x00dy", "face": 1, "count": 1}]}}}))
        assert "U+0000" in nul_part["detail"][0]["msg"]
        for value, shown in [("nan", "nan"), ("inf", "inf"), ("1e400", "inf")]:
            reply = client.get(f"/api/tables/{over}/blunders", params={"seat": 0, "threshold": value})
            assert (reply.status_code, reply.json()["code"]) == (422, "bad_threshold"), reply.text
            assert reply.json()["params"] == {"threshold": shown}
        forged = _cursor(b"open|2024-01-01T00:00:00+00:00|a\x00b").decode()
        for cursor in (forged, "\x00abc"):
            reply = client.get("/api/tables", params={"cursor": cursor})
            assert (reply.status_code, reply.json()["code"]) == (422, "bad_cursor"), reply.text
        for table in ("a%00b", "%ED%A0%80", "f" * 5000):
            reply = client.get(f"/api/tables/{table}")
            assert (reply.status_code, reply.json()["code"]) == (404, "no_table"), reply.text


# ---------------------------------------------------------------------- WebSockets


def message_types() -> dict[str, dict[str, Any]]:
    """A valid example of every socket message type of the ``ClientMessage`` union, by its type."""
    (union, *_) = typing.get_args(ClientMessage)
    found = {}
    for model in typing.get_args(union):
        for kind in typing.get_args(model.model_fields["type"].annotation):
            found[kind] = {"type": kind, **{name: sample(info.annotation) for name, info in model.model_fields.items()
                                            if name != "type"}}
    return found


def sample(annotation: Any) -> Any:
    if annotation in SAMPLES:
        return SAMPLES[annotation]
    options = [a for a in typing.get_args(annotation) if a is not type(None)]
    assert options, f"give a socket message field of type {annotation} a valid value in SAMPLES"
    return sample(options[0])


def exchange(server: Server, ws: ClientConnection, raw: str | bytes, what: str) -> list[dict[str, Any]] | None:
    """Send ``raw`` then a ping, and read up to the pong: the messages before it (None once the socket
    closed). Every error must have a code, and a socket closed on the way must have been told why and
    closed with a code."""
    messages: list[dict[str, Any]] = []
    try:
        ws.send(raw)
        with suppress(ConnectionClosed):  # closed after a refusal, which is read below
            ws.send('{"type": "ping"}')
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "pong":
                return messages
            messages.append(message)
            if message["type"] == "error" and not (isinstance(message.get("code"), str)
                                                   and isinstance(message.get("params"), dict)):
                server.fail(f"{what}: an error without a code: {message}")
    except ConnectionClosed:
        if ws.close_code not in CLOSE_CODES or not any(m["type"] == "error" for m in messages):
            server.fail(f"{what}: closed with {ws.close_code} ({ws.close_reason!r}) after {messages}")
        return None
    except TimeoutError:
        server.fail(f"{what}: no answer")
        return None


def ws_url(server: Server, table: str) -> str:
    return server.base.replace("http", "ws", 1) + f"/ws/tables/{table}"


class HotSeat:
    """A socket holding both seats of a hot-seat cribbage table, a new table once one has ended (a
    resign ends it) and a new socket once one was closed (a refusal may close it)."""

    def __init__(self, server: Server, client: httpx.Client) -> None:
        self.server, self.client = server, client
        self.ws: ClientConnection | None = None
        self.status = "over"

    def send(self, raw: str | bytes, what: str) -> None:
        if self.status != "playing":
            created = self.client.post("/api/tables", json={"game": "cribbage", "seed": 3, "seats": [
                {"kind": "local"}, {"kind": "local"}]}).json()
            self.table, self.tokens = created["table"]["id"], list(created["tokens"].values())
            self.close()
        if self.ws is None:
            self.ws = connect(ws_url(self.server, self.table), open_timeout=30, legacy=True)  # closed by close()
            self._heard(exchange(self.server, self.ws, json.dumps({"type": "hello", "tokens": self.tokens}),
                                 f"{what}: hello"))
        self._heard(exchange(self.server, self.ws, raw, what))

    def _heard(self, messages: list[dict[str, Any]] | None) -> None:
        if messages is None:
            self.close()
        for message in messages or ():
            self.status = message.get("status", self.status)

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def test_every_socket_message_type_answers_hostile_fields_with_a_code(server: Server) -> None:
    types = message_types()
    assert {"act", "chat", "ping", "resign"} <= set(types)
    with checked(server), httpx.Client(base_url=server.base, timeout=60) as client:
        seat = HotSeat(server, client)
        try:
            for kind, example in types.items():
                for where, document in hostile_documents(example):
                    seat.send(document, f"{kind}{where}")
            for raw in ("", "x" * 5000, b"\x00\xff"):
                seat.send(raw, f"raw frame {raw!r:.20}")
        finally:
            seat.close()


def test_a_hostile_hello_or_table_is_refused_with_a_code(server: Server) -> None:
    table, tokens = server.tables["playing"]
    with checked(server):
        hello = {"type": "hello", "tokens": [tokens["0"]], "name": "Ann", "text": True, "chat": True}
        for where, document in [*hostile_documents(hello), ("raw binary", b"\x00")]:
            with connect(ws_url(server, table), open_timeout=30) as ws:
                exchange(server, ws, document, f"hello{where}")
        for value in HOSTILE_TEXT:
            with connect(ws_url(server, quote_from_bytes(value, safe="") or "%20"), open_timeout=30) as ws:
                exchange(server, ws, '{"type": "hello"}', f"table {value[:40]!r}")


# ---------------------------------------------------------------------- random values anywhere

def _containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**500, max_value=10**500) | st.floats()
    | st.text(st.characters(codec=None, categories=["L", "N", "P", "Cc", "Cf", "Cs", "Co", "Cn", "Zs"]), max_size=20),
    _containers, max_leaves=6)
"""Any JSON value Python's json writes: NaN and infinities, integers of hundreds of digits, lone surrogates."""


def placed(document: dict[str, Any], data: st.DataObject) -> str:
    """``document`` with one of its fields (or a new one) replaced by a random JSON value."""
    key = data.draw(st.sampled_from([*document, "extra"]))
    return json.dumps({**document, key: data.draw(JSON_VALUES)}, ensure_ascii=data.draw(st.booleans()))


def test_random_values_anywhere_are_answered_with_a_code(server: Server) -> None:
    table, tokens = server.tables["playing"]
    bodies = [r for r in routes() if r.body is not None]
    types = message_types()
    with checked(server), httpx.Client(base_url=server.base, timeout=60) as client:
        seat = HotSeat(server, client)

        @settings(max_examples=examples(60), deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.data())
        def anything(data: st.DataObject) -> None:
            route = data.draw(st.sampled_from(bodies))
            document = json.loads(json.dumps(BODIES[route.body or ""]).replace("{token}", tokens["0"]))
            body = placed(document, data)
            reply = request(client, route, table, tokens["0"], body=body)
            answered(server, reply, f"{route.method} {route.path} {body[:200]}")
            message = placed(data.draw(st.sampled_from(list(types.values()))), data)
            seat.send(message, f"message {message[:200]}")
            found, server.problems[:] = list(server.problems), []  # (each example fails on its own problems)
            assert not found, found[0]

        try:
            anything()
        finally:
            seat.close()


def test_hostile_values_are_written_as_json_by_the_fuzzer_itself() -> None:
    """The values reach the server as the hostile JSON text meant (not escaped into harmless strings)."""
    documents = dict(hostile_documents({"a": {"b": [1]}}))
    assert documents[".a.b[0] = NaN"] == '{"a": {"b": [NaN]}}'
    assert documents[".a.<key 0>"] == '{"a": {"b": [1], "\\ud800": 1}}'
    assert documents["the whole document = 1e309"] == "1e309"
    assert quote(b"\xed\xa0\x80") == "%ED%A0%80"
