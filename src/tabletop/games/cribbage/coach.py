"""Cribbage's coach: every discard's exact expected hand and crib, and each pegging card's value.

All from the seat's view (its hand, the cards played, the starter): a discard is rated by
:func:`.analysis.discard_analysis` — the kept hand over the unseen starters and the crib exactly given
the whole hand (C5, C13) — and a card in the play (C8–C12) by the expert's pegging search
(:mod:`.pegging`): the rest of the play solved in worlds dealt from the cards the seat has not seen,
its side's points less the others'. The budget is those worlds; the counts, claims and muggins have one
right answer and get no advice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.cards import Card
from tabletop.core.coach import CoachAdvice, Figure
from tabletop.games.cribbage.analysis import discard_analysis
from tabletop.games.cribbage.expert import CribbageExpert, ExpertConfig, PlayPosition
from tabletop.games.cribbage.pegging import duel_values, pegging_values

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

BUDGET = 40
"""Worlds dealt for a pegging decision by default (every rank pattern exactly when there are fewer)."""
MAX_BUDGET = 400


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def coach(game: Cribbage, view: Mapping[str, Any], seat: int, budget: int | None = None,
          seed: int = 0) -> CoachAdvice | None:
    """The advice for ``seat`` at ``view`` (its own view): a discard or a pegging card, else None."""
    if view.get("seat") != seat or view.get("to_move") != seat:
        return None
    legal = [str(a) for a in game.state_from_view(view, random.Random(seed)).legal_actions()]
    if view["phase"] == "discard":
        return _discard(view, seat, legal)
    if view["phase"] == "play" and len(legal) > 1:
        worlds = max(1, min(MAX_BUDGET, BUDGET if budget is None else budget))
        return _play(view, seat, legal, worlds, random.Random(seed))
    return None


def _discard(view: Mapping[str, Any], seat: int, legal: list[str]) -> CoachAdvice:
    """C5: each legal discard's expected hand and crib (exact), and the net for the seat's side."""
    sides = view["sides"]
    own = sides[view["dealer"]] == sides[seat]
    by_cards = {frozenset(text.split()[1:]): text for text in legal}
    actions: dict[str, dict[str, Figure]] = {}
    for option in discard_analysis(_cards(view["hand"]), own, "exact"):
        text = by_cards.get(frozenset(str(c) for c in option.discard))
        if text is not None:
            actions[text] = {"hand": option.hand, "crib": option.crib, "net": option.net, "own_crib": own}
    best = max(actions, key=lambda a: float(actions[a]["net"])) if actions else None
    return CoachAdvice("discard", seat, "net", "points", actions, best)


def _play(view: Mapping[str, Any], seat: int, legal: list[str], worlds: int, rng: random.Random) -> CoachAdvice:
    """C8–C12: each playable card's mean future points margin over worlds of the unseen cards."""
    at = PlayPosition.of(view)
    n, sides, own, passed, last, series, count = at.players, at.sides, at.own, at.passed, at.last, at.series, at.count
    dealt = CribbageExpert(ExpertConfig("coach", samples=worlds))._worlds(view, own, rng)
    if n == 2:
        values = duel_values(dealt, count, series, seat, bool(passed))
    else:
        values = pegging_values(dealt, count, series, seat, passed, last, sides, depth=5)
    actions: dict[str, dict[str, Figure]] = {}
    for text in legal:
        if text == "go":
            continue
        rank = Card.parse(text).rank - 1
        if rank in values:
            actions[text] = {"value": values[rank]}
    best = max(actions, key=lambda a: float(actions[a]["value"])) if actions else None
    return CoachAdvice("play", seat, "value", "points", actions, best, {"worlds": worlds})
