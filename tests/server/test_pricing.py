"""Expensive answers and the lobby, priced (server hardening round three, #42 items 3 and 4).

Item 3: a blunder list is one job per (table, seat) whatever threshold is asked, its work is capped, and
the coach of a seat to move has a lane of its own in the expensive-work pool — a flood of blunder lists
and replays from eight addresses against a real server process leaves it answering in its own time.
Item 4: the lobby is read from the database once per page a second however many addresses ask (the
statements are counted on the store's engine), a change shows within that second and a table created
here at once, and a client asking for ever new pages pays for each read.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.server import create_app
from tabletop.server.coach import blunders_job
from tabletop.server.process import serving
from tests.server.live import (
    SAME_PRIORITY,
    act,
    bearer,
    create,
    from_address,
    hot_seat_cribbage,
    settings_for_tests,
    statements,
)
from tests.server.live import create_over_http as create_live

HOT_SEAT = [{"kind": "local"}, {"kind": "local"}]
FLOODERS = tuple(f"127.0.0.{n}" for n in range(2, 10))
"""Eight addresses: eight clients, each with its own rates and its own share of the expensive pool."""


# ---------------------------------------------------------------------- 3. blunder lists: one job, bounded


def test_every_threshold_is_read_from_one_rating_of_the_seats_decisions(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        table, tokens, seat = hot_seat_cribbage(client)
        asked = client.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)]))
        advice = asked.json()["advice"]
        worst = min(advice["actions"], key=lambda a: advice["actions"][a]["net"])
        cost = advice["actions"][advice["best"]]["net"] - advice["actions"][worst]["net"]
        act(client, table, tokens[str(seat)], worst)
        assert client.post(f"/api/tables/{table}/abandon", headers=bearer(tokens["0"])).status_code == 200
        heavy = client.app.state.hub.heavy  # type: ignore[attr-defined]
        jobs = len(heavy)
        lists = {}
        for threshold in (None, 0.5, 0.123456789, 0.0, cost - 1e-3, cost + 1e-3, 999.0):
            params = {"seat": seat, **({"threshold": threshold} if threshold is not None else {})}
            answer = client.get(f"/api/tables/{table}/blunders", params=params)
            assert answer.status_code == 200, answer.text
            lists[threshold] = [b["action"] for b in answer.json()["blunders"]]
        assert len(heavy) == jobs + 1  # seven thresholds, one rating of the seat's decisions
        assert lists[None] == lists[0.5] == lists[0.0] == lists[cost - 1e-3] == [worst]
        assert lists[cost + 1e-3] == lists[999.0] == []
        for text in ("nan", "inf", "-1", "1000.5"):
            refused = client.get(f"/api/tables/{table}/blunders", params={"seat": seat, "threshold": text})
            assert (refused.status_code, refused.json()["code"]) == (422, "bad_threshold"), refused.text


def test_a_blunder_list_stops_at_its_cpu_budget_and_says_so() -> None:
    game = tabletop.load("cubulus")
    state, rng, record = game.initial_state(), random.Random(4), []
    while not state.is_terminal:
        legal = None if state.is_chance else state.legal_actions()
        action = state.sample_chance(rng) if legal is None else legal[rng.randrange(len(legal))]
        record.append(str(action))
        state = state.apply(action)
    # a budget no decision fits in: the first decision with a choice is the last one begun
    cut = blunders_job("cubulus", "{}", record, 0, seconds=0.0)
    assert cut["truncated"] and cut["rated"] <= 1, cut
    whole = blunders_job("cubulus", "{}", record, 0, seconds=600.0)  # (the default 3 s may not cover a game)
    assert not whole["truncated"] and whole["rated"] > cut["rated"]


# ---------------------------------------------------------------------- 3. the coach under a flood


def seat_to_move(base: str, table: str, tokens: list[str]) -> dict[str, Any]:
    """The update of the seat to move at a hot-seat table (waiting while chance draws)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for token in tokens:
            asked = politely(lambda token=token: httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(token)))
            update: dict[str, Any] = asked.json()
            assert asked.status_code == 200, update
            if update["legal"]:
                return {**update, "token": token}
        time.sleep(0.1)
    raise AssertionError(f"nobody is to move at {table}")


def play(base: str, table: str, update: dict[str, Any], action: str) -> None:
    body = {"token": update["token"], "action": action, "move": update["move"]}
    acted = politely(lambda: httpx.post(f"{base}/api/tables/{table}/act", json=body, timeout=60))
    assert acted.status_code == 200, acted.text


def politely(ask: Callable[[], httpx.Response]) -> httpx.Response:
    """``ask()``, asked again after its ``Retry-After`` while it is refused for asking too often (this
    script plays faster than the 30 requests a second one client may make)."""
    while (answer := ask()).status_code == 429 and answer.json()["code"] == "too_many_requests":
        time.sleep(float(answer.headers.get("Retry-After", 1)))
    return answer


