"""Storage outages (issue 14, points 3 and 7): a full disk, a lock another program holds on SQLite, a
stopped PostgreSQL server. While the store fails, bot games wait (retrying with backoff) and say so to
every connection and in the API; new games get a clear 503; when the store is back, play goes on."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from pgtemp import TempPostgres
from webclient import LocalClient, hello, next_of

from webtable.app import create_app
from webtable.settings import TableSettings

BOTS = [{"type": "bot", "bot": "random"}] * 3
QUICK = TableSettings(retry_first=0.1, retry_max=0.4)


def _client(url: str) -> LocalClient:
    return LocalClient(create_app(url, bot_delay=0.02, settings=QUICK), base_url="http://localhost")


def _wait(check: Any, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _outage(client: LocalClient, fault: contextlib.AbstractContextManager[Any]) -> None:
    """A bot game is running; during ``fault`` it must wait on storage and say so; afterwards go on."""
    made = client.post("/api/games", json={"game": "wallenstein", "seats": BOTS, "seed": 4}).json()
    gid = made["id"]
    room = client.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
    _wait(lambda: room.version >= 3)
    with client.websocket_connect(f"/ws/{gid}") as spectator:
        hello(spectator, None)
        with fault:
            _wait(lambda: client.get(f"/api/games/{gid}").json()["storage"] == "waiting")
            while (msg := next_of(spectator, "room"))["game"]["storage"] != "waiting":
                pass
            stuck = room.version
            res = client.post("/api/games", json={"game": "wallenstein", "seats": BOTS})
            assert res.status_code == 503 and "unavailable" in res.json()["error"], res.text
            time.sleep(1.0)  # several failed commits, more than one backoff
            assert room.version == stuck and not room.game.over
        _wait(lambda: room.version > stuck + 3)  # the same bot loop goes on by itself
        assert client.get(f"/api/games/{gid}").json()["storage"] == "ok"
        while (msg := next_of(spectator, "room"))["game"]["storage"] != "ok":
            pass
        assert msg["game"]["status"] in ("running", "over")


def test_a_held_sqlite_lock_is_waited_out(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"

    @contextlib.contextmanager
    def held() -> Iterator[None]:
        other = sqlite3.connect(path, isolation_level=None, timeout=30)
        other.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()

    with _client(f"sqlite:///{path}") as client:
        _outage(client, held())


@contextlib.contextmanager
def _small_disk(folder: Path) -> Iterator[bool]:
    """A 4 MiB tmpfs at ``folder`` (True), or False where this process may not mount one."""
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True)
    try:
        yield mounted.returncode == 0
    finally:
        if mounted.returncode == 0:
            subprocess.run(["umount", "-l", str(folder)], check=False)


@contextlib.contextmanager
def _filled(folder: Path, engine: sa.Engine, real: bool) -> Iterator[None]:
    """The disk full: on a real small disk a file takes every free byte; elsewhere SQLite's own limit on
    the database's pages stands in for it (the same SQLITE_FULL error a full disk gives)."""
    if real:
        filler = folder / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as f:  # (closing may fail too: bytes left buffered)
            while True:
                f.write(b"\0" * 65536)
                f.flush()
                os.fsync(f.fileno())
        with pytest.raises(OSError) as full:
            (folder / "probe").write_bytes(b"\0" * 65536)
        assert full.value.errno == errno.ENOSPC
        try:
            yield
        finally:
            filler.unlink()
            (folder / "probe").unlink(missing_ok=True)
        return

    def limit(dbapi_conn: Any, _record: Any) -> None:
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count={pages}")

    sa.event.listen(engine, "connect", limit)
    engine.dispose()
    try:
        yield
    finally:
        sa.event.remove(engine, "connect", limit)
        engine.dispose()


def test_a_full_disk_is_waited_out_and_new_games_get_a_clear_503(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    with _small_disk(disk) as real, _client(f"sqlite:///{disk / 'games.sqlite3'}") as client:
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        _outage(client, _filled(disk, engine, real))


def test_a_stopped_postgresql_server_is_waited_out(postgres: TempPostgres | str) -> None:
    if isinstance(postgres, str):
        pytest.fail(f"PostgreSQL tests cannot run: {postgres}", pytrace=False)

    @contextlib.contextmanager
    def stopped() -> Iterator[None]:
        postgres.pause()
        try:
            yield
        finally:
            postgres.resume()

    with _client(postgres.new_database()) as client:
        _outage(client, stopped())


def test_a_persons_decision_under_a_held_lock_is_refused_after_one_busy_timeout(tmp_path: Path) -> None:
    """Another program holds SQLite's write lock while four bot games keep committing: a person's decision
    is refused ("storage down", nothing changed) once the write under way when it came has failed, or its
    own: at most two busy timeouts of 2 s, whatever is queued. Before, each queued commit was tried again
    alone, a busy timeout each, and a person waited 15 s. Counted in write attempts, not in seconds."""
    path = tmp_path / "games.sqlite3"
    people = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human"}]
    with _client(f"sqlite:///{path}") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for seed in range(4):
            client.post("/api/games", json={"game": "wallenstein", "seats": BOTS, "seed": seed})
        made = client.post("/api/games", json={"game": "wallenstein", "seats": people, "seed": 9}).json()
        attempts: list[int] = []
        real = hub.store.append_many

        def counted(batch: Any) -> Any:
            attempts.append(len(batch))
            return real(batch)

        hub.store.append_many = counted
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            state = next_of(ws, "state")
            other = sqlite3.connect(path, isolation_level=None, timeout=30)
            other.execute("BEGIN EXCLUSIVE")
            try:
                _wait(lambda: len(attempts) >= 2)  # the bots' commits are failing
                before = len(attempts)
                ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
                while (answer := ws.receive_json())["type"] in ("room", "state"):
                    pass
                tried = len(attempts) - before
            finally:
                other.execute("ROLLBACK")
                other.close()
        assert answer["type"] == "error" and answer["code"] == "storage_down", answer
        assert tried <= 2, attempts
        assert len(hub.store.history(made["id"])) == len(hub.rooms[made["id"]].game.history)
