"""Cubulus rules U1–U16, each tested by number on hand-built positions."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tabletop
from tabletop.core import CHANCE, TERMINAL, IllegalActionError, OptionError
from tabletop.games.cubulus import HOLES, SQUARES, Cell, Cubulus, End, First, Hole, Insert, Pass, Phase, Place, Shift
from tests.games.cubulus.helpers import (
    BLUE,
    LATIN,
    NEUTRAL,
    RED,
    YELLOW,
    after,
    cells,
    line,
    set_line,
    three_players,
    two_players,
)


def test_u1_nine_balls_of_each_colour() -> None:
    """U1: 27 balls, 9 per colour: each seat starts with 9 in hand and 9 neutral balls wait to be placed."""
    state = two_players().initial_state()
    assert [state.hand(c) for c in range(3)] == [9, 9, 9]
    assert cells(state) == {}


def test_u2_u8_every_one_of_the_36_squares_wins() -> None:
    """U2, U8: each of the 36 patterns, completed by an insert, wins for the mover."""
    game = two_players()
    for square in SQUARES:
        first, *rest = square.cells
        state = game.position({str(c): RED for c in rest}, to_move=0)
        won = state.apply(Insert(next(h for h in HOLES if h.cell == first and h.face == square.face)))
        assert won.is_terminal and won.winner == 0 and won.end is End.SQUARE, square
        assert str(square) in " ".join(won.announcements())


def test_u2_three_balls_and_a_fourth_elsewhere_do_not_win() -> None:
    """U2: four balls that form no pattern (three corners and an edge-middle of a face) are not a square."""
    game = two_players()
    state = game.position({"000": RED, "002": RED, "020": RED}, to_move=0)
    assert not state.apply_text("insert L021").is_terminal


def test_u2_a_neutral_square_never_wins() -> None:
    """U15: neutral never wins — the set-up may make a square of neutral balls and play goes on."""
    state = after(two_players().initial_state(), "place 000", "place 001", "place 010", "place 011",
                  "place 222", "place 221", "place 212", "place 211", "place 200")
    assert state.phase is Phase.PLAY and not state.is_terminal
    assert state.current_player == 0


def test_u4_u13_the_player_who_does_not_start_places_the_nine_neutral_balls() -> None:
    """U4, U13: seat 1 (not starting) places 9 neutral balls anywhere, the centre included; then seat 0 inserts."""
    state = two_players().initial_state()
    assert state.phase is Phase.SETUP and state.current_player == 1
    assert len(state.legal_actions()) == 27 and Place(Cell.parse("111")) in state.legal_actions()
    for k, cell in enumerate(["111", "000", "222", "100", "010", "001", "212", "122", "221"]):
        assert state.current_player == 1 and state.hand(NEUTRAL) == 9 - k
        state = state.apply_text(f"place {cell}")
    assert state.phase is Phase.PLAY and state.current_player == 0
    assert state.hand(NEUTRAL) == 0 and state.moves == 0
    assert all(isinstance(a, Insert | Shift) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="neutral balls are all placed"):
        state.apply_text("place 020")


def test_u13_a_neutral_ball_goes_into_an_empty_cell() -> None:
    """U13: a taken cell cannot take a second ball; inserts wait until the set-up is done."""
    state = after(two_players().initial_state(), "place 111")
    assert Place(Cell.parse("111")) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="cell 111 already holds a ball"):
        state.apply_text("place 111")
    with pytest.raises(IllegalActionError, match="placing the neutral balls"):
        state.apply_text("insert U102")


def test_u13_exterior_keeps_neutral_balls_out_of_the_centre() -> None:
    """U13, option neutral_cells=exterior: 26 cells, not 111."""
    state = two_players(neutral_cells="exterior").initial_state()
    assert len(state.legal_actions()) == 26
    with pytest.raises(IllegalActionError, match="centre"):
        state.apply_text("place 111")


def test_u13_first_random_is_a_recorded_chance_event() -> None:
    """U4, U13: with first=random (the default) chance draws the starter, each seat with probability 1/2."""
    game = Cubulus(players=2)
    state = game.initial_state()
    assert state.current_player == CHANCE
    assert list(state.chance_outcomes()) == [(First(0), Fraction(1, 2)), (First(1), Fraction(1, 2))]
    started = state.apply_text("first 1")
    assert started.phase is Phase.SETUP and started.current_player == 0  # seat 0 places, seat 1 starts
    with pytest.raises(IllegalActionError, match="chance"):
        state.apply_text("insert U102")


def test_u13_first_may_be_fixed() -> None:
    """U13, option first=0|1 with two players: no chance event; the other seat places the neutral balls."""
    assert Cubulus(first=1).initial_state().current_player == 0
    assert Cubulus(first="0").initial_state().current_player == 1
    assert Cubulus(first=1) == Cubulus(first="1")
    with pytest.raises(OptionError, match="first"):
        Cubulus(first=2)


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
def test_u13_every_seat_can_be_chosen_to_start(players: int, seat: int) -> None:
    """U13, option first = a seat (0–1, or 0–2 with three players): that seat makes the first move,
    with no chance event; with two the other seat places the neutral balls first. The option, as
    int or text, starts the game exactly as the chance draw ``first N`` does under first=random."""
    fixed = Cubulus(players=players, first=seat).initial_state()
    assert Cubulus(players=players, first=str(seat)) == fixed.game
    drawn = Cubulus(players=players).initial_state().apply(First(seat))
    assert (fixed.phase, fixed.to_move, fixed.board) == (drawn.phase, drawn.to_move, drawn.board)
    assert fixed.current_player != CHANCE
    state = fixed
    if players == 2:
        assert state.phase is Phase.SETUP and state.current_player == 1 - seat
        state = after(state, *(f"place {cell}" for cell in LATIN))
    assert state.phase is Phase.PLAY and state.current_player == seat
    movers = []
    for hole in ("U002", "U022", "U222", "U202"):
        movers.append(state.current_player)
        state = state.apply_text(f"insert {hole}")
    assert movers == [(seat + k) % players for k in range(4)]  # then clockwise (U9)


@pytest.mark.parametrize(("players", "first", "allowed"), [
    (2, 2, r"random or a seat's index: 0 \(seat 1\), 1 \(seat 2\)"),
    (2, "2", r"random or a seat's index: 0 \(seat 1\)"),
    (3, 3, "random, 0, 1, 2")])
def test_u13_a_seat_the_table_lacks_cannot_start(players: int, first: int | str, allowed: str) -> None:
    """U13: first names a seat of this table; the error says which are allowed."""
    with pytest.raises(OptionError, match=allowed):
        Cubulus(players=players, first=first)


def test_u9_three_players_no_neutral_balls_random_first() -> None:
    """U9: three colours of 9, no neutral balls; a random first player (1/3 each); play goes clockwise."""
    state = Cubulus(players=3).initial_state()
    assert list(state.chance_outcomes()) == [(First(s), Fraction(1, 3)) for s in range(3)]
    state = state.apply_text("first 2")
    assert state.phase is Phase.PLAY and state.current_player == 2
    assert [state.hand(c) for c in range(3)] == [9, 9, 9]
    with pytest.raises(IllegalActionError, match="no neutral balls with three players"):
        state.apply_text("place 111")
    seats = []
    for hole in ("U002", "U022", "U222", "U202"):
        seats.append(state.current_player)
        state = state.apply_text(f"insert {hole}")
    assert seats == [2, 0, 1, 2]


def test_reference_fact_54_inserts_on_the_empty_cube() -> None:
    """Reference fact: on the empty cube all 54 inserts are legal for the first player (3 players)."""
    state = three_players().initial_state()
    assert state.legal_actions() == tuple(Insert(h) for h in HOLES)


@pytest.mark.parametrize(
    ("before", "after_insert", "pushed"),
    [
        ([None, None, None], [RED, None, None], 0),  # an empty line: the ball stops at the hole
        ([None, BLUE, YELLOW], [RED, BLUE, YELLOW], 0),  # c0 empty: nothing moves
        ([None, BLUE, None], [RED, BLUE, None], 0),
        ([BLUE, None, None], [RED, BLUE, None], 1),  # one ball pushed one cell
        ([BLUE, None, YELLOW], [RED, BLUE, YELLOW], 1),  # [X, _, Y] → [N, X, Y]: the push stops at the first gap
        ([BLUE, YELLOW, None], [RED, BLUE, YELLOW], 2),  # two balls pushed
    ],
)
def test_u5_u10_insert_pushes_up_to_the_first_gap(
    before: list[int | None], after_insert: list[int | None], pushed: int
) -> None:
    """U5, U10: the new ball takes c0; the balls before the first empty cell each move one deeper."""
    game = three_players()
    state = game.position({**set_line("R211", before), "000": BLUE}, to_move=0)
    done = state.apply_text("insert R211")
    assert line(done, "R211") == after_insert
    assert cells(done)["000"] == BLUE  # balls off the line do not move
    assert done.hand(RED) == state.hand(RED) - 1
    noun = "ball" if pushed == 1 else "balls"
    assert state.describe(Insert(Hole.parse("R211"))).endswith(f", pushing {pushed} {noun}" if pushed else "R211")


def test_u5_u10_a_full_line_takes_no_insert() -> None:
    """U5, U10: an insert into a full line would push a ball out: illegal, with the reason."""
    state = three_players().position(set_line("R211", [BLUE, YELLOW, BLUE]), to_move=0)
    assert Insert(Hole.parse("R211")) not in state.legal_actions()
    assert Insert(Hole.parse("L011")) not in state.legal_actions()
    with pytest.raises(IllegalActionError) as raised:
        state.apply_text("insert R211")
    assert str(raised.value).startswith("insert R211: line R211→011 is full; a ball would be pushed out")
    assert cells(state) == set_line("R211", [BLUE, YELLOW, BLUE])  # nothing changed


def test_u10_every_hole_is_its_own_action() -> None:
    """U10: two holes into the same empty corner give the same board but are two actions."""
    state = three_players().initial_state()
    via_left, via_front = state.apply_text("insert L000"), state.apply_text("insert F000")
    assert via_left.board == via_front.board
    assert Insert(Hole.parse("L000")) != Insert(Hole.parse("F000"))
    into_000 = {Insert(Hole.parse(hole)) for hole in ("L000", "F000", "D000")}
    assert into_000 <= set(state.legal_actions())


def test_u6_u11_a_shift_turns_a_full_line() -> None:
    """U6, U11: [a, b, c] from the hole becomes [c, a, b]: the far ball comes back in at the hole."""
    state = three_players().position(set_line("U102", [RED, BLUE, YELLOW]), to_move=0)
    shifted = state.apply_text("shift U102")
    assert line(shifted, "U102") == [YELLOW, RED, BLUE]
    assert [shifted.hand(c) for c in range(3)] == [state.hand(c) for c in range(3)]
    back_in = state.apply_text("shift D100")  # from the other end
    assert line(back_in, "U102") == [BLUE, YELLOW, RED]


def test_u11_only_a_full_line_shifts() -> None:
    """U11: a line with a gap cannot be shifted; the error says how many balls it holds."""
    state = three_players().position(set_line("U102", [RED, None, YELLOW]), to_move=0)
    assert not any(isinstance(a, Shift) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="line U102→100 holds 2 balls; only a full line shifts"):
        state.apply_text("shift U102")


def test_u11_a_null_shift_is_illegal_by_default() -> None:
    """U11: a line of one colour is unchanged by a shift: illegal unless allow_null_shift."""
    cells_ = set_line("U102", [BLUE, BLUE, BLUE])
    state = two_players().position(cells_, to_move=0)
    with pytest.raises(IllegalActionError, match="three blue balls; shifting it changes nothing"):
        state.apply_text("shift U102")
    allowed = two_players(allow_null_shift=True).position(cells_, to_move=0)
    assert Shift(Hole.parse("U102")) in allowed.legal_actions()
    assert allowed.apply_text("shift U102").board == allowed.board


def test_u7_with_no_ball_in_hand_only_shifts_remain() -> None:
    """U7, U11: a seat whose 9 balls are all in the cube may still shift, but not insert."""
    position = {**{c: RED for c in LATIN if c not in ("102", "111", "120")}, "102": RED, "101": BLUE, "100": YELLOW,
                "111": RED, "120": RED}
    state = three_players().position(position, to_move=0)
    assert state.hand(RED) == 0
    assert set(state.legal_actions()) == {Shift(Hole.parse("U102")), Shift(Hole.parse("D100"))}
    with pytest.raises(IllegalActionError, match="no ball left in hand; only shifts remain"):
        state.apply_text("insert U222")


def test_u12_the_next_move_may_not_undo_a_shift() -> None:
    """U6, U12: after a shift, the next player may not shift the line back (from its other end)."""
    position = set_line("U102", [RED, BLUE, YELLOW])
    state = three_players().position(position, to_move=0).apply_text("shift U102")
    assert Shift(Hole.parse("D100")) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="recreate the board as it was before the previous move"):
        state.apply_text("shift D100")
    assert Shift(Hole.parse("U102")) in state.legal_actions()  # turning on the same way is fine
    free = three_players(no_undo="off").position(position, to_move=0).apply_text("shift U102")
    assert free.apply_text("shift D100").board == free.game.position(position).board


def test_u12_the_ban_lasts_one_move() -> None:
    """U12: only the very next move is bound; after another move the line may be turned back."""
    position = {**set_line("U102", [RED, BLUE, YELLOW]), **set_line("U222", [YELLOW, RED, BLUE])}
    state = three_players().position(position, to_move=0)
    state = after(state, "shift U102", "shift U222")
    assert Shift(Hole.parse("D100")) in state.legal_actions()
    assert Shift(Hole.parse("D220")) not in state.legal_actions()


def test_u12_a_pass_keeps_the_ban() -> None:
    """U12, U14 (resolution): a pass is no move, so the move after it may not recreate the board either."""
    blue = ["001", "010", "012", "020", "022", "112", "120", "200", "211"]  # no full line, no square
    position = {**set_line("U102", [RED, RED, RED]), **{c: BLUE for c in blue}}
    state = three_players(allow_null_shift=True).position(position, to_move=0)
    state = state.apply_text("shift U102")  # a null shift: the board is unchanged
    assert state.legal_actions() == (Pass(),)  # blue: no ball in hand; the null shift would recreate the board
    state = state.apply_text("pass")
    assert state.current_player == 2
    with pytest.raises(IllegalActionError, match="U12"):
        state.apply_text("shift U102")


def test_u14_a_player_without_a_legal_move_passes() -> None:
    """U14: no ball in hand and no full line: the only action is pass, recorded and counted as a move."""
    state = three_players().position({c: RED for c in LATIN}, to_move=0)
    assert state.legal_actions() == (Pass(),)
    assert "has no legal move and passes" in state.describe(Pass())
    passed = state.apply_text("pass")
    assert passed.current_player == 1 and passed.board == state.board and passed.moves == 1


def test_u14_a_player_who_can_move_must() -> None:
    """U14: pass is illegal while a move exists."""
    state = three_players().initial_state()
    with pytest.raises(IllegalActionError, match="has a legal move and must move"):
        state.apply_text("pass")


def test_u15_a_square_you_make_for_another_player_wins_for_them() -> None:
    """U8, U15: pushing a ball into an opponent's square makes the opponent win, even with no square of yours."""
    position = {"000": BLUE, "200": BLUE, "110": BLUE, "210": BLUE}  # blue's D square lacks 100
    state = two_players().position(position, to_move=0).apply_text("insert L000")  # pushes 000 → 100
    assert state.is_terminal and state.winner == 1
    assert state.returns() == (-1.0, 1.0)
    square = state.events()[1]
    assert square.kind == "square" and square.params == {
        "seat": 1, "colour": "blue", "face": "D", "shape": "small", "cells": ["100", "110", "200", "210"],
        "by": 0, "wins": True}
    assert state.announcements() == [
        "Seat 2 (O blue) wins with the small square on face D (100 110 200 210), made by Seat 1 (X red)'s move: "
        "a square made for another player wins for them (U8).",
    ]


