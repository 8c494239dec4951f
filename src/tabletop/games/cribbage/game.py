"""The cribbage game object: its spec and options (C3, C16–C18), the first position, the notation,
the bots, and the numeric encoding, bound together as the :class:`~tabletop.core.Game` the registry
lists. The rules themselves are the state's (:mod:`.state`); this module only says which game of
cribbage is played and where each of its parts lives.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.actions as act
from tabletop.core import SPECTATOR, Capability, Chance, Event, Game, GameSpec, Option, Pool, View
from tabletop.core.agent import Agent
from tabletop.core.batch import Batch
from tabletop.core.errors import IllegalActionError, list_allowed
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.batch import CribbageBatch
from tabletop.games.cribbage.batch import start as start_batch
from tabletop.games.cribbage.encoding import CribbageEncoding
from tabletop.games.cribbage.expert import BASELINES, LEVELS, CribbageExpert, EvGreedyAgent
from tabletop.games.cribbage.phases import Phase, side_of, sides_of
from tabletop.games.cribbage.render import event_text
from tabletop.games.cribbage.scoring import value
from tabletop.games.cribbage.state import CribbageState, from_table, initial_state
from tabletop.games.cribbage.stats import FIGURES
from tabletop.games.cribbage.views import table_from_view

if TYPE_CHECKING:
    from tabletop.core.coach import CoachAdvice
    from tabletop.core.record import Record
    from tabletop.core.statistics import SeatStatistics

TARGET_PRESETS: Mapping[int, str] = MappingProxyType({
    121: "the full game",
    61: "the short game",
    62: "the short game as the original rules count it",
})
"""C3: the named targets, the default first. Any target from 31 to 181 is accepted; these are the
games players mean, so the option's help (and through it the create-table form) names them."""


def _target_help() -> str:
    """The target option's help, naming every preset (the create-table form shows it)."""
    presets = ", ".join(f"{points} ({name})" for points, name in TARGET_PRESETS.items())
    return f"points to win a game (C3): the presets {presets}, or any 31–181"


