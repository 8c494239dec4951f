"""The cribbage expert's strength: ``normal`` against the ``ev-greedy`` baseline, two players.

Plays ``--games`` whole games (default 10,000) with the readable engine (:func:`tabletop.sim.play`),
the expert taking seat 0 in even games and seat 1 in odd ones, each game its own seed, optionally on
several processes (``--level`` and ``--against`` choose other pairings). Prints the expert's
final-score margin per game with a 95% confidence interval, its win rate with a 95% Wilson
interval, its average hand as pone and as dealer and its average crib per deal (exact show values
with the starter, C13, whether or not the show was reached), the pegging margin per deal, and the
latency of its decisions (those with more than one legal action), and of its cards in the play.

``--paired`` deals every pair of games (2k, 2k + 1) from one seed, the expert in seat 0 and then in
seat 1, so both sides get the same cards (duplicate play) and the margin's interval is taken over
the pairs' means — far narrower for two close bots. ``--against expert-uniform`` measures ``normal``
against itself without the opponent model (today's expert before it, :data:`BASELINES`).

    .venv/bin/python benchmarks/cribbage_expert.py --games 10000 --workers 2
    nice .venv/bin/python benchmarks/cribbage_expert.py --games 20000 --workers 2 --paired --against expert-uniform

``--record FILE`` appends every finished batch of games to FILE (a JSON line each), so a run
stopped early keeps what it played; ``--from-records FILE ...`` prints the figures of recorded runs
together without playing (runs over disjoint ``--first`` ranges add up; a file may be gzipped, and
may keep only the margins: ``benchmarks/records/`` holds such files, the latencies left out).
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import tabletop
from tabletop.core import Agent, Decision, State
from tabletop.games.cribbage import Cribbage, CribbageState, Phase, Starter, score_hand
from tabletop.games.cribbage.expert import BASELINES, LEVELS, CribbageExpert, EvGreedyAgent
from tabletop.sim import play
from tabletop.sim.tournament import wilson

PEGGING = ("pegging", "go", "last card")


@dataclass
class Tally:
    """What a batch of games measured, from the expert's side."""

    games: int = 0
    wins: int = 0
    margins: list[int] = field(default_factory=list)  #: expert's final score minus the opponent's
    pone_hands: list[int] = field(default_factory=list)
    dealer_hands: list[int] = field(default_factory=list)
    cribs: list[int] = field(default_factory=list)  #: the expert's own crib, when it deals
    given_cribs: list[int] = field(default_factory=list)  #: the opponent's crib, when it deals
    pegging: list[int] = field(default_factory=list)  #: expert's pegging points minus the opponent's, per deal
    seconds: list[float] = field(default_factory=list)  #: the expert's decisions with a choice
    play_seconds: list[float] = field(default_factory=list)  #: those of them in the play (C8–C12)
    indexed: list[tuple[int, int]] = field(default_factory=list)  #: (game index, margin), for pairs

    def add(self, other: Tally) -> None:
        """Fold another batch in."""
        self.games += other.games
        self.wins += other.wins
        for name in ("margins", "pone_hands", "dealer_hands", "cribs", "given_cribs", "pegging", "seconds",
                     "play_seconds", "indexed"):
            getattr(self, name).extend(getattr(other, name))


class Timed:
    """Wraps an agent and records how long its decisions with a choice take."""

    def __init__(self, agent: CribbageExpert, seconds: list[float], play_seconds: list[float] | None = None) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = seconds
        self.play_seconds = play_seconds

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The wrapped agent's action, timed."""
        start = time.perf_counter()
        action = self.agent.choose(decision, rng)
        if len(decision.legal_actions) > 1:
            self.seconds.append(time.perf_counter() - start)
            if self.play_seconds is not None and decision.view["phase"] == "play":
                self.play_seconds.append(self.seconds[-1])
        return action


