"""clubs with their players; matches played in a club

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21 09:10:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'clubs',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_clubs')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_clubs_token_hash')),
    )
    op.create_table(
        'players',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('key', sa.String(length=160), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_players_club_id_clubs'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
        sa.UniqueConstraint('club_id', 'key', name=op.f('uq_players_club_id')),
    )
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_players_club_id'), ['club_id'], unique=False)
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_matches_club_id'), ['club_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_matches_club_id_clubs'), 'clubs', ['club_id'], ['id'],
                                    ondelete='CASCADE')
    op.create_table(
        'match_players',
        sa.Column('match_id', sa.String(length=32), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_players_match_id_matches'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_match_players_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_match_players')),
    )
    with op.batch_alter_table('match_players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_match_players_player_id'), ['player_id'], unique=False)


def downgrade():
    with op.batch_alter_table('match_players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_match_players_player_id'))
    op.drop_table('match_players')
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_matches_club_id_clubs'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_matches_club_id'))
        batch_op.drop_column('club_id')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_players_club_id'))
    op.drop_table('players')
    op.drop_table('clubs')
