"""The review and the hint in a browser: a finished game's review chart drawn, its costliest decision
listed, and a click on it moving the replay there; a hint in a game against bots, none offered in a game
with an invited person."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from browsing import INSTANT, assert_one_screen
from playwright.sync_api import Browser, Page
from positions import finished_game, random_decisions, store_game
from webclient import free_port, server, sqlite_url

import wallenstein


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server (reviews at the quick budget, in its worker process) and a finished game stored in it."""
    folder = tmp_path_factory.mktemp("review")
    url = sqlite_url(folder)
    gid, _ = store_game(url, finished_game(3))
    port = free_port()
    with server(url, port, "--limit", "review_budget=quick", "--limit", "hint_simulations=16"):
        yield f"http://127.0.0.1:{port}", gid


def _page(browser: Browser, width: int = 1366, height: int = 768) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(INSTANT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def test_a_review_chart_and_a_costly_decision_that_moves_the_replay(
    browser: Browser, table: tuple[str, str], tmp_path: Path
) -> None:
    base, gid = table
    page = _page(browser)
    page.goto(f"{base}/game/{gid}")
    page.wait_for_selector("#review-open", state="attached")  # (the page's script is ready)
    page.click("#tab-replay")
    page.click("#review-open")
    page.select_option("#review-seat", "0")
    page.click("#review-start")
    page.wait_for_selector("#review-chart svg polyline", timeout=300_000)
    assert page.locator("#review-chart svg polyline").count() == 3  # a line per seat
    costly = page.locator("#review-costly-list li button")
    assert costly.count() >= 1  # random decisions: the advisor finds some that cost
    page.screenshot(path=str(tmp_path / "review.png"))
    target = int(costly.first.get_attribute("data-log-index") or "0")
    costly.first.click()
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.length > 0")
    history = httpx.get(f"{base}/api/games/{gid}/replay", params={"view": "spectator"}).json()
    n = len(history["log"])
    step = max(target - 1, 0)  # the board just before the decision: after its log's entry target - 1
    assert page.locator("#replay-slider").input_value() == str(step)
    assert page.locator("#replay-pos").inner_text().startswith(f"view {step + 1} of {n}")
    # A point of the chart moves it too.
    point = page.locator("#review-chart svg rect.hit").nth(5)
    at = int(point.get_attribute("data-log-index") or "0")
    point.click()
    assert page.locator("#replay-slider").input_value() == str(max(at - 1, 0))
    assert not page.errors  # type: ignore[attr-defined]


def _open_as(browser: Browser, base: str, gid: str, seat: int, token: str, lang: str = "en") -> Page:
    page = _page(browser)
    page.add_init_script(f"localStorage.setItem('wt:lang', {json.dumps(lang)})")
    mine = json.dumps({"tokens": {str(seat): token}, "local": [seat]})
    page.add_init_script(f"localStorage.setItem('wt:{gid}', {json.dumps(mine)})")
    page.goto(f"{base}/game/{gid}")
    page.wait_for_selector("#turn-body", timeout=60_000)
    return page


def test_a_hint_against_bots_and_none_with_a_person(browser: Browser, table: tuple[str, str]) -> None:
    base, _ = table
    bots = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "heuristic"}] * 2
    made = httpx.post(f"{base}/api/games", json={"game": "wallenstein", "players": 3, "seats": bots, "seed": 4}).json()
    page = _open_as(browser, base, made["id"], 0, made["seats"][0]["token"])
    page.wait_for_selector("#hint")
    page.click("#hint")
    page.wait_for_function("() => /1 hint/.test(document.querySelector('#hint-text').textContent)", timeout=120_000)
    assert httpx.get(f"{base}/api/games/{made['id']}").json()["hints"] == {"0": 1}
    people = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "bot", "bot": "random"}]
    made = httpx.post(
        f"{base}/api/games", json={"game": "wallenstein", "players": 3, "seats": people, "seed": 4}
    ).json()
    page = _open_as(browser, base, made["id"], 0, made["seats"][0]["token"])
    page.wait_for_timeout(500)
    assert page.locator("#hint").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_reads_as_words_on_one_line_over_the_mat(browser: Browser, table: tuple[str, str], lang: str) -> None:
    """The hint names the plan's boxes and cards as the planning mat does, in the page's language (no
    county key, no card code, not the engine's "plan:" text), and its line leaves the planning mat where
    it was, the page one screen at a laptop's size and at a phone's."""
    base, _ = table
    bots = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "heuristic"}] * 2
    made = httpx.post(f"{base}/api/games", json={"game": "wallenstein", "players": 3, "seats": bots, "seed": 5}).json()
    meta = httpx.get(f"{base}/api/meta/wallenstein", params={"lang": lang}).json()
    page = _open_as(browser, base, made["id"], 0, made["seats"][0]["token"], lang)
    page.wait_for_selector("#plan-fill")
    page.wait_for_selector("#hint")
    mat = page.locator("#turn-body").bounding_box()
    page.click("#hint")
    page.wait_for_function("() => /\\(1 /.test(document.querySelector('#hint-text').textContent)", timeout=120_000)
    text = page.locator("#hint-text").text_content() or ""
    assert text.startswith("The strongest bot would: plan " if lang == "en" else "Der stärkste Bot würde: Plan "), text
    keys = [c["key"] for c in meta["counties"]]
    assert not [k for k in keys if re.search(rf"\b{k}\b", text)], text  # county names, not keys
    assert not re.search(r"money:|tower|blank|_|plan:", text), text
    assert any(a["label"] in text for a in meta["actions"]) and any(c["name"] in text for c in meta["counties"]), text
    assert page.locator("#turn-body").bounding_box() == mat  # the mat has not moved
    line = page.locator("#hint-box").bounding_box()
    assert line is not None and line["height"] < 32, line  # one line
    assert_one_screen(page)
    assert not page.errors  # type: ignore[attr-defined]


