"""The Cubulus expert's strength: a level against plain MCTS with random rollouts (issues #6, #20).

Two players, every game with fresh agents; the expert's seat and the starting seat alternate so
that each colour and each role — the starter, and the seat placing the neutral balls (U13) —
come up equally often: game i puts the expert in seat i mod 2 with seat ⌊i/2⌋ mod 2 starting.
Prints the expert's win rate with a 95% Wilson interval, the draws, and the p50/p95 time of the
expert's decisions with more than one legal action (play and neutral placements apart; for play
also the CPU time, which a busy machine does not inflate).

MCTS's rollouts play uniformly random legal actions to the end. ``--rollout kernel`` (the default)
plays them on the board masks (:func:`kernel_rollout`: the same choice — uniform over the same legal
actions, each hole its own action — under the same rules, some three times faster than stepping
states); ``--rollout states`` uses the generic :func:`tabletop.agents.search.random_rollout`, and
``--rollout compiled`` the whole search compiled (:mod:`cubulus_mcts`: the same search and rules, its
own random numbers, some 70 times sooner — the way to play the hundreds of games a small change needs).
Before playing, the kernel rollout's legal actions are checked against the states' over random games.

    .venv/bin/python benchmarks/cubulus_expert.py --games 40 --rollouts 1000
    .venv/bin/python benchmarks/cubulus_expert.py --level hard --rollouts 10000 --games 40 --jobs 2
    .venv/bin/python benchmarks/cubulus_expert.py --level hard --rollouts 10000 --rollout compiled --games 200
    .venv/bin/python benchmarks/cubulus_expert.py --level hard --rollouts 10000 --seed 7200 --take-apart 27
    .venv/bin/python benchmarks/cubulus_expert.py --level hard --scale 30 --rollouts 10000 --mcts-starts --jobs 2
    .venv/bin/python benchmarks/cubulus_expert.py --level hard --rollouts 10000 --mcts-starts \
        --setup 0,2,6,8,13,18,20,24,26

``--mcts-starts`` plays only the games of the alternation where MCTS starts (numbered as in a full run),
so the expert places the neutral balls and moves second; ``--setup`` makes the expert place these nine
cells (as numbered 9x + 3y + z, in one of their 48 symmetric images) instead of its own set-up.
``--scale`` multiplies the level's work budgets (its search's and its solver's positions), to measure
what more thought buys; the games stay reproducible, since the budgets are work, not time.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import functools
import math
import random
import statistics
import time
from typing import Any

from cubulus_mcts import CompiledMCTS, check_compiled_mcts

import tabletop
from tabletop.agents import MCTSAgent, make_bot
from tabletop.agents.search import Evaluator, random_rollout
from tabletop.core import Agent, Decision, State
from tabletop.games.cubulus import Cubulus, CubulusState, Phase, kernel
from tabletop.games.cubulus.board import Board, position_key
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert, Level
from tabletop.games.cubulus.geometry import HOLES
from tabletop.games.cubulus.proof_numbers import proved_loss
from tabletop.games.cubulus.solver import forced_loss
from tabletop.sim import play
from tabletop.sim.tournament import wilson


def kernel_codes(board: Board, seat: int, banned: Board | None, allow_null: bool) -> list[int]:
    """The legal play actions as codes (hole, 54 + hole for a shift), as :class:`CubulusState` lists them: each
    hole its own insert, then the shifts (:func:`.kernel.legal_holes`)."""
    codes = [0] * kernel.MAX_MOVES
    return codes[:kernel.hole_codes(*kernel.legal_holes(board, seat, banned or kernel.NO_BAN, allow_null), codes)]


def kernel_rollout(state: State[Any], rng: random.Random) -> tuple[float, ...]:
    """A uniformly random playout of a Cubulus state on the masks (U10–U16), returning the returns."""
    assert isinstance(state, CubulusState)
    while state.phase is not Phase.PLAY and not state.is_terminal:  # the start and U13's set-up
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            options = state.legal_actions()
            state = state.apply(options[rng.randrange(len(options))])
    if state.is_terminal:
        return state.returns()
    game = state.game
    seats, allow_null, no_undo, cap = game.num_players, game.allow_null_shift, game.no_undo, game.move_cap
    board, seat, banned, moves = state.board, state.to_move, state.banned or kernel.NO_BAN, state.moves
    seen, repeated = set(state.seen), set(state.repeated)
    while True:
        codes = kernel_codes(board, seat, banned, allow_null)
        code = codes[rng.randrange(len(codes))] if codes else kernel.PASS_CODE
        after = kernel.play(board, seat, code)
        if code != kernel.PASS_CODE:
            winner = kernel.winner_after(board, after, seats, seat, code % kernel.HOLE_COUNT)
            if winner >= 0:
                return tuple(1.0 if s == winner else -1.0 / (seats - 1) for s in range(seats))
        moves += 1
        nxt = (seat + 1) % seats
        banned = kernel.banned_after(code, board, banned, no_undo)
        if code < kernel.HOLE_COUNT:
            seen, repeated = {position_key(after, nxt)}, set()
        elif game.repetition_draw:
            key = position_key(after, nxt)
            if key in repeated:
                return (0.0,) * seats
            if key in seen:
                repeated.add(key)
            seen.add(key)
        if moves >= cap:
            return (0.0,) * seats
        board, seat = after, nxt


def check_kernel_rollout(games: int = 20) -> None:
    """Random games: at every play position the kernel lists exactly the states' legal actions."""
    game = tabletop.load("cubulus", players=2)
    assert isinstance(game, Cubulus)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.phase is Phase.PLAY:
                codes = kernel_codes(state.board, state.to_move, state.banned, game.allow_null_shift)
                assert sorted(str(a) for a in legal) == sorted(
                    str(game.parse_action(f"insert {HOLES[c]}" if c < 54 else f"shift {HOLES[c - 54]}"))
                    for c in codes) or (not codes and [str(a) for a in legal] == ["pass"]), (state, codes)
            state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])


