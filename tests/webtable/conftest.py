"""Shared fixtures for the web tests: the database each test runs on.

``db_url`` runs a test once on SQLite and once on PostgreSQL (a real server the tests start themselves,
see pgtemp.py). A machine where no PostgreSQL server can be started fails those tests with the reason;
they are never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pgtemp import NoPostgres, TempPostgres, start_postgres
from webclient import free_port

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres | str]:
    """One PostgreSQL server per test process, or the reason there is none."""
    try:
        server = start_postgres(free_port())
    except NoPostgres as exc:
        yield str(exc)
        return
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database's SQLAlchemy URL: SQLite in tmp_path, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = request.getfixturevalue("postgres")
    if isinstance(server, str):
        pytest.fail(f"PostgreSQL tests cannot run: {server}", pytrace=False)
    return server.new_database()
