"""Beetle's numeric form (docs/encodings.md): indices round-trip, masks match, views become vectors.

Rule numbers are those of shared/rules/beetle.md.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import Encoding
from tabletop.games.beetle import FACES, ROLL, Beetle, BeetleState, Face, Phase, preset
from tabletop.games.beetle.encoding import BeetleEncoding

CUSTOM = {
    "name": "worm",
    "parts": [
        {"name": "head", "face": 1, "count": 1},
        {"name": "segment", "face": 2, "count": 3, "requires": ["head"]},
        {"name": "spot", "face": 2, "count": 2, "requires": ["segment"]},
    ],
}


def after(game: Beetle, *texts: str) -> BeetleState:
    """The state after the actions ``texts`` (in notation) from the start."""
    state = game.initial_state()
    for text in texts:
        moved = state.apply_text(text)
        assert isinstance(moved, BeetleState)
        state = moved
    return state


def field_slices(encoding: Encoding[Any]) -> dict[str, slice]:
    """Where each named field lies in the vector."""
    slices, start = {}, 0
    for field in encoding.fields:
        slices[field.name] = slice(start, start + field.size)
        start += field.size
    return slices


def test_encoding_is_made_once_per_game() -> None:
    """The encoding is cached on the (immutable) game."""
    game = Beetle(players=3)
    assert game.encoding() is game.encoding()
    assert isinstance(game.encoding(), BeetleEncoding)


@pytest.mark.parametrize(
    ("options", "size"),
    [
        ({"players": 1}, 6 * 1 + 3 + 1 + 1 + 1 + 6 + 1 + 1 + 6 + 6 + 2),
        ({"players": 3}, 18 + 3 + 3 + 1 + 3 + 18 + 9 + 3 + 6 + 6 + 2),
        ({"players": 8, "variant": "winged"}, 56 + 3 + 8 + 1 + 8 + 48 + 64 + 8 + 6 + 7 + 2),
        ({"players": 2, "parts": CUSTOM}, 6 + 3 + 2 + 1 + 2 + 12 + 4 + 2 + 6 + 3 + 2),
    ],
)
def test_b10_sizes_follow_players_and_parts_table(options: dict[str, object], size: int) -> None:
    """B9/B10: the vector is sized from the player count and the parts table; one action, six outcomes."""
    encoding = Beetle(**options).encoding()
    assert encoding.num_actions == 1
    assert encoding.num_chance_outcomes == 6
    assert encoding.observation_size == size
    assert len(encoding.describe().splitlines()) == len(encoding.fields)


def test_b13_roll_is_the_only_action_and_faces_are_chance_outcomes() -> None:
    """B13: every turn is ``roll`` (index 0) then chance's face 1–6 (outcomes 0–5)."""
    encoding = Beetle(players=2).encoding()
    assert encoding.action_index(ROLL) == 0
    assert encoding.action_at(0) == ROLL
    assert [encoding.chance_index(face) for face in FACES] == list(range(6))
    assert [encoding.chance_at(i) for i in range(6)] == list(FACES)


def test_bad_indices_and_outcomes_are_refused_with_the_range() -> None:
    """Out-of-range indices, and a face offered as a player action, raise ValueError saying why."""
    encoding = Beetle(players=2).encoding()
    with pytest.raises(ValueError, match="out of range 0–0"):
        encoding.action_at(1)
    with pytest.raises(ValueError, match="out of range 0–0"):
        encoding.action_at(-1)
    with pytest.raises(ValueError, match="out of range 0–5"):
        encoding.chance_at(6)
    with pytest.raises(ValueError, match="chance outcome"):
        encoding.action_index(Face(3))
    with pytest.raises(ValueError, match="faces 1–6"):
        encoding.chance_index(ROLL)
    with pytest.raises(ValueError, match="faces 1–6"):
        encoding.chance_index(Face(7))


def test_observe_refuses_a_bad_seat_or_another_games_view() -> None:
    """A seat outside the game, or a view of another player count, is a ValueError."""
    game = Beetle(players=2)
    view = game.initial_state().view(0)
    with pytest.raises(ValueError, match="no seat has index 2"):
        game.encoding().observe(view, 2)
    with pytest.raises(ValueError, match="3-player Beetle"):
        Beetle(players=3).encoding().observe(view, 0)


def test_b6_roll_off_is_seen_relative_to_the_observer() -> None:
    """B6/B11: contenders and their roll-off faces appear per seat, the observer's seat first."""
    game = Beetle(players=3)
    encoding = game.encoding()
    where = field_slices(encoding)
    state = after(game, "roll", "4", "roll", "6", "roll")  # seat 2's die is in the air
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[where["phase"]]) == [1, 0, 0]
    assert list(obs[where["seat"]]) == [0, 1, 0]  # seat 2 is one after seat 1
    assert obs[where["rolling"]][0] == 1
    assert list(obs[where["contenders"]]) == [1, 1, 1]
    rolloff = obs[where["rolloff"]].reshape(3, 6)
    assert list(rolloff[0]) == [0, 0, 0, 0, 0, 1]  # seat 1 (the observer) rolled 6
    assert list(rolloff[1]) == [0] * 6  # seat 2 has not rolled yet
    assert list(rolloff[2]) == [0, 0, 0, 1, 0, 0]  # seat 0 rolled 4
    assert obs[where["last_rolloff"]][0] == 1
    assert list(obs[where["last_seat"]]) == [1, 0, 0]


