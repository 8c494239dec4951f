"""Cribbage rules C1–C19 as a state and its transitions: the cut, the deal, the crib, the pegging,
the show, games and matches.

A :class:`CribbageState` is a position that never changes once it is handed out:
:meth:`CribbageState._apply` copies it (one slot copy, no validation on the way), lets the rule
functions below move the copy on, and hands the copy out, so each rule reads as what happens at
the table and nothing is half-applied. Points always go through :func:`_peg`, which moves the pegs
(C2) and ends the game the moment a side reaches the target (C14).

Every random playout, rollout and learning step goes through here, so a transition is kept cheap:
the copy is a slots dataclass copied field by field (a frozen dataclass's ``__init__`` costs eight
times as much), the actions a state offers are the game's interned action objects, and the
events an action causes are written down as plain tuples and made :class:`Event` objects only when
someone asks (:meth:`CribbageState.events`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import tabletop.games.cribbage.actions as act
from tabletop.core import (
    CHANCE,
    TERMINAL,
    Event,
    IllegalActionError,
    Player,
    State,
    View,
    event,
)
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.board import GameResult, Pegs, Pending, Phase, ScoreEvent
from tabletop.games.cribbage.render import describe, render_state
from tabletop.games.cribbage.scoring import Score, pegging_points, pegging_score, score_hand, value
from tabletop.games.cribbage.views import public_view, view

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

WHY: Mapping[str, str] = MappingProxyType({
    "pegging": "play", "go": "go", "last card": "last_card", "heels": "heels", "hand": "hand", "crib": "crib",
    "muggins": "muggins",
})
"""A :class:`ScoreEvent`'s kind as the ``why`` of its ``pegs`` event."""


