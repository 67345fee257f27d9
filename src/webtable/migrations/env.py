"""Alembic's environment for the event store: runs on the connection webtable.schema hands it (the
command line's ``wallenstein db upgrade`` and the tests), or on ``sqlalchemy.url`` for Alembic's own
command line (``alembic -x`` is not needed: ``script_location = webtable:migrations``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from webtable.store import METADATA

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as conn:
        _migrate(conn)
    engine.dispose()


def _migrate(connection: sa.Connection) -> None:
    # render_as_batch: SQLite alters a table by copying it (Alembic's batch mode); PostgreSQL alters in place.
    context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("the event store's migrations run online only (wallenstein db upgrade)")
run()
