"""Each game's own points per seat (``State.seat_points``), used by simulation statistics, and
Beetle's bot (B13: no decisions, every level rolls)."""

from __future__ import annotations

import random
from typing import Any

import tabletop
from tabletop.agents import make_bot
from tabletop.core import LEVELS, Decision, State
from tabletop.games.beetle import ROLL
from tabletop.sim import random_playout


def finished(name: str, seed: int, **options: Any) -> State[Any]:
    return random_playout(tabletop.load(name, **options), random.Random(seed))[0]


def test_cribbage_seat_points_are_each_sides_front_peg_c3() -> None:
    state: Any = finished("cribbage", 1, players=4, target=61)
    game = state.game
    assert state.seat_points() == tuple(float(state.scores[game.side_of(s)]) for s in range(4))
    assert max(state.seat_points()) == 61  # C3: the winner pegs out exactly at the target


def test_kubik_seat_points_are_each_teams_score_k7_k9_k11() -> None:
    state: Any = finished("kubik", 2, players=4, throws="calibrated", target=15)
    assert state.seat_points() == tuple(float(state.scores[state.game.team_of(s)]) for s in range(4))
    assert max(state.seat_points()) >= 15  # K11: the winning team reached the target


def test_beetle_seat_points_count_parts_drawn_b3() -> None:
    state = finished("beetle", 3, players=3)
    assert max(state.seat_points() or ()) == 13  # B3: the winner's beetle is complete
    assert tabletop.load("cubulus").initial_state().seat_points() is None  # no score beyond the result


def test_beetle_bots_roll_at_every_level_b13() -> None:
    game = tabletop.load("beetle", players=2)
    state = game.initial_state()
    decision = Decision(game, state.current_player, state.view(0), tuple(state.legal_actions()))
    assert all(make_bot(level, game).choose(decision, random.Random(0)) == ROLL for level in LEVELS)
