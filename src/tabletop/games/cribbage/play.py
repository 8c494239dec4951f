"""The play in the cribbage kernel (C7–C12): the starter turned (two for his heels), then cards played in turn
onto each seat's pile, each pegging what it makes with the series (:func:`pegging_points`: fifteen and 31,
pairs, runs; C10, C11), go and the last card (C9, C12), the count reset at 31 or when nobody can go on, and with
muggins the points declared for each card (C17) — until every hand is empty and the show begins. What a card
pegs lives here as the kernel reckons it, on card indices or ranks, because :mod:`.scoring` itemises that same
count (:func:`.scoring.pegging_score`), so the two cannot disagree.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiling import kernel
from tabletop.games.cribbage.dealing import take_from_pack
from tabletop.games.cribbage.layout import (
    BY_SERIES,
    CARD_VALUE,
    CLAIM,
    COUNT,
    DEALER,
    FOR_GO,
    FOR_HEELS,
    FOR_LAST_CARD,
    FOR_PLAY,
    HANDS,
    HELD,
    JACK,
    LAST,
    MAX_HAND,
    NOT_ITEMISED,
    P_ACTUAL,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PASSED,
    PENDING,
    PHASE,
    PILE_N,
    PILES,
    PLAY,
    PLAYERS,
    SERIES,
    SERIES_N,
    SHOW,
    SHOW_STEP,
    STARTER_CARD,
    TO_MOVE,
    TOLD_CLAIMS,
    TOLD_GO,
    TOLD_PLAYS,
    TOLD_STARTER,
    WHAT_PEGGING,
    WITH_MUGGINS,
    Position,
    tell,
)
from tabletop.games.cribbage.pegboard import offer_muggins, peg


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


# --- what a card pegs (C10, C11) ---------------------------------------------------------------------------


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
