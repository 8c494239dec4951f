"""Kubik rules K1–K21 by number, played in scorekeeper (manual) mode where outcomes are entered."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core import CHANCE, IllegalActionError, NotationError, OptionError
from tabletop.games.kubik import Kubik, KubikState, Phase
from tabletop.games.kubik.field import SMALL_EDGE, Field, faces_of, orientation


def manual(**options: object) -> Kubik:
    game = tabletop.load("kubik", throws="manual", **options)
    assert isinstance(game, Kubik)
    return game


def play(state: KubikState, *texts: str) -> KubikState:
    for text in texts:
        new = state.apply_text(text)
        assert isinstance(new, KubikState)
        state = new
    return state


def started(**options: object) -> KubikState:
    """A manual game after the lot gave team A the first throw."""
    return play(manual(**options).initial_state(), "first A")


def test_k1_the_die_opposite_faces_sum_to_seven() -> None:
    """K1: the cube is a die; every orientation keeps opposite faces opposite."""
    for top in range(1, 7):
        for front in range(1, 7):
            if front not in (top, 7 - top):
                rotation = orientation(top, front)
                assert faces_of(rotation) == (top, front)
                down = faces_of(rotation @ orientation(7 - top, front).T @ orientation(top, front))
                assert down[0] in range(1, 7)
    with pytest.raises(ValueError, match="not neighbours"):
        orientation(1, 6)


def test_k1a_cube_edge_option() -> None:
    """K1a: the edge defaults to 15 cm; preset small is 4.2 cm; other sizes in cm."""
    assert manual().field.cube_edge == pytest.approx(0.15)
    assert manual(cube_edge="small").field.cube_edge == pytest.approx(SMALL_EDGE)
    assert manual(cube_edge="20").field.cube_edge == pytest.approx(0.20)
    with pytest.raises(OptionError, match="cube_edge"):
        manual(cube_edge="huge")


def test_k2_k3_field_geometry() -> None:
    """K2: a 1.5 m circle; K3: throwing lines 5–7 steps away meeting at a right angle."""
    field = Field(distance_steps=6)
    assert field.line_offset == pytest.approx(0.75 + 6 * 0.7)
    assert field.release_point("A", 0.0) == (0.0, -field.line_offset)
    assert field.release_point("B", 0.0) == (-field.line_offset, 0.0)
    with pytest.raises(OptionError):
        manual(distance=8)


def test_k4_the_cube_starts_in_the_centre_with_1_up() -> None:
    """K4: 1 face up, faces towards the lines."""
    cube = manual().initial_state().cube
    assert (cube.top, cube.x, cube.y, cube.yaw) == (1, 0.0, 0.0, 0.0)


def test_k5_a_lot_decides_the_first_team() -> None:
    """K5: chance decides which team throws first (recorded like any chance outcome)."""
    state = manual().initial_state()
    assert state.current_player == CHANCE
    assert [str(a) for a, _ in state.chance_outcomes()] == ["first A", "first B"]
    assert play(state, "first B").thrower == 2  # B1 (teams 2+2: A1 A2 B1 B2)


def test_k6_a_thrower_chooses_line_place_aim_power_and_spin() -> None:
    """K6: the thrower's choices form a grid in simulated modes; any throw within its ranges is legal."""
    game = tabletop.load("kubik")
    state = play(game.initial_state(), "first A")  # type: ignore[arg-type]
    legal = state.legal_actions()
    assert len(legal) == 2 * 5 * 13 * 6 * 4
    assert str(legal[0]) == "throw A pos -1 aim -6 power 8 spin 0"
    assert state.is_legal(game.parse_action("throw B pos +0.25 aim -1.5 power 13 spin 3"))
    with pytest.raises(IllegalActionError):
        state.apply_text("throw A pos 0 aim 0 power 40 spin 0")  # off the grid's ranges
    with pytest.raises(NotationError, match="expected"):
        game.parse_action("throw C pos 0 aim 0 power 12 spin 0")


