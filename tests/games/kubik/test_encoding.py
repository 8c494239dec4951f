"""Kubik's numeric form (docs/encodings-cubulus-kubik.md): the thrower's grid as indices, outcome classes
as chance outcomes, views as vectors relative to the observer.

Rule numbers are Kubik's K1–K21 (docs/kubik.md). Random play uses the calibrated model and the
scorekeeper mode (fast); the physics gets one short game.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import SampledChanceError
from tabletop.games.kubik import FirstTeam, Intercept, Kubik, KubikState, Outcome, Phase, Throw, ThrowChoice
from tabletop.games.kubik.encoding import CHANCE_OUTCOMES, GRID, KubikEncoding
from tabletop.games.kubik.field import AIMS, POSITIONS, POWERS, SPINS
from tests.games.kubik.games import kubik, play

TEAMS = ["1+1", "2+1", "2+2", "3+2", "1+3", "4+4"]


def where(encoding: KubikEncoding) -> dict[str, slice]:
    """Where each named field lies in the vector."""
    slices, start = {}, 0
    for field in encoding.fields:
        slices[field.name] = slice(start, start + field.size)
        start += field.size
    return slices


def test_the_encoding_is_made_once_per_game() -> None:
    game = kubik(throws="manual")
    assert game.encoding() is game.encoding()
    assert isinstance(game.encoding(), KubikEncoding)


@pytest.mark.parametrize(
    ("options", "players"),
    [({"players": 2}, 2), ({"players": 4, "interception": True}, 4), ({"players": 5, "teams": "3+2"}, 5),
     ({"players": 4, "teams": "1+3", "throws": "manual"}, 4), ({"players": 16, "throws": "calibrated"}, 16)],
)
def test_sizes_per_configuration(options: dict[str, object], players: int) -> None:
    """K6, K13, K18, K19: the grid, the bare throw, pass, one interception per seat, strike and hold; 17
    outcome classes; the vector grows with the seats."""
    encoding = kubik(**options).encoding()
    assert encoding.num_actions == 2 * 5 * 13 * 6 * 4 + 2 + players + 2 == 3124 + players
    assert encoding.num_chance_outcomes == 17
    assert encoding.observation_size == 59 + 6 * players
    assert len(encoding.describe().splitlines()) == len(encoding.fields)


def test_k6_the_grid_numbering() -> None:
    """K6: throws are numbered line × pos × aim × power × spin, spin fastest, as the rules list them."""
    game = kubik(throws="calibrated")
    encoding = game.encoding()
    assert game.throw_choices == GRID
    choice = game.parse_action("throw B pos +0.5 aim -2 power 12 spin 4")
    assert encoding.action_index(choice) == (((1 * 5 + 3) * 13 + 4) * 6 + 2) * 4 + 2 == 2602
    assert encoding.action_index(game.parse_action("throw A pos -1 aim -6 power 8 spin 0")) == 0
    assert encoding.action_index(game.parse_action("throw B pos +1 aim +6 power 18 spin 6")) == 3119
    for i, (line, p, a, w, s) in enumerate(product("AB", POSITIONS, AIMS, POWERS, SPINS)):
        action = encoding.action_at(i)
        assert action == ThrowChoice(Throw(line, p, a, w, s))
        assert encoding.action_index(game.parse_action(str(action))) == i


def test_k13_k19_throw_pass_and_interceptions() -> None:
    """K20 manual ``throw`` 3120, ``pass`` 3121, ``intercept <seat>`` 3122 + seat for every seat, then
    ``strike`` and ``hold`` (K19)."""
    game = kubik(players=5, teams="3+2", throws="manual", interception=True)
    encoding = game.encoding()
    assert encoding.action_index(game.parse_action("throw")) == 3120
    assert encoding.action_index(game.parse_action("pass")) == 3121
    for seat, label in enumerate(("A1", "A2", "A3", "B1", "B2")):
        action = encoding.action_at(3122 + seat)
        assert action == game.parse_action(f"intercept {label}") and str(action) == f"intercept {label}"
        assert encoding.action_index(action) == 3122 + seat
    assert [str(encoding.action_at(i)) for i in (3127, 3128)] == ["strike", "hold"]
    indices = [encoding.action_index(encoding.action_at(i)) for i in range(encoding.num_actions)]
    assert indices == list(range(encoding.num_actions))
    assert len({str(encoding.action_at(i)) for i in range(encoding.num_actions)}) == encoding.num_actions


def test_k7_k9_k14_chance_outcome_classes() -> None:
    """K5, K7, K9, K14, K15, K19: first A/B, miss, in, out N, hit N with N a die's face 1–6 (K1), cross."""
    game = kubik(throws="manual")
    encoding = game.encoding()
    faces = [f"{kind} {n}" for kind in ("out", "hit") for n in range(1, 7)]
    texts = ["first A", "first B", "miss", "in", *faces, "cross"]
    assert [str(o) for o in CHANCE_OUTCOMES] == texts
    for i, text in enumerate(texts):
        assert encoding.chance_index(game.parse_action(text)) == i
        assert encoding.chance_at(i) == game.parse_action(text)


