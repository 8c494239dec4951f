"""Where the ``tabletop`` command keeps a user's data by default: the platform's user data directory
(``platformdirs``: ``~/.local/share/tabletop`` on Linux, ``~/Library/Application Support/tabletop`` on
macOS, ``%LOCALAPPDATA%\\tabletop`` on Windows), never the current directory or the installed package.

Each default has its option to put it elsewhere: ``serve --db``, ``kubik calibrate --output``,
``cribbage tables --output``; ``play --record`` and ``simulate --save`` write only where told.
"""

from __future__ import annotations

from pathlib import Path


def data_dir() -> Path:
    """The user data directory, made if missing."""
    from platformdirs import user_data_path

    return user_data_path("tabletop", appauthor=False, ensure_exists=True)


def default_db() -> str:
    """The default database of ``tabletop serve`` (and so of ``make play``): a SQLite file in :func:`data_dir`."""
    return f"sqlite:///{data_dir() / 'tabletop.db'}"


def default_calibration() -> Path:
    """Where ``tabletop kubik calibrate`` writes a refitted calibration unless ``--output`` says."""
    return data_dir() / "kubik" / "calibration.json"


def default_crib_tables() -> Path:
    """Where ``tabletop cribbage tables`` writes rebuilt crib tables unless ``--output`` says."""
    return data_dir() / "cribbage" / "crib_expectations.json"
