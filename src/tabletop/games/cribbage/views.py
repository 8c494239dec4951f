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

from tabletop.core import TabletopError, View
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.board import GameResult, Pegs, Pending, Phase, cards_text
from tabletop.games.cribbage.scoring import pegging_score, score_hand

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage
    from tabletop.games.cribbage.state import CribbageState


def in_show(state: CribbageState) -> bool:
    """True while hands are being counted (including a muggins claim on a count)."""
    if state.phase is Phase.SHOW:
        return True
    return state.phase is Phase.MUGGINS and state.pending is not None and state.pending.resume is Phase.SHOW


def hands_are_public(state: CribbageState) -> bool:
    """Hands are face up in the show (C13) and once the match is over."""
    return in_show(state) or state.phase is Phase.OVER


def crib_is_public(state: CribbageState) -> bool:
    """The crib is turned over when the dealer counts it (C13), and shown when the match is over."""
    return (in_show(state) and state.show_step >= state.game.num_players) or (
        state.phase is Phase.OVER and bool(state.crib))


def view(state: CribbageState, seat: int) -> View:
    """What ``seat`` may see, as JSON-ready data."""
    game = state.game
    n = game.num_players
    game.check_seat(seat)
    pending = state.pending
    return {
        "game": "cribbage",
        "seat": seat,
        "phase": state.phase.value,
        "to_move": state.current_player,
        "next_seat": state.to_move,
        "dealer": state.dealer,
        "hand": cards_text(state.hands[seat]),
        "kept": cards_text(state.kept[seat]),
        "discards": cards_text(state.discards[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "discarded": [bool(d) for d in state.discards],
        "hands_shown": [cards_text(k) for k in state.kept] if hands_are_public(state) else None,
        "crib_size": len(state.crib),
        "crib": cards_text(state.crib) if crib_is_public(state) else None,
        "deck_size": len(state.deck),
        "dealt": state.dealt,
        "starter": None if state.starter is None else str(state.starter),
        "count": state.count,
        "series": cards_text(state.series),
        "piles": [cards_text(p) for p in state.piles],
        "passed": sorted(state.passed),
        "last_player": state.last_player,
        "sides": [game.side_of(s) for s in range(n)],
        "scores": list(state.scores),
        "pegs": [{"front": p.front, "rear": p.rear} for p in state.pegs],
        "target": game.target,
        "show_step": state.show_step,
        "cutters": list(state.cutters),
        "cuts": cards_text(state.cuts),
        # what a declared count was really worth is never shown (C17): finding it is the skill muggins
        # tests; it follows from cards every seat sees, and a rebuilt state works it out again
        "pending": None if pending is None else {
            "seat": pending.seat, "declared": pending.declared,
            "claimants": list(pending.claimants), "resume": pending.resume.value, "what": pending.what,
        },
        "match_points": list(state.match_points),
        "games": [{"winner": r.winner, "scores": list(r.scores), "value": r.value} for r in state.results],
    }


def public_view(state: CribbageState) -> View:
    """What a spectator sees: what every seat sees — no hand, no laid-away card, until they are shown."""
    return {**view(state, 0), "seat": None, "hand": [], "kept": [], "discards": []}


def fields_from_view(game: Cribbage, data: View, rng: random.Random) -> dict[str, Any]:
    """The fields (all but ``game``) of a :class:`.state.CribbageState` that shows ``data`` to its
    seat, every card the seat cannot see dealt at random: ``Cribbage.state_from_view`` builds the
    state from them (the state's own module imports this one, so it is built one level up).

    Raises:
        TabletopError: when ``data`` is not a seat's view of this game.
    """
    try:
        return _rebuild(game, data, rng)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise TabletopError(f"not a view of this cribbage game: {error}") from None


def _actual(pending: dict[str, Any], kept: list[tuple[Card, ...]], crib: tuple[Card, ...], starter: Card | None,
            series: tuple[Card, ...]) -> int:
    """What the declared points are really worth, from cards every seat sees (C17): the card just
    played in its series, or the hand or crib being counted with the starter."""
    match pending["what"]:
        case "pegging":
            return pegging_score(series).total
        case "crib":
            return score_hand(crib, starter, crib=True).total
        case _:
            return score_hand(kept[int(pending["seat"])], starter).total


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def _rebuild(game: Cribbage, data: View, rng: random.Random) -> dict[str, Any]:
    if data["game"] != "cribbage" or len(data["piles"]) != game.num_players:
        raise ValueError("the view is of another game or table size")
    n, seat, phase = game.num_players, int(data["seat"]), Phase(data["phase"])
    starter = None if data["starter"] is None else Card.parse(data["starter"])
    piles = tuple(_cards(p) for p in data["piles"])
    cuts = _cards(data["cuts"])
    shown = None if data["hands_shown"] is None else [_cards(k) for k in data["hands_shown"]]
    crib_shown = None if data["crib"] is None else _cards(data["crib"])
    own = (_cards(data["hand"]), _cards(data["kept"]), _cards(data["discards"]))
    seen = {c for group in own for c in group} | {c for p in piles for c in p} | set(cuts)
    seen |= {starter} if starter is not None else set()
    seen |= set(crib_shown or ()) | {c for k in shown or () for c in k}
    unseen = [c for c in DECK if c not in seen]
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
    deck = tuple(sorted(unseen, key=lambda c: c.index))
    if len(deck) != int(data["deck_size"]):
        raise ValueError(f"the view's cards do not add up to a pack ({len(deck)} left, {data['deck_size']} shown)")
    pending = data["pending"]
    return dict(
        phase=phase,
        dealer=int(data["dealer"]),
        to_move=int(data["next_seat"]),
        deck=deck,
        hands=tuple(hands),
        kept=tuple(kept),
        discards=tuple(discards),
        crib=crib,
        dealt=int(data["dealt"]),
        starter=starter,
        count=int(data["count"]),
        series=_cards(data["series"]),
        piles=piles,
        passed=frozenset(int(s) for s in data["passed"]),
        last_player=data["last_player"],
        scores=tuple(int(s) for s in data["scores"]),
        pegs=tuple(Pegs(int(p["front"]), int(p["rear"])) for p in data["pegs"]),
        show_step=int(data["show_step"]),
        cutters=tuple(data["cutters"]),
        cuts=cuts,
        pending=None if pending is None else Pending(
            pending["seat"], _actual(pending, kept, crib, starter, _cards(data["series"])), pending["declared"],
            tuple(pending["claimants"]), Phase(pending["resume"]), pending["what"]),
        match_points=tuple(int(p) for p in data["match_points"]),
        results=tuple(GameResult(r["winner"], tuple(r["scores"]), r["value"]) for r in data["games"]),
    )