class Timed:
    """Wraps an agent and records how long each of its decisions with a choice takes."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds: list[float] = []  #: play decisions (the search), wall time
        self.cpu_seconds: list[float] = []  #: the same decisions, CPU time of this process
        self.setup_seconds: list[float] = []  #: neutral placements (U13)

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The wrapped agent's choice, timed."""
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.agent.choose(decision, rng)
        if len(decision.legal_actions) > 1:
            if decision.view.get("phase") == "setup":
                self.setup_seconds.append(time.perf_counter() - start)
            else:
                self.seconds.append(time.perf_counter() - start)
                self.cpu_seconds.append(time.process_time() - start_cpu)
        return action




def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def scaled(level: str, scale: float) -> Level:
    """The named level with its work budgets (search and solver positions) times ``scale``."""
    named = LEVELS[level]
    return dataclasses.replace(named, max_nodes=round(named.max_nodes * scale),
                               solve_nodes=round(named.solve_nodes * scale))


def changed(level: Level, spec: str) -> Level:
    """``level`` with the fields named in ``spec`` ("field=value,...") changed, values of each field's type."""
    def value(field: str, text: str) -> Any:
        if field not in Level.__dataclass_fields__:
            raise ValueError(f"no level field {field!r}; the fields: {', '.join(Level.__dataclass_fields__)}")
        kind = type(getattr(level, field))
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0"):
                raise ValueError(f"{field}: true or false, not {text!r}")
            return text.lower() in ("true", "1")
        return kind(text)

    pairs = [item.split("=", 1) for item in spec.split(",") if item]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError(f"field=value pairs separated by commas, not {spec!r}")
    return dataclasses.replace(level, **{k: value(k, v) for k, v in pairs})


def opponent(rollouts: int, rollout: str) -> Agent:
    """MCTS with ``rollouts`` random rollouts a move: the generic agent with its playouts on the masks
    (``kernel``) or on states (``states``), or the whole search compiled (``compiled``, :mod:`cubulus_mcts`)."""
    if rollout == "compiled":
        return CompiledMCTS(rollouts)
    evaluator: Evaluator = kernel_rollout if rollout == "kernel" else random_rollout()
    return MCTSAgent(simulations=rollouts, evaluator=evaluator, name=f"mcts{rollouts}")


