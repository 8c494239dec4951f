"""Fit the cribbage opponent model's temperatures to the expert's own decisions (maximum likelihood).

Plays ``--games`` two-player games of ``expert-uniform`` against itself (each its own seed) and
records every throw to the crib (C5) and every card played with a choice (C8–C11), with the
thrower's or player's own cards — the model is of a player given its cards, so the fit may read
them. Then prints the mean log-likelihood of those decisions under :mod:`tabletop.games.cribbage.opponent`
for a grid of temperatures (and of ``danger`` for the play), best first. The chosen values are the
defaults of :class:`~tabletop.games.cribbage.opponent.OpponentModel`.

    .venv/bin/python benchmarks/cribbage_opponent_fit.py --games 60
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
from collections.abc import Sequence
from typing import Any

import numpy as np

import tabletop
from tabletop.core import State
from tabletop.games.cribbage import CribbageState, Discard, Phase, Play
from tabletop.games.cribbage.expert import BASELINES, CribbageExpert
from tabletop.games.cribbage.opponent import OpponentModel, Step, discard_log_likelihood, play_log_likelihood
from tabletop.sim import play

DISCARD_GRID = (0.2, 0.3, 0.4, 0.45, 0.6, 0.8, 1.0, 1.5)
PLAY_GRID = (0.3, 0.5, 0.8, 1.2, 2.0, 3.0)
DANGER_GRID = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


def record(games: int) -> tuple[list[tuple[list[int], bool]], list[tuple[tuple[int, ...], Step]]]:
    """The throws (six card indices, the thrown two last; whether the thrower deals) and the plays
    with a choice (the player's ranks, the step) of ``games`` games of the uniform expert."""
    game = tabletop.load("cribbage")
    throws: list[tuple[list[int], bool]] = []
    plays: list[tuple[tuple[int, ...], Step]] = []

    def watch(before: State[Any], action: Any, after: State[Any]) -> None:
        if not isinstance(before, CribbageState) or before.is_chance:
            return
        seat = before.current_player
        if isinstance(action, Discard):
            kept = [c.index for c in before.hands[seat] if c not in action.cards]
            throws.append((kept + [c.index for c in action.cards], before.dealer == seat))
        elif before.phase is Phase.PLAY and isinstance(action, Play) and len(before.legal_actions()) > 1:
            hand = tuple(sorted(c.rank - 1 for c in before.hands[seat]))
            series = tuple(c.rank - 1 for c in before.series)
            plays.append((hand, Step(seat, action.card.rank - 1, before.count, series, 0)))

    for index in range(games):
        agents = [CribbageExpert(BASELINES["expert-uniform"]) for _ in range(2)]
        play(game, agents, seed=f"cribbage-opponent-fit:{index}", on_step=watch)  # type: ignore[arg-type]
    return throws, plays


def main(argv: Sequence[str] | None = None) -> None:
    """Record, then print the fits."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games to record (default 60)")
    args = parser.parse_args(argv)
    throws, plays = record(args.games)
    print(f"{len(throws)} throws, {len(plays)} plays with a choice, from {args.games} games")
    rows = []
    for dealer in (True, False):
        cards = np.array([six for six, d in throws if d == dealer], dtype=np.int64)
        for t in DISCARD_GRID:
            label = f"throw ({'dealer' if dealer else 'pone'}) T={t}"
            rows.append((float(discard_log_likelihood(cards, dealer, t).mean()), label))
    for label in ("throw (dealer)", "throw (pone)"):
        print(*sorted((r for r in rows if r[1].startswith(label)), reverse=True)[:3], sep="\n")
    fits = []
    for t, danger in itertools.product(PLAY_GRID, DANGER_GRID):
        model = OpponentModel(play_temperature=t, danger=danger)
        mean = statistics.fmean(play_log_likelihood(hand, step, model) for hand, step in plays)
        fits.append((mean, f"play T={t} danger={danger}"))
    uniform = statistics.fmean(-math.log(len({r for r in hand if s.count + min(10, r + 1) <= 31})) for hand, s in plays)
    print(*sorted(fits, reverse=True)[:5], sep="\n")
    print(f"play, uniform over playable ranks: {uniform:.4f}")


if __name__ == "__main__":
    main()
