"""What each Cubulus action did, as events (U4, U8–U16), the result of a finished game, and their
English for the terminal; then a property test over random play."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import RESULT_KINDS, SPECTATOR, Event, State
from tabletop.games.cubulus import Cubulus, CubulusState, First
from tests.games.cubulus.helpers import BLUE, LATIN, NEUTRAL, RED, YELLOW, after, set_line, three_players, two_players


def data(state: State[Any]) -> list[dict[str, Any]]:
    """The last action's events as the server sends them."""
    return [e.to_data() for e in state.events()]


def test_no_events_before_the_first_action() -> None:
    """The initial state did nothing: no events, no result."""
    for game in (Cubulus(), two_players(), three_players()):
        state = game.initial_state()
        assert state.events() == () and state.result() is None


def test_u4_u13_chance_says_who_starts_and_who_places_the_neutral_balls() -> None:
    """U4, U13: the draw names the starter, and with two players the other seat, which places the neutral balls."""
    state = Cubulus().initial_state().apply(First(1))
    assert data(state) == [{"kind": "starts", "seat": 1, "placer": 0, "action": True}]
    assert Cubulus().event_text(state.events()[0]) == ("Chance: Seat 2 (O blue) starts; "
                                                       "Seat 1 (X red) places the neutral balls.")
    assert state.announcements() == []  # the action's own event is the action's line, not a consequence


def test_u9_with_three_players_chance_names_the_starter_only() -> None:
    """U9: three players, no neutral balls: the draw says who starts, nothing about a set-up."""
    game = Cubulus(players=3)
    state = game.initial_state().apply(First(2))
    assert data(state) == [{"kind": "starts", "seat": 2, "action": True}]
    assert game.event_text(state.events()[0]) == "Chance: Seat 3 (Y yellow) starts."


def test_u13_each_neutral_ball_placed_and_the_end_of_the_set_up() -> None:
    """U13: each place says the cell and how many are left; the ninth also says the set-up is over and who starts."""
    game = two_players()
    state = game.initial_state().apply_text("place 111")
    assert data(state) == [{"kind": "neutral_placed", "seat": 1, "cell": "111", "left": 8, "action": True}]
    assert game.event_text(state.events()[0]) == "Seat 2 (O blue) places a neutral ball at 111 (8 left)."
    state = after(game.initial_state(), *(f"place {c}" for c in LATIN))
    assert data(state) == [{"kind": "neutral_placed", "seat": 1, "cell": "222", "left": 0, "action": True},
                           {"kind": "setup_done", "seat": 0}]
    assert state.announcements() == ["The neutral balls are placed; Seat 1 (X red) starts."]


def test_u10_an_insert_says_the_hole_the_colour_and_the_balls_pushed() -> None:
    """U5, U10: the insert's hole, the mover's colour and how many balls moved deeper."""
    game = three_players()
    for cells, pushed in (({}, 0), ({"102": BLUE}, 1), ({"102": BLUE, "101": YELLOW}, 2)):
        state = game.position(cells, to_move=2).apply_text("insert U102")
        assert data(state) == [{"kind": "insert", "seat": 2, "colour": "yellow", "hole": "U102", "pushed": pushed,
                                "action": True}]
    assert game.event_text(state.events()[0]) == "Seat 3 (Y yellow) inserts at U102, pushing 2 balls."


def test_u11_a_shift_says_the_hole_and_its_line() -> None:
    """U6, U11: the shift names its hole and the line's cells from the hole inward."""
    game = two_players()
    state = game.position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=1).apply_text("shift U102")
    assert data(state) == [{"kind": "shift", "seat": 1, "hole": "U102", "line": ["102", "101", "100"],
                            "action": True}]
    assert game.event_text(state.events()[0]) == ("Seat 2 (O blue) shifts line U102→100: "
                                                  "the ball at 100 comes back in at 102.")


def test_u14_a_pass() -> None:
    """U14: a seat with no legal move passes; the event says who."""
    game = three_players()
    state = game.position({c: RED for c in LATIN}).apply_text("pass")
    assert data(state) == [{"kind": "pass", "seat": 0, "action": True}]
    assert game.event_text(state.events()[0]) == "Seat 1 (X red) has no legal move and passes (U14)."


def test_u8_the_movers_own_square_wins() -> None:
    """U8: the square, its owner, face, shape, cells and colour; made by the owner's own move."""
    game = two_players()
    state = game.position({"001": RED, "010": RED, "011": RED}).apply_text("insert L000")
    square = {"seat": 0, "colour": "red", "face": "L", "shape": "small", "cells": ["000", "001", "010", "011"]}
    assert data(state)[1:] == [{"kind": "square", **square, "by": 0, "wins": True}]
    assert state.announcements() == ["Seat 1 (X red) wins with the small square on face L (000 001 010 011)."]
    result = state.result()
    assert result is not None
    assert result.to_data() == {"kind": "game_won", "side": 0, "members": [0], "colour": "red", "face": "L",
                                "shape": "small", "cells": ["000", "001", "010", "011"], "by": 0}
    assert game.event_text(result) == "Seat 1 (X red) wins with the small square on face L (000 001 010 011)."


def test_u8_a_square_made_for_another_player_wins_for_them() -> None:
    """U8: pushing a ball into the opponent's square: the event says whose move made it."""
    position = {"000": BLUE, "200": BLUE, "110": BLUE, "210": BLUE}  # blue's D square lacks 100
    state = two_players().position(position, to_move=0).apply_text("insert L000")
    assert data(state)[1] == {"kind": "square", "seat": 1, "colour": "blue", "face": "D", "shape": "small",
                              "cells": ["100", "110", "200", "210"], "by": 0, "wins": True}
    result = state.result()
    assert result is not None and result.kind == "game_won" and result["side"] == 1 and result["members"] == [1]
    assert result["by"] == 0
    assert "made by Seat 1 (X red)'s move" in state.announcements()[0]


