"""Failover against real processes and real faults: the regression tests of the failover design.

Every test runs real ``tabletop serve`` processes on a PostgreSQL database of its own; the faults are
real too (:mod:`tests.server.faults`): a process killed with SIGKILL or stopped with SIGTERM, a private
``redis-server`` stopped and started again, a TCP proxy between a server and PostgreSQL cut for a dozen seconds.
What each proves is in its name: a table goes on, within a bounded time, whatever part fails.

Leases are short here (``lease_seconds``), so a takeover takes seconds; the measured takeover times are
printed (``pytest -s``). Each server's output goes to a log file whose tail is in every failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import Engine, create_engine, text
from websockets.sync.client import ClientConnection, connect

from tabletop.server.notices import CHANNEL
from tabletop.server.process import serving
from tabletop.storage.migrate import upgrade
from tests.server.faults import RedisServer, TcpProxy, address_of, postgres_url_via
from tests.server.live import SAME_PRIORITY, Listed, bearer, hello

pytestmark = pytest.mark.slow

LEASE = 3.0
"""``lease_seconds`` of the servers here: a lapsed lease is taken over within seconds."""
RETRY_MAX = 1.0
"""``retry_max_seconds`` of the outage test's server: its waits between retries stop growing at a second."""
OUTAGE = 4.0
"""How long the database is cut off in the outage test: several of the server's retries, the longest ones
(``RETRY_MAX``) among them."""
REDIS_OUTAGE = 60.0 if os.environ.get("TABLETOP_SLOW") == "1" else 4.0
"""How long Redis is down in the Redis outage test: a few seconds in ``make test``, a minute in the slow tier."""
FEW_SECONDS = 6.0
"""The longest a person may wait for the bot's answer, or a chat message, while Redis is down: the processes
read the tables they serve from the database instead, at most every 2 s (``notices.POLL_SECONDS``)."""
PERSON_VS_BOT = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
                 "options": {"first": "0"}}
CRIBBAGE_VS_BOT = {"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
"""A long game (to 121): the person goes on playing through a whole outage."""
TWO_PEOPLE = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"first": "1"},
              "creator_seat": None}
"""Seat 0 acts first: it places the neutral balls, then seat 1 starts the play (first=1)."""
State = dict[str, Any]


# ---------------------------------------------------------------------- servers, logs and the database


def tails(*logs: Path, lines: int = 40) -> str:
    """The last lines of each log, for an assertion message (what the servers said before failing)."""
    parts = []
    for log in logs:
        said = log.read_text(errors="replace").splitlines()[-lines:] if log.exists() else ["(no log)"]
        parts.append(f"--- {log.name}, last {len(said)} lines ---\n" + "\n".join(said))
    return "\n".join(parts)


Server = tuple[str, subprocess.Popen[bytes]]


@contextmanager
def started(*servers: AbstractContextManager[Server]) -> Iterator[list[Server]]:
    """Enter several :func:`serving` blocks at once: each server takes seconds to start."""
    with ExitStack() as stack:
        with ThreadPoolExecutor(len(servers)) as pool:
            entering = [pool.submit(server.__enter__) for server in servers]
        failure: BaseException | None = None
        running = []
        for server, entered in zip(servers, entering, strict=True):
            try:
                running.append(entered.result())
                stack.push(server)
            except BaseException as error:  # the others are stopped by the stack
                failure = failure or error
        if failure is not None:
            raise failure
        yield running


@contextmanager
def two_servers(db: str, broker: RedisServer, logs: Sequence[Path], lease_seconds: float = LEASE,
                ) -> Iterator[list[Server]]:
    """Processes A and B on one database and one Redis, started together (their URLs and processes)."""
    upgrade(db)  # first: two processes migrating one new database at once collide
    args = ["--limit", f"lease_seconds={lease_seconds:g}", *SAME_PRIORITY]
    with started(*(serving(db, redis=broker.url, args=args, log=log) for log in logs)) as servers:
        yield servers


@pytest.fixture
def database(postgres_url: str) -> Iterator[Engine]:
    """The test's database, reached directly (never through a proxy): to read leases and logs."""
    engine = create_engine(postgres_url)
    yield engine
    engine.dispose()


