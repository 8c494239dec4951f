"""Alembic's environment: migrate the database named in the configuration, online only."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tabletop.storage import accounts, mail, moderation, passkeys  # noqa: F401  (their tables are in Base.metadata too)
from tabletop.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Connect and run the pending migrations in one transaction."""
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
