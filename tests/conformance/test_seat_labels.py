"""One seat numbering in every refusal a person reads (issue 41, item 4).

A message names a seat by its label, ``seat 2`` for the second seat, as the browser and the terminal
show it (:meth:`tabletop.core.Game.seat_label`; Kubik's players by their K18 labels, ``B1``, as its
notation and log do); the 0-based index stays in the error's params for programs, and a number that is
an index is called one ("no seat has index 5"), never "seat 5". Each refusal that names a seat is
provoked here: every registered game's own (cribbage C5/C8, Cubulus U7/U13/U14), the core's for every
game (an action for the seat not to move, an ending naming a seat the game lacks, a batch's refused
action, a bad seat given to a view or an encoding), and the terminal's rendering of them. The referee's
reproduction, ``KH is not in seat 1's hand`` said of the second seat, is the cribbage case; the server's
refusals are in tests/server/test_seat_labels.py.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app
from tabletop.core import (
    Ending,
    IllegalActionError,
    Record,
    RecordError,
    State,
    TabletopError,
    ended_result,
    seat_label,
)
from tabletop.games.cribbage import Phase as CribbagePhase
from tabletop.games.cubulus import First
from tabletop.games.kubik import Intercept
from tabletop.interop.batches import batch_of
from tests.conformance.configs import BASE_OPTIONS

Refusal = tuple[TabletopError, str, int, str]
"""A refusal, the label it must name its seat by, that seat's index, and the param that keeps the index."""


def named_seats(text: str) -> list[int]:
    """The seat indices a message names by their labels: ``seat 2`` is index 1."""
    return [int(number) - 1 for number in re.findall(r"\bseat (\d+)", text)]


def assert_labelled(error: TabletopError, label: str, index: int, param: str) -> None:
    """``error`` names seat ``index`` by ``label`` and by no number, and keeps the index in ``params[param]``."""
    assert error.params[param] == index, (error.code, error.params)
    assert label in str(error), str(error)
    assert named_seats(str(error)) == ([index] if label == seat_label(index) else []), str(error)


def refused(state: State[Any], action: Any) -> TabletopError:
    """The refusal of ``action`` (its text, or the action itself) at ``state``."""
    with pytest.raises(TabletopError) as caught:
        state.apply(state.game.parse_action(action) if isinstance(action, str) else action)
    return caught.value


def played(state: State[Any], rng: random.Random, until: Callable[[State[Any]], bool]) -> State[Any]:
    """``state`` played on at random (chance drawn from ``rng``, the first legal action otherwise) until ``until``."""
    while not until(state):
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    return state


def beetle() -> Iterator[Refusal]:
    """B13: every turn of a player is a roll; a die face offered when seat 2 must roll is refused."""
    state = tabletop.load("beetle", players=2).initial_state().apply_text("roll").apply_text("4")
    assert state.current_player == 1
    yield refused(state, "4"), "seat 2", 1, "player"


def cribbage() -> Iterator[Refusal]:
    """C5, C8: a card not in the hand of the second seat, in the lay-away and in the play; a lay-away in
    the play (the core's refusal, naming the seat to move)."""
    rng = random.Random(3)
    state = played(tabletop.load("cribbage").initial_state(), rng,
                   lambda s: s.current_player == 1 and s.phase is CribbagePhase.DISCARD)
    held = sorted(str(card) for card in state.hands[1])
    stranger = next(text for text in ("AS", "AH", "AD", "AC", "2S") if text not in held)
    yield refused(state, f"discard {stranger} {held[0]}"), "seat 2", 1, "seat"
    state = played(state, rng, lambda s: s.current_player == 1 and s.phase is CribbagePhase.PLAY)
    held = sorted(str(card) for card in state.hands[1])
    stranger = next(text for text in ("AS", "AH", "AD", "AC", "2S", "2H") if text not in held)
    yield refused(state, stranger), "seat 2", 1, "seat"
    yield refused(state, f"discard {' '.join(held[:2])}"), "seat 2", 1, "player"


