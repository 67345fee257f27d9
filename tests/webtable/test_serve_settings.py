"""``wallenstein serve`` takes every setting of webtable.settings as an option or an environment variable,
shows them in its help, refuses unknown or invalid ones with a clear message, and never shows the database
password; docs/hosting.md's table is the one the settings make."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import webtable.server
from league_of_six.cli import app as league_app
from wallenstein.cli import app as wallenstein_app
from webtable.settings import all_settings, settings_table
from webtable.store import safe_url

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-pw"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the server would have been started with (nothing is served)."""
    calls: list[dict[str, Any]] = []

    def fake(host: str, port: int, db: str | None, bot_delay: float, settings: Any, **more: Any) -> None:
        calls.append({"host": host, "port": port, "db": db, "bot_delay": bot_delay, "settings": settings, **more})

    monkeypatch.setattr(webtable.server, "serve", fake)
    for name in [n for n in os.environ if n.startswith("WALLENSTEIN_")]:
        monkeypatch.delenv(name)
    return calls


def _serve(*args: str, env: dict[str, str] | None = None, app: Any = wallenstein_app) -> Any:
    return CliRunner().invoke(app, ["serve", *args], env={"COLUMNS": "400", **(env or {})})


def test_help_shows_every_setting_with_its_variable() -> None:
    shown = _serve("--help")
    assert shown.exit_code == 0
    for setting in all_settings():
        assert setting.flag in shown.output and setting.env in shown.output, setting.name


def test_options_and_variables_reach_the_server(started: list[dict[str, Any]], tmp_path: Path) -> None:
    env = {"WALLENSTEIN_PORT": "8123", "WALLENSTEIN_MAX_SPECTATORS": "7"}
    env["WALLENSTEIN_PUBLIC_HOST"] = "a.example b.example"  # several, separated by spaces
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    done = _serve("--public-url", "https://table.example.org", "--db", db, "--limit", "bot_threads=2", env=env)
    assert done.exit_code == 0, done.output
    (call,) = started
    settings = call["settings"]
    assert call["port"] == 8123 and call["db"] == db and call["public_url"] == "https://table.example.org"
    assert settings.max_spectators == 7 and settings.bot_threads == 2
    assert set(settings.hosts) == {"a.example", "b.example", "table.example.org"}
    assert settings.origins == ("https://table.example.org",) and call["log_format"] == "text"
    assert _serve("--port", "8124", env=env).exit_code == 0 and started[1]["port"] == 8124  # the option wins
    assert CliRunner().invoke(league_app, ["serve"], env={"COLUMNS": "400"}).exit_code == 0  # both commands


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (["--port", "http"], {}, "Invalid value for '--port'"),
        ([], {"WALLENSTEIN_PORT": "99999"}, "WALLENSTEIN_PORT"),
        (["--max-spectators", "-1"], {}, "--max-spectators"),
        ([], {"WALLENSTEIN_BOT_DELAY": "soon"}, "WALLENSTEIN_BOT_DELAY"),
        (["--no-such-option"], {}, "No such option"),
        ([], {"WALLENSTEIN_PROT": "80"}, "unknown setting(s) in the environment: WALLENSTEIN_PROT"),
        (["--limit", "max_spectatorz=3"], {}, "--limit takes NAME=VALUE"),
        (["--public-url", "table.example.org"], {}, "--public-url is an address like https://"),
        (["--db", "sqlite:///x", "--db-file", "/nonexistent"], {}, "give --db or --db-file, not both"),
        ([], {"WALLENSTEIN_LOG_FORMAT": "xml"}, "--log-format is one of text, json, not 'xml'"),
    ],
)
def test_unknown_or_invalid_settings_are_refused(
    started: list[dict[str, Any]], args: list[str], env: dict[str, str], said: str
) -> None:
    done = _serve(*args, env=env)
    assert done.exit_code == 2 and said in done.output, done.output
    assert not started


def test_the_database_password_is_never_shown(started: list[dict[str, Any]], tmp_path: Path) -> None:
    url = f"postgresql+psycopg://table:{SECRET}@127.0.0.1:9/games"
    secret_file = tmp_path / "db-url"
    secret_file.write_text(url + "\n")
    done = _serve("--db-file", str(secret_file))
    assert done.exit_code == 0 and started[0]["db"] == url  # read from the file, whitespace stripped
    assert SECRET not in safe_url(url) and "table:***@127.0.0.1:9/games" in safe_url(url)
    for bad in (f"nosuch://table:{SECRET}@host/db", f"postgresql+nodriver://table:{SECRET}@host/db", SECRET):
        refused = _serve("--db", bad)
        assert refused.exit_code == 2 and SECRET not in refused.output, refused.output
    help_text = _serve("--help", env={"WALLENSTEIN_DB": url, "WALLENSTEIN_METRICS_TOKEN": SECRET}).output
    assert SECRET not in help_text and "--metrics-token" in help_text
    assert _serve(env={"WALLENSTEIN_METRICS_TOKEN": SECRET}).exit_code == 0
    assert started[-1]["settings"].metrics_token == SECRET  # taken, though never shown


def test_an_unreachable_database_is_said_without_its_password(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in os.environ if n.startswith("WALLENSTEIN_")]:
        monkeypatch.delenv(name)
    done = _serve("--db", f"postgresql+psycopg://table:{SECRET}@127.0.0.1:9/games")
    assert done.exit_code == 1 and "cannot be opened" in done.output and SECRET not in done.output, done.output


def test_the_hosting_page_holds_the_current_table() -> None:
    page = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    assert settings_table() in page, "docs/hosting.md: paste python -c 'from webtable.settings import *; ...'"
