"""The Cubulus expert (issue #6): it takes wins, stops the opponent's, always answers legally,
repeats itself given the same seed, places the neutral balls (U13), and beats random play."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.agents import RandomAgent, make_bot
from tabletop.core import Decision
from tabletop.games.cubulus import Cubulus, CubulusAction, CubulusState, Phase
from tabletop.games.cubulus.evaluation import FACE_CELLS, GRID_SQUARES, face_patterns, threat_cells
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert, Level
from tabletop.games.cubulus.geometry import CELLS, CENTRE, LINE_MASKS, SQUARE_MASKS
from tabletop.games.cubulus.neutral import SETUPS, SYMMETRIES
from tabletop.games.cubulus.search import WIN, keep_last_iteration
from tabletop.sim import play

from .helpers import RED, two_players

QUICK = Level(max_depth=6, max_nodes=1_500)
"""A small budget of work: fast, and the same answer on any machine."""


def board_position(game: Cubulus, text: str, to_move: int = RED) -> CubulusState:
    """The play position whose board is ``text`` (27 characters in cell order, as views write it)."""
    cells = {f"{n // 9}{n // 3 % 3}{n % 3}": int(ch) for n, ch in enumerate(text) if ch != "."}
    return game.position(cells, to_move=to_move)


def decide(state: CubulusState, agent: CubulusExpert, seed: int = 0) -> CubulusAction:
    """What ``agent`` plays for the seat to move in ``state``."""
    seat = state.current_player
    decision = Decision(state.game, seat, state.view(seat), tuple(state.legal_actions()))
    action: CubulusAction = agent.choose(decision, random.Random(seed))
    return action


def winning_moves(state: CubulusState, seat: int) -> list[str]:
    """The moves of the seat to move after which ``seat`` has won."""
    return [str(a) for a in state.legal_actions() if (after := state.apply(a)).is_terminal and after.winner == seat]


def safe(state: CubulusState, action: CubulusAction) -> bool:
    """True when ``action`` neither hands blue a square (U15) nor leaves blue a winning reply."""
    after = state.apply(action)
    return not after.is_terminal and not winning_moves(after, 1)


# --- the evaluation's tables match the geometry (U2) --------------------------------------------


def test_one_face_table_covers_the_36_squares() -> None:
    """U2: the six grid squares, laid on each face as the evaluation reads it, are the cube's 36."""
    laid = {sum(1 << cells[i] for i in range(9) if grid >> i & 1) for cells in FACE_CELLS for grid in GRID_SQUARES}
    assert laid == set(SQUARE_MASKS)
    rng = random.Random(1)
    for _ in range(200):
        mask = rng.getrandbits(27)
        assert face_patterns(mask) == tuple(sum(1 << i for i in range(9) if mask >> cells[i] & 1)
                                            for cells in FACE_CELLS)


def test_threat_cells_are_the_empty_fourth_cells() -> None:
    """U10, U15: three red balls of the small square 000 001 100 101 and 101 empty: 101 wins on an insert."""
    game = two_players()
    state = game.position({"000": 0, "001": 0, "100": 0})
    assert threat_cells(state.board, RED) == 1 << 10  # cell 101


# --- tactics ------------------------------------------------------------------------------------


def test_takes_an_immediate_win_even_by_a_shift() -> None:
    """U8, U11, U15: red's only win is the shift L001, while blue threatens one of its own."""
    state = board_position(two_players(), "011002121222..2222.0....1.0")
    assert winning_moves(state, RED) == ["shift L001"]
    for level in ("easy", "normal"):
        assert str(decide(state, CubulusExpert(level))) == "shift L001"


def test_takes_the_win_rather_than_blocking() -> None:
    """U15: when both threaten, moving first wins: red inserts into its own fourth cell."""
    state = two_players().position({"000": 0, "001": 0, "100": 0, "220": 1, "221": 1, "210": 1})
    action = decide(state, CubulusExpert(QUICK))
    after = state.apply(action)
    assert after.is_terminal and after.winner == RED


def test_blocks_an_immediate_loss() -> None:
    """U15: blue threatens a square; of red's 48 moves only shift L021 leaves blue no winning reply."""
    state = board_position(two_players(), "222112011.22000.1.121.2.200")
    assert not winning_moves(state, RED)
    saving = [str(a) for a in state.legal_actions() if safe(state, a)]
    assert saving == ["shift L021"]
    for level in (QUICK, "normal"):
        assert str(decide(state, CubulusExpert(level))) == "shift L021"


def test_never_hands_the_opponent_a_square_when_it_can_avoid_it() -> None:
    """U15: a move completing the other seat's square loses at once; a block exists here (insert L002 …)."""
    state = board_position(two_players(), "1.11.2.212.0221220.0.0.2.2.")
    assert not winning_moves(state, RED) and 0 < sum(safe(state, a) for a in state.legal_actions()) <= 3
    assert safe(state, decide(state, CubulusExpert(QUICK)))


# --- legality, determinism, levels --------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]), steps=st.integers(0, 40),
       exterior=st.booleans())
