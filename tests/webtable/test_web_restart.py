"""A real server process killed with SIGKILL loses no acknowledged decision: on restart every game is
rebuilt from its stored history and play goes on (bots included). The same test for each game the
table hosts: a Wallenstein game plays on a few decisions, a League of Six game (yellow sides, a
heuristic bot) to its end."""

from __future__ import annotations

import json
import os
import random
import signal
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from webclient import free_port, server
from websockets.sync.client import ClientConnection, connect

import league_of_six
import wallenstein
from webtable.store import Store


@dataclass(frozen=True)
class Restart:
    """One game killed and restarted: the lobby's request, the seed of seat 0's random decisions, how
    many it takes before the kill and after the restart (None: to the game's end), and how the stored
    history is replayed and what the replayed game must show."""

    body: dict[str, Any]
    rng_seed: int
    before: int
    after: int | None
    replay: Callable[[list[dict[str, Any]]], Any]
    replayed: Callable[[Any], bool]


def _seats(*bots: str) -> list[dict[str, Any]]:
    return [{"type": "human", "name": "Ann"}, *({"type": "bot", "bot": bot} for bot in bots)]


RESTARTS = [
    pytest.param(
        Restart(
            {"game": "wallenstein", "seats": _seats("random", "random")},
            rng_seed=7,
            before=25,
            after=5,
            replay=wallenstein.replay,
            replayed=lambda game: game.observe(0)["seat"] == 0,
        ),
        id="wallenstein",
    ),
    pytest.param(
        Restart(
            {
                "game": "league_of_six",
                "seats": _seats("heuristic", "random"),
                "seed": 21,
                "options": {"sides": "yellow"},
            },
            rng_seed=11,
            before=12,
            after=None,
            replay=league_of_six.replay,
            replayed=lambda game: game.config["sides"] == ["yellow"] * 6,
        ),
        id="league_of_six",
    ),
]


def _recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return msg


def _play(ws: ClientConnection, n: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Take ``n`` decisions for the connected seat (fewer if the game ends), each acknowledged; returns
    at once after the last acknowledgement: how many were acked, and the last state seen."""
    acked = 0
    state: dict[str, Any] | None = None
    last: dict[str, Any] = {}
    while acked < n:
        state = state or _recv(ws, "state")
        last = state
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
                state = last = msg  # the newest state seen: a refused decision is taken again on it
            elif msg["type"] == "ack":
                assert msg["id"] == acked
                acked += 1
                state = None
                break
            elif msg["type"] == "error":
                assert "is at version" in msg["message"], msg
                break
    return acked, last


@pytest.mark.parametrize("case", RESTARTS)
def test_sigkill_after_acknowledgements_loses_nothing(db_url: str, case: Restart) -> None:
    db = db_url
    port = free_port()
    rng = random.Random(case.rng_seed)
    with server(db, port) as proc:
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json=case.body).json()
        gid, token = made["id"], made["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            acked, before = _play(ws, case.before, rng)
            os.kill(proc.pid, signal.SIGKILL)  # at once, right after the last acknowledgement
        proc.wait(timeout=10)
    assert acked == case.before and not before["over"]
    store = Store(db)
    history = store.history(gid)
    store.close()
    assert sum(1 for e in history[1:] if e.get("seat") == 0) == acked
    game = case.replay(history)  # the stored history is whole and consistent
    assert case.replayed(game)
    with server(db, port):
        info = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
        assert info["game"] == case.body["game"] and info["version"] >= sum(1 for e in history[1:] if "seat" in e)
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:  # reconnect with the same token
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert _recv(ws, "welcome")["seat"] == 0
            more, last = _play(ws, case.after or 10**6, rng)  # play goes on, bots answering
        after = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").json()
    if case.after is None:  # played to the end
        assert last["over"] and more > 0
        assert after["status"] == "over" and after["version"] > info["version"]
    else:
        assert more == case.after
        assert after["version"] >= info["version"] + case.after
