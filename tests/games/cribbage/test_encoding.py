"""Cribbage's numeric form (docs/encodings.md): every action and chance outcome has an index that
round-trips, masks match the legal actions, and a seat's vector is read from its view alone.

Rule numbers are those of the cribbage rules (C1–C20).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import Encoding
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage import (
    Claim,
    Count,
    Cribbage,
    CribbageState,
    Cut,
    Deal,
    Discard,
    Go,
    Muggins,
    Pass,
    Phase,
    Play,
    Starter,
)
from tabletop.games.cribbage.encoding import CribbageEncoding
from tests.games.cribbage.helpers import play_out, setup

SIZES = {  # (players, muggins): (num_actions, observation_size)
    (2, False): (1326 + 52 + 1 + 1, 610),
    (2, True): (1326 + 52 + 1 + 30 + 32 + 2, 610),
    (3, False): (52 + 52 + 1 + 1, 813),
    (3, True): (52 + 52 + 1 + 30 + 32 + 2, 813),
    (4, False): (52 + 52 + 1 + 1, 965),
    (4, True): (52 + 52 + 1 + 30 + 32 + 2, 965),
}


def load(**options: Any) -> Cribbage:
    game = tabletop.load("cribbage", **options)
    assert isinstance(game, Cribbage)
    return game


def slices(encoding: Encoding[Any]) -> dict[str, slice]:
    """Where each named field lies in the vector."""
    found, start = {}, 0
    for field in encoding.fields:
        found[field.name] = slice(start, start + field.size)
        start += field.size
    return found


def cards_at(vector: np.ndarray[Any, Any]) -> set[str]:
    """The cards marked in a 52-place stretch."""
    return {str(DECK[i]) for i in np.flatnonzero(vector)}


def test_encoding_is_made_once_per_game() -> None:
    """The encoding is cached on the (immutable) game."""
    game = load(players=3)
    assert game.encoding() is game.encoding()
    assert isinstance(game.encoding(), CribbageEncoding)


@pytest.mark.parametrize(("players", "muggins"), list(SIZES))
@pytest.mark.parametrize("extra", [{}, {"target": 61, "games": 3, "skunk": True, "stop_at_majority": True}])
def test_sizes_depend_on_players_and_muggins_only(players: int, muggins: bool, extra: dict[str, Any]) -> None:
    """C5 (discard one or two), C17 (muggins adds declarations): the numbering per configuration;
    the target and match options change neither size."""
    encoding = load(players=players, muggins=muggins, **extra).encoding()
    assert (encoding.num_actions, encoding.observation_size) == SIZES[players, muggins]
    assert encoding.num_chance_outcomes == 156
    assert len(encoding.describe().splitlines()) == len(encoding.fields)


@pytest.mark.parametrize(("players", "muggins"), list(SIZES))
def test_every_index_is_a_distinct_action_in_notation(players: int, muggins: bool) -> None:
    """Indices round-trip both ways and each numbered action reads back from its notation."""
    game = load(players=players, muggins=muggins)
    encoding = game.encoding()
    actions = [encoding.action_at(i) for i in range(encoding.num_actions)]
    assert len(set(actions)) == len(actions)
    for i, action in enumerate(actions):
        assert encoding.action_index(action) == i
        assert game.parse_action(str(action)) == action


def test_c5_two_players_number_every_unordered_pair() -> None:
    """C5: with two players a discard is 2 cards, in either order: all C(52, 2) = 1326 pairs."""
    game = load(players=2)
    encoding = game.encoding()
    indices = {encoding.action_index(Discard(pair)) for pair in combinations(DECK, 2)}
    assert indices == set(range(1326))
    assert encoding.action_index(game.parse_action("discard 6D 5H")) == encoding.action_index(
        game.parse_action("discard 5H 6D"))
    with pytest.raises(ValueError, match="not a player action of 2-player cribbage"):
        encoding.action_index(Discard((DECK[0],)))


@pytest.mark.parametrize("players", [3, 4])
def test_c5_three_and_four_players_discard_one_card(players: int) -> None:
    """C5: with three or four players a discard is one card: 52 indices."""
    encoding = load(players=players).encoding()
    assert {encoding.action_index(Discard((card,))) for card in DECK} == set(range(52))
    with pytest.raises(ValueError, match=f"not a player action of {players}-player cribbage"):
        encoding.action_index(Discard(DECK[:2]))


def test_c8_c9_c13_play_go_and_count_follow_the_discards() -> None:
    """C8: the 52 cards to play; C9: go; C13: count — in that order after the discards."""
    encoding = load(players=3).encoding()
    assert [encoding.action_index(Play(card)) for card in DECK] == list(range(52, 104))
    assert encoding.action_index(Go()) == 104
    assert encoding.action_index(Count()) == 105
    with pytest.raises(ValueError, match=r"not a player action of 3-player cribbage; numbered: .* count$"):
        encoding.action_index(Count(12))
    with pytest.raises(ValueError, match="not a player action"):
        encoding.action_index(Claim(2))


def test_c17_muggins_numbers_every_declaration() -> None:
    """C17/C20: with muggins, ``count 0``–``count 29``, ``claim 0``–``claim 31``, ``muggins``, ``pass``."""
    encoding = load(players=2, muggins=True).encoding()
    base = 1326 + 52 + 1
    assert [encoding.action_index(Count(n)) for n in range(30)] == list(range(base, base + 30))
    assert [encoding.action_index(Claim(n)) for n in range(32)] == list(range(base + 30, base + 62))
    assert encoding.action_index(Muggins()) == base + 62
    assert encoding.action_index(Pass()) == base + 63
    with pytest.raises(ValueError, match="with muggins"):
        encoding.action_index(Count())  # a count must be declared with muggins
    with pytest.raises(ValueError, match="not a player action"):
        encoding.action_index(Count(30))  # C20: no hand is worth 30


def test_c6_c5_c7_chance_outcomes_are_numbered_apart_from_the_state() -> None:
    """C6 cut, C5 deal, C7 starter: 52 each, by card index, whatever the state."""
    encoding = load(players=2).encoding()
    assert [encoding.chance_index(Cut(card)) for card in DECK] == list(range(52))
    assert [encoding.chance_index(Deal(card)) for card in DECK] == list(range(52, 104))
    assert [encoding.chance_index(Starter(card)) for card in DECK] == list(range(104, 156))
    assert encoding.chance_at(0) == Cut(Card.parse("AC"))
    assert encoding.chance_at(155) == Starter(Card.parse("KS"))


def test_bad_indices_and_actions_are_refused_with_the_range() -> None:
    """Out-of-range indices and outcomes offered as actions (or the reverse) raise ValueError."""
    encoding = load(players=4, muggins=True).encoding()
    with pytest.raises(ValueError, match="action 169 is out of range 0–168"):
        encoding.action_at(169)
    with pytest.raises(ValueError, match="out of range 0–168"):
        encoding.action_at(-1)
    with pytest.raises(ValueError, match="chance outcome 156 is out of range 0–155"):
        encoding.chance_at(156)
    with pytest.raises(ValueError, match="a chance outcome, not a player action"):
        encoding.action_index(Starter(DECK[0]))
    with pytest.raises(ValueError, match="not a chance outcome"):
        encoding.chance_index(Play(DECK[0]))


def test_observe_refuses_another_seats_view() -> None:
    """A view must be the observing seat's own, of this table size."""
    game = load(players=2)
    view = game.initial_state().view(0)
    with pytest.raises(ValueError, match="not seat 2's view"):
        game.encoding().observe(view, 1)
    with pytest.raises(ValueError, match="no seat has index 2"):
        game.encoding().observe(view, 2)
    with pytest.raises(ValueError, match="3-player cribbage"):
        load(players=3).encoding().observe(view, 0)


