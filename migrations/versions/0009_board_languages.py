"""the language a match's board, a club's boards or a tournament's venue screen speak (a pub's TV)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 06:30:00

One nullable column on each: None (every row so far) keeps each watching phone's own language.
"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

TABLES = ('matches', 'clubs', 'tournaments')


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    for table in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('language')
