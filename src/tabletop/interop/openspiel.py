"""Every tabletop game as an OpenSpiel Python game: ``pyspiel.load_game("python_tabletop_cribbage")``.

Importing this module registers ``python_tabletop_<game>`` for each registered game, with the
game's options as OpenSpiel parameters (``python_tabletop_cribbage(players=3,target=61)``; a
``data`` option such as Beetle's custom ``parts`` is a JSON string, empty for none) plus
``max_game_length``. Actions are the indices of the game's :class:`~tabletop.core.Encoding`;
chance is explicit, as OpenSpiel wants it: ``chance_outcomes()`` lists the encoding's chance
indices with the game's exact probabilities (as floats). A configuration whose chance can only be
sampled (Kubik's physics throws) cannot be loaded; a game whose *default* configuration samples
gets, as its OpenSpiel default, the options its spec names for listed chance (Kubik:
``throws=calibrated``). Registering loads no game: nothing here evaluates a game's options on import.

Observations and information states come from an observer built on the encoding, reading views
only: the observation tensor is the player's view as numbers (split into the encoding's named
fields), the observation string the view as JSON, and the information-state string puts before it
everything the player has observed so far, one action a line (``?`` for one it did not see), so
it has perfect recall.
``resample_from_infostate`` draws a world with :meth:`Game.state_from_view
<tabletop.core.Game.state_from_view>`, which lets OpenSpiel's IS-MCTS play the hidden-information
games. ``max_game_length`` counts player decisions; where a game's spec has no bound (Beetle,
Cribbage, Kubik) it defaults to :data:`DEFAULT_MAX_GAME_LENGTH`, and a game reaching it ends there
with every return 0 (a draw). See ``docs/interop.md``.
"""

from __future__ import annotations

import functools
import json
import random
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tabletop.core.extras import require

require("pyspiel", extra="openspiel", purpose="the OpenSpiel games")

import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs

import tabletop
from tabletop.core import Capability, Chance, Encoding, Game, Option, OptionError, SampledChanceError, State

DEFAULT_MAX_GAME_LENGTH = 100_000
"""Player decisions after which a game with no bound of its own ends as a draw. Far beyond any
real game (a 9-game four-player Cribbage match to 181 takes about 3,000, 5,000 Kubik throws at most
10,000), it is a safety net for games that may in principle go on for ever, like Beetle."""

MAX_GAME_LENGTH = "max_game_length"
"""The adapter's own parameter, beside the game's options."""

HIDDEN = "?"
"""How an action a player did not see stands in its information-state string."""

_PROBE_STEPS = 500


def short_name(name: str) -> str:
    """The OpenSpiel name of a tabletop game.

    >>> short_name("cribbage")
    'python_tabletop_cribbage'
    """
    return f"python_tabletop_{name}"


def load(name: str, /, **options: Any) -> Any:
    """The tabletop game ``name`` with ``options`` as a ``pyspiel.Game`` (``max_game_length`` too).

    Raises:
        UnknownGameError, OptionError: for a game or options tabletop does not know.
    """
    spec = tabletop.REGISTRY[name].spec
    by_name = {option.name: option for option in spec.all_options}
    params: dict[str, Any] = {}
    for key, value in options.items():
        if key == MAX_GAME_LENGTH:
            params[key] = int(value)
        elif key in by_name:
            params[key] = _to_parameter(by_name[key], value)
        else:
            raise OptionError(f"{name} has no option {key!r}; options: "
                              f"{', '.join([*by_name, MAX_GAME_LENGTH])}")
    return pyspiel.load_game(short_name(name), params)


# --- parameters ---------------------------------------------------------------------------------


def _to_parameter(option: Option, value: Any) -> Any:
    """An option's value as an OpenSpiel parameter (bool, int, float or str).

    Text is escaped so that it reads back from a game string (``game.ToString()``, which
    serialisation uses) as the same text: ``, ( ) = %`` percent-encoded, and text that OpenSpiel
    would read as a number or a boolean (Kubik's ``cube_edge=15``) in single quotes.
    """
    if option.kind == "data":
        return "" if value is None else _escape(json.dumps(value, sort_keys=True))
    if value is None:
        return ""
    if option.kind in (bool, int, float):
        return option.kind(value)
    return _escape(str(value))


def _from_parameter(option: Option, value: Any) -> Any:
    """The option's value for an OpenSpiel parameter (the inverse of :func:`_to_parameter`)."""
    if option.kind == "data":
        return None if value == "" else json.loads(_unescape(str(value)))
    if value == "" and option.default is None:
        return None
    if option.kind is str:
        return _unescape(str(value))
    return value


