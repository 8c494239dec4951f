"""Beetle's events (rules B4–B13): what each roll did, as data, and the result as an event."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import RESULT_KINDS, SPECTATOR, Event
from tabletop.games.beetle import ROLL, Beetle, BeetleState, Face, Phase


def after(game: Beetle, *texts: str) -> BeetleState:
    """The state after the actions ``texts`` (in notation) from the start."""
    state = game.initial_state()
    for text in texts:
        state = state.apply_text(text)
    return state


def started(players: int, **options: Any) -> BeetleState:
    """Play begun with seat 0 to roll: it wins the roll-off with a 6, the others roll 1s."""
    state = after(Beetle(players=players, **options), "roll", "6", *(["roll", "1"] * (players - 1)))
    assert state.phase is Phase.PLAY and state.seat == 0
    return state


def turn(state: BeetleState, face: int) -> BeetleState:
    """One turn: roll, then the die shows ``face``."""
    return state.apply(ROLL).apply(Face(face))


def said(state: BeetleState) -> list[dict[str, Any]]:
    """The last action's events as data."""
    return [e.to_data() for e in state.events()]


def finish(state: BeetleState, seat: int) -> BeetleState:
    """Turns until ``seat`` finishes its beetle: it always rolls a face that draws a part, the
    others a face that draws nothing."""
    table = state.game.table
    while seat not in state.finished and not state.is_terminal:
        if state.seat == seat:
            face = next(p.face for p in table.parts if table.drawable(state.sheets[seat], p.face) is not None)
        else:
            face = next(f for f in range(1, 7) if table.drawable(state.sheets[state.seat], f) is None)
        state = turn(state, face)
    return state


def test_no_events_before_the_first_action() -> None:
    """The initial state (a roll-off, B6, or solitaire play, B9) has done nothing yet."""
    assert Beetle(players=3).initial_state().events() == ()
    assert Beetle(players=1).initial_state().events() == ()


def test_b13_roll_is_the_action_and_says_whose_die_and_whether_for_the_start() -> None:
    """B13/B11: `roll` is the action's own event, with the seat and whether it is a roll-off roll."""
    game = Beetle(players=2)
    assert said(game.initial_state().apply(ROLL)) == [{"kind": "roll", "seat": 0, "rolloff": True, "action": True}]
    assert said(started(2).apply(ROLL)) == [{"kind": "roll", "seat": 0, "rolloff": False, "action": True}]
    assert game.initial_state().apply(ROLL).announcements() == []  # the action itself is not a consequence


def test_b6_each_roll_off_roll_then_the_tie() -> None:
    """B6: a roll-off face is the chance action's event; a complete round ends in a tie (who re-roll)."""
    game = Beetle(players=3)
    state = after(game, "roll", "5")
    assert said(state) == [{"kind": "rolloff_rolled", "seat": 0, "face": 5, "action": True}]
    state = after(game, "roll", "5", "roll", "2", "roll", "5")
    assert said(state) == [
        {"kind": "rolloff_rolled", "seat": 2, "face": 5, "action": True},
        {"kind": "rolloff_tie", "members": [0, 2], "face": 5},
    ]
    assert state.announcements() == ["a tie at 5: seats 1, 3 roll again"]


def test_b6_the_roll_off_ends_with_who_starts() -> None:
    """B6: once one seat is highest, `starts` names it (and its face), even after a re-roll."""
    game = Beetle(players=3)
    state = after(game, "roll", "2", "roll", "5", "roll", "3")
    assert said(state)[-1] == {"kind": "starts", "seat": 1, "face": 5}
    state = after(game, "roll", "6", "roll", "6", "roll", "1", "roll", "2", "roll", "4")
    assert said(state) == [
        {"kind": "rolloff_rolled", "seat": 1, "face": 4, "action": True},
        {"kind": "starts", "seat": 1, "face": 4},
    ]
    assert state.announcements() == ["seat 2 starts (rolled 4)"]


def test_b5_a_part_drawn_says_which_and_how_many() -> None:
    """B5/B10: the part by its name in the parts table, the face, how many now and how many needed."""
    state = turn(turn(turn(started(1), 1), 3), 3)
    assert said(state) == [
        {"kind": "rolled", "seat": 0, "face": 3, "action": True},
        {"kind": "part_drawn", "seat": 0, "part": "leg", "face": 3, "have": 2, "needed": 6},
    ]
    assert state.announcements() == ["seat 1 draws leg (2/6)"]


