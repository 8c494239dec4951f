"""Between the game's actions and the kernel's moves: which action objects a position offers, and what move of
which phase each action is.

The kernel (:mod:`.kernel`) takes a move of the phase it is in, always one int — a card to cut, deal, turn or
play, the cards laid away (:func:`.kernel.lay_away_move`), ``GO``, the points declared, 1 to take muggins and 0
to pass — and knows no action objects. A state offers
the game's interned actions (:mod:`.actions`: one object per card and per discard, made once), so that a
playout step builds none, and :data:`MOVES` finds an interned action's move by identity, without hashing the
action; an equal action built anew is read by value (:func:`move_of`).
"""

from __future__ import annotations

from itertools import combinations

import tabletop.games.cribbage.actions as act
import tabletop.games.cribbage.kernel as k
from tabletop.core.cards import Card
from tabletop.games.cribbage.actions import CribbageAction

Move = tuple[int, int]
"""A phase number and a move of that phase."""

_BY_CARD: dict[int, tuple[CribbageAction, ...]] = {k.CUT: act.CUTS, k.DEAL: act.DEALS, k.STARTER: act.STARTERS}
CHANCE_ACTIONS = tuple(_BY_CARD.get(phase) for phase in range(k.OVER + 1))
"""By phase number: chance's outcomes by card, or None where chance does not act."""


def _interned() -> dict[int, Move]:
    moves: dict[int, Move] = {}
    for phase, outcomes in enumerate(CHANCE_ACTIONS):
        for card, outcome in enumerate(outcomes or ()):
            moves[id(outcome)] = (phase, card)
    for card, play in enumerate(act.PLAYS):
        moves[id(play)] = (k.PLAY, card)
    moves[id(act.GO)] = (k.PLAY, k.GO)
    for discard in (*act.SINGLE_DISCARDS, *act.PAIR_DISCARDS.values()):
        moves[id(discard)] = (k.DISCARD, k.lay_away_move(tuple(c.index for c in discard.cards)))
    moves[id(act.COUNT)] = (k.SHOW, k.NOT_DECLARED)
    for points, counted in enumerate(act.COUNTS):
        moves[id(counted)] = (k.SHOW, points)
    for points, claimed in enumerate(act.CLAIMS):
        moves[id(claimed)] = (k.CLAIM, points)
    moves[id(act.MUGGINS)], moves[id(act.PASS)] = (k.MUGGINS, 1), (k.MUGGINS, 0)
    assert len(moves) == 52 * 5 + 1 + 1326 + 1 + len(act.COUNTS) + len(act.CLAIMS) + 2, "an action interned twice"
    return moves


MOVES = _interned()
"""Each interned action's move, by the action's identity (they live as long as the program)."""


def move_of(action: object) -> Move | None:
    """The move an action built anew stands for, or None for anything that is no cribbage action."""
    match action:
        case act.Play(Card() as card):
            return k.PLAY, card.index
        case act.Deal(Card() as card):
            return k.DEAL, card.index
        case act.Starter(Card() as card):
            return k.STARTER, card.index
        case act.Cut(Card() as card):
            return k.CUT, card.index
        case act.Discard(tuple() as cards) if all(isinstance(c, Card) for c in cards):
            return k.DISCARD, k.lay_away_move(tuple(c.index for c in cards))
        case act.Go():
            return k.PLAY, k.GO
        case act.Count(None):
            return k.SHOW, k.NOT_DECLARED
        case act.Count(int() as points) if points >= 0:
            return k.SHOW, points
        case act.Claim(int() as points):
            return k.CLAIM, points
        case act.Muggins():
            return k.MUGGINS, 1
        case act.Pass():
            return k.MUGGINS, 0
    return None


PLAYS, SINGLE_DISCARDS, PAIRS = act.PLAYS.__getitem__, act.SINGLE_DISCARDS.__getitem__, act.PAIR_DISCARDS.__getitem__
_PHASE, _TO_MOVE, _PACK, _COUNT, _HELD, _HANDS = k.PHASE, k.TO_MOVE, k.PACK, k.COUNT, k.HELD, k.HANDS
_MAX_HAND = k.MAX_HAND
_PLAY, _DISCARD, _VALUE, _GO = k.PLAY, k.DISCARD, k.CARD_VALUE, (act.GO,)
"""What :func:`offered` reads for every position of a playout, bound once (a global costs less than a module's
attribute)."""


def offered(p: k.Position) -> tuple[CribbageAction, ...]:
    """The legal actions of a position, in a fixed order: the pack by card; the discards as
    ``itertools.combinations`` over the hand as dealt; the playable cards as held, or go alone."""
    phase = p[_PHASE]
    if phase == _PLAY:
        seat = p[_TO_MOVE]
        start = _HANDS + _MAX_HAND * seat
        hand = p[start:start + p[_HELD + seat]]
        total = p[_COUNT]
        if total <= 21:  # no card counts more than ten
            return tuple(map(PLAYS, hand)) or _GO
        return tuple([PLAYS(c) for c in hand if _VALUE[c] + total <= 31]) or _GO
    outcomes = CHANCE_ACTIONS[phase]
    if outcomes is not None:
        return tuple(map(outcomes.__getitem__, pack(p[_PACK])))
    if phase == _DISCARD:
        seat = p[_TO_MOVE]
        start = _HANDS + _MAX_HAND * seat
        hand = p[start:start + p[_HELD + seat]]
        if p[k.LAY_AWAY] == 2:
            return tuple([PAIRS(a * 52 + b) for a, b in combinations(hand, 2)])
        return tuple(map(SINGLE_DISCARDS, hand))
    if phase == k.SHOW:
        return act.COUNTS if p[k.WITH_MUGGINS] else (act.COUNT,)
    if phase == k.CLAIM:
        return act.CLAIMS
    if phase == k.MUGGINS:
        return act.MUGGINS, act.PASS
    return ()


def pack(mask: int) -> list[int]:
    """The cards of a pack mask, in index order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


_SELECT = tuple(tuple(i for i in range(13) if chunk >> i & 1) for chunk in range(1 << 13))
"""By 13 bits of a pack mask: the places of the cards among them, in index order."""


def nth_card(mask: int, index: int) -> int:
    """The card at ``index`` of the pack ``mask`` in index order: what ``pack(mask)[index]`` is, without the list."""
    low = mask & 0x3FFFFFF  # the first 26 cards, then 13 at a time
    below = low.bit_count()
    base = 0
    if index >= below:
        index -= below
        low, base = mask >> 26, 26
    chunk = low & 8191
    below = chunk.bit_count()
    if index >= below:
        return base + 13 + _SELECT[low >> 13][index - below]
    return base + _SELECT[chunk][index]