def lease(engine: Engine, table: str) -> str | None:
    """The process holding the table's lease now, as the database says (None: handed back)."""
    with engine.connect() as connection:
        owner = connection.execute(text("select owner from game_tables where id = :id"), {"id": table}).scalar()
    return None if owner is None else str(owner)


def logged_moves(engine: Engine, table: str) -> int:
    """How many events the table's log holds in the database."""
    with engine.connect() as connection:
        return int(connection.execute(text("select count(*) from events where table_id = :id"),
                                      {"id": table}).scalar() or 0)


def create(base: str, request: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """A new table on the server at ``base``: its id and its seats' tokens."""
    reply = httpx.post(f"{base}/api/tables", json=request, timeout=30)
    assert reply.status_code == 201, reply.text
    created = reply.json()
    return created["table"]["id"], created["tokens"]


# ---------------------------------------------------------------------- people at a table


class Seat:
    """One person's WebSocket to a real server's table: the newest update heard, and acting on it."""

    def __init__(self, ws: ClientConnection, rng: random.Random, logs: Sequence[Path]) -> None:
        self.ws = ws
        self.rng = rng
        self.logs = logs
        self.latest: State = {}
        self.errors: list[str] = []
        self.sent: int | None = None  #: the move this seat last sent an action for (None: resend)
        self.listed = Listed()  #: the legal actions last listed (an update that leaves them out: the same)

    def hear(self, seconds: float) -> bool:
        """Take the next message if one comes within ``seconds``; True when one came."""
        try:
            raw = self.ws.recv(timeout=seconds)
        except TimeoutError:
            return False
        message = self.listed.fill(json.loads(raw))  # (every update in order, the one dropped below too)
        if message["type"] == "state" and message["move"] >= self.latest.get("move", -1):
            self.latest = message  # updates may overtake each other; the newest move wins
        elif message["type"] == "error":
            self.errors.append(message["reason"])
            self.sent = None  # refused (stale, or the database was down): act again on the latest
        return True

    def until(self, done: Callable[[State], bool], seconds: float, what: str) -> State:
        """The newest update once ``done`` holds for it; fails after ``seconds`` saying ``what`` was awaited."""
        deadline = time.monotonic() + seconds
        while not (self.latest and done(self.latest)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{what}: not within {seconds:g} s; the newest update: {brief(self.latest)}; "
                                     f"errors: {self.errors[-3:]}\n{tails(*self.logs)}")
            self.hear(min(left, 0.5))
        return self.latest

    def my_turn(self, state: State | None = None) -> bool:
        """Whether the update (the newest one) asks this seat to act, and it has not yet answered it."""
        state = self.latest if state is None else state
        return state.get("status") == "playing" and bool(state["legal"]) and self.sent != state["move"]

    def act(self) -> int:
        """Send a random legal action for the newest update's move; the move number it is for."""
        state = self.latest
        self.sent = state["move"]
        self.ws.send(json.dumps({"type": "act", "action": self.rng.choice(state["legal"]), "move": state["move"]}))
        return int(state["move"])

    def send(self, message: dict[str, Any]) -> None:
        """Send any other message (undo requests and answers)."""
        self.ws.send(json.dumps(message))


def brief(state: State) -> str:
    """An update cut down to what says where a table is."""
    keys = ("status", "move", "to_move", "seat", "legal", "undo")
    return str({key: state.get(key) for key in keys if key in state}) if state else "(none yet)"


@contextmanager
def seated(base: str, table: str, token: str, rng: random.Random, logs: Sequence[Path]) -> Iterator[Seat]:
    """A person holding the seat of ``token`` at ``table`` over the server at ``base`` (hello sent)."""
    with connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{table}", open_timeout=30) as ws:
        ws.send(hello(token))
        yield Seat(ws, rng, logs)


def playing(state: State) -> bool:
    """Whether the table is being played (not still open, not over)."""
    return bool(state.get("status") == "playing")


def ended(state: State) -> bool:
    """Whether the table's game is over or abandoned."""
    return state.get("status") in ("over", "abandoned")


def person_moves(seat: Seat, seconds: float = 30) -> int:
    """The person acts once it is their turn, until the server accepts it; the number of their move
    (the update heard may already hold the next one too: the bot is quick)."""
    seat.until(lambda s: ended(s) or seat.my_turn(s), seconds, "the person's turn")
    assert not ended(seat.latest), f"the game ended before the person's move: {brief(seat.latest)}"
    while True:
        move = seat.act()
        if answered(seat, move, seconds)["move"] > move:
            return move
        seat.until(seat.my_turn, seconds, "the person's turn again after a refusal")  # refused: act again


def answered(seat: Seat, move: int, seconds: float) -> State:
    """The update once the server took the seat's action for ``move``, or refused it (``sent`` reset)."""
    return seat.until(lambda s: s["move"] > move or seat.sent is None, seconds, f"move {move} accepted")


def bot_answers(seat: Seat, after: int, seconds: float) -> State:
    """The update with the bot's answer to move ``after`` (or the game's end)."""
    return seat.until(lambda s: s["move"] > after + 1 or ended(s), seconds, f"the bot's answer to move {after}")


def step(*seats: Seat, seconds: float = 15) -> Seat:
    """The seat to move acts, and every seat hears its move; the seat that moved."""
    deadline = time.monotonic() + seconds
    while not any(seat.my_turn() for seat in seats):
        assert time.monotonic() < deadline, f"nobody's turn: {[brief(s.latest) for s in seats]}\n" \
                                            f"{tails(*seats[0].logs)}"
        for seat in seats:
            seat.hear(0.05)
    mover = next(seat for seat in seats if seat.my_turn())
    move = person_moves(mover, seconds)
    for seat in seats:
        seat.until(lambda s: s["move"] > move, seconds, f"every seat hears move {move}")
    return mover


def taken_over(seat: Seat, database: Engine, table: str, owner: str | None, moved: int, since: float,
               seconds: float) -> tuple[float, float]:
    """Wait for the bot's answer to move ``moved`` while watching the table's lease: the seconds from
    ``since`` until another process than ``owner`` held it, and until the answer was heard."""
    claimed: float | None = None
    deadline = time.monotonic() + seconds
    while True:
        if claimed is None and lease(database, table) not in (None, owner):
            claimed = time.monotonic() - since
        if claimed is not None and (seat.latest["move"] > moved + 1 or ended(seat.latest)):
            return claimed, time.monotonic() - since
        assert time.monotonic() < deadline, f"no takeover within {seconds:g} s (lease holder claimed after " \
                                            f"{claimed} s): {brief(seat.latest)}\n{tails(*seat.logs)}"
        seat.hear(0.02)


def play_out(*seats: Seat, stall: float = 15) -> None:
    """Play random legal moves at every seat until every one has heard the game end; fails when no
    seat hears anything new for ``stall`` seconds (a move one process never heard of)."""
    heard, moved = [seat.latest.get("move") for seat in seats], time.monotonic()
    while not all(seat.latest.get("status") == "over" for seat in seats):
        if time.monotonic() - moved > stall:
            where = "; ".join(f"seat {n}: {brief(seat.latest)}, errors {seat.errors[-3:]}"
                              for n, seat in enumerate(seats))
            raise AssertionError(f"the game is stuck: nothing new for {stall:g} s: {where}\n{tails(*seats[0].logs)}")
        for seat in seats:
            if seat.my_turn():
                seat.act()
        for seat in seats:
            seat.hear(0.05)
        if (now := [seat.latest.get("move") for seat in seats]) != heard:
            heard, moved = now, time.monotonic()
    finals = [seat.latest for seat in seats]
    assert all(f["move"] == finals[0]["move"] and f["result"] == finals[0]["result"] for f in finals), \
        [brief(f) for f in finals]


# ---------------------------------------------------------------------- the tests


@pytest.mark.slow_tier  # an outage: servers killed, restarted, waited out (tens of seconds)
def test_kill_9_of_the_owner_hands_its_table_to_the_other_process_within_the_lease(
        postgres_url: str, database: Engine, tmp_path: Path) -> None:
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs) as [(one, a), (two, _)]:
        table, tokens = create(one, PERSON_VS_BOT)
        owner = lease(database, table)
        assert owner is not None, "the creating process holds the new table's lease"
        with seated(two, table, tokens["0"], random.Random(1), logs) as person:
            for _ in range(3):  # the person plays through B; A, the owner, answers for the bot
                bot_answers(person, person_moves(person), 15)
            person.until(person.my_turn, 15, "the person's turn before the kill")
            os.kill(a.pid, signal.SIGKILL)
            killed = time.monotonic()
            a.wait(10)
            moved = person_moves(person)  # B takes it at once, lease or not: the log orders moves
            accepted = time.monotonic() - killed
            claimed, answered = taken_over(person, database, table, owner, moved, killed, 30)
            print(f"\nkill -9 failover (lease_seconds={LEASE:g}), seconds after SIGKILL of the owner A: B took "
                  f"the person's move {accepted:.2f}, claimed the lease {claimed:.2f}, the bot's answer heard "
                  f"{answered:.2f}")
            play_out(person)


