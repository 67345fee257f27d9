"""League of Six end to end in a real browser (Playwright driving Chromium) against a real server: a
person creates a game against three bots in the lobby and plays it to the final scores by clicking
(and the keyboard on the ring); a spectator's page receives no hand; the page fits a phone."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any

import httpx
from browsing import acks, assert_one_screen, my_turn_or_over, new_page, wait_drawn
from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

import league_of_six


def take_turn(page: Page) -> str:
    """Make this page's pending League of Six decision by clicking, as a person would; returns its phase."""
    body = page.locator("#turn-body")
    before = acks(page)
    phase = body.get_attribute("data-phase") or ""
    assert_one_screen(page)
    if page.locator("#rotate-go").count():
        # Every turn shows what it yields; pick the last one, then collect.
        page.wait_for_selector("#turn-body .los-turns button:not(:has-text('…'))")
        page.locator("#turn-body .los-turns button").last.click()
        page.wait_for_selector("#yield:not(:has-text('working'))")
        page.click("#rotate-go")
    elif page.locator("#map .los-town[role=button]").count():
        town = page.locator("#map .los-town[role=button]").first  # a town on the ring, with the keyboard
        town.focus()
        page.keyboard.press("Enter")
        page.click("#choose-go")
    else:
        choices = page.locator("#turn-body .choices button")
        assert choices.count(), f"no choice on the page: {body.inner_text()!r}"
        choices.first.click()
    wait_drawn(page, before, phase)
    return phase


def create_in_lobby(page: Page, base_url: str, bots: str = "heuristic") -> None:
    page.goto(base_url + "/")
    page.select_option("#game", "league_of_six")
    page.select_option("#players", "4")
    assert page.locator("#row-edition").is_hidden() and page.locator("#modules").is_hidden()
    assert page.locator("#opt-components option").all_inner_texts() == ["stand-in set"]
    page.select_option("#opt-sides", "white")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", f"bot:{bots}")
    assert "Green" in page.locator("#seats").inner_text()
    page.fill("#name-0", "Ann")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")


def test_a_person_plays_league_of_six_to_the_end_and_a_spectator_sees_every_hand(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser)
    create_in_lobby(page, base_url)
    page.wait_for_function("() => document.querySelector('header.top h1').textContent === 'League of Six table'")
    spectator = new_page(browser)
    frames: list[dict[str, Any]] = []
    spectator.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    spectator.goto(page.url.split("#")[0])
    spectator.wait_for_selector("#players table")
    # L-07: every hand is public: the spectator sees all four. (Not necessarily the three guards of the
    # start: the bots may have met in a town and paid guards before the spectator's first state came.)
    hands = spectator.locator("#players [data-hand]").all_inner_texts()
    assert len(hands) == 4 and all(re.fullmatch(r"Hand: \d+ guards? · .+", h) for h in hands), hands
    page.wait_for_selector("#map .los-town")
    assert page.locator("#los-set").inner_text() == "stand-in set"
    phases: set[str] = set()
    while my_turn_or_over(page):
        phases.add(take_turn(page))
    assert {"choose", "rotate", "store"} <= phases
    final = page.locator("#final").inner_text()
    assert "Final scores" in final and "winner" in final and "Ann" in final and "Hands revealed" in final
    log = page.locator("#log").inner_text()
    assert "Round 6" in log and "End of the game" in log
    assert "majorities" in (page.locator("#report-body").text_content() or "")
    # The ring's centre says the game is over once, then the round it ended in.
    assert page.locator(".los-centre text").all_text_contents()[:2] == ["Game over", "Round 6 of 6"]
    # The spectator followed the whole game; it has no hand of its own and sees every hand (L-07).
    spectator.wait_for_selector("#final")
    states = [f for f in frames if f.get("type") == "state"]
    assert states and states[-1]["over"]
    for f in states:
        assert f["seat"] is None and f["legal"] == []
        assert "hand" not in f["obs"]
        assert "hands" in f["obs"]
    assert "token" not in json.dumps(frames)
    # The replay viewer steps through the game from the spectator's view.
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_selector("#replay-players table")
    page.locator("#replay-slider").fill("10")
    page.locator("#replay-slider").dispatch_event("input")
    page.wait_for_selector("#replay-map .los-town")
    assert "view 11 of" in page.locator("#replay-pos").inner_text()
    for p in (page, spectator):
        assert not p.errors  # type: ignore[attr-defined]


