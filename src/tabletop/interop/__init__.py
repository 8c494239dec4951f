"""Adapters to learning libraries: PettingZoo, Gymnasium and OpenSpiel (``docs/interop.md``).

Each speaks only the game interface and each game's :class:`~tabletop.core.Encoding`; import the
one you need (``tabletop.interop.pettingzoo``, ``.gymnasium``, ``.openspiel``; ``.vector`` for N games
at once, in a game's batched kernel where it has one, and ``.sb3`` to hand those to Stable-Baselines3)
— they need the optional ``rl`` extra (PettingZoo, Gymnasium), OpenSpiel, or the ``sb3`` extra installed.
"""