def cubulus() -> Iterator[Refusal]:
    """U13: the second seat places the neutral balls first; U14: it must move while it can; U7: a seat
    with no ball in hand only shifts."""
    state = tabletop.load("cubulus", players=2, first=0).initial_state()
    assert state.current_player == 1
    yield refused(state, "shift U102"), "seat 2", 1, "seat"
    for _ in range(9):
        state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    yield refused(state, "pass"), "seat 2", 1, "seat"
    latin = ("000", "012", "021", "102", "111", "120", "201", "210", "222")  # no square among them
    cells = {**{cell: 1 for cell in latin}, "101": 0, "100": 2}  # seat 2 (blue) has all 9 balls in the cube
    state = tabletop.load("cubulus", players=3).position(cells, to_move=1)
    yield refused(state, "insert U222"), "seat 2", 1, "seat"


def kubik() -> Iterator[Refusal]:
    """K6, K18: when team B throws first its B1 (the third seat of 2+2) chooses a throw; a declaration
    (``intercept A1``, ``pass``: K13) is refused naming B1, as the notation and the log name that player."""
    state = tabletop.load("kubik", **BASE_OPTIONS["kubik"]).initial_state().apply_text("first B")
    assert state.current_player == 2
    yield refused(state, "intercept A1"), "B1", 2, "player"
    yield refused(state, "pass"), "B1", 2, "player"


def pig() -> Iterator[Refusal]:
    """The test suite's sixth game (tests/plugin): the core's own refusal, for a game with no words of its own —
    holding before a roll, at the second seat's turn."""
    state = tabletop.load("pig").initial_state().apply_text("roll").apply_text("1")
    assert state.current_player == 1
    yield refused(state, "hold"), "seat 2", 1, "player"


GAMES: dict[str, Callable[[], Iterator[Refusal]]] = {
    "beetle": beetle, "cribbage": cribbage, "cubulus": cubulus, "kubik": kubik, "pig": pig}
"""Each game's refusals that name a seat (a game added to the registry must add its own: STYLE 19)."""


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_every_seat_has_a_label_of_its_own_that_is_not_its_index(name: str) -> None:
    """``seat 1`` … ``seat n`` (Kubik: ``A1`` … then ``B1`` …, K18), one per seat, at the most players."""
    spec = tabletop.REGISTRY[name].spec
    game = tabletop.load(name, **{**BASE_OPTIONS.get(name, {}), "players": spec.max_players})
    labels = [game.seat_label(seat) for seat in range(game.num_players)]
    assert len(set(labels)) == len(labels)
    assert all(named_seats(label) in ([], [seat]) for seat, label in enumerate(labels)), labels


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_a_games_refusals_name_the_seat_by_its_label_and_keep_its_index(name: str) -> None:
    refusals = list(GAMES[name]())
    assert refusals
    for error, label, index, param in refusals:
        assert_labelled(error, label, index, param)
        assert json.loads(json.dumps(error.to_data()))["params"][param] == index


def test_the_referees_cribbage_case_says_the_second_seat() -> None:
    """C8: a card played that is not in the second seat's hand is said to be not in seat 2's hand (the
    referee found "seat 1")."""
    error = next(error for error, _, _, param in cribbage() if param == "seat" and " " not in error.params["action"])
    assert f"is not in {seat_label(1)}'s hand" in str(error) and "seat 1" not in str(error)


def test_cubulus_names_the_seats_a_start_may_be_given_to_by_index_and_label() -> None:
    """U13: ``first`` takes a seat's index (an option, like the notation ``first 0``): its refusal calls the
    bad number an index and labels each allowed one."""
    with pytest.raises(TabletopError) as caught:
        tabletop.load("cubulus", players=2, first=2)
    error = caught.value
    assert error.params == {"first": 2, "players": 2}
    assert "no seat has index 2" in str(error) and "0 (seat 1), 1 (seat 2)" in str(error)
    first = refused(tabletop.load("cubulus", players=2).initial_state(), First(2))
    assert (first.code, first.params["seat"]) == ("no_seat", 2) and "no seat has index 2" in str(first)
    assert not named_seats(str(first))
    with pytest.raises(TabletopError, match="to_move=5: no seat has index 5") as caught:
        tabletop.load("cubulus", players=3).position({}, to_move=5)
    assert caught.value.params["to_move"] == 5