@pytest.mark.slow_tier  # an outage: servers killed, restarted, waited out (tens of seconds)
def test_a_process_whose_redis_went_away_catches_up_on_reconnecting_and_play_goes_on(
        postgres_url: str, tmp_path: Path) -> None:
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs) as [(one, _), (two, _)]:
        logs.append(broker.log)
        table, tokens = create(one, TWO_PEOPLE)
        rng = random.Random(2)
        with seated(one, table, tokens["0"], rng, logs) as zero, seated(two, table, tokens["1"], rng, logs) as first:
            movers = {step(zero, first) for _ in range(2)}
            while movers != {zero, first} or not zero.my_turn():  # moves from A heard on B, and from B on A
                movers.add(step(zero, first))
            broker.stop()
            stopped = time.monotonic()
            move = person_moves(zero)  # logged; its notification is lost
            print(f"\nwith Redis down, A took the move in {time.monotonic() - stopped:.2f} s")
            first.until(lambda s: s["move"] > move, FEW_SECONDS, "B reads A's move from the database")
            print(f"B read it {time.monotonic() - stopped:.2f} s after Redis went down")
            broker.start()
            deadline = time.monotonic() + 20
            while subscribers(broker) < 2:  # both listen again: from now on only a lost PUBLISH loses a move
                assert time.monotonic() < deadline, f"a process never subscribed again\n{tails(*logs)}"
                time.sleep(0.05)
            play_out(zero, first)  # B's first PUBLISH goes out on a connection the old Redis closed


