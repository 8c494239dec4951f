"""Property tests over random legal play: cards are conserved, the count never passes 31, scores
only increase within a game, and the pegs leapfrog (C2) — never moving on a zero, never losing
the rear peg."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.cards import DECK
from tabletop.games.cribbage import CribbageState, Pegs, Phase


def random_steps(game: Any, seed: int) -> Iterator[tuple[CribbageState, CribbageState]]:
    """Every (before, after) pair of one random legal game, chance drawn from ``seed``."""
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal:
        before = state
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        assert isinstance(before, CribbageState) and isinstance(state, CribbageState)
        yield before, state


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1), muggins=st.booleans())
def test_invariants_of_random_play(players: int, seed: int, muggins: bool) -> None:
    game = tabletop.load("cribbage", players=players, muggins=muggins, games=3, target=61)
    for before, state in random_steps(game, seed):
        # card conservation: every card is in exactly one place
        if state.phase not in (Phase.CUT,):
            places = [*state.deck, *state.crib, *(c for h in state.hands for c in h),
                      *(c for p in state.piles for c in p), *([state.starter] if state.starter else [])]
            assert len(places) == 52 and set(places) == set(DECK)
            for seat in range(players):  # the kept hand is what is held plus what was played
                if state.kept[seat]:
                    assert set(state.kept[seat]) == set(state.hands[seat]) | set(state.piles[seat])
        # C8–C10: the count never passes 31 and equals the series' values
        assert 0 <= state.count <= 31
        assert state.count == sum(min(c.rank, 10) for c in state.series)
        if len(state.results) == len(before.results):  # same game: scores only go up, pegs leapfrog
            for side, (old, new) in enumerate(zip(before.pegs, state.pegs, strict=True)):
                assert new.front >= old.front
                gained = sum(e.points for e in state.scored if e.side == side)
                assert new.front - old.front == gained
                if gained:
                    assert new.rear >= old.front  # the rear peg is the previous front (C2)
                    assert (new.rear == old.front) == (sum(1 for e in state.scored
                                                           if e.side == side and e.points) == 1)
            assert state.scores == tuple(p.front for p in state.pegs)
        assert max(state.scores) <= game.options["target"]
    assert len(state.results) >= 2


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1), muggins=st.booleans())
def test_c2_pegs_never_move_on_a_zero(players: int, seed: int, muggins: bool) -> None:
    """C2: an action that pegs nothing for a side (a hand or crib worth 0, a muggins count of 0)
    leaves its pegs where they were; the rear peg is never lost under the front one; each score
    moves the rear peg past the front one. Random muggins counts sometimes declare 0."""
    game = tabletop.load("cribbage", players=players, muggins=muggins, target=61)
    for before, state in random_steps(game, seed):
        for side, (old, new) in enumerate(zip(before.pegs, state.pegs, strict=True)):
            scored = [e.points for e in state.scored if e.side == side]
            if not any(scored):
                assert new == old  # nothing scored: no peg moves
            else:
                assert new.rear >= old.front and new.front > new.rear  # the rear peg leapfrogged
            assert new.front > new.rear or new == Pegs()  # both pegs visible, except at the start
    assert max(state.scores) == 61
