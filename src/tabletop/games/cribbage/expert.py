"""Cribbage bots: the expert at three levels and the "ev-greedy" baseline it is measured against.

Both decide from the seat's view alone (``decision.view``: its own cards, the starter, the cards
played, the scores), never from the state. The expert throws to the crib by exact expected value —
the kept hand over the 46 possible starters, plus its own crib's expectation or minus the
opponent's (C5, C13) — and pegs (C8–C12) by search: it deals the cards it has not seen into the
other hands many times (every rank pattern exactly when there are few), solves the rest of the play
in each world with :mod:`.pegging`, and plays the card with the best mean. Near the end of a game
it plays the race (C14): the worlds carry the show in counting order, and a card is worth the
chance of reaching the target first. With two players, ``normal`` and ``hard`` weigh the worlds by
a model of a good opponent (:mod:`.opponent`): how likely its throw and its plays so far are in each.
Counting (C13) and muggins claims (C17) are always exact, and missed points are always taken. The
levels ``easy``, ``normal`` and ``hard`` are named configurations (:data:`LEVELS`); ``expert-uniform``
(:data:`BASELINES`) is ``normal`` without the opponent model.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import tabletop.games.cribbage.actions as act
from tabletop.core import Decision
from tabletop.core.cards import Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.analysis import CribModel, discard_analysis
from tabletop.games.cribbage.opponent import OpponentModel, crib_shift, weigh_worlds
from tabletop.games.cribbage.pegging import World, duel_values, pegging_values, race_values, rank_patterns
from tabletop.games.cribbage.scoring import pegging_score, score_hand, show_points, value


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _match(legal: Sequence[CribbageAction], wanted: CribbageAction) -> CribbageAction:
    """``wanted`` if it is legal, else the first legal action (a safety net: it never should be)."""
    return wanted if wanted in legal else legal[0]


def _bookkeeping(decision: Decision) -> CribbageAction | None:
    """The decisions with one right answer, for any bot: a forced action, an exact count (C13) or
    claim (C17) — declaring what the cards hold — and always taking missed points (muggins)."""
    legal: Sequence[CribbageAction] = decision.legal_actions
    if len(legal) == 1:
        return legal[0]
    view = decision.view
    match view["phase"]:
        case "show":
            n = len(view["piles"])
            crib = int(view["show_step"]) >= n
            cards = _cards(view["crib"] if crib else view["kept"])
            starter = Card.parse(view["starter"])
            return _match(legal, act.Count(score_hand(cards, starter, crib=crib).total))
        case "claim":
            return _match(legal, act.Claim(pegging_score(_cards(view["series"])).total))
        case "muggins":
            return _match(legal, act.MUGGINS)
    return None


def _own_crib(view: Mapping[str, Any]) -> bool:
    """True when the crib belongs to the seat's side (its own deal, or its partner's, C15)."""
    sides = view["sides"]
    return bool(sides[view["dealer"]] == sides[view["seat"]])


def _discard_for(decision: Decision, throw: tuple[Card, ...]) -> CribbageAction:
    wanted = frozenset(throw)
    legal: Sequence[CribbageAction] = decision.legal_actions
    for action in legal:
        if isinstance(action, act.Discard) and frozenset(action.cards) == wanted:
            return action
    return legal[0]


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """The play (C8–C12) as the deciding seat's view shows it, in the kernel's terms (ranks 0–12, seats
    as a bitmask): what the pegging searches start from — the expert's and the coach's alike."""

    players: int
    sides: tuple[int, ...]
    own: tuple[int, ...]
    passed: int
    last: int
    series: tuple[int, ...]
    count: int

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> PlayPosition:
        """The position in ``view`` (a seat's cribbage view during the play)."""
        return cls(len(view["piles"]), tuple(int(s) for s in view["sides"]),
                   tuple(sorted(c.rank - 1 for c in _cards(view["hand"]))), sum(1 << int(s) for s in view["passed"]),
                   -1 if view["last_player"] is None else int(view["last_player"]),
                   tuple(c.rank - 1 for c in _cards(view["series"])), int(view["count"]))


class EvGreedyAgent:
    """The baseline: a *static* expected-value discarder and a greedy pegger.

    Discard: keep the four cards whose hand is worth most on average over the 46 (or 47) possible
    starters — the hand only; "static" means it ignores the crib (whose it is and what the thrown
    cards give it) and the game position. Exact ties (kept hands that differ only in suits that
    score nothing) go to the first in :func:`discard_analysis`'s order for a dealer.
    Pegging: play the card that scores most at once (C10, C11: 15, 31, pairs, runs); ties go to the
    card of the highest counting value, then the highest rank, then the lowest suit. Counting and
    muggins as the expert (exact).
    """

    name = "ev-greedy"

    def choose(self, decision: Decision, rng: random.Random) -> CribbageAction:
        """The static-EV discard, the greedy card, or the bookkeeping answer."""
        done = _bookkeeping(decision)
        if done is not None:
            return done
        view = decision.view
        if view["phase"] == "discard":
            options = discard_analysis(_cards(view["hand"]), dealer=True)
            best = max(options, key=lambda option: option.hand)  # max keeps the first of equals
            return _discard_for(decision, best.discard)
        series = _cards(view["series"])
        plays = [a for a in decision.legal_actions if isinstance(a, act.Play)]
        best_play = max(plays, key=lambda a: (pegging_score((*series, a.card)).total, value(a.card),
                                              a.card.rank, -a.card.suit))
        return best_play


@dataclass(frozen=True, slots=True)
class ExpertConfig:
    """A level of the expert: how it values the crib and how hard it searches the pegging."""

    name: str
    samples: int  #: worlds per pegging decision (rank patterns are listed exactly when fewer)
    crib_model: CribModel = "exact"  #: "exact": the crib given the whole hand; "table": the classic tables
    race_samples: int = 0  #: worlds in a race to the target (C14); 0: never play the race
    race_within: int = 60  #: play the race when a side needs at most this many points (two players)
    depth: int = 5  #: plies searched with three or four players (two players: to the end of the play)
    #: seconds per decision, an explicit opt-in for callers only: it stops solving worlds early, so a
    #: seed no longer decides the move (it depends on the machine and its load); no named level sets it
    time_budget: float | None = None
    #: two players: weigh the opponent's possible holdings by its throw and play under this model of a
    #: good player (:mod:`.opponent`); None: every holding of the unseen cards equally likely
    opponent: OpponentModel | None = None


LEVELS: dict[str, ExpertConfig] = {
    "easy": ExpertConfig("easy", samples=4, crib_model="table", depth=3),
    "normal": ExpertConfig("normal", samples=20, race_samples=16, depth=5, opponent=OpponentModel()),
    "hard": ExpertConfig("hard", samples=300, race_samples=150, depth=7, opponent=OpponentModel(candidates=1500)),
}
"""The expert's named strengths (``easy``, ``normal``, ``hard``). Every budget is work (worlds, plies),
never seconds, so the same view and seed give the same move on any machine (bots issue, item 4)."""

BASELINES: dict[str, ExpertConfig] = {
    "expert-uniform": ExpertConfig("expert-uniform", samples=20, race_samples=16, depth=5),
}
"""Earlier experts kept to measure against: ``expert-uniform`` is ``normal`` taking every holding of the
unseen cards as equally likely (no opponent model)."""


class CribbageExpert:
    """Exact-EV discards and pegging by search over the opponents' possible holdings (see module)."""

    def __init__(self, config: ExpertConfig = LEVELS["normal"]) -> None:
        self.config = config
        self.name = config.name

    def choose(self, decision: Decision, rng: random.Random) -> CribbageAction:
        """The expert's action, from the view only."""
        done = _bookkeeping(decision)
        if done is not None:
            return done
        view = decision.view
        if view["phase"] == "discard":
            hand, own_crib = _cards(view["hand"]), _own_crib(view)
            options = discard_analysis(hand, own_crib, self.config.crib_model)
            model = self.config.opponent
            if model is not None and model.crib and len(view["piles"]) == 2:
                shift = crib_shift(hand, own_crib, model, rng)
                sign = 1.0 if own_crib else -1.0
                best = max(options, key=lambda option: option.net + sign * shift[frozenset(option.discard)])
                return _discard_for(decision, best.discard)
            return _discard_for(decision, options[0].discard)
        return self._play(decision, rng)

    def _play(self, decision: Decision, rng: random.Random) -> CribbageAction:
        """C8–C12: the card whose rank has the best mean value over the sampled worlds."""
        view = decision.view
        plays = [a for a in decision.legal_actions if isinstance(a, act.Play)]
        seat = int(view["seat"])
        at = PlayPosition.of(view)
        n, sides, own, passed, last, series, count = (at.players, at.sides, at.own, at.passed, at.last, at.series,
                                                      at.count)
        needs = self._needs(view) if n == 2 else None
        deadline = None if self.config.time_budget is None else time.perf_counter() + self.config.time_budget
        worlds = self._race_worlds(view, rng) if needs is not None else self._worlds(view, own, rng)
        if n == 2 and needs is None:
            values = duel_values(worlds, count, series, seat, bool(passed), deadline)
        elif n == 2 and needs is not None:
            values = race_values(worlds, count, series, seat, passed, last, (needs[0], needs[1]), deadline)
        else:
            depth = 64 if n == 2 else self.config.depth
            values = pegging_values(worlds, count, series, seat, passed, last, sides, depth, needs, deadline)
        best = max(sorted(values), key=lambda rank: values[rank])  # ties: the lowest rank
        return min((a for a in plays if a.card.rank - 1 == best), key=lambda a: a.card.index)

    def _needs(self, view: Mapping[str, Any]) -> tuple[int, ...] | None:
        """Points each side needs to win, when the race is close enough to play it (C14)."""
        if not self.config.race_samples:
            return None
        needs = tuple(int(view["target"]) - int(s) for s in view["scores"])
        return needs if min(needs) <= self.config.race_within else None

    @staticmethod
    def _unseen(view: Mapping[str, Any]) -> list[int]:
        """The card indices the seat has not seen: not in its hand, its discards, any pile or the starter."""
        seen = {c.index for c in _cards(view["kept"]) + _cards(view["discards"]) + _cards(view["hand"])}
        seen |= {c.index for pile in view["piles"] for c in _cards(pile)}
        if view["starter"] is not None:
            seen.add(Card.parse(view["starter"]).index)
        return [i for i in range(52) if i not in seen]

    def _worlds(self, view: Mapping[str, Any], own: tuple[int, ...], rng: random.Random) -> list[World]:
        """The other hands as rank patterns: all of them with their probabilities when one other hand
        has few, else ``samples`` deals from the unseen cards, equal patterns merged."""
        seat, sizes = int(view["seat"]), [int(k) for k in view["hand_sizes"]]
        unseen = self._unseen(view)
        others = [s for s in range(len(sizes)) if s != seat and sizes[s]]
        model = self.config.opponent
        if len(sizes) == 2 and len(others) == 1 and model is not None:
            left = sizes[others[0]]

            def theirs(cards: list[int]) -> tuple[int, ...]:
                return tuple(sorted(c >> 2 for c in cards[:left]))

            return [World(tuple(own if s == seat else pattern for s in range(2)), w)
                    for pattern, w in weigh_worlds(view, unseen, self.config.samples, model, rng, theirs)]
        if len(others) == 1:
            exact = rank_patterns(unseen, sizes[others[0]], self.config.samples)
            if exact is not None:
                return [World(tuple(own if s == seat else pattern if s == others[0] else ()
                                    for s in range(len(sizes))), float(ways)) for pattern, ways in exact]
        merged: dict[tuple[tuple[int, ...], ...], int] = {}
        total = sum(sizes[s] for s in others)
        for _ in range(self.config.samples):
            drawn = rng.sample(unseen, total)
            hands, at = [], 0
            for s in range(len(sizes)):
                if s in others:
                    hands.append(tuple(sorted(c >> 2 for c in drawn[at:at + sizes[s]])))
                    at += sizes[s]
                else:
                    hands.append(own if s == seat else ())
            key = tuple(hands)
            merged[key] = merged.get(key, 0) + 1
        return [World(hands, float(w)) for hands, w in merged.items()]

    def _race_worlds(self, view: Mapping[str, Any], rng: random.Random) -> list[World]:
        """Two players near the target: deal the opponent's hand and throw too, so each world knows
        the show to come — hands from the dealer's left, the dealer's, the crib (C13)."""
        seat = int(view["seat"])
        other = 1 - seat
        dealer = int(view["dealer"])
        pone = 1 - dealer
        unseen = self._unseen(view)
        starter = Card.parse(view["starter"]).index
        left = int(view["hand_sizes"][other])
        their_pile = [c.index for c in _cards(view["piles"][other])]
        mine = [c.index for c in _cards(view["kept"])]
        my_throw = [c.index for c in _cards(view["discards"])]
        own = tuple(sorted(c >> 2 for c in mine if c not in {x.index for x in _cards(view["piles"][seat])}))
        Key = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]

        def world(drawn: list[int]) -> Key:
            theirs = their_pile + drawn[:left]
            crib = my_throw + drawn[left:]
            kept = {seat: mine, other: theirs}
            show: tuple[tuple[int, int], ...] = (
                (pone, show_points(kept[pone], starter)), (dealer, show_points(kept[dealer], starter)),
                (dealer, show_points(crib, starter, crib=True)))
            hands = tuple(own if s == seat else tuple(sorted(c >> 2 for c in drawn[:left])) for s in range(2))
            return hands, show

        model = self.config.opponent
        if model is not None:
            weighed = weigh_worlds(view, unseen, self.config.race_samples, model, rng, world)
            return [World(hands, w, show) for (hands, show), w in weighed]
        worlds: dict[Key, int] = {}
        for _ in range(self.config.race_samples):
            key = world(rng.sample(unseen, left + 2))
            worlds[key] = worlds.get(key, 0) + 1
        return [World(hands, float(w), show) for (hands, show), w in worlds.items()]


def expert(level: str = "normal") -> CribbageExpert:
    """The expert at ``level`` (easy, normal, hard) or a baseline of :data:`BASELINES`."""
    return CribbageExpert(LEVELS[level] if level in LEVELS else BASELINES[level])
