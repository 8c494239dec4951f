"""Game records: options, every chance outcome and every action, in order, as JSON.

A record replays exactly: the same game with the same options, fed the same actions in the
game's notation, reaches the same state. Records are what the CLI saves, the server stores and
``tabletop replay`` reads; reading one validates it fully and names the first bad action.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pydantic

from tabletop.core.data import problems
from tabletop.core.ending import Ending, ended_result
from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.game import Game, State
from tabletop.core.spec import RULES

FORMAT_VERSION = 2
"""The record's own layout. Version 2 (December 2026) added the rules version to the options
(``options.rules``); a version-1 record was made before there was more than one version of any
game's rules, so it reads as ``rules: 1``."""

FORMATS = (1, 2)
"""The layouts this code reads."""


class _RecordModel(pydantic.BaseModel):
    """The JSON shape of a record, for validation with precise messages."""

    model_config = pydantic.ConfigDict(extra="forbid", strict=True)

    game: str
    options: dict[str, Any] = {}
    actions: list[str]
    meta: dict[str, Any] = {}
    ending: str | None = None
    version: int = FORMAT_VERSION


@dataclass(frozen=True, slots=True)
class Record:
    """A played (or partly played) game: ``{"game", "options", "actions", "meta"}``.

    ``options`` names the rules version too (``rules``) when the record was made by a game
    (``game.options`` always holds it); a record written by hand without it is played by today's
    rules. ``meta`` holds optional facts that replay does not need: ``seed``, ``players`` (names),
    ``date``, ``result``. ``ending`` says how a game that did not end by its rules ended
    (:class:`~tabletop.core.ending.Ending`: ``resigned 1``, ``abandoned``…); None for a game played
    to its end or still going. Written only when set, so a record without one reads as before.
    """

    game: str
    options: Mapping[str, Any]
    actions: tuple[str, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    ending: Ending | None = None

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text."""
        data: dict[str, Any] = {
            "version": FORMAT_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "actions": list(self.actions),
            "meta": dict(self.meta),
        }
        if self.ending is not None:
            data["ending"] = str(self.ending)
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse and validate a record; raises :class:`RecordError` saying what is malformed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"record is not valid JSON: {error}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> Record:
        """Validate already-decoded JSON data as a record."""
        if not isinstance(data, dict):
            raise RecordError("record must be a JSON object with game, options and actions")
        try:
            model = _RecordModel.model_validate(data)
        except pydantic.ValidationError as error:
            bad_actions = [
                e["loc"][1] for e in error.errors() if e["loc"][:1] == ("actions",) and len(e["loc"]) > 1
            ]
            index = bad_actions[0] if bad_actions and isinstance(bad_actions[0], int) else None
            raise RecordError(f"malformed record: {problems(error, 'record')}", index=index) from None
        if model.version not in FORMATS:
            raise RecordError(f"record format version {model.version} is not supported "
                              f"(this tabletop reads versions {', '.join(map(str, FORMATS))})")
        options = model.options
        if model.version == 1:  # made before any game had a second rules version
            options = {**options, RULES: options.get(RULES, 1)}
        ending = Ending.parse(model.ending) if model.ending is not None else None
        return cls(model.game, options, tuple(model.actions), model.meta, ending)


def iter_replay(game: Game[Any, Any], actions: Sequence[str]) -> Iterator[State[Any]]:
    """Yield the initial state and the state after each action of ``actions``.

    Raises:
        RecordError: at the first action that does not parse or is not legal, with its index.
    """
    state: State[Any] = game.initial_state()
    yield state
    for index, text in enumerate(actions):
        try:
            state = state.apply_text(text)
        except TabletopError as error:
            raise RecordError(f"action {index} `{text}`: {error}", index=index) from None
        yield state


def replay(record: Record, load: Callable[..., Game[Any, Any]]) -> State[Any]:
    """Replay ``record`` with the game that ``load(name, **options)`` builds; return the last state.

    Raises:
        RecordError: for an unknown game, bad options, or the first bad action (with its index).
    """
    try:
        game = load(record.game, **record.options)
    except TabletopError as error:
        raise RecordError(f"record's game cannot be loaded: {error}") from None
    state: State[Any] = deque(iter_replay(game, record.actions), maxlen=1)[0]
    if record.ending is not None:
        ending_refusal(state, record.ending)
    return state


def ending_refusal(state: State[Any], ending: Ending) -> None:
    """Raise RecordError unless a game may end by ``ending`` at ``state``: ``finished`` only where the
    rules ended it, every other ending only before (nobody resigns a finished game)."""
    if (ending.cause == "finished") != state.is_terminal:
        where = "over by its rules" if state.is_terminal else "not over by its rules"
        raise RecordError(f"ending {str(ending)!r}, but after the last action the game is {where}")
    ended_result(state, ending)  # seats that exist, a side left standing


def record_result(state: State[Any], ending: Ending | None) -> tuple[tuple[float, ...], Any]:
    """The returns and result event of a replayed record (its ``ending`` applied, if any); for a
    game still going, every return as the state has it and no result."""
    if ending is not None:
        return ended_result(state, ending)
    return tuple(state.returns()), state.result()
