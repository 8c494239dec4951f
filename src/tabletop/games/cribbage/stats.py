"""Cribbage statistics of one seat in a finished game: its hands, cribs and pegging per deal as pone and as
dealer, its skunks, and how many points its discards gave away against the exact best throw.

Everything but the discards is read off the game's own events (the record is public once the game is over): a
deal is the seat's *as dealer* or *as pone* by the ``dealer`` event that began it (C6; with three or four
players every seat that does not deal is a pone), and it counts once its show is done — the crib counted (C13) —
so a game that ends in the play (C14) or by resigning leaves its last deal out of the averages. Its hand and crib
are the points pegged for them in the show (C13; as declared, with muggins C17), its pegging the points its
cards pegged in the play (C8–C12: fifteens, pairs, runs, 31, go and last card; his heels C7 and muggins C17 are
not pegging). A game of the match (C16) won or lost by a skunk is found by C18's lines, whether or not the table
counted skunks double (:func:`.pegboard.skunk_value`). A discard (C5) is rated by the coach from the seat's view
when it threw: every possible throw's exact expected hand and crib (:func:`.analysis.discard_analysis`, the crib
given the whole hand), the loss the difference between the best throw's net and the chosen one's
(:func:`tabletop.core.coach.blunder_cost`) — 0 for the best. A discard costs a couple of milliseconds; the
rating stops at the CPU budget and says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.core.coach import blunder_cost
from tabletop.core.statistics import Budget, Figure, SeatStatistics, moves
from tabletop.games.cribbage.pegboard import skunk_value
from tabletop.games.cribbage.phases import Phase

if TYPE_CHECKING:
    from tabletop.core.record import Record
    from tabletop.games.cribbage.game import Cribbage

SECONDS = 2.0
"""The CPU a game's discards may take to rate by default (a discard costs about 2 ms: some 1,000 discards)."""
PEGGING = frozenset({"play", "go", "last_card"})
"""The ``pegs`` reasons of the play (C9–C12)."""
BEST = 1e-9
"""A discard losing less than this is the best throw (the figures are exact but summed in floating point)."""

FIGURES = (
    Figure("discard_loss", "discard_points_lost", per="discards", unit="points", series=True),
    Figure("best_discards", "best_discards", per="discards", unit="share"),
    Figure("hand_as_pone", "hand_points_as_pone", per="deals_as_pone", unit="points"),
    Figure("hand_as_dealer", "hand_points_as_dealer", per="deals_as_dealer", unit="points"),
    Figure("crib", "crib_points", per="deals_as_dealer", unit="points"),
    Figure("pegging_as_pone", "pegging_points_as_pone", per="deals_as_pone", unit="points"),
    Figure("pegging_as_dealer", "pegging_points_as_dealer", per="deals_as_dealer", unit="points"),
    Figure("deals_as_pone", "deals_as_pone"),
    Figure("deals_as_dealer", "deals_as_dealer"),
    Figure("discards", "discards"),
    Figure("games", "games"),
    Figure("skunks", "skunks"),
    Figure("double_skunks", "double_skunks"),
    Figure("skunked", "skunked"),
)
"""What a profile shows (``GameSpec.statistics``): the points lost per discard against the best throw (over time
too) and the share of best throws; per deal as pone and as dealer the hand, the crib (the dealer's) and the
pegging; the games of the matches and their skunks (C18) given, double, and taken."""


@dataclass
class _Deal:
    """The seat's points in the deal being played, and whose deal it is."""

    dealer: int
    hand: int = 0
    crib: int = 0
    pegging: int = 0
    shown: bool = False  #: the crib is counted: the deal is done (C13)


@dataclass
class _Tally:
    totals: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, value: float = 1.0) -> None:
        self.totals[name] = self.totals.get(name, 0.0) + value


def seat_statistics(game: Cribbage, record: Record, seat: int, seconds: float | None = None) -> SeatStatistics:
    """``seat``'s totals in a finished game's ``record`` (:data:`FIGURES` reads them); the discards rated within
    ``seconds`` of CPU (None: :data:`SECONDS`)."""
    tally = _Tally({name: 0.0 for figure in FIGURES for name in (figure.total, figure.per) if name})
    budget = Budget(SECONDS if seconds is None else seconds)
    complete = True
    deal: _Deal | None = None
    for state, text, after in moves(game, record):
        if state.phase is Phase.DISCARD and state.current_player == seat and complete:
            if budget.spent:
                complete = False
            else:
                _rate_discard(game, state, seat, text, tally)
        for event in after.events():
            if event.redacted:
                continue
            params: dict[str, Any] = dict(event.params)
            match event.kind:
                case "dealer":  # (after the crib's points: the next deal begins)
                    _close(deal, seat, tally)
                    deal = _Deal(params["seat"])
                case "pegs" if deal is not None and params["seat"] == seat:
                    why = params["why"]
                    if why in ("hand", "crib"):
                        setattr(deal, why, getattr(deal, why) + params["points"])
                    elif why in PEGGING:
                        deal.pegging += params["points"]
                case "counts" if deal is not None and params["what"] == "crib":
                    deal.shown = True
                case "wins_game":
                    _game_won(game, params, seat, tally)
    _close(deal, seat, tally)
    return SeatStatistics(tally.totals, complete)


def _rate_discard(game: Cribbage, state: Any, seat: int, text: str, tally: _Tally) -> None:
    """C5: the points ``text`` gave away against the best throw, by the coach's exact discard values."""
    advice = game.coach(state.view(seat), seat)
    lost = None if advice is None else blunder_cost(advice, text)
    if lost is None:  # (every legal throw is rated: never here)
        return
    tally.add("discards")
    tally.add("discard_points_lost", lost)
    tally.add("best_discards", 1.0 if lost < BEST else 0.0)


def _close(deal: _Deal | None, seat: int, tally: _Tally) -> None:
    """A deal whose show is done: its points to the seat's totals as dealer or as pone (a deal cut short by the
    game's end counts nothing)."""
    if deal is None or not deal.shown:
        return
    role = "dealer" if deal.dealer == seat else "pone"
    tally.add(f"deals_as_{role}")
    tally.add(f"hand_points_as_{role}", deal.hand)
    tally.add(f"pegging_points_as_{role}", deal.pegging)
    if role == "dealer":
        tally.add("crib_points", deal.crib)


def _game_won(game: Cribbage, params: dict[str, Any], seat: int, tally: _Tally) -> None:
    """A game of the match is over (C14, C16): a skunk given or taken by C18's lines."""
    side, scores = params["side"], params["scores"]
    value = skunk_value(game.target, max(score for other, score in enumerate(scores) if other != side))
    tally.add("games")
    if game.side_of(seat) == side:
        tally.add("skunks", 1.0 if value >= 2 else 0.0)
        tally.add("double_skunks", 1.0 if value == 3 else 0.0)
    else:
        tally.add("skunked", 1.0 if value >= 2 else 0.0)
