"""End to end in a real browser (Playwright driving Chromium) against a real server process: the lobby
flows beyond one person against bots. Hot-seat with its curtain, a draft set-up made by clicking,
reconnecting after the server died and after a reload, a planning round by keyboard alone, and the
replay viewer through a finished game. Each test also checks the messages the page received."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

from browsing import INSTANT, fill_plan
from playwright.sync_api import Browser, Page
from webclient import free_port, server

from webtable.views import apply_merge_patch

TIMEOUT = 60_000
COLOURS = ["Red", "Blue", "Yellow", "Purple", "Black"]


class Sockets:
    """Every WebSocket a page opened, with the messages it received, by the seat its welcome named."""

    def __init__(self, page: Page) -> None:
        self.received: list[list[dict[str, Any]]] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        got: list[dict[str, Any]] = []
        self.received.append(got)
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    def states(self) -> dict[int | None, list[dict[str, Any]]]:
        out: dict[int | None, list[dict[str, Any]]] = {}
        for got in self.received:
            welcome = next((m for m in got if m["type"] == "welcome"), None)
            if welcome is not None:
                out.setdefault(welcome["seat"], []).extend(m for m in got if m["type"] == "state")
        return out

    def welcomes(self) -> list[int | None]:
        return [m["seat"] for got in self.received for m in got if m["type"] == "welcome"]


def _page(browser: Browser) -> tuple[Page, Sockets]:
    page = browser.new_context(viewport={"width": 1300, "height": 950}).new_page()
    page.add_init_script(INSTANT)
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page, Sockets(page)


def _create(page: Page, base_url: str, seats: list[str], names: dict[int, str] | None = None, setup: str = "") -> None:
    """A game made in the lobby by clicking: ``seats`` are the seat selects' values ("local", "bot:random")."""
    page.goto(base_url + "/")
    page.select_option("#players", str(len(seats)))
    if setup:
        page.select_option("#setup", setup)
    for i, value in enumerate(seats):
        page.select_option(f"#seat-{i}", value)
    for i, name in (names or {}).items():
        page.fill(f"#name-{i}", name)
    page.click("#create-btn")
    page.wait_for_url("**/game/*")


