"""Helpers for the end-to-end tests: a person's page in Chromium, waiting for their turn, and waiting
until a decision is acknowledged and the state after it is drawn (the page counts both in
``document.body.dataset``: ``acks`` and ``drawnAcks``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from playwright.sync_api import Browser, Page, WebSocketRoute

TIMEOUT = 60_000  # ms; a whole decision round with bots stays far below


# Tests that read the log mid-game see every entry at once: the playback of others' actions is off
# unless a test asks for it.
INSTANT = "localStorage.getItem('wt:playback') || localStorage.setItem('wt:playback', 'instant')"


def new_page(
    browser: Browser, width: int = 1300, height: int = 950, locale: str | None = None, playback: bool = False
) -> Page:
    """A fresh page (its own context: its own local storage) that records page errors in ``page.errors``;
    ``locale`` sets the browser's language (e.g. "de-DE")."""
    page = browser.new_context(viewport={"width": width, "height": height}, locale=locale).new_page()
    if not playback:
        page.add_init_script(INSTANT)
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def my_turn_or_over(page: Page) -> bool:
    """Wait until this page must decide (True) or shows the final scores (False)."""
    page.wait_for_function(
        "() => document.querySelector('#final') || document.querySelector('#turn-h').textContent === 'Your move'"
    )
    return page.locator("#final").count() == 0


# The page's decision is open (its panel asks "Your move"). Where the server sends each log entry's
# snapshot, a decision waits behind the playback of the entries before it (issue 29): it opens when the
# playback reaches it, or at once on "Skip to my decision"; meanwhile "#held-note" says so.
DECIDING = "document.querySelector('#turn-h').textContent === 'Your move'"


def my_turn_held_or_over(page: Page) -> str:
    """Wait until this page's decision is "open", "held" behind the playback, or the game is "over" (the
    final scores, or the end held behind the playback: "#over-playing")."""
    page.wait_for_function(f"() => document.querySelector('#final, #over-playing, #held-note') || {DECIDING}")
    if page.locator("#final, #over-playing").count():
        return "over"
    return "held" if page.locator("#held-note").count() else "open"


def skip_to_my_decision(page: Page) -> None:
    """Skip a held decision's playback ("Skip to my decision" in the decision panel): it opens at once."""
    page.click("#held-note button")
    page.wait_for_function(f"() => {DECIDING}")
    assert page.evaluate("() => document.body.dataset.playQueue") == "0"


def acks(page: Page) -> int:
    """How many of this page's decisions the server has acknowledged so far."""
    return int(page.evaluate("() => document.body.dataset.acks || '0'"))


def wait_drawn(page: Page, before: int, phase: str) -> None:
    """Wait until the decision made after ``before`` acknowledgements is acknowledged and the state
    after it drawn (or the game is over); a clear failure otherwise."""
    try:
        page.wait_for_function(
            f"() => document.querySelector('#final') || document.body.dataset.drawnAcks === '{before + 1}'"
        )
    except Exception as exc:
        body = page.locator("#turn-body").inner_text()
        raise AssertionError(f"no acknowledgement in {phase}: {body!r}") from exc


def fill_plan(page: Page, bid: str = "money:0") -> None:
    """Make a plan as a person would: the bid placed by hand (card, then box; the 2002 edition has no
    bid box), the rest with the fill helper button."""
    if page.locator("#turn-body [data-box='bid']").count():
        page.locator(f"#turn-body [data-card='{bid}']").click()
        page.locator("#turn-body [data-box='bid']").click()
    page.click("#plan-fill")


def submit_plan(page: Page, before: int) -> None:
    """Submit the completed plan and wait until the game has taken it. Other seats' plans never make it
    stale (planning is simultaneous: webtable.rooms.Room.moved_on_for), however fast the bots plan
    while the page draws, so a stale refusal here fails the test."""
    page.locator("#plan-submit:not([disabled])").click()
    page.wait_for_function(
        f"() => document.querySelector('#plan-stale') || Number(document.body.dataset.drawnAcks) > {before}"
    )
    stale = page.locator("#plan-stale")
    assert not stale.count(), f"the plan was refused as stale: {stale.inner_text()!r}"
    wait_drawn(page, before, "planning")


def choose_on_map(page: Page, before: int) -> None:
    """Choose the first highlighted county on the map with the keyboard; where the choice asks for a
    confirmation (how many armies move), confirm it once its button is drawn and an attack's odds are
    shown (under load both come a moment later, so they are waited for, not merely counted)."""
    target = page.locator("#map path.target").first
    target.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelector('#move-go') || document.querySelector('#final')"
        f" || document.body.dataset.acks !== '{before}'"
    )
    if page.locator("#move-go").count():
        # An attack's odds arrive a moment later and redraw the button: a click across that redraw is lost.
        page.wait_for_function(
            "() => !document.querySelector('#odds')"
            " || document.querySelector('#odds').textContent !== WT.t('wallenstein.odds_estimating')"
        )
        page.click("#move-go")


def click_first_choice(page: Page) -> None:
    """Click the first of the decision panel's choice buttons (there must be one)."""
    choices = page.locator("#turn-body .choices button")
    assert choices.count(), f"no choice on the page: {page.locator('#turn-body').inner_text()!r}"
    choices.first.click()


