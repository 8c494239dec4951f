"""Cribbage's numeric form for learning code: every action an index, a seat's view a vector.

Player actions are numbered in blocks whose sizes depend only on the options: the discards
(C5: every unordered pair of the 52 cards with two players, every single card with three or
four), the 52 cards to play (C8), ``go`` (C9), the count (C13: one ``count``, or with muggins
``count 0`` … ``count 29``, C17, C20), and with muggins ``claim 0`` … ``claim 31``, ``muggins``
and ``pass`` (C17). Chance outcomes are numbered apart and never depend on the state:
``cut X`` 0–51, ``deal X`` 52–103, ``starter X`` 104–155 (card ``X`` at its index, rank-major).

The observation reads only a seat's view: its own hand and laid-away cards, the starter, every
card played this hand per seat and the current series in order, the count, goes, the show,
muggins claims, scores, pegs and the match. Seats are relative to the observer (the observer
first, then clockwise) and sides likewise (the observer's side first).
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import tabletop.games.cribbage.actions as act
import tabletop.games.cribbage.kernel as kernel
import tabletop.games.cribbage.layout as layout
import tabletop.games.cribbage.observation as observation
from tabletop.core import Encoding, Field, Observation, Player, View, no_such_seat, seat_label
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.moves import MOVES
from tabletop.games.cribbage.observation import write_vector
from tabletop.games.cribbage.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage
    from tabletop.games.cribbage.state import CribbageState

PHASES = tuple(Phase)
"""The phases in the order of the ``phase`` field."""

MAX_HAND_COUNT = 29
"""C20: no hand or crib scores more than 29, so a muggins count declares 0–29."""

PENDING_WHAT = ("pegging", "hand", "crib")
CHANCE_OUTCOMES: tuple[CribbageAction, ...] = (
    *(act.Cut(c) for c in DECK), *(act.Deal(c) for c in DECK), *(act.Starter(c) for c in DECK))
"""``cut``, ``deal`` and ``starter`` of each card, in card-index order: outcomes 0–155."""

_CHANCE_INDEX = {outcome: i for i, outcome in enumerate(CHANCE_OUTCOMES)}
class _ByName(dict[str, int]):
    """A number for each card name as views write it (the canonical form); any other spelling is
    parsed (and a name that is no card raises ValueError)."""

    def __init__(self, number: Callable[[Card], int]) -> None:
        super().__init__((str(card), number(card)) for card in DECK)
        self.number = number

    def __missing__(self, text: str) -> int:
        return self.number(Card.parse(text))


_CARD_INDEX = _ByName(lambda card: card.index)
"""A card's name → its index."""
_RANK = _ByName(lambda card: card.rank - 1)
"""A card's name → its rank's place in a rank one-hot (A = 0 … K = 12)."""


def player_actions(players: int, muggins: bool) -> tuple[CribbageAction, ...]:
    """Every player action of a configuration, in index order: the game's interned action objects
    (:mod:`.actions`), the very ones a state offers, so that an index's action applies by identity."""
    discards: tuple[CribbageAction, ...] = (
        tuple(act.PAIR_DISCARDS[a.index * 52 + b.index] for a, b in combinations(DECK, 2)) if players == 2
        else act.SINGLE_DISCARDS)
    counts: tuple[CribbageAction, ...] = act.COUNTS[: MAX_HAND_COUNT + 1] if muggins else (act.COUNT,)
    extra: tuple[CribbageAction, ...] = (*act.CLAIMS, act.MUGGINS, act.PASS) if muggins else ()
    return (*discards, *act.PLAYS, act.GO, *counts, *extra)


@cache
def action_tables(players: int, muggins: bool) -> tuple[tuple[CribbageAction, ...], dict[CribbageAction, int],
                                                        dict[int, int]]:
    """A configuration's player actions in index order, their indices by value and by identity, built once and
    shared by every encoding of that configuration (two players' 1,380 actions cost some 260 KiB: a learner's
    environments, one game object each, would each lay them out).

    Only the player count and muggins change the numbering, so there are at most six of these. The identity
    index stays right because the interned actions live as long as the program.
    """
    actions = player_actions(players, muggins)
    return (actions, {action: i for i, action in enumerate(actions)},
            {id(action): i for i, action in enumerate(actions)})


