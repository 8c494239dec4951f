"""Fit the cribbage opponent model's temperatures to the expert's own decisions (maximum likelihood).

Plays ``--games`` two-player games of ``expert-uniform`` against itself (each its own seed) and
records every throw to the crib (C5) and every card played with a choice (C8–C11), with the
thrower's or player's own cards — the model is of a player given its cards, so the fit may read
them. Then prints the mean log-likelihood of those decisions under :mod:`tabletop.games.cribbage.opponent`
for a grid of temperatures (and of ``danger`` for the play), best first. The chosen values are the
defaults of :class:`~tabletop.games.cribbage.opponent.OpponentModel`. ``--latency`` also times
``normal`` and ``expert-uniform`` on the same recorded decisions in the play, alternately, and prints
their p50 and p95 and the ratio (both measured in the same run, under the same load).

    .venv/bin/python benchmarks/cribbage_opponent_fit.py --games 60 --latency
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import tabletop
from tabletop.core import Decision, State
from tabletop.games.cribbage import CribbageState, Discard, Phase, Play
from tabletop.games.cribbage.expert import BASELINES, LEVELS, CribbageExpert
from tabletop.games.cribbage.opponent import OpponentModel, Step, discard_log_likelihood, play_log_likelihood
from tabletop.sim import play

DISCARD_GRID = (0.2, 0.3, 0.4, 0.45, 0.6, 0.8, 1.0, 1.5)
PLAY_GRID = (0.3, 0.5, 0.8, 1.2, 2.0, 3.0)
DANGER_GRID = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


Throw = tuple[list[int], bool]
PlayRecord = tuple[tuple[int, ...], Step]


def record(games: int) -> tuple[list[Throw], list[PlayRecord], list[Decision]]:
    """The throws (six card indices, the thrown two last; whether the thrower deals), the plays
    with a choice (the player's ranks, the step) and those decisions themselves (as the seat saw
    them) of ``games`` games of the uniform expert."""
    game = tabletop.load("cribbage")
    throws: list[Throw] = []
    plays: list[PlayRecord] = []
    decisions: list[Decision] = []

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
            decisions.append(Decision(before.game, seat, before.view(seat), tuple(before.legal_actions())))

    for index in range(games):
        agents = [CribbageExpert(BASELINES["expert-uniform"]) for _ in range(2)]
        play(game, agents, seed=f"cribbage-opponent-fit:{index}", on_step=watch)
    return throws, plays, decisions


def latency(decisions: Sequence[Decision]) -> str:
    """p50 and p95 of ``normal`` and ``expert-uniform`` on the same decisions, timed alternately."""
    bots = {"normal": CribbageExpert(LEVELS["normal"]), "expert-uniform": CribbageExpert(BASELINES["expert-uniform"])}
    seconds: dict[str, list[float]] = {name: [] for name in bots}
    for i, decision in enumerate(decisions):
        for name, bot in bots.items():
            start = time.perf_counter()
            bot.choose(decision, random.Random(i))
            seconds[name].append(time.perf_counter() - start)
    lines = []
    for name, values in seconds.items():
        values.sort()
        p50, p95 = values[len(values) // 2], values[int(0.95 * len(values))]
        lines.append(f"{name}: p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (n={len(values)})")
    ratio = sorted(seconds["normal"])[int(0.95 * len(decisions))] / sorted(seconds["expert-uniform"])[
        int(0.95 * len(decisions))]
    return "\n".join([*lines, f"p95 ratio normal / expert-uniform: {ratio:.2f}"])


def main(argv: Sequence[str] | None = None) -> None:
    """Record, then print the fits."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games to record (default 60)")
    parser.add_argument("--latency", action="store_true", help="also time the play's decisions (see above)")
    args = parser.parse_args(argv)
    throws, plays, decisions = record(args.games)
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
    print("greedy (danger 0):", max(fit for fit in fits if fit[1].endswith("danger=0.0")))
    print(f"play, uniform over playable ranks: {uniform:.4f}")
    if args.latency:
        print(latency(decisions))


if __name__ == "__main__":
    main()
