"""A game created with a chosen seed is reproducible on the table, bots included: the same seed, seats
and decisions give the same game however fast the people play (bots are seeded when the room opens,
not when they first decide)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from webclient import create_game, hello, make_client, next_of, reply, sqlite_url

SEATS = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random"}] * 3


def _play(tmp_path: Path, seed: int, pause: float) -> dict[str, Any]:
    """Ann plays random decisions (her own seeded generator), waiting ``pause`` seconds before each of
    her first decisions so the bots run ahead; returns the spectator's replay of the finished game."""
    tmp_path.mkdir()
    with make_client(sqlite_url(tmp_path)) as client:
        made = create_game(client, SEATS, seed=seed)
        rng = random.Random(7)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            n = 0
            while True:
                state = next_of(ws, "state")
                if state["over"]:
                    break
                if not state["legal"]:
                    continue
                n += 1
                if n <= 4:
                    # Others' planning never changes her choices, and while she alone decides no one
                    # else can: the legal actions stay valid while she waits.
                    time.sleep(pause)
                action = rng.choice(state["legal"])
                version = state["version"]
                while (answer := _act(ws, n, version, action))["type"] != "ack":
                    # The bots decided meanwhile (their planning leaves her choices as they were): the same
                    # decision again, on the version the server names.
                    if "too many messages" in answer["message"]:  # faster than the rate limit: back off
                        time.sleep(0.2)
                        continue
                    assert "is at version" in answer["message"], answer
                    version = answer["at"]
        replay: dict[str, Any] = client.get(f"/api/games/{made['id']}/replay?view=spectator").json()
        return replay


def test_a_chosen_seed_gives_the_same_game_whatever_the_pace(tmp_path: Path) -> None:
    quick = _play(tmp_path / "a", 11, 0.0)
    slow = _play(tmp_path / "b", 11, 0.3)
    assert quick["frames"][-1]["obs"] == slow["frames"][-1]["obs"]
    assert [e["event"] for e in quick["log"]] == [e["event"] for e in slow["log"]]


def test_another_seed_gives_another_game(tmp_path: Path) -> None:
    one = _play(tmp_path / "a", 11, 0.0)
    other = _play(tmp_path / "b", 12, 0.0)
    assert [e["event"] for e in one["log"]] != [e["event"] for e in other["log"]]


def _act(ws: Any, n: int, version: int, action: Any) -> dict[str, Any]:
    ws.send_json({"type": "act", "id": n, "version": version, "action": action})
    answer: dict[str, Any] = reply(ws)
    if answer["type"] == "error" and "is at version" in answer["message"]:
        answer["at"] = int(answer["message"].split("is at version ")[1].split()[0])
    return answer