@dataclass(slots=True, unsafe_hash=True)
class CribbageState(State[CribbageAction]):
    """A cribbage position. Hidden parts (hands, discards, the rest of the pack) only leave through
    :meth:`view`; the pack has no order until chance deals from it.

    Never changed once handed out (the rules change only the copy :meth:`_apply` is making), so it
    is hashed and compared by its fields like a frozen dataclass, without a frozen dataclass's cost
    on every transition.
    """

    game: Cribbage
    phase: Phase
    dealer: int
    to_move: int
    deck: tuple[Card, ...]  #: the cards not yet dealt, in index order
    hands: tuple[tuple[Card, ...], ...]  #: what each seat holds now
    kept: tuple[tuple[Card, ...], ...]  #: each seat's hand for the show (after discarding)
    discards: tuple[tuple[Card, ...], ...]  #: what each seat laid away to the crib
    crib: tuple[Card, ...]
    dealt: int  #: cards dealt so far this hand
    starter: Card | None
    count: int  #: the running total in the pegging
    series: tuple[Card, ...]  #: cards played since the count was last reset
    piles: tuple[tuple[Card, ...], ...]  #: each seat's face-up cards this hand (C8)
    passed: frozenset[int]  #: seats that said go in this series
    last_player: int | None  #: who played the last card of the series
    scores: tuple[int, ...]  #: per side
    pegs: tuple[Pegs, ...]  #: per side (C2)
    show_step: int  #: 0…players−1: the hands in counting order; players: the crib
    cutters: tuple[int, ...]  #: seats cutting for the deal this round (C6)
    cuts: tuple[Card, ...]  #: their cuts so far, in order
    pending: Pending | None  #: a muggins claim under way (C17)
    match_points: tuple[int, ...]  #: per side (C16, C18)
    results: tuple[GameResult, ...]  #: the finished games of the match
    scored: tuple[ScoreEvent, ...] = field(default=(), compare=False)  #: points pegged by the last action
    happened: tuple[_Told, ...] = field(default=(), compare=False, repr=False)  #: the last action's events, unmade
    ended_game: bool = field(default=False, compare=False, repr=False)  #: the last action won a game (C14)
    deck_mask: int = field(default=-1, compare=False, repr=False)  #: bit ``card.index`` set for each card in ``deck``
    #: the legal actions, once asked
    offered: tuple[CribbageAction, ...] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.deck_mask < 0:
            self.deck_mask = sum(1 << card.index for card in self.deck)

    # --- the interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        match self.phase:
            case Phase.CUT | Phase.DEAL | Phase.STARTER:
                return CHANCE
            case Phase.OVER:
                return TERMINAL
        return self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        phase = self.phase
        return phase is Phase.DEAL or phase is Phase.STARTER or phase is Phase.CUT

    def legal_actions(self) -> Sequence[CribbageAction]:
        offered = self.offered
        if offered is None:
            offered = self.offered = self._legal_actions()
        return offered

    def _legal_actions(self) -> tuple[CribbageAction, ...]:
        match self.phase:
            case Phase.CUT:
                return tuple(act.CUTS[c.index] for c in self.deck)
            case Phase.DEAL:
                return tuple(act.DEALS[c.index] for c in self.deck)
            case Phase.STARTER:
                return tuple(act.STARTERS[c.index] for c in self.deck)
            case Phase.DISCARD:
                return act.discards(self.hands[self.to_move], self.game.discards)
            case Phase.PLAY:
                room = 31 - self.count
                playable = tuple(act.PLAYS[c.index] for c in self.hands[self.to_move] if value(c) <= room)
                return playable or (act.GO,)
            case Phase.CLAIM:
                return act.CLAIMS
            case Phase.SHOW:
                if self.game.options["muggins"]:
                    return act.COUNTS
                return (act.COUNT,)
            case Phase.MUGGINS:
                return (act.MUGGINS, act.PASS)
        return ()

    def is_legal(self, action: CribbageAction) -> bool:
        match self.phase:
            case Phase.CUT:
                return isinstance(action, act.Cut) and self._in_deck(action.card)
            case Phase.DEAL:
                return isinstance(action, act.Deal) and self._in_deck(action.card)
            case Phase.STARTER:
                return isinstance(action, act.Starter) and self._in_deck(action.card)
            case Phase.PLAY if isinstance(action, act.Play):  # the hot path of every playout
                card = action.card
                return card in self.hands[self.to_move] and self.count + value(card) <= 31
        return action in self.legal_actions()

    def _in_deck(self, card: Card) -> bool:
        return isinstance(card, Card) and self.deck_mask >> card.index & 1 == 1

    def chance_outcomes(self) -> Sequence[tuple[CribbageAction, Fraction]]:
        if not self.is_chance:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        probability = Fraction(1, len(self.deck))
        return tuple((a, probability) for a in self.legal_actions())

    def sample_chance(self, rng: random.Random) -> CribbageAction:
        index = self.deck[rng.randrange(len(self.deck))].index
        phase = self.phase
        if phase is Phase.DEAL:
            return act.DEALS[index]
        if phase is Phase.STARTER:
            return act.STARTERS[index]
        if phase is Phase.CUT:
            return act.CUTS[index]
        raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                 code="not_chance", params={"phase": self.phase.value})

    def _apply(self, action: CribbageAction) -> CribbageState:
        d = _successor(self)
        match action:
            case act.Deal(card):
                _deal(d, card)
            case act.Play(card):
                _play(d, card)
            case act.Go():
                _go(d)
            case act.Count(declared):
                _count(d, declared)
            case act.Discard(cards):
                _discard(d, cards)
            case act.Starter(card):
                _starter(d, card)
            case act.Cut(card):
                _cut(d, card)
            case act.Claim(declared):
                _claim(d, declared)
            case act.Muggins() | act.Pass():
                _muggins(d, isinstance(action, act.Muggins))
        return d

    def seat_points(self) -> tuple[float, ...]:
        """Each seat's side's points in the game being played (the front peg, C3)."""
        return tuple(float(self.scores[self.game.side_of(seat)]) for seat in range(self.game.num_players))

    def returns(self) -> tuple[float, ...]:
        """Match result: the winning side's seats +1 (shared among tied sides), the others −1 (shared)."""
        n = self.game.num_players
        if self.phase is not Phase.OVER:
            return (0.0,) * n
        top = _match_leaders(self.match_points, self.results)
        rest = self.game.sides - len(top)
        if rest == 0:
            return (0.0,) * n
        per_side = [1 / len(top) if side in top else -1 / rest for side in range(self.game.sides)]
        return tuple(per_side[self.game.side_of(seat)] for seat in range(n))

    def events(self) -> Sequence[Event]:
        """What the last action did: the action (a dealt card and a discard only whole for their
        seat, a twin without the cards for the others), then the points, games and deals it caused."""
        return tuple(_made(told) for told in self.happened)

    def result(self) -> Event | None:
        """The match's result (C16): ``game_won`` by a side — a seat, or with four players the
        partnership 0 (seats 0 & 2) or 1 (seats 1 & 3) — ``game_shared`` by sides level on match
        points and games won, ``game_drawn`` when every side is level. With the match points, the
        games won and the last game's scores."""
        if self.phase is not Phase.OVER:
            return None
        top = _match_leaders(self.match_points, self.results)
        params: dict[str, Any] = {"match_points": list(self.match_points),
                                  "games_won": _games_won(self.results, self.game.sides),
                                  "scores": list(self.results[-1].scores) if self.results else list(self.scores)}
        if len(top) == 1:
            return event("game_won", side=top[0], members=_members(self.game, top[0]), **params)
        if len(top) == self.game.sides:
            return event("game_drawn", **params)
        return event("game_shared", members=[s for side in top for s in _members(self.game, side)], **params)

    def view(self, player: Player) -> View:
        return view(self, player)

    def public_view(self) -> View:
        return public_view(self)

    def observation(self, action: CribbageAction, player: Player) -> str | None:
        """Cards dealt to others and others' discards are hidden; the rest is public."""
        match action:
            case act.Deal():
                recipient = _recipient(self)
                return str(action) if recipient == player else "deal"
            case act.Discard(cards):
                return str(action) if self.to_move == player else "discard " + " ".join("?" for _ in cards)
        return str(action)

    def describe(self, action: CribbageAction) -> str:
        return describe(self, action)

    def render(self, player: Player | None = None) -> str:
        return render_state(self, player)

    def __str__(self) -> str:
        return self.render()

    # --- helpers for views, renderers and bots ----------------------------------------------

    def show_seat(self) -> int | None:
        """In the show: the seat counting now, or None when it is the crib."""
        n = self.game.num_players
        return None if self.show_step >= n else (self.dealer + 1 + self.show_step) % n