def test_k20_physics_detail_is_numbered_by_its_class() -> None:
    """K20: a simulated outcome keeps its faces, resting place and noise; its index is its class's."""
    game = kubik(throws="physics", interception=True)
    encoding = game.encoding()
    cases = {"in 3/1 at +0.210,-0.100,12 noise 0.31,-1.2": "in",
             "cross at +0.1,+1.45 moving +0.2,+3 noise 0.1": "cross",
             "out 2/1": "out 2", "hit 6/2 noise 1.5": "hit 6", "miss noise 0.5,0.25": "miss", "in 4": "in",
             "seen out 5": "out 5"}
    for text, bare in cases.items():
        outcome = game.parse_action(text)
        assert encoding.chance_at(encoding.chance_index(outcome)) == game.parse_action(bare)


def test_bad_indices_and_actions_are_refused_with_a_reason() -> None:
    """Out-of-range indices, off-grid throws, unknown seats, faces beyond a die and mixed-up kinds are ValueErrors."""
    game = kubik(players=4, throws="calibrated")
    encoding = game.encoding()
    for index in (-1, encoding.num_actions):
        with pytest.raises(ValueError, match="out of range 0–3127"):
            encoding.action_at(index)
    for index in (-1, 17):
        with pytest.raises(ValueError, match="out of range 0–16"):
            encoding.chance_at(index)
    off_grid = game.parse_action("throw A pos +0.3 aim +1.5 power 11 spin 1")
    assert play(game.initial_state(), "first A").is_legal(off_grid)  # K6: legal to play, but not numbered
    with pytest.raises(ValueError, match="not on the thrower's grid"):
        encoding.action_index(off_grid)
    with pytest.raises(ValueError, match="no seat has index 9"):
        encoding.action_index(Intercept(9, "B6"))
    with pytest.raises(ValueError, match="chance outcome, not a player action"):
        encoding.action_index(Outcome("miss"))
    with pytest.raises(ValueError, match="chance outcome, not a player action"):
        encoding.action_index(FirstTeam(0))
    with pytest.raises(ValueError, match="face on top, 1–6"):
        encoding.chance_index(Outcome("out", 7))
    with pytest.raises(ValueError, match="face on top, 1–6"):
        encoding.chance_index(Outcome("hit"))
    with pytest.raises(ValueError, match="not a Kubik chance outcome"):
        encoding.chance_index(ThrowChoice())
    with pytest.raises(ValueError, match="not a Kubik chance outcome"):
        encoding.chance_index(Outcome("bounce"))


def test_observe_refuses_a_bad_seat_or_another_games_view() -> None:
    view = kubik(players=2, throws="manual").initial_state().view(0)
    with pytest.raises(ValueError, match="no seat has index 2"):
        kubik(players=2, throws="manual").encoding().observe(view, 2)
    with pytest.raises(ValueError, match="teams 2\\+2"):
        kubik(players=4, throws="manual").encoding().observe(view, 0)


