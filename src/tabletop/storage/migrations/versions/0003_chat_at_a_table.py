"""Chat at a table: its messages, kept with the table (never in its event log).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 00:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('chat_messages',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_chat_messages_table', 'chat_messages', ['table_id', 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_chat_messages_table', table_name='chat_messages')
    op.drop_table('chat_messages')
