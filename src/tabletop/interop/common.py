"""What the PettingZoo and Gymnasium adapters share: one game in play, driven by seeded streams.

A :class:`Table` holds the state of one game, resolves its chance nodes with a generator the
adapter owns (exact outcomes by their probabilities, or a simulated throw where a game can only
sample), keeps what each seat has observed (the history a bot is given) and turns a seat's
*view* into the numbers of the game's :class:`~tabletop.core.Encoding` (through the encoding's
``observe_state`` and ``mask_of`` where it offers them: the same numbers, less work per step).
Nothing here knows a game: everything goes through the interface and the registry (``tabletop.load``).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.core.extras import require

require("gymnasium", extra="rl", purpose="the Gymnasium and PettingZoo environments")

from gymnasium import spaces

import tabletop
from tabletop.core import Capability, Decision, Encoding, Game, IllegalActionError, State
from tabletop.sim.runner import streams

Observation = dict[str, npt.NDArray[Any]]
"""What a learner sees: ``{"observation": float32 vector, "action_mask": int8 vector}``."""

_INT8 = np.dtype(np.int8)
_NONZERO = np.ndarray.nonzero
_VIEW = np.ndarray.view


class ActionMask(np.ndarray[Any, np.dtype[Any]]):
    """The ``action_mask`` a learner is handed: an int8 NumPy array like any other (PettingZoo's and
    Gymnasium's masks are int8: ``Discrete.sample(mask)`` takes no other), whose :meth:`nonzero` finds its
    legal indices on a bool view of the same bytes.

    ``np.flatnonzero(mask)``, ``np.nonzero(mask)`` and ``mask.nonzero()`` — how a learner lists its legal
    actions — all end in :meth:`nonzero`, and NumPy has no fast path for int8 there: it tests the items one
    by one, 3–4 µs for cribbage's 1,380, while a bool array's are found in well under one (an int8 item and
    a bool are both one byte, nonzero alike whatever the value: the indices are the same). Everything else
    is the ndarray's own; what NumPy makes from a mask (a slice, a copy, ``mask * x``) is a mask too, and
    for any dtype but int8 :meth:`nonzero` is the ndarray's.
    """

    __slots__ = ()

    def nonzero(self) -> tuple[npt.NDArray[np.intp], ...]:
        """The indices of the nonzero items, as ``ndarray.nonzero`` finds them (on a bool view for int8)."""
        return _NONZERO(_VIEW(self, np.bool_, np.ndarray)) if self.dtype is _INT8 else _NONZERO(self)


ILLEGAL_CHOICES = ("lose", "raise")
"""What an adapter does with an illegal action: the mover loses the game, or an error is raised."""


def load_game(game: str | Game[Any, Any], options: Mapping[str, Any]) -> Game[Any, Any]:
    """The game named ``game`` with ``options`` (or ``game`` itself, when no options are given).

    Raises:
        UnknownGameError, OptionError: from :func:`tabletop.load`.
        ValueError: when a loaded game is given together with options.
    """
    if isinstance(game, str):
        return tabletop.load(game, **options)
    if options:
        raise ValueError(f"give options with the game's name, not with a loaded game ({game!r})")
    return game


def encoding_of(game: Game[Any, Any]) -> Encoding[Any]:
    """The game's numeric form; a clear error when the game offers none."""
    if not game.provides(Capability.ENCODING):
        raise NotImplementedError(f"{game.name} cannot be used by learning code: it has no numeric encoding "
                                  "(its spec does not offer the encoding capability)")
    try:
        return game.encoding()
    except NotImplementedError as error:
        raise NotImplementedError(f"{game.name} cannot be used by learning code yet: {error}") from None


def observation_space(encoding: Encoding[Any]) -> spaces.Dict:
    """The space of :meth:`Table.observe`: the view's vector, in the ranges its fields promise
    (finite wherever the game knows them), and the 0/1 mask over every action index."""
    low, high = encoding.observation_bounds()
    return spaces.Dict({
        "observation": spaces.Box(low, high, shape=(encoding.observation_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(encoding.num_actions,), dtype=np.int8),
    })


def check_illegal(illegal: str) -> str:
    """``illegal`` if it is one of :data:`ILLEGAL_CHOICES`, else a ValueError saying what is allowed."""
    if illegal not in ILLEGAL_CHOICES:
        raise ValueError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL_CHOICES)}")
    return illegal


_INDICES: weakref.WeakKeyDictionary[Encoding[Any], dict[int, tuple[Any, int]]] = weakref.WeakKeyDictionary()
"""Per encoding: the indices of the action objects its game hands out again and again (interned)."""


def _indices_of(encoding: Encoding[Any]) -> dict[int, tuple[Any, int]]:
    """The action-index memo every table of ``encoding``'s game shares."""
    found = _INDICES.get(encoding)
    if found is None:
        found = _INDICES[encoding] = {}
    return found


