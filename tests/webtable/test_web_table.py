"""The browser table shows what the board shows (issue 17), in Chromium against a real server: a
season and a winter against bots at 1400 px, the lobby's seats, finished games after a restart and
the map's labels. Each test failed before its fix."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from browsing import (
    DECIDING,
    TIMEOUT,
    create_in_lobby,
    drag_board,
    my_turn_held_or_over,
    my_turn_or_over,
    new_page,
    skip_to_my_decision,
)
from playwright.sync_api import Browser, Page
from test_web_e2e import take_turn
from test_web_e2e_flows import _decide as decide_in_hot_seat
from webclient import free_port, server
from websockets.sync.client import connect

COLOURS = re.compile(r"\b(Red|Blue|Yellow|Purple|Black)\b")

# Every 40 ms the page's header and its decision panel are compared: the players they say the game
# waits for must be the same (the panel was not redrawn when only that changed).
WATCH_WAITING = """
window.__waitingMismatch = [];
setInterval(() => {
  const status = document.querySelector('#status'); const body = document.querySelector('#turn-body');
  if (!status || !body) return;
  const head = status.textContent.replace(/ · (playing|watching).*$/, '').match(/waiting for (.*)$/i);
  const panel = [...body.querySelectorAll('p')].map((p) => p.textContent)
    .find((t) => /^(Waiting for|Your plan is in)/.test(t));
  if (!head || !panel) return;
  const names = (t) => [...new Set(t.match(/\\b(Red|Blue|Yellow|Purple|Black)\\b/g) || [])].sort().join(',');
  if (names(head[1]) !== names(panel)) window.__waitingMismatch.push([head[1], panel]);
}, 40);
"""


def _frames(page: Page) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: got.append(json.loads(f))))
    return got


def _log(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public log as the page's connection received it (each event once)."""
    log: list[dict[str, Any]] = []
    for f in frames:
        if f.get("type") == "state":
            for i, entry in enumerate(f["log"]):
                if f["log_from"] + i == len(log):
                    log.append(entry["event"])
    return log


def _inside_panel(page: Page, selector: str) -> list[str]:
    """Column headings of the tables under ``selector`` that lie (partly) outside their panel."""
    return list(
        page.evaluate(
            """(sel) => [...document.querySelectorAll(sel + ' th')].filter((th) => {
                const r = th.getBoundingClientRect(); const p = th.closest('.panel').getBoundingClientRect();
                return r.width > 0 && (r.right > p.right + 1 || r.left < p.left - 1);
              }).map((th) => th.textContent)""",
            selector,
        )
    )


