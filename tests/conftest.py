"""Shared fixtures: real databases for the storage and server tests, and the built wheel.

PostgreSQL is the one at ``TABLETOP_TEST_POSTGRES`` (default: the local server on 127.0.0.1:5432);
``make test`` starts one where the machine has none (``scripts/services.sh``). Each test gets a fresh
database of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text

from tests.environment import ALL_SCREENS, EVERYDAY_PHONE_SKIPPED, PHONE_AT_MOST, POSTGRES, SLOW_TIER, THOROUGH
from tests.packaging.venvs import Built, build, fresh_venv
from tests.plugin import plug_in

plug_in()  # Pig, the sixth game only the tests install, is registered everywhere the four are (tests/plugin)

settings.register_profile("thorough", max_examples=100 * THOROUGH)  # (tests that set no count: Hypothesis' 100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database's URL."""
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    name = f"tabletop_test_{uuid.uuid4().hex[:12]}"
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # a clear message instead of a connection traceback
        pytest.fail(f"PostgreSQL is not reachable at {POSTGRES} ({type(error).__name__}); "
                    "`make test` starts it, or set TABLETOP_TEST_POSTGRES")
    url = POSTGRES.rsplit("/", 1)[0] + f"/{name}"
    yield url
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A new SQLite file's URL."""
    return f"sqlite:///{tmp_path / 'tabletop.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each real database in turn: a SQLite file, then a PostgreSQL database."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    return str(request.getfixturevalue(fixture))


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The sdist of this checkout and the wheel built from it (``tests/packaging/venvs.py``): built once a
    session for every module that installs it, each in the ``wheel`` xdist group (one process builds)."""
    return build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def core_venv(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv holding the wheel and the core's dependencies alone (no extra), once a session."""
    venv = tmp_path_factory.mktemp("core") / "venv"
    fresh_venv(built.wheel, venv)
    yield venv
    shutil.rmtree(venv, ignore_errors=True)




@pytest.hookimpl(tryfirst=True)  # before ``-m slow_tier`` selects: it sees the marks added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Screenshot sets (``@pytest.mark.screens``) run in English by default: at a desktop's size in
    ``make test``, at the small phone's in the slow tier (a set split by size); the Russian and Romanian sets
    (the same checks on longer words) and the 390 px phone run with ``TABLETOP_ALL_SCREENS=1``. The slow
    tier runs with ``TABLETOP_SLOW=1``."""
    if not ALL_SCREENS:
        for item in items:
            width = getattr(getattr(item, "callspec", None), "params", {}).get("width")
            if item.get_closest_marker("screens") and width is not None and width < PHONE_AT_MOST:
                item.add_marker(pytest.mark.slow_tier)
    if not SLOW_TIER:
        later = pytest.mark.skip(reason="the slow tier: TABLETOP_SLOW=1 (make test-slow) runs it")
        for item in items:
            if item.get_closest_marker("slow_tier"):
                item.add_marker(later)
    if ALL_SCREENS:
        return
    skip = pytest.mark.skip(reason="another language's or size's screenshot set: TABLETOP_ALL_SCREENS=1 runs it")
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if item.get_closest_marker("screens") and (params.get("lang", "en") != "en"
                                                   or params.get("width") == EVERYDAY_PHONE_SKIPPED):
            item.add_marker(skip)


RERUN_REPORTS: list[pytest.TestReport] = []
"""The failed first tries of the tests that passed when run again (those ``tests/web/conftest.py`` quarantines). Kept
here, not in ``tests/web/conftest.py``: under xdist only the controlling process reports, and it loads the
conftest files of the test paths alone, so a hook there never saw a rerun of a whole run."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # type: ignore[comparison-overlap]  # pytest-rerunfailures' own outcome
        RERUN_REPORTS.append(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Each test that passed only when run again, with how its first try failed: a flake that a
    rerun hid still tells what to look into (the last 40 lines of its error, and the server's words)."""
    if not RERUN_REPORTS:
        return
    terminalreporter.section("tests that passed only when run again: their first tries")
    for report in RERUN_REPORTS:
        terminalreporter.line(f"--- {report.nodeid}")
        terminalreporter.line("\n".join(report.longreprtext.splitlines()[-40:]))
        for title, said in report.sections:
            if title.startswith("the server's"):
                terminalreporter.line(f"{title}:\n{said}")
