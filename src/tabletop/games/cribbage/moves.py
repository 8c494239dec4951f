"""Between the game's actions and the kernel's moves: which action objects a position offers, and what move of
which phase each action is.

The kernel (:mod:`.kernel`) takes a move of the phase it is in — a card to cut, deal, turn or play, the cards
laid away, ``GO``, the points declared, whether muggins is taken — and knows no action objects. A state offers
the game's interned actions (:mod:`.actions`: one object per card and per discard, made once), so that a
playout step builds none, and :data:`MOVES` finds an interned action's move by identity, without hashing the
action; an equal action built anew is read by value (:func:`move_of`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import tabletop.games.cribbage.actions as act
import tabletop.games.cribbage.kernel as k
from tabletop.core.cards import Card
from tabletop.games.cribbage.actions import CribbageAction

Move = tuple[int, Any]
"""A phase number and a move of that phase."""

_BY_CARD: dict[int, tuple[CribbageAction, ...]] = {k.CUT: act.CUTS, k.DEAL: act.DEALS, k.STARTER: act.STARTERS}
CHANCE_ACTIONS = tuple(_BY_CARD.get(phase) for phase in range(len(k.PHASES)))
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
        moves[id(discard)] = (k.DISCARD, tuple(c.index for c in discard.cards))
    moves[id(act.COUNT)] = (k.SHOW, k.NOT_DECLARED)
    for points, counted in enumerate(act.COUNTS):
        moves[id(counted)] = (k.SHOW, points)
    for points, claimed in enumerate(act.CLAIMS):
        moves[id(claimed)] = (k.CLAIM, points)
    moves[id(act.MUGGINS)], moves[id(act.PASS)] = (k.MUGGINS, True), (k.MUGGINS, False)
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
            return k.DISCARD, tuple(c.index for c in cards)
        case act.Go():
            return k.PLAY, k.GO
        case act.Count(None):
            return k.SHOW, k.NOT_DECLARED
        case act.Count(int() as points) if points >= 0:
            return k.SHOW, points
        case act.Claim(int() as points):
            return k.CLAIM, points
        case act.Muggins():
            return k.MUGGINS, True
        case act.Pass():
            return k.MUGGINS, False
    return None


PLAYS, SINGLE_DISCARDS = act.PLAYS.__getitem__, act.SINGLE_DISCARDS.__getitem__


def offered(t: k.Table) -> tuple[CribbageAction, ...]:
    """The legal actions of a position, in a fixed order: the pack by card; the discards as
    ``itertools.combinations`` over the hand as dealt; the playable cards as held, or go alone."""
    phase = t.phase
    outcomes = CHANCE_ACTIONS[phase]
    if outcomes is not None:
        return tuple(map(outcomes.__getitem__, t.pack))
    if phase == k.PLAY:
        return tuple(map(PLAYS, k.playable(t))) or (act.GO,)
    if phase == k.DISCARD:
        hand = t.hands[t.to_move]
        if t.game.discards == 2:
            pairs = act.PAIR_DISCARDS
            return tuple([pairs[a * 52 + b] for a, b in combinations(hand, 2)])
        return tuple(map(SINGLE_DISCARDS, hand))
    if phase == k.SHOW:
        return act.COUNTS if t.game.muggins else (act.COUNT,)
    if phase == k.CLAIM:
        return act.CLAIMS
    if phase == k.MUGGINS:
        return act.MUGGINS, act.PASS
    return ()
