"""Between the game's actions and the kernel's moves: which action objects a position offers, and what move of
which phase each action is.

The kernel (:mod:`.kernel`) takes a move of the phase it is in as one int (:func:`.layout.move_code`, with the
phase) — a card to cut, deal, turn or play, the cards laid away (:func:`.layout.lay_away_move`), ``GO``, the
points declared, 1 to take muggins and 0 to pass — and knows no action objects. A state offers the game's
interned actions (:mod:`.actions`: one object per card and per discard, made once), so that a playout step
builds none, and :data:`MOVES` finds an interned action's move by identity, without hashing the action; an
equal action built anew is read by value (:func:`move_of`).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import tabletop.games.cribbage.actions as act
from tabletop.core.cards import Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.layout import (
    CARD_VALUE,
    CLAIM,
    COUNT,
    CUT,
    DEAL,
    DISCARD,
    GO,
    HANDS,
    HELD,
    LAY_AWAY,
    MAX_HAND,
    MUGGINS,
    NOT_DECLARED,
    OVER,
    PACK,
    PHASE,
    PLAY,
    SHOW,
    STARTER,
    TO_MOVE,
    WITH_MUGGINS,
    Position,
    lay_away_move,
)
from tabletop.games.cribbage.layout import move_code as code
from tabletop.games.cribbage.positions import pack_mask

_BY_CARD: dict[int, tuple[CribbageAction, ...]] = {CUT: act.CUTS, DEAL: act.DEALS, STARTER: act.STARTERS}
CHANCE_ACTIONS = tuple(_BY_CARD.get(phase) for phase in range(OVER + 1))
"""By phase number: chance's outcomes by card, or None where chance does not act."""


def _interned() -> dict[int, int]:
    moves: dict[int, int] = {}
    for phase, outcomes in enumerate(CHANCE_ACTIONS):
        for card, outcome in enumerate(outcomes or ()):
            moves[id(outcome)] = code(phase, card)
    for card, play in enumerate(act.PLAYS):
        moves[id(play)] = code(PLAY, card)
    moves[id(act.GO)] = code(PLAY, GO)
    for discard in (*act.SINGLE_DISCARDS, *act.PAIR_DISCARDS.values()):
        moves[id(discard)] = code(DISCARD, lay_away_move(tuple(c.index for c in discard.cards)))
    moves[id(act.COUNT)] = code(SHOW, NOT_DECLARED)
    for points, counted in enumerate(act.COUNTS):
        moves[id(counted)] = code(SHOW, points)
    for points, claimed in enumerate(act.CLAIMS):
        moves[id(claimed)] = code(CLAIM, points)
    moves[id(act.MUGGINS)], moves[id(act.PASS)] = code(MUGGINS, 1), code(MUGGINS, 0)
    assert len(moves) == 52 * 5 + 1 + 1326 + 1 + len(act.COUNTS) + len(act.CLAIMS) + 2, "an action interned twice"
    return moves


MOVES = _interned()
"""Each interned action's move (its :func:`.layout.move_code`), by the action's identity (they live as long as
the program)."""


def move_of(action: object) -> int | None:
    """The move (its code) an action built anew stands for, or None for anything that is no cribbage action."""
    match action:
        case act.Play(Card() as card):
            return code(PLAY, card.index)
        case act.Deal(Card() as card):
            return code(DEAL, card.index)
        case act.Starter(Card() as card):
            return code(STARTER, card.index)
        case act.Cut(Card() as card):
            return code(CUT, card.index)
        case act.Discard(tuple() as cards) if all(isinstance(c, Card) for c in cards):
            return code(DISCARD, lay_away_move(tuple(c.index for c in cards)))
        case act.Go():
            return code(PLAY, GO)
        case act.Count(None):
            return code(SHOW, NOT_DECLARED)
        case act.Count(int() as points) if points >= 0:
            return code(SHOW, min(points, 999))
        case act.Claim(int() as points):
            return code(CLAIM, max(-4, min(points, 999)))
        case act.Muggins():
            return code(MUGGINS, 1)
        case act.Pass():
            return code(MUGGINS, 0)
    return None


