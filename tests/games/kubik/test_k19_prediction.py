"""K19 by construction (#41 item 1): what the interceptor sees at the crossing does not tell how the throw
ends. The referee's reproduction — rebuild the state from the interceptor's view (``state_from_view``),
hold back, sample the end — gave the real end in 40 of 40 crossings under rules 1, where the crossing's
noise decided it. Under rules 2 the end is drawn after the decision (the turf's noise, K19), so a
prediction from the view agrees with the real end only as often as the end's own distribution allows:
a fresh draw agrees with another about as often as two draws of that distribution do."""

from __future__ import annotations

import random
from collections import Counter

import tabletop
from tabletop.games.kubik.actions import Strike
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.state import KubikState

THROWS = [f"throw A pos {pos} aim {aim} power {power} spin {spin}"
          for pos in (-0.5, 0, 0.5) for aim in (-2, 0, 2) for power in (12, 14, 16, 18) for spin in (2, 4, 6)]


def crossings(game: tabletop.core.Game, count: int, seed: int) -> list[KubikState]:
    """``count`` crossings of physics throws with an interceptor standing, the interceptor to decide."""
    rng = random.Random(seed)
    found: list[KubikState] = []
    while len(found) < count:
        state = game.initial_state().apply_text("first A").apply_text("intercept B1").apply_text(rng.choice(THROWS))
        outcome = state.sample_chance(rng)
        if outcome.kind == "cross":
            crossing = state.apply(outcome)
            assert isinstance(crossing, KubikState) and crossing.phase is Phase.CROSSING
            found.append(crossing)
    return found


def end(state: KubikState, rng: random.Random) -> str:
    """How the throw ends after the interceptor holds back: its outcome without the noise."""
    rest = state.apply(Strike(False))
    outcome = rest.sample_chance(rng)
    return f"{outcome.kind} {outcome.top}"


def test_k19_the_interceptor_s_view_does_not_tell_the_end() -> None:
    game = tabletop.load("kubik", players=2, interception=True, hold_back=True)
    real_rng, guess_rng = random.Random(7), random.Random(8)
    agree, expected, decided = 0, 0.0, 0
    for crossing in crossings(game, 40, seed=3):
        view = crossing.view(crossing.current_player)
        rebuilt = game.state_from_view(view, random.Random(0))
        assert rebuilt == crossing  # the view holds the whole crossing: where, how fast, its noise
        real = end(crossing, real_rng)
        agree += end(rebuilt, guess_rng) == real  # the referee's reproduction
        draws = Counter(end(rebuilt, guess_rng) for _ in range(12))  # the end's distribution, from the view
        expected += sum((n / 12) ** 2 for n in draws.values())  # how often two draws of it agree
        decided += len(draws) == 1
    # rules 1: 40 of 40 (the crossing decided the end); rules 2: about as often as two draws agree
    assert agree <= expected + 3 * (expected * (1 - expected / 40)) ** 0.5 + 1, (agree, expected)
    assert agree < 34 and decided < 20, (agree, decided)


def test_k19_rules_1_records_keep_their_ends() -> None:
    """A record played by rules 1 (before the change) replays as it was: there the crossing's noise ran
    the throw on, and the rest carries no noise of its own (the compatibility fixtures replay such games)."""
    game = tabletop.load("kubik", players=2, interception=True, rules=1)
    assert game.options["hold_back"] and game.notes
    crossing = crossings(game, 1, seed=5)[0]
    first = end(crossing, random.Random(1))
    assert all(end(crossing, random.Random(seed)) == first for seed in range(2, 6))  # decided by the crossing
    rest = crossing.apply(Strike(False)).sample_chance(random.Random(1))
    assert rest.noise == ()
