"""Abuse against real server processes: what one hostile client can do, and what it cannot.

Every endpoint is public (STYLE 20), so each test runs ``tabletop serve`` in its own process, hits one
of its limits the way an abuser would — a flood of expensive requests, a socket that sends hundreds
of messages at once, more sockets than a client may open, a seat token put in a URL — and checks
that the answer is the documented refusal (429/503 with ``Retry-After``; an error and close code
1008) while a person at another table goes on playing. The bounds on time are generous: shared
machines are slow, and these are tests of behaviour, not benchmarks (``benchmarks/server_load.py``
measures the latencies).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tabletop.server.process import serving
from tests.server.live import Listed, bearer, create_over_http, hello, run

pytestmark = pytest.mark.slow

ROUND_TRIP_SECONDS = 5.0
"""The longest a person's action may take to come back, flood or not (generous: shared machines)."""
PEOPLE = ["--limit", "creations_per_minute=1000", "--limit", "sockets_per_minute=1000",
          "--limit", "flood_cooldown_seconds=0.001"]
"""The probe starts a table (and a socket) per game, faster than a person would, from the flooder's own
address: not the limits these tests are about (the cooldown after a flood has its own test)."""


def ws_url(base: str, table: str) -> str:
    return f"{base.replace('http', 'ws', 1)}/ws/tables/{table}"




def next_state(ws: ClientConnection, timeout: float = 30.0, listed: Listed | None = None) -> dict[str, Any]:
    """The next ``state`` message (errors fail the test: these sockets behave), its legal actions filled in from
    what the socket was last listed (``listed``, when it plays)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        assert message["type"] in ("state", "pong"), message
        if message["type"] == "state":
            return listed.fill(message) if listed is not None else message


def at_least(ws: ClientConnection, move: int, listed: Listed) -> dict[str, Any]:
    """The first update of a game being played at move ``move`` or later with a seat to move (not
    chance: Cubulus's first player is drawn when ``first`` is random, U13, and a socket can see that
    state before the server has drawn it)."""
    while (message := next_state(ws, listed=listed))["status"] != "playing" or message["move"] < move \
            or message["to_move"] < 0:
        pass
    return message


def refusal(ws: ClientConnection) -> tuple[str, int | None]:
    """Read a socket the server is refusing to its end: the error's reason and the close code."""
    reasons = []
    try:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "error":
                reasons.append(message["reason"])
    except ConnectionClosed:
        pass
    return " | ".join(reasons), ws.close_code


class Probe(threading.Thread):
    """A person playing Cubulus against a random bot, game after game, timing every action's round
    trip (from sending it to the update that carries it) until told to stop."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.trips: list[tuple[float, float]] = []  #: (when it came back, seconds it took)
        self.halt = threading.Event()
        self.error: BaseException | None = None
        self.rng = random.Random(11)

    def run(self) -> None:
        try:
            while not self.halt.is_set():
                created = create_over_http(self.base, {"game": "cubulus", "seed": self.rng.randrange(1000),
                                             "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
                self.play(created["table"]["id"], created["tokens"]["0"])
        except BaseException as error:  # the test thread reports it
            self.error = error

    def play(self, table: str, token: str) -> None:
        listed = Listed()
        with connect(ws_url(self.base, table)) as ws:
            ws.send(hello(token))
            message = next_state(ws, listed=listed)
            while not self.halt.is_set() and message["status"] != "over":
                if not message["legal"]:
                    message = next_state(ws, listed=listed)
                    continue
                time.sleep(0.05)  # a quick person
                move, began = message["move"], time.monotonic()
                action = message["legal"][self.rng.randrange(len(message["legal"]))]
                ws.send(json.dumps({"type": "act", "action": action, "move": move}))
                while (message := next_state(ws, ROUND_TRIP_SECONDS * 2, listed))["move"] <= move:
                    pass
                self.trips.append((time.monotonic(), time.monotonic() - began))

    def between(self, start: float, end: float) -> list[float]:
        """The round trips that came back between ``start`` and ``end`` (monotonic seconds)."""
        return [seconds for when, seconds in self.trips if start <= when <= end]

    def finish(self) -> None:
        self.halt.set()
        self.join(30)
        if self.error is not None:
            raise self.error


@contextmanager
def probing(base: str) -> Iterator[Probe]:
    """A :class:`Probe` playing for the block; it must have played before the block's work starts."""
    probe = Probe(base)
    probe.start()
    deadline = time.monotonic() + 60
    while len(probe.trips) < 3 and probe.error is None and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield probe
    finally:
        probe.finish()