def test_b4_b5_nothing_drawn_needs_another_part_first() -> None:
    """B4/B5: an eye before the head is a lost turn; the reason names the part it waits for."""
    state = turn(turn(started(2), 1), 4)  # seat 1 (index 1) has no body
    assert said(state)[1] == {"kind": "nothing_drawn", "seat": 1, "face": 4, "why": "needs",
                              "reasons": [{"part": "eye", "why": "needs", "missing": ["head"]}]}
    assert state.announcements() == ["seat 2 draws nothing on a 4: eye needs head first — turn lost"]


def test_b5_nothing_drawn_the_part_is_complete() -> None:
    """B5: a part already at its full count is a lost turn, said as `complete` with the count."""
    state = turn(turn(started(1), 1), 1)
    assert said(state)[1] == {"kind": "nothing_drawn", "seat": 0, "face": 1, "why": "complete",
                              "reasons": [{"part": "body", "why": "complete", "needed": 1}]}
    assert "turn lost" in state.announcements()[0]


def test_b10_several_parts_on_one_face_each_give_a_reason() -> None:
    """B10: winged: a 6 with tail and wings done lists both; a face with no part says `no_part`."""
    state = started(1, variant="winged")
    for face in (1, 6, 6, 6):
        state = turn(state, face)
    assert said(turn(state, 6))[1]["reasons"] == [{"part": "tail", "why": "complete", "needed": 1},
                                                  {"part": "wing", "why": "complete", "needed": 2}]
    parts = {"name": "bug", "parts": [{"name": "rump", "face": 1, "count": 1},
                                      {"name": "horn", "face": 2, "count": 1, "requires": ["rump"]},
                                      {"name": "foot", "face": 3, "count": 1, "requires": ["rump"]},
                                      {"name": "spur", "face": 2, "count": 1, "requires": ["foot"]}]}
    game = tabletop.load("beetle", players=1, parts=parts)
    state = turn(game.initial_state(), 5)
    assert said(state)[1] == {"kind": "nothing_drawn", "seat": 0, "face": 5, "why": "no_part", "reasons": []}
    assert game.event_text(state.events()[1]) == "seat 1 draws nothing on a 5: no part is drawn on a 5 — turn lost"
    # one part complete, the other waiting: `needs` (drawing another part would unblock the face)
    state = turn(turn(turn(game.initial_state(), 1), 2), 2)
    assert said(state)[1] == {"kind": "nothing_drawn", "seat": 0, "face": 2, "why": "needs", "reasons": [
        {"part": "horn", "why": "complete", "needed": 1}, {"part": "spur", "why": "needs", "missing": ["foot"]}]}
    assert said(turn(turn(state, 3), 2))[1]["part"] == "spur"


def test_b10_custom_part_names_are_kept_as_data() -> None:
    """B10: a custom table's part names travel as they are, for every front end to show."""
    parts = {"name": "bot", "parts": [{"name": "Zahnrad", "face": 1, "count": 2}]}
    state = turn(tabletop.load("beetle", players=1, parts=parts).initial_state(), 1)
    assert said(state)[1] == {"kind": "part_drawn", "seat": 0, "part": "Zahnrad", "face": 1, "have": 1, "needed": 2}


def test_b7_the_first_to_finish_wins_and_the_game_is_over() -> None:
    """B7: the winning draw, then `beetle_finished` in place 1 and `game_over`; result `game_won`."""
    state = finish(started(2), 0)
    assert state.is_terminal
    kinds = [e["kind"] for e in said(state)]
    assert kinds == ["rolled", "part_drawn", "beetle_finished", "game_over"]
    assert said(state)[2:] == [{"kind": "beetle_finished", "seat": 0, "place": 1},
                               {"kind": "game_over", "winner": 0, "places": [0]}]
    result = state.result()
    assert result is not None and result.to_data() == {"kind": "game_won", "side": 0, "members": [0]}
    assert state.announcements()[-1] == "game over: seat 1 wins"


def test_b12_play_on_places_and_the_last_place() -> None:
    """B12: with play-on, the winner's finish says who play on for place 2; the game ends when all
    but one are done, the last one taking the last place; the result lists the places."""
    state = finish(started(3, play_on=True), 0)
    assert not state.is_terminal
    assert said(state)[2:] == [{"kind": "beetle_finished", "seat": 0, "place": 1},
                               {"kind": "play_on", "members": [1, 2], "place": 2}]
    assert state.result() is None
    assert state.announcements()[-1] == "seats 2, 3 play on for place 2"
    state = finish(state, 2)
    assert state.is_terminal
    assert said(state)[2:] == [{"kind": "beetle_finished", "seat": 2, "place": 2},
                               {"kind": "last_place", "seat": 1, "place": 3},
                               {"kind": "game_over", "winner": 0, "places": [0, 2, 1]}]
    result = state.result()
    assert result is not None
    assert result.to_data() == {"kind": "game_won", "side": 0, "members": [0], "places": [0, 2, 1]}
    assert state.announcements()[-2:] == ["seat 2 takes the last place (3)",
                                          "game over: #1 seat 1, #2 seat 3, #3 seat 2"]