def test_a_year_against_bots_at_1400px(browser: Browser, base_url: str, tmp_path: Path) -> None:
    """One person and three bots, through the first winter: reports queue up (one shown at a time, over
    the board, with "next"; the three newest wait) instead of replacing each other, "waiting for" agrees,
    wide tables keep their columns, the regions and forecast panels (a tab of the dock) show the server's
    numbers (which the engine's winter gives: test_web_standings.py)."""
    page = new_page(browser, width=1400, height=900)
    page.add_init_script(WATCH_WAITING)
    frames = _frames(page)
    create_in_lobby(page, base_url, ["local"] + ["bot:random"] * 3, {0: "Ann"}, seed="11")
    page.click("#dt-dock-standings")  # the regions panel opens in place, above the log
    page.wait_for_selector("#standings")
    board = next(f["board"] for f in reversed(frames) if f.get("type") == "state")
    shown = page.locator("#vp-now .vp").all_inner_texts()
    assert [int(v) for v in shown] == board["vp_now"]
    assert page.locator("#forecast").count() == 1
    assert not _inside_panel(page, "#players"), "the Players table lost a column at 1400 px"
    assert not _inside_panel(page, "#standings-body"), "the regions or forecast table lost a column at 1400 px"
    while my_turn_or_over(page):
        take_turn(page)
        if any(e["e"] == "score" for e in _log(frames)):
            break
    log = _log(frames)
    mine = [
        e
        for e in log
        if e["e"] == "score" or (e["e"] in ("battle", "revolt") and 0 in (e.get("seat"), e.get("defender")))
    ]
    assert len(mine) >= 2  # this seed: Ann's battles or revolts and a winter's scoring
    # Every report opened as the playback reached it: Ann's battles and the scoring, and each season's
    # summary of the plans revealed and what came of them (three before winter); the three newest wait.
    seen = "() => (document.querySelector('#report').dataset.seen || '').split(' ')"
    page.wait_for_function(f"() => ({seen})().filter((k) => k === 'report').length === {len(mine)}")
    assert page.evaluate(seen).count("season") == 3
    # The report folds to a button while Ann decides on the map: wait for her decision (the playback told
    # to its end), so that it cannot fold between the look below and the count.
    my_turn_or_over(page)
    kinds = "() => (document.querySelector('#report').dataset.kinds || '').split(' ')"
    assert len(page.evaluate(kinds)) == 3 and page.evaluate(kinds)[-1] == "report"  # (the scoring: the newest)
    if not page.locator("#report-body").is_visible():  # folded to a button while Ann decides on the map
        page.click("#report-chip")
    assert page.locator("#report-body .report-item:visible").count() == 1  # one at a time, over the board
    assert page.evaluate("() => window.__waitingMismatch") == []
    page.screenshot(path=str(tmp_path / "year.png"))
    read = 0
    while page.locator("#report-next").is_visible():
        assert not _inside_panel(page, "#report"), "a report's table lost a column at 1400 px"
        page.click("#report-next")
        read += 1
    assert read == 2
    page.click("#report-close")
    assert page.locator("#report-body .report-item").count() == 0
    # What this seat has read stays read: a reload opens no report again.
    page.reload()
    page.wait_for_selector("#players table")
    page.wait_for_timeout(500)
    assert page.locator("#report").is_hidden()
    assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_keeps_seats_when_the_player_count_changes(browser: Browser, base_url: str) -> None:
    page = new_page(browser)
    page.goto(base_url + "/")
    page.select_option("#players", "4")
    page.select_option("#seat-1", "invite")
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Bea")
    page.select_option("#seat-2", "local")
    page.select_option("#players", "5")
    assert page.input_value("#name-0") == "Ann" and page.input_value("#name-1") == "Bea"
    assert page.input_value("#seat-1") == "invite" and page.input_value("#seat-2") == "local"
    page.select_option("#players", "3")
    assert page.input_value("#name-1") == "Bea" and page.input_value("#seat-2") == "local"
    assert not page.errors  # type: ignore[attr-defined]


