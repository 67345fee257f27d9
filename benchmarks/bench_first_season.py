"""A new player's first season on the browser table, timed and counted in clicks: from the lobby to
the submitted plan, in Chromium (Playwright) against a real ``wallenstein serve``.

Two ways a newcomer plans: every card placed by hand (card, then box: two clicks a box), and the
shortest way the page offers (one card by hand, then "Fill empty boxes"). The lobby is left as it
opens (you against three heuristic bots), a name typed. The clicks are the person's clicks; the time
is wall-clock from opening the lobby to the acknowledged plan, with no thinking time (the page's own
cost). Figures go to stdout; nothing is asserted.

    python benchmarks/bench_first_season.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from cluster import free_port
from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"


class Counter:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.clicks = 0

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.clicks += 1


def first_season(page: Page, base: str, by_hand: bool) -> tuple[int, float]:
    start = time.perf_counter()
    c = Counter(page)
    page.goto(base + "/")
    page.fill("#name-0", "Newcomer")  # typing, not a click
    c.click("#create-btn")
    page.wait_for_selector("#plan-fill")
    if by_hand:
        while True:
            boxes = page.locator("#turn-body .box").evaluate_all(
                "bs => bs.filter(b => b.querySelector('.slot').textContent === '·').map(b => b.dataset.box)"
            )
            cards = page.locator("#turn-body .cards .card:not(.used)").evaluate_all("cs => cs.map(c => c.dataset.card)")
            if not boxes or not cards or page.locator("#plan-submit:not([disabled])").count():
                break
            c.click(f"#turn-body [data-card='{cards[0]}']")
            c.click(f"#turn-body [data-box='{boxes[0]}']")
    else:
        c.click("#turn-body [data-card='money:0']")
        c.click("#turn-body [data-box='bid']")
        c.click("#plan-fill")
    page.wait_for_selector("#plan-submit:not([disabled])")
    c.click("#plan-submit")
    page.wait_for_function("() => document.body.dataset.acks === '1'")
    return c.clicks, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'games.sqlite3'}"
        cmd = [sys.executable, "-m", "wallenstein.cli", "serve", "--port", str(port), "--db", db]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(base + "/api/kinds", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for by_hand in (True, False):
                    clicks, seconds = [], []
                    for _ in range(args.runs):
                        page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
                        n, t = first_season(page, base, by_hand)
                        page.context.close()
                        clicks.append(n)
                        seconds.append(t)
                    how = "every card by hand" if by_hand else "one card, then 'Fill empty boxes'"
                    print(
                        f"{how:36s} clicks {statistics.median(clicks):3.0f}   "
                        f"lobby -> plan acknowledged: median {statistics.median(seconds):.2f} s "
                        f"(min {min(seconds):.2f}, max {max(seconds):.2f}, {args.runs} runs)"
                    )
                browser.close()
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
