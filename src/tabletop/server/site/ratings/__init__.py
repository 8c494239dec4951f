"""Ratings: every rated game moves its players' ratings in its pool; leaderboards and each player's history.

A table is rated when its creator asks and the server agrees (every seat an account — a person's, or a bot
level's own account — and its options in one of the game's pools: :mod:`tabletop.core.pools`); the ratings
hear of it only when it ends, through the table events' ``ratings`` consumer (each finished table once, even
after a crash: :class:`~.feature.Ratings`). The model and its numbers are in :mod:`.model`.
"""

from tabletop.server.site.ratings.feature import CONSUMER, Ratings

__all__ = ["CONSUMER", "Ratings"]
