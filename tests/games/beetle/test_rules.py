"""Beetle rules B1–B13 (shared/rules/beetle.md), each tested by number."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import CHANCE, TERMINAL, IllegalActionError, OptionError
from tabletop.games.beetle import FACES, ROLL, Beetle, BeetleState, Face, Phase, preset


def after(game: Beetle, *texts: str) -> BeetleState:
    """The state after the actions ``texts`` (in notation) from the start."""
    state = game.initial_state()
    for text in texts:
        state = state.apply_text(text)
    return state


def start_with_seat0(players: int, **options: object) -> tuple[Beetle, BeetleState]:
    """A game whose roll-off seat 1 (index 0) wins with a 6 while the others roll 1s."""
    game = Beetle(players=players, **options)
    state = after(game, "roll", "6", *(["roll", "1"] * (players - 1)))
    assert state.phase is Phase.PLAY and state.seat == 0
    return game, state


def turn(state: BeetleState, face: int) -> BeetleState:
    """One turn: roll, then the die shows ``face``."""
    return state.apply(ROLL).apply(Face(face))


def test_b1_one_shared_die_each_player_a_sheet() -> None:
    """B1: every seat has its own sheet; one die serves the table (one chance node at a time)."""
    _game, state = start_with_seat0(4)
    assert len(state.sheets) == 4
    assert state.current_player == 0
    rolled = state.apply(ROLL)
    assert rolled.current_player == CHANCE
    assert rolled.legal_actions() == FACES


def test_b2_faces_name_parts() -> None:
    """B2: 1 body, 2 head, 3 leg, 4 eye, 5 antenna, 6 tail."""
    table = preset("classic")
    names = {part.face: part.name for part in table.parts}
    assert names == {1: "body", 2: "head", 3: "leg", 4: "eye", 5: "antenna", 6: "tail"}


def test_b2_the_die_is_fair() -> None:
    """B2: each face has probability exactly 1/6."""
    _, state = start_with_seat0(2)
    outcomes = state.apply(ROLL).chance_outcomes()
    assert [(str(a), p) for a, p in outcomes] == [(str(f), Fraction(1, 6)) for f in range(1, 7)]


def test_b3_a_full_beetle_has_13_parts() -> None:
    """B3: body 1, head 1, tail 1, legs 6, eyes 2, antennae 2 — 13 parts."""
    table = preset("classic")
    counts = {part.name: part.count for part in table.parts}
    assert counts == {"body": 1, "head": 1, "leg": 6, "eye": 2, "antenna": 2, "tail": 1}
    assert table.total == 13


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_b4_nothing_before_the_body(face: int) -> None:
    """B4/B5: before the body, any other face draws nothing and the turn is lost."""
    _, state = start_with_seat0(2)
    lost = turn(state, face)
    assert lost.sheets[0] == (0,) * 6
    assert lost.seat == 1
    said = {e.kind: e for e in lost.events()}
    assert said["nothing_drawn"]["why"] == "needs"  # the body, or for eyes and antennae the head
    assert "turn lost" in lost.announcements()[0]


def test_b4_legs_and_tail_attach_to_the_body_eyes_and_antennae_to_the_head() -> None:
    """B4: after the body, legs/tail draw but eyes/antennae wait for the head."""
    game, state = start_with_seat0(1)
    table = game.table
    state = turn(state, 1)  # body
    for face, drawn in [(3, "leg"), (6, "tail"), (4, None), (5, None), (2, "head"), (4, "eye"), (5, "antenna")]:
        before = state.sheets[0]
        state = turn(state, face)
        if drawn is None:
            assert state.sheets[0] == before
        else:
            assert state.sheets[0][table.index(drawn)] == before[table.index(drawn)] + 1


def test_b5_a_full_part_is_a_lost_turn() -> None:
    """B5: a part already at its full count is not drawn again."""
    game, state = start_with_seat0(1)
    state = turn(turn(state, 1), 1)
    assert state.sheets[0][game.table.index("body")] == 1
    state = turn(state, 6)
    state = turn(state, 6)
    assert state.sheets[0][game.table.index("tail")] == 1


def test_b5_a_turn_is_one_roll_then_the_die_passes() -> None:
    """B5: each turn is exactly one roll; play passes in seat order whatever was drawn."""
    _, state = start_with_seat0(3)
    seats = []
    for face in [1, 2, 3, 4, 5, 6]:
        seats.append(state.seat)
        state = turn(state, face)
    assert seats == [0, 1, 2, 0, 1, 2]


def test_b6_highest_roll_starts() -> None:
    """B6: everybody rolls once; the highest starts; play then goes in seat order."""
    game = Beetle(players=3)
    state = after(game, "roll", "2", "roll", "5", "roll", "3")
    assert state.phase is Phase.PLAY
    assert state.current_player == 1
    assert turn(state, 1).current_player == 2
    assert turn(turn(state, 1), 1).current_player == 0


def test_b6_only_the_tied_reroll() -> None:
    """B6: players tied for highest re-roll, only they, until one is highest."""
    game = Beetle(players=4)
    state = after(game, "roll", "5", "roll", "2", "roll", "5", "roll", "5")
    assert state.phase is Phase.ROLL_OFF and state.contenders == (0, 2, 3)
    assert state.current_player == 0
    state = after(game, "roll", "5", "roll", "2", "roll", "5", "roll", "5", "roll", "4", "roll", "6", "roll", "6")
    assert state.contenders == (2, 3) and state.current_player == 2
    state = state.apply_text("roll").apply_text("1").apply_text("roll").apply_text("3")
    assert state.phase is Phase.PLAY and state.current_player == 3


def test_b6_seat_one_cannot_roll_out_of_turn() -> None:
    """B6/B13: in the roll-off as in play, only the seat to move may act; chance only when rolling."""
    game = Beetle(players=2)
    state = game.initial_state()
    with pytest.raises(IllegalActionError, match="legal: roll"):
        state.apply(Face(6))
    rolled = state.apply(ROLL)
    with pytest.raises(IllegalActionError, match="chance"):
        rolled.apply(ROLL)


def test_b7_first_to_finish_wins() -> None:
    """B7: the first player to complete the whole beetle wins and the game ends."""
    game, state = start_with_seat0(2)
    table = game.table
    for part in table.parts:  # seat 0 draws everything, seat 1 keeps missing (rolls a 2)
        for _ in range(part.count):
            state = turn(state, part.face)
            if state.is_terminal:
                break
            state = turn(state, 2)
    assert state.is_terminal and state.current_player == TERMINAL
    assert state.finished == (0,)
    assert state.returns() == (1.0, 0.0)


def test_b8_variants_change_the_parts() -> None:
    """B8: four legs, or wings added."""
    assert Beetle(variant="four-legs").table.total == 11
    assert Beetle(variant="winged").table.total == 15
    assert Beetle(variant="classic").table.total == 13


@pytest.mark.parametrize("players", [1, 8])
def test_b9_one_to_eight_players(players: int) -> None:
    """B9: 1 (solitaire) to 8 players; outside that, a clear error."""
    assert Beetle(players=players).num_players == players


@pytest.mark.parametrize("players", [0, 9, -1])
def test_b9_bad_player_counts_are_refused(players: int) -> None:
    """B9: the error names the allowed range."""
    with pytest.raises(OptionError, match="players"):
        tabletop.load("beetle", players=players)


def test_b9_solitaire_has_no_roll_off() -> None:
    """B9: alone, you just roll; finishing ends the game with return 1."""
    game = Beetle(players=1)
    state = game.initial_state()
    assert state.phase is Phase.PLAY and state.current_player == 0
    for part in game.table.parts:
        for _ in range(part.count):
            state = turn(state, part.face)
    assert state.is_terminal and state.returns() == (1.0,)


def test_b10_a_face_with_several_parts_fills_the_first_that_can_take_one() -> None:
    """B10: winged: face 6 draws the tail first, then the wings."""
    game, state = start_with_seat0(1, variant="winged")
    table = game.table
    state = turn(turn(state, 1), 6)
    assert state.sheets[0][table.index("tail")] == 1 and state.sheets[0][table.index("wing")] == 0
    state = turn(turn(state, 6), 6)
    assert state.sheets[0][table.index("wing")] == 2
    before = state.sheets[0]
    assert turn(state, 6).sheets[0] == before


def test_b10_custom_table_plays() -> None:
    """B10: a custom table given as data is validated, stored in the options, and played."""
    parts = {"name": "bug", "parts": [{"name": "body", "face": 1, "count": 1},
                                      {"name": "horn", "face": 2, "count": 3, "requires": ["body"]}]}
    game = tabletop.load("beetle", players=1, parts=parts)
    assert game.options["variant"] == "custom"
    state = game.initial_state()
    for face in [1, 2, 2, 2]:
        state = turn(state, face)
    assert state.is_terminal


def test_b10_variant_and_parts_conflict_is_explained() -> None:
    """B10: a preset and a custom table together are refused; custom needs a table."""
    with pytest.raises(OptionError, match="either"):
        tabletop.load("beetle", variant="winged", parts=preset("classic").to_data())
    with pytest.raises(OptionError, match="parts table"):
        tabletop.load("beetle", variant="custom")


def test_b11_the_roll_off_is_recorded_like_any_roll() -> None:
    """B11: the roll-off's rolls are chance outcomes in the record, before the first turn."""
    from tabletop.agents import RandomAgent
    from tabletop.sim import play

    played = play(Beetle(players=2), [RandomAgent(), RandomAgent()], seed=5)
    actions = played.record.actions
    assert actions[:4][0::2] == ("roll", "roll")
    assert all(a in {"1", "2", "3", "4", "5", "6"} for a in actions[1:4:2])


