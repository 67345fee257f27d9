"""The players' chat (webtable.chat): length and rate limits, and that a spectator never gets it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browsing import create_in_lobby, new_page
from playwright.sync_api import Browser

from tabletop.errors import IllegalAction
from webtable.chat import MAX_CHARS, RATE, WINDOW, Chat


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
    assert spectator.locator("#chat").is_hidden()
    friend = new_page(browser)
    friend.goto(host.locator("#inv-1").input_value())
    friend.wait_for_selector("#greeting")
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
