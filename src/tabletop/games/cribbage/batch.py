"""Cribbage's batched kernel: many two-player games in numpy arrays, stepped together for learning code.

A learner's vector environment (:mod:`tabletop.interop.vector`) steps hundreds of games a call;
through the scalar kernel each step is a Python transition per game. Here a game is a row: hands,
laid-away cards, piles, the crib and what each seat keeps for the show are ``(N, 2, 52)`` or
``(N, 52)`` flags by card index, the series is a row of card indices, and every rule of
:mod:`.kernel` for the phases a two-player game passes through — the cut (C6), the deal (C5),
laying away (C5), the starter and heels (C7), the play with go, 31 and last card (C8–C12), the show
(C13) and the end at the target (C14, C18) — is a few array operations over the rows in that phase,
games in different phases stepping together by masking. Points come from :mod:`.batch_points`.
Chance (cuts, the deal, the starter) is drawn from the caller's generator, never stopped at, and
written down per game in :attr:`CribbageBatch.chance` so the same game can be replayed.

It covers the configuration learners use: two players, one game, no muggins, any target, skunk or
not. Others (three or four players, muggins, matches) raise :class:`NotImplementedError`, so
:func:`tabletop.interop.batches.batch_of` steps them through the interface instead. Everything is
numbered as :mod:`.encoding` numbers it, and ``tests/games/cribbage/test_batch.py`` plays random games
here and in :class:`.state.CribbageState` side by side: the same masks, every seat's observation,
returns and ends, action for action.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

import tabletop.games.cribbage.actions as act
from tabletop.core import TERMINAL
from tabletop.core.batch import ArrayBatch, Ints, Mask
from tabletop.games.cribbage.batch_points import RANK, VALUE, pegging_points, show_points
from tabletop.games.cribbage.encoding import CribbageEncoding, player_actions
from tabletop.games.cribbage.kernel import DEAL, DISCARD, JACK, OVER, PLAY, SHOW, STARTER

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

Flags = npt.NDArray[np.bool_]

SEATS: Final = 2
HAND: Final = 6
"""C5: six cards each with two players; two of them are laid away."""
DEAL_SIZE: Final = SEATS * HAND
SERIES: Final = 8
"""The longest series: every card of the hand's play (two players hold eight)."""
CUT_OFFSET, DEAL_OFFSET, STARTER_OFFSET = 0, 52, 104
"""Where ``cut X``, ``deal X`` and ``starter X`` start among the encoding's chance outcomes."""
NONE: Final = -1
"""No starter, no last player, no winner yet."""
_FIRST, _SECOND = (np.array(places, dtype=np.int64) for places in zip(*combinations(range(HAND), 2), strict=True))
"""The fifteen pairs of places in a hand of six: the discards it may make."""


@cache
def _numbering() -> tuple[Ints, Ints, int, int, int]:
    """The encoding's numbers for two players without muggins (:func:`.encoding.player_actions`): each
    discard's two cards in index order, where the plays start, ``go`` and ``count``."""
    actions = player_actions(SEATS, muggins=False)
    pairs = [action for action in actions if isinstance(action, act.Discard)]
    first = np.array([pair.cards[0].index for pair in pairs], dtype=np.int64)
    second = np.array([pair.cards[1].index for pair in pairs], dtype=np.int64)
    return first, second, actions.index(act.PLAYS[0]), actions.index(act.GO), actions.index(act.COUNT)


def supports(game: Cribbage) -> bool:
    """True for the configuration this kernel plays: two players, one game, no muggins."""
    return game.num_players == SEATS and not game.muggins and game.options["games"] == 1


