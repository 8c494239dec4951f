"""Results as the games state them (structured-events issue, item 6): a team's or a partnership's
win is a win for that side in every language — never "Tie: …", "Ничья между…", "Egalitate…" — and a
Cubulus cube in 3D is one WebGL canvas however fast updates arrive."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.live import Listed
from tests.web.pages import LANGUAGES, shot
from tests.web.play import create_table, finished_by_bots, move_number

TIES = ("Tie", "Ничья между", "Egalitate")
WINS = {"en": "win", "ru": "Победа", "ro": "Câștigă"}


def play_over_socket(base: str, created: dict[str, Any], actions: list[str]) -> None:
    """Play a hot-seat table to its end from Python: ``actions`` in order, each when the table asks."""
    table, tokens = created["table"]["id"], list(created["tokens"].values())
    listed = Listed()  # (an update leaves out the legal actions its seat was last listed)
    with connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        while True:
            message = listed.fill(json.loads(ws.recv(timeout=30)))
            if message.get("type") != "state":
                continue
            if message["status"] in ("over", "abandoned"):
                return
            if message["legal"] and actions:
                ws.send(json.dumps({"type": "act", "action": actions.pop(0), "move": message["move"]}))


def result_in(page: Any, base: str, table: str, lang: str) -> str:
    """The result line of a finished table, watched in ``lang``."""
    page.goto(f"{base}/#/")
    page.evaluate(f"localStorage.setItem('tabletop.lang', '{lang}')")
    page.goto(f"{base}/#/watch/{table}")
    page.reload()
    page.wait_for_function("() => document.querySelector('[data-testid=result]:not([hidden])')?.textContent.trim()")
    return str(page.locator("[data-testid=result]").inner_text())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kubik_team_win_names_the_team_and_its_players(page: Any, base_url: str, lang: str) -> None:
    seats = [{"kind": "local", "name": name} for name in ("Ann", "Bob", "Cleo", "Dan")]
    created = httpx.post(f"{base_url}/api/tables", json={
        "game": "kubik", "options": {"players": 4, "throws": "manual", "target": 5}, "seats": seats}).json()
    play_over_socket(base_url, created, ["first A", "throw", "out 6"])  # team A's first throw: +6 ≥ 5
    text = result_in(page, base_url, created["table"]["id"], lang)
    shot(page, f"result-kubik-team-{lang}")
    assert WINS[lang] in text and not any(tie in text for tie in TIES), text
    members = json.loads(httpx.get(f"{base_url}/api/tables/{created['table']['id']}").text)
    team_a = [seat["name"] for seat in members["seats"] if seat["seat"] in (0, 1)]  # A1, A2: the first seats
    assert all(name in text for name in team_a), (text, team_a)
    assert not page.errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_cribbage_partnership_win_is_a_win_for_the_partners(page: Any, base_url: str, lang: str) -> None:
    created = httpx.post(f"{base_url}/api/tables", json={
        "game": "cribbage", "options": {"players": 4, "target": 31},
        "seats": [{"kind": "bot", "bot": "random"}] * 4}).json()
    table = created["table"]["id"]
    finished_by_bots(base_url, table)
    text = result_in(page, base_url, table, lang)
    shot(page, f"result-cribbage-partners-{lang}")
    assert WINS[lang] in text and not any(tie in text for tie in TIES), text
    assert text.count("&") >= 1 or text.count(",") >= 1, text  # both partners are named


def test_one_cube_in_3d_however_fast_updates_come(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {}, ["you", "bot"])
    page.click("[data-action=view-3d]")
    page.wait_for_selector(".cube3d canvas", state="attached", timeout=30_000)
    for _ in range(6):  # set-up moves while the cube is live: each update must reuse the one canvas
        cells = page.locator("[data-action^='place ']")
        if not cells.count():
            break
        before = move_number(page)
        cells.first.click()
        page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)",
                               arg=before)  # the update is on screen
    assert page.locator(".cube3d canvas").count() == 1
    assert not page.errors