_PLAYS, _SINGLES = act.PLAYS, act.SINGLE_DISCARDS
_PAIRS: tuple[act.Discard, ...] = tuple(act.PAIR_DISCARDS.get(a * 52 + b, act.Discard(())) for a in range(52)
                                        for b in range(52))
"""Two players' discards by ``a * 52 + b`` (either order), in a tuple (indexed sooner than a dict; a card with
itself is no discard: no hand holds a card twice)."""
_PHASE, _TO_MOVE, _PACK, _COUNT, _HELD, _HANDS = PHASE, TO_MOVE, PACK, COUNT, HELD, HANDS
_MAX_HAND, _LAY_AWAY, _WITH_MUGGINS = MAX_HAND, LAY_AWAY, WITH_MUGGINS
_PLAY, _DISCARD, _SHOW, _CLAIM, _MUGGINS = PLAY, DISCARD, SHOW, CLAIM, MUGGINS
_VALUE, _GO, _COUNT_FOR_ME, _TAKE_OR_PASS = CARD_VALUE, (act.GO,), (act.COUNT,), (act.MUGGINS, act.PASS)
"""What :func:`offered` reads for every position of a playout, bound once (a global costs less than a module's
attribute)."""


def offered(p: Position) -> tuple[CribbageAction, ...]:
    """The legal actions of a position, in a fixed order: the pack by card; the discards as
    ``itertools.combinations`` over the hand as dealt; the playable cards as held, or go alone.

    Every player decision of a playout lists its actions here, so the common cases are spelt out item by item
    (no slice of the position, no iterator to build).
    """
    phase = p[_PHASE]
    if phase == _PLAY:
        seat = p[_TO_MOVE]
        start = _HANDS + _MAX_HAND * seat
        held = p[_HELD + seat]
        plays = _PLAYS
        if p[_COUNT] <= 21:  # no card counts more than ten: the hand as held
            if held == 4:
                return plays[p[start]], plays[p[start + 1]], plays[p[start + 2]], plays[p[start + 3]]
            if held == 3:
                return plays[p[start]], plays[p[start + 1]], plays[p[start + 2]]
            if held == 2:
                return plays[p[start]], plays[p[start + 1]]
            return (plays[p[start]],) if held else _GO
        room = 31 - p[_COUNT]
        return tuple([plays[c] for c in p[start:start + held] if _VALUE[c] <= room]) or _GO
    if phase == _DISCARD:
        seat = p[_TO_MOVE]
        start = _HANDS + _MAX_HAND * seat
        held = p[_HELD + seat]
        if p[_LAY_AWAY] == 1:
            return tuple([_SINGLES[c] for c in p[start:start + held]])
        if held == 6:  # combinations(hand, 2), spelt out
            pairs = _PAIRS
            a, b, c, d, e, f = p[start:start + 6]
            ra, rb, rc, rd, re = a * 52, b * 52, c * 52, d * 52, e * 52
            return (pairs[ra + b], pairs[ra + c], pairs[ra + d], pairs[ra + e], pairs[ra + f],
                    pairs[rb + c], pairs[rb + d], pairs[rb + e], pairs[rb + f],
                    pairs[rc + d], pairs[rc + e], pairs[rc + f],
                    pairs[rd + e], pairs[rd + f],
                    pairs[re + f])
        return tuple([_PAIRS[a * 52 + b] for a, b in combinations(p[start:start + held], 2)])
    outcomes = CHANCE_ACTIONS[phase]
    if outcomes is not None:
        return tuple(map(outcomes.__getitem__, pack(pack_mask(p))))
    if phase == _SHOW:
        return act.COUNTS if p[_WITH_MUGGINS] else _COUNT_FOR_ME
    if phase == _CLAIM:
        return act.CLAIMS
    if phase == _MUGGINS:
        return _TAKE_OR_PASS
    return ()


def pack(mask: int) -> list[int]:
    """The cards of a pack mask, in index order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


@cache
def select_table() -> tuple[tuple[int, ...], ...]:
    """By thirteen bits of the pack (a slot of it): the places of the cards among them, in index order (built
    with the first position: 8,192 entries)."""
    return tuple(tuple(i for i in range(13) if chunk >> i & 1) for chunk in range(1 << 13))
