"""The players' chat (webtable.chat): length and rate limits, that a spectator never gets it, and that it
is kept with the game through a restart."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from browsing import create_in_lobby, new_page
from playwright.sync_api import Browser
from webclient import create_game, free_port, hello, make_client, next_of, server, sqlite_url
from websockets.sync.client import ClientConnection, connect

import webtable.chat
from tabletop.errors import IllegalAction
from webtable.chat import KEEP, MAX_CHARS, RATE, WINDOW, Chat


def test_lines_are_short_and_rate_limited() -> None:
    chat = Chat()
    with pytest.raises(IllegalAction, match="at most"):
        chat.say(0, "Ann", "x" * (MAX_CHARS + 1), now=0.0)
    with pytest.raises(IllegalAction):
        chat.say(0, "Ann", "   ", now=0.0)
    for i in range(RATE):
        assert chat.say(0, "Ann", f"line {i}", now=float(i))["text"] == f"line {i}"
    with pytest.raises(IllegalAction, match="wait"):
        chat.say(0, "Ann", "one too many", now=float(RATE))
    assert chat.say(1, "Bea", "another seat may", now=float(RATE))["seat"] == 1
    assert chat.say(0, "Ann", "later again", now=WINDOW + 1.0)["text"] == "later again"
    assert [line["text"] for line in chat.lines][-1] == "later again"
    assert len(chat.lines) == RATE + 2  # the refused lines were not kept


def test_seated_players_chat_and_a_spectator_hears_nothing(browser: Browser, base_url: str) -> None:
    host = new_page(browser)
    create_in_lobby(host, base_url, ["local", "invite", "bot:random"], {0: "Ann"})
    host.wait_for_selector("#plan-fill")
    spectator = new_page(browser)
    frames: list[dict[str, Any]] = []
    spectator.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    spectator.goto(host.url)
    spectator.wait_for_selector("#players table")
    assert spectator.locator("#chat").is_hidden() and spectator.locator("#dt-chat").is_hidden()  # no chat tab
    friend = new_page(browser)
    friend.goto(host.locator("#inv-1").input_value())
    friend.wait_for_selector("#greeting")
    host.click("#dt-chat")  # the chat: a tab of the dock, opened in place (issue 29)
    friend.click("#dt-chat")
    host.fill("#chat-text", "Good luck, Bea!")
    host.click("#chat-send")
    friend.wait_for_function("() => document.querySelector('#chat-lines').textContent.includes('Ann: Good luck, Bea!')")
    friend.fill("#chat-text", "Thanks")
    friend.click("#chat-send")
    host.wait_for_function("() => document.querySelector('#chat-lines').textContent.includes('Thanks')")
    assert host.input_value("#chat-text") == ""
    host.wait_for_timeout(300)
    assert not [f for f in frames if f.get("type") == "chat"]
    assert "Good luck" not in json.dumps(frames)
    for p in (host, friend, spectator):
        assert not p.errors  # type: ignore[attr-defined]


def _until_pong(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message up to the answer to a ping sent now (a bot's move may come between them)."""
    ws.send(json.dumps({"type": "ping"}))
    got: list[dict[str, Any]] = []
    while (msg := json.loads(ws.recv(timeout=30)))["type"] != "pong":
        got.append(msg)
    return got


def test_the_chat_is_kept_with_the_game_through_a_sigkill(tmp_path: Path) -> None:
    """A chat line is stored before anyone is sent it: after the server is killed (SIGKILL) and started
    again, a player who connects is sent it before the first state; a spectator still gets none; the
    limits still hold."""
    db = sqlite_url(tmp_path)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    seats = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bea"}, {"type": "bot", "bot": "random"}]
    with server(db, port) as proc:
        made = httpx.post(url + "/api/games", json={"game": "wallenstein", "seats": seats}).json()
        gid, ann, bea = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": ann}))
            ws.send(json.dumps({"type": "chat", "id": 1, "text": "Good luck, Bea!"}))
            ws.send(json.dumps({"type": "chat", "id": 2, "text": "x" * (MAX_CHARS + 1)}))
            answers = [m for m in _until_pong(ws) if m.get("id") in (1, 2)]
            assert answers[0]["type"] == "said" and "at most" in answers[1]["message"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    with server(db, port):
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": bea}))
            got = _until_pong(ws)
            assert not [m for m in got if m["type"] == "error"], got
            assert [(m["name"], m["text"]) for m in got if m["type"] == "chat"] == [("Ann", "Good luck, Bea!")]
        with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:  # a spectator
            ws.send(json.dumps({"type": "hello"}))
            got = _until_pong(ws)
            assert any(m["type"] == "state" for m in got)
            assert not [m for m in got if m["type"] == "chat"] and "Good luck" not in json.dumps(got)


def test_only_the_last_lines_stay_in_the_store(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reconnecting player is sent the last ``KEEP`` lines, so only those are kept: a long game of
    talkative players (or one player chatting within the rate limit for days) does not grow the store
    without end. Played through the server's socket, the rate limit lifted to send many lines fast."""
    monkeypatch.setattr(webtable.chat, "RATE", 10_000)
    client = make_client(db_url)
    with client:
        made = create_game(client, [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}] * 2)
        gid, ann = made["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, ann)
            for i in range(KEEP + 15):
                ws.send_json({"type": "chat", "id": i, "text": f"line {i}"})
                assert next_of(ws, "said") == {"type": "said", "id": i}
        kept = client.app.state.hub.store.notes(gid, "chat")  # type: ignore[attr-defined]
        assert [line["text"] for line in kept] == [f"line {i}" for i in range(15, KEEP + 15)]
        with client.websocket_connect(f"/ws/{gid}") as ws:  # and a player who comes back is sent them
            ws.send_json({"type": "hello", "token": ann})
            got = [ws.receive_json() for _ in range(KEEP + 2)]
            assert [m["text"] for m in got if m["type"] == "chat"] == [line["text"] for line in kept]