def _match_leaders(match_points: tuple[int, ...], results: tuple[GameResult, ...]) -> list[int]:
    """The sides with the most match points; among several, those with most games won (C16)."""
    best = max(match_points)
    top = [s for s, p in enumerate(match_points) if p == best]
    if len(top) > 1:
        wins = [sum(1 for r in results if r.winner == s) for s in top]
        top = [s for s, w in zip(top, wins, strict=True) if w == max(wins)]
    return top


def _games_won(results: tuple[GameResult, ...], sides: int) -> list[int]:
    """How many games of the match each side has won."""
    return [sum(1 for r in results if r.winner == side) for side in range(sides)]


def _members(game: Cribbage, side: int) -> list[int]:
    """The seats of ``side``: the seat itself, or with four players the partners opposite (C15)."""
    return [s for s in range(game.num_players) if game.side_of(s) == side]


_T = TypeVar("_T")


def _with(per_seat: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``per_seat`` with ``seat``'s entry replaced by ``value``."""
    return (*per_seat[:seat], value, *per_seat[seat + 1:])


def _combinations(score: Score) -> list[dict[str, Any]]:
    """A score's combinations as event data: ``{"why": "pair_royal", "cards": [...], "points": 6}``."""
    return [{"why": c.kind.replace(" ", "_").replace("-", "_"), "cards": [str(card) for card in c.cards],
             "points": c.points} for c in score.combinations]


def _recipient(state: CribbageState) -> int | None:
    """The seat the next dealt card goes to, or None for the crib (three players, C5)."""
    n = state.game.num_players
    to_hands = n * state.game.hand_size
    return (state.dealer + 1 + state.dealt) % n if state.dealt < to_hands else None


_Told = tuple[str, dict[str, Any], "Sequence[int] | None", bool, bool]
"""An event as a transition writes it down: kind, parameters (cards still :class:`Card`), the seats
that may see it (None: everyone), whether it is the action's own, whether it is a redacted twin."""


def _made(told: _Told) -> Event:
    """The :class:`Event` a transition wrote down, its cards in notation."""
    kind, params, seats, action, redacted = told
    return Event(kind, {name: _notation(value) for name, value in params.items()},
                 None if seats is None else frozenset(seats), action, redacted)


def _notation(value: Any) -> Any:
    """A card as its notation (``5H``), in a list too; a score as its combinations; anything else as it is."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list) and value and isinstance(value[0], Card):
        return [str(card) for card in value]
    if isinstance(value, Score):
        return _combinations(value)
    return value


def _successor(state: CribbageState) -> CribbageState:
    """A copy of ``state`` for one transition to move on: every field but what the last action did."""
    new = _NEW(CribbageState)
    (new.game, new.phase, new.dealer, new.to_move, new.deck, new.hands, new.kept, new.discards, new.crib,
     new.dealt, new.starter, new.count, new.series, new.piles, new.passed, new.last_player, new.scores,
     new.pegs, new.show_step, new.cutters, new.cuts, new.pending, new.match_points, new.results,
     new.deck_mask) = (
        state.game, state.phase, state.dealer, state.to_move, state.deck, state.hands, state.kept,
        state.discards, state.crib, state.dealt, state.starter, state.count, state.series, state.piles,
        state.passed, state.last_player, state.scores, state.pegs, state.show_step, state.cutters,
        state.cuts, state.pending, state.match_points, state.results, state.deck_mask)
    new.scored, new.happened, new.ended_game, new.offered = (), (), False, None
    return new


_NEW = object.__new__


def _did(d: CribbageState, kind: str, seats: Sequence[int] | None = None, redacted: bool = False,
         **params: Any) -> None:
    """The action's own event (for ``seats`` only, when given; ``redacted``: the others' twin)."""
    d.happened = (*d.happened, (kind, params, seats, True, redacted))


def _tell(d: CribbageState, kind: str, **params: Any) -> None:
    """An event the action caused, for everyone."""
    d.happened = (*d.happened, (kind, params, None, False, False))


def _peg(d: CribbageState, side: int, points: int, kind: str, seat: int | None, score: Any = None) -> bool:
    """Peg ``points`` for ``side`` (C2); True if that ends the game (C14).

    A hand or crib worth nothing (or a muggins count of 0) is still announced ("nineteen"),
    but no peg moves: on the board the rear peg keeps the previous score (C2).
    """
    if d.ended_game or (points <= 0 and kind not in ("hand", "crib")):
        return d.ended_game
    game: Cribbage = d.game
    points = max(0, min(points, game.target - d.scores[side]))  # the last hole is the target (C3)
    if points:
        pegs = d.pegs[side].advance(points)
        d.pegs = _with(d.pegs, side, pegs)
        d.scores = _with(d.scores, side, pegs.front)
    d.scored = (*d.scored, ScoreEvent(seat, side, kind, points, score))
    told: dict[str, Any] = {"seat": seat, "side": side, "points": points, "why": WHY[kind],
                            "score": d.scores[side]}
    if score is not None:
        told["combinations"] = score  # itemised when the event is made (_notation)
    _tell(d, "pegs", **told)
    if d.scores[side] >= game.target:
        _end_game(d, side)
        return True
    return False


def _peg_seat(d: CribbageState, seat: int, points: int, kind: str, score: Any = None) -> bool:
    """Peg for the side of ``seat``."""
    return _peg(d, d.game.side_of(seat), points, kind, seat, score)


# --- the rules -------------------------------------------------------------------------------


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less ``card``, found by value: a card built anew (``Card(13, 2)``) is the same K♥ as
    the pack's, so it leaves the pack or hand it was taken from (C5, C8). The caller has checked it is there.
    """
    at = cards.index(card)  # equality, like every legality check
    return cards[:at] + cards[at + 1:]