def test_b12_play_on_gives_places_in_finishing_order() -> None:
    """B12: with play-on the game ends when all but one have finished; places by finishing order."""
    game, state = start_with_seat0(3, play_on=True)
    table = game.table
    plan = {0: [p.face for p in table.parts for _ in range(p.count)], 1: [], 2: []}
    plan[2] = list(plan[0])
    # seat 0 finishes first, seat 1 never draws anything (rolls 2s), seat 2 finishes second
    while not state.is_terminal:
        seat = state.seat
        face = plan[seat].pop(0) if plan[seat] else 2
        state = turn(state, face)
    assert state.finished == (0, 2, 1)
    assert state.returns() == (1.0, 0.0, 0.5)


def test_b12_without_play_on_the_first_finisher_ends_it() -> None:
    """B12: no play-on: the game ends at the first finisher."""
    game, state = start_with_seat0(3)
    while not state.is_terminal:
        seat = state.seat
        face = 2 if seat else next(p.face for p in game.table.parts
                                   if game.table.drawable(state.sheets[0], p.face) is not None)
        state = turn(state, face)
    assert state.finished == (0,)
    assert state.returns() == (1.0, 0.0, 0.0)


def test_b13_every_turn_is_a_roll_action_then_chance() -> None:
    """B13: no decisions: the only legal action of a player is `roll`; the face is chance."""
    game = Beetle(players=3)
    rng = random.Random(3)
    state = game.initial_state()
    kinds: Counter[str] = Counter()
    while not state.is_terminal:
        if state.is_chance:
            kinds["chance"] += 1
            state = state.apply(state.sample_chance(rng))
        else:
            assert state.legal_actions() == (ROLL,)
            kinds["roll"] += 1
            state = state.apply(ROLL)
    assert kinds["roll"] == kinds["chance"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 8),
       variant=st.sampled_from(["classic", "four-legs", "winged"]), play_on=st.booleans())
def test_invariants_over_random_play(seed: int, players: int, variant: str, play_on: bool) -> None:
    """B3/B4/B7/B12 as invariants: counts never exceed the table, requirements always hold,
    finished seats have full beetles and never roll again, and the game ends as B12 says."""
    game = Beetle(players=players, variant=variant, play_on=play_on)
    table = game.table
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal:
        for sheet in state.sheets:
            for i, part in enumerate(table.parts):
                assert 0 <= sheet[i] <= part.count
                if sheet[i]:
                    assert all(sheet[r] > 0 for r in table.requirements[i])
        for seat in state.finished:
            assert table.is_complete(state.sheets[seat])
            assert state.seat != seat
        state = state.apply(state.sample_chance(rng) if state.is_chance else ROLL)
    complete = [s for s in range(players) if table.is_complete(state.sheets[s])]
    if play_on:
        assert sorted(state.finished) == list(range(players))
        assert len(complete) >= players - 1
    else:
        assert len(state.finished) == 1 and complete == list(state.finished)