def test_k7_out_scores_the_face_on_top() -> None:
    """K7: knocked out of the circle, the team scores the pips on top."""
    state = play(started(), "throw", "out 4")
    assert state.scores == (4, 0)


def test_k8_the_cube_goes_back_with_the_same_top_face() -> None:
    """K8: re-placed in the small circle without changing its top face; the other team throws."""
    state = play(started(), "throw", "out 4")
    assert (state.cube.top, state.cube.x, state.cube.y) == (4, 0.0, 0.0)
    assert state.team == 1 and state.thrower == 2


def test_k9_in_scores_nothing_and_a_miss_costs_five() -> None:
    """K9: inside or touching the line: 0; a miss: −5 (scores may go negative, K16)."""
    state = play(started(), "throw", "in", "throw", "miss")
    assert state.scores == (0, -5)
    state = play(state, "throw", "miss")
    assert state.scores == (-5, -5)


def test_k10_k18_throwing_order_alternates_and_cycles_within_each_team() -> None:
    """K10: A1, B1, A2, B2, …; K18: teams of different sizes cycle on their own."""
    state = started(players=5, teams="3+2")
    order = []
    for _ in range(8):
        order.append(state.game.labels[state.thrower])
        state = play(state, "throw", "in")
    assert order == ["A1", "B1", "A2", "B2", "A3", "B1", "A1", "B2"]


def test_k11_first_to_thirty_wins() -> None:
    """K11: the first team to reach at least 30 wins, at once."""
    state = started()
    for _ in range(4):
        state = play(state, "throw", "out 6", "throw", "out 1")
    assert state.scores == (24, 4) and not state.is_terminal
    state = play(state, "throw", "out 6")
    assert state.is_terminal and state.scores == (30, 4)
    assert state.returns() == (1.0, 1.0, -1.0, -1.0)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_text("throw")


def test_k16_target_option_and_negative_scores() -> None:
    """K16: scores may go negative; the target is an option."""
    state = started(target=5)
    state = play(state, "throw", "miss", "throw", "out 5")
    assert state.is_terminal and state.scores == (-5, 5)
    assert state.returns()[2] == 1.0


def test_k12_k13_k19_interception_is_offered_only_past_the_border() -> None:
    """K19: the other team decides on an interception only after a throw crosses the border line."""
    state = started(interception=True)
    after_out = play(state, "throw", "out 3")
    assert after_out.phase is Phase.AIM  # out, but not past the border: no offer
    offered = play(state, "throw", "past 3")
    assert offered.phase is Phase.OFFER
    assert offered.current_player == 2  # B's next thrower decides for team B
    assert [str(a) for a in offered.legal_actions()] == ["pass", "intercept B1", "intercept B2"]
    passed = play(offered, "pass")
    assert passed.scores == (3, 0)
    with pytest.raises(IllegalActionError):
        play(started(), "throw", "past 3")  # no border line without the variant


def test_k14_an_interception_hit_scores_double_for_the_interceptors() -> None:
    """K14: the thrower's team gets nothing; the interceptors score double the face on top;
    they still throw next."""
    state = play(started(interception=True), "throw", "past 3", "intercept B2", "hit 5")
    assert state.scores == (0, 10)
    assert state.team == 1 and state.thrower == 2  # B1 throws next as usual
    assert state.cube.top == 5


def test_k15_a_missed_interception_costs_ten() -> None:
    """K15: −10 to the interceptors; the throw counts as it was."""
    state = play(started(interception=True), "throw", "past 3", "intercept B1", "miss")
    assert state.scores == (3, -10)


def test_k17_cube_that_stays_in_stays_where_it_stopped_or_is_recentred() -> None:
    """K17: by default a cube that stays in stays where it stopped (with its face); recentre puts it back."""
    state = play(started(), "throw", "in 3/2 at +0.200,-0.100,15")
    assert (state.cube.top, state.cube.x, state.cube.y, state.cube.yaw) == (3, 0.2, -0.1, 15.0)
    state = play(started(recentre=True), "throw", "in 3/2 at +0.200,-0.100,15")
    assert (state.cube.top, state.cube.x, state.cube.y) == (3, 0.0, 0.0)


