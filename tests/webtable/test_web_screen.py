"""The table as one game screen (issue 29): what the bugs found by players' reviews were, each checked in
Chromium against a real server (each failed before its fix), and the page's one-screen layout outside
whole games (the whole-game tests check it along every game: browsing.assert_one_screen)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_web_los_e2e as los
from browsing import SCREENS, TIMEOUT, create_in_lobby, drag_board, fill_plan, my_turn_or_over, new_page
from playwright.sync_api import Browser, Page, WebSocketRoute
from test_web_e2e import take_turn
from webclient import free_port, server

from tabletop.errors import IllegalAction
from webtable import turn_timer


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The module's server (as conftest's), letting one client keep more than ten unfinished games with
    bots: this module's tests leave more than that running."""
    db = f"sqlite:///{tmp_path_factory.mktemp('screen') / 'games.sqlite3'}"
    port = free_port()
    with server(db, port, "--limit", "max_bot_games_per_client=0"):
        yield f"http://127.0.0.1:{port}"


def _sockets(page: Page) -> list[str]:
    """Every WebSocket the page opens, by URL, as they are opened."""
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    return opened


def test_a_claimed_invite_is_refused_once_and_offers_to_watch(browser: Browser, base_url: str) -> None:
    """An invite already claimed (the friend's second browser): the page says the server's refusal once
    and stops (it reconnected twice a second, "connection lost - reconnecting"), then offers to watch."""
    host = new_page(browser)
    create_in_lobby(host, base_url, ["local", "invite", "bot:random"], {0: "Ann"})
    invite = host.locator("#inv-1").input_value()
    friend = new_page(browser)
    friend.goto(invite)
    friend.wait_for_function("() => document.querySelector('#status').textContent.includes('playing Blue')")
    second = new_page(browser)
    opened = _sockets(second)
    second.goto(invite)
    second.wait_for_selector("#refusal")
    time.sleep(3)  # long enough for several reconnections, had the page gone on trying
    assert len(opened) == 2, opened  # the claim, refused, and the spectator's connection beside it
    assert "reconnecting" not in second.locator("#status").inner_text()
    assert second.locator("#refusal").count() == 1
    second.click("#watch-instead")
    second.wait_for_function("() => document.querySelector('#status').textContent.includes('watching')")
    assert second.locator("#plan-fill").count() == 0
    for page in (host, friend, second):
        assert not page.errors  # type: ignore[attr-defined]


def test_the_site_has_an_icon(base_url: str) -> None:
    """Browsers ask every page for /favicon.ico: it answers with the project's own small icon (it was a 404)."""
    got = httpx.get(base_url + "/favicon.ico")
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in got.content


def test_the_header_stays_one_line_and_the_page_one_screen(browser: Browser, base_url: str) -> None:
    """At 1400 px (and the other sizes of issue 29) the header is one line (it wrapped to two), and the
    page does not scroll, in English and German."""
    page = new_page(browser, width=1400, height=800)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], {0: "Annemarie"})
    page.wait_for_selector("#plan-fill")
    for lang in ("en", "de"):
        if lang == "de":
            page.select_option("header.top select", "de")
            page.wait_for_selector("#plan-fill")
        for width, height in ((1400, 800), (1920, 1080), *SCREENS):
            page.set_viewport_size({"width": width, "height": height})
            header = page.locator("header.top").bounding_box()
            assert header is not None and header["height"] < 48, (lang, width, header)
            size = page.evaluate("() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
            assert size == [height, width], (lang, width, size)
    assert not page.errors  # type: ignore[attr-defined]


def test_lobby_bot_labels_are_whole(browser: Browser, base_url: str) -> None:
    """A bot's label with its rating fits its seat's choice in the lobby (it was cut: "...rating 1575, 95")."""
    page = new_page(browser, width=1366, height=768)
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#players", "4")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.seat-row select')].filter((s) => {
            const probe = document.createElement('span');
            probe.style.cssText = 'position:absolute;white-space:nowrap;font:' + getComputedStyle(s).font;
            probe.textContent = s.options[s.selectedIndex].textContent; document.body.append(probe);
            const need = probe.getBoundingClientRect().width; probe.remove();
            return need + 30 > s.getBoundingClientRect().width; }).map((s) => s.options[s.selectedIndex].textContent)"""
    )
    assert cut == []


def test_a_spectator_is_not_offered_to_skip_to_a_decision(browser: Browser, base_url: str) -> None:
    """A spectator has no decision of their own: the playback's skip says "Skip to now"."""
    seats = [{"type": "bot", "bot": "random", "name": ""} for _ in range(3)]
    gid = httpx.post(base_url + "/api/games", json={"game": "wallenstein", "seats": seats, "seed": 2}).json()["id"]
    page = new_page(browser, playback=True)
    page.goto(f"{base_url}/game/{gid}")
    page.wait_for_selector("#players table")
    assert page.locator("#play-skip").inner_text() in ("Skip to now", "Skip to the final scores")
    assert "my decision" not in page.locator("#playbar").inner_text()


