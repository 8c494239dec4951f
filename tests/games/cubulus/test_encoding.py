"""Cubulus's numeric form (docs/encodings-cubulus-kubik.md): indices round-trip, masks match the legal
actions, and views become vectors relative to the observer.

Rule numbers are those of the Cubulus rules (U1–U16).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.cubulus import Cubulus, CubulusState, End, First, Hole, Insert, Pass, Place, Shift
from tabletop.games.cubulus.encoding import NUM_ACTIONS, CubulusEncoding
from tabletop.games.cubulus.geometry import CELLS, HOLES
from tests.games.cubulus.helpers import after, set_line, three_players, two_players

LATIN_CUBE = {f"{x}{y}{z}": (x + y + z) % 3 for x in range(3) for y in range(3) for z in range(3)}
"""The full cube, colour (x + y + z) mod 3: 9 balls of each colour and no square on any face."""


def where(encoding: CubulusEncoding) -> dict[str, slice]:
    """Where each named field lies in the vector."""
    slices, start = {}, 0
    for field in encoding.fields:
        slices[field.name] = slice(start, start + field.size)
        start += field.size
    return slices


def planes(encoding: CubulusEncoding, obs: np.ndarray) -> np.ndarray:
    """The board field as (plane, cell)."""
    return obs[where(encoding)["board"]].reshape(-1, 27)


def test_the_encoding_is_made_once_per_game() -> None:
    """Games are immutable configurations, so the encoding is cached on the game."""
    game = two_players()
    assert game.encoding() is game.encoding()
    assert isinstance(game.encoding(), CubulusEncoding)


@pytest.mark.parametrize(
    ("options", "size"),
    [
        ({"players": 2}, 4 * 27 + 4 + 2 + 3 + 1 + 5 + 2 + 27 + 54 + 54 + 55 + 2 + 3),
        ({"players": 3}, 4 * 27 + 4 + 3 + 3 + 1 + 5 + 3 + 27 + 54 + 54 + 55 + 3 + 3),
        ({"players": 2, "neutral_cells": "exterior", "allow_null_shift": True, "no_undo": "off",
          "move_cap": 17, "repetition_draw": False, "first": "1"}, 320),
    ],
)
def test_sizes_per_player_count(options: dict[str, object], size: int) -> None:
    """136 actions and one chance outcome per seat in every configuration; the vector's size
    follows the player count (U9: no neutral colour with three players, but a third seat)."""
    encoding = Cubulus(**options).encoding()
    assert encoding.num_actions == NUM_ACTIONS == 27 + 54 + 54 + 1
    assert encoding.num_chance_outcomes == options["players"]
    assert encoding.observation_size == size
    assert len(encoding.describe().splitlines()) == len(encoding.fields)


def test_the_numbering_of_actions() -> None:
    """place xyz = its cell (9x + 3y + z); insert and shift by hole, faces L R F B D U × 9 holes; pass last."""
    encoding = two_players().encoding()
    game = two_players()
    assert encoding.action_index(game.parse_action("place 000")) == 0
    assert encoding.action_index(game.parse_action("place 111")) == 13
    assert encoding.action_index(game.parse_action("place 222")) == 26
    assert encoding.action_index(game.parse_action("insert L000")) == 27
    assert encoding.action_index(game.parse_action("insert R200")) == 27 + 9
    assert encoding.action_index(game.parse_action("insert U222")) == 27 + 53
    assert encoding.action_index(game.parse_action("shift L000")) == 81
    assert encoding.action_index(game.parse_action("shift U102")) == 81 + int(Hole.parse("U102"))
    assert encoding.action_index(game.parse_action("pass")) == 135
    actions = [encoding.action_at(i) for i in range(NUM_ACTIONS)]
    assert [encoding.action_index(a) for a in actions] == list(range(NUM_ACTIONS))
    assert len({str(a) for a in actions}) == NUM_ACTIONS
    assert all(game.parse_action(str(a)) == a for a in actions)
    assert actions[:27] == [Place(c) for c in CELLS]
    assert actions[27:81] == [Insert(h) for h in HOLES] and actions[81:135] == [Shift(h) for h in HOLES]


@pytest.mark.parametrize("players", [2, 3])
def test_chance_outcomes_are_the_seats(players: int) -> None:
    """U4, U9, U13: ``first N`` is chance outcome N, one per seat."""
    game = Cubulus(players=players)
    encoding = game.encoding()
    state = game.initial_state()
    outcomes = [outcome for outcome, _ in state.chance_outcomes()]
    assert [encoding.chance_index(o) for o in outcomes] == list(range(players))
    assert [encoding.chance_at(i) for i in range(players)] == outcomes


def test_bad_indices_and_actions_are_refused_with_the_range() -> None:
    """Out-of-range indices, a chance outcome offered as an action and the reverse raise ValueError saying why."""
    encoding = two_players().encoding()
    for index in (-1, NUM_ACTIONS):
        with pytest.raises(ValueError, match="out of range 0–135"):
            encoding.action_at(index)
    with pytest.raises(ValueError, match="out of range 0–1"):
        encoding.chance_at(2)
    with pytest.raises(ValueError, match="chance outcome, not a player action"):
        encoding.action_index(First(0))
    with pytest.raises(ValueError, match="first 0–first 1"):
        encoding.chance_index(First(2))  # no third seat with two players
    with pytest.raises(ValueError, match="first 0–first 1"):
        encoding.chance_index(Pass())
    with pytest.raises(ValueError, match="not a Cubulus player action"):
        encoding.action_index("insert U102")  # type: ignore[arg-type]


def test_observe_refuses_a_bad_seat_or_another_games_view() -> None:
    """A seat outside the game, or a view of another player count, is a ValueError."""
    view = two_players().initial_state().view(0)
    with pytest.raises(ValueError, match="no seat has index 2"):
        two_players().encoding().observe(view, 2)
    with pytest.raises(ValueError, match="3-player Cubulus"):
        three_players().encoding().observe(view, 0)


def test_u13_setup_neutral_plane_and_the_placer() -> None:
    """U4, U13: in the set-up the seat that does not start places neutral balls; they fill the neutral plane."""
    game = two_players()  # seat 0 starts, so seat 1 places
    encoding = game.encoding()
    at = where(encoding)
    state = after(game.initial_state(), "place 111", "place 000")
    obs = encoding.observe(state.view(0), 0)
    board = planes(encoding, obs)
    assert board.shape == (4, 27)  # own, other, neutral, empty
    assert list(np.flatnonzero(board[2])) == [0, 13]
    assert board[3].sum() == 25 and board[0].sum() == board[1].sum() == 0
    assert list(obs[at["phase"]]) == [0, 1, 0, 0]
    assert list(obs[at["to_move"]]) == [0, 1]  # seat 1 is next to seat 0
    assert list(obs[at["hands"]]) == pytest.approx([1, 1, 7 / 9])  # own, other, neutral still in the bag
    assert list(obs[at["last_kind"]]) == [0, 1, 0, 0, 0]
    assert np.flatnonzero(obs[at["last_cell"]]).tolist() == [0]
    assert list(obs[at["last_seat"]]) == [0, 1]
    assert list(encoding.observe(state.view(1), 1)[at["to_move"]]) == [1, 0]


def test_u9_three_players_colours_relative_to_the_observer() -> None:
    """U1, U9: own colour first, then the next seats in turn order; no neutral plane with three players."""
    game = three_players()
    encoding = game.encoding()
    at = where(encoding)
    state = game.position({"000": 0, "001": 1, "002": 2, "010": 2}, to_move=1, moves=30)
    for seat in range(3):
        obs = encoding.observe(state.view(seat), seat)
        board = planes(encoding, obs)
        assert board.shape == (4, 27)  # own, next, the one after, empty
        for colour, cells in ((0, [0]), (1, [1]), (2, [2, 3])):
            assert np.flatnonzero(board[(colour - seat) % 3]).tolist() == cells
        assert board[3].sum() == 23
        assert np.flatnonzero(obs[at["to_move"]]).tolist() == [(1 - seat) % 3]
        assert obs[at["moves"]][0] == pytest.approx(30 / 300)
        hands = obs[at["hands"]] * 9
        assert hands[(2 - seat) % 3] == pytest.approx(7) and hands[(0 - seat) % 3] == pytest.approx(8)


def test_u10_the_last_insert() -> None:
    """U10: the last move's kind, hole and seat."""
    game = three_players()
    encoding = game.encoding()
    at = where(encoding)
    state = after(game.initial_state(), "insert U102")
    obs = encoding.observe(state.view(2), 2)
    assert list(obs[at["last_kind"]]) == [0, 0, 1, 0, 0]
    assert np.flatnonzero(obs[at["last_hole"]]).tolist() == [int(Hole.parse("U102"))]
    assert list(obs[at["last_seat"]]) == [0, 1, 0]  # seat 0 is one after seat 2
    assert obs[at["moves"]][0] == pytest.approx(1 / 300)


