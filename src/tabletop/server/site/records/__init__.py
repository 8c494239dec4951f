"""The open record of play: every player's finished games, public as game records.

- :mod:`.lines`: what a line of the open record says of a finished table (also a line of ``tabletop export``'s
  dumps, which :mod:`tabletop.data` reads);
- :mod:`.feature`: a player's finished games streamed a page at a time, within a hard cap and a limit per client;
- :mod:`.router`: ``GET /api/players/{username}/games``.

The feature meets the tables through :class:`~tabletop.server.seams.RecordReading` alone.
"""
