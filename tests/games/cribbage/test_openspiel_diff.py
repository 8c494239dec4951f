"""Differential test: our cribbage engine against OpenSpiel's (``pyspiel.load_game("cribbage")``, open-spiel 2.0.2).

OpenSpiel drives — its chance outcomes and its players' random legal choices — and every step is
mirrored into our engine; the pegging points, the show and the game's end are compared side by
side. ``pyspiel`` is a dev dependency: if it cannot be imported these tests fail, they never skip.

How OpenSpiel's cribbage (``open_spiel/games/cribbage/cribbage.cc``, shipped in the wheel) maps to ours:

- Cards: OpenSpiel's card id is ``suit * 13 + rank`` (suits C D H S, rank 0 = ace), ours is
  ``Card.index = rank_index * 4 + suit``; both print the same text (``5H``, ``TD``).
- Actions: ids 0–51 are one card (a card played, or a 3/4-player discard), ``52 + 52*a + b`` the
  two-card discard ``a b`` (cards in rank order), 2756 ``Pass``. Chance outcomes are card ids,
  each with probability 1/len(deck). Returns are the points plus ``winner_bonus_reward`` (1000)
  to the winner and minus it (split) to the others; there are no game-over points of its own.
- The first dealer: OpenSpiel has no cut, seat 0 deals first; we cut (C6), so the mirror opens with
  cuts that make seat 0 lowest (``cut AC``, ``cut KC`` …). Both then pass the deal left each hand.
- The deal: OpenSpiel fills seat 0's hand, then seat 1's … (then one card to the crib with three
  players); we deal one card at a time from the dealer's left (C5). The mirror buffers
  OpenSpiel's deal and replays the same hands in our order.
- Discards: OpenSpiel asks seat 0, 1, … in turn, whoever deals; we start left of the dealer. The
  choices are independent and hidden, so the mirror buffers them and applies them in our order.
- The starter is a chance node in both; a jack gives the dealer 2 in both (OpenSpiel's comment
  calls it "nobs"; it is "his heels", C7).
- The play: OpenSpiel asks players round-robin and a player with no card that fits must
  ``Pass``; a player who has already passed in this series, or who holds no card, is asked
  again and passes again (a no-op for us: we skip such seats). A ``Pass`` by a player who
  holds cards and had not passed is our ``go``. OpenSpiel scores 31 and the go/last card when
  the series ends (``DoEndOfPlayRound``, 2 for 31, else 1) — after the no-op passes —, we
  score them with the card or the go that ends the series, so the scores are compared at the
  next point where both engines wait for the same decision ("sync points").
- The show: OpenSpiel counts every hand (seat 0 first) and the crib inside the action that ends
  the play; we count with ``count`` actions from the dealer's left, dealer last, then the crib
  (C13). The mirror plays our ``count`` actions when OpenSpiel's hand ends and compares each
  side's points for the whole hand.
- Partnerships: OpenSpiel credits both partners (seats p and p+2); we credit the side (C15).
- Observations: OpenSpiel's observation string shows the player's hand, the running total and the
  cards of the current series; the mirror checks them against our state at every sync point.

Known deviations, asserted as such rather than hidden:

(a) OpenSpiel scores a four-card flush in the crib; rule C13 says only a five-card flush counts
    there. The mirror expects OpenSpiel's dealer to get exactly 4 more in that case.
(b) When several sides pass 121 in the same OpenSpiel action (the show, or the last card and the
    show), OpenSpiel's winner is the lowest seat index; we end the game the moment a side reaches
    121 in counting order (C14), and cap the winner's score at the target.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs

import tabletop
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage import CribbageAction, CribbageState, Phase
from tabletop.games.cribbage import actions as act
from tabletop.games.cribbage.phases import ScoreEvent
from tabletop.games.cribbage.scoring import score_hand, value
from tests.games.cribbage.helpers import cut_for, play_out

TARGET = 121
PASS = 2756
CHANCE = -1


def card_of(os_id: int) -> Card:
    """Our card for OpenSpiel's card id (suit-major)."""
    return DECK[(os_id % 13) * 4 + os_id // 13]


def os_id(card: Card) -> int:
    """OpenSpiel's id of our card."""
    return card.suit * 13 + card.rank - 1


def os_discard(cards: list[Card]) -> int:
    """OpenSpiel's action for laying away ``cards`` (one card, or two in rank order)."""
    if len(cards) == 1:
        return os_id(cards[0])
    low, high = sorted(cards)
    return 52 + 52 * os_id(low) + os_id(high)


def os_cards_of(action: int) -> list[Card]:
    """The cards of an OpenSpiel card-phase action."""
    if action < 52:
        return [card_of(action)]
    return [card_of((action - 52) // 52), card_of((action - 52) % 52)]


@dataclass
class HandSummary:
    """One hand as both engines scored it, from the last sync point of the play to its end."""

    dealer: int
    os_points: tuple[int, ...]  #: per side, OpenSpiel's score change
    our_events: list[ScoreEvent]
    crib: tuple[Card, ...]
    starter: Card
    crib_flush_bonus: int  #: (a) what OpenSpiel adds for a four-card crib flush


@dataclass
class Ending:
    """How a game ended in both engines."""

    os_scores: tuple[int, ...]  #: per side, uncapped
    our_scores: tuple[int, ...]
    os_winner: int  #: side of the lowest seat with 121 or more
    our_winner: int | None  #: None when only OpenSpiel's extra crib-flush points (a) ended its game
    final_events: list[ScoreEvent]  #: our scoring since the last sync point, in counting order
    start: tuple[int, ...]  #: the scores at that sync point
    after_crib_flush: bool  #: OpenSpiel's scores include points of deviation (a)


@dataclass
class Mirror:
    """One game in both engines: OpenSpiel is stepped with :meth:`step` and ours follows."""

    players: int
    os: pyspiel.State = field(init=False)
    ours: CribbageState = field(init=False)
    hands: list[HandSummary] = field(default_factory=list)
    ending: Ending | None = None
    syncs: int = 0

    def __post_init__(self) -> None:
        self.sides = 2 if self.players == 4 else self.players
        self.hand_size = 6 if self.players == 2 else 5
        self.os = pyspiel.load_game("cribbage", {"players": self.players}).new_initial_state()
        self.extra = [0] * self.sides  # per side: points OpenSpiel gave that C13 does not, deviation (a)
        start = play_out(tabletop.load("cribbage", players=self.players).initial_state(), *cut_for(0, self.players))
        assert isinstance(start, CribbageState) and start.dealer == 0
        self.ours = start
        self._new_hand()

    def _new_hand(self) -> None:
        self.stage = "deal"
        self.dealt: list[Card] = []  # in OpenSpiel's order
        self.laid: dict[int, act.Discard] = {}
        self.os_hands: list[set[Card]] = [set() for _ in range(self.players)]
        self.os_passed: set[int] = set()
        self.os_count = 0
        self._mark()

    def _mark(self) -> None:
        self.mark = self.os_scores()
        self.window: list[ScoreEvent] = []

    # --- reading OpenSpiel ---------------------------------------------------------------------

    def os_scores(self, raw: bool = False) -> tuple[int, ...]:
        """OpenSpiel's points per side (partners hold equal scores), less its deviation (a) points unless ``raw``."""
        match = re.search(r"Scores:((?: -?[\d.]+)+)", str(self.os))
        assert match is not None
        seats = [int(float(s)) for s in match.group(1).split()]
        return tuple(seats[side] - (0 if raw else self.extra[side]) for side in range(self.sides))

    def os_observation(self, player: int) -> dict[str, str]:
        """OpenSpiel's observation string for ``player`` as ``{field: text}``."""
        lines = self.os.observation_string(player).splitlines()
        return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines)}

    # --- stepping ------------------------------------------------------------------------------

    def step(self, action: int) -> None:
        """Apply OpenSpiel's ``action`` and mirror it into our engine; check what can be checked."""
        player = self.os.current_player()
        if player == CHANCE:
            self._chance(action)
        elif self.stage == "discard":
            self._discard(player, action)
        else:
            self._play(player, action)
        if self.os.is_terminal():
            self._finish()
        elif self.stage == "play" and self.os.current_player() == CHANCE:
            self._end_of_hand()

    def _apply(self, action: CribbageAction) -> None:
        state = self.ours.apply(action)
        assert isinstance(state, CribbageState)
        self.ours = state
        self.window.extend(state.scored)

    def _chance(self, action: int) -> None:
        card = card_of(action)
        if self.stage == "deal":
            self.dealt.append(card)
            self.os.apply_action(action)
            if self.os.current_player() != CHANCE:
                self._mirror_deal()
            return
        self._sync()
        self.os.apply_action(action)
        self._apply(act.Starter(card))
        self.stage = "play"

    def _mirror_deal(self) -> None:
        """Replay OpenSpiel's hands (seat 0's cards first) in our order, from the dealer's left (C5)."""
        n, size = self.players, self.hand_size
        hands = [self.dealt[s * size:(s + 1) * size] for s in range(n)]
        dealer = self.ours.dealer
        for k in range(n * size):
            seat = (dealer + 1 + k) % n
            self._apply(act.Deal(hands[seat][k // n]))
        for card in self.dealt[n * size:]:  # three players: one card straight to the crib
            self._apply(act.Deal(card))
        assert self.ours.phase is Phase.DISCARD
        for seat in range(n):
            assert set(self.ours.hands[seat]) == set(hands[seat])
            shown = self.os_observation(seat)["Hand"].split()
            assert set(shown) == {str(c) for c in hands[seat]}
        self.os_hands = [set(h) for h in hands]
        self.stage = "discard"

    def _discard(self, player: int, action: int) -> None:
        cards = os_cards_of(action)
        self.laid[player] = act.discard(cards)
        self.os_hands[player] -= set(cards)
        self.os.apply_action(action)
        if len(self.laid) < self.players:
            return
        while self.ours.phase is Phase.DISCARD:  # our order: from the dealer's left
            self._apply(self.laid[self.ours.to_move])
        assert self.ours.phase is Phase.STARTER
        crib = re.search(r"Crib:(.*)", str(self.os))
        assert crib is not None
        assert sorted(crib.group(1).split()) == sorted(str(c) for c in self.ours.crib)
        self.stage = "starter"

    def _play(self, player: int, action: int) -> None:
        holds = bool(self.os_hands[player])
        meaningful = action != PASS or (holds and player not in self.os_passed)
        ours: CribbageAction | None = None
        if meaningful:
            self._sync()
            assert self.ours.phase is Phase.PLAY and self.ours.current_player == player
            ours = act.GO if action == PASS else act.Play(card_of(action))
        else:
            assert self.os.legal_actions() == [PASS]
        # keep the model of OpenSpiel's play in step (its hands, passes, count)
        if action == PASS:
            self.os_passed.add(player)
            if len(self.os_passed) == self.players:
                self.os_passed, self.os_count = set(), 0
        else:
            card = card_of(action)
            self.os_hands[player].discard(card)
            self.os_count += value(card)
            if self.os_count == 31:
                self.os_passed, self.os_count = set(), 0
        self.os.apply_action(action)
        if ours is not None:
            self._apply(ours)

    def _sync(self) -> None:
        """Both engines wait for the same decision: same scores, same count, same hand."""
        self.syncs += 1
        assert self.ours.phase is not Phase.OVER
        assert self.ours.scores == self.os_scores(), (self.ours.scores, self.os_scores(), self.window)
        if self.stage == "play":
            player = self.ours.current_player
            seen = self.os_observation(player)
            assert int(seen["Running total"]) == self.ours.count == self.os_count
            assert seen["Played cards"].split() == [str(c) for c in self.ours.series]
            assert set(seen["Hand"].split()) == {str(c) for c in self.ours.hands[player]}
        self._mark()

    def _crib_flush_bonus(self) -> int:
        """(a): the 4 points OpenSpiel gives a four-card crib flush that C13 does not count."""
        crib, starter = self.ours.crib, self.ours.starter
        assert starter is not None
        four = len({c.suit for c in crib}) == 1
        return 4 if four and starter.suit != crib[0].suit else 0

    def _end_of_hand(self) -> None:
        """OpenSpiel counted the show inside its last action; we count hand by hand (C13)."""
        assert self.ours.phase is Phase.SHOW
        crib, starter, dealer = self.ours.crib, self.ours.starter, self.ours.dealer
        bonus = self._crib_flush_bonus()
        while self.ours.phase is Phase.SHOW:
            self._apply(act.COUNT)
        assert starter is not None and self.ours.phase is Phase.DEAL
        os_points = tuple(after - before for after, before in zip(self.os_scores(), self.mark, strict=True))
        ours = [sum(e.points for e in self.window if e.side == side) for side in range(self.sides)]
        dealer_side = dealer % self.sides
        ours[dealer_side] += bonus
        assert os_points == tuple(ours), (os_points, ours, self.window, crib, starter)
        self.extra[dealer_side] += bonus
        assert self.ours.scores == self.os_scores()
        assert int(self.os_observation(0)["Dealer"]) == self.ours.dealer
        self.hands.append(HandSummary(dealer, os_points, self.window, crib, starter, bonus))
        self._new_hand()

    def _finish(self) -> None:
        """OpenSpiel's game is over: ours must be too, with the same winner unless (b) applies."""
        if self.ours.phase is Phase.SHOW:  # OpenSpiel's last action ended the play and counted the show
            crib_bonus = self._crib_flush_bonus()
            while self.ours.phase is Phase.SHOW:
                self._apply(act.COUNT)
            self.extra[self.ours.dealer % self.sides] += crib_bonus
        raw, os_scores = self.os_scores(raw=True), self.os_scores()
        os_winner = next(side for side in range(self.sides) if raw[side] >= TARGET)  # its lowest seat
        over = [side for side in range(self.sides) if os_scores[side] >= TARGET]
        if self.ours.phase is not Phase.OVER:  # OpenSpiel won only with the points of deviation (a)
            assert any(self.extra) and not over
            self.ending = Ending(raw, self.ours.scores, os_winner, None, self.window, self.mark, True)
            return
        result = self.ours.results[-1]
        assert result.winner in over and result.scores[result.winner] == TARGET
        assert all(ours <= theirs for ours, theirs in zip(result.scores, os_scores, strict=True))
        if len(over) == 1 and not any(self.extra):  # one side passed 121: same winner, same sign of returns
            assert os_winner == result.winner
            os_returns = self.os.returns()
            for seat, our_return in enumerate(self.ours.returns()):
                assert (os_returns[seat] > raw[seat % self.sides]) == (our_return > 0)
        self.ending = Ending(raw, result.scores, os_winner, result.winner, self.window, self.mark, any(self.extra))


Chooser = Callable[[pyspiel.State, random.Random], int]


def random_choice(state: pyspiel.State, rng: random.Random) -> int:
    """A chance outcome drawn with its probability, or a uniformly random legal action."""
    if state.is_chance_node():
        point, total = rng.random(), 0.0
        outcomes = state.chance_outcomes()
        for outcome, probability in outcomes:
            total += probability
            if point < total:
                return int(outcome)
        return int(outcomes[-1][0])
    legal = state.legal_actions()
    return int(legal[rng.randrange(len(legal))])


def play_game(players: int, rng: random.Random, choose: Chooser = random_choice) -> Mirror:
    """A whole game in both engines."""
    mirror = Mirror(players)
    while not mirror.os.is_terminal():
        mirror.step(choose(mirror.os, rng))
    assert mirror.ending is not None
    return mirror


def test_random_two_player_games_agree_hand_by_hand() -> None:
    """Thousands of random 2-player deals: every sync point, every hand's points and every ending agree."""
    rng = random.Random(2024)
    hands = syncs = crib_flushes = 0
    winners = {"same": 0, "seat order (b)": 0, "crib flush (a)": 0}
    while hands < 2000:
        mirror = play_game(2, rng)
        hands += len(mirror.hands)
        syncs += mirror.syncs
        crib_flushes += sum(1 for hand in mirror.hands if hand.crib_flush_bonus)
        ending = mirror.ending
        assert ending is not None
        if ending.our_winner == ending.os_winner:
            winners["same"] += 1
        else:
            winners["crib flush (a)" if ending.after_crib_flush else "seat order (b)"] += 1
    assert crib_flushes > 0 and winners["seat order (b)"] > 0  # both deviations came up, and were told apart
    assert winners["same"] > 0.9 * sum(winners.values())
    assert syncs > 9 * hands  # the play was compared card by card (8 cards, the starter, the gos), not by hand totals


def test_random_three_and_four_player_games_agree() -> None:
    """OpenSpiel supports 3 and 4 players (partners opposite, a card from the pack to the crib with 3)."""
    for players in (3, 4):
        rng = random.Random(players)
        hands = 0
        while hands < 300:
            hands += len(play_game(players, rng).hands)


def scripted(players_cards: list[str], discards: list[str], starter: str) -> Chooser:
    """A chooser that deals ``players_cards`` (seat 0 first, OpenSpiel's order), lays away
    ``discards`` (per seat), turns ``starter``, and then plays each seat's first legal action."""
    deal = [os_id(Card.parse(c)) for hand in players_cards for c in hand.split()]
    laid = [os_discard([Card.parse(c) for c in d.split()]) for d in discards]
    starter_id = os_id(Card.parse(starter))

    def choose(state: pyspiel.State, rng: random.Random) -> int:
        if state.is_chance_node():
            return deal.pop(0) if deal else starter_id
        if laid:
            return laid.pop(0)
        return int(state.legal_actions()[0])

    return choose


def first_hand(players_cards: list[str], discards: list[str], starter: str) -> HandSummary:
    """Play one scripted 2-player hand in both engines (seat 0 deals) and return its summary."""
    mirror = Mirror(2)
    choose = scripted(players_cards, discards, starter)
    rng = random.Random(0)
    while not mirror.hands:
        mirror.step(choose(mirror.os, rng))
    return mirror.hands[0]


DEALER = "2H 4H 9C KD QS 7C"  # seat 0 deals and lays away 2H 4H
PONE = "6H 8H AC 3D 5S 9S"  # seat 1 lays away 6H 8H: the crib is four hearts, all even (no fifteens)


def test_deviation_a_four_card_crib_flush() -> None:
    """(a) OpenSpiel counts a four-card flush in the crib; C13 does not: its dealer gets 4 more."""
    hand = first_hand([DEALER, PONE], ["2H 4H", "6H 8H"], "KS")
    crib_events = [e for e in hand.our_events if e.kind == "crib"]
    assert [e.points for e in crib_events] == [0]  # 2H 4H 6H 8H with KS: nothing, by C13
    assert score_hand(hand.crib, hand.starter, crib=False).total == 4  # as a hand it would be a flush
    assert hand.crib_flush_bonus == 4
    ours = [sum(e.points for e in hand.our_events if e.side == side) for side in (0, 1)]
    assert hand.os_points == (ours[0] + 4, ours[1])


def test_deviation_a_five_card_crib_flush_counts_in_both() -> None:
    """Control for (a): with a heart starter the crib flush is five cards, and both engines score 5."""
    hand = first_hand([DEALER, PONE], ["2H 4H", "6H 8H"], "KH")
    assert [e.points for e in hand.our_events if e.kind == "crib"] == [5]
    assert hand.crib_flush_bonus == 0
    ours = [sum(e.points for e in hand.our_events if e.side == side) for side in (0, 1)]
    assert hand.os_points == tuple(ours)


def test_deviation_b_counting_order_decides_when_both_pass_121() -> None:
    """(b) When both sides pass 121 in OpenSpiel's last action, it crowns seat 0; we crown the side
    that reaches 121 first in counting order (C14: pegging, then hands from the dealer's left, the crib last)."""
    rng = random.Random(7)
    for _ in range(1000):
        mirror = play_game(2, rng)
        ending = mirror.ending
        assert ending is not None
        if ending.os_winner != ending.our_winner and not ending.after_crib_flush:
            break
    else:
        raise AssertionError("no game in 1000 ended with both sides past 121 and seat 0 counting last")
    assert all(score >= TARGET for score in ending.os_scores)
    assert ending.os_winner == 0  # OpenSpiel: the lowest seat index with 121 or more
    # ours: replay our scoring of that last stretch in counting order; the first side to 121 wins
    totals = list(ending.start)
    first = None
    for event in ending.final_events:
        totals[event.side] += event.points
        if totals[event.side] >= TARGET:
            first = event.side
            break
    assert first == ending.our_winner == 1
    final = mirror.ours
    assert final.dealer == 0  # so seat 1 (pone) counted its hand before seat 0's hand and crib
    kinds = [e.kind for e in ending.final_events]
    assert kinds[-1] in ("hand", "go", "last card", "pegging") and "crib" not in kinds
    assert ending.our_scores[1] == TARGET and ending.our_scores[0] < TARGET
    assert final.returns() == (-1.0, 1.0)
    assert mirror.os.returns()[0] > mirror.os.returns()[1]  # OpenSpiel pays seat 0
