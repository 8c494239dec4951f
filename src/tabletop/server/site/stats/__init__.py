"""Statistics: what exact analysis tells of each player's play, game by game and over time.

Each finished game whose seats are accounts is analysed once, after it ends, in the expensive-work pool, and
stored per (table, account) through the table events' ``stats`` consumer (:class:`~.feature.Stats`). What is
computed is the game's own (its ``Game.seat_statistics`` and ``GameSpec.statistics``, under the statistics
capability): cribbage's points per deal and discards against the exact best throw, Cubulus's forced wins missed
by the proof search, Kubik's throws against the winning policy. A profile shows them; ``GET
/api/players/{name}/stats/{game}`` gives each game's figures for a series over time (:mod:`.router`).
"""

from tabletop.server.site.stats.feature import CONSUMER, Stats

__all__ = ["CONSUMER", "Stats"]
