"""Cribbage rules C1–C19 as a state and its transitions: the cut, the deal, the crib, the pegging,
the show, games and matches.

A :class:`CribbageState` is an immutable position; :meth:`CribbageState._apply` copies its fields
into a :class:`_Draft`, lets the rule functions below change the draft, and freezes the result,
so each rule reads as what happens at the table and nothing is half-applied. Points always go
through :meth:`_Draft.peg`, which moves the pegs (C2) and ends the game the moment a side
reaches the target (C14).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.actions as act
from tabletop.core import (
    CHANCE,
    SPECTATOR,
    TERMINAL,
    Event,
    IllegalActionError,
    Player,
    State,
    View,
    action_event,
    event,
)
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.board import GameResult, Pegs, Pending, Phase, ScoreEvent
from tabletop.games.cribbage.render import describe, render_state
from tabletop.games.cribbage.scoring import Score, pegging_score, score_hand, value
from tabletop.games.cribbage.views import public_view, view

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

WHY: Mapping[str, str] = MappingProxyType({
    "pegging": "play", "go": "go", "last card": "last_card", "heels": "heels", "hand": "hand", "crib": "crib",
    "muggins": "muggins",
})
"""A :class:`ScoreEvent`'s kind as the ``why`` of its ``pegs`` event."""


@dataclass(frozen=True, slots=True)
class CribbageState(State[CribbageAction]):
    """A cribbage position. Hidden parts (hands, discards, the rest of the pack) only leave through
    :meth:`view`; the pack has no order until chance deals from it."""

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
    happened: tuple[Event, ...] = field(default=(), compare=False)  #: what the last action did (:meth:`events`)

    # --- the interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        match self.phase:
            case Phase.CUT | Phase.DEAL | Phase.STARTER:
                return CHANCE
            case Phase.OVER:
                return TERMINAL
        return self.to_move

    def legal_actions(self) -> Sequence[CribbageAction]:
        match self.phase:
            case Phase.CUT:
                return tuple(act.Cut(c) for c in self.deck)
            case Phase.DEAL:
                return tuple(act.Deal(c) for c in self.deck)
            case Phase.STARTER:
                return tuple(act.Starter(c) for c in self.deck)
            case Phase.DISCARD:
                hand = self.hands[self.to_move]
                return tuple(act.discard(list(cards)) for cards in combinations(hand, self.game.discards))
            case Phase.PLAY:
                playable = tuple(act.Play(c) for c in self.hands[self.to_move] if self.count + value(c) <= 31)
                return playable or (act.GO,)
            case Phase.CLAIM:
                return tuple(act.Claim(n) for n in range(act.MAX_DECLARED + 1))
            case Phase.SHOW:
                if self.game.options["muggins"]:
                    return tuple(act.Count(n) for n in range(30))
                return (act.COUNT,)
            case Phase.MUGGINS:
                return (act.MUGGINS, act.PASS)
        return ()

    def is_legal(self, action: CribbageAction) -> bool:
        match self.phase:
            case Phase.CUT:
                return isinstance(action, act.Cut) and action.card in self.deck
            case Phase.DEAL:
                return isinstance(action, act.Deal) and action.card in self.deck
            case Phase.STARTER:
                return isinstance(action, act.Starter) and action.card in self.deck
            case Phase.PLAY if isinstance(action, act.Play):  # the hot path of every playout
                card = action.card
                return card in self.hands[self.to_move] and self.count + value(card) <= 31
        return action in self.legal_actions()

    def chance_outcomes(self) -> Sequence[tuple[CribbageAction, Fraction]]:
        if not self.is_chance:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase")
        probability = Fraction(1, len(self.deck))
        return tuple((a, probability) for a in self.legal_actions())

    def sample_chance(self, rng: random.Random) -> CribbageAction:
        card = self.deck[rng.randrange(len(self.deck))]
        match self.phase:
            case Phase.CUT:
                return act.Cut(card)
            case Phase.DEAL:
                return act.Deal(card)
            case Phase.STARTER:
                return act.Starter(card)
        raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase")

    def _apply(self, action: CribbageAction) -> CribbageState:
        draft = _Draft(self)
        match action:
            case act.Cut(card):
                _cut(draft, card)
            case act.Deal(card):
                _deal(draft, card)
            case act.Discard(cards):
                _discard(draft, cards)
            case act.Starter(card):
                _starter(draft, card)
            case act.Play(card):
                _play(draft, card)
            case act.Go():
                _go(draft)
            case act.Claim(declared):
                _claim(draft, declared)
            case act.Count(declared):
                _count(draft, declared)
            case act.Muggins() | act.Pass():
                _muggins(draft, isinstance(action, act.Muggins))
        return draft.freeze()

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
        return self.happened

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


