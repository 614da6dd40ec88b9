"""each hand's cached entry on its own row: a write no longer rewrites the whole match's state

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 10:00:00

The state cache was the summary plus every hand's entry as one text on the match's row, rewritten by every
write (O(n) bytes per hand recorded). The entries move to ``hands.state_entry`` (recording a hand writes its
own row and the small summary). Nothing is carried over: every cache is marked stale, so the next read
replays and the next write stores the entries.
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state_entry', sa.Text(), nullable=True))
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('state_hands')


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state_hands', sa.Text(), nullable=True))
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('state_entry')
