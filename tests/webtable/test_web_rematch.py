"""Play again in a real browser: Ann and her invited friend Bea (a German page) finish the last season of a
game against a bot; Ann's "Play again" makes the follow-up, Bea is told and joins with the keyboard, a
spectator is offered the next game to watch, and Ann and Bea land in the follow-up in their own seats."""

from __future__ import annotations

import random
import secrets
import time
from pathlib import Path
from typing import Any

from browsing import SCREENS, assert_one_screen, decide, new_page
from playwright.sync_api import Browser, Page
from test_web_e2e import by_hand
from webclient import free_port, server, sqlite_url

import wallenstein
from league_of_six import game as lgame
from webtable.rooms import token_digest
from webtable.store import GameRecord, Owner, Store
from webtable.views import decisions_of

SEED = 21
ASKED = "() => document.querySelector('#turn-h').textContent === WT.t('wallenstein.h_your_move')"  # (any language)


def last_season(seed: int) -> Any:
    """A three-player game of random decisions from ``seed`` at the last time seat 0 positions its
    armies: the last season's few decisions are left."""
    rng = random.Random(seed)
    game, steps = wallenstein.new_game(players=3, seed=seed), []
    while not game.over:
        seat = game.pending()[0]
        action = rng.choice(list(game.legal_actions(seat)))
        steps.append((seat, game.observe(seat)["phase"], action))
        game.apply(seat, action)
    last = max(i for i, (seat, phase, _) in enumerate(steps) if (seat, phase) == (0, "position"))
    game = wallenstein.new_game(players=3, seed=seed)
    for seat, _, action in steps[:last]:
        game.apply(seat, action)
    return game


def store_position(url: str, game: Any, kind: str = "wallenstein", status: str = "running") -> tuple[str, str, str]:
    """``game`` stored with Ann (seat 0, a token), a random bot (seat 1) and Bea (seat 2, invited): its
    id, Ann's token and Bea's invite (``status``: "over" for a game played to its end)."""
    token, invite = secrets.token_urlsafe(12), secrets.token_urlsafe(12)
    seats: list[dict[str, Any]] = [
        {"type": "human", "name": "Ann", "token_sha256": token_digest(token)},
        {"type": "bot", "bot": "random", "name": "", "salt": 1},
        {"type": "human", "name": "Bea", "invite_sha256": token_digest(invite)},
    ]
    gid, now = secrets.token_urlsafe(9), time.time()
    record = GameRecord(gid, kind, 3, seats, status, now, now, decisions_of(game.history))
    store = Store(url)
    try:
        store.create(record, game.history, Owner(token_digest("creator"), "", False))
    finally:
        store.close()
    return gid, token, invite


def play_to_the_end(pages: list[Page]) -> None:
    """Each page decides whenever it is asked (the bot meanwhile), until both show the final scores."""
    deadline = time.monotonic() + 240
    while not all(p.locator("#final").count() for p in pages):
        assert time.monotonic() < deadline, "the last season did not end"
        for page in pages:
            if not page.locator("#final").count() and page.evaluate(ASKED):
                decide(page, by_hand)
        time.sleep(0.1)


def shoot(page: Page, shots: Path, name: str) -> None:
    """Screenshots at a laptop's and a phone's size into ``shots`` (the test's own folder: pytest --basetemp keeps
    it to look at), the reports closed (a phone's cover the final panel)."""
    if page.locator("#report-close").is_visible():
        page.click("#report-close")
    own = page.viewport_size
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#again").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"{name}-{width}x{height}.png"))
    if own is not None:
        page.set_viewport_size(own)