def _acks(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.acks || '0'"))


def _acknowledged(acks: int) -> str:
    """A page condition: the decision after ``acks`` is acknowledged and the state after it drawn (or
    hidden by the hot-seat curtain, or the game is over)."""
    return f"""document.querySelector('#final') || (document.body.dataset.acks === '{acks + 1}' &&
            (document.body.dataset.drawnAcks === '{acks + 1}' || !document.querySelector('#curtain').hidden))"""


def _wait_acknowledged(page: Page, acks: int) -> None:
    page.wait_for_function(f"() => {_acknowledged(acks)}")


def _decide(page: Page, bid: str = "money:0") -> str:
    """Make the pending decision by clicking (planning: ``bid`` on the bid box, the rest filled in)."""
    acks = _acks(page)
    phase = page.locator("#turn-body").get_attribute("data-phase") or ""
    if page.locator("#plan-fill").count():
        fill_plan(page, bid)
        page.locator("#plan-submit:not([disabled])").click()  # never stale: the bots' plans leave it standing
        page.wait_for_function(f"() => document.querySelector('#plan-stale') || {_acknowledged(acks)}")
        assert not page.locator("#plan-stale").count(), page.locator("#plan-stale").inner_text()
    elif page.locator("#map path.target").count():
        page.locator("#map path.target").first.click()
        if page.locator("#move-go").count():
            page.click("#move-go")
    else:
        page.locator("#turn-body .choices button").first.click()
    _wait_acknowledged(page, acks)
    return phase


def _my_turn(page: Page) -> bool:
    """Wait until this page must decide (True) or shows the final scores (False)."""
    page.wait_for_function(
        "() => document.querySelector('#final') || document.querySelector('#turn-h').textContent === 'Your move'"
    )
    return page.locator("#final").count() == 0


# ---------------------------------------------------------------------------------------- hot-seat
def test_hot_seat_curtain_whenever_the_deciding_seat_changes(browser: Browser, base_url: str) -> None:
    page, sockets = _page(browser)
    _create(page, base_url, ["local", "local", "bot:random"], {0: "Ann", 1: "Bo"})
    bids = {0: "money:1", 1: "money:0"}  # different plans, to tell them apart in the messages
    shown: int | None = None
    curtains = 0
    phases: list[str] = []
    while not ("move" in phases and phases[-1] == "planning" and phases.count("planning") > 2):
        page.wait_for_function(
            """() => !document.querySelector('#curtain').hidden || document.querySelector('#final') ||
                (!document.querySelector('main').hidden &&
                 document.querySelector('#turn-h').textContent === 'Your move')"""
        )
        assert page.locator("#final").count() == 0, "the game ended before a whole round was played"
        if page.locator("#curtain").is_visible():
            text = page.locator("#curtain-msg").inner_text()
            seat = 0 if text.startswith("Ann (Red)") else 1 if text.startswith("Bo (Blue)") else None
            assert seat is not None and "decides next" in text, text
            assert seat != shown  # the curtain comes exactly when the seat to decide changes
            # The status line above the curtain already names the coming seat (not the last one's phase).
            assert page.locator("#status").inner_text().endswith(f"playing {COLOURS[seat]}")
            # Behind the curtain nothing of the table is shown (nor reachable by the keyboard).
            assert page.locator("main").is_hidden() and not page.locator("#turn-body").is_visible()
            assert page.evaluate("() => document.activeElement.id") == "curtain-go"
            page.keyboard.press("Enter")
            curtains += 1
            page.wait_for_function(
                f"() => document.querySelector('#status').textContent.includes('playing {COLOURS[seat]}')"
            )
            shown = seat
            if curtains == 1:  # while the game runs the replay offers the seat shown, not the other one
                page.click("#tab-replay")
                assert page.locator("#replay-view option").evaluate_all("os => os.map(o => o.value)") == [
                    "spectator",
                    "0",
                ]
                page.click("#tab-table")
            page.wait_for_function("() => document.querySelector('#turn-h').textContent === 'Your move'")
            if page.locator("#plan-fill").count():  # the other seat's plan is nowhere on the page
                slots = page.locator("#turn-body .box .slot").all_inner_texts()
                assert slots and all(s == "·" for s in slots), slots
                assert "Your plan" not in page.locator("main").inner_text()
            continue
        assert page.locator("#status").inner_text().endswith(f"playing {COLOURS[shown or 0]}")
        assert shown is not None
        phases.append(_decide(page, bids[shown]))
        assert len(phases) < 200
    assert curtains >= 4 and {"position", "move"} <= set(phases)
    states = sockets.states()
    assert set(states) == {0, 1}  # one connection per seat on this screen, no spectator connection
    for seat, msgs in states.items():
        for msg in msgs:
            assert msg["seat"] == seat and msg["obs"]["seat"] == seat
            plan = msg["obs"].get("my_plan")
            if plan:  # a seat's messages hold its own plan only
                assert seat is not None
                assert plan["boxes"].get("bid") in (None, bids[seat]), (seat, plan)
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- draft
def test_a_draft_set_up_made_by_clicking(browser: Browser, base_url: str) -> None:
    page, sockets = _page(browser)
    _create(page, base_url, ["local", "bot:random", "bot:random"], setup="draft")
    taken_on_map: list[str] = []
    decisions = {"draft_pick": 0, "draft_group": 0}
    while _my_turn(page):
        phase = page.locator("#turn-body").get_attribute("data-phase") or ""
        if phase == "planning":
            break
        assert phase in decisions, phase
        acks = _acks(page)
        if phase == "draft_pick" and decisions[phase] % 2 == 0:  # a face-up county, chosen on the map
            target = page.locator("#map path.target").first
            taken_on_map.append(target.get_attribute("data-county") or "")
            target.click()
        elif phase == "draft_pick":
            page.get_by_role("button", name="Take the deck's top card").click()
        else:
            page.locator("#turn-body .choices button", has_text="Place").first.click()
        _wait_acknowledged(page, acks)
        decisions[phase] += 1
    assert decisions["draft_pick"] == 9 and decisions["draft_group"] >= 1  # 3 players: nine counties each
    obs = sockets.states()[0][-1]["obs"]
    mine = {k for k, c in obs["counties"].items() if c["owner"] == 0}
    assert len(mine) == 9 and set(taken_on_map) <= mine and len(taken_on_map) == 5
    assert obs["phase"] == "planning"
    claims = [line.strip() for line in page.locator("#log").inner_text().splitlines() if "Red claims" in line]
    assert len(claims) == 9 and sum("face-up" in line for line in claims) >= len(taken_on_map)
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- reconnect
def _log_headings(page: Page) -> list[str]:
    return page.locator("#log h4").all_inner_texts()


def test_reconnect_after_the_server_died_and_after_a_reload(browser: Browser, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    port = free_port()
    page, sockets = _page(browser)
    with server(db, port) as proc:
        _create(page, f"http://127.0.0.1:{port}", ["local", "bot:random", "bot:random"], {0: "Ann"})
        for _ in range(3):
            assert _my_turn(page)
            _decide(page)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('reconnecting')")
    with server(db, port):  # the same address again: the page reconnects by itself, to the same seat
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('playing Red')")
        for _ in range(3):
            assert _my_turn(page)
            _decide(page)
        headings = _log_headings(page)
        assert headings and len(headings) == len(set(headings)), headings  # the log is not told twice
        assert sockets.welcomes() == [0, 0]
        page.reload()
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('playing Red')")
        assert _my_turn(page)
        _decide(page)
        assert sockets.welcomes() == [0, 0, 0]  # a reload keeps the seat
        assert _log_headings(page)[: len(headings)] == headings
        acks = sum(1 for got in sockets.received for m in got if m["type"] == "ack")
        assert acks == 7
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- keyboard
def _tab_to(page: Page, predicate: str, limit: int = 400) -> None:
    """Press Tab until the focused element satisfies ``predicate`` (JavaScript over ``e``)."""
    for _ in range(limit):
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!e && !!({predicate}); }}"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate}")


