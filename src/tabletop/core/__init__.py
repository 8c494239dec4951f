"""The core of tabletop: the game interface, its spec, errors, records and the registry.

Nothing here imports a game; games import this.
"""

from tabletop.core.agent import LEVELS, Agent, Decision
from tabletop.core.encoding import Encoding, Field, Observation
from tabletop.core.errors import (
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    SampledChanceError,
    TabletopError,
    UnknownGameError,
)
from tabletop.core.events import RESULT_KINDS, SPECTATOR, Event, action_event, event, unredacted, visible
from tabletop.core.game import CHANCE, TERMINAL, Game, Player, State, View
from tabletop.core.outcome import winner_field, winners
from tabletop.core.record import Record, iter_replay, replay
from tabletop.core.registry import Registry
from tabletop.core.spec import Chance, GameSpec, Option

__all__ = [
    "CHANCE",
    "LEVELS",
    "RESULT_KINDS",
    "SPECTATOR",
    "TERMINAL",
    "Agent",
    "Chance",
    "Decision",
    "Encoding",
    "Event",
    "Field",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "Player",
    "Record",
    "RecordError",
    "Registry",
    "SampledChanceError",
    "State",
    "TabletopError",
    "UnknownGameError",
    "View",
    "action_event",
    "event",
    "iter_replay",
    "replay",
    "unredacted",
    "visible",
    "winner_field",
    "winners",
]
