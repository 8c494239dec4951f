"""Cribbage rules C1–C18, each tested by number on chosen deals."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core import CHANCE, IllegalActionError, OptionError
from tabletop.games.cribbage import CribbageState, Pegs, Phase
from tabletop.games.cribbage.game import TARGET_PRESETS
from tabletop.games.cribbage.phases import ScoreEvent
from tabletop.games.cribbage.scoring import score_hand
from tests.games.cribbage.helpers import cut_for, deal, play_out, setup, to_the_show

# Seat 0 deals; seat 1 (pone) leads. Hands chosen so nothing scores by accident unless intended.
PONE_HAND = "2C 3D 9H KS 7C 8D"
DEALER_HAND = "4H 6S QH TD 5C AS"


def two_player(starter: str = "TC", **options: object) -> CribbageState:
    """Pone keeps 2C 3D 9H KS (lays away 7C 8D); dealer keeps 4H 6S QH TD (lays away 5C AS)."""
    return setup([DEALER_HAND, PONE_HAND], ["5C AS", "7C 8D"], starter, **options)


def test_c1_c2_pegs_leapfrog() -> None:
    """C2: the rear peg jumps to the new total; the first score goes from the start."""
    pegs = Pegs()
    pegs = pegs.advance(2)
    assert (pegs.front, pegs.rear) == (2, 0)
    pegs = pegs.advance(3)
    assert (pegs.front, pegs.rear) == (5, 2)


def test_c2_a_zero_moves_no_peg() -> None:
    """C2: nothing scored, nothing pegged: the rear peg keeps the previous score; pegs never go back."""
    assert Pegs(7, 2).advance(0) == Pegs(7, 2)
    assert Pegs().advance(0) == Pegs()
    with pytest.raises(ValueError, match="pegs only go forward"):
        Pegs(7, 2).advance(-1)


# The pone keeps 2C 4D 6H 8S: with the starter KC it is worth nothing (all even, no run, no pair).
ZERO_DEAL = (["3H 5S QH TD AC AS", "2C 4D 6H 8S 7C 9D"], ["AC AS", "7C 9D"], "KC")


def test_c2_a_hand_worth_nothing_moves_no_peg() -> None:
    """C2, C13: a hand counting 0 is still announced, but no peg moves: the rear peg still
    shows the score before the last points, not the front one's hole."""
    state = to_the_show(setup(*ZERO_DEAL))
    assert state.show_seat() == 1 and score_hand(state.kept[1], state.starter).total == 0
    before = state.pegs[1]
    assert before.front > before.rear  # the pone pegged in the play
    counted = state.apply_text("count")
    assert counted.pegs[1] == before and counted.scores == state.scores
    assert [(e.kind, e.points) for e in counted.scored] == [("hand", 0)]
    assert counted.announcements() == ["seat 2 pegs 0 (hand)"]  # still announced


def test_c2_c17_a_muggins_count_of_zero_moves_no_peg() -> None:
    """C2, C17: declaring 0 for a hand worth 6 pegs nothing; the opponent who takes the 6 leapfrogs."""
    state = to_the_show(setup(*ZERO_DEAL, muggins=True))
    state = state.apply_text("count 0")  # the pone's hand really is worth 0: nothing to take
    assert state.phase is Phase.SHOW and state.show_seat() == 0
    dealer_before, pone_before = state.pegs
    assert score_hand(state.kept[0], state.starter).total == 6  # 5+Q, 5+T, 5+K
    state = state.apply_text("count 0")
    assert state.phase is Phase.MUGGINS and state.pegs == (dealer_before, pone_before)
    state = state.apply_text("muggins")
    assert state.pegs == (dealer_before, Pegs(pone_before.front + 6, pone_before.front))


PRESETS = {121: "the full game", 61: "the short game", 62: "the short game as the original rules count it"}


def test_c3_the_target_presets() -> None:
    """C3: 121 (the default), 61 (the standard short game) and 62 (the short game as the original
    rules name it) are the named presets; the option's help, which the create form shows, names all three."""
    assert dict(TARGET_PRESETS) == PRESETS and next(iter(TARGET_PRESETS)) == 121
    option = tabletop.load("cribbage").spec.option("target")
    assert option.default == 121
    for points, name in PRESETS.items():
        assert f"{points} ({name})" in option.help
        assert tabletop.load("cribbage", target=str(points)).options["target"] == points
    assert option.describe() == "integer 31..181"  # a number field: every other value is allowed too


