"""The compiled proof-number search (:mod:`tabletop.games.cubulus.compiled.proof`) is the Python one
(:mod:`tabletop.games.cubulus.proof_numbers`) run faster: on random positions of random legal play,
with two and three players and every rule option, it gives the same result, line, length and count
of positions made, for every budget."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.cubulus import Cubulus, CubulusState, Phase
from tabletop.games.cubulus import proof_numbers as python
from tabletop.games.cubulus.compiled import proof as compiled
from tabletop.games.cubulus.solver import Outcome

from .helpers import BLUE, RED, two_players
from .test_expert import board_position
from .test_solver import LOSS_IN_2, LOSS_IN_4, THREAT_WIN_IN_7, WIN_IN_3, WIN_IN_5


def random_play(seed: int, players: int, moves: int, **options: object) -> CubulusState:
    """The position ``moves`` moves into the play of a random legal game (U9–U14), each move drawn
    among those that do not end the game (U15, U16) while there are any; one where every move ends
    it is taken as it is."""
    rng = random.Random(seed)
    state = Cubulus(players=players, first=0, **options).initial_state()
    while state.phase is not Phase.PLAY or state.moves < moves:
        legal = list(state.legal_actions())
        rng.shuffle(legal)
        going = (after for action in legal if not (after := state.apply(action)).is_terminal)
        following = next(going, None)
        if following is None:
            return state
        state = following
    return state


@st.composite
def positions(draw: st.DrawFn) -> CubulusState:
    """A position of random legal play, two or three players, with the options that change what a move
    may do or when a line proves nothing: null shifts (U11), the undo ban (U12), the repetition draw and
    the move cap (U16: two times in three a cap a few moves ahead of the position)."""
    players = draw(st.sampled_from([2, 3]))
    moves = draw(st.integers(0, 45))
    options = {
        "allow_null_shift": draw(st.booleans()),
        "no_undo": draw(st.sampled_from(["next", "off"])),
        "repetition_draw": draw(st.booleans()),
        "move_cap": draw(st.sampled_from([300, moves + 3, moves + 6])),
    }
    return random_play(draw(st.integers(0, 2**32)), players, moves, **options)


def same(state: CubulusState, seat: int, max_nodes: int, max_plies: int, threats_only: bool) -> Outcome:
    """Both searches' ``proved_outcome`` and ``proved_loss`` for ``seat`` agree; the outcome."""
    outcome = python.proved_outcome(state, max_nodes, max_plies, threats_only)
    assert compiled.proved_outcome(state, max_nodes, max_plies, threats_only) == outcome
    loss = python.proved_loss(state, seat, max_nodes, max_plies, threats_only)
    assert compiled.proved_loss(state, seat, max_nodes, max_plies, threats_only) == loss
    return outcome


@settings(max_examples=60, deadline=None)
@given(state=positions(), seat=st.integers(0, 2), max_nodes=st.integers(300, 2_000), max_plies=st.integers(5, 11),
       threats_only=st.booleans())
def test_the_same_answers_on_random_positions(state: CubulusState, seat: int, max_nodes: int, max_plies: int,
                                              threats_only: bool) -> None:
    """U10–U16: the same result, line, plies and positions made, for the seat to move and for a seat's
    loss: the count shows that the same nodes were made, the line that the same ones were chosen."""
    same(state, seat % state.game.num_players, max_nodes, max_plies, threats_only)


KNOWN = [(WIN_IN_3, BLUE, False), (WIN_IN_3, BLUE, True), (WIN_IN_5, RED, True), (LOSS_IN_2, RED, False),
         (LOSS_IN_2, RED, True), (LOSS_IN_4, BLUE, True)]
"""Positions with a forced result of two to seven plies (:mod:`.test_solver`), and whether to search
threats only: each is proved within the budget of :func:`test_the_same_proofs`."""
PROVED_SEEDS = [1, 9, 20, 25, 40, 41, 45, 55]
"""Random games (:func:`random_play`) whose positions have a forced result the search must work for."""


def test_the_same_proofs() -> None:
    """U15: wins and losses actually proved, of two plies or more and found by expanding the tree, are
    the same, lines included (the comparison is not only of ``unknown``); the loss is asked for the
    seat that loses."""
    states = [(board_position(two_players(), text, to_move=seat), threats) for text, seat, threats in KNOWN]
    states += [(random_play(seed, 2 + seed % 2, 10 + seed % 25), True) for seed in PROVED_SEEDS]
    proved = 0
    for state, threats_only in states:
        outcome = python.proved_outcome(state, 3_000, 9, threats_only)
        loser = state.to_move if outcome.result == "loss" else (state.to_move + 1) % state.game.num_players
        assert same(state, loser, 3_000, 9, threats_only) == outcome
        proved += outcome.result != "unknown" and outcome.plies >= 2 and outcome.nodes > 0
    assert proved >= len(states) - 2


def test_the_table_grows_as_the_search_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table made too small for the budget is doubled between expansions, with the same answers."""
    monkeypatch.setattr(compiled, "_capacity", lambda max_nodes: 0)
    assert same(board_position(two_players(), THREAT_WIN_IN_7, to_move=BLUE), RED, 2_500, 7, True).nodes > 2_000
    assert same(random_play(3, 3, 13), 1, 2_000, 9, True).nodes > 1_000


def test_the_set_up_is_refused() -> None:
    """U13: the neutral set-up is not a position in play, for either search."""
    setup = two_players().initial_state()
    for search in (python, compiled):
        with pytest.raises(ValueError, match="position in play"):
            search.proved_outcome(setup, 100, 3)
