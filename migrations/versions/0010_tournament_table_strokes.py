"""each side's strokes (Jass's Striche) of a tournament table, as its round was closed

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 14:00:00

One nullable JSON column: null for every table so far, and for every game that keeps no strokes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('strokes', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.drop_column('strokes')
