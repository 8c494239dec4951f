"""The cribbage kernel: rules C2–C18 on one array of ints, the one engine every state, bot, batch, adapter and
benchmark runs — as machine code where the ``compiled`` extra (Numba) is installed, as this same Python where
it is not (:mod:`tabletop.core.compiling`).

The position is laid out in :mod:`.layout`, slot by slot, with the phases, the moves and the kinds of told
entries. :func:`step` moves a position on, in place, by one move of its phase — a card cut, dealt, turned or
played, ``GO``, the cards laid away (:func:`.layout.lay_away_move`), the points declared, whether muggins is
taken, each with its phase as one int (:func:`.layout.move_code`) — after checking it (:func:`is_legal`), with one
rule function per phase, so each reads as what happens at the table. Points always go through :func:`peg`, which
moves the pegs (C2) and ends the game the moment a side reaches the target (C14).

What an action did is written down in the position's *told* slots as short entries (:func:`.layout.tell`) that
:mod:`.events` makes into events, itemised scores included, only when someone asks. :class:`.state.CribbageState`
is the game interface on top: actions and cards in, views and events out.

Everything the compiled functions read is defined in the modules of :data:`MODULES`, in this package's folder
(:mod:`tabletop.core.compiling` drops their cached machine code when a source there changes;
``tests/games/cribbage/test_kernel.py`` holds them to that); the show's rank tables are built by :func:`start`,
which also compiles those modules, before the first position.
"""

from __future__ import annotations

