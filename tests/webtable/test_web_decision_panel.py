"""The decision panel and the log as a person reads them, in Chromium against a real server, from stored
positions (quick: no game is played in the browser): the season's event told once, a long list of
counties laid out as a compact grid, the Emperor's Court's log lines at one depth."""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import acks, fill_plan, new_page, submit_plan
from playwright.sync_api import Browser, Page, WebSocketRoute
from test_web_rematch import last_season, store_position
from webclient import free_port, server, sqlite_url

import wallenstein
from league_of_six import game as lgame
from webtable.rooms import token_digest
from webtable.store import GameRecord, Owner, Store
from webtable.views import decisions_of

MODULES = ("emperors_court", "landsknechte", "military_leaders")


def played_until(seed: int, stop: Callable[[Any], bool]) -> Any:
    """A three-player game of the 2012 edition with the three modules, of random decisions from ``seed``,
    up to the first moment ``stop(game)`` holds (an assertion error if it never does)."""
    rng = random.Random(seed)
    game = wallenstein.new_game(players=3, seed=seed, modules=MODULES)
    while not game.over:
        if stop(game):
            return game
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    raise AssertionError(f"seed {seed}: the game ended before the moment looked for")


def store(url: str, game: Any) -> tuple[str, str]:
    """``game`` stored with Ann (seat 0, a token) and two random bots: its id and Ann's token."""
    token = secrets.token_urlsafe(12)
    seats: list[dict[str, Any]] = [{"type": "human", "name": "Ann", "token_sha256": token_digest(token)}]
    seats += [{"type": "bot", "bot": "random", "name": "", "salt": i} for i in (1, 2)]
    gid, now = secrets.token_urlsafe(9), time.time()
    record = GameRecord(gid, "wallenstein", 3, seats, "running", now, now, decisions_of(game.history))
    db = Store(url)
    try:
        db.create(record, game.history, Owner(token_digest("creator"), "", False))
    finally:
        db.close()
    return gid, token


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server on its own database: its address and the database's URL (the tests store games in it)."""
    url, port = sqlite_url(tmp_path_factory.mktemp("panel")), free_port()
    with server(url, port):
        yield f"http://127.0.0.1:{port}", url


def open_seat(browser: Browser, site: tuple[str, str], game: Any, size: tuple[int, int], locale: str = "en-GB") -> Page:
    """Ann's page of ``game`` (stored now) at ``size``, her decision open, the greeting put away."""
    base, url = site
    gid, token = store(url, game)
    page = new_page(browser, *size, locale=locale)
    page.goto(f"{base}/game/{gid}#token={token}")
    page.wait_for_selector("#turn-body button")
    if page.locator("#greeting button").count():
        page.locator("#greeting button").first.click()
    return page