_SPECIAL = {char: f"%{ord(char):02X}" for char in "%,()="}
_NUMERIC = frozenset("+-.0123456789")


def _escape(text: str) -> str:
    """``text`` as it must stand in a game string to be read back as the same text."""
    escaped = "".join(_SPECIAL.get(char, char) for char in text)
    read_as_other = escaped in ("True", "true", "False", "false") or (escaped != "" and set(escaped) <= _NUMERIC)
    quoted = len(escaped) >= 2 and escaped[0] == escaped[-1] == "'"
    return f"'{escaped}'" if read_as_other or quoted else escaped


def _unescape(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == "'":
        text = text[1:-1]
    return urllib.parse.unquote(text) if "%" in text else text


def lists_chance(game: Game[Any, Any]) -> bool:
    """True unless a seeded random playout of ``game`` meets chance that can only be sampled."""
    rng = random.Random(0)
    state: State[Any] = game.initial_state()
    for _ in range(_PROBE_STEPS):
        if state.is_terminal:
            break
        if state.is_chance:
            try:
                state.chance_outcomes()
            except SampledChanceError:
                return False
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)
    return True


@functools.lru_cache(maxsize=64)
def _lists_chance(name: str, options: str) -> bool:
    return lists_chance(tabletop.load(name, **json.loads(options)))


def exact_defaults(name: str) -> dict[str, Any]:
    """Options to add to ``name``'s defaults so that its chance can be listed ({} when it already can):
    what the game's spec declares (``GameSpec.exact_options``), read as data — registering the games
    loads none of them, so no game's defaults are evaluated on import (Kubik's physics default needs
    the ``physics`` extra).

    >>> exact_defaults("kubik"), exact_defaults("cribbage")
    ({'throws': 'calibrated'}, {})
    """
    spec = tabletop.REGISTRY[name].spec
    return dict(spec.exact_options) if spec.chance is Chance.SAMPLED else {}


# --- the game, its states and its observer ------------------------------------------------------


class _Context:
    """A tabletop game with its encoding and length bound, shared by a pyspiel game's states.

    Never copied (``Clone`` deep-copies a state's attributes), and pickled as its name, options
    and bound, so a serialised state rebuilds it.
    """

    def __init__(self, game: Game[Any, Any], max_length: int) -> None:
        self.game = game
        self.encoding: Encoding[Any] = game.encoding()
        self.max_length = max_length
        self.players = game.num_players
        self._texts: dict[tuple[bool, int], str] = {}

    def decode(self, chance: bool, index: int) -> Any:
        """The chance outcome or player action numbered ``index``."""
        return self.encoding.chance_at(index) if chance else self.encoding.action_at(index)

    def text(self, chance: bool, index: int) -> str:
        """The notation of :meth:`decode`'s result (remembered: OpenSpiel asks often)."""
        key = (chance, index)
        if key not in self._texts:
            self._texts[key] = str(self.decode(chance, index))
        return self._texts[key]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _context, (self.game.name, json.dumps(dict(self.game.options), sort_keys=True), self.max_length)


@functools.lru_cache(maxsize=64)
def _context(name: str, options: str, max_length: int) -> _Context:
    return _Context(tabletop.load(name, **json.loads(options)), max_length)


@dataclass(frozen=True, slots=True)
class _Node:
    """One position for OpenSpiel: the tabletop state and what each seat has observed so far.

    Immutable, so ``Clone`` shares it; pickled as where it started (the initial state, or a
    world drawn from a view) and the actions since, which replay to it.
    """

    context: _Context
    state: State[Any]
    seen: tuple[tuple[str, ...], ...]
    decisions: int = 0
    origin: tuple[int, str, int] | None = None  #: (player, view as JSON, seed) of a resampled world
    actions: tuple[str, ...] = ()
    legal: list[tuple[int, ...]] = field(default_factory=list, compare=False, repr=False)  #: cache

    def legal_indices(self) -> tuple[int, ...]:
        """The legal player actions' indices, ascending (computed once: Kubik has 3,120 throws)."""
        if not self.legal:
            encoding = self.context.encoding
            self.legal.append(tuple(sorted(encoding.action_index(a) for a in self.state.legal_actions())))
        return self.legal[0]

    @property
    def truncated(self) -> bool:
        """True when the game reached ``max_game_length`` unfinished: it ends there, a draw."""
        return self.decisions >= self.context.max_length and not self.state.is_terminal

    def child(self, action: Any) -> _Node:
        state = self.state
        seen = tuple((*history, state.observation(action, seat) or HIDDEN) for seat, history in enumerate(self.seen))
        return _Node(self.context, state.apply(action), seen, self.decisions + (not state.is_chance),
                     self.origin, (*self.actions, str(action)))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self.context, self.origin, self.actions, self.seen, self.decisions)