def decide(page: Page, by_hand: Callable[[Page, int], bool]) -> str:
    """Make this page's pending decision the way a person would and wait until it is drawn (bots decide
    meanwhile); returns its phase. The page must fit one screen first. ``by_hand(page, acks)`` makes
    the decisions a test handles itself and says whether it made one; any other decision is the
    panel's first choice button."""
    before = acks(page)
    phase = page.locator("#turn-body").get_attribute("data-phase") or ""
    assert_one_screen(page)
    if not by_hand(page, before):
        click_first_choice(page)
    wait_drawn(page, before, phase)
    return phase


def tamper_acts(page: Page, change: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """Route the page's WebSockets so that ``change`` sees each decision ("act") on its way to the
    server and may alter it in place (returning True when it did); returns the altered decisions."""
    altered: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "act" and change(msg):
                altered.append(msg)
            server.send(json.dumps(msg))

        ws.on_message(to_server)

    page.route_web_socket("**/ws/*", route)
    return altered


def state_before_ack(page: Page) -> list[int]:
    """Route the page's WebSockets so that each decision's ack reaches the page after the state that
    follows it, as when a state the server had already queued is built after the decision and so goes
    out first. Returns the versions of the states moved ahead of an ack."""
    moved: list[int] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        held: list[str | bytes] = []

        def to_page(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "ack":
                held.append(message)
                return
            ws.send(message)
            if msg.get("type") == "state" and held:
                moved.append(msg["version"])
                for ack in held:
                    ws.send(ack)
                held.clear()

        server.on_message(to_page)

    page.route_web_socket("**/ws/*", route)
    return moved


def first_plan_stale(page: Page) -> list[dict[str, Any]]:
    """Make the page's first plan reach the server with a version the game has not reached (as a
    careless client's might): the server refuses it as stale, as it refuses a plan made in a second
    tab after the first tab's."""

    def other(msg: dict[str, Any]) -> bool:
        if msg["action"]["type"] != "plan" or altered:
            return False
        msg["version"] += 1
        return True

    altered = tamper_acts(page, other)
    return altered


def create_in_lobby(
    page: Page,
    base_url: str,
    seats: list[str],
    names: dict[int, str] | None = None,
    selects: dict[str, str] | None = None,
    checks: Sequence[str] = (),
    **fields: str,
) -> None:
    """A Wallenstein game made in the lobby by a person: ``seats`` are the seat selects' values ("local",
    "invite", "bot:random"), ``names`` typed names, ``selects`` other selects' values by id (edition,
    setup), ``checks`` the ids of boxes to tick (mod-landsknechte), ``fields`` other inputs by id (seed,
    turn-limit); the page waits until the table shows the first decision or the players."""
    page.goto(base_url + "/")
    page.select_option("#players", str(len(seats)))
    for select, value in (selects or {}).items():
        page.select_option(f"#{select}", value)
    for box in checks:
        page.check(f"#{box}")
    for i, value in enumerate(seats):
        page.select_option(f"#seat-{i}", value)
    for i, name in (names or {}).items():
        page.fill(f"#name-{i}", name)
    for field, value in fields.items():
        page.fill("#" + field.replace("_", "-"), value)
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#players table")


# The sizes the table must fit without the page scrolling (issue 29): a laptop and a phone.
SCREENS = ((1366, 768), (390, 844))


# What ``assert_one_screen`` saw of a page: the decision kinds checked at every size, and the calls.
_CHECKED: WeakKeyDictionary[Page, tuple[set[str], list[int]]] = WeakKeyDictionary()
SAMPLE_EVERY = 5  # every this many calls a decision of a kind seen before is checked at every size too

PAGE_SIZE = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done({
  h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth,
  ih: innerHeight, iw: innerWidth}))))"""


def _assert_fits(page: Page, where: str) -> None:
    size = page.evaluate(PAGE_SIZE)
    assert (size["h"], size["w"]) == (size["ih"], size["iw"]), f"the page scrolls at {where}: {size}"


def assert_one_screen(page: Page) -> None:
    """The table's page never scrolls: its scroll height and width equal the window's (every panel that
    can grow scrolls inside itself). Checked at the page's current decision at its own size every time,
    and at a laptop's and a phone's size (SCREENS) the first time each kind of decision (its help kind and
    phase) comes, and at every ``SAMPLE_EVERY``-th call; then the page goes back to its own size. (Each
    resize lays the whole page out again: at both sizes at every decision it was half of a whole game's
    test, about a second a decision.)"""
    kind = str(
        page.evaluate(
            "() => (document.body.dataset.helpKind || '') + '/' + "
            "(document.querySelector('#turn-body')?.dataset.phase || '')"
        )
    )
    seen, calls = _CHECKED.setdefault(page, (set(), [0]))
    calls[0] += 1
    own = page.viewport_size
    _assert_fits(page, f"its own size {own}")
    if kind in seen and calls[0] % SAMPLE_EVERY:
        return
    seen.add(kind)
    try:
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            _assert_fits(page, f"{width}x{height}")
    finally:
        if own is not None:
            page.set_viewport_size(own)


def drag_board(page: Page, start: tuple[float, float], end: tuple[float, float]) -> bool:
    """Drag the board (``#map``) with the mouse from ``start`` to ``end`` (offsets from its top left
    corner); True when its view box moved (the board pans)."""
    box = page.locator("#map").bounding_box()
    assert box is not None
    before = page.get_attribute("#map", "viewBox")
    page.mouse.move(box["x"] + start[0], box["y"] + start[1])
    page.mouse.down()
    page.mouse.move(box["x"] + end[0], box["y"] + end[1], steps=5)
    page.mouse.up()
    return page.get_attribute("#map", "viewBox") != before