def coached(base: str, table: str, tokens: list[str], rng: random.Random) -> tuple[float, httpx.Response]:
    """The coach asked by the seat to move (a new position each time: a move is made after), timed."""
    update = seat_to_move(base, table, tokens)
    began = time.perf_counter()
    answer = httpx.get(f"{base}/api/tables/{table}/coach", params={"seat": update["to_move"]},
                       headers=bearer(update["token"]), timeout=120)
    took = time.perf_counter() - began
    play(base, table, update, rng.choice(update["legal"]))
    return took, answer


async def flood(base: str, address: str, finished: list[tuple[str, int]], stop: threading.Event,
                tally: Counter[str]) -> None:
    """Three requests at a time from ``address``: blunder lists with a new threshold each time and replays
    of any move, never waiting for ``Retry-After``; each answer counted by kind, status and code."""
    rng = random.Random(address)
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(transport=transport, timeout=120) as client:
        async def one_after_another() -> None:
            while not stop.is_set():
                table, moves = rng.choice(finished)
                kind = "blunders" if rng.random() < 0.5 else "replay"
                params = {"seat": rng.randrange(2), "threshold": f"{rng.uniform(0, 1):.9f}"}
                try:
                    answer = await (client.get(f"{base}/api/tables/{table}/blunders", params=params) if
                                    kind == "blunders" else
                                    client.get(f"{base}/api/tables/{table}/replay/{rng.randrange(moves + 1)}"))
                except httpx.HTTPError:  # the server stopped under it: the test is over
                    return
                code = answer.json().get("code", "") if answer.status_code != 200 else ""
                tally[f"{kind} {answer.status_code} {code}".strip()] += 1

        await asyncio.gather(*(one_after_another() for _ in range(3)))


@contextmanager
def flooding(base: str, finished: list[tuple[str, int]]) -> Iterator[Counter[str]]:
    """Every address of :data:`FLOODERS` flooding for the block (from a thread with its own event loop);
    the requests still going when it ends are left to the server's stop."""
    stop, tally = threading.Event(), Counter[str]()

    async def everyone() -> None:
        await asyncio.gather(*(flood(base, address, finished, stop, tally) for address in FLOODERS))

    thread = threading.Thread(target=asyncio.run, args=(everyone(),), daemon=True)
    thread.start()
    try:
        yield tally
    finally:
        stop.set()


@pytest.mark.slow
def test_a_live_players_coach_answers_in_its_own_time_while_eight_addresses_flood_the_pool(tmp_path: Path) -> None:
    """The audit's case: blunder lists (each a job of seconds) and replays from eight addresses filled the
    one pool the coach shared with them; the coach took 40 s or got 503s. Now it has a lane of its own."""
    args = ["--limit", "creations_per_minute=1000", "--limit", "bot_table_move_seconds=0", *SAME_PRIORITY]
    log = tmp_path / "server.log"
    with serving(f"sqlite:///{tmp_path / 'live.db'}", args=args, log=log) as (base, server):
        bots = [create_live(base, {"game": "cubulus", "seats": [{"kind": "bot", "bot": "random"}] * 2})["table"]["id"]
                for _ in range(len(FLOODERS))]  # random bots: they play to the end at once
        person = create_live(base, {"game": "cubulus", "seats": HOT_SEAT})
        table, tokens = person["table"]["id"], list(person["tokens"].values())
        while (update := seat_to_move(base, table, tokens))["view"]["phase"] != "play":  # the neutral balls first
            play(base, table, update, update["legal"][0])
        rng = random.Random(7)
        coached(base, table, tokens, rng)  # the coach's worker loads the game's tables once
        finished = []
        for bot_table in bots:
            while (line := httpx.get(f"{base}/api/tables/{bot_table}").json())["status"] != "over":
                time.sleep(0.1)
            finished.append((bot_table, int(line["moves"])))

        alone = [coached(base, table, tokens, rng) for _ in range(2)]
        with flooding(base, finished) as tally:
            time.sleep(1.0)  # every address has its jobs going
            during = [coached(base, table, tokens, rng) for _ in range(2)]
            flooded = dict(tally)
            server.kill()  # a graceful stop would wait for the many seconds of blunder lists the flood queued

    said = log.read_text(errors="replace")[-3000:]
    assert all(answer.status_code == 200 for _, answer in alone + during), [a.text for _, a in alone + during]
    assert all(answer.json()["advice"]["kind"] == "move" for _, answer in during)
    typical = statistics.mean(took for took, _ in alone)
    worst = max(took for took, _ in during)
    assert worst <= max(3 * typical, typical + 2.0), (typical, worst, flooded, said)
    # the pool held the flood's jobs while the coach was asked: each address was refused more at once
    assert flooded.get("blunders 429 too_many_heavy", 0) + flooded.get("replay 429 too_many_heavy", 0) > 0, flooded
    print(f"coach alone {[round(t, 2) for t, _ in alone]} s, under the flood {[round(t, 2) for t, _ in during]} s; "
          f"the flood's answers meanwhile {json.dumps(flooded)}")


