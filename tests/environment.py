"""How a test run is set by its environment, for the tests and their helpers to read: how many examples
a property test searches, where PostgreSQL is, which screenshot sets and which tier run. (Fixtures and
hooks stay in ``conftest.py``, which reads these too.)"""

from __future__ import annotations

import os

from hypothesis import settings

THOROUGH = 4
"""How many times more examples the property tests search under ``HYPOTHESIS_PROFILE=thorough``."""


def thorough() -> bool:
    """Whether this run searches ``THOROUGH`` times as much (``HYPOTHESIS_PROFILE=thorough``)."""
    return settings.get_current_profile_name() == "thorough"


def examples(count: int) -> int:
    """A property test's number of examples: ``count`` every day (``make test``), ``THOROUGH`` times as many
    with ``HYPOTHESIS_PROFILE=thorough``."""
    return count * THOROUGH if thorough() else count


POSTGRES = os.environ.get("TABLETOP_TEST_POSTGRES", "postgresql+psycopg://postgres:postgres@127.0.0.1:5432/postgres")

ALL_SCREENS = os.environ.get("TABLETOP_ALL_SCREENS") == "1"
"""Every screenshot set: each language, and the middle phone size too (``TABLETOP_ALL_SCREENS=1``)."""

EVERYDAY_PHONE_SKIPPED = 390
"""The phone width a screenshot set leaves out by default: 390 px is the width of every other phone test
(``tests/web/conftest.py``'s ``phone``), so a set's pictures at the narrower 360 px and a desktop's
check what only they can (nothing wider than the smallest screen)."""

PHONE_AT_MOST = 1000
"""A screenshot set's size narrower than this is a phone's: its set is in the slow tier (``make test``
has phone-sized tests of its own in ``tests/web/test_phone.py``)."""

SLOW_TIER = os.environ.get("TABLETOP_SLOW") == "1"
"""The slow tier (``@pytest.mark.slow_tier``: fresh installs of the wheel with each extra, minutes each)
runs with ``TABLETOP_SLOW=1`` (``make test-slow``; ``.ci/run`` runs it after ``make test``)."""