def test_c3_the_short_game_to_62_ends_on_62() -> None:
    """C3, C14: a game to 62 is won by the first side to reach 62, which is the last hole."""
    final = finish(tabletop.load("cribbage", target=62).initial_state(), 3)
    assert final.results[0].scores[final.results[0].winner] == 62 and max(final.results[0].scores) == 62


@pytest.mark.parametrize(("target", "ok"), [(121, True), (61, True), (62, True), (31, True), (181, True),
                                            (30, False), (182, False)])
def test_c3_target(target: int, ok: bool) -> None:
    """C3: 121 by default, the presets 61 and 62, any value 31–181."""
    if ok:
        assert tabletop.load("cribbage", target=target).options["target"] == target
    else:
        with pytest.raises(OptionError, match="target"):
            tabletop.load("cribbage", target=target)
    assert tabletop.load("cribbage").options["target"] == 121


@pytest.mark.parametrize(("players", "size", "discard"), [(2, 6, 2), (3, 5, 1), (4, 5, 1)])
def test_c5_deal_sizes_and_the_crib(players: int, size: int, discard: int) -> None:
    """C5: 2 players get 6 and lay away 2; 3 get 5, one card to the crib, lay away 1; 4 get 5, lay away 1."""
    game = tabletop.load("cribbage", players=players)
    state = play_out(game.initial_state(), *cut_for(0, players))
    rng = random.Random(1)
    while state.phase is Phase.DEAL:
        state = state.apply(state.sample_chance(rng))
    assert state.phase is Phase.DISCARD
    assert all(len(h) == size for h in state.hands)
    assert len(state.crib) == (1 if players == 3 else 0)
    assert all(len(a.cards) == discard for a in state.legal_actions())
    while state.phase is Phase.DISCARD:
        state = state.apply(state.legal_actions()[0])
    assert len(state.crib) == 4 and all(len(h) == 4 for h in state.hands)


def test_c6_lowest_cut_deals_and_ties_recut() -> None:
    """C6: the lowest cut deals (ace low); players tied for lowest cut again, only they."""
    game = tabletop.load("cribbage", players=3)
    state = play_out(game.initial_state(), "cut 9C", "cut 4D", "cut 4H")
    assert state.phase is Phase.CUT and state.cutters == (1, 2)
    state = play_out(state, "cut KH", "cut 2S")
    assert state.phase is Phase.DEAL and state.dealer == 2
    with pytest.raises(IllegalActionError):
        play_out(game.initial_state(), "cut 9C", "cut 9C")  # the same card cannot be cut twice


def test_c6_the_deal_passes_left() -> None:
    """C6: after the show the next hand is dealt by the player to the dealer's left."""
    state = two_player()
    assert state.dealer == 0
    rng = random.Random(0)
    while state.dealer == 0 and not state.is_terminal:
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    assert state.dealer == 1 and state.phase is Phase.DEAL


def test_c7_his_heels() -> None:
    """C7: a jack turned as starter gives the dealer 2 at once."""
    state = two_player(starter="JC")
    assert state.scores == (2, 0)
    assert state.scored[0].kind == "heels"
    assert two_player(starter="TC").scores == (0, 0)


def test_c8_pone_leads_and_the_count_is_announced() -> None:
    """C8: the player left of the dealer leads; each card adds to the running count."""
    state = two_player()
    assert state.phase is Phase.PLAY and state.current_player == 1
    state = play_out(state, "9H", "4H")
    assert state.count == 13 and state.series[-1].rank == 4
    assert [str(c) for c in state.piles[1]] == ["9H"]


def test_c8_out_of_turn_and_unheld_cards_are_refused() -> None:
    """C8: only the player to move may play, and only a card they hold; nothing changes."""
    state = two_player()
    with pytest.raises(IllegalActionError, match="legal: 2C, 3D, 9H, KS"):
        state.apply_text("4H")
    with pytest.raises(IllegalActionError):
        state.apply_text("go")  # a player who can play must play


