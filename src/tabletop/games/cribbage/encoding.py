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

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

import tabletop.games.cribbage.actions as act
from tabletop.core import Encoding, Field, Observation, Player, View
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.board import Phase

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

PHASES = tuple(Phase)
"""The phases in the order of the ``phase`` field."""

MAX_HAND_COUNT = 29
"""C20: no hand or crib scores more than 29, so a muggins count declares 0–29."""

PENDING_WHAT = ("pegging", "hand", "crib")
CHANCE_OUTCOMES: tuple[CribbageAction, ...] = (
    *(act.Cut(c) for c in DECK), *(act.Deal(c) for c in DECK), *(act.Starter(c) for c in DECK))
"""``cut``, ``deal`` and ``starter`` of each card, in card-index order: outcomes 0–155."""

_CHANCE_INDEX = {outcome: i for i, outcome in enumerate(CHANCE_OUTCOMES)}
_CARDS = {str(card): card for card in DECK}


def _card(text: str) -> Card:
    """The card a view writes as ``text`` (views write the canonical form)."""
    return _CARDS.get(text) or Card.parse(text)


def player_actions(players: int, muggins: bool) -> tuple[CribbageAction, ...]:
    """Every player action of a configuration, in index order."""
    per_discard = 2 if players == 2 else 1
    discards = tuple(act.Discard(cards) for cards in combinations(DECK, per_discard))
    counts: tuple[CribbageAction, ...] = (
        tuple(act.Count(n) for n in range(MAX_HAND_COUNT + 1)) if muggins else (act.COUNT,))
    extra: tuple[CribbageAction, ...] = (
        (*(act.Claim(n) for n in range(act.MAX_DECLARED + 1)), act.MUGGINS, act.PASS) if muggins else ())
    return (*discards, *(act.Play(c) for c in DECK), act.GO, *counts, *extra)


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
        self._actions = player_actions(n, self.muggins)
        self._index = {action: i for i, action in enumerate(self._actions)}
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

        Raises:
            ValueError: when ``player`` is not a seat or ``view`` is not ``player``'s view of this game.
        """
        n, s = self.players, self.sides
        if not 0 <= player < n:
            raise ValueError(f"no seat {player}; seats are 0–{n - 1}")
        if view.get("game") != "cribbage" or len(view["piles"]) != n or view["seat"] != player:
            raise ValueError(f"not seat {player}'s view of {n}-player cribbage")
        own_side = int(view["sides"][player])
        out = np.zeros(self.observation_size, dtype=np.float32)
        cursor = _Cursor(out)

        def seat(i: int) -> int:
            return (i - player) % n

        def side(i: int) -> int:
            return (i - own_side) % s

        cursor.one_hot(PHASES.index(Phase(view["phase"])), len(PHASES))
        cursor.one_hot(seat(view["next_seat"]), n)
        cursor.one_hot(seat(view["dealer"]), n)
        cursor.cards(view["hand"])
        cursor.cards(view["discards"])
        cursor.cards(() if view["starter"] is None else (view["starter"],))
        cursor.seat_cards(view["piles"], player)
        played_by = {card: i for i, pile in enumerate(view["piles"]) for card in pile}
        width = 13 + n
        for k, text in enumerate(view["series"][: self.series_slots]):
            out[cursor.at + k * width + _card(text).rank - 1] = 1
            out[cursor.at + k * width + 13 + seat(played_by[text])] = 1
        cursor.skip(self.series_slots * width)
        cursor.value(view["count"] / 31)
        cursor.flags((seat(i) for i in view["passed"]), n)
        cursor.one_hot(None if view["last_player"] is None else seat(view["last_player"]), n)
        cursor.values([view["hand_sizes"][(player + k) % n] / self.hand_size for k in range(n)])
        cursor.flags((seat(i) for i, done in enumerate(view["discarded"]) if done), n)
        cursor.value(view["crib_size"] / 4)
        cursor.value(view["dealt"] / self.deal_size)
        cursor.seat_cards(view["hands_shown"] or [[]] * n, player)
        cursor.cards(view["crib"] or ())
        pending: dict[str, Any] | None = view["pending"]
        in_show = view["phase"] == "show" or (pending is not None and pending["resume"] == "show")
        cursor.one_hot(view["show_step"] if in_show else None, n + 1)
        cursor.flags((seat(i) for i in view["cutters"]), n)
        for i, text in zip(view["cutters"], view["cuts"], strict=False):
            out[cursor.at + seat(i) * 13 + _card(text).rank - 1] = 1
        cursor.skip(n * 13)
        if pending is None:
            cursor.skip(1 + n + 2 + n + len(PENDING_WHAT))
        else:
            cursor.value(1)
            cursor.one_hot(seat(pending["seat"]), n)
            cursor.values([float(pending["declared"] >= 0), max(pending["declared"], 0) / 31])
            cursor.flags((seat(i) for i in pending["claimants"]), n)
            cursor.one_hot(PENDING_WHAT.index(pending["what"]), len(PENDING_WHAT))
        by_side = [(own_side + k) % s for k in range(s)]
        cursor.values([view["scores"][i] / self.target for i in by_side])
        cursor.values([view["pegs"][i]["rear"] / self.target for i in by_side])
        cursor.values([view["match_points"][i] / self.match_scale for i in by_side])
        won = [0] * s
        for result in view["games"]:
            won[side(result["winner"])] += 1
        cursor.values([w / self.games for w in won])
        cursor.value(len(view["games"]) / self.games)
        assert cursor.at == self.observation_size, (cursor.at, self.observation_size)
        return out


class _Cursor:
    """Writes the fields of an observation one after another."""

    def __init__(self, out: Observation) -> None:
        self.out = out
        self.at = 0

    def skip(self, size: int) -> None:
        self.at += size

    def value(self, number: float) -> None:
        self.out[self.at] = number
        self.at += 1

    def values(self, numbers: Sequence[float]) -> None:
        self.out[self.at:self.at + len(numbers)] = numbers
        self.at += len(numbers)

    def one_hot(self, position: int | None, size: int) -> None:
        if position is not None:
            self.out[self.at + position] = 1
        self.at += size

    def flags(self, positions: Iterable[int], size: int) -> None:
        for position in positions:
            self.out[self.at + position] = 1
        self.at += size

    def cards(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.out[self.at + _card(text).index] = 1
        self.at += 52

    def seat_cards(self, groups: Sequence[Iterable[str]], player: Player) -> None:
        """Each seat's cards in 52 places, the seats rotated so ``player`` comes first."""
        n = len(groups)
        for k in range(n):
            self.cards(groups[(player + k) % n])
