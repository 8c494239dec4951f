"""A seat addressed to an account (by username, at creation: taken only by that account or its invitation
link), and deleted accounts kept as tombstones (their name stays unavailable).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-14 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seats') as batch:  # (tables made before: no seat is addressed to anyone)
        batch.add_column(sa.Column('reserved_for', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('reserved_name', sa.String(length=32), nullable=True))
        batch.create_index('ix_seats_reserved_for', ['reserved_for'], unique=False)
    with op.batch_alter_table('accounts') as batch:
        batch.add_column(sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('accounts') as batch:
        batch.drop_column('deleted_at')
    with op.batch_alter_table('seats') as batch:
        batch.drop_index('ix_seats_reserved_for')
        batch.drop_column('reserved_name')
        batch.drop_column('reserved_for')
