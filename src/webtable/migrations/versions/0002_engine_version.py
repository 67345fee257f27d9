"""Each game records the engine that last extended its history and a fingerprint of what it told (the
public log), so that a later engine whose rules would replay the history differently is caught when it
loads the game (webtable.engine_check) instead of silently going on with another game.

Games stored before this revision have neither (NULL): they are loaded as before and gain both with
their next decision.

Revision ID: 0002_engine_version
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_engine_version"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("engine", sa.String(80), nullable=True))
        batch.add_column(sa.Column("fingerprint", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("fingerprint")
        batch.drop_column("engine")
