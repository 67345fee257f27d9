"""The invited player's greeting in a real browser: it names the decision panel by its heading, not by a
place (the panel sits beside the map on a laptop, below it on a phone), and a game that is already over is
greeted as over, not as play to come."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from browsing import SCREENS, new_page
from playwright.sync_api import Browser
from test_web_rematch import last_season, store_position
from webclient import free_port, server, sqlite_url

import wallenstein

SEED = 21
# Whether the greeting is what shows at its own middle (no report or other panel over it).
ON_TOP = """() => { const g = document.querySelector('#greeting'), r = g.getBoundingClientRect();
  return g.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""


def finished(seed: int) -> Any:
    """A three-player game of random decisions from ``seed``, played to its end."""
    rng = random.Random(seed)
    game = wallenstein.new_game(players=3, seed=seed)
    while not game.over:
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    return game


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_greeting_names_the_panel_not_a_place(browser: Browser, tmp_path: Path, locale: str) -> None:
    url, port = sqlite_url(tmp_path), free_port()
    with server(url, port):
        for width, height in SCREENS:
            gid, _, invite = store_position(url, last_season(SEED))  # (an invite opens its seat once)
            bea = new_page(browser, width, height, locale=locale)
            bea.goto(f"http://127.0.0.1:{port}/game/{gid}#invite={invite}")
            bea.wait_for_selector("#greeting")
            text = bea.locator("#greeting").inner_text()
            move = bea.evaluate("() => WT.t('wallenstein.h_your_move')")
            assert move in text, text  # the heading the decision panel shows on her turn
            for place in ("right", "rechts", "left", "links", "top", "oben", "below", "unten"):
                assert place not in text, (width, text)
            bea.screenshot(path=str(tmp_path / f"greeting-{locale}-{width}x{height}.png"))
            assert not bea.errors  # type: ignore[attr-defined]
            bea.context.close()


def test_greeting_at_a_finished_game_says_it_is_over(browser: Browser, tmp_path: Path) -> None:
    url, port = sqlite_url(tmp_path), free_port()
    with server(url, port):
        for locale, over, turn in (("en-GB", "This game is over", "your turn"), ("de-DE", "vorbei", "dran")):
            gid, _, invite = store_position(url, finished(SEED), status="over")
            bea = new_page(browser, 390, 844, locale=locale)
            bea.goto(f"http://127.0.0.1:{port}/game/{gid}#invite={invite}")
            bea.wait_for_selector("#greeting")
            text = bea.locator("#greeting").inner_text()
            assert over in text and turn not in text, text
            bea.screenshot(path=str(tmp_path / f"greeting-over-{locale}.png"))
            assert not bea.errors  # type: ignore[attr-defined]
            bea.context.close()


def test_greeting_at_an_abandoned_game_says_nothing_is_left_to_play(browser: Browser, tmp_path: Path) -> None:
    """An invite opened after the creator abandoned the game: greeted as abandoned (nothing left to play),
    neither as play to come nor as a game played to its end, in both languages."""
    url, port = sqlite_url(tmp_path), free_port()
    with server(url, port):
        for locale, gone, wrong in (
            ("en-GB", "abandoned", ("your turn", "final scores")),
            ("de-DE", "aufgegeben", ("dran", "Schlusswertung")),
        ):
            gid, _, invite = store_position(url, last_season(SEED), status="abandoned")
            bea = new_page(browser, 390, 844, locale=locale)
            bea.goto(f"http://127.0.0.1:{port}/game/{gid}#invite={invite}")
            bea.wait_for_selector("#greeting")
            text = bea.locator("#greeting").inner_text()
            assert gone in text and not [w for w in wrong if w in text], text
            assert "Bea" in text, text
            assert bea.evaluate(ON_TOP), "a report lies over the greeting"
            bea.screenshot(path=str(tmp_path / f"greeting-abandoned-{locale}.png"))
            assert not bea.errors  # type: ignore[attr-defined]
            bea.context.close()