def test_c8_c11_the_pegging_as_seen_by_each_seat() -> None:
    """C5/C7/C8/C11: own hand and laid-away cards, the starter, piles per seat (observer first),
    the series in order with who played it, the count, and the pair pegged for the dealer."""
    state = setup(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], ["5C 6C", "5D 6D"], "KS")
    state = play_out(state, "AD", "AC")  # the pone leads, the dealer pairs: 2 (C11)
    encoding = state.game.encoding()
    at = slices(encoding)
    dealer = encoding.observe(state.view(0), 0)
    assert cards_at(dealer[at["hand"]]) == {"2C", "3C", "4C"}
    assert cards_at(dealer[at["discards"]]) == {"5C", "6C"}
    assert cards_at(dealer[at["starter"]]) == {"KS"}
    piles = dealer[at["piles"]].reshape(2, 52)
    assert cards_at(piles[0]) == {"AC"} and cards_at(piles[1]) == {"AD"}
    series = dealer[at["series"]].reshape(8, 15)
    assert list(np.flatnonzero(series[0])) == [0, 13 + 1]  # an ace, by the other seat
    assert list(np.flatnonzero(series[1])) == [0, 13 + 0]  # an ace, by the observer
    assert not series[2:].any()
    assert dealer[at["count"]][0] == pytest.approx(2 / 31)
    assert list(dealer[at["scores"]]) == pytest.approx([2 / 121, 0])
    assert list(dealer[at["dealer"]]) == [1, 0]
    pone = encoding.observe(state.view(1), 1)
    assert cards_at(pone[at["hand"]]) == {"2D", "3D", "4D"}
    assert cards_at(pone[at["piles"]][:52]) == {"AD"}  # the pone's own pile comes first for the pone
    assert list(pone[at["scores"]]) == pytest.approx([0, 2 / 121])
    assert list(pone[at["dealer"]]) == [0, 1]
    assert not pone[at["hands_shown"]].any()  # C13: hands are not face up before the show


