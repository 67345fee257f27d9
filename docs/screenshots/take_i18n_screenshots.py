"""The README's screenshots of the German table and the guided first game (issue 15):
python docs/screenshots/take_i18n_screenshots.py

Starts a server on a temporary database; a German browser plays a 4-player game against bots into the
first summer (help panel and German log in view), then the guided first game is played up to its
battle step."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "webtable"))
from test_web_i18n_e2e import click_decision, decide_or_over, german_page  # noqa: E402
from webclient import free_port, server  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with server(f"sqlite:///{Path(tmp) / 'shots.sqlite3'}", port), sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = german_page(browser)
            page.set_viewport_size({"width": 1366, "height": 768})
            page.goto(base + "/")
            page.wait_for_selector("#seat-3")
            page.fill("#name-0", "Anna")
            page.click("#create-btn")
            page.wait_for_url("**/game/*")
            while decide_or_over(page):
                if "Sommer" in page.locator("#log").inner_text() and page.evaluate(
                    "() => document.body.dataset.helpKind"
                ) in ("move", "deploy_move", "plan"):
                    break
                click_decision(page)
            if page.locator("#report-close").is_visible():
                page.click("#report-close")
            page.click("#dt-help-panel")  # the rules help, a tab of the dock
            page.screenshot(path=str(HERE / "german_table.png"))
            guide = german_page(browser)
            guide.set_viewport_size({"width": 1366, "height": 768})
            guide.goto(base + "/")
            guide.click("#guide-btn")
            guide.wait_for_url("**/game/*")
            while True:
                guide.wait_for_function(
                    "() => document.querySelector('#guide') || (document.body.dataset.helpKind"
                    " && document.body.dataset.drawnAcks === (document.body.dataset.acks || '0'))"
                )
                if guide.locator("#guide").count():
                    if guide.evaluate("() => document.body.dataset.guide") == "battle":
                        guide.screenshot(path=str(HERE / "guided_game.png"))
                        break
                    guide.click("#guide-next")
                    continue
                click_decision(guide)
            browser.close()


if __name__ == "__main__":
    main()