_FIELDS = tuple(f.name for f in fields(CribbageState))


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


def _others(game: Cribbage, seat: int) -> list[int]:
    """Everyone but ``seat``, spectators included: who sees a redacted twin of a hidden event."""
    return [*(s for s in range(game.num_players) if s != seat), SPECTATOR]


def _combinations(score: Score) -> list[dict[str, Any]]:
    """A score's combinations as event data: ``{"why": "pair_royal", "cards": [...], "points": 6}``."""
    return [{"why": c.kind.replace(" ", "_").replace("-", "_"), "cards": [str(card) for card in c.cards],
             "points": c.points} for c in score.combinations]


def _recipient(state: CribbageState) -> int | None:
    """The seat the next dealt card goes to, or None for the crib (three players, C5)."""
    n = state.game.num_players
    to_hands = n * state.game.hand_size
    return (state.dealer + 1 + state.dealt) % n if state.dealt < to_hands else None


class _Draft:
    """A mutable copy of a state's fields for one transition; :meth:`freeze` makes the new state."""

    game: Cribbage
    phase: Phase
    dealer: int
    to_move: int
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    dealt: int
    starter: Card | None
    count: int
    series: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    passed: frozenset[int]
    last_player: int | None
    scores: tuple[int, ...]
    pegs: tuple[Pegs, ...]
    show_step: int
    cutters: tuple[int, ...]
    cuts: tuple[Card, ...]
    pending: Pending | None
    match_points: tuple[int, ...]
    results: tuple[GameResult, ...]

    scored: tuple[ScoreEvent, ...]
    happened: tuple[Event, ...]

    def __init__(self, state: CribbageState) -> None:
        self.__dict__.update({name: getattr(state, name) for name in _FIELDS})
        self.scored = ()
        self.happened = ()
        self.game_over = False

    def did(self, kind: str, seats: list[int] | None = None, redacted: bool = False, **params: Any) -> None:
        """The action's own event (for ``seats`` only, when given; ``redacted``: the others' twin)."""
        self.happened = (*self.happened, action_event(kind, seats=seats, redacted=redacted, **params))

    def tell(self, kind: str, **params: Any) -> None:
        """An event the action caused, for everyone."""
        self.happened = (*self.happened, event(kind, **params))

    def freeze(self) -> CribbageState:
        values = self.__dict__
        return CribbageState(**{name: values[name] for name in _FIELDS})

    def peg(self, side: int, points: int, kind: str, seat: int | None, score: Any = None) -> bool:
        """Peg ``points`` for ``side`` (C2); True if that ends the game (C14).

        A hand or crib worth nothing (or a muggins count of 0) is still announced ("nineteen"),
        but no peg moves: on the board the rear peg keeps the previous score (C2).
        """
        if self.game_over or (points <= 0 and kind not in ("hand", "crib")):
            return self.game_over
        game: Cribbage = self.game
        points = max(0, min(points, game.target - self.scores[side]))  # the last hole is the target (C3)
        if points:
            self.pegs = tuple(p.advance(points) if s == side else p for s, p in enumerate(self.pegs))
            self.scores = tuple(p.front for p in self.pegs)
        self.scored = (*self.scored, ScoreEvent(seat, side, kind, points, score))
        told: dict[str, Any] = {"seat": seat, "side": side, "points": points, "why": WHY[kind],
                                "score": self.scores[side]}
        if score is not None:
            told["combinations"] = _combinations(score)
        self.tell("pegs", **told)
        if self.scores[side] >= game.target:
            _end_game(self, side)
            return True
        return False

    def peg_seat(self, seat: int, points: int, kind: str, score: Any = None) -> bool:
        """Peg for the side of ``seat``."""
        return self.peg(self.game.side_of(seat), points, kind, seat, score)


# --- the rules -------------------------------------------------------------------------------


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less ``card``, found by value: a card built anew (``Card(13, 2)``) is the same K♥ as
    the pack's, so it leaves the pack or hand it was taken from (C5, C8). The caller has checked it is there.
    """
    at = cards.index(card)  # equality, like every legality check
    return cards[:at] + cards[at + 1:]


def _cut(d: _Draft, card: Card) -> None:
    """C6: each seat cuts; the lowest card deals; those tied for lowest cut again."""
    d.did("cut", seat=d.cutters[len(d.cuts)], card=str(card))
    d.cuts = (*d.cuts, card)
    d.deck = _without(d.deck, card)
    if len(d.cuts) < len(d.cutters):
        return
    low = min(c.rank for c in d.cuts)
    lowest = tuple(s for s, c in zip(d.cutters, d.cuts, strict=True) if c.rank == low)
    if len(lowest) > 1:
        d.tell("cut_tie", members=list(lowest), rank=low)
        d.cutters, d.deck = lowest, DECK
        d.cuts = ()
        return
    d.cutters, d.cuts = (), ()
    d.tell("dealer", seat=lowest[0], why="cut")
    _new_hand(d, lowest[0])


def _new_hand(d: _Draft, dealer: int) -> None:
    """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
    n = d.game.num_players
    d.phase, d.dealer, d.to_move = Phase.DEAL, dealer, (dealer + 1) % n
    d.deck, d.dealt, d.starter = DECK, 0, None
    d.hands = d.kept = d.discards = d.piles = ((),) * n
    d.crib, d.count, d.series, d.passed, d.last_player = (), 0, (), frozenset(), None
    d.show_step, d.pending = 0, None


