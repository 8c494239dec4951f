"""The cribbage kernel: rules C5–C18 on integers, the one engine every state, bot, adapter and benchmark runs on.

A card is its index 0–51 (:attr:`Card.index`: rank-major, so its 0-based rank is ``card >> 2`` and its suit
``card & 3``); a hand, a pile, the series or the crib is a tuple of those ints in the order the cards came;
the pack is its cards in index order with a bitmask beside it; a phase is its position in :class:`Phase`.
A :class:`Table` is one position. It never changes once handed out: :func:`step` copies it (one slot copy,
no validation on the way: the caller has checked the move with :func:`is_legal`) and one rule function per
phase moves the copy on, so each rule reads as what happens at the table and nothing is half-applied.
Points always go through :func:`peg`, which moves the pegs (C2) and ends the game the moment a side reaches
the target (C14).

Why ints: every random playout, rollout, search iteration and learning step goes through here, and
``benchmarks/cribbage_engine.py`` holds it to OpenSpiel's C++ cribbage. So a transition builds no card and no
action object: the show is a table look-up (:func:`.scoring.show_points`), and what an action did is written
down as short tuples (``told``) that :mod:`.told` makes into events — itemised scores included — only when
someone asks. :class:`.state.CribbageState` is the game interface on top: actions and cards in, views and
events out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.cribbage.phases import GameResult, Pending, Phase
from tabletop.games.cribbage.scoring import CARD_VALUE, JACK, pegging_points, show_points

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

PHASES = tuple(Phase)
"""The phases by their kernel number."""
CUT, DEAL, DISCARD, STARTER, PLAY, CLAIM, SHOW, MUGGINS, OVER = range(len(PHASES))
CHANCE_PHASES = (CUT, DEAL, STARTER)
IS_CHANCE = tuple(phase in CHANCE_PHASES for phase in range(len(PHASES)))
"""By phase number: whether chance acts (a card is cut, dealt or turned)."""

FULL_PACK = tuple(range(52))
FULL_MASK = (1 << 52) - 1
GO = -1
"""The play phase's move that is no card: "go" (C9)."""
NOT_DECLARED = -1
"""The show's move without muggins: the count is made for the player (C13)."""

Told = tuple[Any, ...]
"""Something an action did, written down: its kind, then its values in :mod:`.told`'s order."""


class Table:
    """One cribbage position on ints. Public through :class:`.state.CribbageState`, which shows it as cards."""

    __slots__ = (
        "count",
        "crib",
        "cuts",
        "cutters",
        "dealer",
        "dealt",
        "discards",
        "ended_game",
        "game",
        "hands",
        "kept",
        "last_player",
        "match_points",
        "pack",
        "pack_mask",
        "passed",
        "pending",
        "phase",
        "piles",
        "rears",
        "results",
        "scores",
        "series",
        "show_step",
        "starter",
        "to_move",
        "told",
    )

    game: Cribbage
    phase: int  #: a position in :data:`PHASES`
    dealer: int
    to_move: int
    pack: tuple[int, ...]  #: the cards not yet dealt, in index order
    pack_mask: int  #: bit ``card`` set for each card in ``pack``
    hands: tuple[tuple[int, ...], ...]  #: what each seat holds now, in the order dealt
    kept: tuple[tuple[int, ...], ...]  #: each seat's hand for the show (after discarding)
    discards: tuple[tuple[int, ...], ...]  #: what each seat laid away to the crib
    crib: tuple[int, ...]
    dealt: int  #: cards dealt so far this hand
    starter: int  #: −1 before it is turned
    count: int  #: the running total in the pegging
    series: tuple[int, ...]  #: cards played since the count was last reset
    piles: tuple[tuple[int, ...], ...]  #: each seat's face-up cards this hand (C8)
    passed: frozenset[int]  #: seats that said go in this series
    last_player: int | None  #: who played the last card of the series
    scores: tuple[int, ...]  #: per side: the front peg (C2)
    rears: tuple[int, ...]  #: per side: the rear peg, the score before the last points (C2)
    show_step: int  #: 0…players−1: the hands in counting order; players: the crib
    cutters: tuple[int, ...]  #: seats cutting for the deal this round (C6)
    cuts: tuple[int, ...]  #: their cuts so far, in order
    pending: Pending | None  #: a muggins claim under way (C17)
    match_points: tuple[int, ...]  #: per side (C16, C18)
    results: tuple[GameResult, ...]  #: the finished games of the match
    told: tuple[Told, ...]  #: what the last action did
    ended_game: bool  #: the last action won a game (C14): nothing more is pegged in it

    def key(self) -> tuple[Any, ...]:
        """Everything that makes the position (not what the last action did): equal positions, equal keys."""
        return (self.game, self.phase, self.dealer, self.to_move, self.pack_mask, self.hands, self.kept,
                self.discards, self.crib, self.dealt, self.starter, self.count, self.series, self.piles,
                self.passed, self.last_player, self.scores, self.rears, self.show_step, self.cutters, self.cuts,
                self.pending, self.match_points, self.results)