def test_with_redis_down_a_person_on_one_process_plays_the_bot_of_the_other_and_chat_arrives(
        postgres_url: str, tmp_path: Path) -> None:
    """The audit's outage: the person on B, the bot's owner A, Redis down. Each process reads the tables it
    serves from the database while it cannot hear the other: the game goes on within seconds, a chat message
    written on B reaches A's spectator, and the creation limit (counted in the database) still holds."""
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs) as [(one, _), (two, _)]:
        table, tokens = create(one, CRIBBAGE_VS_BOT)  # A owns the table: A's bot answers
        with seated(two, table, tokens["0"], random.Random(5), logs) as person:
            person_moves(person)
            broker.stop()
            stopped, waits = time.monotonic(), []
            while time.monotonic() - stopped < REDIS_OUTAGE:  # the bot's turns, chance, the person's again
                began = time.monotonic()
                person.until(lambda s: ended(s) or person.my_turn(s), FEW_SECONDS, "the person's turn")
                waits.append(time.monotonic() - began)
                if ended(person.latest):  # (the rest of the outage is waited out: the processes stay deaf)
                    time.sleep(max(0.0, REDIS_OUTAGE - (time.monotonic() - stopped)))
                    break
                person_moves(person, FEW_SECONDS)
            with connect(f"{one.replace('http', 'ws', 1)}/ws/tables/{table}", open_timeout=30) as spectator:
                spectator.send(json.dumps({"type": "hello", "tokens": [], "chat": True}))  # reads A's chat
                spectator.recv(timeout=10)  # its first update: it is connected
                person.send({"type": "chat", "text": "still here"})
                said = time.monotonic()
                heard = False
                while not heard and time.monotonic() - said < FEW_SECONDS:
                    with contextlib.suppress(TimeoutError):
                        message = json.loads(spectator.recv(timeout=0.5))
                        heard = message["type"] == "chat" and any(m["text"] == "still here"
                                                                  for m in message["messages"])
            assert heard, f"A's spectator never got B's chat while Redis was down\n{tails(*logs)}"
            print(f"\nRedis down {time.monotonic() - stopped:.1f} s: {len(waits)} moves answered, the longest "
                  f"wait {max(waits, default=0):.2f} s; chat across {time.monotonic() - said:.2f} s")
            made = [httpx.post(f"{base}/api/tables", json=PERSON_VS_BOT, timeout=30).status_code
                    for base in (one, two) * 6]
            accepted = made.count(201)  # 9 when the first table, made before the outage, is still in the minute
            assert accepted in (9, 10) and made == [201] * accepted + [429] * (len(made) - accepted), made
            broker.start()
            for _ in range(3):  # and on once Redis is back (a whole game to 121 would take a minute)
                person.until(lambda s: ended(s) or person.my_turn(s), 20, "the person's turn after Redis came back")
                if ended(person.latest):
                    break
                person_moves(person)
            assert not person.errors, person.errors


