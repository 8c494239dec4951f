"""Kubik's expert bots (issue #6): strength and decision time.

Plays the expert at level ``normal`` against the random agent and against ``easy`` (and ``hard`` against
``normal``) with ``throws=calibrated``, seats alternating, and reports win rates with 95% Wilson intervals
(a draw counts a half); then a few games with ``throws=physics`` to show that throws chosen against the
calibrated model score as much in the physics (points per throw with each). Every decision of the expert
is timed (p50, p95): the bot never simulates a throw, so its time does not depend on ``throws``.

    python benchmarks/kubik_expert.py --games 400 --physics-games 12

``--interceptions N`` measures the interception variant's bots (K19): N games of the expert against the
same expert that never stands to intercept (seats alternating, the same seeds), with how often each
decision is taken — standing before an opponent's throw, striking at a crossing, hitting — and the win
rate of the intercepting side with its 95% Wilson interval: its gain over never intercepting is the win
rate less a half (the two sides differ in nothing else).

    python benchmarks/kubik_expert.py --games 0 --physics-games 0 --interceptions 600 --level normal
    python benchmarks/kubik_expert.py --games 0 --physics-games 0 --interceptions 40 --throws physics

``--exact`` first prints the levels' exact chances to beat each other on the calibrated model, no sampling
(:mod:`tabletop.games.kubik.matchups`), for the default game (2 players, skill 0.7, target 30):
what the simulated matches should agree with.

    python benchmarks/kubik_expert.py --exact --games 400 --physics-games 0
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from tabletop.agents import RandomAgent
from tabletop.core import Agent, Decision, State
from tabletop.games.kubik import Kubik, KubikState, Phase
from tabletop.games.kubik.actions import Intercept, Outcome, Strike
from tabletop.games.kubik.expert import KubikExpert
from tabletop.games.kubik.matchups import levels
from tabletop.sim import play
from tabletop.sim.tournament import wilson


class Timed:
    """An agent whose decisions are timed (seconds per call)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds: list[float] = []

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(decision, rng)
        self.seconds.append(time.perf_counter() - start)
        return action


class NeverIntercepts:
    """An expert that never stands to intercept (K19), and so never has a crossing to decide on."""

    def __init__(self, level: str) -> None:
        self.inner = KubikExpert(level)
        self.name = f"{self.inner.name}-never-intercepts"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        if any(isinstance(a, Intercept) for a in decision.legal_actions):
            return Intercept(None)
        return self.inner.choose(decision, rng)


def make(name: str) -> Agent:
    """``random`` or a Kubik expert level."""
    return RandomAgent() if name == "random" else KubikExpert(name)


def match(game: Kubik, first: str, second: str, games: int, timed: Timed | None = None,
          tag: str = "") -> tuple[float, float]:
    """``first`` against ``second`` over ``games`` games, seats alternating: (first's wins, points per throw).

    With ``timed``, ``first``'s decisions are timed; points per throw are ``first``'s (K7, K9 scoring).
    """
    wins = 0.0
    points = throws = 0
    for i in range(games):
        seat = i % 2
        mine: Agent = timed if timed is not None else make(first)
        agents = [make(second), make(second)]
        agents[seat] = mine
        team = game.team_of(seat)

        def on_step(before: State[Any], action: Any, after: State[Any], team: int = team) -> None:
            nonlocal points, throws
            assert isinstance(before, KubikState) and isinstance(after, KubikState)
            if before.phase in (Phase.THROW, Phase.REST) and before.team == team:  # a throw's own end (K19)
                throws += before.phase is Phase.THROW
                points += sum(e.points for e in after.scored if e.team == team)

        result = play(game, agents, f"{tag}{first}-{second}:{i}", on_step=on_step).state.returns()[seat]
        wins += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
    return wins, points / max(throws, 1)