def _focused(page: Page, predicate: str) -> bool:
    return bool(page.evaluate(f"() => {{ const e = document.activeElement; return !!e && !!({predicate}); }}"))


def test_a_planning_round_by_keyboard_alone(browser: Browser, base_url: str) -> None:
    page, _ = _page(browser)
    _create(page, base_url, ["local", "bot:random", "bot:random"])
    assert _my_turn(page) and page.locator("#plan-fill").count()
    _tab_to(page, "e.dataset.card === 'money:2'")
    page.keyboard.press("Space")
    assert _focused(page, "e.dataset.card === 'money:2' && e.getAttribute('aria-pressed') === 'true'")
    _tab_to(page, "e.dataset.box === 'bid'")
    page.keyboard.press("Enter")
    assert _focused(page, "e.dataset.box === 'bid'")  # the redrawn mat keeps the keyboard's place
    assert page.locator("#turn-body [data-box='bid'] .slot").inner_text() == "2 thalers"
    _tab_to(page, "e.id === 'plan-fill'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#plan-submit:not([disabled])")
    acks = _acks(page)
    _tab_to(page, "e.id === 'plan-submit'")
    page.keyboard.press("Enter")
    _wait_acknowledged(page, acks)
    phases = ["planning"]
    while _my_turn(page):
        phase = page.locator("#turn-body").get_attribute("data-phase") or ""
        if phase == "planning":
            break
        acks = _acks(page)
        if page.locator("#map path.target").count():
            _tab_to(page, "e.matches('#map path.target')")
            page.keyboard.press("Enter")
            _tab_to(page, "e.id === 'move-go'")
            page.keyboard.press("Enter")
        else:
            _tab_to(page, "e.matches('#turn-body .choices button')")
            page.keyboard.press("Space")
        _wait_acknowledged(page, acks)
        phases.append(phase)
        assert len(phases) < 60
    assert "position" in phases and "move" in phases, phases
    assert page.locator("#final").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- replay