def test_the_2002_edition_speaks_its_own_words_and_fills_the_order(browser: Browser, base_url: str) -> None:
    """A 2002 game's screen says farmers and trading firms throughout (it mixed them with peasants and
    trading posts) and its player boards show each seat's place in the order (the column was empty)."""
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#players", "3")
    page.select_option("#edition", "2002")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    page.fill("#seed", "5")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    assert my_turn_or_over(page)
    page.click("#legend summary")
    page.click("#dt-dock-details")
    # (The log's lines are the server's narration: webtable.views, not this page.)
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#strip, #mapcol, #side, #dockpanels')].map((e) => e.innerText).join(' ')
            + [...document.querySelectorAll('#map title')].map((t) => t.textContent).join(' ')"""
    )
    assert "trading firm" in shown.lower()
    for word in ("peasant", "trading post"):
        assert word not in shown.lower(), word
    orders = page.locator("#players td.order").all_inner_texts()
    assert len(orders) == 3 and all(o.strip("–· \n") for o in orders), orders
    assert not page.errors  # type: ignore[attr-defined]


def test_the_guided_games_seat_is_named_in_the_pages_language(browser: Browser, base_url: str) -> None:
    """The guided game's seat is "You" in English and "Du" in German, whichever language the game was
    made in (the name was fixed at creation)."""
    page = new_page(browser, locale="de-DE")
    page.goto(base_url + "/")
    page.click("#guide-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#players table")
    assert "Du" in page.locator("#players tr[data-seat='0']").inner_text()
    page.select_option("header.top select", "en")
    page.wait_for_selector("#players table")
    page.wait_for_function("() => document.querySelector(\"#players tr[data-seat='0']\").innerText.includes('You')")
    assert "Du" not in page.locator("#players tr[data-seat='0']").inner_text()


def test_league_of_six_goods_are_read_in_words(browser: Browser, base_url: str) -> None:
    """The goods in the supply are one image with words for a screen reader (it read "10999"), and the
    wagons say "none" rather than nothing."""
    page = _league_page(browser, base_url, 1300, 950)
    page.wait_for_selector("#players table")
    page.click("#dt-dock-details")
    supply = page.get_by_role("img", name="red")
    assert supply.count() >= 1
    label = page.locator("#details .los-goods[role=img]").first.get_attribute("aria-label") or ""
    assert "10" in label and any(c.isalpha() for c in label)
    wagons = page.locator("#players .los-goods").all_inner_texts()
    assert wagons and all(w.strip() for w in wagons)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_log_entry_clicked_lights_its_counties(browser: Browser, base_url: str) -> None:
    """An entry of the log clicked lights the counties it names on the board."""
    page = new_page(browser)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    assert my_turn_or_over(page)
    fill_plan(page)
    page.locator("#plan-submit:not([disabled])").click()
    # An entry that names a county (the season's actions: "... deploys 5 armies in Baden").
    names = "[...document.querySelectorAll('#map path.county title')].map((t) => t.textContent.split(' (')[0])"
    named = f"""() => {{ const names = {names};
        return [...document.querySelectorAll('#log > [data-index]')]
          .find((n) => names.some((m) => n.textContent.includes(m))) }}"""
    page.wait_for_function(f"() => !!({named})()")
    index = page.evaluate(f"() => ({named})().dataset.index")
    entry = page.locator(f"#log > [data-index='{index}']")
    entry.click()
    page.wait_for_selector("#map path.county.lit", timeout=TIMEOUT)
    lit = page.locator("#map path.county.lit").first.get_attribute("data-county") or ""
    assert lit and page.locator("#log .log-lit").count() == 1
    name = (page.locator(f"#map path[data-county='{lit}'] title").text_content() or "").split(" (")[0]
    assert name and name in entry.inner_text()


def test_the_turn_clock_counts_down_warns_and_says_when_a_bot_played(browser: Browser, base_url: str) -> None:
    """With a time limit and a time bank, the seat's player board counts down the limit plus the bank,
    turns red in the last 10 s, and when the time runs out a message over the table says a bot played
    the move (not only the log); the bank is then spent: the next clock is the bare limit."""
    page = new_page(browser)
    clocks: list[dict[str, float]] = []
    restarted: list[dict[str, float]] = []  # the clock messages (after the page's welcome)

    def note(frame: str | bytes) -> None:
        msg = json.loads(frame)
        if msg.get("type") == "clock":
            clocks.append(msg["left"])
            restarted.append(msg["left"])
        elif msg.get("type") in ("welcome", "room") and msg["game"].get("clock"):
            clocks.append(msg["game"]["clock"])

    page.on("websocket", lambda ws: ws.on("framereceived", note))
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], {0: "Ann"}, turn_limit="3", time_bank="8")
    page.wait_for_selector("#plan-fill")
    page.wait_for_selector("[data-clock='0']:not([hidden])")
    assert clocks and 9 <= clocks[0]["0"] <= 11  # the limit and the bank
    page.wait_for_selector("[data-clock='0'].warn")
    page.wait_for_selector("#late-toast", timeout=TIMEOUT)
    assert "a bot played the move" in page.locator("#late-toast").inner_text()
    # Ann's clock starts again only after the stand-in's move (clock messages before it: bots' moves do
    # not time Ann), and then her bank is spent: the bare limit.
    later = [c["0"] for c in restarted if "0" in c]
    if later:
        assert later[0] <= 3
    assert not page.errors  # type: ignore[attr-defined]


def test_a_time_bank_needs_a_limit_and_is_checked() -> None:
    assert turn_timer.parse_time_bank(None, 30) is None and turn_timer.parse_time_bank(20, 30) == 20
    for bad, limit in ((-1, 30), (1.5, 30), ("9", 30), (True, 30), (10**6, 30), (20, None)):
        with pytest.raises(IllegalAction):
            turn_timer.parse_time_bank(bad, limit)


def _diff(before: Any, after: Any) -> Any:
    """The RFC 7386 merge patch that turns ``before`` into ``after``."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return after
    patch = {k: None for k in before if k not in after}
    for k, v in after.items():
        if k not in before:
            patch[k] = v
        elif before[k] != v:
            patch[k] = _diff(before[k], v)
    return patch


