"""Bad input from a browser gets a clear error and changes nothing: malformed messages, illegal or
foreign decisions, wrong tokens, spectators acting, floods, bad lobby requests, replay permissions."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import create_game, hello, make_client, next_of, reply

from webtable.routes import socket as webapp

HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human"}]  # nothing moves alone


@pytest.fixture()
def client(db_url: str) -> Any:
    with make_client(db_url) as c:
        yield c


def _entries(client: TestClient, gid: str) -> int:
    return len(client.app.state.hub.store.history(gid))  # type: ignore[attr-defined]


def test_malformed_and_illegal_messages_are_refused_and_change_nothing(client: TestClient) -> None:
    made = create_game(client, HUMANS, seed=1)
    gid, token = made["id"], made["seats"][0]["token"]
    before = _entries(client, gid)
    with client.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, token)
        state = next_of(ws, "state")
        assert state["legal"] and state["version"] == 0
        bad: list[tuple[str, str]] = [
            ("{not json", "malformed JSON"),
            ("[1, 2]", "JSON object"),
            ('{"type": "shout"}', "unknown message type"),
            ('{"type": "act", "version": 0, "id": 1}', "needs an 'action'"),
            ('{"type": "act", "version": 0, "id": 2, "action": {"type": "teleport"}}', "unknown action type"),
            (
                '{"type": "act", "version": 0, "id": 3, '
                '"action": {"type": "plan_card", "box": "tax", "card": "money:1"}}',
                "bid first",
            ),
            ('{"type": "act", "version": 0, "id": 4, "action": {"type": "position", "position": 1}}', "not a decision"),
            ('{"type": "act", "version": 0, "id": 5, "action": "plain text"}', "malformed JSON"),
            ('{"type": "act", "version": 0, "id": {"x": 1}, "action": {}}', "'id'"),
            (
                '{"type": "act", "version": 0, "id": 6, '
                '"action": {"type": "plan_card", "box": "bid", "card": "boehmen"}}',
                "boehmen",
            ),
            ('{"type": "check", "id": 7, "action": {"type": "plan", "boxes": {}, "bid": null}}', "must hold a card"),
        ]
        for text, needle in bad:
            ws.send_text(text)
            msg = reply(ws)
            assert msg["type"] in ("error", "checked"), msg
            assert msg.get("ok") is not True
            assert needle in msg["message"], (text, msg)
        ws.send_text('{"type": "act", "id": 8, "action": ' + "[" * 10 + "]" * 10 + ', "pad": "' + "x" * 70_000 + '"}')
        assert "too large" in reply(ws)["message"]
    assert _entries(client, gid) == before
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_tokens_open_only_their_own_seat(client: TestClient) -> None:
    made = create_game(client, HUMANS, seed=2)
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    assert set(tokens) == {0, 1, 2} and "token" not in str(made["game"])
    # A real token with its last character changed (to another one: a token ending in "x" made this the
    # real token, about one run in 64).
    near = tokens[0][:-1] + ("y" if tokens[0].endswith("x") else "x")
    for wrong in ("nope", near, 12, ""):
        with client.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "token": wrong})
            msg = ws.receive_json()
            assert msg["type"] == "error" and "token" in msg["message"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "join"})
        assert "first message" in reply(ws)["message"]
    with client.websocket_connect("/ws/nosuchgame") as ws:
        assert "no game" in ws.receive_json()["message"]
    # Seat 1's token acts for seat 1 only: there is no way to name another seat.
    with client.websocket_connect(f"/ws/{gid}") as ws:
        welcome = hello(ws, tokens[1])
        assert welcome["seat"] == 1
        state = next_of(ws, "state")
        assert state["seat"] == 1 and state["obs"]["seat"] == 1
        ws.send_json({"type": "act", "id": 1, "seat": 0, "version": 0, "action": state["legal"][0]})
        assert next_of(ws, "ack")["id"] == 1
    room = client.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
    assert room.game.s.plan_fill[1] == 1 and room.game.s.plan_fill[0] == 0


def test_spectators_cannot_act(client: TestClient) -> None:
    made = create_game(client, HUMANS, seed=3)
    gid = made["id"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        assert hello(ws, None)["seat"] is None
        state = next_of(ws, "state")
        assert state["legal"] == [] and state["seat"] is None
        ws.send_json({"type": "act", "id": 1, "action": {"type": "plan_card", "box": "bid", "card": "money:0"}})
        assert "spectators cannot act" in next_of(ws, "error")["message"]
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_a_flood_is_refused_then_the_connection_closed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webapp, "MAX_REFUSED", 5)
    monkeypatch.setattr(webapp, "BURST", 10.0)
    monkeypatch.setattr(webapp, "RATE", 0.0)  # no refill: the test does not depend on how fast it sends
    made = create_game(client, HUMANS, seed=4)
    gid, token = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, token)
        for i in range(10 + 5):
            ws.send_json({"type": "ping", "id": i})
        replies = []
        while True:
            msg = ws.receive()
            if msg["type"] == "websocket.close":
                assert msg["code"] == 1008
                break
            replies.append(msg)
        assert any("too many messages" in str(m) for m in replies)
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"game": "chess", "seats": [{"type": "human"}] * 2}, "unknown game"),
        ({"game": "wallenstein", "seats": [{"type": "human"}] * 2}, "takes [3, 4, 5] players"),
        ({"game": "wallenstein", "players": 4, "seats": [{"type": "human"}] * 3}, "one seat entry each"),
        ({"seats": [{"type": "human"}] * 3, "options": {"modules": ["dragons"]}}, "unknown module"),
        (
            {"seats": [{"type": "human"}] * 3, "options": {"edition": "2002", "modules": ["landsknechte"]}},
            "2012 edition only",
        ),
        ({"seats": [{"type": "human"}] * 3, "options": {"colour": "red"}}, "unknown Wallenstein option"),
        ({"seats": [{"type": "human"}] * 3, "options": {"setup": "chaos"}}, "unknown set-up"),
        ({"seats": [{"type": "bot", "bot": "genius"}] * 3}, "unknown bot"),
        ({"seats": [{"type": "alien"}] * 3}, "seat 0"),
        ({"seats": [{"type": "human", "name": "x" * 40}] * 3}, "at most 24"),
        ({"seats": [{"type": "human"}] * 3, "seed": -1}, "seed"),
        ({"seats": [{"type": "human"}] * 3, "turbo": True}, "unknown field"),
        ([1, 2, 3], "JSON object"),
    ],
)
def test_bad_lobby_requests_are_refused(client: TestClient, body: Any, needle: str) -> None:
    res = client.post("/api/games", json=body)
    assert res.status_code == 400 and needle in res.json()["error"], res.text
    assert client.get("/api/games").json()["games"] == []


def test_replays_show_a_seat_s_view_only_to_that_seat_while_the_game_runs(client: TestClient) -> None:
    made = create_game(client, HUMANS, seed=6)
    gid, token = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, token)
        for i in range(3):
            state = next_of(ws, "state")
            ws.send_json({"type": "act", "id": i, "version": state["version"], "action": state["legal"][0]})
            next_of(ws, "ack")
    spectator = client.get(f"/api/games/{gid}/replay?view=spectator").json()
    assert [f["step"] for f in spectator["frames"]] == [0]  # seat 0 planning in secret changes nothing public
    assert all("my_plan" not in f["obs"] for f in spectator["frames"])
    assert client.get(f"/api/games/{gid}/replay?view=0").status_code == 403
    other = made["seats"][1]["token"]
    assert client.get(f"/api/games/{gid}/replay?view=0", headers={"x-seat-token": other}).status_code == 403
    own = client.get(f"/api/games/{gid}/replay?view=0", headers={"x-seat-token": token}).json()
    assert [f["step"] for f in own["frames"]] == [0, 1, 2, 3]
    assert own["frames"][-1]["obs"]["my_plan"]["boxes"]["bid"] is not None
    assert client.get(f"/api/games/{gid}/replay?view=7").status_code == 400
    assert client.get(f"/api/games/{gid}/replay?view=x").status_code == 400
    assert client.get("/api/games/none/replay").status_code == 404


@pytest.mark.parametrize("gid", ["%00", "a%00b", "%C3%A9", "x" * 41])
def test_odd_game_ids_are_no_game_on_every_backend(client: TestClient, gid: str) -> None:
    # PostgreSQL refuses text with NUL characters: such an id must be no game, not a server error.
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.get(f"/api/games/{gid}/replay").status_code == 404
    with client.websocket_connect(f"/ws/{gid}") as ws:
        assert "no game" in ws.receive_json()["message"]
