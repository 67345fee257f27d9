"""Backups as docs/hosting.md tells them: taken while the server runs (SQLite's online backup; pg_dump), the
store wiped, the backup restored (a copied file; pg_restore into a new database), and every game plays on
to its end from where the backup left it."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pgtemp import TempPostgres
from webclient import create_game, hello, make_client, next_of, play_to_end

from webtable.store import Store

PERSON = {"type": "human", "name": "Ann"}
BOT = {"type": "bot", "bot": "random"}


def _games(client: TestClient) -> list[tuple[str, str]]:
    """Games half played: (id, the person seat's token) for each."""
    made = [
        create_game(client, [PERSON, BOT, BOT], seed=1),
        create_game(client, [BOT, PERSON, BOT, BOT], seed=2, options={"edition": "2002"}),
        create_game(client, [PERSON, BOT, BOT], game="league_of_six", seed=3),
    ]
    out = []
    for game in made:
        token = next(s["token"] for s in game["seats"] if s.get("token"))
        with client.websocket_connect(f"/ws/{game['id']}") as ws:
            hello(ws, token)
            for n in range(1, 6):  # a few decisions of the person's
                state = next_of(ws, "state")
                while not state["legal"]:
                    state = next_of(ws, "state")
                ws.send_json({"type": "act", "id": n, "version": state["version"], "action": state["legal"][0]})
                next_of(ws, "ack")
        out.append((game["id"], token))
    return out


def _decisions(url: str, ids: list[str]) -> dict[str, int]:
    store = Store(url)
    try:
        return {i: r.decisions for i in ids if (r := store.record(i)) is not None}
    finally:
        store.close()


def _play_every_game_on(url: str, games: list[tuple[str, str]], before: dict[str, int]) -> None:
    with make_client(url) as client:
        for game_id, token in games:
            info = client.get(f"/api/games/{game_id}").json()
            assert info["version"] >= before[game_id], info  # what the backup held is all there
            with client.websocket_connect(f"/ws/{game_id}") as ws:
                hello(ws, token)
                assert play_to_end(ws, random.Random(game_id), [])["over"]
        for game_id, _ in games:
            assert _status(client, game_id) == "over"


def _status(client: TestClient, game_id: str) -> Any:
    deadline = time.monotonic() + 60
    while (status := client.get(f"/api/games/{game_id}").json()["status"]) != "over" and time.monotonic() < deadline:
        time.sleep(0.05)
    return status


def test_a_sqlite_backup_taken_while_serving_restores_every_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    url = f"sqlite:///{path}"
    backup = tmp_path / "backup.sqlite3"
    with make_client(url) as client:
        games = _games(client)
        source, copy = sqlite3.connect(path), sqlite3.connect(backup)  # the online backup, server running
        source.backup(copy)
        copy.close()
        source.close()
    before = _decisions(f"sqlite:///{backup}", [g for g, _ in games])
    for leftover in tmp_path.glob("games.sqlite3*"):  # wiped: the database and its WAL
        leftover.unlink()
    path.write_bytes(backup.read_bytes())  # restored
    _play_every_game_on(url, games, before)


def test_a_postgresql_dump_restores_every_game_into_a_new_database(postgres: TempPostgres | str) -> None:
    if isinstance(postgres, str):
        pytest.fail(f"PostgreSQL tests cannot run: {postgres}", pytrace=False)
    url = postgres.new_database()
    name = url.rsplit("/", 1)[1]
    dump = postgres.root / "games.dump"
    with make_client(url) as client:
        games = _games(client)
        pg_dump = [postgres.bindir / "pg_dump", "-Fc", "-f", dump, postgres.dsn(name)]
        subprocess.run([str(a) for a in pg_dump], check=True, timeout=120)
    before = _decisions(url, [g for g, _ in games])
    _sql(postgres, f'DROP DATABASE "{name}"')  # wiped
    _sql(postgres, f'CREATE DATABASE "{name}"')
    restore = [postgres.bindir / "pg_restore", "--no-owner", "-d", postgres.dsn(name), dump]
    subprocess.run([str(a) for a in restore], check=True, timeout=120)
    _play_every_game_on(url, games, before)


def _sql(server: TempPostgres, statement: str) -> None:
    import psycopg

    with psycopg.connect(server.dsn("postgres"), autocommit=True) as conn:
        conn.execute(statement)