MARK = 77  # armies the fake snapshot puts in one county, a number no real county reaches early on


def _snapshots_route(page: Page, marked: list[tuple[int, str]]) -> None:
    """Route the page's WebSockets so that every log entry carries ``after`` (the contract of issue 29):
    each message's last entry ends at the message's own observation; its first new entry (when there
    are several) is a made-up snapshot with ``MARK`` armies in an owned county, so a page that draws the
    entry being told shows them, and a page that draws the latest state does not."""
    chain: dict[str, Any] = {"snap": {}, "at": -1}

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") != "state" or not msg["log"]:
                ws.send(message)
                return
            if msg["log_from"] == 0:
                chain.update(snap={}, at=-1)
            real = {"obs": msg["obs"], "board": msg.get("board")}
            for i, entry in enumerate(msg["log"]):
                index = msg["log_from"] + i
                if index <= chain["at"]:
                    entry["after"] = {}  # (told already: unchanged)
                    continue
                snap = real
                if i == 0 and len(msg["log"]) > 2 and msg["log_from"] > 0:
                    county = next(k for k, c in msg["obs"]["counties"].items() if c["owner"] is not None)
                    snap = json.loads(json.dumps(real))
                    snap["obs"]["counties"][county]["armies"] = MARK
                    # (and a phase of its own: the page's header must name the one told, not the latest)
                    snap["obs"]["phase"] = "planning" if real["obs"]["phase"] == "position" else "position"
                    marked.append((index, county))
                entry["after"] = _diff(chain["snap"], snap)
                chain.update(snap=snap, at=index)
            ws.send(json.dumps(msg))

        server.on_message(to_page)

    page.route_web_socket("**/ws/*", route)


def test_while_an_entry_is_told_the_board_shows_the_state_after_it(browser: Browser, base_url: str) -> None:
    """With each log entry's snapshot from the server, the board during the playback is the snapshot
    after the entry being told (not the latest state), the decision waits for the playback with a way
    to skip to it, and a skip shows the latest state and opens the decision."""
    page = new_page(browser, playback=True)
    marked: list[tuple[int, str]] = []
    _snapshots_route(page, marked)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    page.select_option("#play-speed", "slow")
    page.click("#play-pause")  # paused: each batch of the others' entries waits
    queued = "() => Number(document.body.dataset.playQueue)"
    for _ in range(6):
        if page.locator("#plan-fill").count():
            fill_plan(page)
            page.locator("#plan-submit:not([disabled])").click()
        else:
            page.locator("#turn-body .choices button:not([disabled])").first.click()
        page.wait_for_function(f"() => ({queued})() >= 3 || document.querySelector('#final')", timeout=TIMEOUT)
        if page.evaluate(queued) >= 3 and marked:
            break
    assert marked, "no batch of entries came to mark"
    told_now = """() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(
        () => r(document.body.dataset.told))))"""
    county = ""
    for _ in range(60):  # step until the entry told is one with the made-up snapshot
        page.click("#play-step")
        told = page.evaluate(told_now)
        county = next((c for i, c in marked if str(i) == told), "")
        if county or not page.evaluate(queued):
            break
    assert county, "the playback never told a marked entry"
    army = page.locator(f"#map g.army[data-county='{county}'] text")
    assert army.text_content() == str(MARK)
    # The header names the phase the board shows (it named the latest state's, ahead of the board).
    told_phase = page.locator("#board .season-line").inner_text().rsplit("·", 1)[1].strip()
    assert told_phase in page.locator("#status").inner_text(), (told_phase, page.locator("#status").inner_text())
    if page.locator("#held-note").count():  # Ann is asked already: the decision waits for the playback
        assert page.locator("#turn-body .choices button, #plan-fill").count() == 0
    page.click("#play-skip")
    page.wait_for_function(f"() => document.body.dataset.told === '' && ({queued})() === 0")
    assert page.locator("#held-note").count() == 0
    assert army.count() == 0 or army.text_content() != str(MARK)
    assert not page.errors  # type: ignore[attr-defined]


