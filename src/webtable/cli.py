"""The server's commands, shared by ``wallenstein`` and ``league-of-six``: ``serve`` (every setting of
webtable.settings as an option and an environment variable) and ``db`` (the schema: ``upgrade``,
``current``). Each game's cli.py registers them with one line: ``add_server_commands(app)``.

The web stack (FastAPI, uvicorn) is imported only when the server starts, Alembic only by ``db``.
"""

from __future__ import annotations

import inspect
import os
import sqlite3
from pathlib import Path
from typing import Annotated, Any

import typer

from webtable.logs import FORMATS
from webtable.settings import SERVER, Setting, TableSettings, all_settings, check_public_url, unknown_env

DbOpt = Annotated[
    str | None, typer.Option("--db", envvar="WALLENSTEIN_DB", show_envvar=True, help=SERVER[2].help, show_default=False)
]
DbFileOpt = Annotated[
    Path | None, typer.Option("--db-file", envvar="WALLENSTEIN_DB_FILE", show_envvar=True, help=SERVER[3].help)
]


# serve's exit status for a database at another schema (a service manager should not restart it: nothing
# changes until someone runs db upgrade); 2 is a wrong setting, 1 any other failure (a database not reachable).
SCHEMA_MISMATCH = 3


class SettingError(ValueError):
    """A setting's value is wrong (the message names the setting, never a secret's value)."""


def add_server_commands(app: typer.Typer) -> None:
    app.command("serve", help=SERVE_HELP)(_serve_command())
    db = typer.Typer(help="The game store's schema: see which version it has, upgrade it.", no_args_is_help=True)
    db.command("upgrade")(upgrade)
    db.command("current")(current)
    app.add_typer(db, name="db")


SERVE_HELP = (
    "Play in the browser: start the table's web server (both games) and print its address. Every option"
    " can be given as the environment variable shown with it; docs/hosting.md has them all in one table."
)


def _option(setting: Setting) -> inspect.Parameter:
    kind: Any = setting.kind
    if setting.many:
        kind = list[setting.kind] | None  # type: ignore[name-defined]
    elif setting.default is None:
        kind = setting.kind | None
    info = typer.Option(
        setting.flag,
        envvar=setting.env,
        show_envvar=True,
        help=setting.help,
        min=setting.low,
        max=setting.high,
        show_default=not setting.secret and setting.default not in (None, ()),
        metavar=setting.kind.__name__.upper().replace("STR", "TEXT"),
    )
    default = None if setting.many else setting.default
    keyword = inspect.Parameter.KEYWORD_ONLY
    return inspect.Parameter(setting.name, keyword, default=default, annotation=Annotated[kind, info])


def _serve_command() -> Any:
    def serve(**values: Any) -> None:
        try:
            run(values)
        except SettingError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2) from None

    serve.__signature__ = inspect.Signature([_option(s) for s in all_settings()])  # type: ignore[attr-defined]
    return serve


def run(values: dict[str, Any]) -> None:
    """Start the server with ``values`` (every setting by name); SettingError if one is wrong."""
    stray = unknown_env()
    if stray:
        raise SettingError(f"unknown setting(s) in the environment: {', '.join(stray)} (see wallenstein serve --help)")
    limits = TableSettings(hosts=tuple(values["public_host"] or ()), origins=tuple(values["origin"] or ()))
    for setting in all_settings()[len(SERVER) :]:
        setattr(limits, setting.name, values[setting.name])
    try:
        limits.set(values["limit"] or [])
    except ValueError as exc:
        raise SettingError(str(exc)) from None
    public_url = values["public_url"]
    if public_url:
        try:
            host, origin = check_public_url(public_url)
        except ValueError as exc:
            raise SettingError(str(exc)) from None
        limits.hosts, limits.origins = (*limits.hosts, host), (*limits.origins, origin)
    if values["log_format"] not in FORMATS:
        raise SettingError(f"--log-format is one of {', '.join(FORMATS)}, not {values['log_format']!r}")
    url = database_url(values["db"], Path(values["db_file"]) if values["db_file"] else None)
    from sqlalchemy.exc import SQLAlchemyError

    from webtable.schema import SchemaMismatch
    from webtable.server import serve as run_server  # the web stack loads only now
    from webtable.store import default_url, safe_url

    try:
        run_server(
            values["host"],
            values["port"],
            url,
            values["bot_delay"],
            limits,
            public_url=public_url,
            proxy_ips=values["proxy_ips"],
            log_format=values["log_format"],
        )
    except SchemaMismatch as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(SCHEMA_MISMATCH) from None
    except SQLAlchemyError as exc:  # (its text holds no password: psycopg and SQLite name host and file only)
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        typer.echo(f"Error: the database {safe_url(url or default_url())} cannot be opened: {reason}", err=True)
        raise typer.Exit(1) from None