def test_c13_the_show_puts_every_hand_and_then_the_crib_in_the_vector() -> None:
    """C13: in the show every four-card hand is face up; the crib only when the dealer counts it."""
    state = setup(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], ["5C 6C", "5D 6D"], "KS")
    while state.phase is not Phase.SHOW:
        moved = state.apply(state.legal_actions()[0])
        assert isinstance(moved, CribbageState)
        state = moved
    encoding = state.game.encoding()
    at = slices(encoding)
    vector = encoding.observe(state.view(1), 1)
    shown = vector[at["hands_shown"]].reshape(2, 52)
    assert cards_at(shown[0]) == {"AD", "2D", "3D", "4D"} and cards_at(shown[1]) == {"AC", "2C", "3C", "4C"}
    assert not vector[at["crib"]].any()
    assert list(vector[at["show_step"]]) == [1, 0, 0]
    state = play_out(state, "count", "count")
    vector = encoding.observe(state.view(1), 1)
    assert cards_at(vector[at["crib"]]) == {"5C", "6C", "5D", "6D"}
    assert list(vector[at["show_step"]]) == [0, 0, 1]


def test_c15_partners_see_their_side_first() -> None:
    """C15: with four players sides are relative too — seats 1 and 3 see side 1's score first."""
    game = load(players=4)
    encoding = game.encoding()
    at = slices(encoding)
    rng = random.Random(3)
    state = game.initial_state()
    while not any(state.scores) or state.scores[0] == state.scores[1]:
        moved = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        assert isinstance(moved, CribbageState)
        state = moved
    for seat in range(4):
        scores = encoding.observe(state.view(seat), seat)[at["scores"]]
        own, other = state.scores[seat % 2], state.scores[1 - seat % 2]
        assert list(scores) == pytest.approx([own / 121, other / 121])


def test_c17_a_muggins_claim_is_in_the_vector() -> None:
    """C17: the declared points, whose they are and who may still take them — never what they were
    really worth (spotting the miss is the opponent's skill)."""
    state = setup(["4H 6S 5D TD 5C AS", "2C 3D 4C KS 7C 8D"], ["5C AS", "7C 8D"], "TC", muggins=True)
    state = play_out(state, "3D", "claim 0", "4H", "claim 0", "2C", "claim 1")  # a run of three, 1 declared
    assert state.phase is Phase.MUGGINS
    encoding = state.game.encoding()
    at = slices(encoding)
    vector = encoding.observe(state.view(0), 0)
    assert vector[at["pending"]][0] == 1
    assert list(vector[at["pending_seat"]]) == [0, 1]
    assert list(vector[at["pending_points"]]) == pytest.approx([1, 1 / 31])
    assert "actual" not in state.view(1)["pending"]
    assert list(vector[at["pending_what"]]) == [1, 0, 0]
    assert list(vector[at["show_step"]]) == [0, 0, 0]  # a claim in the play is not the show
    mask = encoding.legal_mask(state)
    assert [encoding.action_at(int(i)) for i in np.flatnonzero(mask)] == [Muggins(), Pass()]


def _random_game(game: Cribbage, seed: int) -> list[CribbageState]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = game.initial_state()
    seen = [state]
    while not state.is_terminal:
        moved = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        assert isinstance(moved, CribbageState)
        state = moved
        seen.append(state)
    return seen


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), muggins=st.booleans(), seed=st.integers(0, 2**32 - 1),
       match=st.sampled_from([{}, {"games": 3, "skunk": True}]))