# Boxes on the screen: the map's drawn area (its viewBox fitted into the svg, "xMidYMid meet"), the map's
# whole frame, the report, its folded button, and how many report items show.
BOXES = """() => {
  const box = (el) => { if (!el || el.hidden || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; };
  const svg = document.querySelector('#map'); const r = svg.getBoundingClientRect(); const vb = svg.viewBox.baseVal;
  const k = Math.min(r.width / vb.width, r.height / vb.height);
  const [w, h] = [vb.width * k, vb.height * k];
  const items = [...document.querySelectorAll('#report-body .report-item')];
  return {
    drawn: { x: r.left + (r.width - w) / 2, y: r.top + (r.height - h) / 2, w, h },
    frame: box(document.querySelector('#view-table .mapwrap')),
    report: box(document.querySelector('#report')),
    chip: box(document.querySelector('#report-chip')),
    shown: items.filter((e) => e.getClientRects().length).length,
    queued: (document.querySelector('#report').dataset.kinds || '').split(' ').filter(Boolean).length,
    scroll: [document.documentElement.scrollHeight - innerHeight, document.documentElement.scrollWidth - innerWidth],
  };
}"""


def _overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    """Whether two boxes share more than a pixel."""
    if a is None or b is None:
        return False
    return min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 1 and (
        min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 1
    )


