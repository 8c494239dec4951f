"""What each seat may see of a cribbage state (the one door to hidden information, STYLE 6),
and the reverse: a state consistent with a view, hidden cards dealt at random (for bots and tests).

A seat sees its own hand and discards, every card played, the starter once cut, the count,
scores, pegs and the match; other hands only as counts until the show (by then every hand has
been played face up) or the end of the match, the crib only when the dealer turns it over to
count it, and never the rest of the pack. What the last action did (the points it pegged) is not in
the view: it goes out as the action's events (:meth:`CribbageState.events`), each to those who may see it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.layout as layout
from tabletop.core import TabletopError, View
from tabletop.core.cards import Card
from tabletop.games.cribbage.events import NAMES, cards_of, names
from tabletop.games.cribbage.phases import GameResult, Pending, Phase
from tabletop.games.cribbage.positions import PHASES, Table
from tabletop.games.cribbage.scoring import pegging_score, score_hand

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage
    from tabletop.games.cribbage.state import CribbageState

PHASE_NAMES = tuple(phase.value for phase in PHASES)
"""Each kernel phase number's name in views."""


def counting(table: Table) -> bool:
    """True while hands are being counted in ``table`` (a muggins claim on a count included)."""
    phase, pending = table.phase, table.pending
    return phase == layout.SHOW or (phase == layout.MUGGINS and pending is not None and pending.resume is Phase.SHOW)


def shows_hands(table: Table) -> bool:
    """Every seat's hand for the show is face up in ``table``: what :func:`hands_are_public` says of a state."""
    return table.phase == layout.OVER or counting(table)


def shows_crib(table: Table) -> bool:
    """The crib is face up in ``table``: what :func:`crib_is_public` says of a state."""
    if table.phase == layout.OVER:
        return bool(table.crib)
    return counting(table) and table.show_step >= table.game.num_players


def hands_are_public(state: CribbageState) -> bool:
    """Hands are face up in the show (C13) and once the match is over."""
    return shows_hands(state.table)


def crib_is_public(state: CribbageState) -> bool:
    """The crib is turned over when the dealer counts it (C13), and shown when the match is over."""
    return shows_crib(state.table)


def view(state: CribbageState, seat: int) -> View:
    """What ``seat`` may see, as JSON-ready data, read from the kernel position."""
    game, t = state.game, state.table
    n = game.num_players
    game.check_seat(seat)
    pending = t.pending
    return {
        "game": "cribbage",
        "seat": seat,
        "phase": PHASE_NAMES[t.phase],
        "to_move": state.current_player,
        "next_seat": t.to_move,
        "dealer": t.dealer,
        "hand": names(t.hands[seat]),
        "kept": names(t.kept[seat]),
        "discards": names(t.discards[seat]),
        "hand_sizes": [len(h) for h in t.hands],
        "discarded": [bool(d) for d in t.discards],
        "hands_shown": [names(kept) for kept in t.kept] if shows_hands(t) else None,
        "crib_size": len(t.crib),
        "crib": names(t.crib) if shows_crib(t) else None,
        "deck_size": len(t.pack),
        "dealt": t.dealt,
        "starter": NAMES[t.starter] if t.starter >= 0 else None,
        "count": t.count,
        "series": names(t.series),
        "piles": [names(p) for p in t.piles],
        "passed": sorted(t.passed),
        "last_player": t.last_player,
        "sides": [game.side_of(s) for s in range(n)],
        "scores": list(t.scores),
        "pegs": [{"front": front, "rear": rear} for front, rear in zip(t.scores, t.rears, strict=True)],
        "target": game.target,
        "show_step": t.show_step,
        "cutters": list(t.cutters),
        "cuts": names(t.cuts),
        # what a declared count was really worth is never shown (C17): finding it is the skill muggins
        # tests; it follows from cards every seat sees, and a rebuilt state works it out again
        "pending": None if pending is None else {
            "seat": pending.seat, "declared": pending.declared,
            "claimants": list(pending.claimants), "resume": pending.resume.value, "what": pending.what,
        },
        "match_points": list(t.match_points),
        "games": [{"winner": r.winner, "scores": list(r.scores), "value": r.value} for r in t.results],
    }


def public_view(state: CribbageState) -> View:
    """What a spectator sees: what every seat sees — no hand, no laid-away card, until they are shown."""
    return {**view(state, 0), "seat": None, "hand": [], "kept": [], "discards": []}


def table_from_view(game: Cribbage, data: View, rng: random.Random) -> Table:
    """A kernel position that shows ``data`` to its seat, every card the seat cannot see dealt at random:
    ``Cribbage.state_from_view`` shows it as a state (for bots' sampled worlds and tests).

    Raises:
        TabletopError: when ``data`` is not a seat's view of this game.
    """
    try:
        return _rebuild(game, data, rng)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise TabletopError(f"not a view of this cribbage game: {error}") from None


