"""idempotency keys are forgotten after a day: an index on their age

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 23:55:00

Each keyed write deletes the keys past their retention; the index keeps that a short range scan however
many keys are stored. Keys of creates were global ("create"); they are now scoped to their caller, so the
old ones are dropped (a retry of a create made before the upgrade is answered as a new create).
"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_keys_created_at'), ['created_at'], unique=False)
    op.execute(sa.text("DELETE FROM idempotency_keys WHERE scope IN ('create', 'club', 'import', 'club-import')"))


def downgrade():
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_keys_created_at'))