def _boxes(page: Page) -> dict[str, Any]:
    """The boxes, once the page has drawn; an open report lies whole inside the window (on a phone it
    was as wide as its longest winter line, centred, cut off on both sides)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    got = dict(page.evaluate(BOXES))
    report, size = got["report"], page.viewport_size
    if report is not None and size is not None:
        assert report["x"] >= 0 and report["x"] + report["w"] <= size["width"] + 0.5, got
    return got


def test_reports_fold_off_the_map_while_it_asks_and_never_cover_a_phones_map(browser: Browser, base_url: str) -> None:
    """Reports open one at a time with "next". While the map offers counties at 1366x768 they fold to a
    button in the playback bar, off the map's drawn area (the folded bar lay over the map's top); on a
    phone an open report covers the decision and the log below the map, never the map (it covered the
    map), and it folds while the player decides. The page never scrolls."""
    page = new_page(browser, width=1366, height=768)
    create_in_lobby(page, base_url, ["local"] + ["bot:random"] * 3, {0: "Ann"}, seed="11")
    queued = "() => (document.querySelector('#report').dataset.kinds || '').split(' ').filter(Boolean).length"
    while my_turn_or_over(page):
        if page.locator("#map path.target").count() and page.evaluate(queued) >= 2:
            break
        take_turn(page)
    else:
        raise AssertionError("the game ended before a decision on the map with two reports queued")
    wide = _boxes(page)
    assert wide["report"] is None and wide["chip"] is not None, wide
    assert not _overlap(wide["chip"], wide["drawn"]), wide
    assert wide["scroll"] == [0, 0], wide
    page.click("#report-chip")  # the player asks for it: it opens over the board, one report at a time
    wide = _boxes(page)
    assert wide["report"] is not None and wide["shown"] == 1 and wide["chip"] is None, wide
    assert wide["report"]["h"] <= 0.55 * wide["frame"]["h"] + 60, wide  # (the board's upper half stays in view)
    page.click("#report-fold")  # put aside again: the button in the bar, the map whole
    assert _boxes(page)["report"] is None
    page.set_viewport_size({"width": 390, "height": 844})
    phone = _boxes(page)
    assert phone["report"] is None and phone["chip"] is not None and phone["scroll"] == [0, 0], phone
    assert not _overlap(phone["chip"], phone["frame"]), phone
    page.click("#report-chip")
    phone = _boxes(page)
    assert phone["report"] is not None and phone["shown"] == 1, phone
    assert not _overlap(phone["report"], phone["frame"]), phone
    before = phone["queued"]
    page.click("#report-next")
    phone = _boxes(page)
    assert phone["queued"] == before - 1 and phone["shown"] == 1 and phone["scroll"] == [0, 0], phone
    assert not _overlap(phone["report"], phone["frame"]), phone
    page.click("#report-close")
    assert _boxes(page)["report"] is None and _boxes(page)["chip"] is None
    assert not page.errors  # type: ignore[attr-defined]


def test_a_game_opened_with_many_unread_reports_opens_only_the_newest(browser: Browser, base_url: str) -> None:
    """A finished game opened afresh (a long absence) held a report for every season, battle and winter
    unread: they piled up behind "next" (18 of them); only the newest opens, the rest are in the log.
    On a phone the final scores come first: the report waits folded to its button (it opened over the
    scores, which the player then had to close it to see); opened, it lies below the map, never over
    it. The page never scrolls."""
    seats = [{"type": "bot", "bot": "random", "name": ""} for _ in range(3)]
    gid = httpx.post(base_url + "/api/games", json={"game": "wallenstein", "seats": seats, "seed": 4}).json()["id"]
    deadline = time.monotonic() + TIMEOUT / 1000
    while httpx.get(f"{base_url}/api/games/{gid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    for width, height in SCREENS:
        page = new_page(browser, width=width, height=height)
        page.goto(f"{base_url}/game/{gid}")
        page.wait_for_selector("#final")
        if width < 800:
            page.wait_for_selector("#report-chip:not([hidden])")
            got = _boxes(page)
            assert got["report"] is None and got["queued"] == 1, got
            final = page.locator("#final").bounding_box()
            assert final is not None and 0 <= final["y"] < height, final  # the scores in view
            page.click("#report-chip")
        page.wait_for_selector("#report:not([hidden])")
        got = _boxes(page)
        assert got["queued"] == 1 and got["shown"] == 1, got
        assert page.locator("#report-next").is_hidden()
        assert "Winter and scoring" in (page.locator("#report-body").text_content() or "")
        assert got["scroll"] == [0, 0], got
        if width < 800:
            assert not _overlap(got["report"], got["frame"]), got
        page.context.close()
    # In German a phone's reports button ran off the screen's edge ("3 Berichte ▸" to x=412 of 390) and
    # the final scores' last line lay below the decision panel's fold.
    page = new_page(browser, width=390, height=844, locale="de-DE")
    page.goto(f"{base_url}/game/{gid}")
    page.wait_for_selector("#report-chip:not([hidden])")
    _boxes(page)
    chip, panel, final = (page.locator(s).bounding_box() for s in ("#report-chip", "#turn", "#final"))
    assert chip is not None and panel is not None and final is not None
    assert chip["x"] >= 0 and chip["x"] + chip["width"] <= 390, chip
    assert final["y"] + final["height"] <= panel["y"] + panel["height"], (final, panel)
    assert not page.errors  # type: ignore[attr-defined]


# Where the planning's controls lie against the decision panel: its visible box (scrolled by how much),
# the sticky row of buttons at its foot, and every box of the mat and card of the hand.
PLAN_BOXES = """() => { const panel = document.querySelector('#turn'); const r = panel.getBoundingClientRect();
  const rect = (e) => { const b = e.getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, name: e.dataset.box || e.dataset.card }; };
  const bar = document.querySelector('#turn-body .plan-foot');
  return { top: r.top, bottom: r.bottom, scrolled: panel.scrollTop, window: innerHeight,
    buttons: bar ? bar.getBoundingClientRect().top : r.bottom,
    boxes: [...document.querySelectorAll('#turn-body [data-box]')].map(rect),
    cards: [...document.querySelectorAll('#turn-body [data-card]')].map(rect) }; }"""


@pytest.mark.parametrize(("lang", "court"), [("en", False), ("de", False), ("en", True), ("de", True)])
def test_the_planning_mat_is_in_view_without_scrolling_the_panel(
    browser: Browser, base_url: str, lang: str, court: bool
) -> None:
    """At 1366x768 the hand and every box of the planning mat (the court's too) lie inside the decision
    panel, above its buttons, without scrolling it (the instructions took the room and the boxes lay
    below its fold); the instructions beyond one line fold, and open on request. With the court's boxes
    in German the mat overflowed by about 15 px (the boxes' cost coins stood above them, a gap between
    the rows): the coins sit in the boxes' corners."""
    page = new_page(browser, width=1366, height=768, locale="de-DE" if lang == "de" else None)
    seats = ["local"] + ["bot:random"] * (3 if court else 2)
    create_in_lobby(page, base_url, seats, {0: "Ann"}, None, ["mod-emperors_court"] if court else [], seed="7")
    page.wait_for_selector("#plan-fill")
    assert page.locator("#plan-help").is_hidden()
    got = page.evaluate(PLAN_BOXES)
    assert got["scrolled"] == 0 and got["bottom"] <= got["window"], got
    assert len(got["boxes"]) == (14 if court else 11) and got["cards"], got
    for item in got["boxes"] + got["cards"]:
        assert got["top"] <= item["top"] and item["bottom"] <= got["buttons"] + 0.5, (item, got)
    fill_plan(page)  # filled boxes name their cards, and the fill's notes show below: the boxes stay in view
    got = page.evaluate(PLAN_BOXES)
    assert all(got["top"] <= item["top"] and item["bottom"] <= got["buttons"] + 0.5 for item in got["boxes"]), got
    page.click("#plan-help-toggle")
    assert page.locator("#plan-help #decision-event").is_visible()
    assert not page.errors  # type: ignore[attr-defined]


# How far the season's track (the action cards) scrolls inside its panel: a line cut off below.
TRACK_CUT = "() => { const k = document.querySelector('#side > .track'); return k.scrollHeight - k.clientHeight; }"


@pytest.mark.parametrize(("lang", "players", "court"), [("en", 3, False), ("de", 5, True)])
def test_on_a_phone_planning_fits_its_panel_and_the_track_shows_every_line(
    browser: Browser, base_url: str, lang: str, players: int, court: bool
) -> None:
    """At 390x844 the planning mat needed about 140 px of scrolling inside its panel (two columns of
    boxes, the log below it) and the action cards' last line was cut by the season panel's height: the
    boxes stand in three compact columns, the log gives way to the dock's tabs while the player plans,
    and the track shows all its lines. Every box and card is in view without scrolling; with the court
    in German the mat's boxes are (the court's row may need a scroll)."""
    page = new_page(browser, width=390, height=844, locale="de-DE" if lang == "de" else None)
    seats = ["local"] + ["bot:random"] * (players - 1)
    create_in_lobby(page, base_url, seats, {0: "Ann"}, None, ["mod-emperors_court"] if court else [], seed="5")
    page.wait_for_selector("#plan-fill")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate(TRACK_CUT) <= 0
    got = page.evaluate(PLAN_BOXES)
    assert got["scrolled"] == 0 and got["bottom"] <= got["window"], got
    boxes = [b for b in got["boxes"] if not b["name"].startswith("convert")]
    assert len(boxes) == 11 and got["cards"], got
    for item in boxes + got["cards"]:
        assert got["top"] <= item["top"] and item["bottom"] <= got["buttons"] + 0.5, (item, got)
    assert not page.errors  # type: ignore[attr-defined]


def test_the_report_being_read_stays_when_a_fourth_arrives(browser: Browser, base_url: str) -> None:
    """Three reports wait and the player reads the oldest when a fourth arrives: the one being read stays
    open (it was the one dropped, vanishing under the reader's eyes); the oldest of those behind it
    makes way instead, and no more than three wait."""
    page = new_page(browser, width=1366, height=768)
    create_in_lobby(page, base_url, ["local"] + ["bot:random"] * 2, {0: "Ann"}, seed="11")
    kinds = "() => (document.querySelector('#report').dataset.kinds || '').split(' ').filter(Boolean).length"
    seen = "() => (document.querySelector('#report').dataset.seen || '').split(' ').filter(Boolean).length"
    while my_turn_or_over(page) and page.evaluate(kinds) < 3:
        take_turn(page)
    assert page.evaluate(kinds) == 3, "the game ended before three reports waited"
    if page.locator("#report-chip").is_visible():
        page.click("#report-chip")
    reading = page.locator("#report-body .report-item").first.get_attribute("data-index")
    behind = page.locator("#report-body .report-item").nth(1).get_attribute("data-index")
    before = page.locator("#report-body .report-item").evaluate_all("(items) => items.map((e) => e.dataset.index)")
    arrived = page.evaluate(seen)
    while my_turn_or_over(page) and page.evaluate(seen) == arrived:
        take_turn(page)
    assert page.evaluate(seen) > arrived, "no fourth report came"
    assert page.locator("#report").is_visible()
    items = page.locator("#report-body .report-item")
    assert items.first.get_attribute("data-index") == reading and items.first.is_visible()
    after = [items.nth(i).get_attribute("data-index") for i in range(items.count())]
    assert len(after) == 3 and behind not in after, (before, after)
    assert not page.errors  # type: ignore[attr-defined]


def _league_page(browser: Browser, base_url: str, width: int, height: int) -> Page:
    """Ann's page of a new League of Six game against three bots, at that size."""
    seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random", "name": ""} for _ in range(3)]
    made = httpx.post(base_url + "/api/games", json={"game": "league_of_six", "seats": seats, "seed": 4}).json()
    page = new_page(browser, width=width, height=height)
    page.goto(base_url + "/")
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s.get("token")}
    page.evaluate(
        "([id, keep]) => localStorage.setItem('wt:' + id, JSON.stringify(keep))",
        [made["id"], {"tokens": tokens, "local": [0], "invites": {}, "host": True}],
    )
    page.goto(f"{base_url}/game/{made['id']}")
    page.wait_for_selector("#map .los-track .los-figure")
    return page


