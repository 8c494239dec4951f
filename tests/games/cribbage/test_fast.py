"""The fast playout engine (:mod:`tabletop.games.cribbage.fast`) against the readable engine, its reference.

Every game the fast engine plays is replayed, action by action, through the readable rules engine
(which validates each action), and the scores after every hand, the final scores and the winner
must agree; its scoring tables and kernels are checked against :mod:`.scoring` directly.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

import tabletop
from tabletop.core import Record
from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.core.record import iter_replay
from tabletop.games.cribbage import CribbageState, Phase
from tabletop.games.cribbage.fast import FastGame, pegging_points, random_game, random_games, show_points
from tabletop.games.cribbage.scoring import pegging_score, score_hand, value


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


def test_show_points_for_every_rank_pattern() -> None:
    """All 6,175 patterns of five ranks (each card of a rank in a different suit), hand and crib."""
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] == ranks[4]:
            continue
        suits = [ranks[:i].count(r) for i, r in enumerate(ranks)]  # 0 for a rank's first card, 1 for its second…
        cards = [DECK[(r - 1) * 4 + s] for r, s in zip(ranks, suits, strict=True)]
        for starter in (0, 4):  # the lowest and the highest rank as the starter
            hand = [c for i, c in enumerate(cards) if i != starter]
            indices = [c.index for c in hand]
            for crib in (False, True):
                assert show_points(indices, cards[starter].index, crib) == score_hand(hand, cards[starter], crib).total


def test_show_points_with_flushes_and_nobs() -> None:
    """Random hands, plus the flushes (C13: four in hand, five in the crib) and nobs."""
    rng = random.Random(13)
    for _ in range(3000):
        *hand, starter = rng.sample(DECK, 5)
        for crib in (False, True):
            assert show_points([c.index for c in hand], starter.index, crib) == score_hand(hand, starter, crib).total
    hearts = parse_cards(["2H", "4H", "6H", "JH"])
    for text, hand_points, crib_points in (("8S", 4, 0), ("8H", 5 + 1, 5 + 1), ("8C", 4, 0)):
        card = Card.parse(text)
        indices = [c.index for c in hearts]
        assert show_points(indices, card.index) == score_hand(hearts, card).total == hand_points
        assert show_points(indices, card.index, crib=True) == score_hand(hearts, card, crib=True).total == crib_points
    five_fives = [Card.parse(c).index for c in ("5H", "5C", "5S", "JD")]
    assert show_points(five_fives, Card.parse("5D").index) == 29


def test_pegging_points_match_the_readable_kernel() -> None:
    """Random legal series (count at most 31): fifteens, 31s, pairs royal, the longest run."""
    rng = random.Random(31)
    checked = 0
    for _ in range(3000):
        pack = list(DECK)
        rng.shuffle(pack)
        series: list[Card] = []
        count = 0
        for card in pack:
            if count + value(card) > 31:
                continue
            series.append(card)
            count += value(card)
            assert pegging_points([c.rank - 1 for c in series], count) == pegging_score(series).total
            checked += 1
            if rng.random() < 0.2:
                break
    assert checked > 10_000
    runs = parse_cards(["3C", "5D", "4S", "7H", "6C"])
    assert pegging_points([c.rank - 1 for c in runs], 25) == pegging_score(runs).total == 5
    royal = parse_cards(["7C", "7D", "7S", "7H"])
    assert pegging_points([c.rank - 1 for c in royal], 28) == pegging_score(royal).total == 12