def test_k20_manual_outcomes_and_their_notation() -> None:
    """K20, K21: the scorekeeper enters outcomes; bad entries are refused with what is allowed."""
    state = play(started(), "throw")
    assert [str(a) for a in state.legal_actions()] == ["miss", "in", *(f"out {n}" for n in range(1, 7))]
    with pytest.raises(NotationError, match="which face"):
        state.game.parse_action("out")
    with pytest.raises(IllegalActionError):
        state.apply_text("hit 4")  # an interception outcome, but no interception is under way
    with pytest.raises(IllegalActionError):
        state.apply_text("out 3/4")  # 3 and 4 are opposite faces: no such pose


def test_k20_physics_outcomes_can_only_be_sampled() -> None:
    """K20: a simulated throw's outcomes are not enumerable; the record holds the sampled one."""
    state = play(tabletop.load("kubik").initial_state(), "first A", "throw A pos 0 aim 0 power 12 spin 4")  # type: ignore[arg-type]
    with pytest.raises(tabletop.core.SampledChanceError):
        state.chance_outcomes()
    assert state.is_legal(state.game.parse_action("out 4/2 noise 0.1,-0.2"))


def test_teams_option() -> None:
    """K18: 1–8 players a side; sizes must add up to the players."""
    assert manual(players=3).team_sizes == (2, 1)
    with pytest.raises(OptionError, match="makes 5 players"):
        manual(players=4, teams="3+2")
    with pytest.raises(OptionError, match="each 1–8"):
        manual(players=9, teams="9+0")


def test_throw_limit_ends_a_game() -> None:
    """Resolution: at max_throws the higher score wins, equal scores draw."""
    state = started(max_throws=2)
    state = play(state, "throw", "out 2", "throw", "out 1")
    assert state.is_terminal and state.returns()[0] == 1.0
    state = play(started(max_throws=2), "throw", "in", "throw", "in")
    assert state.is_terminal and state.returns() == (0.0,) * 4


def test_random_scorekeeping_is_replayable() -> None:
    """Random manual games end and replay from their records."""
    from tabletop.agents import RandomAgent
    from tabletop.sim import play as run

    game = manual(interception=True, players=6)
    for seed in range(20):
        played = run(game, [RandomAgent()] * 6, seed)
        assert played.state.is_terminal
        assert tabletop.replay(played.record) == played.state
    rng = random.Random(0)
    assert rng  # the runner owns the randomness; nothing global is used


def test_k20_physics_interceptions_replay_from_the_record() -> None:
    """K20, K20a: a simulated throw and its interception are recorded with their noise; the record
    replays without the physics, and re-running the throw from the recorded noise reproduces it."""
    from tabletop.games.kubik import physics

    game = tabletop.load("kubik", players=2, interception=True)
    rng = random.Random(1)
    state = game.initial_state()
    actions = []
    while not state.is_terminal:
        if state.phase is Phase.OFFER:
            action = state.game.parse_action("intercept B1" if state.team == 0 else "intercept A1")
        else:
            action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        before, state = state, state.apply(action)
        actions.append(str(action))
        if before.phase is Phase.INTERCEPT:
            pending = before.pending
            assert pending is not None and before.throw is not None and before.throw.throw is not None
            rerun = physics.simulate_throw(game.field, before.cube, before.throw.throw,  # type: ignore[attr-defined]
                                           game.skills[before.thrower],  # type: ignore[attr-defined]
                                           physics.Noise(pending.noise))
            assert rerun.out and rerun.crossed_border and rerun.top == pending.top
            break
    else:
        raise AssertionError("no interception in this game")
    replayed = tabletop.replay(tabletop.core.Record("kubik", dict(game.options), tuple(actions)))
    assert replayed == state