# The drawn heights (px) of the ring's smallest readings: a town's name, a tax tile's number, an influence
# marker and its number; and the smallest town (a tap target where the player chooses one).
RING_SIZES = """() => { const least = (sel) => Math.min(...[...document.querySelectorAll(sel)]
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width).map((r) => r.height));
  const towns = [...document.querySelectorAll('#map .los-hex')].map((e) => e.getBoundingClientRect());
  return { name: least('#map .los-town-name'), tile: least('#map .los-tile-no text'),
    marker: least('#map .los-track .los-figure circle'), figure: least('#map .los-track .los-fig-text'),
    town: Math.min(...towns.map((r) => Math.min(r.width, r.height))),
    scroll: [document.documentElement.scrollHeight - innerHeight,
      document.documentElement.scrollWidth - innerWidth] }; }"""


def test_league_of_six_ring_reads_at_1366_and_zooms_on_a_phone(browser: Browser, base_url: str) -> None:
    """At 1366x768 the tax tiles' numbers and the influence markers read at 100% (they were about 6 px
    and 14 px across); on a phone the ring gets more of the screen and zooms in until its names and
    numbers read (its names were about 4 px, with no zoom), its towns large enough to tap."""
    page = _league_page(browser, base_url, 1366, 768)
    got = page.evaluate(RING_SIZES)
    assert got["name"] >= 14 and got["tile"] >= 11 and got["marker"] >= 19 and got["figure"] >= 10, got
    assert got["scroll"] == [0, 0], got
    page.set_viewport_size({"width": 390, "height": 844})
    phone = page.evaluate(RING_SIZES)
    # (48 px: a finger's tap target; while the seat decides the ring gives the decision panel room, it
    # had 60 px and the panel about 140 px.)
    assert phone["town"] >= 48 and phone["scroll"] == [0, 0], phone
    for _ in range(2):
        page.click("#zoom-in")
    zoomed = page.evaluate(RING_SIZES)
    assert zoomed["name"] >= 11 and zoomed["tile"] >= 9, zoomed
    assert drag_board(page, (200, 200), (120, 150))  # dragged: the ring pans
    page.click("#zoom-reset")
    assert page.evaluate(RING_SIZES)["town"] == phone["town"]
    assert not page.errors  # type: ignore[attr-defined]


