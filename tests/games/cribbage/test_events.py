"""Cribbage's events (State.events, State.result, Game.event_text): what each action says it did, as
data, rule by rule (C5–C18), and over random legal play: every kind declared, JSON-ready, written
out in English, and nothing shown to a seat that its view hides (a dealt card, a discard)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import RESULT_KINDS, SPECTATOR, Event
from tabletop.games.cribbage import CribbageState, Pegs, Phase
from tabletop.games.cribbage.game import SPEC
from tests.games.cribbage.helpers import cut_for, deal, play_out, setup, to_the_show

PONE_HAND = "2C 3D 9H KS 7C 8D"
DEALER_HAND = "4H 6S QH TD 5C AS"
CARD = re.compile(r"^(?:[2-9TJQKA])[CDHS]$")


def data(state: CribbageState, viewer: int | None = None) -> list[dict[str, Any]]:
    """The last action's events as ``viewer`` may see them (all of them with no viewer)."""
    return [e.to_data() for e in state.events() if viewer is None or e.visible_to(viewer)]


def kinds(state: CribbageState) -> list[str]:
    return [e.kind for e in state.events()]


def two_player(starter: str = "TC", **options: Any) -> CribbageState:
    """Pone keeps 2C 3D 9H KS; the dealer (seat 0) keeps 4H 6S QH TD; the crib is 5C AS 7C 8D."""
    return setup([DEALER_HAND, PONE_HAND], ["5C AS", "7C 8D"], starter, **options)


def text(state: CribbageState) -> list[str]:
    return [state.game.event_text(e) for e in state.events()]


# --- C6: the cut for the deal -----------------------------------------------------------------


def test_c6_each_cut_is_an_event_and_the_lowest_card_deals() -> None:
    state = tabletop.load("cribbage").initial_state()
    assert state.events() == () and state.result() is None
    state = play_out(state, "cut 9C")
    assert data(state) == [{"kind": "cut", "seat": 0, "card": "9C", "action": True}]
    state = play_out(state, "cut 4D")
    assert data(state) == [{"kind": "cut", "seat": 1, "card": "4D", "action": True},
                           {"kind": "dealer", "seat": 1, "why": "cut"}]
    assert text(state) == ["seat 2 cuts 4♦", "seat 2 has the lowest card and deals"]
    assert state.announcements() == ["seat 2 has the lowest card and deals"]  # the CLI's line under the cut


def test_c6_a_tie_for_the_lowest_card_is_cut_again_by_those_tied() -> None:
    state = play_out(tabletop.load("cribbage", players=3).initial_state(), "cut 2C", "cut KD", "cut 2H")
    assert data(state)[1:] == [{"kind": "cut_tie", "members": [0, 2], "rank": 2}]
    assert text(state)[1] == "seats 1, 3 tie for the lowest card and cut again"
    state = play_out(state, "cut 8C", "cut 5S")  # only seats 0 and 2 cut again
    assert data(state) == [{"kind": "cut", "seat": 2, "card": "5S", "action": True},
                           {"kind": "dealer", "seat": 2, "why": "cut"}]


# --- C5: the deal and the crib -------------------------------------------------------------------


def test_c5_a_dealt_card_is_seen_by_its_recipient_and_a_twin_without_it_by_the_rest() -> None:
    state = play_out(tabletop.load("cribbage").initial_state(), *cut_for(0, 2), "deal 5H")
    mine, twin = state.events()
    assert mine.to_data() == {"kind": "dealt", "seat": 1, "card": "5H", "action": True}
    assert mine.seats == frozenset({1})
    assert twin.to_data() == {"kind": "dealt", "seat": 1, "action": True}
    assert twin.seats == frozenset({0, SPECTATOR})
    assert data(state, 1) == [mine.to_data()] and data(state, 0) == data(state, SPECTATOR) == [twin.to_data()]
    assert text(state) == ["seat 2 is dealt 5♥", "a card is dealt to seat 2"]


def test_c5_three_players_deal_one_card_to_the_crib_face_down() -> None:
    hands = ["4H 6S QH TD 5C", "2C 3D 9H KS 7C", "AD 2D 3H 4S 6C"]
    state = play_out(tabletop.load("cribbage", players=3).initial_state(), *cut_for(0, 3), *deal(hands, 0, "8S"))
    assert data(state) == [{"kind": "crib_dealt", "action": True}]  # nobody sees the card
    assert text(state) == ["a card is dealt to the crib"]
    assert state.phase is Phase.DISCARD