_NEW = object.__new__


def initial_table(game: Cribbage) -> Table:
    """Everyone cuts for the first deal (C6)."""
    t = _NEW(Table)
    n, sides = game.players, game.sides
    t.game, t.phase, t.dealer, t.to_move = game, CUT, 0, 0
    t.pack, t.pack_mask, t.dealt, t.starter = FULL_PACK, FULL_MASK, 0, -1
    t.hands = t.kept = t.discards = t.piles = ((),) * n
    t.crib, t.count, t.series, t.passed, t.last_player = (), 0, (), frozenset(), None
    t.scores = t.rears = t.match_points = (0,) * sides
    t.show_step, t.cutters, t.cuts, t.pending, t.results = 0, tuple(range(n)), (), None, ()
    t.told, t.ended_game = (), False
    return t


def successor(t: Table) -> Table:
    """A copy of ``t`` for one transition to move on: every slot but what the last action did.

    One assignment a slot: a tuple packed and unpacked would cost half as much again, on every step.
    """
    new = _NEW(Table)
    new.game = t.game
    new.phase = t.phase
    new.dealer = t.dealer
    new.to_move = t.to_move
    new.pack = t.pack
    new.pack_mask = t.pack_mask
    new.hands = t.hands
    new.kept = t.kept
    new.discards = t.discards
    new.crib = t.crib
    new.dealt = t.dealt
    new.starter = t.starter
    new.count = t.count
    new.series = t.series
    new.piles = t.piles
    new.passed = t.passed
    new.last_player = t.last_player
    new.scores = t.scores
    new.rears = t.rears
    new.show_step = t.show_step
    new.cutters = t.cutters
    new.cuts = t.cuts
    new.pending = t.pending
    new.match_points = t.match_points
    new.results = t.results
    new.told = ()
    new.ended_game = False
    return new


def step(t: Table, move: Any) -> Table:
    """The position after ``move`` of ``t``'s phase, which :func:`is_legal` has accepted."""
    new = successor(t)
    RULES[t.phase](new, move)
    return new


# --- what is legal -------------------------------------------------------------------------------


def playable(t: Table) -> tuple[int, ...]:
    """The cards the seat to move may play without passing 31 (C9), in the order it holds them."""
    hand = t.hands[t.to_move]
    if t.count <= 21:  # no card counts more than ten
        return hand
    room = 31 - t.count
    return tuple([c for c in hand if CARD_VALUE[c] <= room])


def is_legal(t: Table, move: Any) -> bool:
    """True when ``move`` (a card, the cards laid away, ``GO``, points declared…) may be made in ``t``'s phase."""
    phase = t.phase
    if phase <= DEAL or phase == STARTER:  # a card from the pack
        return bool(t.pack_mask >> move & 1)
    if phase == PLAY:
        if move == GO:
            return not playable(t)
        return move in t.hands[t.to_move] and t.count + CARD_VALUE[move] <= 31
    if phase == DISCARD:  # one or two cards, in index order (actions.Discard keeps them so)
        hand = t.hands[t.to_move]
        if len(move) != t.game.discards or move[0] not in hand:
            return False
        return len(move) == 1 or (move[0] < move[1] and move[1] in hand)
    if phase == SHOW:  # with muggins the player declares 0–29 (C17, C20); without, the count is made
        return bool(0 <= move <= 29) if t.game.muggins else move == NOT_DECLARED
    if phase == CLAIM:
        return bool(0 <= move <= 31)
    return phase == MUGGINS  # take (True) or pass (False)


# --- keeping the books -------------------------------------------------------------------------