def test_u15_the_movers_own_square_made_with_anothers_does_not_count() -> None:
    """U15: one move makes both colours' squares: the opponent's wins, the mover's is told as not counting."""
    position = {"010": RED, "001": RED, "011": RED, "000": BLUE, "200": BLUE, "110": BLUE, "210": BLUE}
    state = two_players().position(position, to_move=0).apply_text("insert L000")
    squares = [e for e in data(state) if e["kind"] == "square"]
    assert [(e["seat"], e["face"], e["by"], e["wins"]) for e in squares] == [(1, "D", 0, True), (0, "L", 0, False)]
    assert state.announcements()[1].endswith("made by the same move, does not count (U15).")


def test_u15_three_players_the_second_seat_after_the_mover_does_not_win() -> None:
    """U15 (3 players): squares for two other seats: the first after the mover wins, the other's is told too."""
    position = {"000": BLUE, "100": BLUE, "200": YELLOW, "110": BLUE, "210": BLUE,
                "010": YELLOW, "001": YELLOW, "011": YELLOW}
    state = three_players().position(position, to_move=0).apply_text("shift L000")
    squares = [e for e in state.events() if e.kind == "square"]
    assert [(e["seat"], e["colour"], e["wins"]) for e in squares] == [(1, "blue", True), (2, "yellow", False)]
    assert state.game.event_text(squares[1]).endswith("the first seat after the mover with a square wins (U15).")
    result = state.result()
    assert result is not None and result["side"] == 1 and result["face"] == "D"


def test_u16_a_draw_by_repetition() -> None:
    """U16: the third occurrence of a position: a draw event, and game_drawn with why=repetition."""
    state: State[Any] = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=0)
    for _ in range(12):
        assert state.result() is None
        state = state.apply_text("shift U102")
    assert data(state)[-1] == {"kind": "draw", "why": "repetition", "moves": 12}
    result = state.result()
    assert result is not None and result.to_data() == {"kind": "game_drawn", "why": "repetition", "moves": 12}
    assert state.announcements() == ["Draw: the same position has occurred for the third time (U16)."]


def test_u16_a_draw_at_the_move_cap() -> None:
    """U16: the move cap reached: a draw event with why=move_cap and the number of moves."""
    game = two_players(move_cap=3)
    state = after(game.initial_state(), *(f"place {c}" for c in LATIN), "insert U002", "insert U022", "insert U202")
    assert data(state) == [{"kind": "insert", "seat": 0, "colour": "red", "hole": "U202", "pushed": 0, "action": True},
                           {"kind": "draw", "why": "move_cap", "moves": 3}]
    result = state.result()
    assert result is not None and result.to_data() == {"kind": "game_drawn", "why": "move_cap", "moves": 3}
    assert state.announcements() == ["Draw: the move cap of 3 moves after the set-up is reached (U16)."]
    assert game.event_text(result) == state.announcements()[0]


def test_a_rebuilt_state_tells_the_same_events() -> None:
    """The view keeps the last action, so a state rebuilt from it (a bot's, a reconnect) says the same."""
    state = two_players().position({"001": RED, "010": RED, "011": RED}).apply_text("insert L000")
    again = state.game.state_from_view(state.view(0), random.Random(0))
    assert again.events() == state.events() and again.result() == state.result()


CODE = re.compile(r"^([a-z_]+|[LRFBDU]|[LRFBDU]?[012]{3})$")
"""What a string parameter may be: a code (a colour, a shape, a reason), a face, a cell or a hole — no prose."""


def check_event(game: Cubulus, e: Event) -> None:
    """A well-formed event: declared, public, JSON-ready, codes only, with an English sentence."""
    assert e.kind in game.spec.events or e.kind in RESULT_KINDS, e
    assert e.seats is None and e.visible_to(SPECTATOR)  # Cubulus has no hidden information
    json.dumps(e.to_data())
    strings = [v for v in e.params.values() if isinstance(v, str)]
    strings += [v for vs in e.params.values() if isinstance(vs, list) for v in vs if isinstance(v, str)]
    assert all(CODE.match(v) for v in strings), e
    text = game.event_text(e)
    assert isinstance(text, str) and text and not text.startswith(f"{e.kind}:"), e


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]), cap=st.sampled_from([6, 30, 300]),
       exterior=st.booleans())
def test_every_action_of_random_play_tells_declared_public_events(seed: int, players: int, cap: int,
                                                                  exterior: bool) -> None:
    """Random legal play: every action's own event comes first (exactly one), every kind is declared,
    JSON-ready, without prose, in English for the terminal; result() is None until the end, then a result."""
    rng = random.Random(seed)
    game = Cubulus(players=players, move_cap=cap, neutral_cells="exterior" if exterior else "all")
    state: State[Any] = game.initial_state()
    while not state.is_terminal:
        assert state.result() is None
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        told = state.events()
        assert told and told[0].action and not any(e.action for e in told[1:])
        for e in told:
            check_event(game, e)
    assert isinstance(state, CubulusState)
    result = state.result()
    assert result is not None and result.kind in ("game_won", "game_drawn")
    check_event(game, result)
    if result.kind == "game_won":
        assert result["members"] == [result["side"]] == [state.winner]
        assert next(e["seat"] for e in state.events() if e.kind == "square") == state.winner
    else:
        assert state.events()[-1].kind == "draw" and result["why"] == state.events()[-1]["why"]
