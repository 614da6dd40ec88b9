"""tournaments: their entries, and each round's tables with their matches

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 10:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'tournaments',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('variant', sa.String(length=32), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('format', sa.String(length=16), nullable=False),
        sa.Column('entry', sa.String(length=16), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=True),
        sa.Column('seed', sa.Integer(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('byes', sa.JSON(), nullable=False),
        sa.Column('winner', sa.JSON(), nullable=True),
        sa.Column('organizer_token_hash', sa.String(length=64), nullable=False),
        sa.Column('view_token', sa.String(length=64), nullable=False),
        sa.Column('club_id', sa.String(length=32), nullable=True),
        sa.Column('revision', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_tournaments_club_id_clubs'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments')),
    )
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournaments_view_token'), ['view_token'], unique=True)
        batch_op.create_index(batch_op.f('ix_tournaments_club_id'), ['club_id'], unique=False)
    op.create_table(
        'tournament_entries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('names', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name=op.f('fk_tournament_entries_tournament_id_tournaments'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_entries')),
        sa.UniqueConstraint('tournament_id', 'number', name=op.f('uq_tournament_entries_tournament_id')),
    )
    with op.batch_alter_table('tournament_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_entries_tournament_id'), ['tournament_id'], unique=False)
    op.create_table(
        'tournament_tables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.String(length=32), nullable=False),
        sa.Column('sides', sa.JSON(), nullable=False),
        sa.Column('decided_winner', sa.Integer(), nullable=True),
        sa.Column('decided_reason', sa.Text(), nullable=True),
        sa.Column('winner', sa.Integer(), nullable=True),
        sa.Column('totals', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_tournament_tables_match_id_matches'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name=op.f('fk_tournament_tables_tournament_id_tournaments'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_tables')),
        sa.UniqueConstraint('match_id', name=op.f('uq_tournament_tables_match_id')),
        sa.UniqueConstraint('tournament_id', 'round', 'number', name=op.f('uq_tournament_tables_tournament_id')),
    )
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_tables_tournament_id'), ['tournament_id'], unique=False)


def downgrade():
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_tables_tournament_id'))
    op.drop_table('tournament_tables')
    with op.batch_alter_table('tournament_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_entries_tournament_id'))
    op.drop_table('tournament_entries')
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournaments_club_id'))
        batch_op.drop_index(batch_op.f('ix_tournaments_view_token'))
    op.drop_table('tournaments')
