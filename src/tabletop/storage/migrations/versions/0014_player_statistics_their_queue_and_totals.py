"""Statistics: finished games queued for their analysis (with their record), each account's statistics of each game
it played, and its totals per game.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-09 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('stats_queue',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('record', sa.Text(), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('tries', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('table_id')
    )
    op.create_index('ix_stats_queue_finished', 'stats_queue', ['finished_at'], unique=False)
    op.create_table('player_stats',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('complete', sa.Boolean(), nullable=False),
    sa.Column('totals', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'account_id')
    )
    op.create_index('ix_player_stats_account', 'player_stats', ['account_id', 'game', 'finished_at'], unique=False)
    op.create_table('player_stats_totals',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('incomplete', sa.Integer(), nullable=False),
    sa.Column('totals', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'game')
    )


def downgrade() -> None:
    op.drop_table('player_stats_totals')
    op.drop_index('ix_player_stats_account', table_name='player_stats')
    op.drop_table('player_stats')
    op.drop_index('ix_stats_queue_finished', table_name='stats_queue')
    op.drop_table('stats_queue')