def test_u12_the_undo_ban_marks_the_shift_back() -> None:
    """U6, U12: after ``shift U102`` the line may not be shifted back from its other end (D100) on the next move."""
    game = two_players()
    encoding = game.encoding()
    at = where(encoding)
    state = game.position(set_line("U102", [0, 1, 2]), to_move=1)
    state = after(state, "shift U102")
    obs = encoding.observe(state.view(0), 0)
    banned = np.flatnonzero(obs[at["undo_banned"]]).tolist()
    assert banned == [int(Hole.parse("D100"))]
    assert "(U12" in (state.why_illegal(Shift(Hole.parse("D100"))) or "")
    assert list(obs[at["last_kind"]]) == [0, 0, 0, 1, 0]
    off = Cubulus(players=2, first=0, no_undo="off")
    state = after(off.position(set_line("U102", [0, 1, 2]), to_move=1), "shift U102")
    assert off.encoding().observe(state.view(0), 0)[at["undo_banned"]].sum() == 0


def test_u16_repeats_count_the_positions_a_shift_would_bring_back() -> None:
    """U16: shifting one line of the full cube three times brings its board back; the position (board and
    seat to move) recurs every six shifts, and the third occurrence is a draw, which ``repeats`` foretells."""
    game = two_players()
    encoding = game.encoding()
    at = where(encoding)
    hole = Hole.parse("U102")
    state = game.position(LATIN_CUBE, to_move=0)
    for move in range(12):
        repeats = encoding.observe(state.view(0), 0)[at["repeats"]]
        expected = 1.0 if move == 11 else 0.5 if move >= 5 else 0.0
        assert repeats[hole] == expected, move
        state = state.apply(Shift(hole))
    assert state.end is End.REPETITION
    obs = encoding.observe(state.view(1), 1)
    assert list(obs[at["end"]]) == [0, 1, 0] and obs[at["winner"]].sum() == 0
    assert list(obs[at["phase"]]) == [0, 0, 0, 1]
    off = Cubulus(players=2, first=0, repetition_draw=False).position(LATIN_CUBE, to_move=0)
    assert off.game.encoding().observe(off.view(0), 0)[at["repeats"]].sum() == 0


