"""The event store's schema version: which Alembic revision a database is at, the check the server makes
before it serves one, and the upgrade (``wallenstein db upgrade``).

The revisions live in :mod:`webtable.migrations` (shipped in the package). A database is at one of:

* empty: the store creates today's schema and stamps it with the head revision (a fresh install);
* the head revision: served;
* an older revision, or no ``alembic_version`` table beside the games (made by a release before schema
  versions): refused until ``wallenstein db upgrade`` brings it to the head (``0001_baseline`` adopts the
  tables such a release made);
* a revision this code does not know (made by a newer release): refused; the message says what to do.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

BASELINE = "0001_baseline"
LEGACY = "legacy"  # what ``revision_of`` says of a database made before schema versions
STORE_TABLES = frozenset({"games", "entries", "owners", "notes"})


class SchemaMismatch(RuntimeError):
    """The database's schema is not the one this code serves (the message says what to run)."""


def config(connection: sa.Connection | None = None) -> Config:
    """Alembic's configuration for the shipped revisions (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("webtable") / "migrations"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@functools.cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The revision this code serves (one head: a second one is a merge left undone, refused here)."""
    heads = _scripts().get_heads()
    if len(heads) != 1:
        raise SchemaMismatch(f"the shipped migrations have {len(heads)} heads {sorted(heads)}: one is expected")
    return str(heads[0])


def known(revision: str) -> bool:
    try:
        return _scripts().get_revision(revision) is not None
    except Exception:  # alembic raises its own errors for ids it does not know
        return False


def revision_of(engine: Engine) -> str | None:
    """The database's revision: None if it holds no store at all, ``LEGACY`` if it holds a store made
    before schema versions, else the revision in its ``alembic_version`` table."""
    with engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        if "alembic_version" not in tables:
            return LEGACY if tables & STORE_TABLES else None
        current = MigrationContext.configure(conn).get_current_heads()
    if len(current) != 1:
        return ",".join(sorted(current)) or None
    return str(current[0])


def check(engine: Engine, where: str) -> None:
    """SchemaMismatch unless the database at ``where`` (its URL without password) is at this code's head."""
    found, wanted = revision_of(engine), head()
    if found == wanted:
        return
    upgrade = f"back it up (docs/hosting.md, Backups), then run: wallenstein db upgrade --db '{where}'"
    if found == LEGACY:
        raise SchemaMismatch(
            f"the database {where} was made by a release before schema versions; this release needs schema"
            f" {wanted}: {upgrade}"
        )
    if found is not None and known(found):
        raise SchemaMismatch(f"the database {where} has schema {found}, older than this release's {wanted}: {upgrade}")
    raise SchemaMismatch(
        f"the database {where} has schema {found}, which this release does not know (its newest is {wanted}):"
        " it was upgraded by a newer release of wallenstein-table. Run that release (pip install"
        " --upgrade wallenstein-table), or restore the backup taken before its upgrade"
    )


def prepare(engine: Engine, metadata: sa.MetaData, where: str) -> None:
    """Make an empty database a store at the head revision; otherwise check its revision (``check``).

    A new store is made from ``metadata`` (today's tables, which a test keeps equal to the migrations'
    result) and stamped, which is quicker than running every revision; two processes making it at once
    are fine: the loser finds it made."""
    if revision_of(engine) is None:
        try:
            with engine.begin() as conn:
                metadata.create_all(conn)
                command.stamp(config(conn), head())
        except sa.exc.SQLAlchemyError:
            if revision_of(engine) is None:
                raise
    check(engine, where)


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str]:
    """Bring the database to ``revision`` (default: this code's head); returns (before, after).

    A store made before schema versions is first adopted as ``0001_baseline`` (the tables it lacks are
    created, the others kept). A database newer than this code is refused (SchemaMismatch)."""
    before = revision_of(engine)
    if before not in (None, LEGACY) and not known(str(before)):
        raise SchemaMismatch(f"the database has schema {before}, which this release does not know: not touched")
    with engine.begin() as conn:
        command.upgrade(config(conn), revision)
    return before, str(revision_of(engine))


def table_shapes(engine: Engine) -> dict[str, Any]:
    """Every table's columns (name, type, nullable), primary key, foreign keys and indexes, in a form
    two databases can be compared by (the tests: the migrations make exactly the schema of the code)."""
    out: dict[str, Any] = {}
    with engine.connect() as conn:
        inspector = sa.inspect(conn)
        for table in sorted(set(inspector.get_table_names()) - {"alembic_version"}):
            columns = [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)]
            foreign = sorted(
                (tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]))
                for f in inspector.get_foreign_keys(table)
            )
            indexes = sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in inspector.get_indexes(table)
            )
            primary = inspector.get_pk_constraint(table)["constrained_columns"]
            out[table] = {"columns": columns, "primary": primary, "foreign": foreign, "indexes": indexes}
    return out
