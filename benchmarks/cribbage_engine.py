"""Our cribbage against OpenSpiel's C++ ``cribbage`` (through ``pyspiel``), in the same process and run:
random playouts, and the decision latency of a random bot and of an MCTS bot with equal iterations.

Issue #19 sets the goals: at least as many random games per second through ``State.apply`` (the one
engine: the kernel of :mod:`tabletop.games.cribbage.kernel` under the game interface) as OpenSpiel's
cribbage, and an MCTS iteration costing at most OpenSpiel's Python ``MCTSBot``'s. Each engine plays whole
random 2-player games to 121 — uniformly random legal actions, chance drawn with its probabilities (ours with
``sample_chance``, OpenSpiel's from ``chance_outcomes()`` by a scan, which works for any chance node) — and
every run times a batch of each, back to back, so the ratio is the median of the runs' ratios. OpenSpiel
is driven from Python, as a Python user drives it; its actions count its own steps (its no-op passes
included), ours count our actions (cuts, deals one card at a time, counts).

The bots are timed from a state to an action, so the decision's preparation counts on both sides
(ours: the seat's view and legal actions; OpenSpiel's ``Bot.step`` finds its legal actions itself):

* random — :class:`tabletop.agents.RandomAgent` against ``pyspiel.make_uniform_random_bot``, every
  decision with a choice in a few random games;
* MCTS — our IS-MCTS (:class:`tabletop.agents.MCTSAgent`) against OpenSpiel's
  ``open_spiel.python.algorithms.mcts.MCTSBot``, both Python over their engine's states, with the
  same iterations, each one random rollout to the end of the game (``RandomRolloutEvaluator(1)``),
  no solver, on the first decisions with a choice of a few seeded games (discards and pegging of the
  first deal, so every rollout plays about a whole game). OpenSpiel's C++ ``MCTSBot`` refuses
  cribbage (its points come as intermediate rewards) and its C++ ``ISMCTSBot`` needs
  ``ResampleFromInfostate``, which cribbage lacks; the Python ``MCTSBot`` only reads ``returns()``
  at the end of a game, so it is handed a view of the game that reports terminal rewards. It
  searches the true state (it sees the other hand), ours samples a world consistent with the seat's
  view on every iteration; its exploration constant is scaled by its utility range (its returns are
  points, ours ±1).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import numpy as np
from sections import Section, ms, rate, ratio
from timing import Scale, median_rate, one_core, percentiles_ms

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent
from tabletop.core import Agent, Decision, State
from tabletop.sim import random_playout

OURS = "ours: State.apply (tabletop.sim.random_playout)"
OPENSPIEL = "OpenSpiel cribbage (pyspiel, C++)"

GAMES = {"ours": 60, "openspiel": 150}
"""Games per run for each engine, so that each run takes a few tenths of a second."""

SIMULATIONS = 50
"""MCTS iterations per decision for both bots (our generic ``easy`` level's count)."""

EXPLORATION = 1.4
"""UCT's exploration constant for returns in ±1 (ours; OpenSpiel's is scaled by its utility range)."""

RANDOM_GAMES = 10
MCTS_GAMES, MCTS_DECISIONS = 3, 8
"""Random-bot games, and the MCTS bots' games and decisions with a choice timed in each."""


def pyspiel_module() -> Any | None:
    """``pyspiel``, or None when open-spiel is not installed (the ``openspiel`` extra)."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs
    except ImportError:
        return None
    return pyspiel


def openspiel_chance(state: Any, rng: random.Random) -> int:
    """A chance outcome of an OpenSpiel state drawn by its probabilities: ``chance_outcomes()`` and a
    Python scan of them, which works for any chance node. Every benchmark that drives OpenSpiel's
    cribbage draws its chance here (``learning_envs`` too), so the report measures OpenSpiel one way."""
    outcomes = state.chance_outcomes()
    point, total = rng.random(), 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return int(outcome)
    return int(outcomes[-1][0])


def openspiel_playout(game: Any, rng: random.Random, step: Callable[[Any], None] | None = None) -> int:
    """One random game of OpenSpiel's cribbage; its number of steps. ``step(state)``, if given, sees
    every decision with a choice before the random action is applied."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = openspiel_chance(state, rng)
        else:
            legal = state.legal_actions()
            if step is not None and len(legal) > 1:
                step(state)
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def paired_rates(ours: Callable[[], int], theirs: Callable[[], int], games: tuple[int, int],
                 runs: int) -> tuple[tuple[float, float], tuple[float, float], float]:
    """Each engine's median games/s and actions/s, and the median of the runs' ratios ours/theirs in games/s.

    Every run times one batch of ours and then one of theirs, in CPU seconds of this process (both engines
    run here, so a machine busy with other work slows neither side's figure more than the other's).
    """
    ours_runs: list[tuple[float, float]] = []
    theirs_runs: list[tuple[float, float]] = []
    for _ in range(runs):
        for batch, count, found in ((ours, games[0], ours_runs), (theirs, games[1], theirs_runs)):
            start = time.process_time()
            actions = batch()
            seconds = time.process_time() - start
            found.append((count / seconds, actions / seconds))
    ratios = [mine[0] / other[0] for mine, other in zip(ours_runs, theirs_runs, strict=True)]

    def medians(found: list[tuple[float, float]]) -> tuple[float, float]:
        return statistics.median(g for g, _ in found), statistics.median(a for _, a in found)

    return medians(ours_runs), medians(theirs_runs), statistics.median(ratios)


def playout_rates(scale: Scale) -> tuple[dict[str, tuple[float, float]], float | None]:
    """Median games/s and actions/s of random games through ``State.apply`` and (where it is installed)
    through OpenSpiel's C++ cribbage, with the median per-run ratio of games/s (None without OpenSpiel)."""
    ours, theirs = scale.of(GAMES["ours"]), scale.of(GAMES["openspiel"])
    game = tabletop.load("cribbage", players=2)
    random_playout(game, random.Random(0))  # the show's scoring table is built once per process

    our_rng, their_rng = random.Random(2), random.Random(3)

    def our_batch() -> int:
        return sum(random_playout(game, our_rng)[1] for _ in range(ours))

    pyspiel = pyspiel_module()
    if pyspiel is None:
        return {OURS: median_rate(our_batch, ours, scale.runs)}, None
    cribbage = pyspiel.load_game("cribbage", {"players": 2})

    def their_batch() -> int:
        return sum(openspiel_playout(cribbage, their_rng) for _ in range(theirs))

    mine, other, games_ratio = paired_rates(our_batch, their_batch, (ours, theirs), scale.runs)
    return {OURS: mine, OPENSPIEL: other}, games_ratio


def our_decisions(bot: Agent, games: int, per_game: int | None, seed: str) -> list[float]:
    """Seconds from state to action of ``bot`` on decisions with a choice of seeded random games of ours
    (all of them, or the first ``per_game`` of each)."""
    game = tabletop.load("cribbage", players=2)
    times: list[float] = []
    for i in range(games):
        rng, bot_rng = random.Random(f"{seed}:{i}"), random.Random(f"{seed}:bot:{i}")
        state: State[Any] = game.initial_state()
        timed = 0
        while not state.is_terminal and (per_game is None or timed < per_game):
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                start = time.perf_counter()
                seat = state.current_player
                bot.choose(Decision(game, seat, state.view(seat), tuple(state.legal_actions()), ()), bot_rng)
                times.append(time.perf_counter() - start)
                timed += 1
            state = state.apply(legal[rng.randrange(len(legal))])
    return times


class _TerminalRewards:
    """OpenSpiel's cribbage as ``MCTSBot``'s constructor checks it: terminal rewards (see the module doc)."""

    def __init__(self, game: Any, pyspiel: Any) -> None:
        self._game = game
        self._type = SimpleNamespace(reward_model=pyspiel.GameType.RewardModel.TERMINAL,
                                     dynamics=game.get_type().dynamics)

    def get_type(self) -> SimpleNamespace:
        return self._type

    def max_utility(self) -> float:
        return float(self._game.max_utility())


def openspiel_decisions(pyspiel: Any, bot: str, games: int, per_game: int | None, simulations: int) -> list[float]:
    """Seconds of OpenSpiel's ``bot`` (``random`` or ``mcts``) on decisions with a choice of seeded
    random games of OpenSpiel's cribbage (all of them, or the first ``per_game`` of each)."""
    from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]  # no type stubs

    cribbage = pyspiel.load_game("cribbage", {"players": 2})
    times: list[float] = []
    for i in range(games):
        if bot == "random":
            bots = [pyspiel.make_uniform_random_bot(seat, i * 2 + seat) for seat in (0, 1)]
        else:
            state_rng = np.random.RandomState(i)
            search = mcts.MCTSBot(_TerminalRewards(cribbage, pyspiel), EXPLORATION * cribbage.max_utility(),
                                  simulations, mcts.RandomRolloutEvaluator(1, state_rng), solve=False,
                                  random_state=state_rng)
            bots = [search, search]
        game_times: list[float] = []

        def step(state: Any, bots: list[Any] = bots, game_times: list[float] = game_times) -> None:
            if per_game is None or len(game_times) < per_game:
                start = time.perf_counter()
                bots[state.current_player()].step(state)
                game_times.append(time.perf_counter() - start)

        openspiel_playout(cribbage, random.Random(f"openspiel:{bot}:{i}"), step)
        times += game_times
    return times