import sys
from array import array
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from tabletop.core.compiling import COMPILING, compile_module, kernel
from tabletop.games.cribbage.layout import (
    BY_SERIES,
    CARD_VALUE,
    CLAIM,
    COUNT,
    CRIB,
    CRIB_N,
    CUT,
    CUTS,
    CUTS_N,
    CUTTERS,
    CUTTERS_N,
    DEAL,
    DEAL_SIZE,
    DEALER,
    DEALS_AS_LOSER,
    DEALS_BY_CUT,
    DEALS_IN_TURN,
    DEALT,
    DISCARD,
    ENDED,
    FOR_CRIB,
    FOR_GO,
    FOR_HAND,
    FOR_HEELS,
    FOR_LAST_CARD,
    FOR_MUGGINS,
    FOR_PLAY,
    FULL,
    GAMES,
    GO,
    HAND_SIZE,
    HANDS,
    HELD,
    JACK,
    KEPT,
    KEPT_N,
    LAID,
    LAID_N,
    LAST,
    LAY_AWAY,
    MAJORITY,
    MATCH,
    MAX_HAND,
    MAX_LAID,
    MAX_SEATS,
    MUGGINS,
    NOT_DECLARED,
    NOT_ITEMISED,
    OVER,
    P_ACTUAL,
    P_CLAIMANTS,
    P_CLAIMANTS_N,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PACK,
    PACK_BIT,
    PACK_N,
    PACK_SLOT,
    PASSED,
    PENDING,
    PHASE,
    PILE_N,
    PILES,
    PLAY,
    PLAYERS,
    REARS,
    RESULT,
    RESULTS,
    RESULTS_N,
    SCORES,
    SERIES,
    SERIES_N,
    SHOW,
    SHOW_STEP,
    SIDES,
    SIZE,
    SKUNK,
    STARTER,
    STARTER_CARD,
    TARGET,
    TO_HANDS,
    TO_MOVE,
    TOLD_CLAIMS,
    TOLD_COUNTS,
    TOLD_CRIB_DEALT,
    TOLD_CUT,
    TOLD_CUT_TIE,
    TOLD_DEALER,
    TOLD_DEALT,
    TOLD_DISCARDS,
    TOLD_GO,
    TOLD_MATCH_OVER,
    TOLD_MUGGINS,
    TOLD_N,
    TOLD_PASSES,
    TOLD_PEGS,
    TOLD_PLAYS,
    TOLD_STARTER,
    TOLD_WINS_GAME,
    WHAT_CRIB,
    WHAT_HAND,
    WHAT_PEGGING,
    WITH_MUGGINS,
    Position,
    tell,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

MODULES = ("layout", "kernel")
"""The modules of the kernel, from the bottom up (each imports only those before it): :func:`start` makes the
functions of each machine code in its place."""


# --- a new position ------------------------------------------------------------------------------------


def new_position(players: int, target: int, muggins: bool, skunk: bool, games: int, majority: bool) -> Position:
    """The first position of a match: everyone cuts for the first deal (C6)."""
    p = as_position([0] * SIZE)
    hand_size = 6 if players == 2 else 5  # C5
    p[PLAYERS], p[SIDES], p[TARGET] = players, 2 if players == 4 else players, target
    p[WITH_MUGGINS], p[SKUNK], p[GAMES], p[MAJORITY] = int(muggins), int(skunk), games, int(majority)
    p[HAND_SIZE], p[LAY_AWAY] = hand_size, 2 if players == 2 else 1
    p[TO_HANDS] = players * hand_size
    p[DEAL_SIZE] = players * hand_size + (1 if players == 3 else 0)
    p[PHASE], p[STARTER_CARD], p[LAST] = CUT, -1, -1
    full_pack(p)
    p[CUTTERS_N] = players
    for seat in range(players):
        p[CUTTERS + seat] = seat
    return p


def as_position(slots: Any) -> Position:
    """A position holding ``slots`` (a position of either kind, or its slots as ints): an ``array('h')`` where
    the kernel is compiled, a list where it runs as Python (see :data:`.layout.Position`)."""
    return array("h", slots) if start() else list(slots)


# --- what is legal ---------------------------------------------------------------------------------------


@kernel
def holds(p: Position, seat: int, card: int) -> bool:
    """True when ``seat`` holds ``card``."""
    base = HANDS + MAX_HAND * seat
    for i in range(p[HELD + seat]):  # noqa: SIM110 (a loop, not a generator: Numba compiles it)
        if p[base + i] == card:
            return True
    return False


@kernel
def can_play(p: Position) -> bool:
    """True when the seat to move has a card that keeps the count to 31 (C8, C9)."""
    seat = p[TO_MOVE]
    base = HANDS + MAX_HAND * seat
    room = 31 - p[COUNT]
    for i in range(p[HELD + seat]):  # noqa: SIM110 (a loop, not a generator: Numba compiles it)
        if CARD_VALUE[p[base + i]] <= room:
            return True
    return False


@kernel
def is_legal(p: Position, phase: int, move: int) -> bool:
    """True when ``move`` of ``phase`` may be made in ``p``: a card from the pack, a card that keeps the count
    to 31 or go when none does, the cards laid away, points declared, muggins taken or passed."""
    if phase != p[PHASE]:
        return False
    if phase == PLAY:
        if move == GO:
            return not can_play(p)
        return 0 <= move < 52 and holds(p, p[TO_MOVE], move) and p[COUNT] + CARD_VALUE[move] <= 31
    if phase <= DEAL or phase == STARTER:
        return 0 <= move < 52 and p[PACK_SLOT[move]] & PACK_BIT[move] != 0
    if phase == DISCARD:  # one or two cards, in index order (actions.Discard keeps them so)
        if move < 0:
            return False
        first, second = move & 63, (move >> 6) - 1
        if (1 if second < 0 else 2) != p[LAY_AWAY] or first >= 52 or not holds(p, p[TO_MOVE], first):
            return False
        return second < 0 or (first < second < 52 and holds(p, p[TO_MOVE], second))
    if phase == SHOW:  # with muggins the player declares 0–29 (C17, C20); without, the count is made
        return 0 <= move <= 29 if p[WITH_MUGGINS] else move == NOT_DECLARED
    if phase == CLAIM:
        return 0 <= move <= 31
    if phase == MUGGINS:
        return move == 0 or move == 1  # pass, take
    return False


# --- moving on -----------------------------------------------------------------------------------------


@kernel
def step(p: Position, code: int) -> int:
    """Move ``p`` on, in place, by the move of :func:`.layout.move_code` ``code``; its new phase, or −1 (and ``p`` as it
    was, but for what the last action did) when the move is not legal. The caller copies the position it keeps."""
    phase, move = code & 15, (code >> 4) - 4
    p[TOLD_N], p[ENDED] = 0, 0
    if not is_legal(p, phase, move):
        return -1
    if phase == DEAL:
        deal(p, move)
    elif phase == PLAY:
        if move == GO:
            go(p)
        else:
            play(p, move)
    elif phase == SHOW:
        count(p, move)
    elif phase == DISCARD:
        lay_away(p, move)
    elif phase == STARTER:
        turn_starter(p, move)
    elif phase == CUT:
        cut(p, move)
    elif phase == CLAIM:
        claim(p, move)
    else:
        muggins(p, move == 1)
    return p[PHASE]


# --- keeping the books -----------------------------------------------------------------------------------


@kernel
def side_of(p: Position, seat: int) -> int:
    """The side ``seat`` plays for: partners sit opposite with four players (C15)."""
    return seat % 2 if p[PLAYERS] == 4 else seat


@kernel
def peg(p: Position, seat: int, points: int, why: int, itemise: int) -> bool:
    """Peg ``points`` for the side of ``seat`` (C2); True if that ends the game (C14). ``itemise`` says how
    :mod:`.events` can list the combinations later: ``NOT_ITEMISED``, ``BY_SERIES`` (a card played), or the
    slot of the four cards of a hand or crib counted with the starter.

    A hand or crib worth nothing (or a muggins count of 0) is still announced ("nineteen"), but no peg moves:
    on the board the rear peg keeps the previous score (C2).
    """
    if p[ENDED] or (points <= 0 and why != FOR_HAND and why != FOR_CRIB):
        return p[ENDED] == 1
    side = side_of(p, seat)
    score = p[SCORES + side]
    points = max(0, min(points, p[TARGET] - score))  # the last hole is the target (C3)
    if points:
        p[REARS + side] = score
        score += points
        p[SCORES + side] = score
    if itemise == BY_SERIES:
        length = p[SERIES_N]
        at = tell(p, TOLD_PEGS, 6 + length)
        for i in range(length):
            p[at + 6 + i] = p[SERIES + i]
    elif itemise != NOT_ITEMISED:
        length = 6
        at = tell(p, TOLD_PEGS, 12)
        for i in range(4):
            p[at + 6 + i] = p[itemise + i]
        p[at + 10], p[at + 11] = p[STARTER_CARD], 1 if why == FOR_CRIB else 0
    else:
        length = 0
        at = tell(p, TOLD_PEGS, 6)
    p[at], p[at + 1], p[at + 2], p[at + 3], p[at + 4], p[at + 5] = seat, side, points, why, score, length
    if score >= p[TARGET]:
        end_game(p, side)
        return True
    return False


@kernel
def take_from_pack(p: Position, card: int) -> None:
    """``card`` leaves the pack (C5–C7)."""
    p[PACK_SLOT[card]] ^= PACK_BIT[card]
    p[PACK_N] -= 1


@kernel
def full_pack(p: Position) -> None:
    """All 52 cards in the pack (C5, C6)."""
    p[PACK], p[PACK + 1], p[PACK + 2], p[PACK + 3], p[PACK_N] = FULL, FULL, FULL, FULL, 52


@kernel
def clear_hand(p: Position) -> None:
    """No cards in any hand, pile, crib or series; nothing counted, nothing pending (what the emptied slots still
    hold is past their lengths: no one reads it)."""
    for seat in range(MAX_SEATS):
        p[HELD + seat], p[KEPT_N + seat], p[LAID_N + seat], p[PILE_N + seat] = 0, 0, 0, 0
    p[CRIB_N], p[SERIES_N], p[PENDING] = 0, 0, 0


# --- the rules ---------------------------------------------------------------------------------------------


@kernel
def cut(p: Position, card: int) -> None:
    """C6: each seat cuts; the lowest card deals; those tied for lowest cut again."""
    cuts = p[CUTS_N]
    at = tell(p, TOLD_CUT, 2)
    p[at], p[at + 1] = p[CUTTERS + cuts], card
    p[CUTS + cuts] = card
    cuts = p[CUTS_N] = cuts + 1
    take_from_pack(p, card)
    cutters = p[CUTTERS_N]
    if cuts < cutters:
        return
    low = 13
    for i in range(cuts):
        low = min(low, p[CUTS + i] >> 2)
    lowest = 0
    for i in range(cuts):  # the seats tied for lowest, kept in the cutters' slots (the ones already read)
        if p[CUTS + i] >> 2 == low:
            p[CUTTERS + lowest] = p[CUTTERS + i]
            lowest += 1
    p[CUTS_N] = 0
    if lowest > 1:
        at = tell(p, TOLD_CUT_TIE, 1 + lowest)
        p[at] = low + 1
        for i in range(lowest):
            p[at + 1 + i] = p[CUTTERS + i]
        p[CUTTERS_N] = lowest
        full_pack(p)
        return
    dealer = p[CUTTERS]
    p[CUTTERS_N] = 0
    at = tell(p, TOLD_DEALER, 2)
    p[at], p[at + 1] = dealer, DEALS_BY_CUT
    new_hand(p, dealer)


@kernel
def new_hand(p: Position, dealer: int) -> None:
    """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
    p[PHASE], p[DEALER], p[TO_MOVE] = DEAL, dealer, (dealer + 1) % p[PLAYERS]
    p[DEALT], p[STARTER_CARD], p[COUNT], p[LAST], p[PASSED], p[SHOW_STEP] = 0, -1, 0, -1, 0, 0
    full_pack(p)
    clear_hand(p)


@kernel
def deal(p: Position, card: int) -> None:
    """C5: one card at a time clockwise from the dealer's left; with three, one to the crib."""
    dealt = p[DEALT]
    if dealt < p[TO_HANDS]:
        seat = (p[DEALER] + 1 + dealt) % p[PLAYERS]
        at = tell(p, TOLD_DEALT, 2)
        p[at], p[at + 1] = seat, card
        held = p[HELD + seat]
        p[HANDS + MAX_HAND * seat + held] = card
        p[HELD + seat] = held + 1
    else:
        tell(p, TOLD_CRIB_DEALT, 0)
        p[CRIB + p[CRIB_N]] = card
        p[CRIB_N] += 1
    p[PACK_SLOT[card]] ^= PACK_BIT[card]  # take_from_pack, inline (twelve times a hand)
    p[PACK_N] -= 1
    dealt = p[DEALT] = dealt + 1
    if dealt == p[DEAL_SIZE]:
        p[PHASE], p[TO_MOVE] = DISCARD, (p[DEALER] + 1) % p[PLAYERS]


@kernel
def lay_away(p: Position, move: int) -> None:
    """C5: each player lays away to the dealer's crib, starting left of the dealer."""
    seat = p[TO_MOVE]
    first, second = move & 63, (move >> 6) - 1
    laid = 1 if second < 0 else 2
    at = tell(p, TOLD_DISCARDS, 1 + laid)
    p[at], p[at + 1] = seat, first
    p[LAID + MAX_LAID * seat] = first
    if laid == 2:
        p[at + 2] = second
        p[LAID + MAX_LAID * seat + 1] = second
    p[LAID_N + seat] = laid
    base, kept = HANDS + MAX_HAND * seat, 0
    for i in range(p[HELD + seat]):
        card = p[base + i]
        if card != first and card != second:
            p[base + kept] = card
            p[KEPT + 4 * seat + kept] = card
            kept += 1
    p[HELD + seat], p[KEPT_N + seat] = kept, kept
    crib = p[CRIB_N]
    p[CRIB + crib] = first
    if laid == 2:
        p[CRIB + crib + 1] = second
    p[CRIB_N] = crib + laid
    p[TO_MOVE] = (seat + 1) % p[PLAYERS]
    if seat == p[DEALER]:
        p[PHASE] = STARTER


@kernel
def turn_starter(p: Position, card: int) -> None:
    """C7: the starter is turned; a jack gives the dealer two "for his heels"; then the play (C8)."""
    at = tell(p, TOLD_STARTER, 1)
    p[at] = card
    p[STARTER_CARD] = card
    take_from_pack(p, card)
    p[PHASE], p[TO_MOVE] = PLAY, (p[DEALER] + 1) % p[PLAYERS]
    if card >> 2 == JACK:
        peg(p, p[DEALER], 2, FOR_HEELS, NOT_ITEMISED)


@kernel
def play(p: Position, card: int) -> None:
    """C8, C10, C11: play a card onto your pile; the count rises; combinations peg."""
    seat = p[TO_MOVE]
    base, held = HANDS + MAX_HAND * seat, p[HELD + seat]
    at = 0
    while p[base + at] != card:
        at += 1
    for i in range(at, held - 1):  # the cards after it move up one place: the hand keeps the order dealt
        p[base + i] = p[base + i + 1]
    p[HELD + seat] = held - 1
    pile = p[PILE_N + seat]
    p[PILES + 4 * seat + pile] = card
    p[PILE_N + seat] = pile + 1
    series = p[SERIES_N]
    p[SERIES + series] = card
    series = p[SERIES_N] = series + 1
    total = p[COUNT] = p[COUNT] + CARD_VALUE[card]
    at = tell(p, TOLD_PLAYS, 3)
    p[at], p[at + 1], p[at + 2] = seat, card, total
    p[LAST] = seat
    points = pegging_points(p, SERIES, series, total, 2) if series > 1 else 0
    if p[WITH_MUGGINS]:
        p[PHASE] = CLAIM
        p[PENDING], p[P_SEAT], p[P_ACTUAL], p[P_DECLARED], p[P_RESUME], p[P_WHAT] = 1, seat, points, -1, PLAY, 0
        return
    if points and peg(p, seat, points, FOR_PLAY, BY_SERIES):
        return
    after_play(p, seat)


@kernel
def after_play(p: Position, seat: int) -> None:
    """C9, C10, C12: 31 resets the count; when no one can go on, the last card pegs one."""
    if p[COUNT] == 31:
        reset(p, seat)
    else:
        pass_turn(p, seat, True)


@kernel
def go(p: Position) -> None:
    """C9: "go": play continues with whoever can; when nobody can, the last to play pegs one."""
    seat = p[TO_MOVE]
    at = tell(p, TOLD_GO, 1)
    p[at] = seat
    p[PASSED] |= 1 << seat
    pass_turn(p, seat, False)


@kernel
def pass_turn(p: Position, seat: int, include_self: bool) -> None:
    """The turn goes to the next seat clockwise that still holds cards and has not said go, or the go is pegged."""
    n = p[PLAYERS]
    for k in range(1, n + 1 if include_self else n):
        s = (seat + k) % n
        if p[HELD + s] and not (p[PASSED] >> s) & 1:
            p[TO_MOVE] = s
            return
    go_point(p)


@kernel
def go_point(p: Position) -> None:
    """C9, C12: one for the go, or for the last card of the whole play; then the count resets."""
    last = p[LAST]
    held = 0
    for seat in range(p[PLAYERS]):
        held += p[HELD + seat]
    if peg(p, last, 1, FOR_GO if held else FOR_LAST_CARD, NOT_ITEMISED):
        return
    reset(p, last)


@kernel
def reset(p: Position, last: int) -> None:
    """C9: the count goes back to 0 and the player left of the last card leads; or the show begins."""
    p[COUNT], p[SERIES_N], p[PASSED] = 0, 0, 0
    n = p[PLAYERS]
    for k in range(1, n + 1):
        s = (last + k) % n
        if p[HELD + s]:
            p[TO_MOVE] = s
            return
    p[PHASE], p[SHOW_STEP], p[TO_MOVE] = SHOW, 0, (p[DEALER] + 1) % n


@kernel
def claim(p: Position, declared: int) -> None:
    """C17: the player declares the points of the card just played; misses may be taken."""
    seat, actual = p[P_SEAT], p[P_ACTUAL]
    at = tell(p, TOLD_CLAIMS, 2)
    p[at], p[at + 1] = seat, declared
    p[PENDING] = 0
    p[PHASE] = PLAY
    if peg(p, seat, min(declared, actual), FOR_PLAY, NOT_ITEMISED):
        return
    if declared < actual:
        offer_muggins(p, seat, actual, declared, PLAY, WHAT_PEGGING)
        return
    after_play(p, seat)


@kernel
def count(p: Position, declared: int) -> None:
    """C13: hands are counted from the dealer's left, the dealer last, then the crib (C14 applies)."""
    n, dealer, starter = p[PLAYERS], p[DEALER], p[STARTER_CARD]
    if p[SHOW_STEP] < n:
        seat = (dealer + 1 + p[SHOW_STEP]) % n
        what, why, crib, cards = WHAT_HAND, FOR_HAND, 0, KEPT + 4 * seat
    else:
        seat, what, why, crib, cards = dealer, WHAT_CRIB, FOR_CRIB, 1, CRIB
    total = show_points(p[cards], p[cards + 1], p[cards + 2], p[cards + 3], starter, crib)
    at = tell(p, TOLD_COUNTS, 8)
    p[at], p[at + 1], p[at + 2], p[at + 3] = seat, what, declared, starter
    for i in range(4):
        p[at + 4 + i] = p[cards + i]
    if declared == NOT_DECLARED:  # the count is made for the player: itemised (C17 hides a declared one's)
        if peg(p, seat, total, why, cards):
            return
    else:
        if peg(p, seat, min(declared, total), why, NOT_ITEMISED):
            return
        if declared < total:
            offer_muggins(p, seat, total, declared, SHOW, what)
            return
    next_count(p)


@kernel
def next_count(p: Position) -> None:
    """Move the show on: the next hand, the crib, or the next deal (the deal passes left, C6)."""
    n, dealer = p[PLAYERS], p[DEALER]
    if p[SHOW_STEP] < n:
        step_ = p[SHOW_STEP] = p[SHOW_STEP] + 1
        p[TO_MOVE] = (dealer + 1 + step_) % n if step_ < n else dealer
    else:
        at = tell(p, TOLD_DEALER, 2)
        p[at], p[at + 1] = (dealer + 1) % n, DEALS_IN_TURN
        new_hand(p, (dealer + 1) % n)


@kernel
def offer_muggins(p: Position, seat: int, actual: int, declared: int, resume: int, what: int) -> None:
    """C17: opponents, clockwise, may take the points missed."""
    n = p[PLAYERS]
    side = side_of(p, seat)
    p[PENDING], p[P_SEAT], p[P_ACTUAL], p[P_DECLARED], p[P_RESUME], p[P_WHAT] = 1, seat, actual, declared, resume, what
    claimants = 0
    first = -1
    for k in range(1, n):
        s = (seat + k) % n
        if side_of(p, s) != side:
            if first < 0:
                first = s
            else:
                p[P_CLAIMANTS + claimants] = s
                claimants += 1
    p[P_CLAIMANTS_N] = claimants
    p[PHASE], p[TO_MOVE] = MUGGINS, first


@kernel
def muggins(p: Position, take: bool) -> None:
    """C17: take the missed points ("muggins!") or pass; then play resumes."""
    seat, resume = p[P_SEAT], p[P_RESUME]
    if take:
        at = tell(p, TOLD_MUGGINS, 3)
        p[at], p[at + 1], p[at + 2] = p[TO_MOVE], seat, p[P_WHAT]
        if peg(p, p[TO_MOVE], p[P_ACTUAL] - p[P_DECLARED], FOR_MUGGINS, NOT_ITEMISED):
            return
    else:
        at = tell(p, TOLD_PASSES, 1)
        p[at] = p[TO_MOVE]
        left = p[P_CLAIMANTS_N]
        if left:
            p[TO_MOVE] = p[P_CLAIMANTS]
            for i in range(left - 1):
                p[P_CLAIMANTS + i] = p[P_CLAIMANTS + i + 1]
            p[P_CLAIMANTS_N] = left - 1
            return
    p[PENDING] = 0
    if resume == PLAY:
        p[PHASE] = PLAY
        after_play(p, seat)
    else:
        p[PHASE] = SHOW
        next_count(p)


@kernel
def end_game(p: Position, winner: int) -> None:
    """C14, C16, C18: the game is won; score it in the match; deal the next game or end the match."""
    sides, target, games = p[SIDES], p[TARGET], p[GAMES]
    value = 1
    if p[SKUNK]:
        best_loser = 0
        for side in range(sides):
            if side != winner:
                best_loser = max(best_loser, p[SCORES + side])
        if target >= 91 and best_loser < target - 60:
            value = 3
        elif best_loser < target - 30:
            value = 2
    played = p[RESULTS_N]
    result = RESULTS + RESULT * played
    p[result], p[result + 1] = winner, value
    for side in range(sides):
        p[result + 2 + side] = p[SCORES + side]
    played = p[RESULTS_N] = played + 1
    p[MATCH + winner] += value
    p[ENDED] = 1
    p[PENDING] = 0
    at = tell(p, TOLD_WINS_GAME, 4 + 2 * sides)
    p[at], p[at + 1], p[at + 2], p[at + 3] = winner, value, played, games
    best = 0
    for side in range(sides):
        p[at + 4 + side], p[at + 4 + sides + side] = p[SCORES + side], p[MATCH + side]
        best = max(best, p[MATCH + side])
    if played >= games or (p[MAJORITY] and best * 2 > games):
        p[PHASE] = OVER
        if games > 1:  # a match of one game ends with its game: the result says it
            at = tell(p, TOLD_MATCH_OVER, 1 + sides)
            p[at] = match_leaders(p)
            for side in range(sides):
                p[at + 1 + side] = p[MATCH + side]
        return
    # C6: the loser of the game deals first in the next; among several, the lowest score
    lowest = target
    for side in range(sides):
        lowest = min(lowest, p[SCORES + side])
    n, dealer = p[PLAYERS], p[DEALER]
    for k in range(1, n + 1):
        if p[SCORES + side_of(p, (dealer + k) % n)] == lowest:
            dealer = (dealer + k) % n
            break
    for side in range(sides):
        p[SCORES + side], p[REARS + side] = 0, 0
    at = tell(p, TOLD_DEALER, 2)
    p[at], p[at + 1] = dealer, DEALS_AS_LOSER
    new_hand(p, dealer)


@kernel
def match_leaders(p: Position) -> int:
    """The sides with the most match points, as a bit mask; among several, those with most games won (C16)."""
    sides = p[SIDES]
    best = 0
    for side in range(sides):
        best = max(best, p[MATCH + side])
    top, most = 0, -1
    for side in range(sides):
        if p[MATCH + side] == best:
            won = 0
            for game in range(p[RESULTS_N]):
                won += p[RESULTS + RESULT * game] == side
            if won > most:
                top, most = 0, won
            if won == most:
                top |= 1 << side
    return top


@kernel
def outcome(p: Position, out: Any) -> None:
    """Each seat's utility in ``out`` once the match is over (C16): the leading sides' seats +1 (shared among tied
    sides), the others −1 (shared); left at 0 while it is played or when every side is level."""
    if p[PHASE] != OVER:
        return
    top = match_leaders(p)
    sides = p[SIDES]
    leading = 0
    for side in range(sides):
        leading += (top >> side) & 1
    if leading == sides:
        return
    for seat in range(p[PLAYERS]):
        if (top >> side_of(p, seat)) & 1:
            out[seat] = 1 / leading
        else:
            out[seat] = -1 / (sides - leading)


# --- points: the play (C10, C11) and the show (C13) --------------------------------------------------------


@kernel
def pegging_points(cards: Any, start: int, length: int, count: int, shift: int) -> int:
    """What the last card of a series pegs (C10, C11): 15 or 31 for two, pairs 2/6/12, the longest run of the
    last cards in any order. The series is ``cards[start:start + length]``, ranks as ``card >> shift`` (card
    indices with 2, ranks with 0); ``count`` is the count after its last card. Go and last card are not
    included: they depend on the other players.
    """
    points = 2 if count == 15 or count == 31 else 0
    last = cards[start + length - 1] >> shift
    if length >= 2 and cards[start + length - 2] >> shift == last:  # a pair ends every run: they exclude each other
        if length >= 3 and cards[start + length - 3] >> shift == last:
            return points + (12 if length >= 4 and cards[start + length - 4] >> shift == last else 6)
        return points + 2
    low = high = last
    seen = 1 << last
    best = 0
    for i in range(length - 2, -1, -1):  # grow the window backwards; a repeated rank ends every longer run
        rank = cards[start + i] >> shift
        if (seen >> rank) & 1:
            break
        seen |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low == length - 1 - i and length - i >= 3:
            best = length - i
    return points + best


@kernel
def show_points(a: int, b: int, c: int, d: int, starter: int, crib: int) -> int:
    """The show (C13) of four card indices and the starter's (−1: none): fifteens, pairs and runs by look-up
    in the rank tables (:func:`pattern_table`, built by :func:`tables`), then flush and nobs
    (:func:`suit_points`). The cards must differ."""
    if starter < 0:
        return int(PATTERNS4[((a >> 2) * 13 + (b >> 2)) * 169 + (c >> 2) * 13 + (d >> 2)]) + suit_points(
            a, b, c, d, -1, crib)
    ranks = ((((a >> 2) * 13 + (b >> 2)) * 13 + (c >> 2)) * 13 + (d >> 2)) * 13 + (starter >> 2)
    return int(PATTERNS5[ranks]) + suit_points(a, b, c, d, starter & 3, crib)


@kernel
def suit_points(a: int, b: int, c: int, d: int, turned: int, crib: int) -> int:
    """Flush and nobs (C13) of four card indices, given only the starter's suit (−1: no starter), which is all
    they depend on: four of a suit 4 (not in the crib), five with the starter 5, the jack of the starter's
    suit 1."""
    suit = a & 3
    points = 0
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if turned == suit:
            points = 5
        elif not crib:
            points = 4
    if turned >= 0:
        nobs = JACK * 4 + turned
        if a == nobs or b == nobs or c == nobs or d == nobs:
            points += 1
    return points


def _pattern_points(ranks: NDArray[np.int64]) -> NDArray[np.int64]:
    """Fifteens, pairs and runs (C13) for each row of ranks 0–12 (an N × k array): the count form of
    :func:`.scoring.fifteens`, :func:`.scoring.pairs` and :func:`.scoring.runs`, checked against them for every
    pattern (``tests/games/cribbage/test_analysis.py``)."""
    import numpy as np

    rows, size = ranks.shape
    values = np.minimum(ranks + 1, 10)
    points = np.zeros(rows, dtype=np.int64)
    for length in range(2, size + 1):
        for subset in combinations(range(size), length):
            points += 2 * (values[:, list(subset)].sum(axis=1) == 15)
    for a, b in combinations(range(size), 2):
        points += 2 * (ranks[:, a] == ranks[:, b])
    counts = np.zeros((rows, 15), dtype=np.int64)  # column r + 1 counts rank r; columns 0 and 14 stay 0
    for column in range(size):
        counts[np.arange(rows), ranks[:, column] + 1] += 1
    for length in range(3, size + 1):  # a run is a maximal stretch of consecutive ranks, scored length × ways
        for start in range(1, 15 - length):
            window = counts[:, start:start + length]
            maximal = (window > 0).all(axis=1) & (counts[:, start - 1] == 0) & (counts[:, start + length] == 0)
            points += maximal * length * window.prod(axis=1)
    return points


@cache
def pattern_table(size: int) -> NDArray[np.uint8]:
    """Fifteens + pairs + runs for every ordered tuple of ``size`` (4 or 5) ranks 0–12: shape (13,) * size.

    Computed once, with numpy, for the 6,175 multisets of five ranks (1,820 of four) and spread over all
    13**5 orders, so that no caller sorts.
    """
    if size not in (4, 5):
        raise ValueError(f"pattern tables exist for 4 or 5 cards, not {size}")
    import numpy as np

    places = 13 ** np.arange(size - 1, -1, -1)
    multisets = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    by_code = np.zeros(13**size, dtype=np.uint8)  # points of each multiset, at the code of its sorted ranks
    by_code[multisets @ places] = _pattern_points(multisets)
    ordered = np.sort(np.indices((13,) * size).reshape(size, -1).T, axis=1)
    table: NDArray[np.uint8] = by_code[ordered @ places].reshape((13,) * size)
    table.flags.writeable = False  # shared by every caller
    return table


PATTERNS4: Any = None
PATTERNS5: Any = None
""":func:`pattern_table` of 4 and 5 ranks, flattened (set by :func:`tables`: built on first use)."""

COMPILED = False
"""True once :func:`start` has made the marked functions machine code."""
_STARTED: list[bool] = []


def tables() -> None:
    """Build the show's rank tables, once, before the first count: arrays where the kernel is compiled (Numba
    reads them as constants of its machine code), bytes where it runs as Python (cheaper to index there)."""
    global PATTERNS4, PATTERNS5
    if PATTERNS5 is None:
        four, five = pattern_table(4).reshape(-1), pattern_table(5).reshape(-1)
        PATTERNS4, PATTERNS5 = (four, five) if COMPILING else (four.tobytes(), five.tobytes())


def start() -> bool:
    """Build the show's tables and compile the kernel, every module of :data:`MODULES` in its place, once, before
    its first position; True when compiled."""
    global COMPILED
    if not _STARTED:
        tables()
        package = __name__.rpartition(".")[0]
        for name in MODULES:
            COMPILED = compile_module(sys.modules[f"{package}.{name}"])
        _STARTED.append(True)
    return COMPILED
