"""Helpers for the web tests: an app over a fresh database and a seat that plays through a WebSocket."""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from webtable.app import create_app


def sqlite_url(folder: Path) -> str:
    """A fresh SQLite database in ``folder`` (for tests that need not run on PostgreSQL too)."""
    return f"sqlite:///{folder / 'games.sqlite3'}"


class LocalClient(TestClient):
    """A test client that calls the server localhost, for requests and WebSockets alike (Starlette's own
    names it "testserver", a host name the server refuses: see webtable.guard)."""

    def websocket_connect(self, url: str, *args: Any, **kwargs: Any) -> WebSocketTestSession:
        return super().websocket_connect(urljoin("ws://localhost", url), *args, **kwargs)


def make_client(db_url: str) -> TestClient:
    """A test client of the app over the database at ``db_url`` (see the ``db_url`` fixture)."""
    # The server answers only to its own host names (DNS rebinding): the test client calls it localhost.
    return LocalClient(create_app(db_url), base_url="http://localhost")


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
    newer: dict[str, Any] | None = None  # a state that came while waiting for an answer
    while True:
        state = newer or next_of(ws, "state", seen)
        newer = None
        if state["over"]:
            return state
        if state["legal"]:
            action = rng.choice(state["legal"])
            while True:  # a client faster than the server's rate limit backs off and sends again
                ws.send_json({"type": "act", "id": n + 1, "version": state["version"], "action": action})
                answer, newer = _answer(ws, seen)
                if answer["type"] == "ack" or "is at version" in answer.get("message", ""):
                    break  # acknowledged, or decided on a state the bots have moved on from: take the next
                assert "too many messages" in answer["message"], answer
                time.sleep(0.2)
            if answer["type"] == "ack":
                n += 1
                assert answer["id"] == n
                # The state after this decision follows the ack, or came just before it: a state request
                # already queued for this socket is built when sent, from the game as it is then (the
                # server coalesces requests). Dropping such a state waited for ever on a game that
                # waits on this seat (seen once in CI).
                if newer is not None and newer["version"] <= state["version"]:
                    newer = None


def _answer(ws: WebSocketTestSession, seen: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The answer to a request, and the newest state that came before it (a refused decision is taken
    again on that state: waiting for another could wait for ever, as the game may wait on this seat)."""
    newer = None
    while True:
        msg: dict[str, Any] = ws.receive_json()
        seen.append(msg)
        if msg["type"] == "state":
            newer = msg
        elif msg["type"] != "room":
            return msg, newer


def record_every_message(
    client: TestClient, made: dict[str, Any], people: tuple[int, ...], rng: random.Random, limit: int | None = None
) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """The ``people`` seats play random decisions (at most ``limit``; None: to the end) while a spectator
    watches; returns every message each socket received (keys: the seat as text, and "None" for the
    spectator) and the stored history afterwards."""
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    got: dict[str, list[dict[str, Any]]] = {str(p): [] for p in (*people, None)}
    with ExitStack() as stack:
        socks = {p: stack.enter_context(client.websocket_connect(f"/ws/{gid}")) for p in people}
        spec = stack.enter_context(client.websocket_connect(f"/ws/{gid}"))
        for p, ws in socks.items():
            hello(ws, tokens[p])
        hello(spec, None)
        room = client.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
        latest: dict[int, dict[str, Any]] = {}  # the newest state each person's socket has delivered
        n = 0
        while limit is None or n < limit:  # by whichever person is asked
            while not room.game.over and not [p for p in room.game.pending() if p in socks]:
                time.sleep(0.005)  # bots are deciding
            if room.game.over:
                break
            seat = min(p for p in room.game.pending() if p in socks)
            version = room.version
            # The state to decide on may already have been read (while waiting for an earlier answer).
            state = latest.get(seat)
            while state is None or not (state["version"] >= version and state["legal"]):
                state = latest[seat] = next_of(socks[seat], "state", got[str(seat)])
            socks[seat].send_json(
                {"type": "act", "id": 1, "version": state["version"], "action": rng.choice(state["legal"])}
            )
            while (answer := socks[seat].receive_json())["type"] != "ack":
                got[str(seat)].append(answer)
                if answer["type"] == "state":
                    latest[seat] = answer
                if answer["type"] == "error":  # a bot decided meanwhile: decide again on a newer state
                    assert "is at version" in answer["message"], answer
                    break
            n += 1
        history: list[dict[str, Any]] = client.app.state.hub.store.history(gid)  # type: ignore[attr-defined]
        for name, ws in [*((str(p), w) for p, w in socks.items()), ("None", spec)]:  # what is left in each
            ws.send_json({"type": "ping"})
            while (msg := ws.receive_json())["type"] != "pong":
                got[name].append(msg)
    return got, history


def reply(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message that answers a request (room, state and turn clock updates are skipped)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] not in ("room", "state", "clock"):
            return msg


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(db: str, port: int, *extra: str) -> Iterator[subprocess.Popen[str]]:
    """``wallenstein serve`` on ``port`` (``extra``: more options); test modules create games faster than a
    person, so the rate of new games is raised unless ``extra`` sets it."""
    cmd = [sys.executable, "-m", "wallenstein.cli", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    cmd += [*extra] if "games_per_minute" in " ".join(extra) else ["--limit", "games_per_minute=6000", *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://localhost:{port}/" in line, line
        for _ in range(200):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/kinds", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