def test_always_answers_a_legal_action(seed: int, players: int, steps: int, exterior: bool) -> None:
    """U10–U14, U16: from any position random play reaches — set-up included — the answer is legal."""
    game = tabletop.load("cubulus", players=players, neutral_cells="exterior" if exterior else "all")
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(steps):
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])
    if state.is_terminal or state.is_chance:
        return
    assert decide(state, CubulusExpert(QUICK), seed) in state.legal_actions()


def a_position_in_play(seed: int, moves: int) -> CubulusState:
    """A two-player position reached by random legal play, ``moves`` moves into the play (U10–U12)."""
    rng = random.Random(seed)
    state = two_players().initial_state()
    while state.phase is not Phase.PLAY or state.moves < moves:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert not state.is_terminal
    return state


def test_same_seed_same_choice() -> None:
    """With a node budget and no clock, the expert is a function of the position and its seed."""
    state = a_position_in_play(seed=7, moves=6)
    first = [str(decide(state, CubulusExpert(QUICK), seed)) for seed in range(3)]
    again = [str(decide(state, CubulusExpert(QUICK), seed)) for seed in range(3)]
    assert first == again


def test_every_level_budgets_work_not_seconds() -> None:
    """Bots issue item 4: a level's budget is work, never seconds (a :class:`Level` has no clock), and each
    searches at least as much as the one below (work, then depth)."""
    assert not any("time" in field for field in Level.__dataclass_fields__)
    ordered = [LEVELS[name] for name in ("easy", "normal", "hard")]
    assert ordered == sorted(ordered, key=lambda level: (level.max_nodes, level.max_depth))


def test_every_level_gives_the_same_move_for_the_same_seed_whatever_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """U10–U12 play, every level, twice: the second time with a clock that jumps a minute at every
    reading (a machine far slower than this one). A work budget gives the same move; a time cap would
    have stopped at the first check."""
    state = a_position_in_play(seed=11, moves=8)
    chosen = {name: str(decide(state, CubulusExpert(name), seed=4)) for name in LEVELS}
    readings = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(readings)))
    assert {name: str(decide(state, CubulusExpert(name), seed=4)) for name in LEVELS} == chosen


def test_the_levels_are_the_games_own_bots() -> None:
    """``--seats human,normal`` gets the Cubulus expert, not generic MCTS."""
    game = two_players()
    assert set(game.bots()) == {"easy", "normal", "hard"}
    assert isinstance(make_bot("normal", game), CubulusExpert)


def test_the_48_symmetries_keep_the_squares() -> None:
    """U2: every symmetry of the cube maps the 36 squares onto themselves, so an image of a good
    neutral set-up is as good."""
    squares = set(SQUARE_MASKS)
    assert len(set(SYMMETRIES)) == 48
    for table in SYMMETRIES:
        assert {sum(1 << table[c] for c in range(27) if mask >> c & 1) for mask in squares} == squares


def test_places_the_measured_set_up() -> None:
    """U13: with every cell allowed, the nine neutral balls form an image of the best set-up."""
    game = two_players()
    expert = CubulusExpert(QUICK)
    state = game.initial_state()
    assert state.phase is Phase.SETUP and state.current_player == 1  # seat 0 starts, seat 1 places
    while state.phase is Phase.SETUP:
        state = state.apply(decide(state, expert, seed=4))
    images = {sum(1 << table[c] for c in SETUPS[0]) for table in SYMMETRIES}
    assert state.board[2] in images


def test_the_preferred_set_ups_block_every_square() -> None:
    """U13: the preferred set-up is two opposite corners, six edges and one face centre: a neutral ball
    on each of the 36 squares and none on the centre (so it fits ``neutral_cells=exterior``), with 24
    images under the cube's 48 symmetries. The next is the cells with x + y + z ≡ 0 (mod 3): one
    neutral ball on each of the 27 lines, each square covered, the centre among them, 4 images. No
    set-up is an image of another."""
    images = {sum(1 << table[c] for c in SETUPS[0]) for table in SYMMETRIES}
    preferred = sum(1 << c for c in SETUPS[0])
    kinds = sorted(sum(v == 1 for v in CELLS[c].coords) for c in SETUPS[0])
    assert kinds == [0, 0, 1, 1, 1, 1, 1, 1, 2]  # two corners, six edges, a face centre
    corners = [CELLS[c].coords for c in SETUPS[0] if sum(v == 1 for v in CELLS[c].coords) == 0]
    assert all(abs(a - b) == 2 for a, b in zip(*corners, strict=True))  # opposite corners
    assert all(preferred & square for square in SQUARE_MASKS) and len(SQUARE_MASKS) == 36
    assert not preferred & CENTRE.bit and len(images) == 24
    centred = sum(1 << c for c in SETUPS[1])
    assert centred == sum(cell.bit for cell in CELLS if sum(cell.coords) % 3 == 0)
    assert all((centred & line).bit_count() == 1 for line in LINE_MASKS) and len(LINE_MASKS) == 27
    assert all(centred & square for square in SQUARE_MASKS) and centred & CENTRE.bit
    assert len({sum(1 << table[c] for c in SETUPS[1]) for table in SYMMETRIES}) == 4
    classes = [min(sum(1 << table[c] for c in setup) for table in SYMMETRIES) for setup in SETUPS]
    assert len(set(classes)) == len(SETUPS)