def test_c5_a_discard_shows_its_cards_to_the_owner_and_the_count_to_the_others() -> None:
    state = play_out(tabletop.load("cribbage").initial_state(), *cut_for(0, 2), *deal([DEALER_HAND, PONE_HAND]))
    state = play_out(state, "discard 7C 8D")
    mine, twin = state.events()
    assert mine.to_data() == {"kind": "discards", "seat": 1, "cards": ["7C", "8D"], "action": True}
    assert mine.seats == frozenset({1})
    assert twin.to_data() == {"kind": "discards", "seat": 1, "count": 2, "action": True}
    assert twin.seats == frozenset({0, SPECTATOR})
    assert text(state) == ["seat 2 lays away 7♣ 8♦ to the crib", "seat 2 lays away 2 cards to the crib"]


# --- C7: the starter and his heels ---------------------------------------------------------------


def test_c7_the_starter_and_two_for_his_heels() -> None:
    assert data(two_player("TC")) == [{"kind": "starter", "card": "TC", "action": True}]
    state = two_player("JC")
    assert data(state) == [{"kind": "starter", "card": "JC", "action": True},
                           {"kind": "pegs", "seat": 0, "side": 0, "points": 2, "why": "heels", "score": 2}]
    assert state.announcements() == ["seat 1 pegs 2 (heels)"]


# --- C8–C12: the play ----------------------------------------------------------------------------


def test_c8_c11_each_card_played_says_the_count_and_what_it_pegs() -> None:
    state = setup(["4H 6S 5D TD 5C AS", "2C 3D 4C KS 7C 8D"], ["5C AS", "7C 8D"], "TC")
    state = play_out(state, "3D")
    assert data(state) == [{"kind": "plays", "seat": 1, "card": "3D", "count": 3, "action": True}]
    assert text(state) == ["seat 2 plays 3♦, count 3"]
    state = play_out(state, "4H", "2C")  # 3-4-2: a run of three
    assert data(state) == [
        {"kind": "plays", "seat": 1, "card": "2C", "count": 9, "action": True},
        {"kind": "pegs", "seat": 1, "side": 1, "points": 3, "why": "play", "score": 3,
         "combinations": [{"why": "run", "cards": ["3D", "4H", "2C"], "points": 3}]}]
    assert state.announcements() == ["seat 2 pegs 3 (pegging): a run of three is three"]


def test_c10_c11_thirty_one_and_a_pair_are_itemised() -> None:
    state = setup(["KH 6S QH AD 5C AS", "AH 3D 9H KS 7C 8D"], ["5C AS", "7C 8D"], "2C")
    state = play_out(state, "KS", "KH", "9H", "AD", "AH")  # 29, 30, 31 with a pair of aces
    pegs = data(state)[1]
    assert pegs["why"] == "play" and pegs["points"] == 4
    assert pegs["combinations"] == [{"why": "thirty_one", "cards": ["KS", "KH", "9H", "AD", "AH"], "points": 2},
                                    {"why": "pair", "cards": ["AD", "AH"], "points": 2}]
    assert state.announcements() == ["seat 2 pegs 4 (pegging): thirty-one for two is two, and a pair is four"]


def test_c11_a_pair_royal_has_its_own_code() -> None:
    state = setup(["QH 6S QD TD 5C AS", "QC QS 4C KS 7C 8D"], ["5C AS", "7C 8D"], "2C")
    state = play_out(state, "QC", "QH", "QS")
    assert data(state)[1]["combinations"] == [{"why": "pair_royal", "cards": ["QC", "QH", "QS"], "points": 6}]


def test_c9_go_and_the_point_for_it() -> None:
    state = play_out(two_player(), "KS", "QH", "3D", "4H", "2C", "go")
    assert data(state) == [{"kind": "go", "seat": 0, "action": True}]
    assert text(state) == ["seat 1 says go"]
    state = play_out(state, "go")
    assert data(state) == [{"kind": "go", "seat": 1, "action": True},
                           {"kind": "pegs", "seat": 1, "side": 1, "points": 1, "why": "go", "score": 4}]


def test_c12_one_for_the_last_card() -> None:
    state = play_out(two_player(), "2C", "4H", "3D", "6S", "9H", "go", "go", "QH", "KS", "TD")
    assert data(state)[-1] == {"kind": "pegs", "seat": 0, "side": 0, "points": 1, "why": "last_card", "score": 3}
    assert text(state)[-1] == "seat 1 pegs 1 (last card)"


# --- C13: the show -------------------------------------------------------------------------------