FULL_PACK = (1 << 52) - 1
"""``deck_mask`` of a full pack."""


def _take_from_pack(d: CribbageState, card: Card) -> None:
    """``card`` leaves the pack (C5–C7); its place in the index-ordered pack is the count of cards
    below it, so nothing is searched (a card built anew is the pack's card by value)."""
    index = card.index
    below = d.deck_mask & ((1 << index) - 1)
    at = below.bit_count()
    d.deck = d.deck[:at] + d.deck[at + 1:]
    d.deck_mask ^= 1 << index


def _cut(d: CribbageState, card: Card) -> None:
    """C6: each seat cuts; the lowest card deals; those tied for lowest cut again."""
    _did(d, "cut", seat=d.cutters[len(d.cuts)], card=card)
    d.cuts = (*d.cuts, card)
    _take_from_pack(d, card)
    if len(d.cuts) < len(d.cutters):
        return
    low = min(c.rank for c in d.cuts)
    lowest = tuple(s for s, c in zip(d.cutters, d.cuts, strict=True) if c.rank == low)
    if len(lowest) > 1:
        _tell(d, "cut_tie", members=list(lowest), rank=low)
        d.cutters, d.deck, d.deck_mask = lowest, DECK, FULL_PACK
        d.cuts = ()
        return
    d.cutters, d.cuts = (), ()
    _tell(d, "dealer", seat=lowest[0], why="cut")
    _new_hand(d, lowest[0])