def test_places_the_set_up_it_is_given() -> None:
    """U13: an expert given other set-ups (a study of set-ups, ``benchmarks/cubulus_expert.py --setup``)
    places an image of the first that fits; one that is not nine different cells is refused at once."""
    corners_and_centre = (0, 2, 6, 8, 13, 18, 20, 24, 26)
    game = tabletop.load("cubulus", first="0")
    expert = CubulusExpert(QUICK, setups=(corners_and_centre,))
    state = game.initial_state()
    while state.phase is Phase.SETUP:
        state = state.apply(decide(state, expert, seed=5))
    assert state.board[2] == sum(1 << c for c in corners_and_centre)  # its 48 images are itself
    for wrong in ((0, 1, 2), (0, 0, 1, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3, 4, 5, 6, 7, 27)):
        with pytest.raises(ValueError, match="nine different cells 0–26"):
            CubulusExpert(QUICK, setups=(wrong,))


def test_places_nine_neutral_balls_on_the_surface_when_told() -> None:
    """U13: the seat that does not start places the nine neutral balls; ``neutral_cells=exterior``
    keeps them off the centre 111, and the preferred set-up, free of it, is placed as it is."""
    game = tabletop.load("cubulus", first="0", neutral_cells="exterior")
    expert = CubulusExpert(QUICK)
    state = game.initial_state()
    while state.phase is Phase.SETUP:
        state = state.apply(decide(state, expert))
    assert state.board[2].bit_count() == 9 and not state.board[2] & CENTRE.bit
    assert state.board[2] in {sum(1 << table[c] for c in SETUPS[0]) for table in SYMMETRIES}  # it fits
    assert state.current_player == 0


def test_plays_three_players() -> None:
    """U9: with three seats the expert (paranoid search) plays a whole game legally."""
    game = tabletop.load("cubulus", players=3)
    result = play(game, [CubulusExpert(QUICK), RandomAgent(), CubulusExpert(QUICK)], seed=3, max_actions=200)
    assert result.state.is_terminal or len(result.record.actions) == 200


# --- strength -----------------------------------------------------------------------------------


def test_beats_random_play() -> None:
    """20 games, alternating seats and the starter; at least 12 wins.

    The expert has won every game against random play we have measured, so take its true win
    rate to be at least 95%: then 9 or more losses in 20 games has probability
    Σ_{k≥9} C(20, k)·0.05^k·0.95^(20−k) < 2.1e-7 < 1e-6. (With no clock the games are also
    reproducible, so a failure is a real change, not bad luck.)
    """
    wins = 0
    for i in range(20):
        seat, first = i % 2, i // 2 % 2
        game = tabletop.load("cubulus", first=str(first))
        agents: list[CubulusExpert | RandomAgent] = [RandomAgent(), RandomAgent()]
        agents[seat] = CubulusExpert(QUICK)
        wins += play(game, agents, seed=i).state.returns()[seat] > 0
    assert wins >= 12


def kept(scores: dict[str, int], found: dict[str, int], lead: str) -> dict[str, int]:
    """:func:`keep_last_iteration` on scores by name: ``found`` are the cut iteration's, in the order it
    searched them, ``lead`` (the previous best) first."""
    names = list(scores)
    order = [names.index(lead)] + [i for i, name in enumerate(names) if name != lead]
    values = list(scores.values())
    keep_last_iteration(values, [found.get(name, 0) for name in names], [name in found for name in names], order)
    return dict(zip(names, values, strict=True))


def test_an_iteration_cut_short_keeps_the_last_finished_scores() -> None:
    """Scores from different depths are not compared: the last finished iteration's stand, but a move
    the cut iteration found better than the previous best goes to the top, and proofs are kept."""
    # the lead, searched first, fell to -25 a ply deeper; "second" beat it; the rest were not searched
    assert kept({"lead": 40, "second": 30, "third": 20, "fourth": 10}, {"lead": -25, "second": -5},
                "lead") == {"lead": 40, "second": 41, "third": 20, "fourth": 10}
    # nothing beat the lead: the order stands, whatever the new depth's scores were
    assert kept({"lead": 40, "second": 30, "third": 20}, {"lead": -25, "second": -60, "third": -70},
                "lead") == {"lead": 40, "second": 30, "third": 20}
    # a proved loss or win counts at any depth
    assert kept({"lead": 40, "second": 30, "third": 20}, {"lead": -(WIN - 7), "second": WIN - 5},
                "lead") == {"lead": -(WIN - 7), "second": WIN - 5, "third": 20}
    # the lead not even finished: only proofs move anything
    assert kept({"lead": 40, "second": 30}, {}, "lead") == {"lead": 40, "second": 30}
