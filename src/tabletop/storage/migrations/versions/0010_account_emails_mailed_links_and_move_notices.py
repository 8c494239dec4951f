"""E-mail, where the operator configured SMTP: an account's address, the one-time links mailed (their hashes),
and the your-move notices sent (each once).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07 22:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('account_emails',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('confirmed', sa.Boolean(), nullable=False),
    sa.Column('move_notices', sa.Boolean(), nullable=False),
    sa.Column('site', sa.String(length=200), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id')
    )
    op.create_table('mail_links',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('purpose', sa.String(length=16), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_hash')
    )
    op.create_table('move_notices',
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('move', sa.Integer(), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'table_id', 'move')
    )


def downgrade() -> None:
    op.drop_table('move_notices')
    op.drop_table('mail_links')
    op.drop_table('account_emails')
