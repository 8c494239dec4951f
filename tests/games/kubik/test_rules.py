"""Kubik rules K1–K21 by number, played in scorekeeper (manual) mode where outcomes are entered."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import CHANCE, IllegalActionError, NotationError, OptionError
from tabletop.games.kubik import KubikState, Phase
from tabletop.games.kubik.field import SMALL_EDGE, Field, faces_of, orientation
from tabletop.games.kubik.state import MANUAL_OUTCOMES, NOISE_SIZE
from tests.games.kubik.games import manual, play


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


def test_k9a_the_boundary_is_a_wide_line_and_touching_its_outer_edge_is_in() -> None:
    """K9, K9a: out only when no part of the cube rests on or inside the line's outer edge (default 5 cm wide,
    centred on the 1.5 m circle): a cube whose near face lies exactly on the edge is in, a hair beyond is out."""
    field = Field()
    assert field.line_width == pytest.approx(0.05) and field.outer_radius == pytest.approx(0.775)
    half = field.cube_edge / 2
    edge = field.outer_radius + half  # the cube's centre when its near face lies on the outer edge
    assert not field.is_out(edge, 0.0)
    assert field.is_out(edge + 1e-9, 0.0)
    assert not field.is_out(0.0, -edge) and field.is_out(0.0, -edge - 1e-9)
    # on the line itself, even just past the circle's own radius, is in (K9: touching it scores nothing)
    assert not field.is_out(0.75 + half + 0.01, 0.0)
    assert Field(line_width=0.0).is_out(0.75 + half + 0.01, 0.0)
    # turned 45°, the corner reaches further: the nearest point is the corner on the diagonal
    corner = half * 2 ** 0.5
    assert not field.is_out(field.outer_radius + corner - 1e-9, 0.0, math.pi / 4)
    assert field.is_out(field.outer_radius + corner + 1e-9, 0.0, math.pi / 4)
    assert manual().field.line_width == pytest.approx(0.05)
    assert manual(line_width=10).field.outer_radius == pytest.approx(0.80)
    with pytest.raises(OptionError, match="line_width"):
        manual(line_width=50)


def test_k19_the_interceptor_is_declared_before_the_throw() -> None:
    """K13, K19: with the variant, before each throw the other team names one of its players, or nobody;
    its next thrower speaks for it. Without the variant there is no declaration and no crossing."""
    state = started(interception=True)
    assert state.phase is Phase.STAND and state.current_player == 2  # B1 speaks for team B
    assert [str(a) for a in state.legal_actions()] == ["pass", "intercept B1", "intercept B2"]
    standing = play(state, "intercept B2")
    assert standing.phase is Phase.AIM and standing.interceptor == 3 and standing.current_player == 0
    thrown = play(standing, "throw")
    assert [str(a) for a in thrown.legal_actions()] == [*MANUAL_OUTCOMES, "cross"]
    nobody = play(state, "pass", "throw")
    assert [str(a) for a in nobody.legal_actions()] == list(MANUAL_OUTCOMES)  # nobody to see a crossing
    with pytest.raises(IllegalActionError):
        play(nobody, "cross")
    plain = started()
    assert plain.phase is Phase.AIM
    with pytest.raises(IllegalActionError):
        play(plain, "intercept B1")


def test_k19_no_crossing_nothing_to_intercept() -> None:
    """K19: a miss, a cube that stays in or one that leaves the circle short of the border: the throw scores
    as usual, no throw and no penalty for the interceptor, and the turn passes."""
    for outcome, scores in (("miss", (-5, 0)), ("in", (0, 0)), ("out 4", (4, 0))):
        state = play(started(interception=True), "intercept B1", "throw", outcome)
        assert state.scores == scores and state.phase is Phase.STAND and state.team == 1
        assert state.interceptor is None


def test_k19_at_the_crossing_the_interceptor_must_throw_unless_the_table_allows_holding_back() -> None:
    """K19 (rules 2, as the seed has it): a declared interceptor who sees the cube cross must throw; a table may
    allow holding back (``hold_back``, an extension), which costs nothing: the throw ends and scores as usual."""
    crossing = play(started(interception=True), "intercept B2", "throw", "cross")
    assert crossing.phase is Phase.CROSSING and crossing.current_player == 3  # B2 throws, not B1
    assert [str(a) for a in crossing.legal_actions()] == ["strike"]
    with pytest.raises(IllegalActionError, match="hold: not legal"):
        play(crossing, "hold")
    crossing = play(started(interception=True, hold_back=True), "intercept B2", "throw", "cross")
    assert [str(a) for a in crossing.legal_actions()] == ["strike", "hold"]
    held = play(crossing, "hold")
    assert held.phase is Phase.REST and held.current_player == CHANCE
    assert [str(a) for a in held.legal_actions()] == [f"out {n}" for n in range(1, 7)]
    done = play(held, "out 5")
    assert done.scores == (5, 0) and done.team == 1 and done.phase is Phase.STAND


def test_k14_an_interception_hit_scores_double_for_the_interceptors() -> None:
    """K14: the thrower's team gets nothing; the interceptors score double the face on top;
    they still throw next."""
    state = play(started(interception=True), "intercept B2", "throw", "cross", "strike", "hit 5")
    assert state.scores == (0, 10)
    assert state.team == 1 and state.thrower == 2  # B1 throws next as usual
    assert state.cube.top == 5


def test_k15_a_missed_interception_costs_ten_and_the_throw_completes() -> None:
    """K15, K19: −10 to the interceptors at once; the throw then ends and scores as usual."""
    state = play(started(interception=True), "intercept B1", "throw", "cross", "strike", "miss")
    assert state.scores == (0, -10) and state.phase is Phase.REST
    state = play(state, "out 3")
    assert state.scores == (3, -10) and state.team == 1


def test_k19_a_whole_scorekeeper_game_with_every_kind_of_interception() -> None:
    """K5–K19 on a real field: the lot, declarations before throws, throws that never cross, crossings held,
    struck and hit, struck and missed, each scored (K7, K9, K14, K15), to K11's win; the record replays."""
    game = manual(interception=True, hold_back=True, target=30)
    record = ["first A",
              "pass", "throw", "out 4",  # A1: nobody stands; 4 (A 4)
              "intercept A2", "throw", "miss",  # B1: A2 stands, but a miss never crosses (B −5)
              "intercept B1", "throw", "cross", "hold", "out 6",  # A2: B1 holds; 6 (A 10)
              "intercept A1", "throw", "cross", "strike", "hit 3",  # B2: A1 hits, 3 × 2 (A 16), B nothing
              "intercept B2", "throw", "cross", "strike", "miss", "out 2",  # A1: B2 misses (B −15), then 2 (A 18)
              "pass", "throw", "in",  # B1: stays in (B −15)
              "intercept B1", "throw", "in",  # A2: stays in, nothing to intercept
              "intercept A2", "throw", "cross", "strike", "hit 6",  # B2: A2 hits 6 × 2 (A 30): A wins at once
              ]
    state = play(game.initial_state(), *record)
    assert state.scores == (30, -15) and state.is_terminal and state.returns() == (1.0, 1.0, -1.0, -1.0)
    replayed = tabletop.replay(tabletop.core.Record("kubik", dict(game.options), tuple(record)))
    assert replayed == state


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
    """K20: a simulated throw's outcomes are not enumerable; people may enter what they saw (``seen``)."""
    state = play(tabletop.load("kubik").initial_state(), "first A", "throw A pos 0 aim 0 power 12 spin 4")  # type: ignore[arg-type]
    with pytest.raises(tabletop.core.SampledChanceError):
        state.chance_outcomes()
    assert [str(a) for a in state.legal_actions()] == [f"seen {n}" for n in MANUAL_OUTCOMES]