def test_u15_the_winner_relative_to_the_observer() -> None:
    """U8, U15: a square ends the game; the winner is shown relative to each observer."""
    game = three_players()
    encoding = game.encoding()
    at = where(encoding)
    state = game.position({"000": 1, "001": 1, "010": 1}, to_move=1)
    state = after(state, "insert L011")  # seat 1 completes the small square on face L
    assert state.winner == 1
    for seat in range(3):
        obs = encoding.observe(state.view(seat), seat)
        assert np.flatnonzero(obs[at["winner"]]).tolist() == [(1 - seat) % 3]
        assert list(obs[at["end"]]) == [1, 0, 0]
        assert obs[at["to_move"]].sum() == 0  # nobody moves once the game is over


def test_the_start_is_a_chance_node_with_an_empty_cube() -> None:
    """U4, U9: before chance draws who starts, the cube is empty and nobody is to move."""
    game = Cubulus(players=3)
    encoding = game.encoding()
    at = where(encoding)
    obs = encoding.observe(game.initial_state().view(0), 0)
    assert planes(encoding, obs)[3].sum() == 27
    assert list(obs[at["phase"]]) == [1, 0, 0, 0]
    assert obs[at["to_move"]].sum() == 0 and obs[at["last_kind"]].sum() == 0
    assert encoding.legal_mask(game.initial_state()).sum() == 0