def test_k18_teams_layout_relative_to_the_observer() -> None:
    """K18: with teams 3+2, seats are rotated so the observer comes first; its team is marked."""
    game = kubik(players=5, teams="3+2", throws="manual")
    encoding = game.encoding()
    at = where(encoding)
    state = game.initial_state()
    obs = encoding.observe(state.view(3), 3)  # B1
    assert list(obs[at["own_team"]]) == [1, 1, 0, 0, 0]  # B1, B2, A1, A2, A3
    assert list(obs[at["team_sizes"]]) == [2 / 8, 3 / 8]
    obs = encoding.observe(state.view(1), 1)  # A2
    assert list(obs[at["own_team"]]) == [1, 1, 0, 0, 1]  # A2, A3, B1, B2, A1
    assert list(obs[at["team_sizes"]]) == [3 / 8, 2 / 8]
    assert list(obs[at["phase"]]) == [1, 0, 0, 0, 0, 0, 0, 0]  # K5: the lot
    assert obs[at["thrower"]].sum() == obs[at["throwing_team"]].sum() == obs[at["to_move"]].sum() == 0
    assert obs[at["target"]][0] == pytest.approx(0.3)
    assert list(obs[at["cube_top"]]) == [1, 0, 0, 0, 0, 0]  # K4: 1 up
    assert list(obs[at["cube_front"]]) == [0, 1, 0, 0, 0, 0]


def test_k7_k10_an_out_scores_for_the_throwing_team() -> None:
    """K7: out N scores N for the throwers; K10: the other team's next player throws."""
    game = kubik(players=5, teams="3+2", throws="manual")
    encoding = game.encoding()
    at = where(encoding)
    state = play(game.initial_state(), "first A", "throw")
    obs = encoding.observe(state.view(3), 3)
    assert list(obs[at["phase"]]) == [0, 0, 0, 1, 0, 0, 0, 0]
    assert list(obs[at["throw"]]) == [1, 1, 0, 0, 0, 0, 0, 0]  # a bare throw on the real field
    assert list(obs[at["thrower"]]) == [0, 0, 1, 0, 0]  # A1 is two after B1
    state = play(state, "out 4")
    for seat, mine in ((0, True), (3, False)):
        obs = encoding.observe(state.view(seat), seat)
        assert list(obs[at["scores"]]) == pytest.approx([4 / 30, 0] if mine else [0, 4 / 30])
        assert list(obs[at["last_result"]]) == [0, 0, 1, 0, 0]
        assert list(obs[at["last_face"]]) == [0, 0, 0, 1, 0, 0]
        assert list(obs[at["last_points"]]) == pytest.approx([4 / 30, 0] if mine else [0, 4 / 30])
        assert list(obs[at["last_team"]]) == ([1, 0] if mine else [0, 1])
        assert list(obs[at["throwing_team"]]) == ([0, 1] if mine else [1, 0])
        assert list(obs[at["cube_top"]]) == [0, 0, 0, 1, 0, 0]  # K8: carried back with 4 on top
        assert obs[at["throw"]].sum() == 0
    obs = encoding.observe(state.view(0), 0)
    assert list(obs[at["to_move"]]) == [0, 0, 0, 1, 0]  # B1 throws next
    assert list(obs[at["next_throwers"]]) == [0, 1, 0, 1, 0]  # A2 and B1


def test_k9_a_miss_costs_five() -> None:
    """K9: a miss costs the throwing team 5 points (scores may go negative, K16)."""
    game = kubik(players=2, throws="manual")
    encoding = game.encoding()
    at = where(encoding)
    state = play(game.initial_state(), "first B", "throw", "miss")
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[at["scores"]]) == pytest.approx([-5 / 30, 0])
    assert list(obs[at["last_result"]]) == [1, 0, 0, 0, 0]
    assert obs[at["last_face"]].sum() == 0
    state = play(state, "throw", "in")
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[at["last_result"]]) == [0, 1, 0, 0, 0]
    assert list(obs[at["last_team"]]) == [0, 1]
    assert list(obs[at["last_points"]]) == [0, 0]