def interceptions(level: str, games: int, skill: float, throws: str = "calibrated") -> None:
    """The interception bots' decisions and their win-rate gain over never intercepting (K19)."""
    game = Kubik(throws=throws, players=2, interception=True, skill=skill)
    counts = {"opportunities": 0, "stands": 0, "crossings": 0, "strikes": 0, "hits": 0, "misses": 0,
              "never_throws": 0, "never_crossed_with_stander": 0}
    points = {"hit": 0, "miss": 0}
    wins = 0.0
    start = time.perf_counter()
    for i in range(games):
        seat = i % 2  # the intercepting expert's seat
        agents: list[Agent] = [NeverIntercepts(level), NeverIntercepts(level)]
        agents[seat] = KubikExpert(level)

        def on_step(before: State[Any], action: Any, after: State[Any], seat: int = seat) -> None:
            assert isinstance(before, KubikState) and isinstance(after, KubikState)
            if before.phase is Phase.STAND and before.current_player == seat:
                counts["opportunities"] += 1
                counts["stands"] += isinstance(action, Intercept) and action.seat is not None
            elif before.phase is Phase.THROW and before.team != seat and before.interceptor is not None:
                counts["crossings"] += isinstance(action, Outcome) and action.kind == "cross"
            elif before.phase is Phase.CROSSING and before.current_player == seat:
                counts["strikes"] += isinstance(action, Strike) and action.strike
            elif before.phase is Phase.INTERCEPT and game.team_of(before.interceptor or 0) == game.team_of(seat):
                hit = isinstance(action, Outcome) and action.kind == "hit"
                counts["hits" if hit else "misses"] += 1
                points["hit" if hit else "miss"] += sum(e.points for e in after.scored if e.team == game.team_of(seat))

        result = play(game, agents, f"interceptions:{level}:{i}", on_step=on_step).state.returns()[seat]
        wins += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
    low, high = wilson(round(wins), games)
    rate = wins / games
    stand = counts["stands"] / max(1, counts["opportunities"])
    crossed = counts["crossings"] / max(1, counts["stands"])
    strike = counts["strikes"] / max(1, counts["crossings"])
    hit = counts["hits"] / max(1, counts["hits"] + counts["misses"])
    print(f"{level} intercepting vs {level} never intercepting ({throws}, skill {skill:g}, {games} games, "
          f"{time.perf_counter() - start:.0f} s):")
    print(f"  stands before {counts['stands']} of {counts['opportunities']} opponent throws ({stand:.3f}); "
          f"the cube crossed on {counts['crossings']} of those ({crossed:.3f}); struck at {counts['strikes']} "
          f"({strike:.3f}); hit {counts['hits']} of {counts['hits'] + counts['misses']} ({hit:.3f})")
    print(f"  win rate {rate:.3f} [{low:.3f}, {high:.3f}] (95% Wilson): gain over never intercepting "
          f"{rate - 0.5:+.3f} [{low - 0.5:+.3f}, {high - 0.5:+.3f}]")


def main() -> None:
    """Run the matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per calibrated match")
    parser.add_argument("--physics-games", type=int, default=8, help="games of normal vs random with physics")
    parser.add_argument("--interception", action="store_true", help="play the interception variant (K12–K15)")
    parser.add_argument("--interceptions", type=int, default=0,
                        help="games of an intercepting expert against one that never intercepts (K19)")
    parser.add_argument("--level", default="normal", help="the level for --interceptions")
    parser.add_argument("--skill", type=float, default=0.7, help="every player's skill for --interceptions")
    parser.add_argument("--throws", default="calibrated", help="where outcomes come from for --interceptions")
    parser.add_argument("--exact", action="store_true", help="the levels' exact match-ups on the model first")
    args = parser.parse_args()
    if args.exact:
        for first, second, as_a, as_b in levels(Kubik(throws="calibrated", players=2)):
            print(f"{first:>6} vs {second:<6} (exact): {(as_a + as_b) / 2:.4f} ({as_a:.4f} as team A, {as_b:.4f} as B)")
    if args.interceptions:
        interceptions(args.level, args.interceptions, args.skill, args.throws)
    if not args.games:
        return
    calibrated = Kubik(throws="calibrated", players=2, interception=args.interception)
    physics = Kubik(throws="physics", players=2, interception=args.interception)
    print(f"kubik, 2 players, skill 0.7, interception {args.interception}; {args.games} games a match")
    latencies: list[float] = []
    for first, second in (("normal", "random"), ("normal", "easy"), ("hard", "normal"), ("easy", "random")):
        timed = Timed(make(first))
        start = time.perf_counter()
        wins, ppt = match(calibrated, first, second, args.games, timed)
        low, high = wilson(round(wins), args.games)  # a draw counts half a win
        if first == "normal":
            latencies += timed.seconds
        print(f"{first:>6} vs {second:<6} (calibrated): wins {wins / args.games:.3f} [{low:.3f}, {high:.3f}], "
              f"{first} points/throw {ppt:+.2f}, decision p50 {_ms(timed.seconds, 50)} p95 "
              f"{_ms(timed.seconds, 95)} ({time.perf_counter() - start:.0f} s)")
    print(f"normal decisions with throws=calibrated: p50 {_ms(latencies, 50)}, p95 {_ms(latencies, 95)} "
          f"over {len(latencies)}")
    if args.physics_games:
        timed = Timed(make("normal"))
        start = time.perf_counter()
        wins, ppt = match(physics, "normal", "random", args.physics_games, timed, tag="physics:")
        low, high = wilson(round(wins), args.physics_games)
        _, ppt_model = match(calibrated, "normal", "random", args.physics_games, tag="physics:")
        print(f"normal vs random (physics, {args.physics_games} games): wins {wins / args.physics_games:.3f} "
              f"[{low:.3f}, {high:.3f}], normal points/throw {ppt:+.2f} with physics vs {ppt_model:+.2f} with the "
              f"calibrated model (same seeds); decision p50 {_ms(timed.seconds, 50)} p95 {_ms(timed.seconds, 95)} "
              f"over {len(timed.seconds)} ({time.perf_counter() - start:.0f} s)")


def _ms(seconds: list[float], percent: int) -> str:
    if len(seconds) < 2:
        return "–"
    return f"{statistics.quantiles(seconds, n=100)[percent - 1] * 1000:.1f} ms"


if __name__ == "__main__":
    main()
