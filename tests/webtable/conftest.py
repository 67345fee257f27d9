"""Shared fixtures for the web tests: the database each test runs on, and for the browser tests a
server process per test module and one Chromium (Debian's, driven by Playwright).

``db_url`` runs a test once on SQLite and once on PostgreSQL (a real server the tests start themselves,
see pgtemp.py). A machine where no PostgreSQL server can be started fails those tests with the reason;
they are never skipped.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgtemp import NoPostgres, TempPostgres, start_postgres
from playwright.sync_api import Browser, sync_playwright
from webclient import free_port, server

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
    url: str = server.new_database()
    return url


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def base_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``wallenstein serve`` process on a fresh SQLite database, one per test module."""
    db = f"sqlite:///{tmp_path_factory.mktemp(request.module.__name__) / 'games.sqlite3'}"
    port = free_port()
    with server(db, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Per module, not per session: Playwright's sync API keeps an event loop running in this thread while
    # it is open, and other tests (the store's) call asyncio.run.
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()
