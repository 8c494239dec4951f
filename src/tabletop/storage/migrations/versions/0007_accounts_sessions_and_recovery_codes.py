"""Accounts, their sessions and their recovery codes (optional accounts; anonymous play unchanged), and
the account each seat is bound to.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07 19:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('accounts',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('username', sa.String(length=32), nullable=False),
    sa.Column('username_key', sa.String(length=64), nullable=False),
    sa.Column('password_hash', sa.String(length=256), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('username_key')
    )
    op.create_table('account_sessions',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('public_id', sa.String(length=16), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('agent', sa.String(length=120), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_hash'),
    sa.UniqueConstraint('public_id')
    )
    op.create_index('ix_account_sessions_account', 'account_sessions', ['account_id'], unique=False)
    op.create_table('account_recovery_codes',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('used', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'code_hash')
    )
    op.create_table('account_games',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('cause', sa.String(length=16), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('left', sa.Boolean(), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'table_id')
    )
    op.create_index('ix_account_games_recent', 'account_games', ['account_id', 'finished_at'], unique=False)
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('account', sa.String(length=32), nullable=True))
        batch.create_index('ix_seats_account', ['account'], unique=False)
        # an invitation's seat is taken by its link only; one the creator opens, by anyone (tables made before:
        # their seats are invitations)
        batch.add_column(sa.Column('open', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('open')
        batch.drop_index('ix_seats_account')
        batch.drop_column('account')
    op.drop_index('ix_account_games_recent', table_name='account_games')
    op.drop_table('account_games')
    op.drop_table('account_recovery_codes')
    op.drop_index('ix_account_sessions_account', table_name='account_sessions')
    op.drop_table('account_sessions')
    op.drop_table('accounts')
