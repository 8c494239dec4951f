"""The cribbage kernel's position as one array of ints, slot by slot, and the numbers every part of the kernel
shares: so that the rules (:mod:`.kernel` and the modules it lists), the readers of a position
(:mod:`.positions`, :mod:`.encoding`) and the batch all name a slot, a phase or a move the same way. A position is
:data:`SIZE` int slots (:data:`Position`): the game's options, then the hand being played — the pack as four
13-bit slots and a count, each seat's hand as card indices in the order dealt (a card is its index 0–51,
rank-major: rank ``card >> 2``, suit ``card & 3``), what each seat keeps and laid away, the crib, the series and
the piles (C8) —, the scores and rear pegs (C2), the cut for the deal (C6), a muggins claim under way (C17) and
the games of the match (C16, C18); then, outside the position proper (:data:`KEY`), what the last action did,
as *told* entries — a kind (``TOLD_*``), a length, then ints — opened by :func:`tell`, which :mod:`.events`
makes into events only when someone asks. A part that holds a few cards is a length and slots: past the length,
nothing is read. A phase is its place in :class:`.phases.Phase`, and a move of a phase is one int
(:func:`move_code`; the cards laid away, :func:`lay_away_move`). One array of ints, because every random
playout, rollout, search iteration and learning step steps one: a transition is one copy of it (a ``memcpy``
of 510 bytes) and one call.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeAlias

from tabletop.core.compiling import kernel

Position: TypeAlias = "MutableSequence[int]"
"""A position: :data:`SIZE` int slots, an ``array('h')`` where the kernel is compiled (Numba reads its buffer;
510 bytes, copied where Python keeps small objects; in a batch, a row of a 2-D int64 array) and a list where it
runs as Python (whose items Python reads and writes three times sooner, for a copy that costs more)."""

# --- the phases (the order of .phases.Phase) ------------------------------------------------------------

CUT, DEAL, DISCARD, STARTER, PLAY, CLAIM, SHOW, MUGGINS, OVER = range(9)
IS_CHANCE = (True, True, False, True, False, False, False, False, False)
"""By phase: whether chance acts (a card is cut, dealt or turned)."""

# --- the moves -----------------------------------------------------------------------------------------

GO = -1
"""The play phase's move that is no card: "go" (C9)."""
NOT_DECLARED = -1
"""The show's move without muggins: the count is made for the player (C13)."""
NO_MOVE = -2
"""A move no phase accepts (what an action of the wrong shape stands for)."""

# --- cards ---------------------------------------------------------------------------------------------

JACK = 10
"""The jack's rank, ace 0 … king 12 (heels C7, nobs C13)."""
CARD_VALUE = tuple(min((card >> 2) + 1, 10) for card in range(52))
"""C4: a card's counting value by index (ace 1, two to ten face value, court cards 10)."""
FULL = 8191
"""Thirteen cards of the pack, as bits: a full quarter of it (see ``PACK``)."""

# --- the position, slot by slot ------------------------------------------------------------------------

MAX_SEATS, MAX_SIDES, MAX_HAND, MAX_LAID, MAX_SERIES, MAX_GAMES = 4, 3, 6, 2, 13, 9
"""The largest table (C5, C15), hand (C5), discard, series (13 low cards make 31) and match (C16)."""