def with_(per_seat: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``per_seat`` with ``seat``'s entry replaced by ``value``."""
    return (*per_seat[:seat], value, *per_seat[seat + 1:])


def tell(t: Table, *told: Any) -> None:
    """Write down something the action did (see :mod:`.told` for each kind's values)."""
    t.told = (*t.told, told)


def peg(t: Table, seat: int, points: int, why: str, itemise: tuple[Any, ...] | None = None) -> bool:
    """Peg ``points`` for the side of ``seat`` (C2); True if that ends the game (C14). ``itemise``: how
    :mod:`.told` can list the combinations later — ``(series,)`` for a play, ``(cards, starter, crib)`` for
    a show.

    A hand or crib worth nothing (or a muggins count of 0) is still announced ("nineteen"), but no peg
    moves: on the board the rear peg keeps the previous score (C2).
    """
    if t.ended_game or (points <= 0 and why != "hand" and why != "crib"):
        return t.ended_game
    game = t.game
    side = game.side_by_seat[seat]
    score = t.scores[side]
    points = max(0, min(points, game.target - score))  # the last hole is the target (C3)
    if points:
        t.rears = with_(t.rears, side, score)
        score += points
        t.scores = with_(t.scores, side, score)
    t.told = (*t.told, ("pegs", seat, side, points, why, score, itemise))
    if score >= game.target:
        end_game(t, side)
        return True
    return False


def take_from_pack(t: Table, card: int) -> None:
    """``card`` leaves the pack (C5–C7); its place in the index-ordered pack is the count of cards below it."""
    at = (t.pack_mask & ((1 << card) - 1)).bit_count()
    t.pack = t.pack[:at] + t.pack[at + 1:]
    t.pack_mask ^= 1 << card


# --- the rules -------------------------------------------------------------------------------------


def cut(t: Table, card: int) -> None:
    """C6: each seat cuts; the lowest card deals; those tied for lowest cut again."""
    tell(t, "cut", t.cutters[len(t.cuts)], card)
    cuts = t.cuts = (*t.cuts, card)
    take_from_pack(t, card)
    if len(cuts) < len(t.cutters):
        return
    low = min(c >> 2 for c in cuts)
    lowest = tuple(s for s, c in zip(t.cutters, cuts, strict=True) if c >> 2 == low)
    if len(lowest) > 1:
        tell(t, "cut_tie", lowest, low + 1)
        t.cutters, t.cuts, t.pack, t.pack_mask = lowest, (), FULL_PACK, FULL_MASK
        return
    t.cutters, t.cuts = (), ()
    tell(t, "dealer", lowest[0], "cut")
    new_hand(t, lowest[0])


def new_hand(t: Table, dealer: int) -> None:
    """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
    n = t.game.players
    t.phase, t.dealer, t.to_move = DEAL, dealer, (dealer + 1) % n
    t.pack, t.pack_mask, t.dealt, t.starter = FULL_PACK, FULL_MASK, 0, -1
    t.hands = t.kept = t.discards = t.piles = ((),) * n
    t.crib, t.count, t.series, t.passed, t.last_player = (), 0, (), frozenset(), None
    t.show_step, t.pending = 0, None


def deal(t: Table, card: int) -> None:
    """C5: one card at a time clockwise from the dealer's left; with three, one to the crib."""
    game = t.game
    dealt = t.dealt
    if dealt < game.to_hands:
        seat = (t.dealer + 1 + dealt) % game.players
        t.told = (("dealt", seat, card),)
        hands = t.hands
        t.hands = (*hands[:seat], (*hands[seat], card), *hands[seat + 1:])
    else:
        t.told = (("crib_dealt",),)
        t.crib = (*t.crib, card)
    at = (t.pack_mask & ((1 << card) - 1)).bit_count()  # take_from_pack, unrolled: 12 times a hand
    t.pack = (*t.pack[:at], *t.pack[at + 1:])
    t.pack_mask ^= 1 << card
    dealt = t.dealt = dealt + 1
    if dealt == game.deal_size:
        t.phase, t.to_move = DISCARD, (t.dealer + 1) % game.players


def discard(t: Table, cards: tuple[int, ...]) -> None:
    """C5: each player lays away to the dealer's crib, starting left of the dealer."""
    seat = t.to_move
    t.told = (("discards", seat, cards),)
    keep = tuple([c for c in t.hands[seat] if c not in cards])
    t.hands = with_(t.hands, seat, keep)
    t.kept = with_(t.kept, seat, keep)
    t.discards = with_(t.discards, seat, cards)
    t.crib = (*t.crib, *cards)
    t.to_move = (seat + 1) % t.game.players
    if seat == t.dealer:
        t.phase = STARTER


def turn_starter(t: Table, card: int) -> None:
    """C7: the starter is turned; a jack gives the dealer two "for his heels"; then the play (C8)."""
    t.told = (("starter", card),)
    t.starter = card
    take_from_pack(t, card)
    t.phase, t.to_move = PLAY, (t.dealer + 1) % t.game.players
    if card >> 2 == JACK:
        peg(t, t.dealer, 2, "heels")


def play_or_go(t: Table, card: int) -> None:
    """The play phase's moves: a card, or go."""
    if card == GO:
        go(t)
    else:
        play(t, card)


def play(t: Table, card: int) -> None:
    """C8, C10, C11: play a card onto your pile; the count rises; combinations peg."""
    seat = t.to_move
    hands, piles = t.hands, t.piles
    hand = hands[seat]
    at = hand.index(card)
    t.hands = (*hands[:seat], (*hand[:at], *hand[at + 1:]), *hands[seat + 1:])
    t.piles = (*piles[:seat], (*piles[seat], card), *piles[seat + 1:])
    series = t.series = (*t.series, card)
    count = t.count = t.count + CARD_VALUE[card]
    t.told = (("plays", seat, card, count),)
    t.last_player = seat
    points = pegging_points([c >> 2 for c in series], count) if len(series) > 1 else 0
    if t.game.muggins:
        t.phase = CLAIM
        t.pending = Pending(seat, points, -1, resume=Phase.PLAY, what="pegging")
        return
    if points and peg(t, seat, points, "pegging", (series,)):
        return
    after_play(t, seat)


def after_play(t: Table, seat: int) -> None:
    """C9, C10, C12: 31 resets the count; when no one can go on, the last card pegs one."""
    if t.count == 31:
        reset(t, seat)
    else:
        pass_turn(t, seat, include_self=True)


def go(t: Table) -> None:
    """C9: "go": play continues with whoever can; when nobody can, the last to play pegs one."""
    seat = t.to_move
    t.told = (("go", seat),)
    t.passed = t.passed | {seat}
    pass_turn(t, seat, include_self=False)


def pass_turn(t: Table, seat: int, include_self: bool) -> None:
    """The turn goes to the next seat clockwise that still holds cards and has not said go, or the go is pegged."""
    n = t.game.players
    hands, passed = t.hands, t.passed
    for k in range(1, n + 1 if include_self else n):
        s = (seat + k) % n
        if hands[s] and s not in passed:
            t.to_move = s
            return
    go_point(t)


def go_point(t: Table) -> None:
    """C9, C12: one for the go, or for the last card of the whole play; then the count resets."""
    last = t.last_player
    assert last is not None
    if peg(t, last, 1, "go" if any(t.hands) else "last card"):
        return
    reset(t, last)


def reset(t: Table, last: int) -> None:
    """C9: the count goes back to 0 and the player left of the last card leads; or the show begins."""
    t.count, t.series, t.passed = 0, (), frozenset()
    n = t.game.players
    for k in range(1, n + 1):
        s = (last + k) % n
        if t.hands[s]:
            t.to_move = s
            return
    t.phase, t.show_step, t.to_move = SHOW, 0, (t.dealer + 1) % n


def claim(t: Table, declared: int) -> None:
    """C17: the player declares the points of the card just played; misses may be taken."""
    pending = t.pending
    assert pending is not None
    tell(t, "claims", pending.seat, declared)
    t.pending = None
    t.phase = PLAY
    if peg(t, pending.seat, min(declared, pending.actual), "pegging"):
        return
    if declared < pending.actual:
        offer_muggins(t, pending, declared)
        return
    after_play(t, pending.seat)


def count(t: Table, declared: int) -> None:
    """C13: hands are counted from the dealer's left, the dealer last, then the crib (C14 applies)."""
    n = t.game.players
    starter = t.starter
    if t.show_step < n:
        seat, what, crib = (t.dealer + 1 + t.show_step) % n, "hand", False
        cards = t.kept[seat]
    else:
        seat, what, crib, cards = t.dealer, "crib", True, t.crib
    total = show_points(cards, starter if starter >= 0 else None, crib)
    tell(t, "counts", seat, what, cards, starter, declared)
    if declared == NOT_DECLARED:
        points, itemise = total, (cards, starter, crib)
    else:  # with muggins the count is what the player declared: the breakdown is for the opponents to find
        points, itemise = min(declared, total), None
    if peg(t, seat, points, what, itemise):
        return
    if declared != NOT_DECLARED and declared < total:
        offer_muggins(t, Pending(seat, total, declared, resume=Phase.SHOW, what=what), declared)
        return
    next_count(t)


def next_count(t: Table) -> None:
    """Move the show on: the next hand, the crib, or the next deal (the deal passes left, C6)."""
    n = t.game.players
    if t.show_step < n:
        t.show_step += 1
        t.to_move = (t.dealer + 1 + t.show_step) % n if t.show_step < n else t.dealer
    else:
        tell(t, "dealer", (t.dealer + 1) % n, "left")
        new_hand(t, (t.dealer + 1) % n)


def offer_muggins(t: Table, pending: Pending, declared: int) -> None:
    """C17: opponents, clockwise, may take the points missed."""
    game = t.game
    n = game.players
    side = game.side_of(pending.seat)
    claimants = tuple((pending.seat + k) % n for k in range(1, n) if game.side_of((pending.seat + k) % n) != side)
    t.pending = Pending(pending.seat, pending.actual, declared, claimants[1:], pending.resume, pending.what)
    t.phase, t.to_move = MUGGINS, claimants[0]


def muggins(t: Table, take: bool) -> None:
    """C17: take the missed points ("muggins!") or pass; then play resumes."""
    pending = t.pending
    assert pending is not None
    if take:
        tell(t, "muggins", t.to_move, pending.seat, pending.what)
        if peg(t, t.to_move, pending.actual - pending.declared, "muggins"):
            return
    else:
        tell(t, "passes", t.to_move)
        if pending.claimants:
            t.pending = Pending(pending.seat, pending.actual, pending.declared, pending.claimants[1:],
                                pending.resume, pending.what)
            t.to_move = pending.claimants[0]
            return
    t.pending = None
    if pending.resume is Phase.PLAY:
        t.phase = PLAY
        after_play(t, pending.seat)
    else:
        t.phase = SHOW
        next_count(t)


def end_game(t: Table, winner: int) -> None:
    """C14, C16, C18: the game is won; score it in the match; deal the next game or end the match."""
    game = t.game
    value = 1
    if game.options["skunk"]:
        best_loser = max(s for side, s in enumerate(t.scores) if side != winner)
        if game.target >= 91 and best_loser < game.target - 60:
            value = 3
        elif best_loser < game.target - 30:
            value = 2
    t.results = (*t.results, GameResult(winner, t.scores, value))
    t.match_points = tuple(p + value if s == winner else p for s, p in enumerate(t.match_points))
    t.ended_game = True
    t.pending = None
    games = game.options["games"]
    tell(t, "wins_game", winner, t.scores, value, len(t.results), games, t.match_points)
    majority = max(t.match_points) * 2 > games
    if len(t.results) >= games or (game.options["stop_at_majority"] and majority):
        t.phase = OVER
        if games > 1:  # a match of one game ends with its game: the result says it
            tell(t, "match_over", match_leaders(t.match_points, t.results), t.match_points)
        return
    # C6: the loser of the game deals first in the next; among several, the lowest score
    lowest = min(t.scores)
    n = game.players
    dealer = next((t.dealer + k) % n for k in range(1, n + 1)
                  if t.scores[game.side_of((t.dealer + k) % n)] == lowest)
    t.scores = t.rears = (0,) * game.sides
    tell(t, "dealer", dealer, "loser")
    new_hand(t, dealer)


def match_leaders(match_points: tuple[int, ...], results: tuple[GameResult, ...]) -> tuple[int, ...]:
    """The sides with the most match points; among several, those with most games won (C16)."""
    best = max(match_points)
    top = [s for s, p in enumerate(match_points) if p == best]
    if len(top) > 1:
        wins = [sum(1 for r in results if r.winner == s) for s in top]
        top = [s for s, w in zip(top, wins, strict=True) if w == max(wins)]
    return tuple(top)


RULES = (cut, deal, discard, turn_starter, play_or_go, claim, count, muggins)
"""The rule that moves each phase on, by phase number (the match over has none)."""