def test_k13_k14_an_interception_hit_scores_double_for_the_interceptors() -> None:
    """K19: before the throw the other team names an interceptor, who strikes at the crossing; K14: a hit
    scores 2N for the interceptors, nothing for the throw."""
    game = kubik(players=3, teams="2+1", throws="manual", interception=True)
    encoding = game.encoding()
    at = where(encoding)
    state = play(game.initial_state(), "first A")
    assert state.phase is Phase.STAND and state.current_player == 2
    mask = encoding.legal_mask(state)
    assert np.flatnonzero(mask).tolist() == [3121, 3122 + 2]  # pass, intercept B1
    obs = encoding.observe(state.view(2), 2)
    assert list(obs[at["phase"]]) == [0, 1, 0, 0, 0, 0, 0, 0]
    assert list(obs[at["to_move"]]) == [1, 0, 0]
    state = play(state, "intercept B1")
    obs = encoding.observe(state.view(0), 0)
    assert list(obs[at["interceptor"]]) == [0, 0, 1]  # B1 is two after A1
    state = play(state, "throw", "cross")
    assert state.phase is Phase.CROSSING and state.current_player == 2
    assert np.flatnonzero(encoding.legal_mask(state)).tolist() == [3125]  # strike: who stands must throw (K19)
    held = kubik(players=3, teams="2+1", throws="manual", interception=True, hold_back=True)
    choice = play(held.initial_state(), "first A", "intercept B1", "throw", "cross")
    assert np.flatnonzero(held.encoding().legal_mask(choice)).tolist() == [3125, 3126]  # strike, hold (hold_back)
    obs = encoding.observe(state.view(2), 2)
    assert list(obs[at["crossing"]]) == [1, 0, 0, 0, 0]  # crossed; a scorekeeper measures nothing
    state = play(state, "strike", "hit 5")
    obs = encoding.observe(state.view(0), 0)
    assert list(obs[at["last_result"]]) == [0, 0, 0, 1, 0]
    assert list(obs[at["last_face"]]) == [0, 0, 0, 0, 1, 0]
    assert list(obs[at["last_points"]]) == pytest.approx([0, 10 / 30])
    assert list(obs[at["scores"]]) == pytest.approx([0, 10 / 30])
    assert list(obs[at["last_team"]]) == [1, 0]  # it was A's throw
    assert obs[at["crossing"]].sum() == obs[at["interceptor"]].sum() == 0


def test_k15_a_missed_interception_costs_ten_and_the_throw_counts() -> None:
    """K15, K19: a missed interception costs the interceptors 10; the throw then ends and scores as usual."""
    game = kubik(players=2, throws="manual", interception=True)
    encoding = game.encoding()
    at = where(encoding)
    state = play(game.initial_state(), "first A", "intercept B1", "throw", "cross", "strike", "miss")
    assert state.phase is Phase.REST
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[at["last_result"]]) == [0, 0, 0, 0, 1]
    assert list(obs[at["last_points"]]) == pytest.approx([-10 / 30, 0])
    assert list(obs[at["last_team"]]) == [0, 1]  # A's throw
    state = play(state, "out 3")
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[at["last_result"]]) == [0, 0, 1, 0, 0]
    assert list(obs[at["last_face"]]) == [0, 0, 1, 0, 0, 0]
    assert list(obs[at["scores"]]) == pytest.approx([-10 / 30, 3 / 30])


def test_k6_the_throw_being_made() -> None:
    """K6: a simulated throw's line, place, aim, power and spin appear while it is in the air."""
    game = kubik(players=2, throws="calibrated")
    encoding = game.encoding()
    at = where(encoding)
    state = play(game.initial_state(), "first A", "throw B pos +0.5 aim -2 power 12 spin 4")
    obs = encoding.observe(state.view(0), 0)
    assert list(obs[at["throw"]]) == pytest.approx([1, 0, 0, 1, 0.5, -2 / 6, -1 / 5, 1 / 3])


def test_k20_which_modes_list_their_outcomes() -> None:
    """K20, K20b: the lot is listed in every mode; throws are listed (exactly) by the calibrated model and the
    scorekeeper, and only sampled in the physics."""
    for mode in ("calibrated", "manual"):
        game = kubik(players=2, throws=mode, interception=True)
        encoding = game.encoding()
        state = play(game.initial_state(), "first A", "intercept B1", "throw" if mode == "manual" else str(GRID[1234]))
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == Fraction(1)
        assert sorted(encoding.chance_index(o) for o, _ in outcomes) == [*range(2, 10), 16]
    game = kubik(players=2, throws="physics")
    state = play(game.initial_state(), "first A", str(GRID[1234]))
    with pytest.raises(SampledChanceError):
        state.chance_outcomes()
    assert [game.encoding().chance_index(o) for o, _ in game.initial_state().chance_outcomes()] == [0, 1]