def opponent(name: str) -> Agent:
    """The other seat: the baseline, or the expert at a level or a baseline of it."""
    return EvGreedyAgent() if name == "ev-greedy" else CribbageExpert({**LEVELS, **BASELINES}[name])


def play_games(indices: Sequence[int], level: str = "normal", against: str = "ev-greedy",
               paired: bool = False) -> Tally:
    """Play the games ``indices`` (the expert in seat ``index % 2``; ``paired``: one seed a pair)."""
    game = tabletop.load("cribbage")
    assert isinstance(game, Cribbage)
    tally = Tally()
    for index in indices:
        seat = index % 2
        expert = Timed(CribbageExpert({**LEVELS, **BASELINES}[level]), tally.seconds, tally.play_seconds)
        agents: list[Agent] = [opponent(against), opponent(against)]
        agents[seat] = expert
        deal_pegging = [0, 0]

        def watch(before: State[Any], action: Any, after: State[Any], seat: int = seat,
                  deal_pegging: list[int] = deal_pegging) -> None:
            assert isinstance(before, CribbageState) and isinstance(after, CribbageState)
            if isinstance(action, Starter):
                starter = action.card
                hand = score_hand(after.kept[seat], starter).total
                if after.dealer == seat:
                    tally.dealer_hands.append(hand)
                    tally.cribs.append(score_hand(after.crib, starter, crib=True).total)
                else:
                    tally.pone_hands.append(hand)
                    tally.given_cribs.append(score_hand(after.crib, starter, crib=True).total)
            for event in after.scored:
                if event.kind in PEGGING:
                    deal_pegging[event.side] += event.points
            if before.phase is Phase.PLAY and after.phase is Phase.SHOW:
                tally.pegging.append(deal_pegging[seat] - deal_pegging[1 - seat])
            if after.phase is not Phase.PLAY:
                deal_pegging[0] = deal_pegging[1] = 0

        seed = f"cribbage-expert-pair:{index // 2}" if paired else f"cribbage-expert:{index}"
        played = play(game, agents, seed=seed, on_step=watch)
        state = played.state
        assert isinstance(state, CribbageState)
        result = state.results[0]
        tally.games += 1
        tally.wins += result.winner == seat
        tally.margins.append(result.scores[seat] - result.scores[1 - seat])
        tally.indexed.append((index, tally.margins[-1]))
    return tally


def pair_means(tally: Tally) -> list[float]:
    """The mean margin of each complete pair of games (2k, 2k + 1), dealt alike with seats swapped."""
    by_index = dict(tally.indexed)
    return [(by_index[i] + by_index[i + 1]) / 2 for i in sorted(by_index) if i % 2 == 0 and i + 1 in by_index]