def _restore(context: _Context, origin: tuple[int, str, int] | None, actions: tuple[str, ...],
             seen: tuple[tuple[str, ...], ...], decisions: int) -> _Node:
    game = context.game
    if origin is None:
        state: State[Any] = game.initial_state()
    else:
        state = game.state_from_view(json.loads(origin[1]), random.Random(origin[2]))
    for text in actions:
        state = state.apply(game.parse_action(text))
    return _Node(context, state, seen, decisions, origin, actions)


def _view_text(state: State[Any], player: int) -> str:
    return json.dumps(state.view(player), sort_keys=True, separators=(",", ":"), default=str)


class TabletopState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A tabletop state seen through OpenSpiel's API (actions and chance outcomes as indices)."""

    def __init__(self, game: TabletopGame, node: _Node) -> None:
        super().__init__(game)
        self._node = node

    @property
    def tabletop_state(self) -> State[Any]:
        """The tabletop state behind this one."""
        return self._node.state

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's CHANCE or TERMINAL."""
        node = self._node
        if node.state.is_terminal or node.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        if node.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return node.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._node.legal_indices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's index with its exact probability as a float, by index.

        Raises:
            ValueError: for chance that can only be sampled (Kubik's physics throws).
        """
        node = self._node
        try:
            outcomes = node.state.chance_outcomes()
        except SampledChanceError as error:
            raise ValueError(f"{node.context.game.name}: OpenSpiel needs chance outcomes it can list ({error})") \
                from None
        encoding = node.context.encoding
        return sorted((encoding.chance_index(outcome), float(p)) for outcome, p in outcomes if p > 0)

    def _apply_action(self, action: int) -> None:
        node = self._node
        self._node = node.child(node.context.decode(node.state.is_chance, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._node.context.text(player == pyspiel.PlayerId.CHANCE, action)

    def is_terminal(self) -> bool:
        """True once the game is over (or reached ``max_game_length``)."""
        return self._node.state.is_terminal or self._node.truncated

    def returns(self) -> list[float]:
        """Each seat's utility: final at the end, 0 before (and after a truncation)."""
        return [float(value) for value in self._node.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state ``player_id`` cannot tell from this one: the hidden parts drawn anew.

        The world comes from ``Game.state_from_view`` with a seed drawn from ``probability_sampler``;
        the player's observed history is kept, and in that world the other seats are taken to
        have observed what this player did (their real observations would leak the secrets).
        """
        node = self._node
        seed = int(float(probability_sampler()) * 2**53)
        view = node.state.view(player_id)
        state = node.context.game.state_from_view(view, random.Random(seed))
        seen = (node.seen[player_id],) * node.context.players
        origin = (player_id, json.dumps(view, sort_keys=True, default=str), seed)
        return TabletopState(self.get_game(), _Node(node.context, state, seen, node.decisions, origin))

    def observed(self, player: int) -> tuple[str, ...]:
        """Every action so far as ``player`` saw it (its notation, redacted or :data:`HIDDEN`)."""
        return self._node.seen[player]

    def __str__(self) -> str:
        return str(self._node.state)


class TabletopObserver:
    """Observations from views only, in OpenSpiel's ``make_py_observer`` form.

    For a single player's private information (the default observation and the information
    state): the tensor is the encoding of the view, one named piece per field, the string the
    view as JSON (with the observed history first, for perfect recall). Public-only observation
    (no private information) is the spectator's view, as a string.
    """

    def __init__(self, context: _Context, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tabletop games observe through one player's view; all players' private "
                             "information at once is not supported")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.context = context
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        if self.public_only:
            self.tensor: np.ndarray[Any, Any] | None = None
            return
        encoding = context.encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        names = [field.name for field in encoding.fields]
        if len(set(names)) == len(names) and all(field.size > 0 for field in encoding.fields):
            start = 0
            for field in encoding.fields:
                self.dict[field.name] = self.tensor[start:start + field.size]
                start += field.size
        else:
            self.dict["observation"] = self.tensor

    def set_from(self, state: TabletopState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (and so :attr:`dict`)."""
        if self.tensor is not None:
            self.tensor[:] = self.context.encoding.observe(state.tabletop_state.view(player), player)

    def string_from(self, state: TabletopState, player: int) -> str:
        """``player``'s view as JSON; with perfect recall, after everything the player observed."""
        if self.public_only:
            return json.dumps(state.tabletop_state.public_view(), sort_keys=True, separators=(",", ":"), default=str)
        text = _view_text(state.tabletop_state, player)
        if self.perfect_recall:
            return "".join(f"{seen}\n" for seen in state.observed(player)) + text
        return text


class TabletopGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """A tabletop game configuration as a pyspiel game (made by ``pyspiel.load_game``).

    Each tabletop game registers a subclass naming it (:func:`register_all`): OpenSpiel keeps the
    class it is given until the process exits, and a class outlives the interpreter's shutdown
    where a plain function (or ``functools.partial``) would be freed too late and abort it.
    """

    tabletop_name: str = ""  #: the tabletop game, set by each registered subclass

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.tabletop_name
        params = dict(params or {})
        spec = tabletop.REGISTRY[name].spec
        options = {option.name: _from_parameter(option, params[option.name])
                   for option in spec.all_options if option.name in params}
        game = tabletop.load(name, **options)
        if spec.chance is Chance.SAMPLED and not _lists_chance(name, json.dumps(dict(game.options), sort_keys=True)):
            instead = ", ".join(f"{key}={value}" for key, value in exact_defaults(name).items())
            raise ValueError(f"{name} with these options samples its chance; OpenSpiel needs outcomes it can "
                             f"list: use e.g. {instead}")
        max_length = int(params.get(MAX_GAME_LENGTH, spec.max_length or DEFAULT_MAX_GAME_LENGTH))
        self.context = _Context(game, max_length)
        encoding = self.context.encoding
        low, high = spec.utility
        info = pyspiel.GameInfo(num_distinct_actions=encoding.num_actions,
                                max_chance_outcomes=encoding.num_chance_outcomes,
                                num_players=game.num_players, min_utility=float(low), max_utility=float(high),
                                utility_sum=None, max_game_length=max_length)
        super().__init__(GAME_TYPES[name], info, params)
        self._initial = _Node(self.context, game.initial_state(), ((),) * game.num_players)

    @property
    def tabletop_game(self) -> Game[Any, Any]:
        """The tabletop game behind this one."""
        return self.context.game

    def new_initial_state(self, state: Any = None) -> TabletopState:
        """The state before the first action."""
        if state is not None:
            raise NotImplementedError("tabletop games start only from their initial state")
        return TabletopState(self, self._initial)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> TabletopObserver:
        """An observer reading views only (see :class:`TabletopObserver`)."""
        return TabletopObserver(self.context, iig_obs_type, params)


def _game_type(name: str) -> Any:
    spec = tabletop.REGISTRY[name].spec
    if MAX_GAME_LENGTH in {option.name for option in spec.all_options}:
        raise ValueError(f"{name} has an option called {MAX_GAME_LENGTH}, the adapter's own parameter")
    defaults = {**{option.name: option.default for option in spec.all_options}, **exact_defaults(name)}
    parameters = {option.name: _to_parameter(option, defaults[option.name]) for option in spec.all_options}
    parameters[MAX_GAME_LENGTH] = spec.max_length or DEFAULT_MAX_GAME_LENGTH
    kinds = pyspiel.GameType
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python tabletop {spec.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=(kinds.ChanceMode.DETERMINISTIC if spec.chance is Chance.NONE
                     else kinds.ChanceMode.EXPLICIT_STOCHASTIC),
        information=(kinds.Information.IMPERFECT_INFORMATION if spec.hidden_information
                     else kinds.Information.PERFECT_INFORMATION),
        utility=kinds.Utility.GENERAL_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


GAME_TYPES: dict[str, Any] = {}
"""Each registered game's ``pyspiel.GameType``, by tabletop name."""


def register_all() -> list[str]:
    """Register every tabletop game with a numeric encoding with OpenSpiel (done on import); return their
    short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in tabletop.REGISTRY.providing(Capability.ENCODING):
        GAME_TYPES.setdefault(name, _game_type(name))
        if short_name(name) not in registered:
            title = "".join(part.title() for part in name.split("_"))
            game_class = type(f"Tabletop{title}Game", (TabletopGame,), {"tabletop_name": name})
            pyspiel.register_game(GAME_TYPES[name], game_class)
        names.append(short_name(name))
    return names


SHORT_NAMES = register_all()
"""The OpenSpiel names of the tabletop games."""

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "SHORT_NAMES", "TabletopGame", "TabletopObserver", "TabletopState",
           "exact_defaults", "lists_chance", "load", "short_name"]