def test_c9_go_and_c10_thirty_one() -> None:
    """C9: a player who cannot play says go and the other plays on. C10: exactly 31 pegs 2 and resets."""
    state = two_player()
    state = play_out(state, "KS", "QH", "9H")  # 10, 20, 29: the dealer's 4H 6S TD would all pass 31
    assert state.count == 29
    assert [str(a) for a in state.legal_actions()] == ["go"]
    with pytest.raises(IllegalActionError, match="legal: go"):
        state.apply_text("4H")
    state = play_out(state, "go")
    assert state.current_player == 1  # play continues with whoever can
    state = play_out(state, "2C")
    assert state.count == 0 and state.scores == (0, 2)  # 31 for two, no go point on top
    assert state.current_player == 0  # the player left of the one who played the 31 leads


def test_c9_go_point_when_nobody_can_play() -> None:
    """C9: when nobody can play, the last to have played pegs 1 and the next player leads."""
    state = two_player()
    state = play_out(state, "KS", "QH", "3D", "4H", "2C")  # 10 20 23 27 29; 3-4-2 is a run of three
    assert state.scores == (0, 3) and state.count == 29
    state = play_out(state, "go")  # dealer: 6S, TD would pass 31
    assert state.current_player == 1 and [str(a) for a in state.legal_actions()] == ["go"]  # pone: 9H
    state = play_out(state, "go")
    assert state.scores == (0, 4)  # one for the go to the pone, who played last
    assert state.count == 0 and state.current_player == 0
    assert state.scored[-1].kind == "go"


def test_c11_pairs_and_runs_in_the_play() -> None:
    """C11: a pair pegs 2, a pair royal 6; a run of the last cards in any order pegs its length."""
    state = setup(["4H 6S 5D TD 5C AS", "2C 3D 4C KS 7C 8D"], ["5C AS", "7C 8D"], "TC")
    state = play_out(state, "3D", "4H")  # 3, 7
    state = play_out(state, "2C")  # 3-4-2 in any order: a run of three for the pone
    assert state.scores == (0, 3)
    state = play_out(state, "5D")  # 3-4-2-5: a run of four for the dealer (count 14)
    assert state.scores == (4, 3)
    state = play_out(state, "4C")  # 2-5-4 is no run, and 5-4 no pair (count 18)
    assert state.scores == (4, 3)
    state = setup(["QH 6S QD TD 5C AS", "QC QS 4C KS 7C 8D"], ["5C AS", "7C 8D"], "2C")
    state = play_out(state, "QC", "QH")
    assert state.scores == (2, 0)  # a pair
    state = play_out(state, "QS")
    assert state.scores == (2, 6)  # a pair royal


def test_c11_combinations_do_not_reach_across_a_reset() -> None:
    """C11: after 31 the next series starts fresh: no pair with the card before the reset."""
    state = setup(["KH 6S QH AD 5C AS", "AH 3D 9H KS 7C 8D"], ["5C AS", "7C 8D"], "2C")
    state = play_out(state, "KS", "KH")  # a pair of kings for the dealer (count 20)
    assert state.scores == (2, 0)
    state = play_out(state, "9H", "AD", "AH")  # 29, 30, 31: two for 31 and two for the pair of aces
    assert state.scores == (2, 4) and state.count == 0
    state = play_out(state, "QH", "3D")  # the dealer leads the new series; nothing scores
    assert state.scores == (2, 4)


def test_c12_last_card_and_c13_the_show_order() -> None:
    """C12: the last card of the play pegs 1. C13: pone counts, then dealer, then the crib."""
    state = two_player()
    state = play_out(state, "2C", "4H", "3D")  # run 2-4-3: pone 3 (count 9)
    state = play_out(state, "6S")  # fifteen: dealer 2
    state = play_out(state, "9H", "go", "go")  # 24; nobody can play: one for the go to the pone
    assert state.scores == (2, 4)
    state = play_out(state, "QH", "KS", "TD")  # 10, 20, 30 and nobody holds a card: last card
    assert state.scores == (3, 4) and state.scored[-1].kind == "last card"
    assert state.phase is Phase.SHOW and state.current_player == 1
    state = play_out(state, "count")  # pone: 2C 3D 9H KS + TC: 2+3+T, 2+3+K = 4
    assert state.scores == (3, 8)
    state = play_out(state, "count")  # dealer: 4H 6S QH TD + TC: a pair of tens = 2
    assert state.scores == (5, 8) and state.current_player == 0
    state = play_out(state, "count")  # crib: 5C AS 7C 8D + TC: 7+8, 5+T = 4
    assert state.scores == (9, 8)
    assert state.phase is Phase.DEAL and state.dealer == 1  # C6: the deal passes left