def play_hot_seat(base: str, created: dict[str, Any], actions: int) -> dict[str, Any]:
    """Take ``actions`` random legal actions at a hot-seat table (every seat held by one socket);
    the update after the last one's consequences (chance drawn, the next seat to act), with its whole log
    (each update brings the entries the socket has not had)."""
    rng = random.Random(5)
    tokens = list(created["tokens"].values())
    held: list[dict[str, Any]] = []
    listed = Listed()
    with connect(ws_url(base, created["table"]["id"]), max_size=None) as ws:
        ws.send(hello(*tokens))
        made = 0
        while True:
            message = next_state(ws, 60, listed)
            held = message["log"] = held[:message["log_from"]] + message["log"]
            if not message["legal"]:
                continue
            if made == actions:
                return message
            legal = message["legal"]
            ws.send(json.dumps({"type": "act", "action": legal[rng.randrange(len(legal))], "move": message["move"]}))
            made += 1


# ---------------------------------------------------------------------- 1. expensive requests


async def flood_wave(base: str, paths: list[str]) -> list[httpx.Response]:
    """Every path asked for at once, from one client."""
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=len(paths))) as client:
        return await asyncio.gather(*(client.get(base + path) for path in paths))


def test_a_flood_of_odds_and_motions_is_capped_while_another_table_plays_on(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'live.db'}", log=tmp_path / "server.log", args=PEOPLE) as (base, _):
        beetles = [create_over_http(base, {"game": "beetle", "options": {"players": 8},
                                           "seats": [{"kind": "local"}] * 8}) for _ in range(2)]
        kubik = create_over_http(base, {"game": "kubik", "options": {"throws": "physics"},
                                        "seats": [{"kind": "local"}] * 2})
        after = play_hot_seat(base, kubik, 3)
        throws = [move for move, line in enumerate(after["log"]) if " noise " in line["action"]]
        assert len(throws) == 3, after["log"]
        for beetle in beetles:  # eight seats to roll: the table is in its roll-off (B6)
            assert httpx.get(f"{base}/api/tables/{beetle['table']['id']}").json()["moves"] == 0
        motions = [f"/api/tables/{kubik['table']['id']}/motion/{move}" for move in throws]
        odds = [f"/api/tables/{beetle['table']['id']}/odds" for beetle in beetles]
        odds += [f"{path}?move=0" for path in odds]  # a live table's odds at a move so far, as a paced screen asks
        wave = (motions + odds) * 5  # 35 requests, motions first: the slow ones are running when the rest come

        with probing(base) as probe:
            began = time.monotonic()
            answers: list[httpx.Response] = []
            while time.monotonic() < began + 5:
                answers += run(flood_wave(base, wave))
            ended = time.monotonic()
            during = probe.between(began, ended)

    statuses = {response.status_code for response in answers}
    odd = [(response.status_code, response.text) for response in answers if response.status_code not in (200, 429, 503)]
    assert not odd, odd
    assert 429 in statuses  # refused at once: past the client's request rate, or its 2 expensive jobs at a time
    for response in answers:
        if response.status_code in (429, 503):
            assert int(response.headers["retry-after"]) >= 1, response.headers
            assert response.json()["detail"], response.text  # the reason: which limit, and what to do
            refused = response.json()  # and as data: the limit's code, with when to try again
            assert refused["code"] in ("too_many_requests", "too_many_expensive", "too_many_heavy", "server_busy")
            assert refused["params"]["retry_after"] == int(response.headers["retry-after"]), refused
        else:
            data = response.json()
            assert "motion" in data or len(data["win"]) == 8, data
    assert len(during) >= 5, (len(during), ended - began)  # the probe's table kept playing during the flood
    assert max(during) < ROUND_TRIP_SECONDS, max(during)


# ---------------------------------------------------------------------- 2. tokens and logs