def check_state(state: CubulusState, encoding: CubulusEncoding, rng: random.Random) -> None:
    """Every per-state promise of the encoding."""
    game = state.game
    slices = where(encoding)
    if state.is_chance:
        outcomes = [o for o, _ in state.chance_outcomes()]
        indices = [encoding.chance_index(o) for o in outcomes]
        assert len(set(indices)) == len(indices)
        assert all(0 <= i < encoding.num_chance_outcomes for i in indices)
        assert [encoding.chance_at(i) for i in indices] == outcomes
    mask = encoding.legal_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
    if state.current_player >= 0:
        legal = state.legal_actions()
        indices = [encoding.action_index(a) for a in legal]
        assert len(set(indices)) == len(indices)
        assert all(0 <= i < encoding.num_actions for i in indices)
        assert [encoding.action_at(i) for i in indices] == list(legal)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    else:
        assert mask.sum() == 0
    for seat in range(game.num_players):
        view = state.view(seat)
        obs = encoding.observe(view, seat)
        assert obs.dtype == np.float32 and obs.shape == (encoding.observation_size,)
        assert np.isfinite(obs).all()
        again = encoding.observe(game.state_from_view(view, rng).view(seat), seat)
        assert np.array_equal(obs, again)
        board = planes(encoding, obs)
        assert (board.sum(axis=0) == 1).all()  # every cell has exactly one owner or is empty
        if state.current_player >= 0 and seat == 0:
            banned = obs[slices["undo_banned"]]
            for hole in HOLES:  # U12 is the only reason a shift of a mixed full line is refused
                reason = state.why_illegal(Shift(hole)) or ""
                assert bool(banned[hole]) == ("(U12" in reason), (hole, reason)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]), null=st.booleans(),
       undo=st.sampled_from(["next", "off"]), exterior=st.booleans(), first=st.sampled_from(["random", "0", "1"]),
       repetition=st.booleans())
def test_random_play_round_trips_and_observes_only_the_view(
        seed: int, players: int, null: bool, undo: str, exterior: bool, first: str, repetition: bool) -> None:
    """Every legal action and chance outcome round-trips, the mask matches the legal actions, and the
    vector is the same for the state rebuilt from the view, all through random games."""
    rng = random.Random(seed)
    game = Cubulus(players=players, allow_null_shift=null, no_undo=undo, first=first, move_cap=60,
                   neutral_cells="exterior" if exterior else "all", repetition_draw=repetition)
    encoding = game.encoding()
    state = game.initial_state()
    while True:
        check_state(state, encoding, rng)
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]))
def test_repeats_foretell_draws_in_shift_only_play(seed: int, players: int) -> None:
    """U16: on a full cube (only shifts, U7), a shift or pass marked 1 in ``repeats`` draws by repetition
    (unless it wins), and every such draw was marked."""
    rng = random.Random(seed)
    game = Cubulus(players=players, first=0, move_cap=200)
    encoding = game.encoding()
    slices = where(encoding)
    state = game.position(LATIN_CUBE, to_move=0)
    while not state.is_terminal:
        repeats = encoding.observe(state.view(state.to_move), state.to_move)[slices["repeats"]]
        for action in state.legal_actions():
            assert isinstance(action, Shift | Pass)  # U7: no ball is left to insert
            mark = repeats[action.hole] if isinstance(action, Shift) else repeats[-1]
            result = state.apply(action)
            if result.winner is None:
                assert (result.end is End.REPETITION) == (mark == 1)
        # favour one line so that positions recur
        legal = state.legal_actions()
        favoured = [a for a in legal if isinstance(a, Shift) and a.hole < 3]
        state = state.apply(rng.choice(favoured) if favoured and rng.random() < 0.8 else rng.choice(legal))