def test_kubik_names_its_players_by_their_labels_in_notation() -> None:
    """K18: players are A1, A2, B1, B2 in the notation (``intercept B2``); a label the game lacks is refused
    in those words, with no seat number."""
    game = tabletop.load("kubik", **BASE_OPTIONS["kubik"])
    with pytest.raises(TabletopError, match="no player B3; players are A1, A2, B1, B2") as caught:
        game.parse_action("intercept B3")
    assert not named_seats(str(caught.value))
    with pytest.raises(ValueError, match="no seat has index 9"):
        game.encoding().action_index(Intercept(9))


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_a_seat_the_game_lacks_is_called_an_index(name: str) -> None:
    """A view or an observation asked for a seat the game lacks: the number is the caller's index."""
    game = tabletop.load(name, **BASE_OPTIONS.get(name, {}))
    n = game.num_players
    state = game.initial_state()
    with pytest.raises(ValueError, match=f"no seat has index {n}; the {n} seats have indices 0–{n - 1}"):
        state.view(n)
    if game.encoding_type is not None:
        with pytest.raises(ValueError, match=f"no seat has index {n}"):
            game.encoding().observe(state.view(0), n)


@pytest.mark.parametrize("name", [name for name, game in tabletop.REGISTRY.items() if game.batch_type is not None])
def test_a_batchs_refusal_names_the_seat_to_move_by_its_label(name: str) -> None:
    game = tabletop.load(name, **BASE_OPTIONS.get(name, {}))
    batch = batch_of(game, 2)  # its own kernel, or (cribbage without the compiled extra) a table a game
    batch.reset(np.ones(2, dtype=np.bool_), np.random.default_rng(0))
    seat = int(batch.current_players()[1])
    illegal = int(np.flatnonzero(batch.legal_masks()[1] == 0)[0])
    actions = np.array([int(np.flatnonzero(batch.legal_masks()[0])[0]), illegal])
    with pytest.raises(IllegalActionError) as caught:
        batch.apply(actions, np.ones(2, dtype=np.bool_), np.random.default_rng(0))
    assert caught.value.params == {"row": 1, "index": illegal, "player": seat}
    assert named_seats(str(caught.value)) == [seat]


def test_an_ending_naming_a_seat_the_game_lacks_calls_it_an_index() -> None:
    """An ending's text (``resigned 1``) is a record format that numbers seats by index: its refusal says so."""
    state = tabletop.load("cubulus", players=3).initial_state()
    with pytest.raises(RecordError) as caught:
        ended_result(state, Ending("resigned", (5,)))
    assert caught.value.params == {"index": None, "seat": 5, "players": 3}
    assert "no seat has index 5; the 3 seats have indices 0–2" in str(caught.value)
    assert not named_seats(str(caught.value))
    with pytest.raises(RecordError, match="'resigned 1' for seat 2"):
        Ending.parse("resigned one")


def test_the_terminal_shows_the_label(tmp_path: Path) -> None:
    """``tabletop replay`` prints a refused record's reason as the library words it: the label."""
    runner = CliRunner()
    path = tmp_path / "record.json"
    path.write_text(Record("beetle", {"players": 2}, ("roll", "4", "4")).to_json())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and "4: not legal for seat 2 here; legal: roll" in result.stderr
    path.write_text(Record("beetle", {"players": 2}, ()).to_json()[:-1] + ', "ending": "resigned 5"}')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and "no seat has index 5" in result.stderr and not named_seats(result.stderr)


def test_an_environments_refusal_names_the_seat_by_its_label() -> None:
    """The Gymnasium/PettingZoo table refuses an action index for the seat to move by its label."""
    pytest.importorskip("gymnasium")
    from tabletop.interop.common import Table

    table = Table(tabletop.load("cubulus", players=2, first=0))
    table.reset(0)
    seat = table.state.current_player
    illegal = int(np.flatnonzero(table.legal_mask() == 0)[0])
    with pytest.raises(IllegalActionError) as caught:
        table.action(illegal)
    assert caught.value.params["player"] == seat and named_seats(str(caught.value)) == [seat]
