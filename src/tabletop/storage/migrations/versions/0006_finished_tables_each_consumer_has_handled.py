"""Finished tables each consumer has handled: a consumer of finished tables (ratings, statistics, a
tournament's scoring) handles each table once, and catches up on the ones it missed.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07 12:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('table_consumers',
    sa.Column('consumer', sa.String(length=64), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('done', sa.Boolean(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('consumer', 'table_id')
    )


def downgrade() -> None:
    op.drop_table('table_consumers')
