"""Observation bounds come from the fields: finite where a field promises a range, infinite
where it does not, and the learner's observation space is built from them (issue #19)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tabletop
from tabletop.core import Capability
from tabletop.core.encoding import Field
from tabletop.interop.common import observation_space


def test_a_unit_field_lies_in_zero_to_one_and_a_plain_field_is_unbounded() -> None:
    assert (Field.unit("flags", 3, "1 per seat").low, Field.unit("flags", 3, "1 per seat").high) == (0.0, 1.0)
    plain = Field("x", 1, "a position in metres")
    assert (plain.low, plain.high) == (-math.inf, math.inf)


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
def test_the_observation_space_is_the_fields_ranges(name: str) -> None:
    encoding = tabletop.load(name).encoding()
    low, high = encoding.observation_bounds()
    assert low.shape == high.shape == (encoding.observation_size,)
    space = observation_space(encoding)["observation"]
    assert np.array_equal(space.low, low) and np.array_equal(space.high, high)
    start = 0
    for field in encoding.fields:
        stretch = slice(start, start + field.size)
        assert (low[stretch] == field.low).all() and (high[stretch] == field.high).all()
        start += field.size


@pytest.mark.parametrize("name", ["beetle", "cribbage", "cubulus"])
def test_card_dice_and_cube_observations_are_bounded_everywhere(name: str) -> None:
    low, high = tabletop.load(name).encoding().observation_bounds()
    assert np.isfinite(low).all() and np.isfinite(high).all()


def test_kubik_leaves_only_positions_throws_and_points_unbounded() -> None:
    encoding = tabletop.load("kubik").encoding()
    unbounded = {field.name for field in encoding.fields if math.isinf(field.high)}
    assert unbounded == {"scores", "cube_at", "throw", "crossing", "last_points"}