def test_u15_two_squares_at_once_the_other_players_wins() -> None:
    """U8, U15 (2 players): your square and the opponent's formed by one move: the opponent wins."""
    position = {"010": RED, "001": RED, "011": RED,  # red's L square lacks 000
                "000": BLUE, "200": BLUE, "110": BLUE, "210": BLUE}  # blue's D square lacks 100
    state = two_players().position(position, to_move=0).apply_text("insert L000")
    assert cells(state)["000"] == RED and cells(state)["100"] == BLUE
    assert state.winner == 1 and state.current_player == TERMINAL
    made = [(e["seat"], e["by"], e["wins"]) for e in state.events() if e.kind == "square"]
    assert made == [(1, 0, True), (0, 0, False)]
    assert state.announcements()[1] == ("Seat 1 (X red)'s own small square on face L (000 001 010 011), "
                                        "made by the same move, does not count (U15).")


@pytest.mark.parametrize(("mover", "winner"), [(0, 1), (1, 2), (2, 1)])
def test_u15_three_players_the_first_after_the_mover_wins(mover: int, winner: int) -> None:
    """U15 (3 players): a move making two other colours' squares: the first of them after the mover wins."""
    position = {"000": BLUE, "100": BLUE, "200": YELLOW,  # the line L000: [O, O, Y] becomes [Y, O, O]
                "110": BLUE, "210": BLUE,  # blue's D square {100, 200, 110, 210} lacks 200
                "010": YELLOW, "001": YELLOW, "011": YELLOW}  # yellow's L square {000, 010, 001, 011} lacks 000
    state = three_players().position(position, to_move=mover).apply_text("shift L000")
    assert state.winner == winner
    assert state.returns() == tuple(1.0 if s == winner else -0.5 for s in range(3))


