"""Take the README's screenshots with Playwright and Chromium: python docs/screenshots/take_screenshots.py

Starts a server on a temporary database, plays a game a little way against bots and photographs the
lobby, planning, a move with its battle odds, the replay viewer and the phone layout; a game with all
three modules (the court, Landsknechte and the military leaders on the map) and a battle report; then a
League of Six game at a tax-tile rotation with its preview. ``take_screenshots.py league_of_six`` (or
``wallenstein``) takes only that game's shots."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "webtable"))
import test_web_los_e2e as los  # noqa: E402
from browsing import my_turn_or_over  # noqa: E402
from test_web_e2e import take_turn  # noqa: E402
from test_web_e2e_modules import Person  # noqa: E402
from webclient import free_port, server  # noqa: E402

GAMES = ("wallenstein", "league_of_six")


def main() -> None:
    games = sys.argv[1:] or list(GAMES)
    unknown = set(games) - set(GAMES)
    if unknown:
        sys.exit(f"unknown game(s) {sorted(unknown)}; choose from {list(GAMES)}")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with server(f"sqlite:///{Path(tmp) / 'shots.sqlite3'}", port), sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            if "wallenstein" in games:
                wallenstein_shots(browser, base)
            if "league_of_six" in games:
                league_of_six_shot(browser, base)
            browser.close()


def league_of_six_shot(browser: Browser, base: str) -> None:
    """A League of Six game against three heuristic bots, at a tax collection in round 2 or later with
    a turn of the tile selected and what each turn yields listed."""
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.set_default_timeout(60_000)
    los.create_in_lobby(page, base)
    while my_turn_or_over(page):
        if page.locator("#rotate-go").count() and "Round 1 " not in page.locator("#board").inner_text():
            page.wait_for_selector("#turn-body .los-turns button:not(:has-text('…'))")
            page.locator("#turn-body .los-turns button").nth(1).click()
            close_reports(page)
            page.click("#dt-dock-details")  # the stores, a tab of the dock
            page.screenshot(path=str(HERE / "league_of_six.png"))
            return
        los.take_turn(page)
    raise RuntimeError("the game ended before a tax collection in round 2")


def wallenstein_shots(browser: Browser, base: str) -> None:
    """The lobby, planning, a battle with its odds, the table after a scoring, the replay, a phone."""
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.set_default_timeout(60_000)
    page.goto(base + "/")
    page.select_option("#seat-1", "invite")
    page.fill("#name-0", "Ann")
    page.screenshot(path=str(HERE / "lobby.png"))
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create-btn")
    page.wait_for_selector("#plan-fill")
    for card, box in (("money:1", "bid"), ("money:0", "palace")):
        page.locator(f"[data-card='{card}']").click()
        page.locator(f"[data-box='{box}']").click()
    page.locator("#turn-body .card:not(.used)").first.click()
    page.screenshot(path=str(HERE / "planning.png"))
    page.select_option("#play-speed", "instant")  # (the shots show the board as it stands)
    moved = False
    while my_turn_or_over(page):
        if page.locator("#map path.target").count() and not moved:
            attack = page.locator("#turn-body [data-target]", has_text="Attack")
            if attack.count():
                attack.first.click()
                page.wait_for_selector("#odds:not(:has-text('estimating'))")
                page.screenshot(path=str(HERE / "battle.png"))
                moved = True
        take_turn(page)
        if page.locator("#log").inner_text().count("Scoring, year") >= 1 and moved:
            break
    page.click("#dt-dock-standings")  # the regions and the winter forecast, a tab of the dock
    my_turn_or_over(page)
    close_reports(page)
    page.wait_for_timeout(300)
    page.screenshot(path=str(HERE / "table.png"))
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_selector("#replay-players table")
    page.locator("#replay-slider").fill("40")
    page.screenshot(path=str(HERE / "replay.png"))
    page.click("#tab-table")
    phone_shot(browser, page)
    modules(browser, base)


def phone_shot(browser: Browser, page: Page) -> None:
    """Ann's own seat on a phone (her seat's token copied from the laptop's page) at her next decision:
    what a player sees there while deciding, not a spectator's view."""
    key = "wt:" + page.url.split("/game/")[1].split("#")[0]
    mine = page.evaluate("(key) => localStorage.getItem(key)", key)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.set_default_timeout(60_000)
    phone.add_init_script(f"localStorage.setItem({key!r}, {mine!r}); localStorage.setItem('wt:playback', 'instant')")
    phone.goto(page.url)
    while my_turn_or_over(phone) and phone.locator("#turn-body [data-target]").count() == 0:
        take_turn(phone)  # on to a move or a fight: its choices on the map and in the panel
    close_reports(phone)
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(HERE / "phone.png"), full_page=False)
    phone.context.close()


def close_reports(page: Page) -> None:
    """Close the reports over the board (the shot shows the board), folded to their button or open."""
    open_reports(page)
    if page.locator("#report-close").is_visible():
        page.click("#report-close")


def open_reports(page: Page) -> None:
    """Open the reports where they are folded to their button in the playback bar."""
    if page.locator("#report-chip").is_visible():
        page.click("#report-chip")


def modules(browser: Browser, base: str) -> None:
    """A game with all three modules: the table in the first summer (court, Landsknechte, leaders on
    the map), and the first battle the person fought, in the report panel."""
    ann = Person(browser)
    page = ann.page
    page.set_viewport_size({"width": 1366, "height": 768})
    ann.create(base, "2012", ("emperors_court", "landsknechte", "military_leaders"))
    shot = False
    while ann.my_turn_or_over():
        status = page.locator("#status").inner_text()
        if not shot and "summer" in status and page.locator("#map .leader-mark").count():
            page.click("#dt-dock-modules")  # the module displays, a tab of the dock
            close_reports(page)
            page.wait_for_timeout(300)
            page.screenshot(path=str(HERE / "modules.png"))
            shot = True
        attack = page.locator("#turn-body [data-target]", has_text="Attack")
        if shot and attack.count():
            # The person attacks: its battle card opens in the report panel.
            attack.first.click()
            page.click("#move-go")
            page.wait_for_selector(".battle-report[data-kind='battle']", state="attached")
            page.wait_for_timeout(300)
            open_reports(page)
            battle = page.locator("#report-body .battle-report:visible")
            while not battle.count() and page.locator("#report-next").is_visible():
                page.click("#report-next")  # (the reports before it: a season's review)
            page.screenshot(path=str(HERE / "battle_report.png"))  # the report opens over the board
            break
        ann.take_turn()


if __name__ == "__main__":
    main()
