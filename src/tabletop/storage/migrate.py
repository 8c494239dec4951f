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


MIGRATION_LOCK = 7_261_345_812
"""The PostgreSQL advisory lock held while migrating: server processes starting together take turns."""


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at ``url`` to ``revision`` (the latest by default). On PostgreSQL, processes
    starting at once take turns (an advisory lock), so two never race to create the same schema."""
    if not url.startswith("postgresql"):
        command.upgrade(alembic_config(url), revision)
        return
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                command.upgrade(alembic_config(url), revision)
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
    finally:
        engine.dispose()