def test_u16_third_repetition_is_a_draw() -> None:
    """U16: the same board with the same seat to move for the third time ends the game drawn.

    Shifting one line of three different colours the same way comes back every 3 moves, and the
    same seat is to move every 2, so the position recurs every 6 shifts: at shifts 6 and 12.
    """
    state = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=0)
    for k in range(1, 12):
        state = state.apply_text("shift U102")
        assert not state.is_terminal, k
    assert len(state.seen) == len(state.repeated) == 6  # six positions, each met twice by now
    drawn = state.apply_text("shift U102")
    assert drawn.is_terminal and drawn.end is End.REPETITION and drawn.winner is None
    assert drawn.returns() == (0.0, 0.0)
    assert drawn.events()[-1].params == {"why": "repetition", "moves": 12}
    assert "third time" in drawn.announcements()[0]


def test_u16_repetition_draw_can_be_switched_off() -> None:
    """U16, option repetition_draw=false: positions may recur; the move cap still ends the game."""
    state = two_players(repetition_draw=False, move_cap=20).position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=0)
    for _ in range(19):
        state = state.apply_text("shift U102")
    assert not state.is_terminal and not state.seen
    capped = state.apply_text("shift U102")
    assert capped.end is End.MOVE_CAP and capped.returns() == (0.0, 0.0)