def test_b5_sheets_and_the_last_roll() -> None:
    """B5: a drawn part shows on the roller's sheet; a lost turn shows as ``last_lost``."""
    game = Beetle(players=2)
    encoding = game.encoding()
    where = field_slices(encoding)
    table = preset("classic")
    state = after(game, "roll", "6", "roll", "1", "roll", "1")  # seat 0 starts, draws the body
    obs = encoding.observe(state.view(1), 1)
    sheets = obs[where["sheets"]].reshape(2, len(table.parts))
    assert list(sheets[1]) == [1, 0, 0, 0, 0, 0]  # seat 0 is second from seat 1's side
    assert list(sheets[0]) == [0] * 6
    assert list(obs[where["last_part"]]) == [1, 0, 0, 0, 0, 0]
    assert obs[where["last_lost"]][0] == 0
    state = after(game, "roll", "6", "roll", "1", "roll", "3", "roll", "3")  # body needed first
    obs = encoding.observe(state.view(0), 0)
    assert obs[where["last_lost"]][0] == 1
    assert list(obs[where["last_part"]]) == [0] * 6
    assert list(obs[where["last_face"]]) == [0, 0, 1, 0, 0, 0]


def test_b5_legs_are_counted_as_a_fraction_of_the_table() -> None:
    """B3/B10: each part is the fraction of its count drawn (3 of 6 legs is 0.5)."""
    game = Beetle(players=1)
    encoding = game.encoding()
    state = after(game, "roll", "1", "roll", "3", "roll", "3", "roll", "3")
    sheet = encoding.observe(state.view(0), 0)[field_slices(encoding)["sheets"]]
    assert list(sheet) == [1, 0, 0.5, 0, 0, 0]


def _play(game: Beetle, seed: int) -> list[BeetleState]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = game.initial_state()
    states: list[BeetleState] = [state]
    while not state.is_terminal:
        after_move = state.apply(state.sample_chance(rng) if state.is_chance else ROLL)
        assert isinstance(after_move, BeetleState)
        state = after_move
        states.append(state)
    return states


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 8),
       variant=st.sampled_from(["classic", "four-legs", "winged"]), play_on=st.booleans())
def test_indices_masks_and_observations_over_random_play(seed: int, players: int, variant: str,
                                                         play_on: bool) -> None:
    """Over random games: every legal action and chance outcome round-trips through its index,
    the mask marks exactly the legal actions, and each seat's vector is float32 of the declared
    size with values in [0, 1], computed from the view alone (B1: all is public, so a state
    rebuilt from the view gives the same vector)."""
    game = Beetle(players=players, variant=variant, play_on=play_on)
    encoding = game.encoding()
    rebuild = random.Random(seed + 1)
    for state in _play(game, seed):
        mask = encoding.legal_mask(state)
        assert mask.shape == (encoding.num_actions,) and mask.dtype == np.int8
        if state.is_chance:
            indices = [encoding.chance_index(o) for o in state.legal_actions()]
            assert sorted(indices) == list(range(6))
            assert all(encoding.chance_at(i) == o for i, o in zip(indices, state.legal_actions(), strict=True))
            assert not mask.any()
        elif state.is_terminal:
            assert not mask.any()
        else:
            assert [encoding.action_at(encoding.action_index(a)) for a in state.legal_actions()] == [ROLL]
            assert list(mask) == [1]
        for seat in range(players):
            view = state.view(seat)
            obs = encoding.observe(view, seat)
            assert obs.dtype == np.float32 and obs.shape == (encoding.observation_size,)
            assert ((obs >= 0) & (obs <= 1)).all()
            again = game.state_from_view(view, rebuild)
            assert np.array_equal(encoding.observe(again.view(seat), seat), obs)


@pytest.mark.parametrize("players", range(1, 9))
def test_b7_b12_finishing_places_at_the_end(players: int) -> None:
    """B7/B12: at the end the finishing order is one-hot per seat; the phase is ``over``."""
    game = Beetle(players=players, play_on=True)
    encoding = game.encoding()
    where = field_slices(encoding)
    final = _play(game, players)[-1]
    assert final.phase is Phase.OVER
    for seat in range(players):
        places = encoding.observe(final.view(seat), seat)[where["finished"]].reshape(players, players)
        assert list(places.sum(axis=1)) == [1] * players  # with play-on every seat gets a place
        for place, finisher in enumerate(final.finished):
            assert places[(finisher - seat) % players, place] == 1


def test_loaded_by_name_gives_the_same_numbering() -> None:
    """Equal configurations number alike (through the registry as well)."""
    a = tabletop.load("beetle", players=4, variant="winged").encoding()
    b = Beetle(players=4, variant="winged").encoding()
    assert [f.name for f in a.fields] == [f.name for f in b.fields]
    assert a.observation_size == b.observation_size
