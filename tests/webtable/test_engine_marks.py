"""Each stored game carries the engine that recorded it and a fingerprint of what it told (webtable.engine_check):
a release whose rules would replay an old history differently sets the game aside with a message, and never
goes on with another game than the one played. The rules change here is planted: winter's region majorities
worth 4 VP for palaces instead of 3 (seed 000, "Winter"; ruling W-27 keeps the 3/2/1)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import create_game, hello, make_client, next_of, sqlite_url

import wallenstein.winter
from webtable.engine_check import LogPrint, engine_name, new_entries
from webtable.store import Store

BOTS = [{"type": "bot", "bot": "random"}] * 3


def _finish(client: TestClient, game_id: str) -> None:
    deadline = time.monotonic() + 120
    while client.get(f"/api/games/{game_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, f"game {game_id} did not finish"
        time.sleep(0.05)


@pytest.fixture
def played(tmp_path: Path) -> tuple[str, list[str]]:
    """A store with two finished games of bots (each through at least one winter)."""
    db = sqlite_url(tmp_path)
    with make_client(db) as client:
        ids = [create_game(client, BOTS, seed=seed)["id"] for seed in (1, 2)]
        for game_id in ids:
            _finish(client, game_id)
    return db, ids


def test_a_stored_game_records_its_engine_and_the_story_it_told(played: tuple[str, list[str]]) -> None:
    db, ids = played
    store = Store(db)
    try:
        for game_id in ids:
            record = store.record(game_id)
            assert record is not None and record.engine == engine_name("wallenstein")
            replayed = wallenstein.replay(store.history(game_id))
            assert record.fingerprint == LogPrint(replayed.log).value  # the whole log, entry by entry
    finally:
        store.close()


def test_the_same_rules_load_every_game(played: tuple[str, list[str]]) -> None:
    db, ids = played
    with make_client(db) as client:
        for game_id in ids:
            info = client.get(f"/api/games/{game_id}")
            assert info.status_code == 200 and info.json()["status"] == "over", info.text


def test_changed_rules_set_an_old_game_aside_instead_of_replaying_it_differently(
    played: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, ids = played
    monkeypatch.setattr(wallenstein.winter, "MAJORITY_AWARD", (4, 2, 1))
    with make_client(db) as client:
        for game_id in ids:
            refused = client.get(f"/api/games/{game_id}")
            assert refused.status_code == 409, refused.text
            message = refused.json()["error"]
            assert "replays differently under this release's rules" in message
            assert engine_name("wallenstein") not in message  # the page names no release
            with client.websocket_connect(f"/ws/{game_id}") as ws:
                ws.send_json({"type": "hello"})
                closed = ws.receive_json()
                assert closed["type"] == "error" and closed["code"] == "damaged", closed
    store = Store(db)
    try:
        assert all(r.status == "damaged" for r in (store.record(i) for i in ids) if r is not None)
    finally:
        store.close()
    monkeypatch.undo()  # the rules restored: the games stay set aside until the host says otherwise
    with make_client(db) as client:  # (a restarted server: it still says why)
        for game_id in ids:
            refused = client.get(f"/api/games/{game_id}")
            assert refused.status_code == 409, refused.text
            assert "replays differently under this release's rules" in refused.json()["error"]


def test_a_running_game_goes_on_with_its_mark_kept_current(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path)
    seats = [{"type": "human", "name": "Ann"}, *BOTS[:2]]
    with make_client(db) as client:
        made = create_game(client, seats, seed=4)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            state = next_of(ws, "state")
            ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
            next_of(ws, "ack")
    store = Store(db)
    try:
        record = store.record(made["id"])
        replayed = wallenstein.replay(store.history(made["id"]))
        assert record is not None and record.fingerprint == LogPrint(replayed.log).value
    finally:
        store.close()
    with make_client(db) as client:  # reopened (rebuilt from storage): the same story, so it plays on
        assert client.get(f"/api/games/{made['id']}").status_code == 200


def test_a_decisions_new_log_entries_are_the_logs_tail() -> None:
    """What a room hashes after each decision (new_entries walks only the new part of the log)."""
    import random

    import league_of_six

    games: list[Any] = [wallenstein.new_game(players=4, seed=6), league_of_six.new_game(players=3, seed=6)]
    for game in games:
        rng, seen, running = random.Random(6), 0, LogPrint()
        while not game.over:
            seat = game.pending()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            log = game.log
            assert new_entries(game, seen) == log[seen:] and new_entries(game, len(log)) == []
            running = running.extended(new_entries(game, seen))
            seen = len(log)
        assert running.value == LogPrint(game.log).value
