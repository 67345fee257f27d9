"""A whole game through the server: one person (random clicks) against three random bots."""

from __future__ import annotations

import random

from webclient import create_game, hello, make_client, play_to_end


def test_a_person_plays_a_whole_game_against_three_bots(db_url: str) -> None:
    with make_client(db_url) as client:
        seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random"}] * 3
        made = create_game(client, seats, seed=3)
        token = made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            welcome = hello(ws, token)
            assert welcome["seat"] == 0
            seen: list[dict[str, object]] = []
            last = play_to_end(ws, random.Random(1), seen)
        assert last["result"]["over"] is True
        info = client.get(f"/api/games/{made['id']}").json()
        assert info["status"] == "over" and info["version"] == last["version"]