def leader_to_place(game: Any) -> bool:
    return bool(game.pending() == [0] and game.observe(0)["phase"] == "leader_place" and len(game.legal_actions(0)) > 4)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_seasons_event_is_told_once(browser: Browser, site: tuple[str, str], size: tuple[int, int]) -> None:
    """Where Ann decides, the panel tells the season's event; the season's track, above it, does not
    tell it again (it did: the same sentence twice, one above the other)."""
    page = open_seat(browser, site, last_season(21), size)
    title = page.evaluate("() => document.querySelector('#decision-event').textContent")
    assert page.locator("#decision-event").is_visible(), title
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#side p')].filter((p) => p.checkVisibility() &&
           (p.id === 'decision-event' || p.id === 'event-now')).map((p) => p.id)"""
    )
    assert shown == ["decision-event"], shown
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("size", "locale"), [((1366, 768), "en-GB"), ((390, 844), "de-DE")])
def test_a_long_list_of_counties_is_a_compact_grid(
    browser: Browser, site: tuple[str, str], tmp_path: Path, size: tuple[int, int], locale: str
) -> None:
    """Placing the military leader in one of five or more counties: the counties' names in a grid, every
    one in the panel's view at a laptop's size (one long button a line ran below its fold), each button's
    accessible name the whole decision; a click places the leader."""
    game = played_until(3, leader_to_place)
    page = open_seat(browser, site, game, size, locale)
    buttons = page.locator("#turn-body .choice-grid button")
    assert buttons.count() == len(game.legal_actions(0))
    # The county's name alone on each button, its accessible name the whole decision.
    named = page.evaluate(
        """() => [...document.querySelectorAll('#turn-body .choice-grid button')].map((b) =>
           [b.getAttribute('aria-label'), WT.t('wallenstein.do_leader_place', { county: b.textContent })])"""
    )
    assert all(label == whole for label, whole in named), named
    lefts = {round(b.bounding_box()["x"]) for b in buttons.all()}  # type: ignore[index]
    assert len(lefts) >= 2, lefts  # more than one column
    if size[0] > 860:
        panel = page.locator("#turn-body").bounding_box()
        last = buttons.last.bounding_box()
        assert panel and last and last["y"] + last["height"] <= panel["y"] + panel["height"], (last, panel)
    page.screenshot(path=str(tmp_path / f"leader-grid-{size[0]}.png"))
    buttons.first.click()
    page.wait_for_function("() => !document.querySelector('#turn-body .choice-grid')")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_courts_log_lines_stand_at_one_depth(browser: Browser, site: tuple[str, str]) -> None:
    """The Emperor's Court's entries in the log, each in its box, start at the box's edge: the narration's
    indent of a step under another (a favour's effect) set some a space or two deeper than the rest."""

    def court_over(game: Any) -> bool:
        return any(e.get("e") == "court_end" for e in game.log) and game.pending() == [0]

    page = open_seat(browser, site, played_until(3, court_over), (1366, 768))
    texts = page.evaluate("() => [...document.querySelectorAll('#log .court')].map((d) => d.textContent)")
    assert len(texts) >= 4, texts
    deeper = [t for t in texts if t != t.lstrip()]
    assert not deeper, deeper
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_phones_log_shows_its_newest_lines_after_planning(browser: Browser, site: tuple[str, str]) -> None:
    """A phone's log gives way to the planning mat (hidden) while the bots' season is told: at Ann's next
    decision it shows its newest lines, as the narration above the board does (it showed the year's first
    lines, scrolled to the top while hidden)."""
    page = open_seat(browser, site, wallenstein.new_game(players=3, seed=5, modules=MODULES), (390, 844))
    assert page.locator("#turn-body").get_attribute("data-phase") == "planning"
    assert not page.locator("#log").is_visible()
    before = acks(page)
    fill_plan(page)
    submit_plan(page, before)
    page.wait_for_function(
        "() => document.querySelector('#turn-body button') && document.querySelector('#log').clientHeight"
    )
    where = page.evaluate(
        "() => { const b = document.querySelector('#log'); return [b.scrollTop + b.clientHeight, b.scrollHeight]; }"
    )
    assert where[0] >= where[1] - 20, where
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def league_of_six_at_a_tax_collection(seed: int) -> Any:
    """A three-player League of Six game of random decisions from ``seed`` at seat 0's first tax collection
    (six turns of the tile to choose from)."""
    rng = random.Random(seed)
    game = lgame.new_game(players=3, seed=seed, sides="white")
    while not (game.pending() == [0] and game.observe(0)["phase"] == "rotate" and len(game.legal_actions(0)) == 6):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    return game


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_league_of_six_on_a_phone_gives_the_decision_room(
    browser: Browser, site: tuple[str, str], tmp_path: Path, locale: str
) -> None:
    """A League of Six tax collection at 390x844: the decision panel has the room for its question, the
    first turns and the go button (it had about 140 px, the go button over half the list in view)."""
    base, url = site
    gid, token, _ = store_position(url, league_of_six_at_a_tax_collection(21), "league_of_six")
    page = new_page(browser, 390, 844, locale=locale)
    page.goto(f"{base}/game/{gid}#token={token}")
    page.wait_for_selector("#turn-body .los-turns button:not(:has-text('…'))")
    if page.locator("#greeting button").count():
        page.locator("#greeting button").first.click()
    page.locator("#turn-body .los-turns button").nth(1).click()
    page.wait_for_selector("#yield:not(:has-text('working'))")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    panel, go = page.locator("#turn").bounding_box(), page.locator("#rotate-go").bounding_box()
    assert panel is not None and go is not None
    assert panel["height"] >= 240, panel
    assert panel["y"] <= go["y"] and go["y"] + go["height"] <= panel["y"] + panel["height"], (panel, go)
    # The turn chosen is in view, the go button not over its middle.
    box = page.locator("#turn-body .los-turns button").nth(1).bounding_box()
    assert box is not None and panel["y"] <= box["y"] and box["y"] + box["height"] / 2 < go["y"], (box, go)
    page.screenshot(path=str(tmp_path / f"los-rotate-{locale}.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_on_a_phone_the_guides_bids_step_shows_the_log_whole(browser: Browser, site: tuple[str, str]) -> None:
    """The guided first game at 390x844, its third step ("bids revealed", about the log): the log at the
    page's foot is whole in view and clear of the guide's sheet (it showed a line and a half, cut at the
    screen's edge), the bids revealed at its top (the positions chosen since filled its view)."""
    page = new_page(browser, 390, 844)
    page.goto(site[0] + "/")
    page.click("#guide-btn")
    page.wait_for_url("**/game/*")
    while True:
        page.wait_for_function(
            "() => document.querySelector('#guide') || (document.body.dataset.helpKind"
            " && document.body.dataset.drawnAcks === (document.body.dataset.acks || '0'))"
        )
        step = page.evaluate("() => document.body.dataset.guide")
        if step == "bids":
            break
        if page.locator("#guide").count():
            page.click("#guide-next")
        else:
            before = acks(page)
            fill_plan(page)
            submit_plan(page, before)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    log, sheet = page.locator("#log").bounding_box(), page.locator("#guide").bounding_box()
    assert log is not None and sheet is not None
    assert log["y"] >= 0 and log["y"] + log["height"] <= 844 and log["height"] >= 100, log
    assert sheet["y"] + sheet["height"] <= log["y"] or log["y"] + log["height"] <= sheet["y"], (sheet, log)
    # The bids revealed stand at the log's top (the positions chosen since filled its view).
    bids = page.locator("#log [data-e='bids']").last.bounding_box()
    assert bids is not None and log["y"] - 1 <= bids["y"] < log["y"] + log["height"] / 2, (bids, log)
    page.click("#guide-next")  # done: the log goes back to its newest line
    page.wait_for_function(
        "() => { const b = document.querySelector('#log');"
        " return b.scrollTop + b.clientHeight >= b.scrollHeight - 20; }"
    )
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def late_move(game: Any) -> bool:
    """Seat 0 moves armies on the season's fourth action card or later (three or more cards played)."""
    if game.pending() != [0]:
        return False
    obs = game.observe(0)
    return bool(obs["phase"] == "move" and (obs.get("current_action") or 0) >= 4)


def leader_leaves(game: Any) -> bool:
    """Seat 0 moves its military leader after the season's tenth action (all ten cards played)."""
    return bool(game.pending() == [0] and game.observe(0)["phase"] == "leader_move")


@pytest.mark.parametrize(
    ("moment", "locale"), [("late_move", "en-GB"), ("late_move", "de-DE"), ("leader_leaves", "de-DE")]
)
def test_on_a_phone_the_seasons_track_shows_its_cards_without_scrolling(
    browser: Browser, site: tuple[str, str], tmp_path: Path, moment: str, locale: str
) -> None:
    """At 390x844 a move late in the season, and the leader's move after the tenth action: the cards
    already played show their number alone (the label stays their accessible name), so the track's
    action cards keep to the lines in view, neither scrolling sideways nor down (a third line lay half
    under the decision panel; after the tenth action all ten were shown whole, on four lines)."""
    stop = {"late_move": late_move, "leader_leaves": leader_leaves}[moment]
    page = open_seat(browser, site, played_until(7, stop), (390, 844), locale)
    done = page.locator("#track .card.done")
    assert done.count() >= (10 if moment == "leader_leaves" else 3)
    assert all(c.inner_text().strip().rstrip(".").isdigit() for c in done.all()), done.all_inner_texts()
    label = page.evaluate("() => WT.t('wallenstein.card_n', { i: 1, action: '' })").split(":")[0]
    assert (done.first.get_attribute("aria-label") or "").startswith(label)
    size = page.evaluate(
        """() => { const t = document.querySelector('#track');
           return [t.scrollWidth - t.clientWidth, t.scrollHeight - t.clientHeight]; }"""
    )
    page.screenshot(path=str(tmp_path / f"track-{moment}-{locale}.png"))
    assert size == [0, 0], size
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_league_of_six_boxed_log_lines_start_at_the_boxs_edge(browser: Browser, site: tuple[str, str]) -> None:
    """League of Six's boxed log entries (a storage row's, a guard offer's) start at their box's edge, as
    the Emperor's Court's do (an offer's stood four spaces in, a row's two); a row's own lines keep their
    indent under its first."""
    rng = random.Random(21)
    game = lgame.new_game(players=3, seed=21, sides="white")
    while not (game.pending() == [0] and {"offer", "row"} <= {e.get("e") for e in game.log}):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    base, url = site
    gid, token, _ = store_position(url, game, "league_of_six")
    page = new_page(browser, 1366, 768)
    page.goto(f"{base}/game/{gid}#token={token}")
    page.wait_for_selector("#log .battle")
    texts = page.evaluate("() => [...document.querySelectorAll('#log .score, #log .battle')].map((d) => d.textContent)")
    assert len(texts) >= 2 and not [t for t in texts if t != t.lstrip()], texts
    assert any("\n  " in t for t in texts), texts  # (a row's stores, under its first line)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def last_entries_told(page: Page, held_back: int) -> None:
    """Route the page's WebSockets so that its first state comes twice: without its log's last
    ``held_back`` entries (the log so far, shown at once), then whole (those entries are played back, as
    when they arrive after the page opened)."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        first = [True]

        def to_page(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "state" and first[0] and len(msg["log"]) > held_back:
                first[0] = False
                ws.send(json.dumps({**msg, "log": msg["log"][:-held_back]}))
            ws.send(message)

        server.on_message(to_page)

    page.route_web_socket("**/ws/*", route)


@pytest.mark.parametrize(("size", "locale"), [((1366, 768), "en-GB"), ((390, 844), "de-DE")])
def test_a_held_decision_is_said_to_be_the_players_own(
    browser: Browser, site: tuple[str, str], tmp_path: Path, size: tuple[int, int], locale: str
) -> None:
    """Ann's decision waits while the playback (slow, stepped) tells the entries before it: where the
    moment told already waits on Ann, the panel says the decision is hers and comes when the playback
    reaches it (it said "Waiting for Red (Ann)…" to Ann herself); the others' moments name the others."""
    game = played_until(3, leader_to_place)  # (its last two entries already wait on Ann, the two before on bots)
    base, url = site
    gid, token = store(url, game)
    page = new_page(browser, *size, locale=locale, playback=True)
    page.add_init_script("localStorage.setItem('wt:playback', 'slow'); localStorage.setItem('wt:paused', '1')")
    last_entries_told(page, 4)
    page.goto(f"{base}/game/{gid}#token={token}")
    page.wait_for_function("() => Number(document.body.dataset.playQueue) === 4")
    if page.locator("#greeting button").count():
        page.locator("#greeting button").first.click()
    ann = page.evaluate("() => WT.seatName({ name: 'Ann', colour: 'red' })")
    yours = page.evaluate(f"() => WT.t('table.yours_held', {{ name: {json.dumps(ann)} }})")
    waiting_for_ann = page.evaluate(f"() => WT.t('table.waiting_for', {{ names: {json.dumps(ann)} }})")
    said: list[str] = []
    while page.evaluate("() => Number(document.body.dataset.playQueue)") > 0:
        page.click("#play-step")
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        if not page.evaluate("() => Number(document.body.dataset.playQueue)"):
            break
        assert page.locator("#held-note").count() == 1
        said.append(page.locator("#waiting").inner_text())
        if said[-1] == yours:
            page.screenshot(path=str(tmp_path / f"held-yours-{locale}.png"))
    assert yours in said, (yours, said)
    assert waiting_for_ann not in said and not [s for s in said if s != yours and "Ann" in s], said
    assert said[0] != yours  # (the bots' moments name whom they wait on)
    page.wait_for_selector("#turn-body .choice-grid button")  # the playback told all: the decision opens
    assert page.locator("#held-note").count() == 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def at_court(game: Any) -> bool:
    """Seat 0 decides at the Emperor's Court with the season's event drawn."""
    obs = game.observe(0)
    return bool(game.pending() == [0] and obs["phase"] == "court" and obs["events"]["current"])


def leader_leaves_in_an_event(game: Any) -> bool:
    return leader_leaves(game) and bool(game.observe(0)["events"]["current"])


# Where each line of each choice's label starts (px from the left): a line is a run of the label's
# character boxes at one height.
LINE_STARTS = """() => [...document.querySelectorAll('#turn-body .choices button')].map((b) => {
  const range = document.createRange(); range.selectNodeContents(b);
  const starts = new Map();
  for (const r of range.getClientRects()) {
    if (!r.width) continue;
    const y = Math.round(r.top);
    starts.set(y, Math.min(starts.get(y) ?? Infinity, r.left));
  }
  return [...starts.values()];
})"""


@pytest.mark.parametrize("moment", ["court", "leader_leaves"])
def test_on_a_phone_in_german_the_first_choices_are_in_view(
    browser: Browser, site: tuple[str, str], tmp_path: Path, moment: str
) -> None:
    """At 390x844 in German, the Emperor's Court and the leader's move with the season's event shown:
    the first two choices are in the decision panel's view without scrolling it (the long question and
    the event's three lines pushed the second below the fold). The event keeps one line until opened,
    its whole text still its accessible text; opened, it shows whole."""
    stop = {"court": at_court, "leader_leaves": leader_leaves_in_an_event}[moment]
    page = open_seat(browser, site, played_until(3, stop), (390, 844), "de-DE")
    event = page.locator("#decision-event")
    assert event.is_visible()
    assert event.get_attribute("aria-expanded") == "false"
    panel = page.locator("#turn").bounding_box()
    buttons = page.locator("#turn-body .choices button")
    assert panel is not None and buttons.count() >= 2
    assert page.evaluate(
        "() => [document.querySelector('#turn').scrollTop, document.querySelector('#turn-body').scrollTop]"
    ) == [0, 0]
    for i in (0, 1):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= panel["y"] + panel["height"], (i, box, panel)
    # A label on several lines reads from the left (its lines were centred): each line starts at one edge.
    starts = page.evaluate(LINE_STARTS)
    assert any(len(lines) >= 2 for lines in starts), starts
    assert all(max(lines) - min(lines) < 2 for lines in starts), starts
    page.screenshot(path=str(tmp_path / f"phone-{moment}-de.png"))
    one_line = event.bounding_box()
    assert one_line is not None
    whole = event.text_content() or ""
    assert whole.endswith(".") and "–" in whole  # (the title and the effect, clipped on the screen only)
    event.click()
    assert event.get_attribute("aria-expanded") == "true"
    opened = event.bounding_box()
    assert opened is not None and opened["height"] > one_line["height"] * 1.5, (one_line, opened)
    page.screenshot(path=str(tmp_path / f"phone-{moment}-de-open.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
