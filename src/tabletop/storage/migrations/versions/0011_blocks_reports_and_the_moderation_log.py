"""Looking after each other: blocks, reports, the moderators' log; closed and muted accounts; a chat line's
account (its writer's, when signed in) and when a moderator hid it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-16 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('accounts') as batch:  # (accounts made before: open, not muted)
        batch.add_column(sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('muted_until', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('chat_messages') as batch:  # (lines written before: no account known, shown)
        batch.add_column(sa.Column('account', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('hidden_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table('account_blocks',
    sa.Column('blocker', sa.String(length=32), nullable=False),
    sa.Column('blocked', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['blocked'], ['accounts.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['blocker'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('blocker', 'blocked')
    )
    op.create_index('ix_account_blocks_blocked', 'account_blocks', ['blocked'], unique=False)
    op.create_table('reports',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('reporter', sa.String(length=32), nullable=False),
    sa.Column('reporter_name', sa.String(length=32), nullable=False),
    sa.Column('account', sa.String(length=32), nullable=True),
    sa.Column('account_name', sa.String(length=64), nullable=False),
    sa.Column('reason', sa.String(length=16), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=True),
    sa.Column('chat_line', sa.Integer(), nullable=True),
    sa.Column('line_text', sa.Text(), nullable=True),
    sa.Column('target', sa.String(length=80), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('resolved_by', sa.String(length=64), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_reports_open', 'reports', ['resolved_at', 'created_at'], unique=False)
    op.create_index('ix_reports_reporter', 'reports', ['reporter', 'target'], unique=False)
    op.create_table('moderation_log',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor', sa.String(length=64), nullable=False),
    sa.Column('action', sa.String(length=16), nullable=False),
    sa.Column('target', sa.String(length=80), nullable=False),
    sa.Column('detail', sa.String(length=120), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('moderation_log')
    op.drop_index('ix_reports_reporter', table_name='reports')
    op.drop_index('ix_reports_open', table_name='reports')
    op.drop_table('reports')
    op.drop_index('ix_account_blocks_blocked', table_name='account_blocks')
    op.drop_table('account_blocks')
    with op.batch_alter_table('chat_messages') as batch:
        batch.drop_column('hidden_at')
        batch.drop_column('account')
    with op.batch_alter_table('accounts') as batch:
        batch.drop_column('muted_until')
        batch.drop_column('closed_at')