def mean_interval(values: Sequence[float], z: float = 1.96) -> str:
    """``mean ± half-width`` of a normal-approximation interval."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.2f} ± {half:.2f} (95% CI {mean - half:+.2f} … {mean + half:+.2f})"


def report(tally: Tally, seconds: float, level: str = "normal", against: str = "ev-greedy",
           paired: bool = False) -> str:
    """The figures, one a line."""
    low, high = wilson(tally.wins, tally.games)
    times = sorted(tally.seconds)

    def quantile(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] * 1000

    def avg(values: list[int]) -> str:
        return f"{statistics.fmean(values):.3f} (n={len(values)})" if values else "n/a"

    plays = sorted(tally.play_seconds)
    pairs = pair_means(tally) if paired else []
    return "\n".join([
        f"games: {tally.games} (expert {level} vs {against}, seats alternating{', paired deals' if paired else ''}), "
        f"{seconds:.0f} s",
        f"final-score margin per game: {mean_interval(tally.margins)}",
        *([f"final-score margin per game, over {len(pairs)} pairs: {mean_interval(pairs)}"] if len(pairs) > 1 else []),
        f"win rate: {tally.wins / tally.games:.4f} (95% Wilson CI {low:.4f} … {high:.4f})",
        f"expert hand as pone: {avg(tally.pone_hands)}; as dealer: {avg(tally.dealer_hands)}",
        f"expert crib per deal (its deal): {avg(tally.cribs)}; opponent's crib (its deal): {avg(tally.given_cribs)}",
        *([f"pegging margin per deal: {mean_interval(tally.pegging)}"] if tally.pegging else []),
        *([f"expert decision latency (with a choice, n={len(times)}): p50 {quantile(0.5):.1f} ms, "
           f"p95 {quantile(0.95):.1f} ms, max {times[-1] * 1000:.1f} ms"] if times else []),
        *([f"expert's cards in the play (n={len(plays)}): p50 {plays[len(plays) // 2] * 1000:.1f} ms, "
           f"p95 {plays[min(len(plays) - 1, int(0.95 * len(plays)))] * 1000:.1f} ms"] if plays else []),
    ])


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10_000, help="games to play (default 10,000)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="also print the figures so far to stderr every N games (a multiple of 20)")
    parser.add_argument("--level", default="normal", choices=sorted({**LEVELS, **BASELINES}), help="the expert's level")
    parser.add_argument("--against", default="ev-greedy", choices=["ev-greedy", *sorted({**LEVELS, **BASELINES})],
                        help="the other seat (default the ev-greedy baseline)")
    parser.add_argument("--paired", action="store_true", help="deal each pair of games alike, seats swapped")
    parser.add_argument("--first", type=int, default=0, help="the first game's index (even; default 0): "
                        "runs over disjoint ranges add up")
    parser.add_argument("--record", metavar="FILE", help="append each finished batch to FILE (JSON lines)")
    parser.add_argument("--from-records", nargs="+", metavar="FILE",
                        help="report the batches recorded in these files together, playing nothing")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="stop after this many minutes and report the games finished (default: no limit)")
    args = parser.parse_args(argv)
    if args.from_records:
        tally = Tally()
        played = {"level": args.level, "against": args.against, "paired": args.paired}
        seen: set[tuple[Any, ...]] = set()
        for name in args.from_records:
            with (gzip.open(name, "rt", encoding="utf-8") if name.endswith(".gz")
                  else open(name, encoding="utf-8")) as lines:
                for line in lines:
                    fields: dict[str, Any] = json.loads(line)
                    how = {key: fields.pop(key, played[key]) for key in played}  # (older records: the options')
                    seen.add(tuple(how.values()))
                    fields["indexed"] = [tuple(pair) for pair in fields["indexed"]]
                    tally.add(Tally(**fields))
        if len(seen) > 1:
            parser.error(f"the records were played differently (level, against, paired): {sorted(seen)}")
        level, against, paired = seen.pop() if seen else tuple(played.values())
        print(report(tally, 0.0, level, against, paired))
        return
    start = time.perf_counter()
    end = args.first + args.games
    chunks = [list(range(i, min(i + 20, end))) for i in range(args.first, end, 20)]
    tally = Tally()
    with multiprocessing.Pool(max(args.workers, 1)) as pool:
        for part in pool.imap_unordered(partial(play_games, level=args.level, against=args.against,
                                                   paired=args.paired), chunks):
            tally.add(part)
            if args.record:
                with open(args.record, "a", encoding="utf-8") as record:
                    record.write(json.dumps({"level": args.level, "against": args.against, "paired": args.paired,
                                             **dataclasses.asdict(part)}) + "\n")
            if args.minutes and time.perf_counter() - start > 60 * args.minutes:
                break
            if args.progress and tally.games % args.progress == 0 and tally.games < args.games:
                print(report(tally, time.perf_counter() - start, args.level, args.against, args.paired), end="\n\n",
                      file=sys.stderr, flush=True)
    print(report(tally, time.perf_counter() - start, args.level, args.against, args.paired))


if __name__ == "__main__":
    main()
