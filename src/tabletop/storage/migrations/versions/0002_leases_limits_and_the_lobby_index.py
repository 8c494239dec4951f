"""Ownership leases, who created and sits at a table (for limits), and the lobby's index.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 15:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('creator', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('creator_token_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('all_bots', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.create_index('ix_game_tables_lobby', ['status', 'game', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_game_tables_lease', ['status', 'lease_until'], unique=False)
        batch_op.create_index('ix_game_tables_creator', ['creator', 'status'], unique=False)
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_seats_client'), ['client'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_client'))
        batch_op.drop_column('client')
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_index('ix_game_tables_creator')
        batch_op.drop_index('ix_game_tables_lease')
        batch_op.drop_index('ix_game_tables_lobby')
        for column in ('all_bots', 'creator_token_hash', 'creator', 'lease_until', 'owner'):
            batch_op.drop_column(column)
