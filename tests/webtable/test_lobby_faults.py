"""The lobby's new game (POST /api/games) against careless clients and a failing store: a request that
made no game costs the address none of its new games (webtable.routes.lobby.Admission, shared with Play
again), so the next try is told what is wrong, not "too many new games"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_rematch import finished
from test_rematch_faults import failing, post
from webclient import LocalClient, sqlite_url

from webtable import rematch
from webtable.app import create_app
from webtable.rooms import Hub
from webtable.settings import TableSettings

PEOPLE = [{"type": "human", "name": n} for n in ("Ann", "Bo", "Cy")]


def new_game(client: TestClient, body: Any, status: int) -> dict[str, Any]:
    res = client.post("/api/games", json=body)
    assert res.status_code == status, res.text
    answer: dict[str, Any] = res.json()
    return answer


def one_a_burst(tmp_path: Path, **settings: Any) -> LocalClient:
    """A table whose address may make one new game at once (3 a minute, bursts of one)."""
    table = TableSettings(games_per_minute=3, **settings)
    return LocalClient(create_app(sqlite_url(tmp_path), settings=table), base_url="http://localhost")


def stored(client: TestClient) -> int:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return len(hub.store.games(100, None, True))


def test_a_store_failure_gives_the_new_game_back(tmp_path: Path) -> None:
    with one_a_burst(tmp_path) as c:
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        body = {"game": "wallenstein", "players": 3, "seats": PEOPLE, "seed": 5}
        for statement in ("INSERT INTO games", "INSERT INTO entries", "INSERT INTO notes"):
            with failing(hub.store.engine, statement):
                refused = new_game(c, body, 503)
                assert refused["code"] == "storage_down", (statement, refused)
            assert stored(c) == 0 and hub.rooms == {}
        made = new_game(c, body, 200)  # the failures cost the address no new game
        assert stored(c) == 1 and set(hub.rooms) == {made["id"]}
        assert new_game(c, body, 429)["code"] == "too_many_games"  # (the one it made did)


def test_a_refused_request_costs_no_new_game(tmp_path: Path) -> None:
    bots = [{"type": "bot", "bot": "random"}] * 3
    with one_a_burst(tmp_path, max_bot_games=1) as c:
        good = {"game": "wallenstein", "players": 3, "seats": PEOPLE}
        bad = [
            {"game": "chess", "players": 3, "seats": PEOPLE},  # no such game
            {"game": "wallenstein", "players": 3, "seats": PEOPLE, "edition": "1999"},
            {"game": "wallenstein", "players": 9, "seats": PEOPLE},
        ]
        for body in bad:
            assert new_game(c, body, 400)["code"] != "too_many_games", body
        res = c.post("/api/games", content="{not json", headers={"content-type": "application/json"})
        assert res.status_code == 400 and res.json()["code"] == "bad_json", res.text
        new_game(c, {"game": "wallenstein", "players": 3, "seats": bots}, 200)
        c.app.state.creations.clear()  # type: ignore[attr-defined]  # (a minute later)
        full = new_game(c, {"game": "wallenstein", "players": 3, "seats": bots}, 429)
        assert full["code"] == "bot_games_full", full  # the table is full: not the address's fault
        new_game(c, good, 200)
        assert stored(c) == 2


def test_a_body_cut_off_as_too_large_costs_no_new_game(tmp_path: Path) -> None:
    """A body without a length that grows past the limit is cut off (413) while the route reads it."""

    def chunks() -> Iterator[bytes]:
        yield b'{"game": "wallenstein", "pad": "'
        for _ in range(20):
            yield b"x" * 8192

    with one_a_burst(tmp_path) as c:
        res = c.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
        assert res.status_code == 413 and res.json()["code"] == "body_too_large", res.text
        new_game(c, {"game": "wallenstein", "players": 3, "seats": PEOPLE}, 200)


def test_private_games_looked_up_from_the_store_are_rate_limited(tmp_path: Path) -> None:
    """X-Seat-Tokens names up to 50 games a request; those not in memory are read from the store, at most
    ``lookups_per_minute`` an address (bursts hold a lobby's 50): beyond, a coded 429 that reads nothing."""
    table = TableSettings(lookups_per_minute=3)
    with LocalClient(create_app(sqlite_url(tmp_path), settings=table), base_url="http://localhost") as c:
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        secret = new_game(c, {"game": "wallenstein", "players": 3, "seats": PEOPLE, "private": True}, 200)
        mine = f"{secret['id']}:{secret['creator']}"
        unknown = ",".join(f"nogame{i}:token" for i in range(60))  # (the first 50 are looked up)
        assert c.get("/api/games", headers={"x-seat-tokens": unknown}).status_code == 200
        reads: list[str] = []
        real = hub.store.record

        def record(game_id: str) -> Any:
            reads.append(game_id)
            return real(game_id)

        hub.store.record = record  # type: ignore[method-assign]
        res = c.get("/api/games", headers={"x-seat-tokens": "another:token," + mine})
        assert res.status_code == 429 and res.json()["code"] == "too_many_lookups", res.text
        assert res.json()["params"] == {"n": 3} and reads == []
        # A game in memory costs no lookup, and a list without tokens none either.
        listed = c.get("/api/games", headers={"x-seat-tokens": mine}).json()["games"]
        assert secret["id"] in [g["id"] for g in listed]
        assert c.get("/api/games").status_code == 200 and reads == []


def test_an_unexpected_failure_gives_the_new_game_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game that fails with an error nobody foresaw (a 500, not a refusal) costs no new game."""
    table = TableSettings(games_per_minute=3)
    app = create_app(sqlite_url(tmp_path), settings=table)
    with LocalClient(app, base_url="http://localhost", raise_server_exceptions=False) as c:
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        real = hub.create

        async def broken(*args: Any) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(hub, "create", broken)
        assert new_game(c, {"game": "wallenstein", "players": 3, "seats": PEOPLE}, 500)["code"] == "server_error"
        monkeypatch.setattr(hub, "create", real)
        new_game(c, {"game": "wallenstein", "players": 3, "seats": PEOPLE}, 200)  # (its one new game)
        assert new_game(c, {"game": "wallenstein", "players": 3, "seats": PEOPLE}, 429)["code"] == "too_many_games"


def test_an_unexpected_failure_of_play_again_gives_the_new_game_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = TableSettings(games_per_minute=3)
    app = create_app(sqlite_url(tmp_path), settings=table)
    with LocalClient(app, base_url="http://localhost", raise_server_exceptions=False) as c:
        made, tokens = finished(c, seed=23)
        c.app.state.creations.clear()  # type: ignore[attr-defined]  # (a minute later: one new game may be made)
        real = rematch._make

        async def broken(*args: Any) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(rematch, "_make", broken)
        assert post(c, made["id"], {"tokens": [tokens["ann"]]}, 500)["code"] == "server_error"
        monkeypatch.setattr(rematch, "_make", real)
        post(c, made["id"], {"tokens": [tokens["ann"]]}, 200)  # (the failure cost no new game)