def subscribers(server: RedisServer) -> int:
    """How many connections (server processes) listen on the tables' channel of ``server`` now."""
    with redis.Redis.from_url(server.url, socket_timeout=2) as client:
        return int(dict(client.pubsub_numsub(CHANNEL)).get(CHANNEL.encode(), 0))


@pytest.mark.slow_tier  # an outage: servers killed, restarted, waited out (tens of seconds)
def test_the_database_gone_during_a_bots_turn_delays_the_table_and_never_stops_it(
        postgres_url: str, database: Engine, tmp_path: Path) -> None:
    """The easy bot answers within milliseconds, faster than a test can cut a connection; a trigger
    holds the bot's insert in the database until the cut, so its write is surely the one that fails.
    The outage lasts ``OUTAGE`` seconds: several of the server's retries, growing to ``RETRY_MAX``."""
    logs = [tmp_path / "server.log"]
    with TcpProxy(address_of(postgres_url)) as proxy, \
            serving(postgres_url_via(proxy, postgres_url, connect_timeout=2), log=logs[0],
                    args=["--limit", f"lease_seconds={LEASE:g}", "--limit", f"retry_max_seconds={RETRY_MAX:g}",
                          *SAME_PRIORITY]) as (base, process):
        table, tokens = create(base, PERSON_VS_BOT)
        with seated(base, table, tokens["0"], random.Random(3), logs) as person:
            for _ in range(2):
                bot_answers(person, person_moves(person), 15)
            with database.begin() as connection:
                connection.execute(text(
                    "create function tabletop_test_hold_bot() returns trigger language plpgsql as $$ "
                    "begin if new.seat = 1 then perform pg_sleep(60); end if; return new; end $$"))
                connection.execute(text("create trigger hold_bot before insert on events for each row "
                                        "execute function tabletop_test_hold_bot()"))
            moved = person_moves(person)
            deadline = time.monotonic() + 15
            while not (held := _sleeping_backends(database)):  # the bot's insert is in the database, waiting
                assert time.monotonic() < deadline, f"the bot never wrote its move\n{tails(*logs)}"
                time.sleep(0.02)
            proxy.cut()
            cut = time.monotonic()
            with database.begin() as connection:  # the held insert dies with its connection, uncommitted
                for pid in held:
                    connection.execute(text("select pg_terminate_backend(:pid)"), {"pid": pid})
            with database.begin() as connection:
                connection.execute(text("drop trigger hold_bot on events"))
            assert logged_moves(database, table) == moved + 1, "the bot's move was not written"
            while (left := OUTAGE - (time.monotonic() - cut)) > 0:  # nothing can move while the database is gone
                person.hear(min(left, 1.0))
                assert person.latest["move"] == moved + 1, f"a move without a database?\n{tails(*logs)}"
            proxy.restore()
            restored = time.monotonic()
            bot_answers(person, moved, 30)
            print(f"\nthe bot's move came {time.monotonic() - restored:.2f} s after the database came back "
                  f"(it was gone {restored - cut:.1f} s)")
            assert "trying again" in logs[0].read_text(), f"the bot's write failed and was retried\n{tails(*logs)}"
            play_out(person)
        assert process.poll() is None, f"the server survived the outage\n{tails(*logs)}"
        reply = httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(tokens["0"]), timeout=10)
        assert reply.status_code == 200 and reply.json()["status"] == "over", reply.text
        assert httpx.get(f"{base}/api/games", timeout=10).status_code == 200


