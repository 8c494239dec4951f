"""Beetle's parts table (B10): which die face draws which part, how many, and what it needs.

The table is data, not code. The presets are the seed's classic beetle (B3), the four-legged
and the winged variants (B8); users bring their own as TOML or JSON. A table is validated on the
way in — unknown or duplicate names, a face outside 1–6, a count below 1, or a cycle in
``requires`` (a beetle that could never be finished) are rejected with a message saying which.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pydantic

from tabletop.core.data import problems, read_data_file

MAX_COUNT = 20
"""The largest count a part may have; larger beetles would be tedious and slow to analyse."""


@dataclass(frozen=True, slots=True)
class Part:
    """One kind of part: drawn on a roll of ``face``, ``count`` of them, after ``requires``."""

    name: str
    face: int
    count: int
    requires: tuple[str, ...] = ()


class _PartModel(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)

    name: str = pydantic.Field(min_length=1, max_length=32)
    face: int = pydantic.Field(ge=1, le=6, description="die face that draws this part")
    count: int = pydantic.Field(ge=1, le=MAX_COUNT)
    requires: list[str] = []


class _TableModel(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)

    name: str = "custom"
    parts: list[_PartModel] = pydantic.Field(min_length=1, max_length=24)

    @pydantic.model_validator(mode="after")
    def _completable(self) -> _TableModel:
        names = [part.name for part in self.parts]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise ValueError(f"part names must be unique; repeated: {', '.join(duplicates)}")
        for part in self.parts:
            unknown = [r for r in part.requires if r not in names]
            if unknown:
                raise ValueError(
                    f"part {part.name!r} requires unknown part(s) {', '.join(unknown)}; "
                    f"known parts: {', '.join(names)}"
                )
        cycle = _find_cycle({part.name: part.requires for part in self.parts})
        if cycle:
            raise ValueError(
                "the beetle could never be finished: requires form a cycle "
                + " → ".join([*cycle, cycle[0]])
            )
        return self


def _find_cycle(requires: Mapping[str, list[str]]) -> list[str]:
    """A cycle in the ``requires`` graph, as a list of names, or [] when there is none."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for needed in requires[name]:
            if state.get(needed) == 1:
                return path[path.index(needed) :]
            if needed not in state:
                found = visit(needed)
                if found:
                    return found
        path.pop()
        state[name] = 2
        return []

    for name in requires:
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []


@dataclass(frozen=True)
class PartsTable:
    """A validated parts table. Build one with :meth:`from_data`, :meth:`load` or :func:`preset`."""

    name: str
    parts: tuple[Part, ...]

    @classmethod
    def from_data(cls, data: object) -> PartsTable:
        """Validate JSON-like data ``{"name": ..., "parts": [{name, face, count, requires}]}``.

        Raises:
            ValueError: saying what is wrong with the table.
        """
        try:
            model = _TableModel.model_validate(data)
        except pydantic.ValidationError as error:
            raise ValueError(f"invalid parts table: {problems(error, 'table')}") from None
        parts = tuple(Part(p.name, p.face, p.count, tuple(p.requires)) for p in model.parts)
        return cls(model.name, parts)

    @classmethod
    def load(cls, path: str | Path) -> PartsTable:
        """Read a table from a ``.toml`` or ``.json`` file.

        Raises:
            ValueError: for an unreadable file, bad syntax, or an invalid table.
        """
        return cls.from_data(read_data_file(path))

    def to_data(self) -> dict[str, Any]:
        """The table as JSON-ready data (what records store)."""
        return {
            "name": self.name,
            "parts": [
                {"name": p.name, "face": p.face, "count": p.count, "requires": list(p.requires)}
                for p in self.parts
            ],
        }

    @cached_property
    def _index(self) -> dict[str, int]:
        return {part.name: i for i, part in enumerate(self.parts)}

    def index(self, name: str) -> int:
        """The position of part ``name`` in the table (and in a drawing's counts)."""
        return self._index[name]

    @cached_property
    def by_face(self) -> tuple[tuple[int, ...], ...]:
        """For faces 1–6 (at positions 0–5): the indices of the parts it draws, in listed order."""
        return tuple(
            tuple(i for i, part in enumerate(self.parts) if part.face == face) for face in range(1, 7)
        )

    @cached_property
    def requirements(self) -> tuple[tuple[int, ...], ...]:
        """For each part, the indices of the parts it needs drawn first (B4)."""
        return tuple(tuple(self._index[r] for r in part.requires) for part in self.parts)

    @property
    def total(self) -> int:
        """How many parts a finished beetle has (13 for the classic one)."""
        return sum(part.count for part in self.parts)

    @property
    def empty(self) -> tuple[int, ...]:
        """The counts of a blank sheet."""
        return (0,) * len(self.parts)

    @property
    def full(self) -> tuple[int, ...]:
        """The counts of a finished beetle."""
        return tuple(part.count for part in self.parts)

    def drawable(self, counts: tuple[int, ...], face: int) -> int | None:
        """The part a roll of ``face`` draws on a sheet with ``counts``, or None (B5: turn lost).

        B10: a face with several parts fills the first listed one that can take one more.
        """
        for i in self.by_face[face - 1]:
            if counts[i] < self.parts[i].count and all(counts[r] > 0 for r in self.requirements[i]):
                return i
        return None

    def blocked(self, counts: tuple[int, ...], face: int) -> list[dict[str, Any]]:
        """Why each part a roll of ``face`` could draw is not drawn, as data (B5, B10), in listed
        order: ``{"part": name, "why": "complete", "needed": count}`` for a part already at its full
        count, ``{"part": name, "why": "needs", "missing": [names]}`` for one waiting on another
        part (B4). Empty when no part is drawn on ``face`` at all (a custom table); only meaningful
        when :meth:`drawable` is None.
        """
        reasons: list[dict[str, Any]] = []
        for i in self.by_face[face - 1]:
            part = self.parts[i]
            if counts[i] >= part.count:
                reasons.append({"part": part.name, "why": "complete", "needed": part.count})
            else:
                missing = [self.parts[r].name for r in self.requirements[i] if counts[r] == 0]
                reasons.append({"part": part.name, "why": "needs", "missing": missing})
        return reasons

    def why_not(self, counts: tuple[int, ...], face: int) -> str:
        """Why a roll of ``face`` draws nothing, in English (:meth:`blocked` written out)."""
        reasons = self.blocked(counts, face)
        if not reasons:
            return f"no part is drawn on a {face}"
        return "; ".join(
            f"{r['part']}: all {r['needed']} drawn" if r["why"] == "complete"
            else f"{r['part']} needs {' and '.join(r['missing'])} first"
            for r in reasons
        )

    def is_complete(self, counts: tuple[int, ...]) -> bool:
        """True when every part is drawn to its full count (B7)."""
        return counts == self.full


def _classic(legs: int = 6) -> list[dict[str, Any]]:
    return [
        {"name": "body", "face": 1, "count": 1, "requires": []},
        {"name": "head", "face": 2, "count": 1, "requires": ["body"]},
        {"name": "leg", "face": 3, "count": legs, "requires": ["body"]},
        {"name": "eye", "face": 4, "count": 2, "requires": ["head"]},
        {"name": "antenna", "face": 5, "count": 2, "requires": ["head"]},
        {"name": "tail", "face": 6, "count": 1, "requires": ["body"]},
    ]


PRESETS: dict[str, PartsTable] = {
    "classic": PartsTable.from_data({"name": "classic", "parts": _classic()}),
    "four-legs": PartsTable.from_data({"name": "four-legs", "parts": _classic(legs=4)}),
    "winged": PartsTable.from_data(
        {
            "name": "winged",
            "parts": [*_classic(), {"name": "wing", "face": 6, "count": 2, "requires": ["body"]}],
        }
    ),
}
"""The preset tables of B10: classic (13 parts), four-legs (11), winged (15)."""


def preset(name: str) -> PartsTable:
    """The preset table ``name``; raises ValueError listing the presets."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"no preset {name!r}; presets: {', '.join(PRESETS)}") from None