def _deal(d: _Draft, card: Card) -> None:
    """C5: one card at a time clockwise from the dealer's left; with three, one to the crib."""
    game: Cribbage = d.game
    n = game.num_players
    to_hands = n * game.hand_size
    if d.dealt < to_hands:
        seat = (d.dealer + 1 + d.dealt) % n
        d.did("dealt", seats=[seat], seat=seat, card=str(card))
        d.did("dealt", seats=_others(game, seat), redacted=True, seat=seat)
        d.hands = tuple((*h, card) if s == seat else h for s, h in enumerate(d.hands))
    else:
        d.did("crib_dealt")
        d.crib = (*d.crib, card)
    d.deck = _without(d.deck, card)
    d.dealt += 1
    if d.dealt == to_hands + game.crib_from_pack:
        d.phase, d.to_move = Phase.DISCARD, (d.dealer + 1) % n


def _discard(d: _Draft, cards: tuple[Card, ...]) -> None:
    """C5: each player lays away to the dealer's crib, starting left of the dealer."""
    n = d.game.num_players
    seat = d.to_move
    d.did("discards", seats=[seat], seat=seat, cards=[str(c) for c in cards])
    d.did("discards", seats=_others(d.game, seat), redacted=True, seat=seat, count=len(cards))
    keep = tuple(c for c in d.hands[seat] if c not in cards)
    d.hands = tuple(keep if s == seat else h for s, h in enumerate(d.hands))
    d.kept = tuple(keep if s == seat else h for s, h in enumerate(d.kept))
    d.discards = tuple(cards if s == seat else h for s, h in enumerate(d.discards))
    d.crib = (*d.crib, *cards)
    d.to_move = (seat + 1) % n
    if seat == d.dealer:
        d.phase = Phase.STARTER


def _starter(d: _Draft, card: Card) -> None:
    """C7: the starter is turned; a jack gives the dealer two "for his heels"; then the play (C8)."""
    d.did("starter", card=str(card))
    d.starter = card
    d.deck = _without(d.deck, card)
    d.phase, d.to_move = Phase.PLAY, (d.dealer + 1) % d.game.num_players
    if card.rank == 11:
        d.peg_seat(d.dealer, 2, "heels")


def _play(d: _Draft, card: Card) -> None:
    """C8, C10, C11: play a card onto your pile; the count rises; combinations peg."""
    seat = d.to_move
    d.hands = tuple(_without(h, card) if s == seat else h for s, h in enumerate(d.hands))
    d.piles = tuple((*p, card) if s == seat else p for s, p in enumerate(d.piles))
    d.series = (*d.series, card)
    d.count += value(card)
    d.did("plays", seat=seat, card=str(card), count=d.count)
    d.last_player = seat
    score = pegging_score(d.series)
    if d.game.options["muggins"]:
        d.phase = Phase.CLAIM
        d.pending = Pending(seat, score.total, -1, resume=Phase.PLAY, what="pegging")
        return
    if d.peg_seat(seat, score.total, "pegging", score):
        return
    _after_play(d, seat)


def _after_play(d: _Draft, seat: int) -> None:
    """C9, C10, C12: 31 resets the count; when no one can go on, the last card pegs one."""
    if d.count == 31:
        _reset(d, seat)
    else:
        _pass_turn(d, seat, include_self=True)


def _go(d: _Draft) -> None:
    """C9: "go": play continues with whoever can; when nobody can, the last to play pegs one."""
    seat = d.to_move
    d.did("go", seat=seat)
    d.passed = d.passed | {seat}
    _pass_turn(d, seat, include_self=False)


def _pass_turn(d: _Draft, seat: int, include_self: bool) -> None:
    """The turn goes to the next seat that can still play in this series, or the go is pegged."""
    nxt = _next_actor(d, seat, include_self)
    if nxt is None:
        _go_point(d)
    else:
        d.to_move = nxt


