"""The pegboard in the cribbage kernel, where every point ends up: :func:`peg` moves a side's pegs (C2), stops
at the target (C3), writes the points down with what itemises them and ends the game the moment a side reaches
the target (C14), when :func:`end_game` scores the game in the match (skunks C18, C16) and has its loser deal
the next (C6) or ends the match; points declared short are offered to the opponents (:func:`offer_muggins`,
C17); and the match's result is read off the board (:func:`match_leaders`, :func:`outcome`). One module,
because the play and the show (:mod:`.play`, :mod:`.show`) both end in it, and it sits below them for that.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiling import kernel
from tabletop.games.cribbage.dealing import new_hand
from tabletop.games.cribbage.layout import (
    BY_SERIES,
    DEALER,
    DEALS_AS_LOSER,
    ENDED,
    FOR_CRIB,
    FOR_HAND,
    GAMES,
    MAJORITY,
    MATCH,
    MUGGINS,
    NOT_ITEMISED,
    OVER,
    P_ACTUAL,
    P_CLAIMANTS,
    P_CLAIMANTS_N,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PENDING,
    PHASE,
    PLAYERS,
    REARS,
    RESULT,
    RESULTS,
    RESULTS_N,
    SCORES,
    SERIES,
    SERIES_N,
    SIDES,
    SKUNK,
    STARTER_CARD,
    TARGET,
    TO_MOVE,
    TOLD_DEALER,
    TOLD_MATCH_OVER,
    TOLD_PEGS,
    TOLD_WINS_GAME,
    Position,
    tell,
)


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


# --- games and the match ---------------------------------------------------------------------------------


@kernel
def skunk_value(target: int, best_loser: int) -> int:
    """C18: what a game won counts when the best losing score is ``best_loser``: 3 for a double skunk (under
    the target less 60, in a game of 91 or more), 2 for a skunk (under the target less 30), else 1.

    >>> skunk_value(121, 90), skunk_value(121, 60), skunk_value(121, 91)
    (2, 3, 1)
    """
    if target >= 91 and best_loser < target - 60:
        return 3
    if best_loser < target - 30:
        return 2
    return 1


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
        value = skunk_value(target, best_loser)
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