def _new_hand(d: CribbageState, dealer: int) -> None:
    """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
    n = d.game.num_players
    d.phase, d.dealer, d.to_move = Phase.DEAL, dealer, (dealer + 1) % n
    d.deck, d.deck_mask, d.dealt, d.starter = DECK, FULL_PACK, 0, None
    d.hands = d.kept = d.discards = d.piles = ((),) * n
    d.crib, d.count, d.series, d.passed, d.last_player = (), 0, (), frozenset(), None
    d.show_step, d.pending = 0, None


def _deal(d: CribbageState, card: Card) -> None:
    """C5: one card at a time clockwise from the dealer's left; with three, one to the crib."""
    game: Cribbage = d.game
    n = game.num_players
    to_hands = n * game.hand_size
    if d.dealt < to_hands:
        seat = (d.dealer + 1 + d.dealt) % n
        d.happened = (("dealt", {"seat": seat, "card": card}, (seat,), True, False),
                      ("dealt", {"seat": seat}, game.others[seat], True, True))
        d.hands = _with(d.hands, seat, (*d.hands[seat], card))
    else:
        _did(d, "crib_dealt")
        d.crib = (*d.crib, card)
    _take_from_pack(d, card)
    d.dealt += 1
    if d.dealt == to_hands + game.crib_from_pack:
        d.phase, d.to_move = Phase.DISCARD, (d.dealer + 1) % n


def _discard(d: CribbageState, cards: tuple[Card, ...]) -> None:
    """C5: each player lays away to the dealer's crib, starting left of the dealer."""
    n = d.game.num_players
    seat = d.to_move
    _did(d, "discards", seats=[seat], seat=seat, cards=list(cards))
    _did(d, "discards", seats=d.game.others[seat], redacted=True, seat=seat, count=len(cards))
    keep = tuple(c for c in d.hands[seat] if c not in cards)
    d.hands = tuple(keep if s == seat else h for s, h in enumerate(d.hands))
    d.kept = tuple(keep if s == seat else h for s, h in enumerate(d.kept))
    d.discards = tuple(cards if s == seat else h for s, h in enumerate(d.discards))
    d.crib = (*d.crib, *cards)
    d.to_move = (seat + 1) % n
    if seat == d.dealer:
        d.phase = Phase.STARTER


def _starter(d: CribbageState, card: Card) -> None:
    """C7: the starter is turned; a jack gives the dealer two "for his heels"; then the play (C8)."""
    _did(d, "starter", card=card)
    d.starter = card
    _take_from_pack(d, card)
    d.phase, d.to_move = Phase.PLAY, (d.dealer + 1) % d.game.num_players
    if card.rank == 11:
        _peg_seat(d, d.dealer, 2, "heels")