def test_finished_games_are_listed_with_seats_and_result_after_a_restart(browser: Browser, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    seats = [{"type": "bot", "bot": "random", "name": n} for n in ("Ann", "Bob", "Cid")]
    with server(db, port):
        gid = httpx.post(url + "/api/games", json={"game": "wallenstein", "seats": seats, "seed": 5}).json()["id"]
        for _ in range(600):
            if httpx.get(f"{url}/api/games/{gid}").json()["status"] == "over":
                break
            __import__("time").sleep(0.1)
    with server(db, port):
        page = new_page(browser)
        page.goto(url + "/")
        row = page.locator(f"#games tr:has(a[href='/game/{gid}'])")
        row.wait_for()
        text = row.inner_text()
        assert "Wallenstein, 3 players" in text and "over" in text
        assert "won by" in text
        assert "bot" in text  # the seats are listed
        assert not page.errors  # type: ignore[attr-defined]


def test_no_label_covers_a_border(browser: Browser, base_url: str) -> None:
    """Every county's name and printed values, and every region's name, lie clear of the borders
    between counties (the text's own box, as Chromium lays it out, against each shared segment), but
    for the values of the few counties too small for them at 11 px: those lie on a plate."""
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-0")  # the lobby's script is ready (before, the form would reload)
    page.click("#create-btn")
    page.wait_for_selector("#map text.county-name")
    hits = page.evaluate(
        """async () => {
          const M = await (await fetch('/static/wallenstein_map.json')).json();
          const seen = new Map(); const shared = [];
          for (const [k, c] of Object.entries(M.counties)) for (const r of c.rings) r.forEach((a, i) => {
            const b = r[(i + 1) % r.length]; const key = [a, b].map(String).sort().join('|');
            if (seen.has(key) && seen.get(key) !== k) shared.push([a, b]); else seen.set(key, k);
          });
          const meets = (a, b, x0, y0, x1, y1) => {
            let lo = 0, hi = 1; const dx = b[0] - a[0], dy = b[1] - a[1];
            for (const [p, q] of [[-dx, a[0] - x0], [dx, x1 - a[0]], [-dy, a[1] - y0], [dy, y1 - a[1]]]) {
              if (p === 0) { if (q < 0) return false; continue; }
              const r = q / p; if (p < 0) lo = Math.max(lo, r); else hi = Math.min(hi, r); if (lo > hi) return false;
            }
            return true;
          };
          const out = [];
          // Each label's box as drawn, in the map's units (its own transform included: the values grow
          // where their county has room).
          const m = document.querySelector('#map').getScreenCTM().inverse();
          // (Values too big for their county at the readable size lie on a plate that may cross a border.)
          const labels = '#map text.county-name, #map text.region-name, #map .values:not(.plate)';
          for (const t of document.querySelectorAll(labels)) {
            const r = t.getBoundingClientRect();
            const p = new DOMPoint(r.left, r.top).matrixTransform(m);
            const q = new DOMPoint(r.right, r.bottom).matrixTransform(m);
            const b = {x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y};
            const hit = shared.some(([a, c]) => meets(a, c, b.x, b.y, b.x + b.width, b.y + b.height));
            if (hit) out.push(t.textContent);
          }
          return [shared.length, out];
        }"""
    )
    assert hits[0] >= 114
    assert hits[1] == []
    assert page.locator("#map .values.plate").count() <= 20  # (18 of 45 at 1366x768 when written)
    assert not page.errors  # type: ignore[attr-defined]


def test_invite_link_greeting_presence_and_turn_title(browser: Browser, base_url: str) -> None:
    host = new_page(browser)
    create_in_lobby(host, base_url, ["local", "invite", "bot:random"], {0: "Ann", 1: "Bea"})
    host.wait_for_selector("#plan-fill")
    # The host sees the links first, each with a copy button; Bea has not come yet.
    assert host.evaluate("() => document.body.dataset.dock") == "invites"  # the dock's invites tab is open
    assert host.locator("#invites button[data-copy='inv-1']").count() == 1
    assert "not joined" in host.locator("#invites").inner_text()
    assert host.locator("#players tr:nth-child(3) [data-presence]").get_attribute("data-presence") == "off"
    assert host.title().startswith("●")  # the host must plan: the tab says so
    friend = new_page(browser)
    friend.goto(host.locator("#inv-1").input_value())
    friend.wait_for_selector("#greeting")
    assert "Welcome, Bea! You play Blue." in friend.locator("#greeting").inner_text()
    host.wait_for_function(
        "() => document.querySelector('#players tr:nth-child(3) [data-presence]').dataset.presence === 'on'"
    )
    assert "joined" in host.locator("#invites").inner_text()
    friend.close()  # Bea leaves: her seat shows it
    host.wait_for_function(
        "() => document.querySelector('#players tr:nth-child(3) [data-presence]').dataset.presence === 'off'"
    )
    assert not host.errors  # type: ignore[attr-defined]


def test_planning_on_the_map_and_a_half_made_plan_survives_a_reload(browser: Browser, base_url: str) -> None:
    page = new_page(browser)
    page.goto(base_url + "/")
    page.select_option("#players", "3")
    page.wait_for_selector("#seat-0")  # the lobby's script is ready (before, the form would reload)
    page.click("#create-btn")
    page.wait_for_selector("#plan-fill")
    assert page.locator("#decision-event").count() == 1  # the season's event, where the plan is made
    county = page.locator("#map path.target").first.get_attribute("data-county")
    page.locator(f"#map path[data-county='{county}']").click()  # a county picked on the map ...
    assert page.locator(f"#turn-body [data-card='{county}']").get_attribute("aria-pressed") == "true"
    assert page.locator("#map path.chosen").get_attribute("data-county") == county  # ... is highlighted
    assert "null" not in page.locator("#turn-body").inner_text()
    page.locator("#turn-body [data-box='church']").click()
    page.locator("#turn-body [data-card='money:2']").click()
    page.locator("#turn-body [data-box='bid']").click()
    page.reload()
    page.wait_for_selector("#plan-fill")
    assert page.locator("#turn-body [data-box='church'] .slot").inner_text() != "·"
    assert page.locator("#turn-body [data-box='bid'] .slot").inner_text() == "2 thalers"
    assert not page.errors  # type: ignore[attr-defined]


def test_others_actions_are_played_back_with_pause_step_and_skip(browser: Browser, base_url: str) -> None:
    """After the plan, the season's actions come one log entry at a time; paused, nothing more is shown;
    a step shows one entry; "skip to my decision" shows all. The decisions follow the exact state."""
    page = new_page(browser, playback=True)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    page.select_option("#play-speed", "slow")
    page.click("#play-pause")
    shown = page.locator("#log > *").count()
    take_turn(page)  # the plan; bots plan and the season's actions run on the server
    page.wait_for_function("() => Number(document.body.dataset.playQueue) >= 3")
    assert page.locator("#log > *").count() == shown  # paused: nothing new is shown yet
    queued = int(page.evaluate("() => document.body.dataset.playQueue"))
    page.click("#play-step")
    assert page.locator("#log > *").count() == shown + 1
    assert int(page.evaluate("() => document.body.dataset.playQueue")) >= queued - 1
    page.click("#play-skip")
    assert page.evaluate("() => document.body.dataset.playQueue") == "0"
    assert page.locator("#log > *").count() > shown + 1
    assert not page.errors  # type: ignore[attr-defined]


def _step_and_read_waiting(page: Page, most: int = 14) -> list[str]:
    """Step the paused playback one entry at a time (up to ``most``), reading the decision panel's
    waiting line after each step."""
    page.wait_for_function("() => Number(document.body.dataset.playQueue) >= 3")
    lines: list[str] = []
    while int(page.evaluate("() => Number(document.body.dataset.playQueue)")) > 0 and len(lines) < most:
        page.click("#play-step")
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        if page.locator("#turn-body #waiting").count():
            lines.append(page.locator("#turn-body #waiting").inner_text())
    return lines


def test_the_playback_never_says_waiting_for_nobody(browser: Browser, base_url: str) -> None:
    """While the playback tells a season's entries one by one, many of their snapshots have no seat
    pending (the engine between two decisions): the panel said "Waiting for nobody…" to the player and
    "You are watching. Waiting for nobody." to a spectator. It says what is true instead (WT.waitingLine,
    shared by both games' pages), in English and German."""
    page = new_page(browser, playback=True)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    watcher = new_page(browser, locale="de-DE", playback=True)
    watcher.goto(page.url)
    watcher.wait_for_selector("#turn-body #waiting")
    for each in (page, watcher):
        each.select_option("#play-speed", "slow")
        each.click("#play-pause")
    while True:  # paused, the others' actions wait in the queue and the next decision waits behind them
        take_turn(page)
        if my_turn_held_or_over(page) == "held" and page.evaluate("() => Number(document.body.dataset.playQueue)") >= 6:
            break
        if page.locator("#held-note").count():
            skip_to_my_decision(page)  # too few to tell: on to the next decision
    player, spectator = _step_and_read_waiting(page), _step_and_read_waiting(watcher)
    assert player and spectator, (player, spectator)
    assert not [line for line in player if "nobody" in line], player
    assert not [line for line in spectator if "niemand" in line], spectator
    told_en = "The table is telling what happened; nothing is asked of you yet."
    assert told_en in player, player  # (the case arose: a told entry with no seat pending)
    assert "Du schaust zu, wie das Spiel Zug um Zug erzählt wird." in spectator, spectator
    assert not page.errors and not watcher.errors  # type: ignore[attr-defined]


def test_on_a_phone_the_line_played_back_stays_in_sight_and_the_board_never_moves(
    browser: Browser, base_url: str
) -> None:
    """On a phone as on a laptop the playback bar is one line of fixed height above the board: the line
    being played back is always in sight (the page never scrolls), and its coming and going never moves
    the board under the pointer (it moved by about 40 px)."""
    page = new_page(browser, 390, 844, playback=True)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    map_at = page.locator("#map").bounding_box()
    page.select_option("#play-speed", "slow")
    page.click("#play-pause")
    queued = "() => Number(document.body.dataset.playQueue)"
    while True:  # paused, the others' actions wait in the queue and the next decision waits behind them
        take_turn(page)
        if my_turn_held_or_over(page) == "held" and page.evaluate(queued) >= 6:
            break
        if page.locator("#held-note").count():
            skip_to_my_decision(page)  # too few to tell: on to the next decision
    page.click("#play-step")
    assert page.locator("#play-now").inner_text()
    box = page.locator("#play-now").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
    assert page.locator("#map").bounding_box() == map_at  # the line came: the board stayed
    assert page.evaluate("() => document.documentElement.scrollHeight") == 844
    page.click("#play-skip")
    assert page.evaluate(queued) == 0
    page.wait_for_function("() => document.querySelector('#turn-h').textContent === 'Your move'")  # it opens
    assert page.locator("#map").bounding_box() == map_at
    assert not page.errors  # type: ignore[attr-defined]


def test_the_playback_line_never_shows_under_the_hot_seat_curtain(browser: Browser, base_url: str) -> None:
    """In hot-seat the curtain hides the last seat's view: the line played back goes too, even with
    entries still queued."""
    page = new_page(browser, 390, 844, playback=True)
    page.goto(base_url + "/")  # (create_in_lobby waits for the table, which the first curtain hides)
    page.select_option("#players", "3")
    for i, value in enumerate(["local", "local", "bot:random"]):
        page.select_option(f"#seat-{i}", value)
    page.fill("#seed", "21")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#play-pause", state="attached")
    page.select_option("#play-speed", "slow", force=True)  # (behind the first curtain)
    page.locator("#play-pause").dispatch_event("click")
    assert page.locator("#play-pause").get_attribute("aria-pressed") == "true"
    tested = 0
    for _ in range(12):
        page.wait_for_function(
            "() => !document.querySelector('#curtain').hidden || (!document.querySelector('main').hidden"
            f" && (document.querySelector('#held-note') || {DECIDING}))"
        )
        if page.locator("#curtain").is_visible():
            assert not page.locator("#play-now").is_visible()
            if int(page.evaluate("() => document.body.dataset.playQueue")) and page.locator("#play-now").text_content():
                tested += 1  # the case that matters: without the curtain the ticker would be up
                if tested >= 2:
                    break
            page.click("#curtain-go")
            continue
        if page.locator("#held-note").count():
            skip_to_my_decision(page)  # paused: the seat's decision waits behind the playback
        decide_in_hot_seat(page)
    assert tested >= 1
    assert not page.errors  # type: ignore[attr-defined]


def _play_seat_until(base_url: str, game_id: str, token: str, stop: Callable[[dict[str, Any]], bool]) -> None:
    """Play a seat over its own WebSocket (random legal decisions, seeded) until it must decide on a state
    whose observation ``stop`` accepts; the browser takes the seat from there."""
    rng = random.Random(5)
    acted = -1
    with connect(f"{base_url.replace('http://', 'ws://')}/ws/{game_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        n = 0
        while True:
            msg = json.loads(ws.recv(timeout=60))
            assert msg["type"] != "state" or not msg["over"], "the game ended before the seat was handed over"
            if msg["type"] != "state" or not msg["legal"] or msg["version"] <= acted:
                continue  # (a refused decision on a state the bots had moved on from: the newer state follows)
            if stop(msg["obs"]):
                return
            n += 1
            acted = msg["version"]
            ws.send(json.dumps({"type": "act", "id": n, "version": acted, "action": rng.choice(msg["legal"])}))


def test_the_end_of_the_game_waits_for_the_playback_of_its_last_moves(browser: Browser, base_url: str) -> None:
    """The last season and winter come after the person's last decision: they are played back at the
    chosen pace like any other, and the final scores wait for them (or for "show the final scores now").
    The seat is played over its socket up to the last fall, the browser plays on from there."""
    seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random"}] * 2
    made = httpx.post(f"{base_url}/api/games", json={"game": "wallenstein", "seats": seats, "seed": 5}).json()
    token = next(s["token"] for s in made["seats"] if s["seat"] == 0)
    _play_seat_until(base_url, made["id"], token, lambda obs: obs["year"] == 2 and obs["season"] == "fall")
    page = new_page(browser, playback=True)
    page.goto(f"{base_url}/game/{made['id']}#token={token}")
    page.wait_for_selector("#plan-fill")
    page.select_option("#play-speed", "fast")
    page.click("#play-pause")  # paused: each of Ann's decisions waits behind what was queued before it
    while (mine := my_turn_held_or_over(page)) != "over":
        if mine == "held":
            skip_to_my_decision(page)  # shows what was queued at once, and opens the decision
        take_turn(page)
    assert page.locator("#over-playing").count() == 1 and page.locator("#final").count() == 0
    assert page.locator("#play-skip").inner_text() == "Skip to the final scores"  # no decision to skip to
    assert int(page.evaluate("() => document.body.dataset.playQueue")) > 0
    assert "Game over" not in page.locator("#log").inner_text()
    # Nor has the final winter's scoring report opened ahead of the playback.
    assert "Winter and scoring, year 2" not in (page.locator("#report-body").text_content() or "")
    assert page.locator("#show-final").is_visible()
    page.click("#play-pause")  # played on, the final scores come by themselves once the log has caught up
    page.wait_for_selector("#final")
    assert page.evaluate("() => document.body.dataset.playQueue") == "0"
    assert "Game over" in page.locator("#log").inner_text()
    assert "Winter and scoring, year 2" in (page.locator("#report-body").text_content() or "")
    assert not page.errors  # type: ignore[attr-defined]


# Where the notice stands in the log: how many log entries (one node each) come before it.
NOTICE_AT = """() => { const nodes = [...document.querySelector('#log').childNodes];
  const i = nodes.findIndex((n) => n.classList && n.classList.contains('timeout'));
  return i < 0 ? null : nodes.slice(0, i).filter((n) => !(n.classList && n.classList.contains('timeout'))).length; }"""


def test_a_turn_time_limit_lets_a_bot_play_the_late_move(browser: Browser, base_url: str) -> None:
    """The bot plays Ann's late move and the log says so; the notice is kept with the game, so after a
    reload it stands at the same place in the log, and the replay shows it there too."""
    page = new_page(browser)
    frames = _frames(page)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], {0: "Ann"}, turn_limit="2")
    page.wait_for_selector("#plan-fill")
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('time ran out (2 s)')")
    assert "Ann's time ran out (2 s): a bot played the move." in page.locator("#log").inner_text()
    # The plan was made by the bot: the game went on past Ann's planning.
    page.wait_for_function(
        "() => !document.querySelector('#plan-fill') || document.querySelector('#turn-body').dataset.phase "
        "!== 'planning'"
    )
    at = next(f["at"] for f in frames if f.get("type") == "timeout")
    assert page.evaluate(NOTICE_AT) == at  # before the entries the bot's plan added
    page.reload()
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('time ran out (2 s)')")
    # (Ann's later decisions may time out too on a slow machine: the first notice is the one checked.)
    assert page.evaluate(NOTICE_AT) == at
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_selector("#replay-players table")
    page.keyboard.press("End")
    assert "Ann's time ran out (2 s): a bot played the move." in page.locator("#replay-log").inner_text()
    assert page.locator("#replay-log .timeout").count() >= 1
    assert not page.errors  # type: ignore[attr-defined]


