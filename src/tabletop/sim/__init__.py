"""Simulation: playing games with agents — one game, batches, tournaments — here or on a cluster.

>>> from tabletop.sim import run_jobs, simulation_jobs, summarise
>>> results = run_jobs(simulation_jobs("beetle", {"players": 2}, ["random"], games=5, seed=1))
>>> summarise(results)["finished"]
5
"""

from tabletop.sim.executors import BACKENDS, Executor, LocalExecutor, RayExecutor, make_executor, run_jobs
from tabletop.sim.jobs import AgentSpec, GameJob, GameResult, agent_names, run_job
from tabletop.sim.runner import Played, play, random_playout, streams
from tabletop.sim.stats import simulation_jobs, summarise
from tabletop.sim.tournament import Standing, head_to_head, ratings, schedule, standings, stats_note

__all__ = [
    "BACKENDS",
    "AgentSpec",
    "Executor",
    "GameJob",
    "GameResult",
    "LocalExecutor",
    "Played",
    "RayExecutor",
    "Standing",
    "agent_names",
    "head_to_head",
    "make_executor",
    "play",
    "random_playout",
    "ratings",
    "run_job",
    "run_jobs",
    "schedule",
    "simulation_jobs",
    "standings",
    "stats_note",
    "streams",
    "summarise",
]