def _play(d: CribbageState, card: Card) -> None:
    """C8, C10, C11: play a card onto your pile; the count rises; combinations peg."""
    seat = d.to_move
    d.hands = _with(d.hands, seat, _without(d.hands[seat], card))
    d.piles = _with(d.piles, seat, (*d.piles[seat], card))
    series = d.series = (*d.series, card)
    count = d.count = d.count + value(card)
    d.happened = (("plays", {"seat": seat, "card": card, "count": count}, None, True, False),)
    d.last_player = seat
    points = pegging_points([c.rank for c in series], count) if len(series) > 1 else 0
    if d.game.options["muggins"]:
        d.phase = Phase.CLAIM
        d.pending = Pending(seat, points, -1, resume=Phase.PLAY, what="pegging")
        return
    if points and _peg_seat(d, seat, points, "pegging", pegging_score(series)):  # itemised only when it scores
        return
    _after_play(d, seat)


def _after_play(d: CribbageState, seat: int) -> None:
    """C9, C10, C12: 31 resets the count; when no one can go on, the last card pegs one."""
    if d.count == 31:
        _reset(d, seat)
    else:
        _pass_turn(d, seat, include_self=True)


def _go(d: CribbageState) -> None:
    """C9: "go": play continues with whoever can; when nobody can, the last to play pegs one."""
    seat = d.to_move
    _did(d, "go", seat=seat)
    d.passed = d.passed | {seat}
    _pass_turn(d, seat, include_self=False)


def _pass_turn(d: CribbageState, seat: int, include_self: bool) -> None:
    """The turn goes to the next seat that can still play in this series, or the go is pegged."""
    nxt = _next_actor(d, seat, include_self)
    if nxt is None:
        _go_point(d)
    else:
        d.to_move = nxt


def _go_point(d: CribbageState) -> None:
    """C9, C12: one for the go, or for the last card of the whole play; then the count resets."""
    last = d.last_player
    assert last is not None
    kind = "go" if any(d.hands) else "last card"
    if _peg_seat(d, last, 1, kind):
        return
    _reset(d, last)


def _reset(d: CribbageState, last: int) -> None:
    """C9: the count goes back to 0 and the player left of the last card leads; or the show begins."""
    d.count, d.series, d.passed = 0, (), frozenset()
    n = d.game.num_players
    nxt = next(((last + k) % n for k in range(1, n + 1) if d.hands[(last + k) % n]), None)
    if nxt is None:
        d.phase, d.show_step, d.to_move = Phase.SHOW, 0, (d.dealer + 1) % n
    else:
        d.to_move = nxt


def _next_actor(d: CribbageState, seat: int, include_self: bool) -> int | None:
    """The next seat clockwise from ``seat`` that still holds cards and has not said go."""
    n = d.game.num_players
    for k in range(1, n + 1 if include_self else n):
        s = (seat + k) % n
        if d.hands[s] and s not in d.passed:
            return s
    return None


def _claim(d: CribbageState, declared: int) -> None:
    """C17: the player declares the points of the card just played; misses may be taken."""
    pending = d.pending
    assert pending is not None
    _did(d, "claims", seat=pending.seat, declared=declared)
    d.pending = None
    d.phase = Phase.PLAY
    if _peg_seat(d, pending.seat, min(declared, pending.actual), "pegging"):
        return
    if declared < pending.actual and _offer_muggins(d, pending, declared):
        return
    _after_play(d, pending.seat)


def _count(d: CribbageState, declared: int | None) -> None:
    """C13: hands are counted from the dealer's left, the dealer last, then the crib (C14 applies)."""
    game: Cribbage = d.game
    state_seat = (d.dealer + 1 + d.show_step) % game.num_players if d.show_step < game.num_players else None
    starter = d.starter
    if state_seat is None:
        seat, what, score = d.dealer, "crib", score_hand(d.crib, starter, crib=True)
    else:
        seat, what, score = state_seat, "hand", score_hand(d.kept[state_seat], starter)
    counted = d.crib if what == "crib" else d.kept[seat]
    said: dict[str, Any] = {} if declared is None else {"declared": declared}
    _did(d, "counts", seat=seat, what=what, cards=list(counted), starter=starter, **said)
    points = score.total if declared is None else min(declared, score.total)
    # with muggins the count is what the player declared: the breakdown is for the opponents to find
    if _peg_seat(d, seat, points, what, score if declared is None else None):
        return
    if declared is not None and declared < score.total:
        pending = Pending(seat, score.total, declared, resume=Phase.SHOW, what=what)
        if _offer_muggins(d, pending, declared):
            return
    _next_count(d)


