"""Kubik's events by rule number (K5–K20): what each action emits, as data in the game's vocabulary,
and the result as a team's win (K11) or a draw at the throw limit. Played mostly in scorekeeper mode
(throws=manual), where outcomes are entered and nothing is simulated."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import RESULT_KINDS, SPECTATOR, Event
from tabletop.games.kubik import KubikState
from tabletop.games.kubik.phases import WHYS
from tests.games.kubik.games import manual, play

OLD_PROSE = ("on top", "stayed in", "interception:", "interception missed", "×", "→")  # the old ``why`` strings




def data(state: KubikState) -> list[dict[str, Any]]:
    return [e.to_data() for e in state.events()]


def started(**options: object) -> KubikState:
    return play(manual(**options).initial_state(), "first A")


def test_nothing_has_happened_at_the_start() -> None:
    state = manual().initial_state()
    assert state.events() == () and state.result() is None and state.announcements() == []


def test_k5_the_lot_says_which_team_throws_first() -> None:
    """K5: the lot is chance's action: ``lot`` with the team's letter."""
    state = play(manual().initial_state(), "first B")
    assert data(state) == [{"kind": "lot", "team": "B", "action": True}]
    assert state.game.event_text(state.events()[0]) == "the lot: team B throws first"


def test_k6_a_throw_states_its_choices() -> None:
    """K6: a simulated throw's event names the thrower (seat, label, team) and every choice as numbers."""
    game = tabletop.load("kubik", throws="calibrated", teams="2+1", players=3)
    state = play(game.initial_state(), "first B", "throw A pos +0.5 aim -2 power 12 spin 4")  # type: ignore[arg-type]
    assert data(state) == [{"kind": "throw", "seat": 2, "player": "B1", "team": "B", "line": "A", "pos": 0.5,
                            "aim": -2.0, "power": 12.0, "spin": 4.0, "action": True}]
    assert game.event_text(state.events()[0]) == "B1 throws from line A (at +0.5 m, aim -2°, 12 m/s, 4 turns/s)"


def test_k20_a_throw_on_a_real_field() -> None:
    """K20: in scorekeeper mode the throw happens on the field: ``throw_real`` names only the thrower."""
    state = play(started(players=4), "throw")
    assert data(state) == [{"kind": "throw_real", "seat": 0, "player": "A1", "team": "A", "action": True}]


def test_k7_out_scores_the_face_on_top_with_the_teams_new_score() -> None:
    """K7: ``cube_out`` with the faces, then ``points`` with the why code, the face and the new score."""
    state = play(started(), "throw", "out 6")
    assert data(state) == [
        {"kind": "cube_out", "seat": 0, "player": "A1", "team": "A", "top": 6, "front": None, "seen": False,
         "action": True},
        {"kind": "points", "team": "A", "points": 6, "why": "out", "top": 6, "score": 6},
    ]
    state = play(state, "throw", "miss", "throw", "out 4")
    assert data(state)[1] == {"kind": "points", "team": "A", "points": 4, "why": "out", "top": 4, "score": 10}
    assert state.announcements() == ["team A +4 (out with 4 on top) → 10"]


def test_k9_in_scores_nothing_and_a_miss_costs_five() -> None:
    """K9: ``cube_in`` (no face known on a real field) scores 0; ``miss`` costs 5, the score may go negative."""
    state = play(started(), "throw", "in")
    assert data(state) == [
        {"kind": "cube_in", "seat": 0, "player": "A1", "team": "A", "top": None, "front": None, "seen": False,
         "action": True},
        {"kind": "points", "team": "A", "points": 0, "why": "in", "score": 0},
    ]
    state = play(state, "throw", "miss")
    assert data(state) == [
        {"kind": "miss", "seat": 2, "player": "B1", "team": "B", "seen": False, "action": True},
        {"kind": "points", "team": "B", "points": -5, "why": "miss", "score": -5},
    ]
    assert state.announcements() == ["team B -5 (a miss) → -5"]


def test_k13_k19_who_stands_to_intercept_or_nobody() -> None:
    """K13, K19: the other team's declaration: ``stands`` names the interceptor, ``nobody_stands`` the team."""
    state = started(interception=True)
    stands = play(state, "intercept B2")
    assert data(stands) == [{"kind": "stands", "seat": 3, "player": "B2", "team": "B", "action": True}]
    nobody = play(state, "pass")
    assert data(nobody) == [{"kind": "nobody_stands", "team": "B", "action": True}]
    assert nobody.game.event_text(nobody.events()[0]) == "team B: nobody stands to intercept"