def test_the_replay_viewer_through_a_finished_game(browser: Browser, base_url: str) -> None:
    page, _ = _page(browser)
    _create(page, base_url, ["bot:random", "bot:random", "bot:random"])
    page.wait_for_selector("#final", timeout=180_000)  # three bots play it through; this page watches
    page.click("#tab-replay")
    options = page.locator("#replay-view option").evaluate_all("os => os.map(o => o.value)")
    assert options == ["spectator", "0", "1", "2"]  # the game is over: every view is open
    frames = {}
    for view in ("spectator", "1"):
        page.select_option("#replay-view", view)
        with page.expect_response(lambda r, v=view: f"/replay?view={v}" in r.url) as answer:  # type: ignore[misc]
            page.click("#replay-load")
        reply = answer.value.json()
        frames[view] = reply["frames"]
        steps = _replay_steps(reply)
        n = len(steps)
        assert n == len(reply["log"]) > len(frames[view])  # one step per log entry, not per decision (issue 29)
        # A replay opens at the start (issue 17); the arrow keys step through it.
        page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.startsWith('view 1 of {n}')")
        page.focus("#replay-slider")
        for key, index in (("ArrowRight", 1), ("ArrowRight", 2), ("Home", 0), ("End", n - 1), ("ArrowLeft", n - 2)):
            page.keyboard.press(key)
            step, obs = steps[index]
            pos = page.locator("#replay-pos").inner_text()
            assert pos == f"view {index + 1} of {n} · decision {step}", pos
            armies = sum(1 for c in obs["counties"].values() if c.get("owner") is not None and c.get("armies", 0) > 0)
            assert page.locator("#replay-map g.army").count() == armies
            # A neutral county (its owner left out of the snapshot, not null) is drawn and named as neutral.
            neutral = sum(1 for c in obs["counties"].values() if c.get("in_play") and c.get("owner") is None)
            titles = page.locator("#replay-map path.county > title").all_text_contents()
            assert sum(1 for t in titles if t.split("; ")[1:2] == ["neutral"]) == neutral
            vp = [row[3] for row in _rows(page, "#replay-players table")]
            assert vp == [str(p["vp"]) for p in obs["players"]]
    spectator, seat = frames["spectator"], frames["1"]
    assert len(seat) > len(spectator)  # the seat also sees its own plan being made
    for f in spectator:
        assert f["obs"]["seat"] is None and "my_plan" not in f["obs"]
        if f["obs"]["phase"] == "planning":
            assert f["obs"]["plans"] == {} and f["obs"]["bids"] == {}
    assert all(f["obs"]["seat"] == 1 for f in seat)
    assert [f["step"] for f in seat] == sorted(f["step"] for f in seat)
    assert not page.errors  # type: ignore[attr-defined]


def _replay_steps(reply: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The replay's steps as the page must show them: one per log entry, each the public snapshot after
    that entry (its "after" merge patches applied in turn; a null member is absent, as on the page),
    numbered by the decision of the view's latest frame at that point."""
    log, frames = reply["log"], reply["frames"]
    assert log and all("after" in e for e in log), "every log entry carries the snapshot after it"
    snap: Any = {}
    steps = []
    for i, entry in enumerate(log):
        snap = apply_merge_patch(snap, entry["after"])
        own = [f for f in frames if f["log_len"] <= i + 1] or frames[:1]
        steps.append((own[-1]["step"], snap["obs"]))
    return steps


def _rows(page: Page, table: str) -> list[list[str]]:
    rows: list[list[str]] = page.locator(f"{table} tr").evaluate_all(
        "rs => rs.slice(1).map(r => [...r.children].map(c => c.textContent))"
    )
    return rows