class Table:
    """One game in play for an adapter: its state, its chance stream and what each seat saw.

    A learning loop asks the same position several times (the mask to check an action, the
    observation of the agent to move): each position's legal mask and each seat's observation are
    computed once, when first asked, and kept until the position changes. What each seat saw of
    the actions (the history a bot is given) is written down only with ``history=True``: where no
    bot plays (PettingZoo, a vector of games) nothing asks for it.
    """

    def __init__(self, game: Game[Any, Any], *, history: bool = True, seat_streams: bool | None = None) -> None:
        """``history``: keep what each seat saw (bots are asked with it); ``seat_streams``: derive each
        seat's generator at every reset (bots draw from them; by default where history is kept)."""
        self.game = game
        self.history = history
        self.seat_streams = history if seat_streams is None else seat_streams
        self.encoding = encoding_of(game)
        self.num_actions = self.encoding.num_actions
        self.state: State[Any] = game.initial_state()
        self.steps = 0  #: player actions taken since the reset (chance outcomes not counted)
        self.chance = random.Random(0)
        self.seat_rngs: list[random.Random] = []  #: each seat's stream for its bot (with ``history``: bots play)
        self.seed: int | str = 0  #: the seed of the last reset
        self.seen: list[list[str]] = [[] for _ in range(game.num_players)]  #: per seat (with ``history``)
        self._mask: npt.NDArray[np.int8] | None = None  #: the legal mask of ``state``, once asked
        self._legal: dict[int, Any] | None = None  #: index → the legal action (the object the state offers), once asked
        self._observed: dict[int, npt.NDArray[np.float32]] = {}  #: each seat's encoded view of ``state``
        self._indices = _indices_of(self.encoding)  #: id(action) → (action, index), shared by the game's tables
        # the encoding's shortcuts, where it has them (docs/interop.md): the same numbers, less work per step
        self._observe_state = getattr(self.encoding, "observe_state", None)  #: ``observe`` without the view
        self._mask_of = getattr(self.encoding, "mask_of", None)  #: ``legal_mask`` without listing the actions
        self._observe_with_mask = getattr(self.encoding, "observe_with_mask", None)  #: both, in one call
        self._action_at = self.encoding.action_at

    def reset(self, seed: int | str) -> None:
        """Start a new game whose chance (and bots) draw from streams derived from ``seed``.

        The streams are those of :func:`tabletop.sim.play`, so an episode and ``play`` with the
        same seed and the same actions deal the same cards and roll the same dice.
        """
        self.seed = seed  # streams for the seats only where bots play: each is 2.5 KiB of generator state
        self.chance, self.seat_rngs = streams(seed, self.game.num_players if self.seat_streams else 0)
        self._set(self.game.initial_state())
        self.seen = [[] for _ in range(self.game.num_players)]
        self.steps = 0
        self.resolve_chance()

    @property
    def to_move(self) -> int:
        """The seat to move (after chance is resolved: never CHANCE), or TERMINAL."""
        return self.state.current_player

    def resolve_chance(self) -> None:
        """Draw chance outcomes until a seat must act or the game is over."""
        state = self.state
        if not state.is_chance:
            return
        if self.history:
            while state.is_chance:
                self._apply(state.sample_chance(self.chance))
                state = self.state
            return
        chance = self.chance  # nobody keeps what each seat saw: the states in between are never asked anything
        while state.is_chance:
            state = state.apply(state.sample_chance(chance))
        self._set(state)

    def action(self, index: int) -> Any:
        """The player action numbered ``index`` if the seat to move may take it here.

        Raises:
            IllegalActionError: naming the index, its action and the legal indices.
        """
        if self._mask_of is not None:  # the mask the seat was shown says whether; the encoding which action
            if 0 <= index < self.num_actions and self.legal_mask()[index]:
                return self.encoding.action_at(index)
        else:
            legal = self._legal
            found = (self._legal_actions() if legal is None else legal).get(index)
            if found is not None:
                return found
        try:
            action = self.encoding.action_at(int(index))
        except ValueError as error:
            raise IllegalActionError(f"action {index}: {error}; legal: {self.legal_text()}") from None
        player = self.state.current_player
        who = "chance" if player < 0 else self.game.seat_label(player)
        raise IllegalActionError(f"action {index} ({action}) is not legal for {who} here; legal: {self.legal_text()}",
                                 params={"action": str(action), "index": int(index), "player": player})

    def take(self, index: int) -> None:
        """Play the action numbered ``index`` for the seat to move, then resolve the chance that follows:
        :meth:`action` and :meth:`play` in one, the path of a learning step.

        Where the encoding numbers the very objects the state offers (it has ``mask_of``) and no history is
        kept, the action is not looked up in a mask first: the state's ``apply`` checks it (every game's
        does, before anything changes) and what it refuses is refused here as :meth:`action` refuses it.

        Raises:
            IllegalActionError: naming the index, its action and the legal indices; nothing has changed.
        """
        if self._mask_of is None or self.history or not 0 <= index < self.num_actions:
            self.play(self.action(index))
            return
        try:
            state = self.state.apply(self._action_at(index))
        except IllegalActionError as error:
            refused = error
        else:
            self.steps += 1
            chance = self.chance
            while state.is_chance:
                state = state.apply(state.sample_chance(chance))
            self.state, self._mask, self._legal = state, None, None  # _set, inline
            if self._observed:
                self._observed = {}
            return
        self.action(index)  # raises, naming the legal indices
        raise refused  # (the mask allowed what the state refused: the game's own error)

    def legal_text(self) -> str:
        """The legal action indices with their notation, for error messages."""
        if self.state.current_player < 0:
            return "none (no seat is to move)"
        return ", ".join(f"{self.encoding.action_index(a)} ({a})" for a in self.state.legal_actions())

    def play(self, action: Any) -> None:
        """Apply a seat's ``action`` (already checked legal), then resolve any chance that follows."""
        self.steps += 1
        if self.history:
            self._apply(action)
            self.resolve_chance()
            return
        state = self.state.apply(action)  # resolve_chance, unrolled: the path of every learning step
        chance = self.chance
        while state.is_chance:
            state = state.apply(state.sample_chance(chance))
        self._set(state)

    def _apply(self, action: Any) -> None:
        state = self.state
        if self.history:
            for viewer, seen in enumerate(self.seen):
                observed = state.observation(action, viewer)
                if observed is not None:
                    seen.append(observed)
        self._set(state.apply(action))

    def _set(self, state: State[Any]) -> None:
        self.state, self._mask, self._legal = state, None, None
        if self._observed:
            self._observed = {}

    def _legal_actions(self) -> dict[int, Any]:
        """The legal actions by index, kept until the position changes."""
        state = self.state
        legal = {self._index(action): action for action in state.legal_actions()} if state.current_player >= 0 else {}
        self._legal = legal
        return legal

    def _fresh_mask(self) -> npt.NDArray[np.int8]:
        """A new mask with 1 at each legal index."""
        if self._mask_of is not None:
            fresh: npt.NDArray[np.int8] = self._mask_of(self.state)
            return fresh
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = self._legal
        write: Any = mask.data  # one item at a time: cheaper than numpy's fancy assignment for a few
        for index in self._legal_actions() if legal is None else legal:
            write[index] = 1
        return mask

    def legal_mask(self) -> npt.NDArray[np.int8]:
        """1 at each action index the seat to move may take (all 0 at the end); read-only, kept
        until the position changes."""
        mask = self._mask
        if mask is None:
            mask = self._mask = self._fresh_mask()
            mask.flags.writeable = False
        return mask

    def _index(self, action: Any) -> int:
        """``encoding.action_index(action)``, remembered for the action objects a game reuses."""
        found = self._indices.get(id(action))
        if found is not None and found[0] is action:
            return found[1]
        index = self.encoding.action_index(action)
        if len(self._indices) < 4 * self.num_actions:  # bounded for games that make new action objects
            self._indices[id(action)] = (action, index)
        return index

    def observe(self, seat: int) -> Observation:
        """``seat``'s view as numbers, and its action mask (all 0 when it is not to move): new arrays
        on every call (callers keep them, and may write into them). Where the encoding writes both in one
        call (``observe_with_mask``) they are written anew for each call, and nothing is kept; otherwise the
        view is encoded once per position and each call gets a copy."""
        state = self.state
        if self._observe_with_mask is not None:
            vector, mask = self._observe_with_mask(state, seat, ActionMask)
            return {"observation": vector, "action_mask": mask}
        vector = self._observed.get(seat)
        if vector is None:  # straight from the state where the encoding can: the same numbers as from the view
            vector = self._observed[seat] = (
                self._observe_state(state, seat) if self._observe_state is not None
                else np.asarray(self.encoding.observe(state.view(seat), seat), dtype=np.float32))
        if state.current_player != seat:
            mask = np.zeros(self.num_actions, np.int8)
        else:  # the position's mask kept (the action chosen from it is checked against it), a copy handed out
            mask = self.legal_mask().copy() if self._mask_of is not None else self._fresh_mask()
        return {"observation": vector.copy(), "action_mask": _VIEW(mask, ActionMask)}

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s view as numbers alone (the ``observation`` of :meth:`observe`, without the mask): a new array."""
        if self._observe_state is not None:
            vector: npt.NDArray[np.float32] = self._observe_state(self.state, seat)
            return vector
        return self.observe(seat)["observation"]

    def decision(self, seat: int) -> Decision:
        """What a bot playing ``seat`` is asked now: its view, the legal actions, what it has seen.

        Raises:
            ValueError: for a table that keeps no history (``history=False``).
        """
        if not self.history:
            raise ValueError("this table keeps no history of what each seat saw: make it with history=True for bots")
        state = self.state
        return Decision(self.game, seat, state.view(seat), tuple(state.legal_actions()), tuple(self.seen[seat]))

    def returns(self) -> tuple[float, ...]:
        """Each seat's utility: final once the game is over, 0 before."""
        return tuple(float(value) for value in self.state.returns())
