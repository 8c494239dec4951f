"""Ratings: bot accounts (the built-in levels, owned by the server), each account's rating in each pool, and
every change a rated game made (its history, and what makes applying a finished table's result idempotent).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('accounts') as batch:  # (accounts made before: people's)
        batch.add_column(sa.Column('bot', sa.String(length=16), nullable=True))
    op.create_table('ratings',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('pool', sa.String(length=32), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'pool')
    )
    op.create_index('ix_ratings_pool', 'ratings', ['pool', 'mu'], unique=False)
    op.create_table('rating_changes',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('pool', sa.String(length=32), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=False),
    sa.Column('mu_before', sa.Float(), nullable=False),
    sa.Column('sigma_before', sa.Float(), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'account_id')
    )
    op.create_index('ix_rating_changes_account', 'rating_changes', ['account_id', 'pool', 'at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_rating_changes_account', table_name='rating_changes')
    op.drop_table('rating_changes')
    op.drop_index('ix_ratings_pool', table_name='ratings')
    op.drop_table('ratings')
    with op.batch_alter_table('accounts') as batch:
        batch.drop_column('bot')