def test_k19_the_crossing_then_strike_or_hold() -> None:
    """K19: ``cross`` says where the cube crossed and how it moved (nothing of how it ends); the
    interceptor throws (``strike``), or where the table allows it holds back (``hold``)."""
    state = play(started(interception=True, hold_back=True), "intercept B1", "throw")
    crossing = state.apply(state.game.parse_action("cross at +0.300,+1.450 moving +0.40,+3.00"))
    assert isinstance(crossing, KubikState)
    assert data(crossing) == [{"kind": "cross", "seat": 0, "player": "A1", "team": "A", "x": 0.3, "y": 1.45,
                               "vx": 0.4, "vy": 3.0, "seen": False, "action": True}]
    struck = play(crossing, "strike")
    assert data(struck) == [{"kind": "strike", "seat": 2, "player": "B1", "team": "B", "action": True}]
    held = play(crossing, "hold")
    assert data(held) == [{"kind": "hold", "seat": 2, "player": "B1", "team": "B", "action": True}]
    ended = play(held, "out 3")  # the throw runs on and scores as usual
    assert data(ended)[1] == {"kind": "points", "team": "A", "points": 3, "why": "out", "top": 3, "score": 3}


def test_k14_an_interception_hit_scores_double_for_the_interceptors() -> None:
    """K14: ``intercept_hit`` names the interceptor; the throwers score 0 (intercepted), the interceptors
    twice the face (interception), each with its team's new score."""
    state = play(started(interception=True), "intercept B1", "throw", "cross", "strike", "hit 3")
    assert data(state) == [
        {"kind": "intercept_hit", "seat": 2, "player": "B1", "team": "B", "top": 3, "front": None, "seen": False,
         "action": True},
        {"kind": "points", "team": "A", "points": 0, "why": "intercepted", "top": 3, "score": 0},
        {"kind": "points", "team": "B", "points": 6, "why": "interception", "top": 3, "score": 6},
    ]
    assert state.announcements() == ["team A +0 (intercepted) → 0", "team B +6 (interception: 3 × 2) → 6"]


def test_k15_a_missed_interception_costs_ten_then_the_throw_scores() -> None:
    """K15: ``intercept_miss`` and −10 for the interceptors at once; the throw's own end follows."""
    state = play(started(interception=True), "intercept B1", "throw", "cross", "strike", "miss")
    assert data(state) == [
        {"kind": "intercept_miss", "seat": 2, "player": "B1", "team": "B", "seen": False, "action": True},
        {"kind": "points", "team": "B", "points": -10, "why": "interception_missed", "score": -10},
    ]
    state = play(state, "out 5")
    assert [e["kind"] for e in data(state)] == ["cube_out", "points"]
    assert data(state)[1]["score"] == 5


def test_k17_a_cube_that_stays_in_is_recentred_only_with_the_option() -> None:
    """K17: with ``recentre`` a cube that stayed in goes back to the small circle: ``recentred``, after
    the points; without it nothing more happens (and an out always goes back, K8: no event)."""
    assert [e["kind"] for e in data(play(started(), "throw", "in"))] == ["cube_in", "points"]
    state = play(started(recentre=True), "throw", "out 4", "throw", "in")
    assert [e["kind"] for e in data(state)] == ["cube_in", "points", "recentred"]
    assert data(state)[2] == {"kind": "recentred", "top": 4}
    assert [e["kind"] for e in data(play(started(recentre=True), "throw", "out 4"))] == ["cube_out", "points"]


def test_k20_outcomes_people_saw_in_a_simulated_game_are_marked_seen() -> None:
    """K20: an outcome people entered in a physics game (``seen out 4``) carries ``seen``: true (no
    simulation is run for it)."""
    game = tabletop.load("kubik", players=2)
    state = play(game.initial_state(), "first A", "throw A pos 0 aim 0 power 12 spin 4", "seen out 4/2")  # type: ignore[arg-type]
    assert data(state)[0] == {"kind": "cube_out", "seat": 0, "player": "A1", "team": "A", "top": 4, "front": 2,
                              "seen": True, "action": True}
    assert game.event_text(state.events()[0]) == "the cube flies out of the circle: 4 on top (as seen)"


def test_k11_the_team_that_reaches_the_target_wins_with_its_seats() -> None:
    """K11, K16: the result names the team (``side`` A or B) and all its seats, with the final scores."""
    state = play(started(teams="2+3", players=5, target=10), "throw", "out 6")
    assert state.result() is None
    state = play(state, "throw", "miss", "throw", "out 5")
    assert state.is_terminal
    result = state.result()
    assert result is not None and result.to_data() == {
        "kind": "game_won", "side": "A", "members": [0, 1], "why": "target", "scores": {"A": 11, "B": -5}}
    assert "throw_limit" not in [e["kind"] for e in data(state)]
    state = play(started(teams="2+3", players=5, target=6, interception=True), "pass", "throw", "in",
                 "intercept A2", "throw", "cross", "strike", "hit 4")
    result = state.result()
    assert result is not None and result["side"] == "A" and result["members"] == [0, 1]
    state = play(started(teams="2+3", players=5, target=5), "throw", "miss", "throw", "out 5")
    result = state.result()
    assert result is not None and result["side"] == "B" and result["members"] == [2, 3, 4]