# the game's options (C3, C5, C16–C18), the same in every position of a game
PLAYERS, SIDES, TARGET, WITH_MUGGINS, SKUNK, GAMES, MAJORITY, HAND_SIZE, LAY_AWAY, TO_HANDS, DEAL_SIZE = range(11)
# the hand being played
PHASE, DEALER, TO_MOVE, PACK_N, DEALT, STARTER_CARD, COUNT, LAST, PASSED, SHOW_STEP = range(11, 21)
"""PACK_N: cards not dealt; STARTER_CARD: −1 before it is turned; LAST: who played the last card of the series
(−1: nobody); PASSED: a bit for each seat that said go in this series; SHOW_STEP: 0 … players − 1 the hands in
counting order, players the crib."""
PACK = 21
"""4 slots: the cards not dealt, thirteen to a slot as bits (card ``c`` is bit ``c % 13`` of slot ``c // 13``)."""
PACK_SLOT = tuple(PACK + card // 13 for card in range(52))
PACK_BIT = tuple(1 << card % 13 for card in range(52))
"""Where each card's bit is in the pack's slots."""
HELD = PACK + 4  #: per seat: cards in hand
HANDS = HELD + MAX_SEATS  #: per seat, MAX_HAND slots: the hand, in the order dealt
KEPT_N = HANDS + MAX_SEATS * MAX_HAND  #: per seat: cards kept for the show (0 before laying away)
KEPT = KEPT_N + MAX_SEATS  #: per seat, 4 slots
LAID_N = KEPT + MAX_SEATS * 4  #: per seat: cards laid away to the crib (C5)
LAID = LAID_N + MAX_SEATS  #: per seat, MAX_LAID slots
CRIB_N = LAID + MAX_SEATS * MAX_LAID
CRIB = CRIB_N + 1  #: 4 slots, in the order they came
SERIES_N = CRIB + 4
SERIES = SERIES_N + 1  #: MAX_SERIES slots: the cards played since the count was last reset
PILE_N = SERIES + MAX_SERIES  #: per seat: cards played face up this hand (C8)
PILES = PILE_N + MAX_SEATS  #: per seat, 4 slots
SCORES = PILES + MAX_SEATS * 4  #: per side: the front peg (C2)
REARS = SCORES + MAX_SIDES  #: per side: the rear peg, the score before the last points (C2)
MATCH = REARS + MAX_SIDES  #: per side: match points (C16, C18)
CUTTERS_N = MATCH + MAX_SIDES
CUTTERS = CUTTERS_N + 1  #: the seats cutting for the deal this round (C6)
CUTS_N = CUTTERS + MAX_SEATS
CUTS = CUTS_N + 1  #: their cuts so far, in order
PENDING = CUTS + MAX_SEATS  #: 1 while a muggins claim is under way (C17)
P_SEAT, P_ACTUAL, P_DECLARED, P_RESUME, P_WHAT, P_CLAIMANTS_N = range(PENDING + 1, PENDING + 7)
"""Whose points, what they were really worth, what was declared (−1: not yet), the phase play resumes in,
what was counted (``WHAT_*``), and the opponents still to be asked."""
P_CLAIMANTS = P_CLAIMANTS_N + 1  #: MAX_SEATS − 1 slots
RESULTS_N = P_CLAIMANTS + MAX_SEATS - 1
RESULTS = RESULTS_N + 1  #: per finished game, RESULT slots: the winner, the value, each side's score
RESULT = 2 + MAX_SIDES
KEY = RESULTS + MAX_GAMES * RESULT
"""The slots before this one are the position; of a hand, a pile, the series… only the first (its length) count:
the kernel does not clear what follows (:func:`.positions.key` reads a position as equal positions read alike)."""
ENDED = KEY  #: 1 when the last action won a game (C14): nothing more is pegged in it
TOLD_N = KEY + 1  #: slots of TOLD written by the last action
TOLD = KEY + 2
MAX_TOLD = 54
"""What one action can tell, at most: a card played that pegs a series of 13, then the go, the game and the match
(5 + 21 + 8 + 12 + 6 = 52 slots), and two to spare."""
SIZE = TOLD + MAX_TOLD

# what a muggins claim is about, what points are for, why a seat deals
WHAT_PEGGING, WHAT_HAND, WHAT_CRIB = range(3)
FOR_PLAY, FOR_GO, FOR_LAST_CARD, FOR_HEELS, FOR_HAND, FOR_CRIB, FOR_MUGGINS = range(7)
DEALS_BY_CUT, DEALS_AS_LOSER, DEALS_IN_TURN = range(3)
NOT_ITEMISED, BY_SERIES = -1, 0
"""How :func:`.pegboard.peg` itemises points besides by a hand's slot: not at all, by the series."""

# the kinds of told entries, each followed by its length and its values
TOLD_CUT = 1  #: seat, card
TOLD_CUT_TIE = 2  #: rank (1–13), then the seats that cut again
TOLD_DEALER = 3  #: seat, why (DEALS_*)
TOLD_DEALT = 4  #: seat, card
TOLD_CRIB_DEALT = 5  #: —
TOLD_DISCARDS = 6  #: seat, then the cards
TOLD_STARTER = 7  #: card
TOLD_PLAYS = 8  #: seat, card, count
TOLD_GO = 9  #: seat
TOLD_PASSES = 10  #: seat
TOLD_PEGS = 11
"""seat, side, points, why (FOR_*), score after, then what itemises them: 0 (nothing), the length of the
series and its cards, or 6 and the four cards of a hand or crib, the starter and 1 for the crib."""
TOLD_COUNTS = 12  #: seat, what (WHAT_HAND or WHAT_CRIB), declared (−1: not), starter, then the cards
TOLD_CLAIMS = 13  #: seat, declared
TOLD_MUGGINS = 14  #: seat, whose points, what (WHAT_*)
TOLD_WINS_GAME = 15  #: side, value, game number, games, then each side's score and each side's match points
TOLD_MATCH_OVER = 16  #: the sides leading as a bit mask, then each side's match points


# --- moves as ints ---------------------------------------------------------------------------------------


@kernel
def move_code(phase: int, move: int) -> int:
    """``move`` of ``phase`` as the one int :func:`.kernel.step` takes (never 0: an interned action's code is never
    mistaken for none)."""
    return (move + 4) << 4 | phase


NO_CODE = move_code(15, NO_MOVE)
"""The code of a move no phase accepts (phase 15 is none)."""


def lay_away_move(cards: tuple[int, ...]) -> int:
    """The discard phase's move laying away ``cards`` (one, or two in index order): one int, as every move."""
    if len(cards) == 1 and 0 <= cards[0] < 52:
        return cards[0]
    if len(cards) == 2 and 0 <= cards[0] < 52 and 0 <= cards[1] < 52:
        return cards[0] + 64 * (cards[1] + 1)
    return NO_MOVE


# --- keeping the books -----------------------------------------------------------------------------------


@kernel
def tell(p: Position, kind: int, length: int) -> int:
    """Open a told entry of ``kind`` with ``length`` values; the slot where its values go."""
    at = TOLD + p[TOLD_N]
    p[at], p[at + 1] = kind, length
    p[TOLD_N] += 2 + length
    return at + 2
