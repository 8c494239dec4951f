"""How each hand of cribbage begins in the kernel, before anything is pegged: the cut for the first deal (C6;
those tied for lowest cut again), a fresh pack and empty hands with the deal passing to a new dealer
(:func:`new_hand`, which the pegboard's end of a game calls too), the deal one card at a time clockwise from
the dealer's left (C5; with three players one to the crib) and each seat laying away to the crib (C5). These
rules only move cards out of the pack into hands and the crib — none of them pegs —, which is why they sit
just above the position's layout (:mod:`.layout`) and below the pegboard (:mod:`.pegboard`), the play and the
show.
"""

from __future__ import annotations

from tabletop.core.compiling import kernel
from tabletop.games.cribbage.layout import (
    COUNT,
    CRIB,
    CRIB_N,
    CUTS,
    CUTS_N,
    CUTTERS,
    CUTTERS_N,
    DEAL,
    DEAL_SIZE,
    DEALER,
    DEALS_BY_CUT,
    DEALT,
    DISCARD,
    FULL,
    HANDS,
    HELD,
    KEPT,
    KEPT_N,
    LAID,
    LAID_N,
    LAST,
    MAX_HAND,
    MAX_LAID,
    MAX_SEATS,
    PACK,
    PACK_BIT,
    PACK_N,
    PACK_SLOT,
    PASSED,
    PENDING,
    PHASE,
    PILE_N,
    PLAYERS,
    SERIES_N,
    SHOW_STEP,
    STARTER,
    STARTER_CARD,
    TO_HANDS,
    TO_MOVE,
    TOLD_CRIB_DEALT,
    TOLD_CUT,
    TOLD_CUT_TIE,
    TOLD_DEALER,
    TOLD_DEALT,
    TOLD_DISCARDS,
    Position,
    tell,
)

# --- the pack and the hands ------------------------------------------------------------------------------


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


@kernel
def new_hand(p: Position, dealer: int) -> None:
    """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
    p[PHASE], p[DEALER], p[TO_MOVE] = DEAL, dealer, (dealer + 1) % p[PLAYERS]
    p[DEALT], p[STARTER_CARD], p[COUNT], p[LAST], p[PASSED], p[SHOW_STEP] = 0, -1, 0, -1, 0, 0
    full_pack(p)
    clear_hand(p)


# --- the rules -------------------------------------------------------------------------------------------


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