def test_the_reviews_words_name_a_favour_card_as_the_table_does(browser: Browser, tmp_path: Path) -> None:
    """A favour card in the review's lists is named by what it gives, as the table names it (it read
    "Take favour card #8"), in English and German: from the log's display of the cards it was dealt in."""
    game = random_decisions(wallenstein.new_game(players=3, seed=5, modules=["emperors_court"]), 5)
    url = sqlite_url(tmp_path)
    gid, _ = store_game(url, game)
    port = free_port()
    with server(url, port):
        base = f"http://127.0.0.1:{port}"
        log = httpx.get(f"{base}/api/games/{gid}/replay", params={"view": "spectator"}).json()["log"]
        dealt = [d for entry in log if entry["event"]["e"] == "favours" for d in entry["event"]["display"]]
        assert dealt, "no favour cards were dealt"
        for lang in ("en", "de"):
            page = _page(browser)
            page.add_init_script(f"localStorage.setItem('wt:lang', {json.dumps(lang)})")
            page.goto(f"{base}/game/{gid}")
            page.wait_for_selector("#review-open", state="attached")
            # (The page reads the log from its first state, which may come after the review's button.)
            first = "(card) => WTReview.words({ type: 'favour', card }, null).includes('#' + card + ':')"
            page.wait_for_function(first, arg=dealt[0]["card"])
            for slot in dealt[:4]:
                said = page.evaluate("(card) => WTReview.words({ type: 'favour', card }, null)", slot["card"])
                table = page.evaluate(
                    "(slot) => GamePages.wallenstein.describe({ type: 'favour', card: slot.card },"
                    " { seat: null, court: { display: [slot] } })",
                    slot,
                )
                assert said == table and f"#{slot['card']}:" in said, (lang, said, table)
            assert not page.errors  # type: ignore[attr-defined]
            page.close()


def test_the_courts_cards_gone_are_named_by_what_they_gave(browser: Browser, tmp_path: Path) -> None:
    """The Modules tab's court line names the favour cards gone from the display by what they gave, as
    the display does (it read "gone: #12, #8, #7"), in English and German."""
    game = random_decisions(wallenstein.new_game(players=3, seed=5, modules=["emperors_court"]), 5, 60)
    gone = list(game.s.court.gone)
    assert gone and not game.over
    url = sqlite_url(tmp_path)
    gid, _ = store_game(url, game)
    port = free_port()
    with server(url, port):
        for lang in ("en", "de"):
            page = _page(browser)
            page.add_init_script(f"localStorage.setItem('wt:lang', {json.dumps(lang)})")
            page.goto(f"http://127.0.0.1:{port}/game/{gid}")
            page.click("#dt-dock-modules")
            line = page.locator("#court p.small.muted").last.inner_text()
            assert all(f"#{card}: " in line for card in gone), (lang, gone, line)
            assert not page.errors  # type: ignore[attr-defined]
            page.close()