def _actual(pending: dict[str, Any], kept: list[tuple[int, ...]], crib: tuple[int, ...], starter: int,
            series: tuple[int, ...]) -> int:
    """What the declared points are really worth, from cards every seat sees (C17): the card just
    played in its series, or the hand or crib being counted with the starter."""
    turned = cards_of((starter,))[0] if starter >= 0 else None
    match pending["what"]:
        case "pegging":
            return pegging_score(cards_of(series)).total
        case "crib":
            return score_hand(cards_of(crib), turned, crib=True).total
        case _:
            return score_hand(cards_of(kept[int(pending["seat"])]), turned).total


_INDEX = {name: index for index, name in enumerate(NAMES)}


def _card(text: str) -> int:
    """The index of the card a view writes as ``text`` (views write the canonical form)."""
    index = _INDEX.get(text)
    return Card.parse(text).index if index is None else index


def _cards(texts: list[str]) -> tuple[int, ...]:
    return tuple(_card(t) for t in texts)


def _rebuild(game: Cribbage, data: View, rng: random.Random) -> Table:
    if data["game"] != "cribbage" or len(data["piles"]) != game.num_players:
        raise ValueError("the view is of another game or table size")
    n, seat, phase = game.num_players, int(data["seat"]), Phase(data["phase"])
    starter = -1 if data["starter"] is None else _card(data["starter"])
    piles = tuple(_cards(p) for p in data["piles"])
    cuts = _cards(data["cuts"])
    shown = None if data["hands_shown"] is None else [_cards(kept) for kept in data["hands_shown"]]
    crib_shown = None if data["crib"] is None else _cards(data["crib"])
    own = (_cards(data["hand"]), _cards(data["kept"]), _cards(data["discards"]))
    seen = 0
    for group in (*own, *piles, cuts, (starter,) if starter >= 0 else (), crib_shown or (), *(shown or ())):
        for c in group:
            seen |= 1 << c
    unseen = [c for c in range(52) if not seen >> c & 1]
    rng.shuffle(unseen)
    hands, kept, discards = [own[0]] * n, [own[1]] * n, [own[2]] * n
    for s in range(n):
        if s == seat:
            continue
        if shown is not None:
            hands[s] = tuple(c for c in shown[s] if c not in piles[s])
            kept[s] = shown[s]
        else:
            hands[s] = tuple(unseen.pop() for _ in range(int(data["hand_sizes"][s])))
            kept[s] = hands[s] + piles[s] if data["discarded"][s] else ()
        discards[s] = ()
    if crib_shown is not None:
        crib = crib_shown
        others = [c for c in crib if c not in own[2]]
    else:
        others = [unseen.pop() for _ in range(int(data["crib_size"]) - len(own[2]))]
        crib = own[2] + tuple(others)
    for s in range(n):  # who laid away which of the other crib cards is unknown: any split will do
        if s != seat and data["discarded"][s]:
            discards[s] = tuple(others.pop(0) for _ in range(game.discards))
    pack = tuple(sorted(unseen))
    if len(pack) != int(data["deck_size"]):
        raise ValueError(f"the view's cards do not add up to a pack ({len(pack)} left, {data['deck_size']} shown)")
    series = _cards(data["series"])
    pending = data["pending"]
    t = object.__new__(Table)
    t.game, t.phase, t.dealer, t.to_move = game, PHASES.index(phase), int(data["dealer"]), int(data["next_seat"])
    t.pack, t.pack_mask = pack, sum(1 << c for c in pack)
    t.hands, t.kept, t.discards, t.crib = tuple(hands), tuple(kept), tuple(discards), crib
    t.dealt, t.starter, t.count, t.series, t.piles = int(data["dealt"]), starter, int(data["count"]), series, piles
    t.passed = frozenset(int(s) for s in data["passed"])
    t.last_player = data["last_player"]
    t.scores = tuple(int(s) for s in data["scores"])
    t.rears = tuple(int(p["rear"]) for p in data["pegs"])
    t.show_step, t.cutters, t.cuts = int(data["show_step"]), tuple(data["cutters"]), cuts
    t.pending = None if pending is None else Pending(
        pending["seat"], _actual(pending, kept, crib, starter, series), pending["declared"],
        tuple(pending["claimants"]), Phase(pending["resume"]), pending["what"])
    t.match_points = tuple(int(p) for p in data["match_points"])
    t.results = tuple(GameResult(r["winner"], tuple(r["scores"]), r["value"]) for r in data["games"])
    t.told, t.ended_game = (), False
    return t
