"""The first schema: tables, seats and event logs.

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-30 02:11:28.100439
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('game_tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_tables_status'), ['status'], unique=False)

    op.create_table('events',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('action', sa.Text(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'number')
    )
    op.create_table('seats',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('bot', sa.String(length=32), nullable=True),
    sa.Column('token_hash', sa.String(length=64), nullable=True),
    sa.Column('joined', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'seat')
    )


def downgrade() -> None:
    op.drop_table('seats')
    op.drop_table('events')
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_tables_status'))

    op.drop_table('game_tables')
