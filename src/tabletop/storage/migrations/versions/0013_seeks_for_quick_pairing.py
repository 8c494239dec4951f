"""Quick pairing: the seeks players post (a game, its options, rated or casual, a rating range), kept alive by
their browsers and matched two at a time into a table.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-08 00:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('seeks',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('username', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('options_key', sa.String(length=64), nullable=False),
    sa.Column('pool', sa.String(length=32), nullable=True),
    sa.Column('rated', sa.Boolean(), nullable=False),
    sa.Column('rating', sa.Integer(), nullable=False),
    sa.Column('provisional', sa.Boolean(), nullable=False),
    sa.Column('low', sa.Integer(), nullable=True),
    sa.Column('high', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('matched_by', sa.String(length=32), nullable=True),
    sa.Column('table_id', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_seeks_open', 'seeks', ['game', 'options_key', 'rated', 'seen_at'], unique=False)
    op.create_index('ix_seeks_account', 'seeks', ['account_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_seeks_account', table_name='seeks')
    op.drop_index('ix_seeks_open', table_name='seeks')
    op.drop_table('seeks')
