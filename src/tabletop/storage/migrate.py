"""Schema migrations with Alembic, run from the package (no ``alembic.ini`` needed).

``upgrade(url)`` brings any database — a new SQLite file, an existing PostgreSQL — to the latest
revision; the server calls it at start-up, so upgrading tabletop upgrades the schema.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    """An Alembic configuration for ``url`` using the migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at ``url`` to ``revision`` (the latest by default)."""
    command.upgrade(alembic_config(url), revision)
