"""the state cache names the engine version that computed it

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 20:40:00

A cache made by another version of the engine (a corrected rule, a new state field) is not current: the
match is replayed on its next read or write, so no hand-written migration is needed when the engine changes.
Nothing is carried over: every existing cache was made by an older engine.
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state_engine', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('state_engine')
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))