def test_c13_each_count_names_the_cards_and_pegs_them_itemised_then_the_deal_passes_left() -> None:
    state = to_the_show(two_player())
    state = play_out(state, "count")  # pone: 2C 3D 9H KS + TC: 2+3+T, 2+3+K
    counts, pegs = data(state)
    assert counts == {"kind": "counts", "seat": 1, "what": "hand", "cards": ["2C", "3D", "9H", "KS"],
                      "starter": "TC", "action": True}
    assert pegs["why"] == "hand" and pegs["points"] == 4 and [c["why"] for c in pegs["combinations"]] == [
        "fifteen", "fifteen"]
    assert text(state)[1] == "seat 2 pegs 4 (hand): fifteen two, and fifteen four"
    state = play_out(state, "count", "count")  # the dealer's hand, then the crib
    assert kinds(state) == ["counts", "pegs", "dealer"]
    assert data(state)[0]["what"] == "crib" and sorted(data(state)[0]["cards"]) == ["5C", "7C", "8D", "AS"]
    assert data(state)[2] == {"kind": "dealer", "seat": 1, "why": "left"}
    assert text(state)[2] == "the deal passes to seat 2"


def test_c2_c13_a_hand_worth_nothing_is_still_told() -> None:
    state = to_the_show(setup(["3H 5S QH TD AC AS", "2C 4D 6H 8S 7C 9D"], ["AC AS", "7C 9D"], "KC"))
    state = play_out(state, "count")
    pegs = data(state)[1]
    assert pegs["points"] == 0 and pegs["combinations"] == []  # "nineteen": counted, and worth nothing
    assert state.announcements() == ["seat 2 pegs 0 (hand)"]


# --- C17: muggins --------------------------------------------------------------------------------


def test_c17_a_claim_in_the_play_and_muggins_taken() -> None:
    state = setup(["4H 6S 5D TD 5C AS", "2C 3D 4C KS 7C 8D"], ["5C AS", "7C 8D"], "TC", muggins=True)
    state = play_out(state, "3D", "claim 0", "4H", "claim 0", "2C")
    assert data(state) == [{"kind": "plays", "seat": 1, "card": "2C", "count": 9, "action": True}]  # not yet scored
    state = play_out(state, "claim 1")
    assert data(state) == [{"kind": "claims", "seat": 1, "declared": 1, "action": True},
                           {"kind": "pegs", "seat": 1, "side": 1, "points": 1, "why": "play", "score": 1}]
    state = play_out(state, "muggins")
    assert data(state) == [{"kind": "muggins", "seat": 0, "of": 1, "what": "pegging", "action": True},
                           {"kind": "pegs", "seat": 0, "side": 0, "points": 2, "why": "muggins", "score": 2}]
    assert text(state) == ["seat 1 says muggins!", "seat 1 pegs 2 (muggins)"]


def test_c17_a_declared_count_keeps_its_breakdown_to_itself_and_a_pass() -> None:
    state = to_the_show(two_player(muggins=True))
    state = play_out(state, "count 1")  # the pone's hand is worth 4
    counts, pegs = data(state)
    assert counts["declared"] == 1 and counts["what"] == "hand"
    assert pegs == {"kind": "pegs", "seat": 1, "side": 1, "points": 1, "why": "hand", "score": pegs["score"]}
    assert "combinations" not in pegs  # finding what was missed is the opponents' skill
    assert text(state)[0] == "seat 2 counts the hand 2♣ 3♦ 9♥ K♠ + 10♣ (declares 1)"
    state = play_out(state, "pass")
    assert data(state) == [{"kind": "passes", "seat": 0, "action": True}]
    assert text(state) == ["seat 1 lets it go"]


# --- C14, C16, C18: games and the match ----------------------------------------------------------


def near_the_end(**options: Any) -> CribbageState:
    """Two players after the discards, the dealer (seat 0) on 29 of 31, the pone on 0: a jack turned
    as starter wins it."""
    game = tabletop.load("cribbage", target=31, **options)
    state = play_out(game.initial_state(), *cut_for(0, 2), *deal([DEALER_HAND, PONE_HAND]),
                     "discard 7C 8D", "discard 5C AS")
    assert isinstance(state, CribbageState) and state.phase is Phase.STARTER
    return state.replace(scores=(29, 0), pegs=(Pegs(29, 20), Pegs()))


def test_c14_c18_a_game_won_with_a_skunk_and_the_loser_deals_the_next() -> None:
    state = play_out(near_the_end(games=3, skunk=True), "starter JC")
    assert kinds(state) == ["starter", "pegs", "wins_game", "dealer"]
    assert data(state)[2] == {"kind": "wins_game", "side": 0, "members": [0], "scores": [31, 0], "value": 2,
                              "game": 1, "games": 3, "match_points": [2, 0], "skunk": "skunk"}
    assert data(state)[3] == {"kind": "dealer", "seat": 1, "why": "loser"}
    assert text(state)[2:] == ["Seat 1 wins the game 31–0, a skunk (game 1 of 3: match 2–0)",
                               "seat 2 lost the game and deals first in the next"]
    assert state.result() is None  # the match goes on