SPEC = GameSpec(
    name="cribbage",
    title="Cribbage",
    description=(
        "The classic card game of fifteens, pairs and runs for 2, 3 or 4 players (partners opposite): "
        "discard to the crib, peg in the play up to 31, count hands and crib in the show, and race the "
        "pegs round the board to 121 (or the short game, 61 or 62)."
    ),
    min_players=2,
    max_players=4,
    default_players=2,
    chance=Chance.EXPLICIT,
    hidden_information=True,
    utility=(-1.0, 1.0),
    max_length=None,  # the cut for the deal repeats on ties, without bound
    options=(
        Option("target", 121, _target_help(), kind=int, minimum=31, maximum=181,
               presets=(("full", 121), ("short", 61), ("short_original", 62))),
        Option("games", 1, "games in the match (C16); the side winning most wins the match",
               kind=int, choices=(1, 3, 5, 7, 9)),
        Option("stop_at_majority", False, "end the match once a side has won a majority (C16)", kind=bool),
        Option("muggins", False, "players count their own points; opponents may take what they miss (C17)",
               kind=bool),
        Option("skunk", False, "a skunk counts two games, a double skunk three, in the match (C18)", kind=bool),
    ),
    rules="cribbage.md",
    events=(
        # the actions themselves (chance's too), as the rules see them
        "cut", "dealt", "crib_dealt", "discards", "starter", "plays", "go", "counts", "claims", "muggins", "passes",
        # what they cause
        "cut_tie", "dealer", "pegs", "wins_game", "wins_match", "match_tied",
    ),
    # C5, C8, C9 (Cribbage.refusal); a show or a play no deal can produce, given to the scorers (C10, C13)
    errors=("not_in_hand", "count_over_31", "go_with_card", "discard_count",
            "show_size", "no_starter", "card_twice", "empty_series", "not_a_card"),
    capabilities=frozenset({Capability.PRESENTATION, Capability.COACH, Capability.ENCODING, Capability.BATCH,
                            Capability.STATISTICS}),
    statistics=FIGURES,  # per deal as pone and as dealer (C5–C13), skunks (C18), discards against the best (.stats)
    # rated games are the full game to 121 (C3), each table size a pool of its own (C15: four play as partners);
    # the match's length and the variants of C16-C18 may be chosen, each a game the same players are measured by
    pools=tuple(Pool(f"cribbage-{players}", f"Cribbage, {players} players to 121",
                     (("players", (players,)), ("games", (1, 3, 5, 7, 9)), ("stop_at_majority", (False, True)),
                      ("muggins", (False, True)), ("skunk", (False, True))))
                for players in (2, 3, 4)),
)
"""The event kinds (:meth:`.state.CribbageState.events`); :mod:`.render` writes each in English.

| kind | params | who sees it |
|---|---|---|
| ``cut`` | seat, card | all (C6) |
| ``cut_tie`` | members (the seats that cut again), rank | all (C6) |
| ``dealer`` | seat, why: ``cut`` (lowest card, C6), ``loser`` (lost the game, C6), ``left`` (passes left) | all |
| ``dealt`` | seat, card — or, for the others, only seat | the recipient; a twin without the card for the rest (C5) |
| ``crib_dealt`` | — | all (three players: a card from the pack to the crib, face down, C5) |
| ``discards`` | seat, cards — or, for the others, seat, count | the owner; a twin with the count for the rest (C5) |
| ``starter`` | card | all (C7) |
| ``plays`` | seat, card, count (the running count after it) | all (C8) |
| ``go`` | seat | all (C9) |
| ``counts`` | seat, what (``hand``/``crib``), cards, starter, declared (with muggins) | all (C13, C17) |
| ``claims`` | seat, declared | all (C17) |
| ``muggins`` | seat, of (whose points), what (``pegging``/``hand``/``crib``) | all (C17) |
| ``passes`` | seat | all (C17) |
| ``pegs`` | seat, side, points, why, score (the side's score after), combinations | all (C2) |
| ``wins_game`` | side, members, scores, value, game, games, match_points, skunk (C18, when one) | all (C14, C16) |
| ``wins_match`` | side, members, match_points, games_won | all (C16, matches of several games) |
| ``match_tied`` | sides, members, match_points, games_won | all (C16) |

``pegs``'s ``why``: ``play`` (cards in the play, C10–C11), ``go`` (C9), ``last_card`` (C12),
``heels`` (C7), ``hand``, ``crib`` (C13), ``muggins`` (C17). ``combinations``, in the order they are
counted aloud (C19), each ``{"why", "cards", "points"}`` with ``why`` one of ``fifteen``,
``thirty_one``, ``pair``, ``pair_royal``, ``double_pair_royal``, ``run``, ``flush``, ``nobs``; it is
left out where points were declared (muggins: the breakdown is for the opponents to find, C17).
"""