def test_indices_masks_and_observations_over_random_play(players: int, muggins: bool, seed: int,
                                                         match: dict[str, Any]) -> None:
    """Over random games of every table size, with and without muggins: each legal action and
    chance outcome has a distinct in-range index that round-trips, the mask is exactly the legal
    actions, and every seat's vector is float32 of the declared size in [0, 1], read from the view
    alone — states rebuilt from the view with other hidden cards (other rngs) give the same vector."""
    game = load(players=players, muggins=muggins, target=61, **match)
    encoding = game.encoding()
    rngs = (random.Random(seed), random.Random(seed + 1))
    hidden_differed = False
    for state in _random_game(game, seed):
        legal = state.legal_actions()
        mask = encoding.legal_mask(state)
        assert mask.shape == (encoding.num_actions,) and mask.dtype == np.int8
        if state.is_chance:
            indices = [encoding.chance_index(outcome) for outcome in legal]
            assert all(0 <= i < encoding.num_chance_outcomes for i in indices)
            assert [encoding.chance_at(i) for i in indices] == list(legal)
            assert not mask.any()
        elif state.is_terminal:
            assert not mask.any()
        else:
            indices = [encoding.action_index(action) for action in legal]
            assert len(set(indices)) == len(indices)
            assert all(0 <= i < encoding.num_actions for i in indices)
            assert [encoding.action_at(i) for i in indices] == list(legal)
            assert set(np.flatnonzero(mask)) == set(indices)
        for seat in range(players):
            view = state.view(seat)
            vector = encoding.observe(view, seat)
            assert vector.dtype == np.float32 and vector.shape == (encoding.observation_size,)
            assert ((vector >= 0) & (vector <= 1)).all()
            worlds = [game.state_from_view(view, rng) for rng in rngs]
            hidden_differed |= worlds[0].hands != worlds[1].hands or worlds[0].crib != worlds[1].crib
            for world in worlds:
                assert np.array_equal(encoding.observe(world.view(seat), seat), vector)
    assert hidden_differed  # the worlds really did hide different cards from the observer


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_opponents_hidden_cards_do_not_change_the_vector(players: int) -> None:
    """Views hide other hands before the show: swapping an opponent's unplayed card for one from
    the pack changes the state but not the observer's vector."""
    game = load(players=players)
    rng = random.Random(players)
    state = game.initial_state()
    while state.phase is not Phase.PLAY:
        moved = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        assert isinstance(moved, CribbageState)
        state = moved
    opponent = (state.dealer + 1) % players
    observer = state.dealer
    old, new = state.hands[opponent][0], state.deck[0]
    swapped = state.replace(
        hands=tuple(tuple(new if c == old else c for c in h) if s == opponent else h
                    for s, h in enumerate(state.hands)),
        kept=tuple(tuple(new if c == old else c for c in h) if s == opponent else h
                   for s, h in enumerate(state.kept)),
        deck=tuple(sorted((*state.deck[1:], old), key=lambda c: c.index)),
    )
    assert swapped != state
    encoding = game.encoding()
    assert np.array_equal(encoding.observe(swapped.view(observer), observer),
                          encoding.observe(state.view(observer), observer))
    assert not np.array_equal(encoding.observe(swapped.view(opponent), opponent),
                              encoding.observe(state.view(opponent), opponent))
    assert np.array_equal(encoding.observe_state(swapped, observer), encoding.observe_state(state, observer))


OPTION_SETS = [{"players": players, "muggins": muggins, **match}
               for players in (2, 3, 4) for muggins in (False, True)
               for match in ({}, {"target": 61, "games": 3, "skunk": True, "stop_at_majority": True})]
"""Every table size, with and without muggins, a single game and a match (skunks, stopping at a majority)."""


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_observe_state_equals_encoding_the_view_in_every_position(options: dict[str, Any]) -> None:
    """The learning adapters' shortcut (``observe_state``, straight from the kernel position) gives the
    very vector of ``observe(view, seat)`` — C5–C18 positions of random games: cuts and ties for the
    deal (C6), deals, discards, the play with goes and 31s (C8–C12), the show and the crib turned over
    (C13), muggins claims (C17), games won within a match (C14, C16) and the match over — for every
    seat; and ``mask_of`` (the kernel's moves, numbered) is the mask of ``legal_actions``."""
    game = load(**options)
    encoding = game.encoding()
    assert isinstance(encoding, CribbageEncoding)
    phases, positions = set(), 0
    for seed in range(3 if options.get("games") else 4):
        for state in _random_game(game, 1000 + seed):
            phases.add(state.phase)
            positions += 1
            for seat in range(game.num_players):
                fast, slow = encoding.observe_state(state, seat), encoding.observe(state.view(seat), seat)
                assert fast.dtype == np.float32 and np.array_equal(fast, slow), (state.phase, seat)
            legal = () if state.is_chance or state.is_terminal else state.legal_actions()
            expected = np.zeros(encoding.num_actions, dtype=np.int8)
            expected[[encoding.action_index(action) for action in legal]] = 1
            assert np.array_equal(encoding.mask_of(state), expected), state.phase
            assert all(encoding.action_at(encoding.action_index(action)) is action for action in legal)  # interned
    assert positions > 1000
    wanted = set(Phase) - ({Phase.CLAIM, Phase.MUGGINS} if not options["muggins"] else set())
    assert phases >= wanted


def test_observe_state_refuses_a_seat_that_is_not_there() -> None:
    """The shortcut checks the seat as ``observe`` does."""
    game = load(players=3)
    state = game.initial_state()
    with pytest.raises(ValueError, match="no seat has index 3; the 3 seats have indices 0–2"):
        game.encoding().observe_state(state, 3)
    with pytest.raises(ValueError, match="not a position of 2-player cribbage"):
        load(players=2).encoding().observe_state(state, 0)
