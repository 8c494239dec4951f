"""Quick pairing: a signed-in player seeks a game (what, rated or casual, which opponents' ratings), and two seeks
that fit each other start a table at once; nobody waiting, the bot level nearest the player's rating is
offered. The lobby lists the seeks waiting. (:mod:`.feature`; the tables are made through the seam.)"""

from tabletop.server.site.seeks.feature import Seeks

__all__ = ["Seeks"]
