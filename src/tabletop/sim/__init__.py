"""Simulation: playing games with agents, in one process now and in batches later."""

from tabletop.sim.runner import Played, play, random_playout, streams

__all__ = ["Played", "play", "random_playout", "streams"]