def test_tokens_never_reach_the_log(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with serving(f"sqlite:///{tmp_path / 'live.db'}", bot_workers=0, log=log) as (base, _):
        created = create_over_http(base, {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "human"}]})
        table, tokens, creator = created["table"]["id"], created["tokens"], created["creator_token"]
        secrets = [tokens["0"], tokens["1"], creator]
        with connect(ws_url(base, table)) as one, connect(ws_url(base, table)) as two:
            one.send(hello(tokens["0"], name="Ana"))
            two.send(hello(tokens["1"], name="Ion"))  # the second seat joins: the game starts
            move, listed = 0, (Listed(), Listed())
            for _ in range(4):  # a few moves over WebSockets, each by the seat to move
                seen = at_least(one, move, listed[0])
                mover = (one, two)[seen["to_move"]]
                mine = at_least(two, seen["move"], listed[1]) if mover is two else seen
                assert mine["legal"], mine
                mover.send(json.dumps({"type": "act", "action": mine["legal"][0], "move": mine["move"]}))
                move = mine["move"] + 1
        # over HTTP: a seat's state by its header, then an action with the token in the body
        state = httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(tokens["0"])).json()
        if not state["legal"]:
            state = httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(tokens["1"])).json()
        seat_token = tokens[str(state["seat"])]
        acted = httpx.post(f"{base}/api/tables/{table}/act",
                           json={"token": seat_token, "action": state["legal"][0], "move": state["move"]})
        assert acted.status_code == 200, acted.text
        # a client that wrongly puts a real token in a URL is refused, on both doors
        wrong = httpx.get(f"{base}/api/tables/{table}/state", params={"token": tokens["1"]})
        assert wrong.status_code == 400 and "never go in a URL" in wrong.json()["detail"]
        with connect(ws_url(base, table) + f"?token={tokens['0']}") as ws:
            reason, code = refusal(ws)
        assert code == 1008 and "never go in a URL" in reason
        # a game being played is not the unseated creator's to stop; its two people agreeing (one screen) end it
        assert httpx.post(f"{base}/api/tables/{table}/abandon", headers=bearer(creator)).status_code == 409
        abandoned = httpx.post(f"{base}/api/tables/{table}/abandon", headers=bearer(f"{tokens['0']}, {tokens['1']}"))
        assert abandoned.status_code == 200 and abandoned.json()["status"] == "abandoned"

    said = log.read_text(encoding="utf-8")
    for secret in secrets:
        assert secret not in said
    # not vacuous: the requests, the sockets and the refused URLs were all logged
    assert f"GET /api/tables/{table}/state HTTP/1.1\" 200" in said
    assert f"POST /api/tables/{table}/act HTTP/1.1\" 200" in said
    assert f"POST /api/tables/{table}/abandon HTTP/1.1\" 200" in said
    assert f"WebSocket /ws/tables/{table}\" [accepted]" in said
    assert f"WebSocket /ws/tables/{table}?token=[redacted]\" [accepted]" in said
    assert f"/api/tables/{table}/state?token=[redacted] HTTP/1.1" in said


def test_a_refused_url_with_a_token_is_one_clean_access_line(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with serving(f"sqlite:///{tmp_path / 'live.db'}", bot_workers=0, log=log) as (base, _):
        created = create_over_http(base, {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "human"}]})
        table, token = created["table"]["id"], created["tokens"]["0"]
        assert httpx.get(f"{base}/api/tables/{table}/state", params={"token": token}).status_code == 400
    said = log.read_text(encoding="utf-8")
    assert token not in said
    assert "Logging error" not in said and "Traceback" not in said
    assert f"\"GET /api/tables/{table}/state?token=[redacted] HTTP/1.1\" 400" in said


# ---------------------------------------------------------------------- 3. a socket flood


def test_a_socket_flood_is_cut_off_while_another_table_plays_on(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'live.db'}", args=PEOPLE) as (base, _):
        watched = create_over_http(base, {"game": "cubulus", "creator_seat": None,  # open: waiting for two people
                                "seats": [{"kind": "human"}, {"kind": "human"}]})["table"]["id"]
        with probing(base) as probe:
            began = time.monotonic()
            for _ in range(3):  # cut off, back again, cut off again
                # (a sync client's send into a closing socket waits for the close handshake: keep that short)
                with connect(ws_url(base, watched), close_timeout=1) as ws:
                    ws.send(hello())
                    next_state(ws)
                    sent = 0
                    try:
                        for _ in range(300):
                            ws.send(json.dumps({"type": "ping"}))
                            sent += 1
                    except ConnectionClosed:
                        pass
                    pongs, reasons = 0, []
                    try:
                        while True:
                            message = json.loads(ws.recv(timeout=30))
                            pongs += message["type"] == "pong"
                            if message["type"] == "error":
                                reasons.append(f"{message['code']}: {message['reason']}")
                    except ConnectionClosed:
                        pass
                    assert ws.close_code == 1008, (ws.close_code, reasons)
                    assert any(reason.startswith("flooded: too many messages") for reason in reasons), reasons
                    assert 1 <= pongs < 100, pongs  # a burst of 40 is answered, then the socket is closed
            flooded = time.monotonic()
            while len(probe.between(flooded, time.monotonic())) < 5 and time.monotonic() < flooded + 60:
                time.sleep(0.05)
            trips = probe.between(began, time.monotonic())
    assert len(probe.between(flooded, time.monotonic())) >= 5  # and it goes on playing afterwards
    assert max(trips) < ROUND_TRIP_SECONDS, max(trips)


