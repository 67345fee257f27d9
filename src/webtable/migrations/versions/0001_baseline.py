"""The baseline: the event store as the releases before schema versions made it (games, their history
entries, owners and notes), table for table and column for column.

A database made by such a release has these tables and no ``alembic_version``: upgrading it runs this
revision, which creates only the tables it lacks (a database older still may lack ``owners`` or
``notes``, which those releases added on start) and leaves the others as they are.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[tuple[str, list[sa.Column[Any]]]]:
    """Each table's columns and constraints, built afresh (a Column belongs to one table only)."""
    games: list[sa.Column[Any]] = [
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
    ]
    entries: list[sa.Column[Any]] = [
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entry", sa.Text, nullable=False),
    ]
    owners: list[sa.Column[Any]] = [
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("creator_sha256", sa.String(64), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
    ]
    notes: list[sa.Column[Any]] = [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
    ]
    return [("games", games), ("entries", entries), ("owners", owners), ("notes", notes)]


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns in _tables():
        if name not in present:
            op.create_table(name, *columns)
    indexes = {i["name"] for i in sa.inspect(op.get_bind()).get_indexes("notes")}
    if "ix_notes_game_id" not in indexes:
        op.create_index("ix_notes_game_id", "notes", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_notes_game_id", table_name="notes")
    for name, _ in reversed(_tables()):
        op.drop_table(name)
