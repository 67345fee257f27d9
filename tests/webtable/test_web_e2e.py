"""End to end in a real browser (Playwright driving Chromium) against a real server process:
a person plays a whole game against three bots by clicking; a friend joins by invite link and plays a
seat; a spectator's page receives nothing secret."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browsing import (
    TIMEOUT,
    acks,
    choose_on_map,
    create_in_lobby,
    decide,
    fill_plan,
    first_plan_stale,
    my_turn_or_over,
    new_page,
    state_before_ack,
    submit_plan,
)
from playwright.sync_api import Browser, Page


def by_hand(page: Page, before: int) -> bool:
    """A plan (one card placed by hand, the rest with the helper button; the bots' plans meanwhile
    never make it stale) or a choice on the map (with the keyboard)."""
    if page.locator("#plan-fill").count():
        fill_plan(page)
        submit_plan(page, before)
    elif page.locator("#map path.target").count():
        choose_on_map(page, before)
    else:
        return False
    return True


def take_turn(page: Page) -> str:
    """Make this page's pending decision by clicking, the way a person would; returns its phase."""
    return decide(page, by_hand)


def test_a_person_plays_a_whole_game_against_three_bots(browser: Browser, base_url: str) -> None:
    page = new_page(browser)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random", "bot:random"], names={0: "Ann"})
    phases: set[str] = set()
    while my_turn_or_over(page):
        phases.add(take_turn(page))
    assert {"planning", "position"} <= phases
    final = page.locator("#final").inner_text()
    assert "Final scores" in final and "winner" in final and "Ann" in final
    assert page.locator("#log").inner_text().count("Scoring, year") == 2
    assert page.locator("#hint").is_hidden()  # (a finished game has no decision to hint at)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_plan_refused_as_stale_is_kept_and_goes_through_when_submitted_again(browser: Browser, base_url: str) -> None:
    """A plan the server refuses as stale (here a version the game has not reached; at a real table a
    second tab's, after the first tab planned) leaves the plan on the mat as it was, says why, and the
    same plan submitted again goes through."""
    page = new_page(browser)
    stale = first_plan_stale(page)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="4")
    assert my_turn_or_over(page)
    before = acks(page)
    fill_plan(page)
    page.locator("#plan-submit:not([disabled])").click()
    page.wait_for_selector("#plan-stale")
    assert stale and acks(page) == before
    assert page.locator("#turn-body [data-box='bid'] .slot").inner_text() != "·"  # the bid still placed
    submit_plan(page, before)
    assert acks(page) == before + 1 and page.locator("#plan-stale").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


def test_a_state_that_comes_before_its_decisions_ack_is_taken_as_drawn(browser: Browser, base_url: str) -> None:
    """The server may send the state after a decision ahead of its ack (a state it had already queued is
    built when sent): the page counts that decision as drawn at its ack, not only at a later state,
    which would not come while the game waits on this page."""
    page = new_page(browser)
    moved = state_before_ack(page)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="5")
    decided = 0
    while decided < 4 and my_turn_or_over(page):
        take_turn(page)  # waits until the decision counts as drawn
        decided += 1
    assert decided == 4 and len(moved) >= 4
    assert not page.errors  # type: ignore[attr-defined]


def test_a_friend_joins_by_invite_and_a_spectator_sees_no_secret(browser: Browser, base_url: str) -> None:
    host = new_page(browser)
    create_in_lobby(host, base_url, ["local", "invite", "bot:random", "bot:random"])
    invite = host.locator("#inv-1").input_value()
    assert "#invite=" in invite  # a one-time claim, not the seat's token (issue 14)
    # The spectator watches from the start and records every message its page receives.
    spectator = new_page(browser)
    frames: list[dict[str, Any]] = []
    spectator.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    spectator.goto(host.url)
    spectator.wait_for_selector("#players table")
    friend = new_page(browser)
    friend.goto(invite)
    friend.wait_for_function("() => document.querySelector('#status').textContent.includes('playing Blue')")
    assert "#invite=" not in friend.url  # the invite leaves the address bar
    # The host plans first; the friend has not planned yet: the spectator must not see the host's plan.
    assert my_turn_or_over(host) and take_turn(host) == "planning"
    spectator.wait_for_function("() => document.querySelector('#players').textContent.includes('planned')")
    decisions = {"host": 1, "friend": 0}
    pages = {"host": host, "friend": friend}
    deadline = time.monotonic() + TIMEOUT / 1000
    while decisions["friend"] < 3 and time.monotonic() < deadline:
        for who, page in pages.items():  # whoever is asked decides (player order decides who is first)
            if page.locator("#turn-h").text_content() == "Your move":
                take_turn(page)
                decisions[who] += 1
        time.sleep(0.05)
    assert decisions["friend"] == 3
    assert "Your move" not in (spectator.locator("#turn-h").text_content() or "")
    assert spectator.locator("#plan-submit").count() == 0
    states = [f for f in frames if f.get("type") == "state"]
    assert states
    for f in states:
        assert f["seat"] is None and f["legal"] == [] and "my_plan" not in f["obs"]
        if f["obs"]["phase"] == "planning":
            assert f["obs"]["plans"] == {} and f["obs"]["bids"] == {}
        assert all(card is None for card in f["obs"]["action_cards"][5:]) or f["obs"]["phase"] == "move"
    assert "token" not in json.dumps(frames)
    for p in (host, friend, spectator):
        assert not p.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_screens_fit_a_phone(browser: Browser, base_url: str, tmp_path: Path, locale: str) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale=locale).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-0")  # the lobby's script is ready (before, the form would reload)
    page.click("#create-btn")
    page.wait_for_selector("#plan-fill")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400  # no sideways scrolling on a phone
    page.click("#dt-dock-standings")  # the regions and forecast: a tab of the dock, opened in place
    page.wait_for_selector("#forecast")  # the widest side table: the year's four winter outcomes
    # Nor is anything of the side column clipped at the window's edge (the forecast's outcomes and the
    # German players table's last column were, by 13-43 px).
    sticking_out = page.evaluate(
        """() => [...document.querySelectorAll('#side *, #dock *')].filter((e) => e.getBoundingClientRect().right
            > document.documentElement.clientWidth + 0.5).map((e) => e.tagName + ' ' + e.textContent.slice(0, 30))"""
    )
    assert sticking_out == []
