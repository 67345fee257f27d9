"""The event store's schema is versioned (Alembic, webtable.schema): a store made before schema versions
upgrades in place and every game in it plays on; the migrations make exactly the schema the code declares;
a server refuses a store older or newer than its code, saying what to run. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from legacy_store import METADATA as LEGACY_METADATA
from legacy_store import make_legacy_store
from pgtemp import TempPostgres
from typer.testing import CliRunner
from webclient import hello, make_client, play_to_end

from wallenstein.cli import app as wallenstein_app
from webtable import schema
from webtable.schema import BASELINE, SchemaMismatch
from webtable.store import METADATA, Store


@pytest.fixture
def second_url(db_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Another fresh database of the same kind as ``db_url``."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'other.sqlite3'}"
    server: TempPostgres = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def engines(db_url: str, second_url: str) -> Iterator[tuple[sa.Engine, sa.Engine]]:
    one, two = sa.create_engine(db_url), sa.create_engine(second_url)
    yield one, two
    one.dispose()
    two.dispose()


def test_one_line_of_revisions_from_the_baseline_to_the_head() -> None:
    """One head (two revisions on the same parent, say from two branches, must be put in a line), and the
    baseline's id, which later revisions build on, is the first."""
    scripts = ScriptDirectory.from_config(schema.config())
    line = [r.revision for r in scripts.walk_revisions()]  # head first
    assert line[0] == schema.head() and line[-1] == BASELINE and "0002_engine_version" in line
    assert scripts.get_heads() == [schema.head()]
    assert schema.known(BASELINE) and not schema.known("0099_not_made_yet")


def test_the_migrations_make_the_schema_the_code_declares(db_url: str, engines: tuple[sa.Engine, sa.Engine]) -> None:
    Store(db_url).close()  # a fresh store: today's tables, stamped
    created, migrated = engines
    before, after = schema.upgrade(migrated)  # every revision from nothing
    assert (before, after) == (None, schema.head())
    assert schema.table_shapes(created) == schema.table_shapes(migrated)
    with migrated.connect() as conn:  # and Alembic finds nothing to add: a migration for every change
        assert compare_metadata(MigrationContext.configure(conn), METADATA) == []
    assert schema.revision_of(created) == schema.revision_of(migrated) == schema.head()


def test_the_baseline_is_the_schema_of_the_release_before_versions(engines: tuple[sa.Engine, sa.Engine]) -> None:
    legacy, baseline = engines
    LEGACY_METADATA.create_all(legacy)
    schema.upgrade(baseline, BASELINE)
    assert schema.table_shapes(legacy) == schema.table_shapes(baseline)
    assert schema.revision_of(legacy) == schema.LEGACY


def test_a_store_of_the_release_before_versions_upgrades_and_every_game_plays_on(db_url: str) -> None:
    games = make_legacy_store(db_url)
    with pytest.raises(SchemaMismatch, match=r"before schema versions.*wallenstein db upgrade"):
        Store(db_url)
    result = CliRunner().invoke(wallenstein_app, ["db", "upgrade", "--db", db_url])
    assert result.exit_code == 0, result.output
    assert f"schema legacy -> {schema.head()}" in result.output
    if db_url.startswith("sqlite"):  # a SQLite store is copied beside itself first
        copy = Path(db_url.removeprefix("sqlite:///") + ".before-legacy")
        with sqlite3.connect(copy) as conn:
            assert conn.execute("select count(*) from games").fetchone() == (len(games),)
    again = CliRunner().invoke(wallenstein_app, ["db", "upgrade", "--db", db_url])
    assert again.exit_code == 0 and "nothing to do" in again.output
    with make_client(db_url) as client:
        for game in games:
            _play_on(client, game)
    store = Store(db_url)
    try:
        for game in games:
            record = store.record(game.id)
            assert record is not None and record.status == "over", game.id
            assert store.history(game.id)[: len(game.history)] == game.history  # nothing lost or rewritten
            assert store.notes(game.id, "chat")[0]["text"] == f"hello from {game.id}"
            if not game.over:  # marked by this engine with its first decision after the upgrade
                assert record.engine is not None and record.fingerprint is not None
    finally:
        store.close()


def _play_on(client: Any, game: Any) -> None:
    """Play a game to its end: its person seat through a WebSocket, its bots on the server."""
    info = client.get(f"/api/games/{game.id}").json()
    assert info["game"] == game.kind, info
    for seat, token in game.tokens.items():
        with client.websocket_connect(f"/ws/{game.id}") as ws:
            assert hello(ws, token)["seat"] == seat
            assert play_to_end(ws, random.Random(seat), [])["over"]
    for _ in range(2000):
        if client.get(f"/api/games/{game.id}").json()["status"] == "over":
            return
        time.sleep(0.05)
    raise AssertionError(f"game {game.id} did not finish")


def test_a_store_older_or_newer_than_the_code_is_refused(db_url: str) -> None:
    engine = sa.create_engine(db_url)
    try:
        schema.upgrade(engine, BASELINE)
        with pytest.raises(SchemaMismatch, match=r"schema 0001_baseline, older than.*wallenstein db upgrade"):
            Store(db_url)
        refused = CliRunner().invoke(wallenstein_app, ["serve", "--db", db_url, "--port", "0"])
        assert refused.exit_code == 3 and "wallenstein db upgrade" in refused.output, refused.output
        schema.upgrade(engine)
        with engine.begin() as conn:
            conn.execute(sa.text("update alembic_version set version_num = '0099_from_the_future'"))
        with pytest.raises(SchemaMismatch, match="0099_from_the_future, which this release does not know"):
            Store(db_url)
        upgrade = CliRunner().invoke(wallenstein_app, ["db", "upgrade", "--db", db_url])
        assert upgrade.exit_code == 1 and "not touched" in upgrade.output, upgrade.output
        current = CliRunner().invoke(wallenstein_app, ["db", "current", "--db", db_url])
        assert current.exit_code == 1 and "0099_from_the_future" in current.output
    finally:
        engine.dispose()


def test_a_fresh_store_is_made_at_the_head(db_url: str) -> None:
    Store(db_url).close()
    Store(db_url).close()  # and served again as it is
    engine = sa.create_engine(db_url)
    assert schema.revision_of(engine) == schema.head()
    engine.dispose()