PHYSICS_THROW = "throw A pos 0 aim 0 power 12 spin 4"


def test_k20_a_simulated_outcome_is_accepted_only_if_the_simulation_gives_it() -> None:
    """K20, K20a: an outcome that claims to be simulated carries a whole noise sample and is exactly what
    re-running that noise gives; anything else is refused, naming what the simulation gives."""
    state = play(tabletop.load("kubik", skill=1.0).initial_state(), "first A", PHYSICS_THROW)  # type: ignore[arg-type]
    true = state.sample_chance(random.Random(4))
    assert state.is_legal(true) and state.apply(true).scores[0] in (-5, 0, *range(1, 7))
    with pytest.raises(IllegalActionError, match="noise sample, 7 numbers"):
        state.apply_text("out 6")  # no noise: not a simulation
    with pytest.raises(IllegalActionError, match="has 6"):
        state.apply_text("out 6/2 noise 0,0,0,0,0,0")
    zero = ",".join(["0"] * 7)
    given = str(state.sample_chance(random.Random(4))).split(" noise ")[0]
    wrong = "out 6/3" if given != "out 6/3" else "out 5/3"
    with pytest.raises(IllegalActionError, match=r"the simulation gives (miss|in|out)"):
        state.apply_text(f"{wrong} noise {zero}")
    assert not state.is_legal(state.game.parse_action(f"{wrong} noise {zero}"))