def _go_point(d: _Draft) -> None:
    """C9, C12: one for the go, or for the last card of the whole play; then the count resets."""
    last = d.last_player
    assert last is not None
    kind = "go" if any(d.hands) else "last card"
    if d.peg_seat(last, 1, kind):
        return
    _reset(d, last)


def _reset(d: _Draft, last: int) -> None:
    """C9: the count goes back to 0 and the player left of the last card leads; or the show begins."""
    d.count, d.series, d.passed = 0, (), frozenset()
    n = d.game.num_players
    nxt = next(((last + k) % n for k in range(1, n + 1) if d.hands[(last + k) % n]), None)
    if nxt is None:
        d.phase, d.show_step, d.to_move = Phase.SHOW, 0, (d.dealer + 1) % n
    else:
        d.to_move = nxt


def _next_actor(d: _Draft, seat: int, include_self: bool) -> int | None:
    """The next seat clockwise from ``seat`` that still holds cards and has not said go."""
    n = d.game.num_players
    for k in range(1, n + 1 if include_self else n):
        s = (seat + k) % n
        if d.hands[s] and s not in d.passed:
            return s
    return None


def _claim(d: _Draft, declared: int) -> None:
    """C17: the player declares the points of the card just played; misses may be taken."""
    pending = d.pending
    assert pending is not None
    d.did("claims", seat=pending.seat, declared=declared)
    d.pending = None
    d.phase = Phase.PLAY
    if d.peg_seat(pending.seat, min(declared, pending.actual), "pegging"):
        return
    if declared < pending.actual and _offer_muggins(d, pending, declared):
        return
    _after_play(d, pending.seat)


def _count(d: _Draft, declared: int | None) -> None:
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
    d.did("counts", seat=seat, what=what, cards=[str(c) for c in counted],
          starter=None if starter is None else str(starter), **said)
    points = score.total if declared is None else min(declared, score.total)
    # with muggins the count is what the player declared: the breakdown is for the opponents to find
    if d.peg_seat(seat, points, what, score if declared is None else None):
        return
    if declared is not None and declared < score.total:
        pending = Pending(seat, score.total, declared, resume=Phase.SHOW, what=what)
        if _offer_muggins(d, pending, declared):
            return
    _next_count(d)


def _next_count(d: _Draft) -> None:
    """Move the show on: the next hand, the crib, or the next deal (the deal passes left, C6)."""
    n = d.game.num_players
    if d.show_step < n:
        d.show_step += 1
        d.to_move = (d.dealer + 1 + d.show_step) % n if d.show_step < n else d.dealer
    else:
        d.tell("dealer", seat=(d.dealer + 1) % n, why="left")
        _new_hand(d, (d.dealer + 1) % n)


def _offer_muggins(d: _Draft, pending: Pending, declared: int) -> bool:
    """C17: opponents, clockwise, may take the points missed. True if someone is asked."""
    game: Cribbage = d.game
    n = game.num_players
    side = game.side_of(pending.seat)
    claimants = tuple((pending.seat + k) % n for k in range(1, n) if game.side_of((pending.seat + k) % n) != side)
    d.pending = Pending(pending.seat, pending.actual, declared, claimants[1:], pending.resume, pending.what)
    d.phase, d.to_move = Phase.MUGGINS, claimants[0]
    return True


def _muggins(d: _Draft, take: bool) -> None:
    """C17: take the missed points ("muggins!") or pass; then play resumes."""
    pending = d.pending
    assert pending is not None
    if take:
        d.did("muggins", seat=d.to_move, of=pending.seat, what=pending.what)
        if d.peg_seat(d.to_move, pending.actual - pending.declared, "muggins"):
            return
    else:
        d.did("passes", seat=d.to_move)
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


def _end_game(d: _Draft, winner: int) -> None:
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
    d.game_over = True
    d.pending = None
    games = game.options["games"]
    skunk = {2: {"skunk": "skunk"}, 3: {"skunk": "double_skunk"}}.get(value, {})
    d.tell("wins_game", side=winner, members=_members(game, winner), scores=list(d.scores), value=value,
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
    d.tell("dealer", seat=dealer, why="loser")
    _new_hand(d, dealer)


def _tell_match(d: _Draft) -> None:
    """C16: the match is over: won by one side, or tied on match points and games won."""
    game: Cribbage = d.game
    top = _match_leaders(d.match_points, d.results)
    told: dict[str, Any] = {"match_points": list(d.match_points), "games_won": _games_won(d.results, game.sides)}
    if len(top) == 1:
        d.tell("wins_match", side=top[0], members=_members(game, top[0]), **told)
    else:
        d.tell("match_tied", sides=top, members=[s for side in top for s in _members(game, side)], **told)