def test_b9_solitaire_finishes_in_place_one() -> None:
    """B9/B12: alone, finishing is place 1 and the end (with or without play-on)."""
    for play_on in (False, True):
        state = finish(Beetle(players=1, play_on=play_on).initial_state(), 0)
        assert state.is_terminal
        assert said(state)[-1] == {"kind": "game_over", "winner": 0, "places": [0]}
        result = state.result()
        assert result is not None and result.kind == "game_won" and result["members"] == [0]


def test_events_survive_pickling_and_do_not_change_equality() -> None:
    """Events are what happened, not the position: equal states may differ in them; a state sent
    to a worker process keeps them."""
    state = turn(started(2), 1)
    assert pickle.loads(pickle.dumps(state)).events() == state.events()
    rebuilt = state.game.state_from_view(state.view(0), random.Random(0))
    assert rebuilt == state and rebuilt.events() == ()


def test_every_kind_has_an_english_sentence() -> None:
    """The terminal's words (Game.event_text) for every kind in the spec, without placeholders."""
    game = Beetle(players=3)
    samples = [
        Event("roll", {"seat": 0, "rolloff": True}), Event("roll", {"seat": 0, "rolloff": False}),
        Event("rolloff_rolled", {"seat": 0, "face": 3}), Event("rolloff_tie", {"members": [0, 1], "face": 6}),
        Event("starts", {"seat": 2, "face": 6}), Event("rolled", {"seat": 1, "face": 2}),
        Event("part_drawn", {"seat": 1, "part": "eye", "face": 4, "have": 1, "needed": 2}),
        Event("nothing_drawn", {"seat": 1, "face": 4, "why": "needs",
                                "reasons": [{"part": "eye", "why": "needs", "missing": ["head"]}]}),
        Event("beetle_finished", {"seat": 1, "place": 1}), Event("play_on", {"members": [0, 2], "place": 2}),
        Event("last_place", {"seat": 0, "place": 3}), Event("game_over", {"winner": 1, "places": [1]}),
    ]
    assert {e.kind for e in samples} == set(game.spec.events)
    texts = [game.event_text(e) for e in samples]
    assert all(text and "{" not in text for text in texts)
    assert texts[0] == "seat 1 rolls for the start" and texts[6] == "seat 2 draws eye (1/2)"
    assert game.event_text(Event("game_won", {"side": 1, "members": [1]})) == "seat 2 wins"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 5),
       variant=st.sampled_from(["classic", "four-legs", "winged"]), play_on=st.booleans())
def test_events_over_random_play(seed: int, players: int, variant: str, play_on: bool) -> None:
    """Over whole random games: every kind is declared, every event is public JSON with English
    words, each action has exactly one action event (first), parts drawn agree with the sheets,
    and the result is None until the end and then names the first finisher (B7, B12)."""
    game = Beetle(players=players, variant=variant, play_on=play_on)
    table = game.table
    rng = random.Random(seed)
    state = game.initial_state()
    while True:
        assert state.result() is None
        before = state
        state = state.apply(state.sample_chance(rng) if state.is_chance else ROLL)
        events = state.events()
        assert events and events[0].action and not any(e.action for e in events[1:])
        for e in events:
            assert e.kind in game.spec.events
            assert e.seats is None and e.visible_to(SPECTATOR)  # B1: nothing in Beetle is hidden
            json.dumps(e.to_data())
            text = game.event_text(e)
            assert isinstance(text, str) and text
        kinds = [e.kind for e in events]
        if "part_drawn" in kinds:
            drawn = events[kinds.index("part_drawn")]
            i = table.index(drawn["part"])
            assert state.sheets[drawn["seat"]][i] == drawn["have"] == before.sheets[drawn["seat"]][i] + 1
        if "nothing_drawn" in kinds:
            assert state.sheets == before.sheets
        if state.is_terminal:
            break
    result = state.result()
    assert result is not None and result.kind in RESULT_KINDS
    winner = state.finished[0]
    assert result.kind == "game_won" and result["side"] == winner and result["members"] == [winner]
    assert events[-1].kind == "game_over" and events[-1]["places"] == (list(state.finished) if play_on else [winner])
    json.dumps(result.to_data())