def one_game(i: int, level: str | Level, rollouts: int, rollout: str, seed: int,
             setup: tuple[int, ...] | None = None) -> tuple[int, float, Timed]:
    """Game ``i``: the expert in seat i mod 2, seat ⌊i/2⌋ mod 2 starting; its return and its timer.
    With a ``setup``, the expert places those nine cells as the neutral balls (U13)."""
    seat, first = i % 2, i // 2 % 2
    game = tabletop.load("cubulus", players=2, first=str(first))
    expert = Timed(make_bot(level, game) if setup is None and isinstance(level, str)
                   else CubulusExpert(level, setups=(setup,)) if setup else CubulusExpert(level))
    agents: list[Agent] = [expert, expert]
    agents[1 - seat] = opponent(rollouts, rollout)
    result = play(game, agents, seed + i).state
    expert.agent = None  # type: ignore[assignment]  # only the times travel back
    return i, result.returns()[seat], expert


def take_apart(i: int, level: str | Level, rollouts: int, rollout: str, seed: int, nodes: int = 400_000,
               plies: int = 15, full_plies: int = 0, variant: Level | None = None) -> None:
    """Replay game ``i`` (as :func:`one_game` plays it) and print, after each of the expert's play
    moves, whether the other seat now forces a win by threats within ``plies`` (proof numbers,
    ``nodes`` positions a proof) and, where that finds none and ``full_plies`` is set, by any moves
    within ``full_plies`` (the full-width search: a win by a quiet move the threat search skips).
    With a ``variant`` level, also what it would have played in each of those positions, when other."""
    seat, first = i % 2, i // 2 % 2
    game = tabletop.load("cubulus", players=2, first=str(first))
    expert = make_bot(level, game) if isinstance(level, str) else CubulusExpert(level)
    agents: list[Agent] = [expert, expert]
    agents[1 - seat] = opponent(rollouts, rollout)
    moves: list[tuple[State[Any], Any, State[Any]]] = []
    result = play(game, agents, seed + i, on_step=lambda before, action, after: moves.append((before, action, after)))
    print(f"game {i + 1}: expert seat {seat}, seat {first} starts; returns {result.state.returns()}")
    for before, action, after in moves:
        assert isinstance(before, CubulusState) and isinstance(after, CubulusState)
        if before.phase is Phase.PLAY and before.to_move == seat and not after.is_terminal:
            proof = proved_loss(after, seat, nodes, plies)
            how = "threats"
            if proof.result != "loss" and full_plies:
                proof, how = forced_loss(after, seat, nodes, full_plies), "any moves"
            line = " ".join(str(a) for a in proof.line)
            print(f"move {after.moves:3d}: {action} -> {proof.result}"
                  + (f" by {how} in {proof.plies} plies, {proof.nodes:,} positions: {line}"
                     if proof.result == "loss" else f" ({proof.nodes:,} positions)"), flush=True)
            if variant is not None:
                decision = Decision(game, seat, before.view(seat), tuple(before.legal_actions()), ())
                other = CubulusExpert(variant).choose(decision, random.Random(seed + i))
                if other != action:
                    theirs = proved_loss(before.apply(other), seat, nodes, plies)
                    print(f"          the variant plays {other} -> {theirs.result}"
                          + (f" in {theirs.plies} plies" if theirs.result == "loss" else ""), flush=True)


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    parser.add_argument("--rollouts", type=int, default=1000, help="MCTS random rollouts per move (default 1000)")
    parser.add_argument("--rollout", choices=("kernel", "states", "compiled"), default="kernel",
                        help="how MCTS plays its random rollouts (default kernel: on the masks; compiled: the "
                        "whole search in machine code, cubulus_mcts.py, ~80x sooner)")
    parser.add_argument("--level", default="normal", help="the expert's level (default normal)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the level's work budgets (search and solver positions) by this (default 1)")
    parser.add_argument("--with", dest="fields", metavar="FIELD=VALUE,...",
                        help="change these fields of the (scaled) level, e.g. solve_plies=17")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes (default 1)")
    parser.add_argument("--take-apart", type=int, metavar="N",
                        help="replay game N of the run (as numbered in its output) and print, after each of the "
                        "expert's moves, whether the other seat forces a win by threats (proof numbers)")
    parser.add_argument("--proof-nodes", type=int, default=400_000, help="--take-apart: positions a proof (400,000)")
    parser.add_argument("--proof-plies", type=int, default=15, help="--take-apart: plies of threats (default 15)")
    parser.add_argument("--variant", metavar="FIELD=VALUE,...",
                        help="--take-apart: also show what the level with these fields changed plays, e.g. "
                        "solve_nodes=24000,solve_plies=15")
    parser.add_argument("--full-plies", type=int, default=0,
                        help="--take-apart: where threats prove nothing, search all moves this deep (default 0: not)")
    parser.add_argument("--mcts-starts", action="store_true",
                        help="only the games where MCTS starts: the expert places the neutral balls (U13)")
    parser.add_argument("--setup", metavar="CELLS",
                        help="the nine cells (9x + 3y + z, comma-separated) the expert places the neutral balls on")
    args = parser.parse_args()
    cells: tuple[int, ...] | None = None
    if args.setup:
        cells = tuple(int(c) for c in args.setup.split(","))
        if len(set(cells)) != 9 or not all(0 <= c < 27 for c in cells):
            parser.error("--setup: nine different cells 0–26")
    if args.scale <= 0:
        parser.error(f"--scale: a positive factor, not {args.scale:g}")
    level: str | Level = args.level
    try:
        if args.scale != 1 or args.fields:
            level = changed(scaled(args.level, args.scale), args.fields or "")
        variant = changed(LEVELS[args.level], args.variant) if args.variant else None
    except KeyError:
        parser.error(f"--level: one of {', '.join(LEVELS)}, not {args.level!r}")
    except ValueError as error:
        parser.error(f"--with/--variant: {error}")
    if args.take_apart:
        take_apart(args.take_apart - 1, level, args.rollouts, args.rollout, args.seed, args.proof_nodes,
                   args.proof_plies, args.full_plies, variant)
        return
    if args.rollout == "kernel":
        check_kernel_rollout()
    elif args.rollout == "compiled":
        check_compiled_mcts()
    wins = draws = losses = 0
    timers: list[Timed] = []
    started = time.perf_counter()
    play_one = functools.partial(one_game, level=level, rollouts=args.rollouts, rollout=args.rollout,
                                 seed=args.seed, setup=cells)
    numbers = [i for i in range(4 * args.games) if i % 2 != i // 2 % 2][:args.games] if args.mcts_starts \
        else list(range(args.games))
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = pool.map(play_one, numbers) if args.jobs > 1 else map(play_one, numbers)
        for i, score, expert in games:
            timers.append(expert)
            wins += score > 0
            draws += score == 0
            losses += score < 0
            outcome = "win" if score > 0 else "draw" if score == 0 else "loss"
            low, high = wilson(wins, len(timers))
            cpu = [s for timer in timers for s in timer.cpu_seconds] or [0.0]
            print(f"game {i + 1:3d}: expert seat {i % 2}, seat {i // 2 % 2} starts: {outcome} "
                  f"({wins}-{draws}-{losses}, Wilson {low:.1%}–{high:.1%}; expert CPU p50 "
                  f"{statistics.median(cpu) * 1000:.0f} ms, p95 {percentile(cpu, 0.95) * 1000:.0f} ms; "
                  f"{time.perf_counter() - started:.0f} s)", flush=True)
    low, high = wilson(wins, len(timers))
    seconds = [s for timer in timers for s in timer.seconds]
    cpu = [s for timer in timers for s in timer.cpu_seconds]
    setup = [s for timer in timers for s in timer.setup_seconds]
    scale = (f" x{args.scale:g}" if args.scale != 1 else "") + (f" with {args.fields}" if args.fields else "")
    print(f"\nexpert ({args.level}{scale}) vs MCTS ({args.rollouts} random rollouts, {args.rollout}), "
          f"{args.games} games, "
          + ("MCTS starting, alternating colours" if args.mcts_starts else "alternating colours and first player")
          + (f", neutral set-up {args.setup}" if cells else ""))
    print(f"wins {wins} ({wins / max(args.games, 1):.1%}, 95% Wilson CI {low:.1%}–{high:.1%}), "
          f"draws {draws}, losses {losses}")
    for label, values in (("play decisions (wall)", seconds), ("play decisions (CPU)", cpu),
                          ("neutral placements (wall)", setup)):
        if values:
            print(f"expert {label}: {len(values)}, p50 {statistics.median(values) * 1000:.1f} ms, "
                  f"p95 {percentile(values, 0.95) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
