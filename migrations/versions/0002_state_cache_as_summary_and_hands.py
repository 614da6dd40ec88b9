"""state cache as a summary and the hands' results as ready JSON text

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 06:10:00

The cache is rebuilt by replaying the stored hands, so nothing is carried over: a match whose cache is
empty is replayed on its next read or write.
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state_summary', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('state_hands', sa.Text(), nullable=True))
        batch_op.drop_column('state_cache')
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state_cache', sa.JSON(), nullable=True))
        batch_op.drop_column('state_hands')
        batch_op.drop_column('state_summary')
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))
