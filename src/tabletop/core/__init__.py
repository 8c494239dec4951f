"""The core of tabletop: the game interface, its spec, errors, records and the registry.

Nothing here imports a game; games import this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.lazy import lazy_exports

if TYPE_CHECKING:
    from tabletop.core.agent import LEVELS, Agent, Decision
    from tabletop.core.batch import Batch
    from tabletop.core.capabilities import Capability
    from tabletop.core.encoding import Encoding, Field, Observation
    from tabletop.core.ending import CAUSES, Ending, ended_result
    from tabletop.core.errors import (
        CORE_ERRORS,
        IllegalActionError,
        NotationError,
        OptionError,
        RecordError,
        SampledChanceError,
        TabletopError,
        UnknownGameError,
        no_such_seat,
        seat_label,
    )
    from tabletop.core.events import RESULT_KINDS, SPECTATOR, Event, action_event, event, unredacted, visible
    from tabletop.core.game import CHANCE, TERMINAL, Game, Player, State, View
    from tabletop.core.outcome import winner_field, winners
    from tabletop.core.pools import Pool, pool_for, unrated_reason
    from tabletop.core.record import Record, iter_replay, replay
    from tabletop.core.registry import Registry
    from tabletop.core.spec import Chance, GameSpec, Option
    from tabletop.core.statistics import Figure, SeatStatistics

_LAZY = {
    "Agent": "tabletop.core.agent",
    "Batch": "tabletop.core.batch",
    "CAUSES": "tabletop.core.ending",
    "CHANCE": "tabletop.core.game",
    "CORE_ERRORS": "tabletop.core.errors",
    "Capability": "tabletop.core.capabilities",
    "Chance": "tabletop.core.spec",
    "Decision": "tabletop.core.agent",
    "Encoding": "tabletop.core.encoding",
    "Ending": "tabletop.core.ending",
    "Event": "tabletop.core.events",
    "Field": "tabletop.core.encoding",
    "Figure": "tabletop.core.statistics",
    "Game": "tabletop.core.game",
    "GameSpec": "tabletop.core.spec",
    "IllegalActionError": "tabletop.core.errors",
    "LEVELS": "tabletop.core.agent",
    "NotationError": "tabletop.core.errors",
    "Observation": "tabletop.core.encoding",
    "Option": "tabletop.core.spec",
    "OptionError": "tabletop.core.errors",
    "Player": "tabletop.core.game",
    "Pool": "tabletop.core.pools",
    "RESULT_KINDS": "tabletop.core.events",
    "Record": "tabletop.core.record",
    "RecordError": "tabletop.core.errors",
    "Registry": "tabletop.core.registry",
    "SPECTATOR": "tabletop.core.events",
    "SampledChanceError": "tabletop.core.errors",
    "SeatStatistics": "tabletop.core.statistics",
    "State": "tabletop.core.game",
    "TERMINAL": "tabletop.core.game",
    "TabletopError": "tabletop.core.errors",
    "UnknownGameError": "tabletop.core.errors",
    "View": "tabletop.core.game",
    "action_event": "tabletop.core.events",
    "ended_result": "tabletop.core.ending",
    "event": "tabletop.core.events",
    "iter_replay": "tabletop.core.record",
    "no_such_seat": "tabletop.core.errors",
    "pool_for": "tabletop.core.pools",
    "replay": "tabletop.core.record",
    "seat_label": "tabletop.core.errors",
    "unredacted": "tabletop.core.events",
    "unrated_reason": "tabletop.core.pools",
    "visible": "tabletop.core.events",
    "winner_field": "tabletop.core.outcome",
    "winners": "tabletop.core.outcome",
}
"""Each name here and the module that defines it, imported on first use (PEP 562): ``tabletop.core.cards`` or
``.errors`` alone (scoring a hand at the prompt) does not load NumPy and pydantic for the encodings and records."""


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)

__all__ = [
    "CAUSES",
    "CHANCE",
    "CORE_ERRORS",
    "LEVELS",
    "RESULT_KINDS",
    "SPECTATOR",
    "TERMINAL",
    "Agent",
    "Batch",
    "Capability",
    "Chance",
    "Decision",
    "Encoding",
    "Ending",
    "Event",
    "Field",
    "Figure",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "Player",
    "Pool",
    "Record",
    "RecordError",
    "Registry",
    "SampledChanceError",
    "SeatStatistics",
    "State",
    "TabletopError",
    "UnknownGameError",
    "View",
    "action_event",
    "ended_result",
    "event",
    "iter_replay",
    "no_such_seat",
    "pool_for",
    "replay",
    "seat_label",
    "unrated_reason",
    "unredacted",
    "visible",
    "winner_field",
    "winners",
]