# How far the modules tab's widest content reaches past its panel's visible width (px; 0 when it fits).
MODULES_OVERFLOW = """() => { const panel = document.querySelector('#dock-modules');
  const edge = panel.getBoundingClientRect().left + panel.clientWidth;
  const cells = [...panel.querySelectorAll('table, td, th')].map((e) => e.getBoundingClientRect().right);
  return { cells: Math.max(0, ...cells.map((r) => r - edge)), scroll: panel.scrollWidth - panel.clientWidth,
    boards: [...panel.querySelectorAll('.court-board')].filter((e) => e.getClientRects().length).length }; }"""


def test_the_modules_tab_fits_its_panel_at_1366(browser: Browser, base_url: str) -> None:
    """At 1366x768 the Modules tab's court table fits its panel in English and German, the court boards
    included (their column, the fifth, was cut off at the panel's edge)."""
    page = new_page(browser, width=1366, height=768)
    modules = ["mod-emperors_court", "mod-landsknechte", "mod-military_leaders"]
    create_in_lobby(page, base_url, ["local"] + ["bot:random"] * 3, {0: "Ann"}, None, modules, seed="3")
    page.wait_for_selector("#plan-fill")
    fill_plan(page)
    page.locator("#plan-submit:not([disabled])").click()
    assert my_turn_or_over(page)  # the plans are revealed: the court boards name their cards
    page.click("#dt-dock-modules")
    for lang in ("en", "de"):
        if lang == "de":
            page.select_option("header.top select", "de")
            page.wait_for_selector("#dt-dock-modules")
            if page.locator("#dock-modules").is_hidden():
                page.click("#dt-dock-modules")
        page.wait_for_selector("#dock-modules .court-table")
        got = page.evaluate(MODULES_OVERFLOW)
        assert got["cells"] <= 0.5 and got["scroll"] <= 0 and got["boards"] == 4, (lang, got)
    assert not page.errors  # type: ignore[attr-defined]


# The decision panel's visible box and its first choice's (a button of the panel's choices, or the mat).
PANEL_ROOM = """() => { const panel = document.querySelector('#turn'); const r = panel.getBoundingClientRect();
  const first = document.querySelector('#turn-body .choices button, #turn-body [data-box]');
  const f = first ? first.getBoundingClientRect() : null;
  return { top: r.top, bottom: r.bottom, height: r.height, scrolled: panel.scrollTop,
    first: f && { top: f.top, bottom: f.bottom }, phase: document.querySelector('#turn-body').dataset.phase }; }"""


def _deciding_or_over(page: Page) -> bool:
    """As browsing.my_turn_or_over, in any language: wait until this page decides (True) or the game's
    final scores show (False)."""
    page.wait_for_function("() => document.querySelector('#final') || document.body.dataset.deciding === '1'")
    return page.locator("#final").count() == 0


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_on_a_phone_a_decision_has_the_room_to_be_made(browser: Browser, base_url: str, locale: str) -> None:
    """At 390x844 the decision panel was a strip of 151 px under the map: planning showed one line of the
    hand, a move's choices lay below its fold. While the player decides the log gives way, and in planning
    the map too: the mat's first boxes and each decision's first choice are in view without scrolling.
    Each new decision opens at the panel's top: it kept the last decision's scroll (the player scrolled
    down to a choice: the next opened 72 to 255 px down), and focusing its first button never scrolls.
    In German the season's event (three lines) pushed the first choice below the fold: its box is smaller."""
    page = new_page(browser, width=390, height=844, locale=locale)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], {0: "Ann"}, seed="21")
    page.wait_for_selector("#plan-fill")
    got = page.evaluate(PANEL_ROOM)
    assert got["height"] >= 0.4 * 844 and got["scrolled"] == 0, got
    assert got["first"] and got["first"]["bottom"] <= got["bottom"], got
    checked: set[str] = set()
    while _deciding_or_over(page) and not {"position", "move"} <= checked:
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        got = page.evaluate(PANEL_ROOM)
        assert got["scrolled"] == 0, got
        if got["phase"] in ("position", "move") and page.locator("#turn-body .choices button").count():
            assert got["first"] and got["top"] <= got["first"]["top"] and got["first"]["bottom"] <= got["bottom"], got
            checked.add(got["phase"])
        take_turn(page)
    assert {"position", "move"} <= checked, checked
    assert not page.errors  # type: ignore[attr-defined]


