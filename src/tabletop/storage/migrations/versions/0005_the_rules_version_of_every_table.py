"""Every table names the rules version it is played by (``options.rules``): a table made
before a game's rules changed goes on, and its record replays, under the rules it was started with.

Every table stored so far was made when each game had one version of its rules: version 1. Tables in
batches, so a large database does not hold all its rows in memory at once.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06 03:00:00
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

_TABLES = sa.table('game_tables', sa.column('id', sa.String(32)), sa.column('options', sa.JSON))
_BATCH = 500


def _set_rules(upgrading: bool) -> None:
    """Each row's options with ``rules`` set to 1 (upgrading) or taken out again, batch by batch."""
    connection = op.get_bind()
    last = ''
    while True:
        rows = connection.execute(sa.select(_TABLES.c.id, _TABLES.c.options).where(_TABLES.c.id > last)
                                  .order_by(_TABLES.c.id).limit(_BATCH)).all()
        if not rows:
            return
        for table_id, options in rows:
            options = json.loads(options) if isinstance(options, str) else dict(options or {})
            if upgrading:
                options.setdefault('rules', 1)
            else:
                options.pop('rules', None)
            connection.execute(_TABLES.update().where(_TABLES.c.id == table_id).values(options=options))
        last = rows[-1][0]


def upgrade() -> None:
    _set_rules(True)


def downgrade() -> None:
    _set_rules(False)