class CribbageBatch(ArrayBatch):
    """``size`` two-player cribbage games as arrays (see the module doc); seat = side with two players."""

    def __init__(self, game: Cribbage, size: int) -> None:
        """``size`` games of ``game``'s configuration, none started: :meth:`reset` deals them.

        Raises:
            NotImplementedError: for a configuration other than two players, one game, no muggins.
        """
        if not supports(game):
            raise NotImplementedError("cribbage has a batched kernel for two players in a one-game match "
                                      "without muggins only")
        self.game, self.size, self.num_players = game, size, SEATS
        self.encoding: CribbageEncoding = game.encoding()  # type: ignore[assignment]
        self.target, self.skunk = game.target, bool(game.options["skunk"])
        self.first_card, self.second_card, self.play_base, self.go_index, self.count_index = _numbering()
        self.pair_index = np.zeros((52, 52), dtype=np.int64)  #: the discard index of two cards, either way round
        self.pair_index[self.first_card, self.second_card] = np.arange(len(self.first_card))
        self.pair_index[self.second_card, self.first_card] = np.arange(len(self.first_card))
        assert self.encoding.num_actions == self.count_index + 1, "the batch numbers two players without muggins"
        self.phase = np.full(size, OVER, dtype=np.int64)  #: a kernel phase number; games not started are over
        self.dealer = np.zeros(size, dtype=np.int64)
        self.to_move = np.zeros(size, dtype=np.int64)
        self.hand = np.zeros((size, SEATS, 52), dtype=np.bool_)  #: what each seat holds now
        self.held = np.zeros((size, SEATS), dtype=np.int64)  #: how many cards each seat holds
        self.laid = np.zeros((size, SEATS), dtype=np.bool_)  #: which seats have laid away (C5)
        self.kept = np.zeros((size, SEATS, 52), dtype=np.bool_)  #: each seat's hand for the show
        self.kept_cards = np.zeros((size, SEATS, 4), dtype=np.int64)  #: the same four cards, as indices
        self.discards = np.zeros((size, SEATS, 52), dtype=np.bool_)  #: what each seat laid away (C5)
        self.crib = np.zeros((size, 52), dtype=np.bool_)
        self.crib_cards = np.zeros((size, 4), dtype=np.int64)  #: the crib as indices, each seat's two at 2 × seat
        self.piles = np.zeros((size, SEATS, 52), dtype=np.bool_)  #: each seat's cards played this hand (C8)
        self.dealt = np.zeros(size, dtype=np.int64)
        self.starter = np.full(size, NONE, dtype=np.int64)
        self.count = np.zeros(size, dtype=np.int64)
        self.series = np.zeros((size, SERIES), dtype=np.int64)  #: cards played since the count was reset
        self.series_seat = np.zeros((size, SERIES), dtype=np.int64)  #: who played each
        self.latest = np.zeros((size, SERIES), dtype=np.int64)  #: the series' ranks, the last played first
        self.series_length = np.zeros(size, dtype=np.int64)
        self.passed = np.zeros((size, SEATS), dtype=np.bool_)  #: seats that said go in this series (C9)
        self.last_player = np.full(size, NONE, dtype=np.int64)
        self.show_step = np.zeros(size, dtype=np.int64)  #: 0, 1: the hands in counting order; 2: the crib
        self.scores = np.zeros((size, SEATS), dtype=np.int64)  #: the front pegs (C2)
        self.rears = np.zeros((size, SEATS), dtype=np.int64)  #: the rear pegs (C2)
        self.winner = np.full(size, NONE, dtype=np.int64)
        self.game_value = np.zeros(size, dtype=np.int64)  #: the match points the game was worth (C18)
        self.chance = np.zeros((size, DEAL_SIZE + SEATS), dtype=np.int64)
        """Per game, the chance outcomes (the encoding's chance indices: ``cut X`` X, ``deal X`` 52 + X,
        ``starter X`` 104 + X) drawn by the last :meth:`reset` or :meth:`apply` that moved it, in order:
        the first ``chance_count[i]`` of row ``i``. A record, or a test replaying the game, reads them."""
        self.chance_count = np.zeros(size, dtype=np.int64)
        self._start_masks(size, self.encoding.num_actions)
        self._at: dict[str, int] = {}  #: where each observation field starts
        start = 0
        for field in self.encoding.fields:
            self._at[field.name] = start
            start += field.size

    # --- starting, asking -------------------------------------------------------------------

    def reset(self, which: Mask, rng: np.random.Generator) -> None:
        """New games in ``which``: both seats cut for the deal (C6, again on a tie), then the deal (C5).

        Raises:
            ValueError: when ``which`` is not one flag per game.
        """
        rows = self._rows(which)
        self.chance_count[rows] = 0
        self.scores[rows] = self.rears[rows] = 0
        self.winner[rows], self.game_value[rows] = NONE, 0
        cutting = rows
        while cutting.size:  # C6: seat 0 cuts, then seat 1 from the rest; the lower rank deals
            first = rng.integers(52, size=len(cutting))
            second = rng.integers(51, size=len(cutting))
            second += second >= first
            self._tell(cutting, np.stack([first, second], axis=1) + CUT_OFFSET)
            tie = RANK[first] == RANK[second]
            done = ~tie
            self._new_hand(cutting[done], (RANK[second[done]] < RANK[first[done]]).astype(np.int64))
            cutting = cutting[tie]
        self._deal(rows, rng)
        self._stale[rows] = True

    def current_players(self) -> Ints:
        """The seat to move, ``TERMINAL`` once over."""
        return np.where(self.phase == OVER, TERMINAL, self.to_move)

    def returns(self) -> npt.NDArray[np.float64]:
        """The winner +1, the loser −1 (a one-game match is its game, C16); 0 while it is played."""
        out = np.zeros((self.size, SEATS))
        won = np.flatnonzero(self.winner >= 0)
        out[won] = -1.0
        out[won, self.winner[won]] = 1.0
        return out

    def _legal(self, rows: Ints) -> npt.NDArray[np.int8]:
        """The masks of the games ``rows``: any two cards of the hand to lay away (C5); the cards that
        keep the count to 31, or go when none does (C8, C9); the count in the show (C13)."""
        out = np.zeros((len(rows), self.encoding.num_actions), dtype=np.int8)
        phase = self.phase[rows]
        laying = np.flatnonzero(phase == DISCARD)
        if laying.size:  # the fifteen pairs of the six cards held
            games = rows[laying]
            cards = np.nonzero(self.hand[games, self.to_move[games]])[1].reshape(len(games), HAND)
            out[laying[:, None], self.pair_index[cards[:, _FIRST], cards[:, _SECOND]]] = 1
        playing = np.flatnonzero(phase == PLAY)
        if playing.size:
            games = rows[playing]
            fits = self.hand[games, self.to_move[games]] & (31 - self.count[games, None] >= VALUE)
            out[playing, self.play_base:self.play_base + 52] = fits
            out[playing, self.go_index] = ~fits.any(axis=1)
        out[phase == SHOW, self.count_index] = 1
        return out

    # --- moving ------------------------------------------------------------------------------

    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Each game of ``which`` plays its action (an index), then the chance that follows: the starter
        after the dealer lays away (C7), the next deal after the crib is counted (C5, C6).

        Raises:
            IllegalActionError: naming the first game whose action is not legal; no game changes.
            ValueError: when ``actions`` or ``which`` is not one per game.
        """
        rows, chosen = self._checked(actions, which)
        self.chance_count[rows] = 0
        phase = self.phase[rows]
        laying = phase == DISCARD
        if laying.any():
            self._lay_away(rows[laying], chosen[laying])
        going = chosen == self.go_index
        playing = (phase == PLAY) & ~going
        if playing.any():
            self._play(rows[playing], chosen[playing] - self.play_base)
        if going.any():
            self._go(rows[going])
        counting = phase == SHOW
        if counting.any():
            self._count(rows[counting])
        turning = rows[self.phase[rows] == STARTER]
        if turning.size:
            self._turn_starter(turning, rng)
        dealing = rows[self.phase[rows] == DEAL]
        if dealing.size:
            self._deal(dealing, rng)
        self._stale[rows] = True

    def _over(self, row: int) -> bool:
        return bool(self.phase[row] == OVER)

    def _tell(self, rows: Ints, outcomes: Ints) -> None:
        """Write down chance's ``outcomes`` (one row of chance indices per game of ``rows``)."""
        if not rows.size:
            return
        start = self.chance_count[rows]
        needed = int(start.max()) + outcomes.shape[1]
        if needed > self.chance.shape[1]:  # ties in the cut can repeat, without bound (C6)
            grown = np.zeros((self.size, max(needed, 2 * self.chance.shape[1])), dtype=np.int64)
            grown[:, : self.chance.shape[1]] = self.chance
            self.chance = grown
        self.chance[rows[:, None], start[:, None] + np.arange(outcomes.shape[1])] = outcomes
        self.chance_count[rows] += outcomes.shape[1]

    def _new_hand(self, rows: Ints, dealers: Ints) -> None:
        """A fresh pack, nothing dealt; the deal starts left of the dealer (C5, C6)."""
        if not rows.size:
            return
        self.phase[rows], self.dealer[rows], self.to_move[rows] = DEAL, dealers, 1 - dealers
        for flags in (self.hand, self.kept, self.discards, self.crib, self.piles, self.passed, self.laid):
            flags[rows] = False
        self.held[rows] = 0
        self.dealt[rows], self.starter[rows], self.count[rows] = 0, NONE, 0
        self.series_length[rows], self.last_player[rows], self.show_step[rows] = 0, NONE, 0

    def _deal(self, rows: Ints, rng: np.random.Generator) -> None:
        """C5: twelve cards one at a time, from the dealer's left; then both lay away, the dealer's left first."""
        cards = np.argsort(rng.random((len(rows), 52)), axis=1)[:, :DEAL_SIZE]
        self._tell(rows, cards + DEAL_OFFSET)
        seats = (self.dealer[rows, None] + 1 + np.arange(DEAL_SIZE)) % SEATS
        self.hand[rows[:, None], seats, cards] = True
        self.held[rows] = HAND
        self.dealt[rows] = DEAL_SIZE
        self.phase[rows], self.to_move[rows] = DISCARD, 1 - self.dealer[rows]

    def _lay_away(self, rows: Ints, indices: Ints) -> None:
        """C5: the seat to move lays two cards away to the crib and keeps four; after the dealer, the starter."""
        seats = self.to_move[rows]
        first, second = self.first_card[indices], self.second_card[indices]
        for cards in (first, second):
            self.hand[rows, seats, cards] = False
            self.discards[rows, seats, cards] = True
            self.crib[rows, cards] = True
        self.held[rows, seats], self.laid[rows, seats] = HAND - 2, True
        kept = self.hand[rows, seats]
        self.kept[rows, seats] = kept
        self.kept_cards[rows, seats] = np.nonzero(kept)[1].reshape(len(rows), 4)
        self.crib_cards[rows, 2 * seats], self.crib_cards[rows, 2 * seats + 1] = first, second
        self.to_move[rows] = 1 - seats
        self.phase[rows] = np.where(seats == self.dealer[rows], STARTER, DISCARD)

    def _turn_starter(self, rows: Ints, rng: np.random.Generator) -> None:
        """C7: the starter is cut from the rest of the pack; a jack gives the dealer two "for his heels"."""
        pack = ~(self.kept[rows].any(axis=1) | self.crib[rows])
        picks = (rng.random(len(rows)) * (52 - DEAL_SIZE)).astype(np.int64)
        cards = (np.cumsum(pack, axis=1) > picks[:, None]).argmax(axis=1)
        self._tell(rows, cards[:, None] + STARTER_OFFSET)
        self.starter[rows] = cards
        self.phase[rows], self.to_move[rows] = PLAY, 1 - self.dealer[rows]
        heels = RANK[cards] == JACK
        self._peg(rows[heels], self.dealer[rows[heels]], np.full(int(heels.sum()), 2))

    def _peg(self, rows: Ints, seats: Ints, points: Ints) -> Flags:
        """Peg ``points`` for each seat (C2: the rear peg keeps the score before them; the last hole is
        the target, C3); True where that wins the game (C14)."""
        if not rows.size:
            return np.zeros(0, dtype=np.bool_)
        holder = SEATS * rows + seats
        scores = self.scores.reshape(-1)[holder]
        points = np.minimum(points, self.target - scores)  # points are never negative
        moved = points > 0
        self.rears.reshape(-1)[holder[moved]] = scores[moved]
        after = scores + points
        self.scores.reshape(-1)[holder] = after
        won: Flags = after >= self.target
        if won.any():
            self._end_game(rows[won], seats[won])
        return won

    def _end_game(self, rows: Ints, winners: Ints) -> None:
        """C14, C18: the game, and with it the one-game match, is won; a skunk is worth two or three."""
        value = np.ones(len(rows), dtype=np.int64)
        if self.skunk:
            loser = self.scores[rows, 1 - winners]
            value = np.where(loser < self.target - 30, 2, value)
            if self.target >= 91:
                value = np.where(loser < self.target - 60, 3, value)
        self.phase[rows], self.winner[rows], self.game_value[rows] = OVER, winners, value

    def _play(self, rows: Ints, cards: Ints) -> None:
        """C8, C10, C11: play a card onto your pile; the count rises; combinations peg."""
        seats = self.to_move[rows]
        holder = SEATS * rows + seats  # a seat of a game: its place in the (N × 2) arrays, flattened
        where = 52 * holder + cards
        self.hand.reshape(-1)[where] = False
        self.piles.reshape(-1)[where] = True
        self.held.reshape(-1)[holder] -= 1
        at = self.series_length[rows]
        self.series[rows, at], self.series_seat[rows, at] = cards, seats
        self.series_length[rows] = at + 1
        self.latest[rows, 1:] = self.latest[rows, :-1]
        self.latest[rows, 0] = RANK[cards]
        self.count[rows] += VALUE[cards]
        self.last_player[rows] = seats
        points = pegging_points(self.latest[rows], at + 1, self.count[rows])
        going = ~self._peg(rows, seats, points)
        rows, seats = rows[going], seats[going]
        thirty_one = self.count[rows] == 31
        self._reset_count(rows[thirty_one], seats[thirty_one])
        self._pass_turn(rows[~thirty_one], seats[~thirty_one], include_self=True)

    def _go(self, rows: Ints) -> None:
        """C9: "go": play continues with whoever can; when nobody can, the last to play pegs one."""
        seats = self.to_move[rows]
        self.passed[rows, seats] = True
        self._pass_turn(rows, seats, include_self=False)

    def _pass_turn(self, rows: Ints, seats: Ints, include_self: bool) -> None:
        """The turn goes to the other seat if it holds cards and has not said go, else (after a card)
        stays with this one on the same terms; else the go is pegged."""
        if not rows.size:
            return
        others = 1 - seats
        free = (self.held > 0) & ~self.passed  # (N × 2): seats that may still play in this series
        on = free.reshape(-1)[SEATS * rows + others]
        self.to_move[rows[on]] = others[on]
        if include_self:
            on |= free.reshape(-1)[SEATS * rows + seats]
        self._go_point(rows[~on])

    def _go_point(self, rows: Ints) -> None:
        """C9, C12: one for the go, or for the last card of the whole play; then the count resets."""
        if not rows.size:
            return
        last = self.last_player[rows]
        going = ~self._peg(rows, last, np.ones(len(rows), dtype=np.int64))
        self._reset_count(rows[going], last[going])

    def _reset_count(self, rows: Ints, last: Ints) -> None:
        """C9: the count goes back to 0 and the player left of the last card leads; or the show begins (C13)."""
        if not rows.size:
            return
        self.count[rows], self.series_length[rows], self.passed[rows] = 0, 0, False
        others = 1 - last
        holds = self.held[rows] > 0
        self.to_move[rows] = np.where(holds[np.arange(len(rows)), others], others, last)
        shown = rows[~holds.any(axis=1)]
        self.phase[shown], self.show_step[shown], self.to_move[shown] = SHOW, 0, 1 - self.dealer[shown]

    def _count(self, rows: Ints) -> None:
        """C13: the dealer's left counts first, the dealer next, then the crib; the target ends it (C14)."""
        steps, dealers = self.show_step[rows], self.dealer[rows]
        crib = steps >= SEATS
        seats = np.where(crib, dealers, (dealers + 1 + steps) % SEATS)
        cards = np.where(crib[:, None], self.crib_cards[rows], self.kept_cards[rows, seats])
        points = show_points(cards, self.starter[rows], crib)
        going = ~self._peg(rows, seats, points)
        rows, steps, dealers = rows[going], steps[going], dealers[going]
        hands = steps < SEATS
        following = steps[hands] + 1
        self.show_step[rows[hands]] = following
        self.to_move[rows[hands]] = np.where(following < SEATS, (dealers[hands] + 1 + following) % SEATS,
                                             dealers[hands])
        self._new_hand(rows[~hands], 1 - dealers[~hands])  # the deal passes left (C6)

    # --- seeing ------------------------------------------------------------------------------

    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        """Each game as ``seats[i]`` sees it, in :class:`.encoding.CribbageEncoding`'s layout: its own
        hand and laid-away cards, every pile, the hands once shown (C13) and the crib once turned."""
        size = self.size
        seats = np.asarray(seats, dtype=np.int64)
        if seats.shape != (size,) or not ((seats >= 0) & (seats < SEATS)).all():
            raise ValueError(f"observe takes one seat index 0–{SEATS - 1} per game, shape ({size},)")
        at, rows, others = self._at, np.arange(size), 1 - seats
        out = np.zeros((size, self.encoding.observation_size), dtype=np.float32)
        phase = self.phase
        out[rows, at["phase"] + phase] = 1
        out[rows, at["next_seat"] + (self.to_move - seats) % SEATS] = 1
        out[rows, at["dealer"] + (self.dealer - seats) % SEATS] = 1
        out[:, at["hand"]:at["hand"] + 52] = self.hand[rows, seats]
        out[:, at["discards"]:at["discards"] + 52] = self.discards[rows, seats]
        turned = np.flatnonzero(self.starter >= 0)
        out[turned, at["starter"] + self.starter[turned]] = 1
        for k, whose in enumerate((seats, others)):
            out[:, at["piles"] + 52 * k:at["piles"] + 52 * (k + 1)] = self.piles[rows, whose]
        slots = self.encoding.series_slots
        games, places = np.nonzero(np.arange(slots) < self.series_length[:, None])
        base = at["series"] + places * (13 + SEATS)
        out[games, base + RANK[self.series[games, places]]] = 1
        out[games, base + 13 + (self.series_seat[games, places] - seats[games]) % SEATS] = 1
        out[:, at["count"]] = self.count / 31
        out[:, at["passed"]], out[:, at["passed"] + 1] = self.passed[rows, seats], self.passed[rows, others]
        led = np.flatnonzero(self.last_player >= 0)
        out[led, at["last_player"] + (self.last_player[led] - seats[led]) % SEATS] = 1
        for k, whose in enumerate((seats, others)):
            out[:, at["hand_sizes"] + k] = self.held[rows, whose] / HAND
            out[:, at["discarded"] + k] = self.laid[rows, whose]
        out[:, at["crib_size"]] = self.crib.sum(axis=1) / 4
        out[:, at["dealt"]] = self.dealt / DEAL_SIZE
        showing = phase == SHOW
        public = np.flatnonzero(showing | (phase == OVER))
        for k, whose in enumerate((seats, others)):
            start = at["hands_shown"] + 52 * k
            out[public, start:start + 52] = self.kept[public, whose[public]]
        crib = np.flatnonzero((showing & (self.show_step >= SEATS)) | ((phase == OVER) & self.crib.any(axis=1)))
        out[crib, at["crib"]:at["crib"] + 52] = self.crib[crib]
        counting = np.flatnonzero(showing)
        out[counting, at["show_step"] + self.show_step[counting]] = 1
        for k, whose in enumerate((seats, others)):
            out[:, at["scores"] + k] = self.scores[rows, whose] / self.target
            out[:, at["rear_pegs"] + k] = self.rears[rows, whose] / self.target
        won = np.flatnonzero(self.winner >= 0)
        mine = self.winner[won] == seats[won]
        out[won, at["match_points"] + (~mine).astype(np.int64)] = self.game_value[won] / self.encoding.match_scale
        out[won, at["games_won"] + (~mine).astype(np.int64)] = 1 / self.encoding.games
        out[won, at["games_played"]] = 1 / self.encoding.games
        return out


__all__ = ["CribbageBatch", "supports"]
