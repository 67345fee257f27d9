"""A League of Six game survives a server killed with SIGKILL: every acknowledged decision is in
storage, the game is rebuilt from its history on restart, and play goes on with its bots."""

from __future__ import annotations

import json
import os
import random
import signal
from pathlib import Path
from typing import Any

import httpx
from webclient import free_port, server
from websockets.sync.client import ClientConnection, connect

import league_of_six
from webtable.store import Store


def _recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return msg


def _play(ws: ClientConnection, n: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Take ``n`` decisions for the connected seat, each acknowledged; returns how many were acked
    and the last state seen."""
    acked = 0
    newer: dict[str, Any] | None = None  # a state that came with a refusal
    while True:
        state = newer or _recv(ws, "state")
        newer = None
        if state["over"] or acked == n:
            return acked, state
        if state["legal"]:
            ws.send(
                json.dumps(
                    {"type": "act", "id": acked, "version": state["version"], "action": rng.choice(state["legal"])}
                )
            )
            while (msg := json.loads(ws.recv(timeout=30)))["type"] not in ("ack", "error"):
                newer = msg if msg["type"] == "state" else newer
            if msg["type"] == "error":  # the bots moved the game on meanwhile: decide again on the newer state
                assert "is at version" in msg["message"], msg
                continue
            assert msg["id"] == acked
            acked += 1
            newer = None


def test_a_league_of_six_game_survives_sigkill_and_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    port = free_port()
    rng = random.Random(11)
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "random"}]
    body = {"game": "league_of_six", "seats": seats, "seed": 21, "options": {"sides": "yellow"}}
    with server(db, port) as proc:
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body).json()
        gid, token = made["id"], made["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            acked, before = _play(ws, 12, rng)
            os.kill(proc.pid, signal.SIGKILL)  # at once, right after the last acknowledgement
        proc.wait(timeout=10)
    assert acked == 12 and not before["over"]
    store = Store(db)
    history = store.history(gid)
    store.close()
    assert sum(1 for e in history[1:] if e.get("seat") == 0) == acked
    game = league_of_six.replay(history)  # the stored history is whole and replays
    assert game.config["sides"] == ["yellow"] * 6
    with server(db, port):
        info = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
        assert info["game"] == "league_of_six" and info["version"] >= sum(1 for e in history[1:] if "seat" in e)
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:  # reconnect with the same token
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert _recv(ws, "welcome")["seat"] == 0
            more, last = _play(ws, 1000, rng)  # play on to the end, bots answering
        assert last["over"] and more > 0
        after = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
        assert after["status"] == "over" and after["version"] > info["version"]
