"""A real server process killed with SIGKILL loses no acknowledged decision: on restart every game is
rebuilt from its stored history and play goes on (bots included)."""

from __future__ import annotations

import json
import os
import random
import signal
from typing import Any

import httpx
from webclient import free_port, server
from websockets.sync.client import ClientConnection, connect

import wallenstein
from webtable.store import Store


def _recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return msg


def _play(ws: ClientConnection, n: int, rng: random.Random) -> int:
    """Take ``n`` decisions for the connected seat, each acknowledged; returns how many were acked."""
    acked = 0
    state: dict[str, Any] | None = None
    while acked < n:
        state = state or _recv(ws, "state")
        if state["over"]:
            break
        if not state["legal"]:
            state = None
            continue
        sent = {"type": "act", "id": acked, "version": state["version"], "action": rng.choice(state["legal"])}
        ws.send(json.dumps(sent))
        state = None
        while True:  # its ack, or its refusal as made on an older version (the bots decided meanwhile)
            msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
            if msg["type"] == "state":
                state = msg  # the newest state seen: a refused decision is taken again on it
            elif msg["type"] == "ack":
                assert msg["id"] == acked
                acked += 1
                state = None
                break
            elif msg["type"] == "error":
                assert "is at version" in msg["message"], msg
                break
    return acked


def test_sigkill_after_acknowledgements_loses_nothing(db_url: str) -> None:
    db = db_url
    port = free_port()
    rng = random.Random(7)
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    with server(db, port) as proc:
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"game": "wallenstein", "seats": seats}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            acked = _play(ws, 25, rng)
            os.kill(proc.pid, signal.SIGKILL)  # at once, right after the last acknowledgement
        proc.wait(timeout=10)
    assert acked == 25
    store = Store(db)
    history = store.history(gid)
    store.close()
    assert sum(1 for e in history[1:] if e.get("seat") == 0) == acked
    game = wallenstein.replay(history)  # the stored history is whole and consistent
    with server(db, port):
        info = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
        assert info["version"] >= sum(1 for e in history[1:] if "seat" in e)
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:  # reconnect with the same token
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert _recv(ws, "welcome")["seat"] == 0
            assert _play(ws, 5, rng) == 5  # play goes on, bots answering
        after = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
        assert after["version"] >= info["version"] + 5
    assert game.observe(0)["seat"] == 0
