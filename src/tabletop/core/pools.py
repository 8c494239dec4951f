"""Rating pools: the configurations of a game whose results are comparable enough to share one rating.

A two-player cribbage game to 121 says something about a player's strength that a three-player game does not,
and a Kubik side of three is not a side of one — so a rating belongs to a *pool* (lichess keeps one per time
control, Board Game Arena one per game). Which configurations form a pool is a question of each game's rules,
so each game declares its pools as data in its own package (:attr:`~tabletop.core.spec.GameSpec.pools`); the
server, the ratings and the create form only read them. A game that is never rated says why instead
(:attr:`~tabletop.core.spec.GameSpec.unrated`: Beetle has no decisions, B13).

A :class:`Pool` admits a table's resolved options when every option it names has one of the values it allows
and every option it does not name is at its default: a pool is a short list of what may vary, never a list of
what may not (a game's next option is outside every pool until its pool says otherwise). The rules version
must be today's: a rated game is played by the rules everyone plays now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import OptionError

if TYPE_CHECKING:
    from tabletop.core.spec import GameSpec


@dataclass(frozen=True, slots=True)
class Pool:
    """One rated configuration of a game: ``name`` (``cribbage-2``: the key of its ratings and leaderboard),
    ``title`` in English (the pages have their own words, keyed by ``name``), and ``allowed``: each option
    that may differ from its default, with the values it may take (``players`` included, always named).

    >>> Pool("cubulus-2", "Cubulus, 2 players", (("players", (2,)),)).varies
    ('players',)
    """

    name: str
    title: str
    allowed: tuple[tuple[str, tuple[Any, ...]], ...]

    @property
    def varies(self) -> tuple[str, ...]:
        """The options this pool names."""
        return tuple(name for name, _ in self.allowed)

    def refusal(self, spec: GameSpec, options: Mapping[str, Any]) -> str | None:
        """Why a table with these resolved ``options`` is outside this pool (the first option that differs:
        ``"target 61 (allowed: 121)"``), or None when it is inside."""
        allowed = dict(self.allowed)
        for option in (*spec.all_options, spec.rules_option):
            values = allowed.get(option.name, (option.default,))
            value = options.get(option.name, option.default)
            if value not in values:
                return f"{option.name} {value!r} (allowed: {', '.join(map(repr, values))})"
        return None


def pool_for(spec: GameSpec, options: Mapping[str, Any]) -> Pool | None:
    """The pool of ``spec``'s game that admits these resolved ``options``, if any (pools do not overlap:
    :func:`check_pools` holds every game to it)."""
    return next((pool for pool in spec.pools if pool.refusal(spec, options) is None), None)


def unrated_reason(spec: GameSpec, options: Mapping[str, Any]) -> str | None:
    """Why a table of ``spec``'s game with these resolved ``options`` cannot be rated, in English (the
    pages say it in their own words, by code), or None when a pool admits it."""
    if not spec.pools:
        return spec.unrated or f"{spec.name} has no rated configurations"
    if pool_for(spec, options) is not None:
        return None
    players = options.get("players", spec.default_players)
    same_size = [pool for pool in spec.pools if players in dict(pool.allowed).get("players", ())]
    if not same_size:
        return f"no rated pool for {players} players"
    return f"outside the rated configuration: {same_size[0].refusal(spec, options)}"


def check_pools(spec: GameSpec) -> None:
    """Raise ``TypeError`` where ``spec``'s pools are not well made: an unknown option or a value it refuses,
    a pool that fixes no player count, names used twice, or two pools admitting the same player count (which
    would make a table's pool depend on the order of the list)."""
    names = [pool.name for pool in spec.pools]
    if len(set(names)) != len(names):
        raise TypeError(f"{spec.name}: pool names used twice: {names}")
    counts: dict[int, str] = {}
    for pool in spec.pools:
        if not pool.name.startswith(f"{spec.name}-"):
            raise TypeError(f"{spec.name}: pool {pool.name!r} must be named '{spec.name}-…'")
        allowed = dict(pool.allowed)
        if "players" not in allowed:
            raise TypeError(f"{spec.name}: pool {pool.name!r} names no player count")
        for name, values in pool.allowed:
            for value in values:
                try:
                    kept = spec.option(name).validate(value) == value
                except OptionError as error:
                    raise TypeError(f"{spec.name}: pool {pool.name!r}: {error}") from None
                if not kept:
                    raise TypeError(f"{spec.name}: pool {pool.name!r}: {name} {value!r} is not a value it keeps")
        for players in allowed["players"]:
            if players in counts:
                raise TypeError(f"{spec.name}: pools {counts[players]!r} and {pool.name!r} both admit "
                                f"{players} players")
            counts[players] = pool.name