def test_k20_an_outcome_from_the_servers_own_log_is_trusted_but_its_form_is_still_checked() -> None:
    """``apply_recorded`` (a server rebuilding a table from the log it validated) takes a simulated
    outcome without re-running it — a long physics game rebuilds in milliseconds, not seconds — and
    reaches the same state; an outcome of the wrong form is still refused, and ``apply`` still re-runs."""
    state = play(tabletop.load("kubik", skill=1.0).initial_state(), "first A", PHYSICS_THROW)  # type: ignore[arg-type]
    true = state.sample_chance(random.Random(4))
    assert str(state.apply_recorded(state.game.parse_action(str(true)))) == str(state.apply(true))
    zero = ",".join(["0"] * 7)
    given = str(true).split(" noise ")[0]
    wrong = state.game.parse_action(f"{'out 6/3' if given != 'out 6/3' else 'out 5/3'} noise {zero}")
    assert not state.apply_recorded(wrong).is_chance  # taken as written: not re-run (apply refuses it, below)
    with pytest.raises(IllegalActionError, match="noise sample, 7 numbers"):
        state.apply_recorded(state.game.parse_action("out 6"))
    from tabletop.games.kubik.physics.throw import NOISE_NAMES

    assert len(NOISE_NAMES) == NOISE_SIZE
    with pytest.raises(IllegalActionError, match="the simulation gives"):
        state.apply(wrong)


def test_k20_people_entered_outcomes_in_a_simulated_game_are_recorded_as_theirs() -> None:
    """``--chance people`` in a physics game: what people saw is written ``seen …`` (never as a simulated
    outcome), scores as usual, and the record replays; a plain ``out 4`` is refused."""
    game = tabletop.load("kubik", interception=True, hold_back=True)
    state = play(game.initial_state(), "first A", "intercept B1", PHYSICS_THROW)  # type: ignore[arg-type]
    assert "seen cross" in [str(a) for a in state.legal_actions()]
    state = play(state, "seen cross", "strike", "seen miss", "seen out 4")
    assert state.scores == (4, -10)
    with pytest.raises(IllegalActionError, match="noise"):
        play(state, "pass", PHYSICS_THROW, "out 4")
    crossing = play(game.initial_state(), "first A", "intercept B1", PHYSICS_THROW, "seen cross", "hold")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="entered by people"):
        crossing.apply(crossing.sample_chance(random.Random(1)))  # nothing to run on: the people saw it
    with pytest.raises(IllegalActionError, match="seen"):
        play(started(), "throw", "seen out 4")  # a scorekeeper game enters plainly


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