def check_state(state: KubikState, encoding: KubikEncoding, rng: random.Random, exact: bool = True) -> None:
    """Every per-state promise of the encoding."""
    game = state.game
    if state.is_chance and exact:
        outcomes = [o for o, _ in state.chance_outcomes()]
        indices = [encoding.chance_index(o) for o in outcomes]
        assert len(set(indices)) == len(indices)
        assert all(0 <= i < encoding.num_chance_outcomes for i in indices)
        assert [encoding.chance_at(i) for i in indices] == outcomes
    mask = encoding.legal_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
    if state.current_player >= 0:
        legal = state.legal_actions()
        indices = [encoding.action_index(a) for a in legal]
        assert len(set(indices)) == len(indices)
        assert all(0 <= i < encoding.num_actions for i in indices)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
        if len(legal) < 100:  # the grid's round trip is checked once, in test_k6_the_grid_numbering
            assert [encoding.action_at(i) for i in indices] == list(legal)
    else:
        assert mask.sum() == 0
    for seat in range(game.num_players):
        view = state.view(seat)
        obs = encoding.observe(view, seat)
        assert obs.dtype == np.float32 and obs.shape == (encoding.observation_size,)
        assert np.isfinite(obs).all()
        again = encoding.observe(game.state_from_view(view, rng).view(seat), seat)
        assert np.array_equal(obs, again)


def random_game(game: Kubik, seed: int, exact: bool = True) -> None:
    """Play ``game`` at random to the end, checking every state."""
    rng = random.Random(seed)
    encoding = game.encoding()
    state = game.initial_state()
    while True:
        check_state(state, encoding, rng, exact)
        if state.is_terminal:
            return
        if state.is_chance:
            action = state.sample_chance(rng)
            bare = encoding.chance_at(encoding.chance_index(action))
            if exact:
                assert bare == action
            elif isinstance(action, Outcome):  # a simulated outcome: its class keeps the kind and the face
                assert isinstance(bare, Outcome) and bare.kind == action.kind
                assert bare.top == (action.top if action.kind in ("out", "hit") else None)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            assert encoding.action_at(encoding.action_index(action)) == action
        new = state.apply(action)
        assert isinstance(new, KubikState)
        state = new


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), teams=st.sampled_from(TEAMS), interception=st.booleans(),
       recentre=st.booleans(), skill=st.sampled_from([0.4, 0.7, 1.0]))
def test_calibrated_random_play_round_trips_and_observes_only_the_view(
        seed: int, teams: str, interception: bool, recentre: bool, skill: float) -> None:
    """K20b: with the calibrated model every outcome is listed and round-trips exactly, the mask matches
    the legal throws, and the vector is the same for the state rebuilt from the view."""
    players = sum(int(t) for t in teams.split("+"))
    game = kubik(players=players, teams=teams, throws="calibrated", interception=interception, recentre=recentre,
                 skill=skill, target=20, max_throws=30)
    random_game(game, seed)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), teams=st.sampled_from([*TEAMS, "8+8", "1+8"]), interception=st.booleans())
def test_scorekeeper_random_play_round_trips_and_observes_only_the_view(
        seed: int, teams: str, interception: bool) -> None:
    """K20 manual: the bare throw, interceptions by any seat of the other team, every entered outcome."""
    players = sum(int(t) for t in teams.split("+"))
    game = kubik(players=players, teams=teams, throws="manual", interception=interception, max_throws=60)
    random_game(game, seed)


def test_k20_a_short_physics_game() -> None:
    """K20: simulated outcomes are sampled; each is numbered by its class and the view alone gives the vector."""
    game = kubik(players=2, throws="physics", interception=True, target=10, max_throws=4)
    random_game(game, 7, exact=False)
