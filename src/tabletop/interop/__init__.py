"""Adapters to learning libraries: PettingZoo, Gymnasium and OpenSpiel (``docs/interop.md``).

Each speaks only the game interface and each game's :class:`~tabletop.core.Encoding`; import the
one you need (``tabletop.interop.pettingzoo``, ``.gymnasium``, ``.openspiel``) — they need the
optional ``rl`` extra (PettingZoo, Gymnasium) or OpenSpiel installed.
"""