# ---------------------------------------------------------------------- 4. the lobby from memory


@contextmanager
def counted_lobby_queries(client: TestClient) -> Iterator[list[str]]:
    """The lobby's statements the database is sent, as they are sent."""
    with statements(client, lambda statement: statement.lstrip().upper().startswith("SELECT")
                    and "ORDER BY game_tables.active_at DESC" in statement) as sent:
        yield sent


def test_lobby_pages_asked_from_ten_addresses_are_read_from_the_database_once(database_url: str) -> None:
    # pages kept a minute here: what is counted is who shares a read, whatever the machine's speed
    with TestClient(create_app(settings_for_tests(database_url, lobby_cache_seconds=60))) as client:
        tables = [create(client, game, HOT_SEAT)["table"]["id"] for game in ("cubulus", "cribbage", "cubulus")]
        people = [from_address(client, f"127.0.0.{n}") for n in range(2, 12)]
        with counted_lobby_queries(client) as sent:
            first = client.get("/api/tables").json()
            one_read = len(sent)
            pages = [person.get("/api/tables").json() for _ in range(3) for person in people]
            assert one_read >= 1 and len(sent) == one_read, sent  # 30 more pages, no statement more
            # a table made by one of them: that client's next page is read again and lists it; that newer
            # read is kept for the others (nothing is thrown away: a busy server makes tables every second)
            made = create(people[0], "cribbage", HOT_SEAT)["table"]["id"]
            assert made in [t["id"] for t in people[0].get("/api/tables").json()["tables"]]
            assert all(made in [t["id"] for t in person.get("/api/tables").json()["tables"]] for person in people)
            assert len(sent) == 2 * one_read
        assert {table["id"] for table in first["tables"]} == set(tables)
        assert all(page["tables"] == first["tables"] and page["next"] == first["next"] for page in pages)
        stamps = [datetime.fromisoformat(page["now"]) for page in (first, *pages)]
        assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)  # each answer says its own time
        assert client.app.state.lobby.reads == 2  # type: ignore[attr-defined]


def test_a_change_shows_in_the_lobby_within_a_second_and_a_table_made_here_at_once(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        created = create(client, "cubulus", HOT_SEAT)
        table, token = created["table"]["id"], created["tokens"]["0"]

        def line() -> dict[str, Any]:
            listed = client.get("/api/tables").json()["tables"]
            return next(t for t in listed if t["id"] == table)

        before = line()["moves"]
        made = create(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
        assert made in [t["id"] for t in client.get("/api/tables").json()["tables"]]  # at once, not in a second
        joined = client.post(f"/api/tables/{made}/join", json={"name": "Ann"})
        assert joined.status_code == 200, joined.text
        seats = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == made)["seats"]
        assert all(seat["joined"] for seat in seats)  # a seat taken here shows at once too
        update = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
        acted = client.post(f"/api/tables/{table}/act",
                            json={"token": token, "action": update["legal"][0], "move": update["move"]})
        assert acted.status_code == 200, acted.text
        changed = time.monotonic()
        line()  # (perhaps the page read before the move, kept a second)
        time.sleep(max(0.0, changed + client.app.state.hub.limits.lobby_cache_seconds - time.monotonic()))  # type: ignore[attr-defined]
        assert line()["moves"] > before  # the cache's lifetime later, the move is listed


def test_a_client_asking_for_new_pages_pays_a_read_for_each_and_kept_pages_are_free(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, lobby_reads_per_second=3))) as client:
        for game in ("cubulus", "cribbage", "cubulus", "kubik"):
            create(client, game, HOT_SEAT)
        greedy, other = from_address(client, "127.0.0.2"), from_address(client, "127.0.0.3")
        assert [greedy.get("/api/tables", params={"limit": n}).status_code for n in (1, 2, 3)] == [200] * 3
        refused = greedy.get("/api/tables", params={"limit": 4})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_lobby_reads", refused.text
        assert refused.json()["params"] == {"limit": 3, "retry_after": 1} and refused.headers["retry-after"] == "1"
        assert greedy.get("/api/tables", params={"limit": 2}).status_code == 200  # read a moment ago: free
        assert other.get("/api/tables", params={"limit": 4}).status_code == 200  # another client, its own reads


def test_lobby_pages_count_as_expensive_requests_and_creations_do_not(sqlite_url: str) -> None:
    """Even from memory a page of 100 tables is tens of kB to answer: ten addresses asking as fast as their
    ordinary rate allows (30 a second each) moved other tables' p99 by 20 ms; at the expensive rate, little."""
    with TestClient(create_app(settings_for_tests(sqlite_url, expensive_per_second=2))) as client:
        answers = [client.get("/api/tables") for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].json()["code"] == "too_many_expensive" and "lobby" in answers[2].json()["detail"]
        assert create(client, "cubulus", HOT_SEAT)["table"]["id"]  # a POST to the same path is no page