def test_c16_a_match_won_and_its_result() -> None:
    state = play_out(near_the_end(games=3, skunk=True, stop_at_majority=True), "starter JC")
    assert kinds(state) == ["starter", "pegs", "wins_game", "wins_match"]
    assert data(state)[3] == {"kind": "wins_match", "side": 0, "members": [0], "match_points": [2, 0],
                              "games_won": [1, 0]}
    assert text(state)[3] == "Seat 1 wins the match 2–0"
    result = state.result()
    assert result is not None and result.to_data() == {
        "kind": "game_won", "side": 0, "members": [0], "match_points": [2, 0], "games_won": [1, 0], "scores": [31, 0]}


def test_c16_a_match_of_one_game_ends_with_the_game_and_its_result() -> None:
    state = play_out(near_the_end(), "starter JC")
    assert kinds(state) == ["starter", "pegs", "wins_game"]
    result = state.result()
    assert result is not None and result.kind == "game_won" and result["side"] == 0


def finish(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not state.is_terminal:
        assert state.result() is None
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    return state


def test_c15_partners_win_as_one_side() -> None:
    """C15: with four players the result names the partnership (0: seats 0 & 2, 1: seats 1 & 3)."""
    for seed in range(3):
        state = finish(tabletop.load("cribbage", players=4, target=31).initial_state(), seed)
        result = state.result()
        assert result is not None and result.kind == "game_won"
        side = result["side"]
        assert side in (0, 1) and result["members"] == [side, side + 2]
        assert all(state.returns()[s] == 1.0 for s in result["members"])
        won = next(e for e in state.events() if e.kind == "wins_game")
        assert won["members"] == [side, side + 2]
        assert state.game.event_text(won).startswith(f"Seats {side + 1} & {side + 3} win the game")


def test_c16_a_three_way_tie_is_a_draw_and_told() -> None:
    for seed in range(60):
        state = finish(tabletop.load("cribbage", players=3, target=31, games=3).initial_state(), seed)
        if sorted(r.winner for r in state.results) == [0, 1, 2]:
            assert kinds(state)[-1] == "match_tied"
            assert state.events()[-1]["sides"] == [0, 1, 2]
            result = state.result()
            assert result is not None and result.kind == "game_drawn"
            return
    raise AssertionError("no three-way tie found")


# --- every event, over random play ---------------------------------------------------------------


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in JSON-ready data."""
    if isinstance(value, str):
        return {value.upper()} if CARD.match(value.upper()) else set(
            w.upper() for w in value.split() if CARD.match(w.upper()))
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def view_of(state: CribbageState, viewer: int) -> Any:
    return state.public_view() if viewer == SPECTATOR else state.view(viewer)


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1), muggins=st.booleans(),
       games=st.sampled_from([1, 3]), skunk=st.booleans())
def test_events_of_random_play(players: int, seed: int, muggins: bool, games: int, skunk: bool) -> None:
    game = tabletop.load("cribbage", players=players, muggins=muggins, games=games, skunk=skunk, target=31)
    rng = random.Random(seed)
    state: Any = game.initial_state()
    viewers = [*range(players), SPECTATOR]
    seen: set[str] = set()
    while not state.is_terminal:
        assert state.result() is None
        before = state
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        events: list[Event] = list(state.events())
        assert events and events[0].action  # the action first, then what it caused
        for e in events:
            seen.add(e.kind)
            assert e.kind in SPEC.events
            json.dumps(e.to_data())
            assert isinstance(game.event_text(e), str) and game.event_text(e)
            assert "seats" not in e.params
        for viewer in viewers:
            mine = [e for e in events if e.visible_to(viewer)]
            assert any(e.action for e in mine), "every seat learns that something happened"
            shown = cards_in(view_of(before, viewer)) | cards_in(view_of(state, viewer))
            shown |= cards_in(before.observation(action, viewer) or "")
            leaked = cards_in([e.to_data() for e in mine]) - shown
            assert not leaked, f"{viewer} told {leaked} by {action}"
        for e in events:  # a hidden event has a redacted twin (without the cards, checked above) for the rest
            if e.seats is not None:
                for viewer in viewers:
                    assert sum(1 for t in events if t.kind == e.kind and t.visible_to(viewer)) == 1
    result = state.result()
    assert result is not None and result.kind in RESULT_KINDS
    json.dumps(result.to_data())
    assert {"cut", "dealt", "discards", "starter", "plays", "counts", "wins_game"} <= seen
