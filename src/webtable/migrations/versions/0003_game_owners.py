"""Game ownership across server processes: the game_leases table (webtable.ownership).

Each unfinished game's lease when several server processes share one PostgreSQL database: the process
serving it, the lease's expiry by the database's clock, the fencing token every commit of a decision
checks, and the process asking for a hand-over. Empty with one process.

Revision ID: 0003_game_owners
Revises: 0002_engine_version
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_game_owners"
down_revision = "0002_engine_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_leases",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("holder", sa.String(80), nullable=True),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("wanted", sa.String(80), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("game_leases")