def _next_count(d: CribbageState) -> None:
    """Move the show on: the next hand, the crib, or the next deal (the deal passes left, C6)."""
    n = d.game.num_players
    if d.show_step < n:
        d.show_step += 1
        d.to_move = (d.dealer + 1 + d.show_step) % n if d.show_step < n else d.dealer
    else:
        _tell(d, "dealer", seat=(d.dealer + 1) % n, why="left")
        _new_hand(d, (d.dealer + 1) % n)


def _offer_muggins(d: CribbageState, pending: Pending, declared: int) -> bool:
    """C17: opponents, clockwise, may take the points missed. True if someone is asked."""
    game: Cribbage = d.game
    n = game.num_players
    side = game.side_of(pending.seat)
    claimants = tuple((pending.seat + k) % n for k in range(1, n) if game.side_of((pending.seat + k) % n) != side)
    d.pending = Pending(pending.seat, pending.actual, declared, claimants[1:], pending.resume, pending.what)
    d.phase, d.to_move = Phase.MUGGINS, claimants[0]
    return True


def _muggins(d: CribbageState, take: bool) -> None:
    """C17: take the missed points ("muggins!") or pass; then play resumes."""
    pending = d.pending
    assert pending is not None
    if take:
        _did(d, "muggins", seat=d.to_move, of=pending.seat, what=pending.what)
        if _peg_seat(d, d.to_move, pending.actual - pending.declared, "muggins"):
            return
    else:
        _did(d, "passes", seat=d.to_move)
    if not take and pending.claimants:
        d.pending = Pending(pending.seat, pending.actual, pending.declared, pending.claimants[1:],
                            pending.resume, pending.what)
        d.to_move = pending.claimants[0]
        return
    d.pending = None
    d.phase = pending.resume
    if pending.resume is Phase.PLAY:
        _after_play(d, pending.seat)
    else:
        _next_count(d)


def _end_game(d: CribbageState, winner: int) -> None:
    """C14, C16, C18: the game is won; score it in the match; deal the next game or end the match."""
    game: Cribbage = d.game
    value = 1
    if game.options["skunk"]:
        best_loser = max(s for side, s in enumerate(d.scores) if side != winner)
        if game.target >= 91 and best_loser < game.target - 60:
            value = 3
        elif best_loser < game.target - 30:
            value = 2
    d.results = (*d.results, GameResult(winner, d.scores, value))
    d.match_points = tuple(p + value if s == winner else p for s, p in enumerate(d.match_points))
    d.ended_game = True
    d.pending = None
    games = game.options["games"]
    skunk = {2: {"skunk": "skunk"}, 3: {"skunk": "double_skunk"}}.get(value, {})
    _tell(d, "wins_game", side=winner, members=_members(game, winner), scores=list(d.scores), value=value,
           game=len(d.results), games=games, match_points=list(d.match_points), **skunk)
    majority = max(d.match_points) * 2 > games
    if len(d.results) >= games or (game.options["stop_at_majority"] and majority):
        d.phase = Phase.OVER
        if games > 1:  # a match of one game ends with its game: the result says it
            _tell_match(d)
        return
    # C6: the loser of the game deals first in the next; among several, the lowest score
    lowest = min(d.scores)
    n = game.num_players
    dealer = next((d.dealer + k) % n for k in range(1, n + 1)
                  if d.scores[game.side_of((d.dealer + k) % n)] == lowest)
    d.scores = (0,) * game.sides
    d.pegs = (Pegs(),) * game.sides
    _tell(d, "dealer", seat=dealer, why="loser")
    _new_hand(d, dealer)


def _tell_match(d: CribbageState) -> None:
    """C16: the match is over: won by one side, or tied on match points and games won."""
    game: Cribbage = d.game
    top = _match_leaders(d.match_points, d.results)
    told: dict[str, Any] = {"match_points": list(d.match_points), "games_won": _games_won(d.results, game.sides)}
    if len(top) == 1:
        _tell(d, "wins_match", side=top[0], members=_members(game, top[0]), **told)
    else:
        _tell(d, "match_tied", sides=top, members=[s for side in top for s in _members(game, side)], **told)