class Cribbage(Game[CribbageState, CribbageAction]):
    """Cribbage with fixed options."""

    spec = SPEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.players = self.num_players  # read on every step by the kernel: a plain attribute
        self.sides = sides_of(n)
        self.side_by_seat = tuple(side_of(seat, n) for seat in range(n))  #: the side each seat plays for
        self._seat_sides = tuple((side, tuple(s for s in range(n) if self.side_by_seat[s] == side))
                                 for side in range(self.sides))
        self.hand_size = 6 if n == 2 else 5  # C5
        self.discards = 2 if n == 2 else 1
        self.crib_from_pack = 1 if n == 3 else 0
        self.to_hands = n * self.hand_size  #: cards dealt to the hands, one at a time (C5)
        self.deal_size = self.to_hands + self.crib_from_pack  #: and with three players one to the crib
        self.target: int = self.options["target"]
        self.muggins: bool = self.options["muggins"]
        #: per seat, everyone else and spectators: who sees the redacted twin of that seat's deal or discard
        self.others = tuple((*(s for s in range(n) if s != seat), SPECTATOR) for seat in range(n))

    def initial_state(self) -> CribbageState:
        """Everyone cuts for the first deal (C6)."""
        return initial_state(self)

    def parse_action(self, text: str) -> CribbageAction:
        """Cribbage notation: see :mod:`tabletop.games.cribbage.actions`."""
        return act.parse_action(text)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        return self.side_by_seat[seat]

    def seat_sides(self) -> tuple[tuple[int | str, tuple[int, ...]], ...]:
        """Each side and its seats: a seat alone, or with four players the partners opposite (C15)."""
        return self._seat_sides

    def state_from_view(self, view: View, rng: random.Random) -> CribbageState:
        """A state showing ``view`` to its seat, with every card it cannot see dealt at random.

        Raises:
            TabletopError: when ``view`` is not a seat's view of this game.
        """
        return from_table(self, table_from_view(self, view, rng))

    def refusal(self, state: CribbageState, action: CribbageAction) -> IllegalActionError | None:
        """The rule an illegal play or discard breaks, as a game code: a card not in hand, a count that
        would pass 31 (C8), a go while a card fits (C9), a discard of the wrong size (C5); None for the rest."""
        hand = state.hands[state.to_move] if state.current_player >= 0 else ()
        legal = f"; legal: {list_allowed(state.legal_actions())}"  # what is allowed, as every refusal says (STYLE 11)
        match state.phase, action:
            case Phase.PLAY, act.Play(card) if card not in hand:
                return IllegalActionError(f"{action}: {card} is not in {self.seat_label(state.to_move)}'s hand{legal}",
                                          code="not_in_hand", params={"action": str(action), "card": str(card),
                                                                      "seat": state.to_move})
            case Phase.PLAY, act.Play(card) if state.count + value(card) > 31:
                total = state.count + value(card)
                return IllegalActionError(f"{action}: the count would be {total} > 31 (C8){legal}",
                                          code="count_over_31", params={"action": str(action), "card": str(card),
                                                                        "count": state.count, "total": total})
            case Phase.PLAY, act.Go() if fits := [str(card) for card in hand if state.count + value(card) <= 31]:
                return IllegalActionError(f"go: {', '.join(fits)} can be played, so there is no go (C9){legal}",
                                          code="go_with_card", params={"action": str(action), "cards": fits})
            case Phase.DISCARD, act.Discard(cards):
                needed = next(len(a.cards) for a in state.legal_actions() if isinstance(a, act.Discard))
                if missing := [str(card) for card in cards if card not in hand]:
                    whose = self.seat_label(state.to_move)
                    return IllegalActionError(f"{action}: {missing[0]} is not in {whose}'s hand{legal}",
                                              code="not_in_hand", params={"action": str(action), "card": missing[0],
                                                                          "seat": state.to_move})
                if len(cards) != needed:
                    return IllegalActionError(f"{action}: each player lays away {needed} card(s) to the crib "
                                              f"(C5){legal}",
                                              code="discard_count", params={"action": str(action), "needed": needed})
        return None

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """The cribbage expert at each level, and the "ev-greedy" baseline it is measured against."""

        def level(name: str) -> Callable[[], Agent]:
            return lambda: CribbageExpert(LEVELS[name] if name in LEVELS else BASELINES[name])

        return {**{name: level(name) for name in (*LEVELS, *BASELINES)}, "ev-greedy": EvGreedyAgent}

    def coach(self, view: View, seat: int, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> CoachAdvice | None:
        """Each discard's expected hand and crib, each pegging card's value (:mod:`.coach`)."""
        from tabletop.games.cribbage.coach import coach

        return coach(self, view, seat, budget, seed)

    def seat_statistics(self, record: Record, seat: int, seconds: float | None = None) -> SeatStatistics:
        """Hands, cribs and pegging per deal as pone and as dealer, skunks, and the points each discard lost
        against the best throw (:mod:`.stats`)."""
        from tabletop.games.cribbage.stats import seat_statistics

        return seat_statistics(self, record, seat, seconds)

    def event_text(self, event: Event) -> str:
        """``seat 2 pegs 4 (hand): fifteen two, and a pair is four``: see :func:`.render.event_text`."""
        return event_text(event, self.num_players)

    encoding_type = CribbageEncoding
    """Every action and chance outcome an index, each view a vector (built once per game by the core)."""

    batch_type = CribbageBatch
    """Games stepped together by the kernel looped over the rows of an array, in the encoding's numbers
    (:mod:`.batch`)."""

    def batch(self, size: int) -> Batch:
        """``size`` games in the batched kernel (:class:`.batch.CribbageBatch`).

        Raises:
            NotImplementedError: without the compiled extra: as Python, the kernel looped over rows steps slower
                than a table a game, which ``tabletop.interop.batches.batch_of`` then gives.
            ValueError: for a size below 1.
        """
        if not start_batch():
            raise NotImplementedError("cribbage's batched kernel runs compiled (pip install 'tabletop[compiled]')")
        return super().batch(size)