def database_url(db: str | None, db_file: Path | None) -> str | None:
    """The database URL from --db or the file --db-file names (not both); SettingError if unusable. Its
    password appears in no message."""
    if db and db_file:
        raise SettingError("give --db or --db-file, not both")
    if db_file is not None:
        try:
            db = db_file.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise SettingError(f"--db-file {db_file}: {exc.strerror}") from None
    if not db:
        return None
    import sqlalchemy as sa

    try:
        url = sa.engine.make_url(db)
        url.get_dialect()
    except Exception:  # (the URL's text is never echoed: it may hold a password)
        raise SettingError(
            "the database URL cannot be used: give sqlite:///path or postgresql+psycopg://user:password@host/db"
            " (is the driver installed? pip install 'wallenstein-table[postgres]')"
        ) from None
    return db


def _engine(db: str | None, db_file: Path | None) -> Any:
    import sqlalchemy as sa

    from webtable.store import default_url

    try:
        url = database_url(db, db_file) or default_url()
    except SettingError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    return sa.create_engine(url), url


def upgrade(
    db: DbOpt = None,
    db_file: DbFileOpt = None,
    backup: Annotated[
        bool, typer.Option("--backup/--no-backup", help="SQLite: copy the database beside it first (FILE.before-REV).")
    ] = True,
) -> None:
    """Upgrade the game store's schema to this release's (a database made before schema versions is
    adopted in place). Back a PostgreSQL database up first (pg_dump: docs/hosting.md)."""
    from webtable.schema import SchemaMismatch, head, revision_of
    from webtable.schema import upgrade as migrate
    from webtable.store import safe_url

    engine, url = _engine(db, db_file)
    try:
        before = revision_of(engine)
        if before == head():
            typer.echo(f"{safe_url(url)} is at schema {before} already: nothing to do")
            return
        if backup and engine.dialect.name == "sqlite" and before is not None and engine.url.database:
            copy = sqlite_backup(Path(engine.url.database), str(before))
            typer.echo(f"backed up to {copy}")
        try:
            was, now = migrate(engine)
        except SchemaMismatch as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        typer.echo(f"{safe_url(url)}: schema {was or 'none (empty)'} -> {now}")
    finally:
        engine.dispose()


def current(db: DbOpt = None, db_file: DbFileOpt = None) -> None:
    """Show the game store's schema version and whether this release serves it."""
    from webtable.schema import SchemaMismatch, check, head, revision_of
    from webtable.store import safe_url

    engine, url = _engine(db, db_file)
    try:
        typer.echo(f"{safe_url(url)}: schema {revision_of(engine) or 'none (empty)'}; this release's: {head()}")
        if revision_of(engine) is not None:
            check(engine, safe_url(url))
    except SchemaMismatch as exc:
        typer.echo(str(exc))
        raise typer.Exit(1) from None
    finally:
        engine.dispose()


def sqlite_backup(path: Path, revision: str) -> Path:
    """A consistent copy of a SQLite store beside it (SQLite's online backup: safe while a server runs)."""
    target = path.with_name(f"{path.name}.before-{revision}")
    if target.exists():
        os.replace(target, target.with_name(target.name + ".old"))
    source, copy = sqlite3.connect(path), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target
