"""Recorded games for learning code: a dump of ``tabletop export``, or a player's games saved from the open record,
read back as game records and as (observation, action) pairs for behaviour cloning.

Both are NDJSON, one finished game a line (``{"table", "game", "rated", "players", "bots", …, "record"}``:
``docs/records.md``), the dump gzipped; either is read here, a line at a time (a dump of millions of games is never
held in memory). :func:`iter_records` gives each line's :class:`~tabletop.core.Record`; :func:`pairs` replays each
record and gives, at every decision a seat made, that seat's view as the game's encoding numbers it
(:meth:`~tabletop.core.Encoding.observe`, exactly what ``tabletop.interop``'s environments hand a learner) and the
index of the action taken (:meth:`~tabletop.core.Encoding.action_index`). Chance outcomes are applied, never
paired. Nothing here needs the ``rl`` extra: only the game and its encoding.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

import tabletop
from tabletop.core import Encoding, Game, Record, RecordError, TabletopError

Pair = tuple[npt.NDArray[np.float32], int]
"""A decision: the deciding seat's observation (``encoding.observation_size`` float32 numbers) and the index of the
action it took (below ``encoding.num_actions``)."""


def lines(path: str | Path) -> Iterator[dict[str, Any]]:
    """Each line of a dump (gzipped or not) as the JSON object it holds, blank lines skipped.

    Raises:
        ValueError: naming the line that is not a JSON object.
    """
    with _open(Path(path)) as stream:
        for number, text in enumerate(stream, 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not JSON ({error})") from None
            if not isinstance(line, dict) or not isinstance(line.get("record"), dict):
                raise ValueError(f"{path}:{number}: not a line of the open record (an object with a record)")
            yield line


def iter_records(path: str | Path, *, game: str | None = None, pool: str | None = None) -> Iterator[Record]:
    """The game record of each line of a dump (of ``game``, or of the rating pool ``pool``, only), in its order.

    Raises:
        RecordError: for a malformed record, naming what is wrong.
    """
    for line in lines(path):
        if _wanted(line, game, pool):
            yield Record.from_data(line["record"])


def pairs(path: str | Path, game: str, seat: int | None = None, *, pool: str | None = None,
          bots: bool = True) -> Iterator[Pair]:
    """Every decision of the dump's ``game`` records (of rating pool ``pool`` only, when given), in order: the
    deciding seat's observation and the index of its action — of ``seat`` only, when given; of the seats people
    played only, with ``bots=False`` (a line's ``bots`` says which seats a bot played).

    The observation's length is the encoding's of each record's options: records of one pool share them, games of
    several player counts do not (ask for one ``pool``, or group them by ``record.options``).

    Raises:
        RecordError: for a record that does not replay (its first bad action named).
        NotImplementedError: for a game without an encoding.
    """
    loaded: dict[str, tuple[Game[Any, Any], Encoding[Any]]] = {}
    for line in lines(path):
        if not _wanted(line, game, pool):
            continue
        record = Record.from_data(line["record"])
        played_by = line.get("bots") or []
        key = json.dumps(record.options, sort_keys=True)
        if key not in loaded:
            found = tabletop.load(record.game, **record.options)
            loaded[key] = found, found.encoding()
        made, encoding = loaded[key]
        state = made.initial_state()
        for index, text in enumerate(record.actions):
            try:
                action = made.parse_action(text)
                mover = state.current_player
                if not state.is_chance and mover >= 0 and (seat is None or mover == seat) and \
                        (bots or mover >= len(played_by) or played_by[mover] is None):
                    yield encoding.observe(state.view(mover), mover), encoding.action_index(action)
                state = state.apply(action)
            except TabletopError as error:
                raise RecordError(f"{record.game} record {line.get('table')}: action {index} `{text}`: {error}",
                                  index=index) from None


def _wanted(line: dict[str, Any], game: str | None, pool: str | None) -> bool:
    record = line["record"]
    return (game is None or record.get("game") == game) and (pool is None or line.get("rated") == pool)


def _open(path: Path) -> IO[str]:
    """The file as text, through gzip when it is gzipped (by its first bytes, whatever its name)."""
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    if gzipped:
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")