def test_a_turn_time_limit_is_checked() -> None:
    from tabletop.errors import IllegalAction
    from webtable.turn_timer import parse_turn_limit

    assert parse_turn_limit(None) is None and parse_turn_limit(60) == 60
    for bad in (0, -5, 1.5, "60", True, 10**9):
        try:
            parse_turn_limit(bad)
        except IllegalAction:
            continue
        raise AssertionError(f"{bad!r} was accepted")


def test_on_a_phone_the_map_zooms_and_pans_until_names_are_readable(browser: Browser, base_url: str) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.add_init_script("localStorage.setItem('wt:playback', 'instant')")
    page.set_default_timeout(TIMEOUT)  # a loaded CI machine: the same patience as the other pages
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-0")  # the lobby's script is ready (before, the form would reload)
    page.click("#create-btn")
    page.wait_for_selector("#plan-fill")
    height = "() => document.querySelector('#map text.county-name').getBoundingClientRect().height"
    assert page.evaluate(height) < 8  # the whole map on a phone: names too small to read
    for _ in range(3):
        page.click("#zoom-in")
    assert page.evaluate(height) >= 11
    # (In planning the decision lies over the board's lower part on a phone: the drag is in its upper part.)
    assert drag_board(page, (200, 100), (120, 50))  # dragged: the map pans
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 400
    page.click("#zoom-reset")
    assert page.get_attribute("#map", "viewBox") == "0 0 1000 1055"
    assert not errors
