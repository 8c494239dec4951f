"""Cubulus as a :class:`~tabletop.core.Game`: the spec and its options (U4, U11–U13, U16), bound to
the modules that do the work — the rules in :mod:`.state`, the notation in :mod:`.actions`, the
views in :mod:`.views`, the text in :mod:`.render`, the numbers in :mod:`.encoding` and the
bots in :mod:`.expert` — so that everything outside the package meets one object.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from tabletop.core import (
    Capability,
    Chance,
    Event,
    Game,
    GameSpec,
    IllegalActionError,
    Option,
    OptionError,
    Player,
    Pool,
    View,
    no_such_seat,
)
from tabletop.core.agent import Agent
from tabletop.games.cubulus.actions import CubulusAction, parse_action
from tabletop.games.cubulus.batch import CubulusBatch
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, COLOUR_NAMES, EMPTY_BOARD, NEUTRAL, NEUTRAL_NAME
from tabletop.games.cubulus.encoding import CubulusEncoding
from tabletop.games.cubulus.expert import make_levels
from tabletop.games.cubulus.geometry import ALL_CELLS, EXTERIOR
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.render import event_text
from tabletop.games.cubulus.state import CubulusState, position, start
from tabletop.games.cubulus.stats import FIGURES
from tabletop.games.cubulus.views import state_fields

if TYPE_CHECKING:
    from tabletop.core.coach import CoachAdvice
    from tabletop.core.record import Record
    from tabletop.core.statistics import SeatStatistics

MAX_MOVE_CAP: Final = 10_000

SPEC = GameSpec(
    name="cubulus",
    title="Cubulus",
    description=(
        "An abstract game in a 3×3×3 cube of balls: insert a ball of your colour through one of the 54 "
        "holes, pushing the balls in its line deeper, or turn a full line; the first to show a square of "
        "four of their colour on a face wins — but a square you make for someone else makes them win."
    ),
    min_players=2,
    max_players=3,
    default_players=2,
    chance=Chance.EXPLICIT,
    hidden_information=False,
    utility=(-1.0, 1.0),
    max_length=1 + BALLS_PER_COLOUR + MAX_MOVE_CAP,  # the draw for the start, the set-up, the cap
    options=(
        Option("first", "random", "who starts (U4, U9, U13): drawn at random (a recorded chance event), "
               "or a seat: 0 (Seat 1), 1 (Seat 2), 2 (Seat 3, with three players)", kind=str,
               choices=("random", "0", "1", "2"), seat_choices=True),
        Option("neutral_cells", "all", "where the 9 neutral balls may be placed (U13): any cell, or the surface "
               "only (not the centre 111)", kind=str, choices=("all", "exterior")),
        Option("allow_null_shift", False, "allow a shift that changes nothing: a line of one colour (U11)",
               kind=bool),
        Option("no_undo", "next", "U12: the next move may not recreate the board before the last move, or off",
               kind=str, choices=("next", "off")),
        Option("move_cap", 300, "the game is drawn after this many moves after the set-up (U16)",
               kind=int, minimum=1, maximum=MAX_MOVE_CAP),
        Option("repetition_draw", True, "draw on the third occurrence of a position (U16)", kind=bool),
    ),
    rules="cubulus.md",
    events=("starts", "neutral_placed", "setup_done", "insert", "shift", "pass", "square", "draw"),
    errors=(
        "chance_first", "start_decided", "no_seat", "first_seat",  # U4, U9, U13: who starts
        "no_neutral", "neutral_all_placed", "cell_taken", "centre_cell", "placing_neutral",  # U9, U13: set-up
        "no_ball_in_hand", "line_full",  # U5, U7, U10: inserts
        "line_not_full", "null_shift", "recreates_board",  # U11, U12: shifts
        "must_move", "not_an_action",  # U14: a pass
        "compiled_missing",  # a bot: the hard level without the compiled extra {level, extra}
    ),
    capabilities=frozenset({Capability.PRESENTATION, Capability.PREVIEW, Capability.COACH, Capability.ENCODING,
                            Capability.BATCH, Capability.STATISTICS}),
    statistics=FIGURES,  # wins by the order played (U4, U13), forced wins missed by the proof search (.stats)
    # the standard game for two and for three (U1), the first player drawn (U4, U13: a chosen first seat is a
    # handicap); the neutral balls may go anywhere or on the surface, a fair choice for every side (U13)
    pools=tuple(Pool(f"cubulus-{players}", f"Cubulus, {players} players",
                     (("players", (players,)), ("neutral_cells", ("all", "exterior"))))
                for players in (2, 3)),
)


class Cubulus(Game[CubulusState, CubulusAction]):
    """Cubulus with fixed options.

    ``first`` may also be given as an int seat (0–1, or 0–2 with three players); it is stored as
    text, as the command line gives it.

    Raises:
        OptionError: for ``first`` naming a seat the table does not have (seat 2 with two players).
    """

    spec = SPEC
    encoding_type = CubulusEncoding
    """Actions as indices 0–135, ``first N`` as chance outcome N, views as vectors (:mod:`.encoding`)."""
    batch_type = CubulusBatch
    """Many games stepped together in numpy arrays, in the encoding's numbers (:mod:`.batch`)."""

    def __init__(self, **options: Any) -> None:
        first = options.get("first")
        if isinstance(first, int) and not isinstance(first, bool):
            options["first"] = str(first)
        super().__init__(**options)
        first = self.options["first"]
        if first != "random" and int(first) >= self.num_players:
            seats = ", ".join(f"{seat} ({self.seat_label(seat)})" for seat in range(self.num_players))
            raise OptionError(f"option first={first}: {no_such_seat(int(first), self.num_players)} (U13); "
                              f"choose random or a seat's index: {seats}", code="first_seat",
                              params={"first": int(first), "players": self.num_players})
        self.colours = range(self.num_players)  #: the colours that can win: one per seat
        self.has_neutral = self.num_players == 2
        self.neutral_cells = EXTERIOR if self.options["neutral_cells"] == "exterior" else ALL_CELLS
        self.allow_null_shift: bool = self.options["allow_null_shift"]
        self.no_undo = self.options["no_undo"] == "next"
        self.move_cap: int = self.options["move_cap"]
        self.repetition_draw: bool = self.options["repetition_draw"]

    def initial_state(self) -> CubulusState:
        """Chance draws the first player (option first=random), else the game starts at once."""
        first = self.options["first"]
        if first == "random":
            return CubulusState(self, Phase.START, 0, EMPTY_BOARD)
        return start(self, int(first))

    def colour_name(self, colour: int) -> str:
        """``red``, ``blue``, ``yellow``, or ``neutral`` for colour 2 with two players."""
        return NEUTRAL_NAME if self.has_neutral and colour == NEUTRAL else COLOUR_NAMES[colour]

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """The Cubulus expert at each level (alpha-beta on the bitboards: :mod:`.expert`)."""
        return make_levels()

    def coach(self, view: View, seat: Player, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> CoachAdvice | None:
        """The moves that lose (or win) by force and the expert's preferred move (:mod:`.coach`)."""
        from tabletop.games.cubulus.coach import coach

        return coach(self, view, seat, budget, seed)

    def seat_statistics(self, record: Record, seat: Player, seconds: float | None = None) -> SeatStatistics:
        """Wins as first, second and third player, and the forced wins the proof search finds missed
        (:mod:`.stats`)."""
        from tabletop.games.cubulus.stats import seat_statistics

        return seat_statistics(self, record, seat, seconds)

    def event_text(self, event: Event) -> str:
        """``event`` in English, for the terminal (:func:`.render.event_text`)."""
        return event_text(self, event)

    def refusal(self, state: CubulusState, action: CubulusAction) -> IllegalActionError | None:
        """Every Cubulus refusal names its rule (U…): :meth:`CubulusState.refusal`."""
        return state.refusal(action)

    def parse_action(self, text: str) -> CubulusAction:
        """Cubulus notation: see :mod:`tabletop.games.cubulus.actions`."""
        return parse_action(text)

    def state_from_view(self, view: View, rng: random.Random) -> CubulusState:
        """Everything in Cubulus is public, so a view rebuilds its state exactly.

        Raises:
            TabletopError: when ``view`` is not a view of this game.
        """
        return CubulusState(self, **state_fields(self, view))

    def position(self, cells: Mapping[str, int], to_move: Player = 0, moves: int = 0) -> CubulusState:
        """A position set up by hand: ``{"102": 0, "101": 1}`` puts colour 0 on 102 and colour 1 on 101.

        For puzzles, tests and analysis. Every seat holds the balls of its colour not on the board;
        with two players, neutral balls not on the board stay in the bag.

        Raises:
            TabletopError: for a bad cell or colour, too many balls, or a square already made.
        """
        return position(self, cells, to_move, moves)