def test_a_running_game_shows_every_hand_on_the_page(browser: Browser, base_url: str) -> None:
    page = new_page(browser)
    create_in_lobby(page, base_url, bots="random")
    page.wait_for_selector("#players table")
    assert my_turn_or_over(page)
    assert "guards" in page.locator("#my-hand").inner_text()
    assert "guards" in page.locator("[data-hand='0']").inner_text()
    for seat in (1, 2, 3):  # L-07: the other seats' hands are public too
        assert "guards" in page.locator(f"[data-hand='{seat}']").inner_text()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(page.url)
    phone.wait_for_selector("#map .los-town")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 400  # no sideways scrolling
    assert not page.errors  # type: ignore[attr-defined]


def _scripted(seed: int) -> tuple[list[tuple[int, dict[str, Any]]], int]:
    """Random decisions of a 4-player game up to and including the first civic row bonus with a
    choice; returns them and the seat that takes that bonus."""
    g = league_of_six.new_game(players=4, seed=seed)
    rng = random.Random(seed)
    actions: list[tuple[int, dict[str, Any]]] = []
    while True:
        seat = g.pending()[0]
        bonus = g.phase == "bonus"
        action = rng.choice(g.legal_actions(seat))
        actions.append((seat, action.to_json()))
        g.apply(seat, action)
        if bonus:
            return actions, seat


def _click(page: Page, action: dict[str, Any]) -> None:
    """The control a person uses for ``action`` (no other way of sending a decision is used)."""
    kind = action["type"]
    if kind == "choose":
        page.click(f"#turn-body button[data-town='{action['town']}']")
    elif kind == "offer":
        page.click(f"#turn-body button[data-offer='{action['guards']}']")
    elif kind == "accept":
        page.click("#accept")
    elif kind == "rotate":
        page.click(f"#turn-body button[data-turn='{action['turn']}']")
        page.wait_for_selector("#yield:not(:has-text('working'))")
        page.click("#rotate-go")
    elif kind == "row":
        page.click(f"#turn-body button[data-row='{action['store']}:{action['row']}']")
    else:
        assert kind == "leader", action
        page.click(f"#turn-body button[data-pile='{action['figures']}']")


def test_every_kind_of_decision_is_made_by_clicking(browser: Browser, base_url: str) -> None:
    """Four people, one of them in the browser: the browser's seat takes each of its decisions (town,
    offer, accept, turn of the tax tile, storage row, civic row bonus) with the page's own controls."""
    actions, seat = _scripted(12)  # seed 12: this seat offers, accepts, travels on, collects, stores, takes a bonus
    body = {"game": "league_of_six", "seats": [{"type": "human"}] * 4, "seed": 12, "options": {"sides": "white"}}
    made = httpx.post(f"{base_url}/api/games", json=body).json()
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    page = new_page(browser)
    page.goto(f"{base_url}/game/{gid}#token={tokens[seat]}")
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('playing')")
    host = base_url.replace("http://", "ws://")
    clicked: set[str] = set()
    with ExitStack() as stack:
        socks = {p: stack.enter_context(connect(f"{host}/ws/{gid}")) for p in range(4) if p != seat}
        for p, ws in socks.items():
            ws.send(json.dumps({"type": "hello", "token": tokens[p]}))
        for version, (p, action) in enumerate(actions):
            if p != seat:
                socks[p].send(json.dumps({"type": "act", "id": version, "version": version, "action": action}))
                while (msg := json.loads(socks[p].recv(timeout=30)))["type"] != "ack":
                    assert msg["type"] != "error", msg
                continue
            page.wait_for_function(
                f"() => document.querySelector('#turn-body').dataset.version === '{version}'"
                " && document.querySelector('#turn-h').textContent === 'Your move'"
            )
            before = acks(page)
            _click(page, action)
            page.wait_for_function(f"() => document.body.dataset.acks === '{before + 1}'")
            clicked.add(action["type"])
    assert clicked == {"choose", "offer", "accept", "rotate", "row", "leader"}
    info = httpx.get(f"{base_url}/api/games/{gid}").json()
    assert info["version"] == len(actions)  # every decision, the browser's included, went through
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('takes the face-up civic')")
    assert not page.errors  # type: ignore[attr-defined]
