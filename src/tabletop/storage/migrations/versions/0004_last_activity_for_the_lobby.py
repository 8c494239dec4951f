"""Each table's last activity (created, a seat taken, a move logged): the lobby lists waiting tables
first, then by it, with its age, and leaves games nobody moved in lately out of the running ones.

Existing tables get their last move's time, or their last change's when they have no move. The
lobby's index follows its new order (status, then last activity), one for every game and one for a game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('active_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE game_tables SET active_at = COALESCE("
               "(SELECT MAX(events.at) FROM events WHERE events.table_id = game_tables.id), updated_at)")
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.alter_column('active_at', existing_type=sa.DateTime(timezone=True), nullable=False)
        batch_op.drop_index('ix_game_tables_lobby')
        batch_op.create_index('ix_game_tables_activity', ['status', 'active_at', 'id'], unique=False)
        batch_op.create_index('ix_game_tables_game_activity', ['status', 'game', 'active_at', 'id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_index('ix_game_tables_game_activity')
        batch_op.drop_index('ix_game_tables_activity')
        batch_op.create_index('ix_game_tables_lobby', ['status', 'game', 'created_at', 'id'], unique=False)
        batch_op.drop_column('active_at')