def test_k19_k20_physics_interceptions_replay_from_the_record() -> None:
    """K19, K20, K20a: a simulated crossing, its interception and the rest are recorded with their noise;
    the record replays exactly (every simulated outcome checked by re-running it)."""
    from tabletop.games.kubik.physics import outcomes

    game = tabletop.load("kubik", players=2, interception=True, hold_back=True, target=12)
    rng = random.Random(1)
    state = game.initial_state()
    actions = []
    kinds = set()
    while not state.is_terminal:
        if state.phase is Phase.STAND:
            action = state.legal_actions()[1]  # the other team's first player always stands
        else:
            action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        kinds.add(f"{state.phase.value}:{str(action).split()[0]}")
        state = state.apply(action)
        actions.append(str(action))
    assert {"throw:cross", "crossing:strike", "crossing:hold", "rest:out"} <= kinds
    outcomes._throw.cache_clear()
    outcomes._interception.cache_clear()
    outcomes._rest.cache_clear()
    replayed = tabletop.replay(tabletop.core.Record("kubik", dict(game.options), tuple(actions)))
    assert replayed == state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), throw=st.sampled_from(["throw A pos +1 aim -3 power 16 spin 4",
                                                             "throw B pos -0.5 aim +1 power 18 spin 2",
                                                             "throw A pos 0 aim 0 power 14 spin 0"]))
def test_k19_nothing_reveals_the_final_face_before_the_interception_decision(
        seed: int, throw: str) -> None:
    """K19, physics: from the declaration to the decision at the crossing, no view (any seat's or the
    public one), no motion, no log line and no record so far holds the face the un-intercepted throw would
    end on — it is not even computed: every simulation of the throw run until the decision stops at the
    crossing."""
    from tabletop.games.kubik.physics import outcomes
    from tabletop.games.kubik.physics import throw as throw_module  # (``throw`` is the throw's notation here)

    outcomes._throw.cache_clear()
    runs: list[bool] = []
    real = throw_module.simulate_throw

    def watched(*args: object, **kwargs: object) -> throw_module.ThrowResult:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        runs.append(result.complete and result.crossed_border)  # a crossing throw computed to its end
        return result

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(throw_module, "simulate_throw", watched)
        _no_final_face_before_the_decision(seed, throw, runs)


def _no_final_face_before_the_decision(seed: int, throw: str, runs: list[bool]) -> None:
    game = tabletop.load("kubik", players=2, interception=True, hold_back=True, skill=0.5)
    rng = random.Random(seed)
    state = play(game.initial_state(), "first A", "intercept B1", throw)  # type: ignore[arg-type]
    outcome = state.sample_chance(rng)
    seen = [json.dumps(state.view(s)) for s in range(2)] + [json.dumps(state.public_view())]
    motion = state.motion(outcome)
    line = state.describe(outcome)
    after = state.apply(outcome)
    seen += [json.dumps(after.view(s)) for s in range(2)] + [json.dumps(after.public_view()), str(after)]
    seen += [json.dumps(motion), line, *after.announcements()]
    assert not any(runs), "a crossing throw was simulated to its end before the decision"
    if outcome.kind != "cross":
        return  # no crossing: nothing to intercept, the throw ended (K19)
    assert motion is not None and "final" not in motion and motion["kind"] == "crossing"
    assert after.phase is Phase.CROSSING and after.cube == state.cube  # the cube is not yet anywhere final
    assert all('"top": ' not in text or '"cube": {"top": ' + str(state.cube.top) in text for text in seen[:6])
    runs.clear()
    ended = after.apply_text("hold")
    final = ended.sample_chance(rng)
    # only now is the rest computed: from the crossing, over turf whose noise is drawn now (rules 2)
    from tabletop.games.kubik.physics.throw import TURF_NAMES

    assert final.kind == "out" and len(final.noise) == len(TURF_NAMES)
    for text in seen:  # and it was nowhere before: no "out N/F" of it in anything shown
        assert str(final) not in text


def test_k9a_k19_the_terminal_drawing_shows_the_line_width_and_a_crossing() -> None:
    """K9a: the text drawing names the boundary line's width and draws both its edges; K19: a crossing is
    drawn where the cube crossed."""
    assert "5 cm wide" in str(started()) and "10 cm wide" in str(started(line_width=10))
    crossing = play(started(interception=True), "intercept B1", "throw")
    crossing = crossing.apply(crossing.game.parse_action("cross at +0.300,+1.450 moving +0.40,+3.00"))
    assert isinstance(crossing, KubikState)
    text = str(crossing)
    assert "◆" in text and "moving +0.4,+3.0 m/s" in text
    assert crossing.view(0)["crossing"] == {"x": 0.3, "y": 1.45, "vx": 0.4, "vy": 3.0, "line": None}