def test_ann_and_her_invited_friend_play_again(browser: Browser, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    gid, token, invite = store_position(url, last_season(SEED))
    port = free_port()
    with server(url, port):
        base = f"http://127.0.0.1:{port}"
        ann, bea, watcher = new_page(browser), new_page(browser, locale="de-DE"), new_page(browser)
        ann.goto(f"{base}/game/{gid}#token={token}")
        bea.goto(f"{base}/game/{gid}#invite={invite}")
        play_to_the_end([ann, bea])
        watcher.goto(f"{base}/game/{gid}")
        watcher.wait_for_selector("#final")
        # Both seated pages offer it, each in its language; the spectator is offered nothing yet.
        assert ann.locator("#again-play").inner_text() == "Play again"
        assert bea.locator("#again-play").inner_text() == "Noch einmal spielen"
        assert watcher.locator("#again a, #again button").count() == 0
        for page in (ann, bea):
            assert_one_screen(page)
        assert bea.locator("#greeting").count() == 0  # (its "when it is your turn" is over: it went)
        shoot(bea, tmp_path, "final-de")
        ann.locator("#again-play").focus()
        ann.keyboard.press("Enter")
        ann.wait_for_url(lambda u: gid not in u)
        new = ann.url.rsplit("/", 1)[1]
        assert new != gid
        # Bea is told who wants to play again, and joins by keyboard; the spectator may watch.
        bea.wait_for_selector("#again-join")
        assert bea.locator("#again-note").inner_text().strip() == "Rot (Ann) möchte noch einmal spielen:"
        assert bea.locator("#again-join").inner_text() == "Mitspielen"
        watcher.wait_for_selector("#again-watch")
        assert watcher.locator("#again-watch").inner_text() == "Watch the next game"
        assert watcher.locator("#again-watch").get_attribute("href") == f"/game/{new}"
        assert_one_screen(bea)
        shoot(bea, tmp_path, "told-de")
        shoot(watcher, tmp_path, "spectator-en")
        bea.locator("#again-join").focus()
        bea.keyboard.press("Enter")
        bea.wait_for_url(f"**/game/{new}")
        # Each lands in the follow-up in their own seat (asked for a plan), and keeps it across a reload.
        for page, seat in ((ann, 0), (bea, 2)):
            page.reload()
            page.wait_for_selector("#plan-fill")
            held = page.evaluate(f"() => JSON.parse(localStorage.getItem('wt:{new}')).local")
            assert held == [seat]
            assert page.locator("#turn-body").get_attribute("data-phase") == "planning"
        for page in (ann, bea, watcher):
            assert not page.errors  # type: ignore[attr-defined]


def test_league_of_six_offers_it_too(browser: Browser, tmp_path: Path) -> None:
    """A finished League of Six game (random decisions) offers it on the phone, and the person lands in
    the follow-up's seat 0 (Bea's invite was never claimed: her seat is open again)."""
    url = sqlite_url(tmp_path)
    game = lgame.new_game(players=3, seed=SEED, sides="white")
    rng = random.Random(SEED)
    while not game.over:
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    gid, token, _ = store_position(url, game, "league_of_six")
    port = free_port()
    with server(url, port):
        page = new_page(browser, 390, 844)
        page.goto(f"http://127.0.0.1:{port}/game/{gid}#token={token}")
        page.wait_for_selector("#again-play")
        assert_one_screen(page)
        assert not page.locator("#server-notice").is_visible()  # (no "invited seat still open" at a finished game)
        if page.locator("#greeting button").count():
            page.click("#greeting button")  # (read, and put away)
        # In the decision panel's view, unscrolled (the hands revealed pushed it below the fold).
        panel, again = page.locator("#turn").bounding_box(), page.locator("#again-play").bounding_box()
        assert panel is not None and again is not None
        assert again["y"] + again["height"] <= panel["y"] + panel["height"], (again, panel)
        shoot(page, tmp_path, "los-en")
        page.click("#again-play")
        page.wait_for_url(lambda u: gid not in u)
        new = page.url.rsplit("/", 1)[1]
        page.wait_for_function("() => document.querySelector('#players')")
        assert page.evaluate(f"() => JSON.parse(localStorage.getItem('wt:{new}')).local") == [0]
        assert not page.errors  # type: ignore[attr-defined]


def test_the_creator_makes_a_link_for_an_invited_seat_of_the_next_game(browser: Browser, tmp_path: Path) -> None:
    """Bea never claimed her invite: her seat of the follow-up is an open invite nobody knows. Ann, the
    creator, finds it in the invites panel of the next game with a button that makes its link (the seat was
    listed nowhere, with nothing to send); the link opens Bea's seat there."""
    url = sqlite_url(tmp_path)
    rng, game = random.Random(SEED), wallenstein.new_game(players=3, seed=SEED)
    while not game.over:
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    gid, token, _ = store_position(url, game, status="over")
    port = free_port()
    with server(url, port):
        base = f"http://127.0.0.1:{port}"
        ann = new_page(browser, 1366, 768)
        ann.goto(f"{base}/")  # (the creator's token, as the lobby keeps it: store_position's creator)
        ann.evaluate(
            f"() => localStorage.setItem('wt:{gid}', JSON.stringify({{ tokens: {{}}, local: [], creator: 'creator' }}))"
        )
        ann.goto(f"{base}/game/{gid}#token={token}")
        ann.click("#again-play")
        ann.wait_for_url(lambda u: gid not in u)
        make = ann.locator("#inv-make-2")
        make.wait_for()
        assert ann.locator("#inv-2").count() == 0  # no link yet
        make.click()
        link = ann.locator("#inv-2")
        link.wait_for()
        invite = link.input_value()
        assert "#invite=" in invite and ann.url.split("#")[0].rsplit("/", 1)[1] in invite
        ann.screenshot(path=str(tmp_path / "invite-made-1366x768.png"))
        bea = new_page(browser, 390, 844, locale="de-DE")
        bea.goto(invite)
        bea.wait_for_selector("#greeting")
        assert "Bea" in bea.locator("#greeting").inner_text()
        for page in (ann, bea):
            assert not page.errors  # type: ignore[attr-defined]
