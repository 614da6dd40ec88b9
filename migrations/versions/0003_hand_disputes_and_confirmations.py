"""hands: disputed with a note, and the sides that confirmed them

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21 06:20:00

The state cache shows these per hand, so every cache is dropped: each match is replayed on its next
read or write.
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('disputed', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('dispute_note', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('confirmed_by', sa.JSON(), server_default=sa.text("'[]'"), nullable=False))
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('confirmed_by')
        batch_op.drop_column('dispute_note')
        batch_op.drop_column('disputed')
    op.execute(sa.text("UPDATE matches SET state_revision = NULL"))
