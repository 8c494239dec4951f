"""What a cribbage action did, made into events and score records from the kernel's short notes.

The kernel (:mod:`.kernel`) writes down each thing an action does as a few ints in the position, read back as
a tuple — its kind, then plain ints and tuples of card ints (:func:`.positions.told_of`) — because building
parameter dicts, card objects and itemised scores on every step would cost more than the step itself. This
module turns those notes into the public values, only when someone asks: :class:`Event` objects with cards in
notation and scores itemised (C19's order), each with who may see it (a dealt card and a discard whole for
their seat, a twin without the cards for the others), and the :class:`.phases.ScoreEvent` records bots and
tests read. The event kinds and their parameters are listed in :data:`.game.SPEC`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tabletop.core import Event
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.phases import ScoreEvent
from tabletop.games.cribbage.scoring import Score, pegging_score, score_hand

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage
    from tabletop.games.cribbage.positions import Table, Told

WHY: Mapping[str, str] = MappingProxyType({
    "pegging": "play", "go": "go", "last card": "last_card", "heels": "heels", "hand": "hand", "crib": "crib",
    "muggins": "muggins",
})
"""A :class:`ScoreEvent`'s kind as the ``why`` of its ``pegs`` event."""

NAMES = tuple(str(card) for card in DECK)
"""Each card's notation by index."""


def names(cards: tuple[int, ...]) -> list[str]:
    """Card ints in notation."""
    return [NAMES[c] for c in cards]


def cards_of(cards: tuple[int, ...]) -> tuple[Card, ...]:
    """Card ints as cards."""
    return tuple(DECK[c] for c in cards)


def members(game: Cribbage, side: int) -> list[int]:
    """The seats of ``side``: the seat itself, or with four players the partners opposite (C15)."""
    return [s for s in range(game.num_players) if game.side_of(s) == side]


def games_won(table: Table) -> list[int]:
    """How many games of the match each side has won."""
    return [sum(1 for r in table.results if r.winner == side) for side in range(table.game.sides)]


def itemised(itemise: tuple[Any, ...]) -> Score:
    """The combinations behind points the kernel pegged: a play's series, or a hand or crib with the starter."""
    if len(itemise) == 1:
        return pegging_score(cards_of(itemise[0]))
    cards, starter, crib = itemise
    return score_hand(cards_of(cards), DECK[starter] if starter >= 0 else None, crib=crib)


def combinations(score: Score) -> list[dict[str, Any]]:
    """A score's combinations as event data: ``{"why": "pair_royal", "cards": [...], "points": 6}``."""
    return [{"why": c.kind.replace(" ", "_").replace("-", "_"), "cards": [str(card) for card in c.cards],
             "points": c.points} for c in score.combinations]


def scored(told: tuple[Told, ...]) -> tuple[ScoreEvent, ...]:
    """The points the last action pegged (``told``: its notes), itemised where they were counted for the player."""
    return tuple(ScoreEvent(seat, side, why, points, None if itemise is None else itemised(itemise))
                 for kind, seat, side, points, why, _, itemise in (n for n in told if n[0] == "pegs"))


def events(game: Cribbage, told: tuple[Told, ...], table: Callable[[], Table]) -> tuple[Event, ...]:
    """The last action's events (``told``: its notes): the action itself (with its redacted twin where it hides
    cards), then what it caused, in order. ``table`` decodes the whole position, which only a match's end needs
    (its games won): most actions tell what they did without it."""
    made: list[Event] = []
    for note in told:
        made += _made(game, note, table)
    return tuple(made)


def _made(game: Cribbage, told: Told, table: Callable[[], Table]) -> list[Event]:
    match told:
        case ("dealt", seat, card):
            return [Event("dealt", {"seat": seat, "card": NAMES[card]}, frozenset((seat,)), True),
                    Event("dealt", {"seat": seat}, frozenset(game.others[seat]), True, True)]
        case ("discards", seat, cards):
            return [Event("discards", {"seat": seat, "cards": names(cards)}, frozenset((seat,)), True),
                    Event("discards", {"seat": seat, "count": len(cards)}, frozenset(game.others[seat]), True, True)]
        case ("plays", seat, card, count):
            return [Event("plays", {"seat": seat, "card": NAMES[card], "count": count}, None, True)]
        case ("pegs", seat, side, points, why, score, itemise):
            params: dict[str, Any] = {"seat": seat, "side": side, "points": points, "why": WHY[why], "score": score}
            if itemise is not None:
                params["combinations"] = combinations(itemised(itemise))
            return [Event("pegs", params)]
        case ("go", seat) | ("passes", seat):
            return [Event(told[0], {"seat": seat}, None, True)]
        case ("crib_dealt",):
            return [Event("crib_dealt", {}, None, True)]
        case ("cut", seat, card):
            return [Event("cut", {"seat": seat, "card": NAMES[card]}, None, True)]
        case ("starter", card):
            return [Event("starter", {"card": NAMES[card]}, None, True)]
        case ("counts", seat, what, cards, starter, declared):
            said = {} if declared < 0 else {"declared": declared}
            return [Event("counts", {"seat": seat, "what": what, "cards": names(cards),
                                     "starter": NAMES[starter] if starter >= 0 else None, **said}, None, True)]
        case ("claims", seat, declared):
            return [Event("claims", {"seat": seat, "declared": declared}, None, True)]
        case ("muggins", seat, of, what):
            return [Event("muggins", {"seat": seat, "of": of, "what": what}, None, True)]
        case ("cut_tie", lowest, rank):
            return [Event("cut_tie", {"members": list(lowest), "rank": rank})]
        case ("dealer", seat, why):
            return [Event("dealer", {"seat": seat, "why": why})]
        case ("wins_game", side, scores, value, number, games, match_points):
            skunk = {2: {"skunk": "skunk"}, 3: {"skunk": "double_skunk"}}.get(value, {})
            return [Event("wins_game", {"side": side, "members": members(game, side), "scores": list(scores),
                                        "value": value, "game": number, "games": games,
                                        "match_points": list(match_points), **skunk})]
        case ("match_over", top, match_points):
            told_match = {"match_points": list(match_points), "games_won": games_won(table())}
            if len(top) == 1:
                return [Event("wins_match", {"side": top[0], "members": members(game, top[0]), **told_match})]
            return [Event("match_tied", {"sides": list(top),
                                         "members": [s for side in top for s in members(game, side)], **told_match})]
    raise AssertionError(f"the kernel wrote down {told[0]!r}, which has no event")