class CribbageEncoding(Encoding[CribbageAction]):
    """Cribbage's actions and views as numbers, for one player count and set of options."""

    def __init__(self, game: Cribbage) -> None:
        n = self.players = game.num_players
        self.sides = game.sides
        self.target = game.target
        self.hand_size = game.hand_size
        self.muggins = bool(game.options["muggins"])
        self.games = int(game.options["games"])
        self.match_scale = self.games * (3 if game.options["skunk"] else 1)
        self.deal_size = n * game.hand_size + game.crib_from_pack
        self.series_slots = min(4 * n, 13)  # every seat plays 4 cards; 13 is the most a count of 31 takes
        self._actions, self._index, self._by_id = action_tables(n, self.muggins)  # shared, never written
        self._index_of = _move_numbers(n, self.muggins)[0]
        s, slots = self.sides, self.series_slots
        self._fields = (
            Field.unit("phase", len(PHASES), "one-hot: " + ", ".join(p.value for p in PHASES)),
            Field.unit("next_seat", n, "one-hot: the seat to act next, or last to act in a chance phase"),
            Field.unit("dealer", n, "one-hot: the dealer (C5, C6)"),
            Field.unit("hand", 52, "the observer's cards in hand, by card index (rank-major: AC AD AH AS 2C …)"),
            Field.unit("discards", 52, "the cards the observer laid away to the crib (C5)"),
            Field.unit("starter", 52, "the starter once cut (C7)"),
            Field.unit("piles", n * 52, "per seat: the cards it has played face up this hand (C8)"),
            Field.unit("series", slots * (13 + n),
                  f"the current series in order, {slots} slots: rank one-hot (A…K) and the seat that played it"),
            Field.unit("count", 1, "the running count / 31 (C9, C10)"),
            Field.unit("passed", n, "1 for each seat that said go in this series (C9)"),
            Field.unit("last_player", n, "one-hot: who played the last card of the series"),
            Field.unit("hand_sizes", n, f"per seat: cards in hand / {game.hand_size}"),
            Field.unit("discarded", n, "1 for each seat that has laid away to the crib"),
            Field.unit("crib_size", 1, "cards in the crib / 4"),
            Field.unit("dealt", 1, f"cards dealt this hand / {self.deal_size} (C5)"),
            Field.unit("hands_shown", n * 52,
                       "per seat: its four-card hand, once hands are face up (C13, end of match)"),
            Field.unit("crib", 52, "the crib, once the dealer turns it over (C13)"),
            Field.unit("show_step", n + 1,
                       "one-hot: which hand is being counted (in counting order), the last is the crib"),
            Field.unit("cutters", n, "1 for each seat cutting for the deal (C6)"),
            Field.unit("cuts", n * 13, "per seat: rank one-hot of its cut this round (C6)"),
            Field.unit("pending", 1, "1 while a muggins declaration is under way (C17)"),
            Field.unit("pending_seat", n, "one-hot: the seat whose points are being declared (C17)"),
            Field.unit("pending_points", 2,
                       "1 once the points are declared, and the points declared / 31 (C17; what they "
                       "were really worth is never shown: finding it is the skill muggins tests)"),
            Field.unit("claimants", n, "1 for each seat still to be asked whether to take missed points (C17)"),
            Field.unit("pending_what", len(PENDING_WHAT), "one-hot: pegging, hand or crib (C17)"),
            Field.unit("scores", s, f"per side (the observer's first): points / {game.target} (C3)"),
            Field.unit("rear_pegs", s, f"per side: the rear peg / {game.target} (C2)"),
            Field.unit("match_points", s, f"per side: match points / {self.match_scale} (C16, C18)"),
            Field.unit("games_won", s, f"per side: games won / {self.games} (C16)"),
            Field.unit("games_played", 1, f"games finished / {self.games}"),
        )
        self._size = sum(field.size for field in self._fields)
        self._at: dict[str, int] = {}  #: where each field starts
        start = 0
        for field in self._fields:
            self._at[field.name] = start
            start += field.size
        self._starts = tuple(self._at.values())  #: the same, in field order, for :func:`.observation.write_vector`
        self._at_array = np.array(self._starts, dtype=np.int64)
        self._at_array.flags.writeable = False
        self._orders = tuple(tuple((seat + j) % n for j in range(n)) for seat in range(n))
        """Per observer: the seats from the observer's, clockwise."""
        self._relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        """Per observer: each seat's place counted from the observer's."""
        self._side_order = tuple(tuple((game.side_of(seat) + j) % s for j in range(s)) for seat in range(n))
        """Per observer: the sides from the observer's."""

    # --- numbering -----------------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return len(self._actions)

    @property
    def num_chance_outcomes(self) -> int:
        """156: cut, deal and starter of each card."""
        return len(CHANCE_OUTCOMES)

    @property
    def fields(self) -> Sequence[Field]:
        return self._fields

    @property
    def observation_size(self) -> int:
        """The length of every observation vector (the fields' sizes added up once)."""
        return self._size

    def action_index(self, action: CribbageAction) -> int:
        """The index of ``action`` in this configuration's numbering.

        Raises:
            ValueError: for a chance outcome or an action no state of this configuration offers.
        """
        try:
            return self._index[action]
        except (KeyError, TypeError):
            pass
        if action in _CHANCE_INDEX:
            raise ValueError(f"{action}: a chance outcome, not a player action (see chance_index)")
        numbered = "count 0–29, claim 0–31, muggins, pass" if self.muggins else "count"
        cards = "two cards" if self.players == 2 else "one card"
        raise ValueError(f"{action}: not a player action of {self._describe_config()}; "
                         f"numbered: discard {cards}, play a card, go, {numbered}")

    def action_at(self, index: int) -> CribbageAction:
        if not 0 <= index < len(self._actions):
            raise ValueError(f"action {index} is out of range 0–{len(self._actions) - 1} for {self._describe_config()}")
        return self._actions[index]

    def mask_of(self, state: CribbageState) -> npt.NDArray[np.int8]:
        """``legal_mask(state)``, written from the kernel position (:func:`.observation.write_mask`: every move the
        kernel accepts, numbered as here) without listing the legal actions; the action at a legal index is
        :meth:`action_at`'s, the very object the state offers. The learning adapters' masks
        (:class:`tabletop.interop.common.Table`)."""
        mask = np.zeros(len(self._actions), dtype=np.int8)
        if state.is_chance or state.is_terminal:
            return mask
        if kernel.COMPILED:
            (_MASK or _bind_mask())(state.position, self._index_of, mask)
        else:  # as Python, listing the legal actions and numbering them by their moves costs less
            write, by_id = mask.data, self._by_id
            for action in state.legal_actions():
                write[by_id[id(action)]] = 1
        return mask

    def chance_index(self, outcome: CribbageAction) -> int:
        """``cut X`` is X's index, ``deal X`` 52 more, ``starter X`` 104 more.

        Raises:
            ValueError: for anything but a cut, a deal or a starter.
        """
        try:
            return _CHANCE_INDEX[outcome]
        except (KeyError, TypeError):
            raise ValueError(f"{outcome}: not a chance outcome; they are cut X, deal X and starter X") from None

    def chance_at(self, index: int) -> CribbageAction:
        if not 0 <= index < len(CHANCE_OUTCOMES):
            raise ValueError(f"chance outcome {index} is out of range 0–{len(CHANCE_OUTCOMES) - 1}")
        return CHANCE_OUTCOMES[index]

    def _describe_config(self) -> str:
        return f"{self.players}-player cribbage{' with muggins' if self.muggins else ''}"

    # --- observation -----------------------------------------------------------------------------

    def observe(self, view: View, player: Player) -> Observation:
        """The layout of :attr:`fields`, read from ``view`` alone, seats and sides relative to ``player``.

        Every learning step encodes one view, so each field is written straight at its offset
        (:attr:`_at`), cards found by their name in a table.

        Raises:
            ValueError: when ``player`` is not a seat or ``view`` is not ``player``'s view of this game.
        """
        n, s = self.players, self.sides
        if not 0 <= player < n:
            raise ValueError(no_such_seat(player, n))
        piles = view["piles"]
        if view.get("game") != "cribbage" or len(piles) != n or view["seat"] != player:
            raise ValueError(f"not {seat_label(player)}'s view of {n}-player cribbage")
        at, index = self._at, _CARD_INDEX
        own_side = int(view["sides"][player])
        out = np.zeros(self._size, dtype=np.float32)
        order = [(player + k) % n for k in range(n)]  # seats from the observer's, clockwise
        out[at["phase"] + _PHASE_INDEX[view["phase"]]] = 1
        out[at["next_seat"] + (view["next_seat"] - player) % n] = 1
        out[at["dealer"] + (view["dealer"] - player) % n] = 1
        for field in ("hand", "discards"):
            base = at[field]
            for text in view[field]:
                out[base + index[text]] = 1
        if view["starter"] is not None:
            out[at["starter"] + index[view["starter"]]] = 1
        base = at["piles"]
        played_by = {}
        for k, seat in enumerate(order):
            for text in piles[seat]:
                out[base + 52 * k + index[text]] = 1
                played_by[text] = k
        base, width = at["series"], 13 + n
        for k, text in enumerate(view["series"][: self.series_slots]):
            out[base + k * width + _RANK[text]] = 1
            out[base + k * width + 13 + played_by[text]] = 1
        out[at["count"]] = view["count"] / 31
        base = at["passed"]
        for seat in view["passed"]:
            out[base + (seat - player) % n] = 1
        if view["last_player"] is not None:
            out[at["last_player"] + (view["last_player"] - player) % n] = 1
        sizes, discarded, hand_size = view["hand_sizes"], view["discarded"], self.hand_size
        base, flags = at["hand_sizes"], at["discarded"]
        for k, seat in enumerate(order):
            out[base + k] = sizes[seat] / hand_size
            if discarded[seat]:
                out[flags + k] = 1
        out[at["crib_size"]] = view["crib_size"] / 4
        out[at["dealt"]] = view["dealt"] / self.deal_size
        shown = view["hands_shown"]
        if shown:
            base = at["hands_shown"]
            for k, seat in enumerate(order):
                for text in shown[seat]:
                    out[base + 52 * k + index[text]] = 1
        if view["crib"]:
            base = at["crib"]
            for text in view["crib"]:
                out[base + index[text]] = 1
        pending: dict[str, Any] | None = view["pending"]
        if view["phase"] == "show" or (pending is not None and pending["resume"] == "show"):
            out[at["show_step"] + view["show_step"]] = 1
        base, cuts = at["cutters"], at["cuts"]
        for seat, text in zip(view["cutters"], view["cuts"], strict=False):
            out[cuts + ((seat - player) % n) * 13 + _RANK[text]] = 1
        for seat in view["cutters"]:
            out[base + (seat - player) % n] = 1
        if pending is not None:
            out[at["pending"]] = 1
            out[at["pending_seat"] + (pending["seat"] - player) % n] = 1
            declared = pending["declared"]
            out[at["pending_points"]] = float(declared >= 0)
            out[at["pending_points"] + 1] = max(declared, 0) / 31
            base = at["claimants"]
            for seat in pending["claimants"]:
                out[base + (seat - player) % n] = 1
            out[at["pending_what"] + PENDING_WHAT.index(pending["what"])] = 1
        scores, pegs, match_points, target = view["scores"], view["pegs"], view["match_points"], self.target
        won = [0] * s
        for result in view["games"]:
            won[(result["winner"] - own_side) % s] += 1
        for field, values in (("scores", [scores[(own_side + k) % s] / target for k in range(s)]),
                              ("rear_pegs", [pegs[(own_side + k) % s]["rear"] / target for k in range(s)]),
                              ("match_points", [match_points[(own_side + k) % s] / self.match_scale
                                                for k in range(s)]),
                              ("games_won", [w / self.games for w in won])):
            out[at[field]:at[field] + s] = values
        out[at["games_played"]] = len(view["games"]) / self.games
        return out


    def observe_state(self, state: CribbageState, player: Player) -> Observation:
        """``observe(state.view(player), player)``, written from the state's kernel position without building the
        view (:func:`.observation.write_vector`, machine code where the kernel is compiled).

        A learning step encodes a view every time it steps (PettingZoo's ``last``, a vector environment's
        observations), and building the view's lists of card names only to read them back cost as much as the
        step itself. ``tests/games/cribbage/test_encoding.py`` checks the vector equals :meth:`observe`'s in every
        kind of position and table.

        Raises:
            ValueError: when ``player`` is not a seat or ``state`` is a position of another table size.
        """
        p = self._position_of(state, player)
        out = np.zeros(self._size, dtype=np.float32)
        if kernel.COMPILED:
            (_OBSERVE or _bind_vector())(p, player, self._at_array, self.series_slots, self.match_scale, out)
        else:  # as Python: the starts as a tuple of ints, the vector as a memoryview, each item sooner to reach
            write_vector(p, player, self._starts, self.series_slots, self.match_scale, out.data)
        return out

    def _position_of(self, state: CribbageState, player: Player) -> MutableSequence[int]:
        """``state``'s position, checked: ``player`` a seat of this encoding's table size, and the position one.

        Raises:
            ValueError: when ``player`` is not a seat or ``state`` is a position of another table size.
        """
        n = self.players
        if not 0 <= player < n:
            raise ValueError(no_such_seat(player, n))
        p = state.position
        if p[layout.PLAYERS] != n:
            raise ValueError(f"not a position of {n}-player cribbage")
        return p

    def observe_with_mask(self, state: CribbageState, player: Player,
                          mask_type: type[npt.NDArray[Any]] = np.ndarray) -> tuple[Observation, npt.NDArray[np.int8]]:
        """``observe_state(state, player)`` and, when ``player`` is to move, ``mask_of(state)`` (else all 0): a
        learning step's observation, two new arrays written in one call (:func:`.observation.write_observation`,
        machine code where the kernel is compiled), what :class:`tabletop.interop.common.Table` hands a learner. The
        mask is made as a ``mask_type`` (an ndarray subclass the caller hands out; made so, not viewed so
        afterwards).

        Raises:
            ValueError: as :meth:`observe_state`.
        """
        p = self._position_of(state, player)
        out = _EMPTY(self._size, _FLOAT32)  # (written whole: write_observation zeroes what it leaves)
        mask = mask_type(len(self._actions), _INT8)
        if kernel.COMPILED:
            (_OBSERVATION or _bind_observation())(p, player, self._at_array, self.series_slots, self.match_scale,
                                                  self._index_of, out, mask)
            return out, mask
        out.fill(0)
        mask.fill(0)
        write_vector(p, player, self._starts, self.series_slots, self.match_scale, out.data)
        if not state.is_chance and not state.is_terminal and p[layout.TO_MOVE] == player:
            write, by_id = mask.data, self._by_id  # as mask_of: as Python, the legal actions by identity
            for action in state.legal_actions():
                write[by_id[id(action)]] = 1
        return out, mask

    def layout(self) -> tuple[npt.NDArray[np.int64], int, int]:
        """Where each field starts (in the order of :attr:`fields`), the series' slots and the match points'
        scale: what :func:`.observation.write_vector` is told of this configuration."""
        return self._at_array, self.series_slots, self.match_scale

    def move_numbers(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """Each kernel move's action index (by :func:`.layout.move_code`; −1 for none) and each action's move
        code (by index): the numbering :func:`.observation.write_mask` and a batch's moves read."""
        return _move_numbers(self.players, self.muggins)


@cache
def _move_numbers(players: int, muggins: bool) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    actions = action_tables(players, muggins)[0]
    codes = np.array([MOVES[id(action)] for action in actions], dtype=np.int64)
    index_of = np.full(int(codes.max()) + 1, -1, dtype=np.int32)
    index_of[codes] = np.arange(len(actions), dtype=np.int32)
    index_of.flags.writeable = codes.flags.writeable = False
    return index_of, codes


_OBSERVE: Callable[..., None] | None = None
_MASK: Callable[..., None] | None = None
_OBSERVATION: Callable[..., None] | None = None
_EMPTY = np.empty
_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)


def _bind_vector() -> Callable[..., None]:
    """:func:`.observation.write_vector` for a scalar position as machine code, bound here on first use (a global
    name costs :meth:`CribbageEncoding.observe_state` less than a module's attribute)."""
    global _OBSERVE
    _OBSERVE = observation.vector_entry()
    return _OBSERVE


def _bind_mask() -> Callable[..., None]:
    """:func:`.observation.write_mask` for a scalar position, as :func:`_bind_vector`."""
    global _MASK
    _MASK = observation.mask_entry()
    return _MASK


def _bind_observation() -> Callable[..., None]:
    """:func:`.observation.write_observation` for a scalar position, as :func:`_bind_vector`."""
    global _OBSERVATION
    _OBSERVATION = observation.observation_entry()
    return _OBSERVATION


_PHASE_INDEX = {phase.value: i for i, phase in enumerate(PHASES)}
"""A phase's name → its place in the ``phase`` one-hot."""
