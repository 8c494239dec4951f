"""A game's capabilities and options, declared once as data.

A :class:`GameSpec` says what a game is (players, chance, hidden information, utility range,
length) and which options it takes; :meth:`GameSpec.resolve` turns user-given options into a
complete, validated mapping, or raises :class:`OptionError` naming what is allowed. The CLI, the
web app and the RL adapters read the same spec, so a game never describes itself twice.
"""

from __future__ import annotations

import contextlib
import enum
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.capabilities import Capability
from tabletop.core.errors import OptionError, list_allowed
from tabletop.core.pools import Pool
from tabletop.core.statistics import Figure

Validator = Callable[[Any], Any]

RULES = "rules"
"""The option every game has besides its own: the rules version (:attr:`GameSpec.rules_version`)."""


class Chance(enum.Enum):
    """How a game's chance events are given."""

    NONE = "none"  #: deterministic game
    EXPLICIT = "explicit"  #: chance nodes list every outcome with its exact probability
    SAMPLED = "sampled"  #: outcomes can only be sampled (e.g. a physics simulation)


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: its type, default, and what values it accepts.

    ``kind`` is ``int``, ``float``, ``str``, ``bool`` or ``"data"`` (structured data such as a parts table:
    JSON-like in records, read from a TOML/JSON file by the CLI). ``check`` may further validate
    and normalise a value; it raises ``ValueError`` with a message saying what is allowed.
    """

    name: str
    default: Any
    help: str
    kind: type | str = int
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    check: Validator | None = field(default=None, compare=False)
    presets: tuple[tuple[str, Any], ...] = ()  #: named values worth offering (("short", 61), …)
    example: Any = None  #: a value that shows the form of a free-form option ("3+2")
    seat_choices: bool = False  #: its choices other than words are seat numbers (0-based): a form
    #: labels them as seats and offers only the seats the table has

    def validate(self, value: Any) -> Any:
        """Return ``value`` coerced to this option's type, or raise :class:`OptionError`."""
        value = self._coerce(value)
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name}={value!r} is not allowed; "
                f"choose one of: {list_allowed(self.choices)}",
                code="option_choice", params={"option": self.name, "value": _shown(value),
                                              "choices": [_shown(c) for c in self.choices]},
            )
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name}={value!r} is below the minimum {self.minimum}",
                              code="option_below",
                              params={"option": self.name, "value": value, "minimum": self.minimum})
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name}={value!r} is above the maximum {self.maximum}",
                              code="option_above",
                              params={"option": self.name, "value": value, "maximum": self.maximum})
        if self.check is not None:
            try:
                value = self.check(value)
            except OptionError:
                raise
            except ValueError as error:
                raise OptionError(f"option {self.name}: {error}", code="option_invalid",
                                  params={"option": self.name, "value": _shown(value)}) from None
        return value

    def to_data(self) -> dict[str, Any]:
        """What a form needs to offer this option, as data: its kind (``int``, ``float``, ``str``,
        ``bool`` or ``data``), default, choices, bounds, presets and an example, with the help text
        and the one-line summary of what it takes."""
        return {"name": self.name, "kind": self.kind if isinstance(self.kind, str) else self.kind.__name__,
                "default": self.default, "choices": list(self.choices) if self.choices is not None else None,
                "minimum": self.minimum, "maximum": self.maximum,
                "presets": [{"name": name, "value": value} for name, value in self.presets],
                "example": self.example, "seat_choices": self.seat_choices, "help": self.help,
                "allowed": self.describe()}

    def describe(self) -> str:
        """One line saying what values this option takes, for help texts."""
        if self.choices is not None:
            allowed = " | ".join(str(c) for c in self.choices)
        elif self.kind is float:
            allowed = f"number {self.minimum if self.minimum is not None else ''}.."
            allowed += f"{self.maximum if self.maximum is not None else ''}"
        elif self.kind is int:
            allowed = f"integer {self.minimum if self.minimum is not None else ''}.."
            allowed += f"{self.maximum if self.maximum is not None else ''}"
        elif self.kind is bool:
            allowed = "true | false"
        elif self.kind == "data":
            allowed = "a TOML/JSON file"
        else:
            allowed = "text"
        return allowed

    def _kind_name(self) -> str:
        return self.kind if isinstance(self.kind, str) else self.kind.__name__

    def _coerce(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name}={value!r} must be true or false", code="option_type",
                              params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
        if self.kind is int:
            if isinstance(value, bool):
                raise OptionError(f"option {self.name}={value!r} must be an integer", code="option_type",
                                  params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
            if isinstance(value, int):
                return value
            if isinstance(value, str):
                try:
                    return int(value.strip())
                except ValueError:
                    pass
            raise OptionError(f"option {self.name}={value!r} must be an integer", code="option_type",
                              params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
        if self.kind is float:
            number: float | None = None
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                number = float(value)
            elif isinstance(value, str):
                with contextlib.suppress(ValueError):
                    number = float(value.strip())
            if number is None:
                raise OptionError(f"option {self.name}={value!r} must be a number", code="option_type",
                                  params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
            if not math.isfinite(number):  # NaN passes every min/max test; infinity is no setting
                raise OptionError(f"option {self.name}={value!r} must be a finite number", code="option_type",
                                  params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
            return number
        if self.kind is str:
            if isinstance(value, str):
                return value.strip()
            raise OptionError(f"option {self.name}={value!r} must be text", code="option_type",
                              params={"option": self.name, "value": _shown(value), "kind": self._kind_name()})
        return value  # "data": validated by ``check``


def _shown(value: Any) -> Any:
    """A value as an error's params carry it: JSON data as it is, anything else as text (bounded)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)[:100]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is, as data: every consumer (CLI, web, adapters, tests) reads it from here.

    ``max_length`` bounds the number of actions (chance outcomes included) in a game, or is
    None when a game can in principle go on for ever (Beetle: a player may keep missing).
    ``players`` is always an option; the others come from ``options``.
    """

    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    chance: Chance
    hidden_information: bool
    utility: tuple[float, float]
    max_length: int | None
    options: tuple[Option, ...] = ()
    rules: str = ""  #: the rule file the game implements, e.g. "beetle.md"
    rules_version: int = 1
    """The version of the rules this code plays by default. It goes up with every change that would
    make an old record play differently (a rule, an option's default, the notation); each older
    version stays playable (``rules=N``), so a record or a stored table made before a change replays
    under the rules it was played by (docs/records.md)."""
    events: tuple[str, ...] = ()  #: every event kind the game emits (State.events), results aside
    errors: tuple[str, ...] = ()  #: the game's own error codes (besides the core's, tabletop.core.errors.CORE_ERRORS)
    #: the version of the game's numeric form (``Game.encoding``), the ``_vN`` of its learning environments
    #: (``tabletop_cribbage_v1``, ``tabletop/Cribbage-v1``): raised whenever the observation layout or bounds
    #: or the action numbering change, so one version keeps its spaces and their meaning (docs/interop.md)
    encoding_version: int = 1
    #: where ``chance`` is SAMPLED by default: the option choices under which the game lists its chance outcomes
    #: instead (Kubik: ``(("throws", "calibrated"),)``), the default of an adapter that needs them (OpenSpiel)
    exact_options: tuple[tuple[str, Any], ...] = ()
    #: option values a table where people play starts with unless they choose otherwise (the server's
    #: tables with a person seated, terminal play with a human seat): Kubik's ``max_throws`` 0 — a safety
    #: cap for simulations is off for people
    people_options: tuple[tuple[str, Any], ...] = ()
    #: what the game offers beyond the required core (:class:`~tabletop.core.capabilities.Capability`: its own
    #: words, motion, a coach, odds, a numeric encoding, a batched kernel), checked against its code when it
    #: is registered; front ends and adapters ask for each by name (``Game.provides``)
    capabilities: frozenset[Capability] = frozenset()
    #: the configurations whose games are rated, each a pool of its own ratings (:mod:`tabletop.core.pools`);
    #: none: the game is never rated, and ``unrated`` says why in a sentence a page can show
    pools: tuple[Pool, ...] = ()
    unrated: str = ""
    #: with the statistics capability: the figures a player's statistics show, read from the totals its
    #: ``Game.seat_statistics`` gives for each finished game (:mod:`tabletop.core.statistics`)
    statistics: tuple[Figure, ...] = ()

    @property
    def all_options(self) -> tuple[Option, ...]:
        """The options, ``players`` first."""
        players = Option(
            "players",
            self.default_players,
            f"number of players ({self.min_players}–{self.max_players})",
            kind=int,
            minimum=self.min_players,
            maximum=self.max_players,
        )
        return (players, *self.options)

    @property
    def rules_option(self) -> Option:
        """``rules``: the rules version a game plays by, in every game's options but none of its
        forms — people play today's rules; records and stored tables name the version they need."""
        return Option(RULES, self.rules_version, f"the rules version the game is played by (1–{self.rules_version}; "
                      "records and tables made before a rule change keep theirs)", kind=int, minimum=1,
                      maximum=self.rules_version)

    def option(self, name: str) -> Option:
        """The option called ``name``; raises :class:`OptionError` listing the known ones."""
        if name == RULES:
            return self.rules_option
        for option in self.all_options:
            if option.name == name:
                return option
        raise OptionError(
            f"{self.name} has no option {name!r}; "
            f"its options are: {list_allowed(o.name for o in self.all_options)}",
            code="unknown_option", params={"game": self.name, "option": _shown(name),
                                           "options": [o.name for o in self.all_options]},
        )

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``given`` options and fill in defaults; raises :class:`OptionError`."""
        for name in given:
            self.option(name)
        return {
            option.name: option.validate(given.get(option.name, option.default))
            for option in (*self.all_options, self.rules_option)
        }
