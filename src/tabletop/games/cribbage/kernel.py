"""The cribbage kernel: rules C2–C18 on one array of ints (:mod:`.layout`), the one engine every state, bot,
batch, adapter and benchmark runs — as machine code where the ``compiled`` extra (Numba) is installed, as this
same Python where it is not (:mod:`tabletop.core.compiling`). This module is its front: :func:`step` checks a
move of the position's phase (:func:`is_legal`) and makes it, in place, by the rule function of that phase —
the cut, the deal and laying away (:mod:`.dealing`), the starter and the play (:mod:`.play`), the show
(:mod:`.show`), muggins taken or passed (:func:`muggins`, here: it resumes the play or the show) — every point
going through the pegboard (:mod:`.pegboard`); and :func:`start` builds the show's tables and makes the
functions of every module of the kernel (:data:`MODULES`) machine code, before the first position
(:func:`new_position`). The rules are split by what happens at the table so that each module reads as one part
of the game; Numba compiles them as one, each calling the others' machine code, and
:mod:`tabletop.core.compiling` drops their cached machine code when any source of this package changes.
``benchmarks/cribbage_engine.py`` holds a transition (one copy of the array and one call, some 70 ns of machine
code) to OpenSpiel's C++ cribbage; the batched environment loops the same :func:`step` over the rows of a 2-D
array (:mod:`.batch`).
"""

from __future__ import annotations

import sys
from array import array
from typing import Any

from tabletop.core.compiling import compile_module, kernel
from tabletop.games.cribbage.dealing import cut, deal, full_pack, lay_away
from tabletop.games.cribbage.layout import (
    CARD_VALUE,
    CLAIM,
    COUNT,
    CUT,
    CUTTERS,
    CUTTERS_N,
    DEAL,
    DEAL_SIZE,
    DISCARD,
    ENDED,
    FOR_MUGGINS,
    GAMES,
    GO,
    HAND_SIZE,
    HANDS,
    HELD,
    LAST,
    LAY_AWAY,
    MAJORITY,
    MAX_HAND,
    MUGGINS,
    NOT_DECLARED,
    NOT_ITEMISED,
    P_ACTUAL,
    P_CLAIMANTS,
    P_CLAIMANTS_N,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PACK_BIT,
    PACK_SLOT,
    PENDING,
    PHASE,
    PLAY,
    PLAYERS,
    SHOW,
    SIDES,
    SIZE,
    SKUNK,
    STARTER,
    STARTER_CARD,
    TARGET,
    TO_HANDS,
    TO_MOVE,
    TOLD_MUGGINS,
    TOLD_N,
    TOLD_PASSES,
    WITH_MUGGINS,
    Position,
    tell,
)
from tabletop.games.cribbage.pegboard import peg
from tabletop.games.cribbage.play import after_play, claim, go, play, turn_starter
from tabletop.games.cribbage.show import count, next_count, tables

MODULES = ("layout", "dealing", "pegboard", "play", "show", "kernel")
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


# --- starting ----------------------------------------------------------------------------------------------


COMPILED = False
"""True once :func:`start` has made the marked functions machine code."""
_STARTED: list[bool] = []


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
