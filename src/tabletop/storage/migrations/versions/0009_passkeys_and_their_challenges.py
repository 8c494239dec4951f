"""Passkeys: each account's WebAuthn credentials, and the challenges a ceremony waits on.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07 22:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('account_passkeys',
    sa.Column('credential_id', sa.String(length=700), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=False),
    sa.Column('public_key', sa.LargeBinary(), nullable=False),
    sa.Column('sign_count', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('credential_id')
    )
    op.create_index('ix_account_passkeys_account', 'account_passkeys', ['account_id'], unique=False)
    op.create_table('webauthn_challenges',
    sa.Column('challenge', sa.String(length=128), nullable=False),
    sa.Column('purpose', sa.String(length=16), nullable=False),
    sa.Column('account_id', sa.String(length=32), nullable=True),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['accounts.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('challenge')
    )
    op.create_index('ix_webauthn_challenges_expires', 'webauthn_challenges', ['expires_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_webauthn_challenges_expires', table_name='webauthn_challenges')
    op.drop_table('webauthn_challenges')
    op.drop_index('ix_account_passkeys_account', table_name='account_passkeys')
    op.drop_table('account_passkeys')
