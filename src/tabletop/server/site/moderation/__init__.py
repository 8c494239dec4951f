"""Looking after each other: blocking a player, reporting a player or a chat line, and the
moderators' tools — the same over HTTP (``/api/moderation/…``, for accounts with the moderator role) and in
the operator's shell (``tabletop admin``), every action logged.

- :mod:`.feature`: the logic over :class:`~tabletop.storage.moderation.ModerationStore`, and the
  :class:`~tabletop.server.guards.Guards` the tables ask (whose chat a reader is not sent, who may not sit
  with whom, who is muted);
- :mod:`.router`: ``/api/account/blocks``, ``/api/reports`` and ``/api/moderation/…``.
"""

from tabletop.server.site.moderation.feature import Moderation

__all__ = ["Moderation"]
