"""Beetle ("Жук") as a :class:`~tabletop.core.Game`: the one place that binds the package's modules
into what the registry lists. Its options pick the parts table (B10: a preset or a custom table)
and whether the others play on for the places after the winner (B7, B12); the positions, their
views, their English and their numbers come from the modules below it (``state``, ``views``,
``render``, ``encoding``), and its bot from ``expert``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import LEVELS, Agent, Capability, Chance, Event, Game, GameSpec, Option, OptionError, View
from tabletop.games.beetle.actions import BeetleAction, parse_action
from tabletop.games.beetle.encoding import BeetleEncoding
from tabletop.games.beetle.events import EVENTS
from tabletop.games.beetle.expert import Roller
from tabletop.games.beetle.odds import win_probabilities
from tabletop.games.beetle.parts import PRESETS, PartsTable
from tabletop.games.beetle.phases import Phase
from tabletop.games.beetle.render import event_text
from tabletop.games.beetle.state import BeetleState
from tabletop.games.beetle.views import position_from_view

if TYPE_CHECKING:
    from tabletop.core.coach import CoachAdvice


def _check_parts(value: object) -> object:
    """Validate a custom parts table given as data (B10); None means "use the variant"."""
    if value is None:
        return None
    if isinstance(value, PartsTable):
        return value.to_data()
    return PartsTable.from_data(value).to_data()


SPEC = GameSpec(
    name="beetle",
    title="Beetle (Жук)",
    description=(
        "A dice drawing game: roll the one shared die and draw the beetle part its face names — "
        "body first, head on the body, legs and tail on the body, eyes and antennae on the head. "
        "The first to finish the whole beetle wins."
    ),
    min_players=1,
    max_players=8,
    default_players=3,
    chance=Chance.EXPLICIT,
    hidden_information=False,
    utility=(0.0, 1.0),
    max_length=None,
    options=(
        Option(
            "variant",
            "classic",
            "parts table preset (B10), or custom with the parts option",
            kind=str,
            choices=(*PRESETS, "custom"),
        ),
        Option("parts", None, "a custom parts table (B10)", kind="data", check=_check_parts),
        Option(
            "play_on",
            False,
            "after the winner, the others play on for the remaining places (B7, B12)",
            kind=bool,
        ),
    ),
    rules="beetle.md",
    events=EVENTS,
    capabilities=frozenset({Capability.PRESENTATION, Capability.COACH, Capability.ODDS, Capability.ENCODING}),
    unrated="Beetle has no decisions (B13): every turn is a roll, so a result says nothing about the player",
)


class Beetle(Game[BeetleState, BeetleAction]):
    """Beetle with fixed options; ``table`` is the parts table in use."""

    spec = SPEC
    encoding_type = BeetleEncoding
    """``roll`` as action 0, faces as chance outcomes 0–5, views as vectors."""

    def __init__(self, **options: Any) -> None:
        if options.get("parts") is not None and "variant" not in options:
            options["variant"] = "custom"
        super().__init__(**options)
        variant, parts = self.options["variant"], self.options["parts"]
        if variant == "custom":
            if parts is None:
                raise OptionError("variant=custom needs a parts table (option parts)")
            self.table = PartsTable.from_data(parts)
        else:
            if parts is not None:
                raise OptionError(
                    f"give either variant={variant} or a parts table, not both "
                    "(a parts table implies variant=custom)"
                )
            self.table = PRESETS[variant]

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """Beetle has no decisions (B13: every turn is a roll), so every level is the same roller."""
        return {level: Roller for level in LEVELS}

    def initial_state(self) -> BeetleState:
        """A blank sheet per seat; the roll-off first (B6), unless one plays alone."""
        n = self.num_players
        sheets = (self.table.empty,) * n
        if n == 1:
            return BeetleState(self, Phase.PLAY, 0, False, sheets)
        return BeetleState(self, Phase.ROLL_OFF, 0, False, sheets, contenders=tuple(range(n)))

    def state_from_view(self, view: View, rng: random.Random) -> BeetleState:
        """Everything in Beetle is public, so a view rebuilds its state exactly."""
        return BeetleState(self, **position_from_view(self.table, view))

    def win_chances(self, state: BeetleState) -> Sequence[float]:
        """Exact, roll-off included (B6): Beetle hides nothing, so the odds reveal nothing either."""
        return win_probabilities(state)

    def coach(self, view: View, seat: int, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> CoachAdvice | None:
        """The live exact odds as advice: a roll is the only choice (:mod:`.coach`)."""
        from tabletop.games.beetle.coach import coach

        return coach(self, view, seat, seed)

    def event_text(self, event: Event) -> str:
        """A Beetle event in English, for the terminal: "seat 2 draws leg (3/6)"."""
        return event_text(event)

    def parse_action(self, text: str) -> BeetleAction:
        """``roll`` or a die face ``1``–``6``."""
        return parse_action(text)
