"""The fast playout engine (:mod:`tabletop.games.cribbage.fast`) against the readable engine, its reference.

Every game the fast engine plays is replayed, action by action, through the readable rules engine
(which validates each action), and the scores after every hand, the final scores and the winner
must agree; its scoring tables and kernels are checked against :mod:`.scoring` directly.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core import Record
from tabletop.core.record import iter_replay
from tabletop.games.cribbage import CribbageState, Phase
from tabletop.games.cribbage.fast import FastGame, random_game, random_games


def replay_hands(game: FastGame) -> tuple[CribbageState, list[tuple[int, ...]]]:
    """Replay ``game`` in the readable engine: the final state and the scores after each completed show."""
    readable = tabletop.load("cribbage", **game.options)
    after_hands: list[tuple[int, ...]] = []
    previous: CribbageState | None = None
    state = None
    for state in iter_replay(readable, game.actions):
        assert isinstance(state, CribbageState)
        if previous is not None and previous.phase is Phase.SHOW and state.phase is Phase.DEAL:
            after_hands.append(state.scores)
        previous = state
    assert isinstance(state, CribbageState)
    return state, after_hands


@pytest.mark.parametrize(("players", "games"), [(2, 400), (3, 100), (4, 120)])
def test_random_games_replay_identically_in_the_readable_engine(players: int, games: int) -> None:
    """Same actions, same rules: the scores after every hand, the final scores and the winner agree."""
    rng = random.Random(100 + players)
    for game in random_games(games, rng, players):
        final, after_hands = replay_hands(game)
        assert final.is_terminal
        assert tuple(after_hands) == game.hand_scores
        result = final.results[-1]
        assert result.scores == game.scores
        assert result.winner == game.winner
        assert game.scores[game.winner] == game.target
        assert all(score < game.target for side, score in enumerate(game.scores) if side != game.winner)


def test_choices_and_chance_are_uniform() -> None:
    """Like :func:`tabletop.sim.random_playout`: every legal action, and every card left in the pack,
    equally likely. The position of each choice among the readable engine's options is summed against
    its expectation, (k - 1) / 2 out of k, and must stay within four standard deviations."""
    excess = {False: 0.0, True: 0.0}  # keyed by "is a chance node"
    variance = {False: 0.0, True: 0.0}
    for game in random_games(50, random.Random(7), 2):
        state = tabletop.load("cribbage", **game.options).initial_state()
        for text in game.actions:
            action = state.game.parse_action(text)
            chance = state.is_chance
            options = [a for a, _ in state.chance_outcomes()] if chance else list(state.legal_actions())
            k = len(options)
            excess[chance] += options.index(action) - (k - 1) / 2
            variance[chance] += (k * k - 1) / 12
            state = state.apply(action)
    for chance in (False, True):
        assert variance[chance] > 10_000 and abs(excess[chance]) < 4 * variance[chance] ** 0.5


def test_short_game_target_and_the_record() -> None:
    """C3: any target; the game's record replays through ``tabletop.replay`` with every option written out."""
    rng = random.Random(61)
    for _ in range(20):
        game = random_game(rng, players=2, target=61)
        record = game.record()
        assert record.options == dict(tabletop.load("cribbage", target=61).options)
        assert Record.from_json(record.to_json()) == record
        final = tabletop.replay(record)
        assert isinstance(final, CribbageState) and final.is_terminal
        assert final.results[-1].scores == game.scores
        assert final.returns()[game.winner] == 1.0


def test_the_same_generator_plays_the_same_game() -> None:
    """No hidden randomness (STYLE 4): a seed reproduces the game."""
    assert random_game(random.Random(5), 3) == random_game(random.Random(5), 3)
    assert random_game(random.Random(5), 3) != random_game(random.Random(6), 3)


def test_games_open_with_the_cut_and_deal() -> None:
    """C6 then C5: the record starts with one cut per seat (more on ties), then the deal."""
    game = random_game(random.Random(1), 4)
    cuts = [a for a in game.actions[:12] if a.startswith("cut ")]
    assert len(cuts) >= 4 and game.actions[len(cuts)].startswith("deal ")
    assert sum(1 for a in game.actions[len(cuts):len(cuts) + 20] if a.startswith("deal ")) == 20


@pytest.mark.parametrize(("players", "target"), [(1, 121), (5, 121), (2, 30), (2, 182)])
def test_options_out_of_range_are_refused(players: int, target: int) -> None:
    with pytest.raises(ValueError, match="players must be"):
        random_game(random.Random(0), players, target)