def _show(state: CribbageState) -> list[ScoreEvent]:
    """Play the first legal action to the end of the hand; the scoring events on the way."""
    events: list[ScoreEvent] = []
    while state.phase is not Phase.DEAL and not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
        events.extend(state.scored)
    return events


def test_c13_crib_flush_needs_five_cards() -> None:
    """C13: in the crib a four-card flush does not count; with the starter's suit it counts five."""
    state = setup(["4H 6S QH TD 2D 8D", "2C 3D 9H KS 4D 6D"], ["2D 8D", "4D 6D"], "KC")
    crib = next(e for e in _show(state) if e.kind == "crib")
    assert crib.score is not None and "flush" not in [c.kind for c in crib.score.combinations]
    state = setup(["4H 6S QH TD 2D 8D", "2C 3D 9H KS 4D 6D"], ["2D 8D", "4D 6D"], "KD")
    crib = next(e for e in _show(state) if e.kind == "crib")
    assert crib.score is not None and [c.points for c in crib.score.combinations if c.kind == "flush"] == [5]


def random_step(state: CribbageState, rng: random.Random) -> CribbageState:
    """One random legal step (chance by its probabilities)."""
    return state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))


def finish(state: CribbageState, seed: int) -> CribbageState:
    """Random legal play to the end."""
    rng = random.Random(seed)
    while not state.is_terminal:
        state = random_step(state, rng)
    return state


def test_c14_the_game_ends_the_moment_a_side_reaches_the_target() -> None:
    """C14: counting order matters: the pone counts first and wins even if the dealer would reach
    the target too (OpenSpiel's cribbage gets this wrong)."""
    for seed in range(100):
        rng = random.Random(seed)
        state = tabletop.load("cribbage", target=31).initial_state()
        while not state.is_terminal:
            if state.phase is Phase.SHOW and state.show_step == 0 and state.starter is not None:
                pone, dealer = (state.dealer + 1) % 2, state.dealer
                pone_gets = score_hand(state.kept[pone], state.starter).total
                dealer_gets = score_hand(state.kept[dealer], state.starter).total + score_hand(
                    state.crib, state.starter, crib=True).total
                if state.scores[pone] + pone_gets >= 31 and state.scores[dealer] + dealer_gets >= 31:
                    final = state.apply_text("count")
                    assert final.is_terminal
                    assert final.returns()[pone] == 1.0 and final.returns()[dealer] == -1.0
                    assert final.scores[pone] == 31 and final.scores[dealer] < 31
                    return
            state = random_step(state, rng)
    raise AssertionError("no deal where both sides would pass the target in the show")


def test_c14_pegging_out_during_the_play() -> None:
    """C14: reaching the target in the play ends the game at once, with no go and no show."""
    for seed in range(200):
        rng = random.Random(seed)
        state = tabletop.load("cribbage", target=31).initial_state()
        while not state.is_terminal:
            before = state
            state = random_step(state, rng)
            if state.is_terminal and before.phase is Phase.PLAY:
                assert max(state.scores) == 31
                assert state.scored[-1].kind in ("pegging", "go", "last card")
                return
    raise AssertionError("no game pegged out in the play")


def test_c15_partners_share_one_score() -> None:
    """C15: with four players, seats 0 & 2 and 1 & 3 peg on one track each."""
    rng = random.Random(2)
    state = tabletop.load("cribbage", players=4).initial_state()
    while not state.is_terminal:
        state = random_step(state, rng)
        for event in state.scored:
            if event.seat is not None:
                assert event.side == event.seat % 2
    assert len(state.scores) == 2 and state.returns()[0] == state.returns()[2]
    assert state.returns()[1] == state.returns()[3] == -state.returns()[0]