def test_the_throw_limit_ends_the_game_the_higher_score_winning_or_a_draw() -> None:
    """At ``max_throws`` a ``throw_limit`` event ends the game: the higher score wins, equal scores draw."""
    state = play(started(max_throws=2), "throw", "out 3", "throw")
    assert state.result() is None
    won = play(state, "out 2")
    assert data(won)[-1] == {"kind": "throw_limit", "throws": 2}
    assert won.result() == Event("game_won", {"side": "A", "members": [0, 1], "why": "throw_limit",
                                              "scores": {"A": 3, "B": 2}})
    drawn = play(state, "out 3")
    result = drawn.result()
    assert result is not None and result.to_data() == {"kind": "game_drawn", "why": "throw_limit",
                                                       "scores": {"A": 3, "B": 3}}
    assert drawn.returns() == (0.0,) * 4
    assert drawn.game.event_text(result) == "a draw, 3–3"


def test_no_english_in_the_rule_state() -> None:
    """The points a state keeps (its view's ``scored``) are codes and numbers, and a view rebuilds the
    state with them."""
    state = play(started(interception=True), "intercept B1", "throw", "cross", "strike", "hit 3")
    view = state.view(0)
    assert view["scored"] == [{"team": 0, "points": 0, "why": "intercepted", "top": 3},
                              {"team": 1, "points": 6, "why": "interception", "top": 3}]
    text = json.dumps(view)
    assert not any(phrase in text for phrase in OLD_PROSE)
    rebuilt = state.game.state_from_view(view, random.Random(0))
    assert rebuilt == state and rebuilt.view(0) == view and rebuilt.scored == state.scored


def test_a_simulated_throws_events_are_plain_json() -> None:
    """K20: a physics outcome's event holds plain numbers (faces as ints), nothing of the trajectory."""
    game = tabletop.load("kubik", players=2, skill=1.0)
    state = play(game.initial_state(), "first A", "throw A pos 0 aim 0 power 12 spin 4")  # type: ignore[arg-type]
    after = state.apply(state.sample_chance(random.Random(3)))
    assert isinstance(after, KubikState)
    for entry in data(after):
        assert json.loads(json.dumps(entry)) == entry
        for value in entry.values():
            assert value is None or type(value) in (bool, int, float, str)


def _check_step(before: KubikState, after: KubikState) -> None:
    game = after.game
    events = after.events()
    assert events and events[0].action and not any(e.action for e in events[1:])
    scores = list(before.scores)
    for e in events:
        assert e.kind in game.spec.events, e.kind
        assert e.seats is None  # everything on a field is public
        assert "seats" not in e.params
        assert json.loads(json.dumps(e.to_data())) == e.to_data()
        text = game.event_text(e)
        assert isinstance(text, str) and text and not text.startswith(e.kind + ":")
        if e.kind == "points":
            assert e["why"] in WHYS
            team = "AB".index(e["team"])
            scores[team] += e["points"]
            assert e["score"] == scores[team]
    assert tuple(scores) == after.scores  # the points events account for every change of score
    assert after.announcements(SPECTATOR) == [game.event_text(e) for e in events[1:]]
    assert after.announcements(0) == after.announcements(SPECTATOR)


@pytest.mark.parametrize("options", [
    {"throws": "manual", "interception": True, "recentre": True},
    {"throws": "manual", "teams": "3+2", "players": 5, "interception": True, "max_throws": 12},
    {"throws": "calibrated", "players": 2, "interception": True, "target": 12, "max_throws": 20},
])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_events_of_random_play(options: dict[str, Any], seed: int) -> None:
    """Random legal play: every event is a declared kind, JSON-ready and written out in English; the
    points events account for every score; ``result`` is None until the end, then a result kind."""
    rng = random.Random(seed)
    game = tabletop.load("kubik", **{"max_throws": 30, **options})
    state = game.initial_state()
    assert isinstance(state, KubikState)
    while not state.is_terminal:
        assert state.result() is None
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        after = state.apply(action)
        assert isinstance(after, KubikState)
        _check_step(state, after)
        state = after
    result = state.result()
    assert result is not None and result.kind in RESULT_KINDS and result.kind != "game_shared"
    assert json.loads(json.dumps(result.to_data())) == result.to_data()
    assert game.event_text(result)
    if result.kind == "game_won":
        team = "AB".index(result["side"])
        assert result["members"] == [s for s in range(game.num_players) if game.team_of(s) == team]
        assert all(state.returns()[s] == 1.0 for s in result["members"])
    else:
        assert state.scores[0] == state.scores[1]