# The strip of player boards: how far it scrolls sideways, and each card's box against the window.
STRIP_FIT = """() => { const s = document.querySelector('#strip');
  return { overflow: s.scrollWidth - s.clientWidth, width: innerWidth,
    cards: [...s.querySelectorAll('tr[data-seat]')].map((t) => {
      const b = t.getBoundingClientRect(); return [b.left, b.right]; }) }; }"""


@pytest.mark.parametrize(
    ("game", "players", "locale"),
    [("wallenstein", 3, "de-DE"), ("wallenstein", 5, "en-US"), ("league_of_six", 5, "de-DE")],
)
def test_on_a_phone_every_players_card_fits_the_width(
    browser: Browser, base_url: str, game: str, players: int, locale: str
) -> None:
    """At 390x844 the strip of player boards scrolled sideways (cards of 10.5em each: the third was cut,
    the fourth and fifth out of sight): compact cards share the width, for three to five players."""
    page = new_page(browser, width=390, height=844, locale=locale)
    page.goto(base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.fill("#name-0", "Annemarie")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#players tr[data-seat]")
    got = page.evaluate(STRIP_FIT)
    assert len(got["cards"]) == players and got["overflow"] <= 0, got
    assert all(left >= 0 and right <= got["width"] for left, right in got["cards"]), got
    assert not page.errors  # type: ignore[attr-defined]


def test_league_of_six_keeps_its_go_button_in_view(browser: Browser, base_url: str) -> None:
    """At 1366x768 a tax collection's six turns pushed the button that collects ("Turn 1 step and
    collect") below the decision panel's fold: it stays at the panel's foot, in view."""
    page = new_page(browser, width=1366, height=768)
    los.create_in_lobby(page, base_url)
    while my_turn_or_over(page):
        if page.locator("#rotate-go").count() and "Round 1 " not in page.locator("#board").inner_text():
            break
        los.take_turn(page)
    else:
        raise AssertionError("the game ended before a tax collection in round 2")
    page.locator("#turn-body .los-turns button").nth(1).click()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    panel, go = page.locator("#turn").bounding_box(), page.locator("#rotate-go").bounding_box()
    assert panel is not None and go is not None
    assert panel["y"] <= go["y"] and go["y"] + go["height"] <= panel["y"] + panel["height"], (panel, go)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_league_of_six_game_on_a_phone_keeps_its_cards_in_the_width_and_ends_on_its_scores(
    browser: Browser, base_url: str
) -> None:
    """A whole League of Six game at 390x844: at every decision the player cards fit the width (a wagon
    of four goods widened its card past the strip's edge, by 4 to 22 px), and at the end the final scores
    table lies whole inside the decision panel (its last rows lay below the fold; the hands follow it)."""
    page = new_page(browser, width=390, height=844)
    los.create_in_lobby(page, base_url)
    while my_turn_or_over(page):
        got = page.evaluate(STRIP_FIT)
        assert got["overflow"] <= 0 and all(right <= got["width"] for _, right in got["cards"]), got
        los.take_turn(page)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    panel, final = page.locator("#turn").bounding_box(), page.locator("#final table").bounding_box()
    assert panel is not None and final is not None
    assert panel["y"] <= final["y"] and final["y"] + final["height"] <= panel["y"] + panel["height"], (final, panel)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "locale", "meant"),
    [
        ("wallenstein", "en-US", "Ct counties held"),
        ("wallenstein", "de-DE", "Ld Länder im Besitz"),
        ("league_of_six", "en-US", "Infl. Influence"),
        ("league_of_six", "de-DE", "Einfl. Einfluss"),
    ],
)
def test_on_a_phone_a_tap_says_what_the_cards_short_labels_mean(
    browser: Browser, base_url: str, tmp_path: Path, game: str, locale: str, meant: str
) -> None:
    """A phone's cards label their figures "Ct", "Su" (German "Ld", "Vr"; League of Six's "Infl." and its
    goods by colour), whole only in tooltips, which a phone never shows: the "?" beside the cards (named
    for a screen reader) opens what each means, in the width; a laptop's cards say each label whole and
    show no "?". (League of Six's cards had no "?".)"""
    page = new_page(browser, width=390, height=844, locale=locale)
    page.goto(base_url + "/")
    page.select_option("#game", game)
    for seat in range(1, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#players tr[data-seat]")
    key = page.locator("#strip-key summary")
    assert key.is_visible() and key.get_attribute("aria-label") == page.evaluate(f"() => WT.t('{game}.strip_key')")
    key.click()
    legend = page.locator("#strip-key p")
    legend.wait_for()
    assert meant in legend.inner_text(), legend.inner_text()
    box = legend.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    got = page.evaluate(STRIP_FIT)
    assert got["overflow"] <= 0 and all(right <= got["width"] for _, right in got["cards"]), got
    page.screenshot(path=str(tmp_path / f"strip-key-{game}-{locale}-390x844.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    assert not page.locator("#strip-key summary").is_visible()
    page.screenshot(path=str(tmp_path / f"strip-key-{game}-{locale}-1366x768.png"))
    assert not page.errors  # type: ignore[attr-defined]
