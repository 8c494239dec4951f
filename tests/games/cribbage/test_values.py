"""Cards are values (C4, C5, C6, C7, C8): a card built anew by a library user — ``Card(13, 2)`` —
is the K♥ of the pack, so the rules accept it where the pack's K♥ is legal, take it out of the
pack or hand it came from, and refuse it once it is gone (dealt, cut or played)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import IllegalActionError, TabletopError
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage import Cribbage, CribbageState, Cut, Deal, Discard, Phase, Play, Starter
from tests.games.cribbage.helpers import cut_for, deal, play_out, setup

KING_OF_HEARTS = (13, 2)
# Seat 0 deals; the pone (seat 1) holds K♥ and leads it; the dealer answers Q♠.
DEALER_HAND = "QS 4H 6S TD 5C AS"
PONE_HAND = "KH 2C 3D 9H 7C 8D"


def new_game(players: int = 2) -> CribbageState:
    game = tabletop.load("cribbage", players=players)
    assert isinstance(game, Cribbage)
    return game.initial_state()


def dealt() -> CribbageState:
    """After the cut, the deal, the discards and the starter; the pone is to lead."""
    return setup([DEALER_HAND, PONE_HAND], ["5C AS", "7C 8D"], "TC")


def test_c4_a_card_built_anew_equals_the_packs() -> None:
    """C4: a card is its rank and suit; it equals (and hashes like) the pack's card however made."""
    king = Card(*KING_OF_HEARTS)
    assert king == Card.parse("KH") == DECK[king.index]
    assert hash(king) == hash(Card.parse("KH")) and king in set(DECK)


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_c4_only_the_52_cards_can_be_built(rank: int, suit: int) -> None:
    """C4: ranks run ace (1) to king (13) in four suits; anything else is no card, and says so."""
    with pytest.raises(TabletopError, match=r"rank is 1 \(ace\) … 13 \(king\)"):
        Card(rank, suit)


def test_c5_a_card_dealt_is_gone_from_the_pack() -> None:
    """C5: dealing a card built anew takes it out of the pack; dealing it again is refused."""
    state = play_out(new_game(), *cut_for(0, 2))
    five = Card(5, 2)
    state = state.apply(Deal(five))
    assert five in state.hands[1] and five not in state.deck and len(state.deck) == 51
    assert Deal(five) not in [outcome for outcome, _ in state.chance_outcomes()]
    assert len(state.chance_outcomes()) == 51 and not state.is_legal(Deal(five))
    with pytest.raises(IllegalActionError, match="deal 5H: not legal for chance"):
        state.apply(Deal(Card(5, 2)))
    with pytest.raises(IllegalActionError):
        state.apply_text("deal 5H")  # the same card in notation: the pack's instance
    assert five not in state.hands[0]  # refused before anything changed


def test_c5_the_third_players_crib_card_and_the_discard_by_value() -> None:
    """C5: the card dealt to the crib (three players) leaves the pack; discards are matched by value."""
    state = play_out(new_game(3), *cut_for(0, 3))
    for index in range(15):  # five cards each, from the dealer's left
        state = state.apply(Deal(Card(DECK[index].rank, DECK[index].suit)))
    state = state.apply(Deal(Card(13, 3)))  # the crib's card from the pack
    assert state.crib == (Card(13, 3),) and Card(13, 3) not in state.deck and len(state.deck) == 36
    seat = state.current_player
    assert isinstance(seat, int)
    thrown = state.hands[seat][0]
    state = state.apply(Discard((Card(thrown.rank, thrown.suit),)))
    assert thrown not in state.hands[seat] and thrown in state.crib


def test_c6_a_card_cut_cannot_be_cut_again() -> None:
    """C6: each cut takes a card from the pack; the next player cannot cut the same one."""
    state = new_game().apply(Cut(Card(9, 0)))
    assert Card(9, 0) not in state.deck
    with pytest.raises(IllegalActionError, match="cut 9C: not legal for chance"):
        state.apply(Cut(Card(9, 0)))


def test_c7_the_starter_is_not_a_dealt_card() -> None:
    """C7: the starter is cut from the rest of the pack: a card someone holds cannot be turned."""
    state = play_out(new_game(), *cut_for(0, 2), *deal([DEALER_HAND, PONE_HAND]), "discard 7C 8D", "discard 5C AS")
    assert state.phase is Phase.STARTER
    with pytest.raises(IllegalActionError, match="starter KH: not legal for chance"):
        state.apply(Starter(Card(*KING_OF_HEARTS)))  # the pone holds it
    turned = state.apply(Starter(Card(10, 0)))
    assert turned.starter == Card(10, 0) and Card(10, 0) not in turned.deck


def test_c8_a_card_built_anew_is_played_and_leaves_the_hand() -> None:
    """C8: playing ``Card(13, 2)`` plays the pone's K♥: it moves from the hand to the pile."""
    state = dealt().apply(Play(Card(*KING_OF_HEARTS)))
    assert Card.parse("KH") not in state.hands[1] and len(state.hands[1]) == 3
    assert state.piles[1] == (Card.parse("KH"),) and state.count == 10


def test_c8_the_same_card_cannot_be_played_twice() -> None:
    """C8: once K♥ is played it is gone: playing it again (count 30, series K♥ Q♠ K♥) is refused,
    naming the cards that may be played."""
    state = play_out(dealt().apply(Play(Card(*KING_OF_HEARTS))), "QS")
    assert state.count == 20 and state.current_player == 1
    assert not state.is_legal(Play(Card(*KING_OF_HEARTS)))
    with pytest.raises(IllegalActionError, match="KH: KH is not in seat 2's hand; legal: 2C, 3D, 9H") as refused:
        state.apply(Play(Card(*KING_OF_HEARTS)))
    assert (refused.value.code, refused.value.params) == ("not_in_hand", {"action": "KH", "card": "KH", "seat": 1})
    with pytest.raises(IllegalActionError, match="legal: 2C, 3D, 9H"):
        state.apply_text("KH")


def test_c8_every_card_is_played_once_in_a_whole_deal() -> None:
    """C8, C12: cards built anew from the legal moves' rank and suit play a deal out; each card of
    the four kept hands is played exactly once, and no hand keeps a card it played."""
    state = dealt()
    played: list[Card] = []
    while state.phase is Phase.PLAY:
        action = state.legal_actions()[0]
        if isinstance(action, Play):
            action = Play(Card(action.card.rank, action.card.suit))
            played.append(action.card)
        state = state.apply(action)
    assert sorted(played) == sorted([*state.kept[0], *state.kept[1]])
    assert len(set(played)) == 8 and state.hands == ((), ())