def latency_pairs(scale: Scale) -> list[tuple[str, list[float], list[float] | None]]:
    """(bot, our seconds, OpenSpiel's seconds or None) for the random and the MCTS bots, on one core."""
    pyspiel = pyspiel_module()
    simulations = max(2, scale.of(SIMULATIONS))  # OpenSpiel's MCTSBot needs two to expand its root
    random_games, mcts_games, per_game = scale.of(RANDOM_GAMES), scale.of(MCTS_GAMES), scale.of(MCTS_DECISIONS)
    search = MCTSAgent(simulations=simulations, exploration=EXPLORATION)
    with one_core():
        return [
            ("uniform random", our_decisions(RandomAgent(), random_games, None, "random"),
             openspiel_decisions(pyspiel, "random", random_games, None, 0) if pyspiel else None),
            (f"MCTS, {simulations} iterations, 1 random rollout each",
             our_decisions(search, mcts_games, per_game, "mcts"),
             openspiel_decisions(pyspiel, "mcts", mcts_games, per_game, simulations) if pyspiel else None),
        ]


def sections(scale: Scale) -> list[Section]:
    """Random playouts of both engines, and bot latencies, each with the ratio ours / OpenSpiel."""
    rates, games_ratio = playout_rates(scale)
    theirs = rates.get(OPENSPIEL)
    playouts = tuple(
        (engine, rate(games), rate(actions), f"{actions / games:,.0f}",
         (f"{games_ratio:.2f}×" if engine == OURS and games_ratio is not None else ratio(games, theirs[0]))
         if theirs else "–",
         ratio(actions, theirs[1]) if theirs else "–")
        for engine, (games, actions) in rates.items())
    simulations = max(2, scale.of(SIMULATIONS))
    bots = []
    for bot, ours, openspiel in latency_pairs(scale):
        mine = percentiles_ms(ours)
        other = percentiles_ms(openspiel) if openspiel else None
        per_iteration = bot.startswith("MCTS")
        bots.append((bot, f"{len(ours)} / {len(openspiel) if openspiel else '–'}", ms(mine[0]), ms(mine[1]),
                     ms(other[0]) if other else "–", ms(other[1]) if other else "–",
                     f"{mine[0] / simulations * 1e3:,.0f} / {other[0] / simulations * 1e3:,.0f}"
                     if per_iteration and other else "–",
                     ratio(mine[0], other[0]) if other else "–", ratio(mine[1], other[1]) if other else "–"))
    missing = "" if theirs else " open-spiel is not installed: OpenSpiel's figures are missing."
    return [
        Section("openspiel", "Cribbage: State.apply vs OpenSpiel's C++ cribbage, random playouts",
                ("engine", "games/s", "actions/s", "actions/game", "games/s ours/OpenSpiel (goal ≥ 1.0×)",
                 "actions/s ours/OpenSpiel"), playouts,
                "Whole random 2-player games to 121 in the same process, through each engine's public "
                f"interface; games a run: ours {scale.of(GAMES['ours'])}, OpenSpiel {scale.of(GAMES['openspiel'])}. "
                f"Each of {scale.runs} runs times a batch of ours then one of OpenSpiel's in CPU seconds; the "
                "figures are medians, and the ratio of games/s is the median of the runs' ratios. OpenSpiel is "
                "driven from Python through pyspiel; its actions are its steps (passes included), ours our "
                "actions (cuts, deals one card at a time, counts). Chance is drawn each engine's own way: ours with "
                "State.sample_chance, OpenSpiel's from chance_outcomes() by a Python scan of its probabilities "
                "(docs/benchmarks.md: fairness of the pairing)." + missing),
        Section("openspiel", "Cribbage: our bots vs OpenSpiel's, decision latency (one core)",
                ("bot", "decisions ours / OpenSpiel", "ours p50 ms", "ours p95 ms", "OpenSpiel p50 ms",
                 "OpenSpiel p95 ms", "µs per iteration (p50) ours / OpenSpiel",
                 "p50 ours/OpenSpiel (MCTS: goal ≤ 1.0×)", "p95 ours/OpenSpiel"), tuple(bots),
                "Timed from a state to an action. Random: RandomAgent vs pyspiel.make_uniform_random_bot, every "
                f"decision with a choice of {scale.of(RANDOM_GAMES)} random games. MCTS: our IS-MCTS (MCTSAgent) vs "
                "open_spiel.python.algorithms.mcts.MCTSBot with equal iterations, each one random rollout to the "
                f"end of the game, no solver, on the first {scale.of(MCTS_DECISIONS)} decisions with a choice "
                f"of {scale.of(MCTS_GAMES)} seeded games, so the p50 ratio is the ratio of the cost of an "
                "iteration. OpenSpiel's MCTSBot searches the true state; ours samples a world from the seat's view "
                "each iteration. Percentiles over all decisions, not medians of runs; see "
                "benchmarks/cribbage_engine.py for why this pairing." + missing),
    ]


if __name__ == "__main__":
    from rich.console import Console
    from sections import to_rich

    for section in sections(Scale()):
        Console().print(to_rich(section))