def test_c16_a_match_plays_every_declared_game() -> None:
    """C16: 1, 3, 5, 7 or 9 games; all are played unless stop_at_majority; the majority wins."""
    final = finish(tabletop.load("cribbage", games=3, target=31).initial_state(), 1)
    assert len(final.results) == 3
    winner = max(range(2), key=lambda s: final.match_points[s])
    assert final.returns()[winner] == 1.0
    with pytest.raises(OptionError, match="choose one of: 1, 3, 5, 7, 9"):
        tabletop.load("cribbage", games=2)


def test_c16_stop_at_majority() -> None:
    """C16 option: the match stops as soon as a side has won a majority."""
    for seed in range(20):
        final = finish(tabletop.load("cribbage", games=3, target=31, stop_at_majority=True).initial_state(), seed)
        if final.results[0].winner == final.results[1].winner:
            assert len(final.results) == 2
            return
    raise AssertionError("no 2–0 match found")


def test_c6_loser_deals_first_in_the_next_game() -> None:
    """C6: in a match, the loser of the previous game deals the first hand of the next."""
    rng = random.Random(4)
    state = tabletop.load("cribbage", games=3, target=31).initial_state()
    while not state.results:
        state = random_step(state, rng)
    loser = 1 - state.results[0].winner
    assert state.phase is Phase.DEAL and state.dealer == loser
    assert state.scores == (0, 0) and state.pegs == (Pegs(), Pegs())


def test_c17_muggins_in_the_play() -> None:
    """C17: players declare their points; missed points may be taken by an opponent."""
    state = setup(["4H 6S 5D TD 5C AS", "2C 3D 4C KS 7C 8D"], ["5C AS", "7C 8D"], "TC", muggins=True)
    state = play_out(state, "3D", "claim 0", "4H", "claim 0", "2C")  # the run of three is worth 3
    assert state.phase is Phase.CLAIM and state.current_player == 1
    state = play_out(state, "claim 1")  # the pone declares only 1
    assert state.scores == (0, 1)
    assert state.phase is Phase.MUGGINS and state.current_player == 0
    state = play_out(state, "muggins")
    assert state.scores == (2, 1)  # the dealer takes the 2 missed points
    assert state.phase is Phase.PLAY and state.current_player == 0
    state = play_out(state, "5D", "claim 9")  # over-declaring scores only what is there (a run of four)
    assert state.scores == (6, 1) and state.phase is Phase.PLAY


def test_c17_muggins_in_the_show() -> None:
    """C17: in the show the counter declares; an opponent may pass or take what was missed."""
    state = two_player(muggins=True)
    while state.phase is not Phase.SHOW:
        state = state.apply_text("claim 0") if state.phase is Phase.CLAIM else state.apply(state.legal_actions()[0])
    before = state.scores
    state = play_out(state, "count 0")  # the pone's hand is worth 4
    assert state.phase is Phase.MUGGINS
    state = play_out(state, "pass")
    assert state.scores == before and state.phase is Phase.SHOW
    with pytest.raises(IllegalActionError):
        state.apply_text("count")  # with muggins, the count must be declared


def test_c18_skunks_count_double_in_a_match() -> None:
    """C18: winning with the loser under 91 (of 121) counts two games; under 61, three."""
    for seed in range(30):
        final = finish(tabletop.load("cribbage", skunk=True).initial_state(), seed)
        result = final.results[0]
        loser = min(result.scores)
        expected = 3 if loser < 61 else 2 if loser < 91 else 1
        assert result.value == expected
        assert final.match_points[result.winner] == expected
    assert finish(tabletop.load("cribbage").initial_state(), 0).results[0].value == 1


def test_chance_is_explicit_and_exact() -> None:
    """Deals are chance events: every unseen card equally likely."""
    state = tabletop.load("cribbage").initial_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and sum(p for _, p in outcomes) == 1
    state = play_out(state, *cut_for(0, 2), *deal([DEALER_HAND, PONE_HAND])[:3])
    assert len(state.chance_outcomes()) == 49
