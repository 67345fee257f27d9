"""Helpers for the web tests: an app over a fresh database and a seat that plays through a WebSocket."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from webtable.app import create_app


def make_client(tmp_path: Path, name: str = "games.sqlite3") -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / name}"))


def create_game(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "wallenstein", "players": len(seats), "seats": seats, **extra}
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    return data


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def next_of(ws: WebSocketTestSession, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until one of type ``kind`` (others are kept in ``seen``)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if seen is not None:
            seen.append(msg)
        if msg["type"] == kind:
            return msg
        assert msg["type"] != "error", msg


def play_to_end(ws: WebSocketTestSession, rng: random.Random, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Play a seat with random legal decisions until the game is over; returns the last state."""
    n = 0
    while True:
        state = next_of(ws, "state", seen)
        if state["over"]:
            return state
        if state["legal"]:
            n += 1
            ws.send_json({"type": "act", "id": n, "action": rng.choice(state["legal"])})
            ack = next_of(ws, "ack", seen)
            assert ack["id"] == n


def reply(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message that answers a request (room and state updates are skipped)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] not in ("room", "state"):
            return msg