def _sleeping_backends(engine: Engine) -> list[int]:
    """The database's connections waiting in ``pg_sleep``: the bot's insert, held by the test's trigger."""
    with engine.connect() as connection:
        return [int(pid) for pid in connection.execute(text(
            "select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'"))
            .scalars()]


def test_an_undo_asked_on_one_process_is_agreed_on_the_other_and_both_see_the_move_taken_back(
        postgres_url: str, tmp_path: Path) -> None:
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs) as [(one, _), (two, _)]:
        table, tokens = create(one, TWO_PEOPLE)
        rng = random.Random(4)
        with seated(one, table, tokens["0"], rng, logs) as zero, seated(two, table, tokens["1"], rng, logs) as first:
            before = [seat.until(lambda s: playing(s) and s["move"] == 0, 15, "the game's start")
                      for seat in (zero, first)]
            assert zero.my_turn()
            move = person_moves(zero) + 1  # the table's move number after seat 0's first action
            first.until(lambda s: s["move"] == move, 15, "B hears seat 0's move")
            zero.send({"type": "undo", "move": move})
            asked = first.until(lambda s: s["undo"] is not None, 15, "B hears the undo request")
            assert asked["undo"]["seat"] == 0 and asked["undo"]["waiting"] == [1], asked["undo"]
            first.send({"type": "agree_undo"})
            for seat, start in zip((zero, first), before, strict=True):
                back = seat.until(lambda s: s["move"] > move, 15, "the move taken back")
                assert back["to_move"] == 0 and back["undo"] is None and back["log"] == [], brief(back)
                assert back["view"] == start["view"] and back["legal"] == start["legal"], brief(back)
            play_out(zero, first)


def test_a_clean_stop_hands_its_leases_back_and_the_other_process_goes_on_at_once(
        postgres_url: str, database: Engine, tmp_path: Path) -> None:
    lease_seconds = 12.0  # renewed every 4 s, a lease lapses 8 s after its owner's end at the soonest
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs, lease_seconds) as [(one, a), (two, _)]:
        table, tokens = create(one, PERSON_VS_BOT)
        owner = lease(database, table)
        with seated(two, table, tokens["0"], random.Random(5), logs) as person:
            for _ in range(2):
                bot_answers(person, person_moves(person), 15)
            person.until(person.my_turn, 15, "the person's turn before the stop")
            a.terminate()
            stopping = time.monotonic()
            a.wait(20)  # uvicorn stops gracefully, then ends by the signal it caught (code -15)
            stopped = time.monotonic() - stopping
            assert "Application shutdown complete" in logs[0].read_text(), f"A stopped cleanly\n{tails(*logs)}"
            assert lease(database, table) != owner, f"A handed its lease back as it stopped\n{tails(*logs)}"
            moved = person_moves(person)
            claimed, answered = taken_over(person, database, table, owner, moved, stopping, 30)
            print(f"\nclean stop (lease_seconds={lease_seconds:g}), seconds after SIGTERM to A: A had stopped "
                  f"{stopped:.2f}, B claimed the lease {claimed:.2f}, the bot's answer heard {answered:.2f}")
            assert claimed < lease_seconds * 2 / 3, f"B waited for the lease to lapse\n{tails(*logs)}"
            play_out(person)