def test_u16_an_insert_starts_the_history_afresh() -> None:
    """U16: an insert adds a ball, so no earlier position can recur: only the new one is remembered."""
    state = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=0)
    state = after(state, "shift U102", "shift U102")
    assert len(state.seen) == 3
    inserted = state.apply_text("insert U222")
    assert len(inserted.seen) == 1 and not inserted.repeated and inserted.banned is None


def test_u16_the_move_cap_draws_after_the_set_up() -> None:
    """U16: move_cap moves after the set-up (the set-up does not count) and the game is drawn."""
    game = two_players(move_cap=3)
    state = after(game.initial_state(), *(f"place {c}" for c in LATIN))
    assert state.moves == 0 and state.phase is Phase.PLAY
    state = after(state, "insert U002", "insert U022")
    assert not state.is_terminal and state.moves == 2
    state = state.apply_text("insert U202")
    assert state.is_terminal and state.end is End.MOVE_CAP and state.returns() == (0.0, 0.0)
    assert state.events()[-1].params == {"why": "move_cap", "moves": 3}
    assert "move cap of 3" in state.announcements()[0]


def test_u16_a_win_on_the_last_move_is_a_win() -> None:
    """U15 before U16: a square made by the move that reaches the cap still wins."""
    state = two_players(move_cap=1).position({"001": RED, "010": RED, "011": RED}, to_move=0)
    won = state.apply_text("insert L000")
    assert won.winner == 0 and won.end is End.SQUARE


def test_the_game_is_over_for_every_action() -> None:
    """Once over, every action is refused, saying the game is over."""
    state = two_players(move_cap=1).position({}, to_move=0).apply_text("insert U102")
    assert state.is_terminal and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_text("insert U002")


def test_load_by_name_and_options() -> None:
    """The registry knows Cubulus with its options, defaults as the spec names them."""
    game = tabletop.load("cubulus")
    assert dict(game.options) == {"players": 2, "first": "random", "neutral_cells": "all",
                                  "allow_null_shift": False, "no_undo": "next", "move_cap": 300,
                                  "repetition_draw": True, "rules": 1}
    with pytest.raises(OptionError, match="players"):
        tabletop.load("cubulus", players=4)