# ---------------------------------------------------------------------- 4. too many sockets


def test_one_client_cannot_open_thousands_of_spectator_sockets(tmp_path: Path) -> None:
    limits = ["--limit", "spectators_per_table=3", "--limit", "sockets_per_minute=1000"]
    with serving(f"sqlite:///{tmp_path / 'live.db'}", bot_workers=0, args=limits) as (base, _), \
            ExitStack() as stack:
        tables = [create_over_http(base, {"game": "cubulus", "creator_seat": None,
                                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})["table"]["id"]
                  for _ in range(10)]

        def watch(table: str) -> ClientConnection:
            ws = stack.enter_context(connect(ws_url(base, table)))
            ws.send(hello())
            return ws

        for _ in range(3):
            assert next_state(watch(tables[0]))["seat"] is None
        reason, code = refusal(watch(tables[0]))  # the fourth spectator of one table
        assert code == 1008 and "spectators" in reason, reason

        open_sockets = [watch(table) for table in tables[1:] for _ in range(3)]
        for ws in open_sockets:
            assert next_state(ws)["status"] == "open"
        # 3 + 27 = 30 sockets from this client: the 31st is refused before its hello is read
        with connect(ws_url(base, tables[0])) as ws:
            reason, code = refusal(ws)
        assert code == 1008 and "too many connections" in reason and "30" in reason, reason

        open_sockets[0].close()  # the limit is on sockets open at once: one closed, one may open
        deadline = time.monotonic() + 30
        while True:
            with connect(ws_url(base, tables[1])) as ws:
                ws.send(hello())
                message = json.loads(ws.recv(timeout=30))
            if message["type"] == "state" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert message["type"] == "state", message


async def spectator_rush(base: str, created: dict[str, Any], limit: int, attempts: int = 8) -> int:
    """The most spectators a table had at once when, after each of ``attempts`` Kubik throws, ten more
    tried to watch while the throw was being simulated (two watch all along); it stops early once
    there were more than ``limit``."""
    from websockets.asyncio.client import connect as connect_async

    url = ws_url(base, created["table"]["id"])
    listed = Listed()
    player = await connect_async(url, max_size=None)
    await player.send(hello(*created["tokens"].values()))
    watching = [await connect_async(url) for _ in range(2)]
    for ws in watching:
        await ws.send(hello())
        assert json.loads(await ws.recv())["type"] == "state"

    async def watch(delay: float) -> Any:
        await asyncio.sleep(delay)
        ws = await connect_async(url)
        await ws.send(hello())
        accepted = json.loads(await ws.recv())["type"] == "state"
        return ws if accepted else None

    most = len(watching)
    for _ in range(attempts):
        if most > limit:
            break
        while not (message := listed.fill(json.loads(await player.recv()))).get("legal"):
            pass
        line = "A" if message["to_move"] == 0 else "B"
        await player.send(json.dumps({"type": "act", "action": f"throw {line} pos +0 aim +0 power 12 spin 4",
                                      "move": message["move"]}))
        await asyncio.sleep(0.02)  # the throw is being simulated, the table's lock held
        extra = [ws for ws in await asyncio.gather(*(watch(k * 0.005) for k in range(10))) if ws is not None]
        most = max(most, len(watching) + len(extra))
        for ws in extra:
            await ws.close()
        await asyncio.sleep(0.2)  # the server forgets the closed ones
    await player.close()
    return most


def test_spectators_per_table_holds_when_spectators_arrive_while_the_table_is_busy(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'live.db'}", bot_workers=0,
                 args=["--limit", "spectators_per_table=3", "--limit", "sockets_per_minute=1000"]) as (base, _):
        kubik = create_over_http(base, {"game": "kubik", "options": {"throws": "physics"},
                                        "seats": [{"kind": "local"}] * 2})
        most = run(spectator_rush(base, kubik, limit=3))
    assert most <= 3, f"{most} spectators at once at a table that takes 3"
