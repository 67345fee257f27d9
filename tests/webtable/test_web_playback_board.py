"""The board tells the story (issue 29): stepping through a recorded game one log entry at a time, what
the map and the player boards show equals the engine's public observation right after that entry.

The game is played on a real server by bots to its end; the test reads its history from the server's
database and replays it through the engine itself (each decision applied with the recorded chance, an
observer seeing ``observe(None)`` as each entry is emitted, and once more when the decision is applied,
as the engine's convention defines "after an entry": tabletop.engine). The page's replay viewer is then
stepped to every entry and what it drew is read back from the DOM (each county's owner, army count,
building icons, revolt tokens, leader and statue marks; each player board's figures; the action-card
track) and compared, entry by entry. Nothing here uses the server's snapshots (views.py): the page draws
from them, the test from the engine."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browsing import TIMEOUT, new_page
from playwright.sync_api import Browser
from webclient import free_port, server

from tabletop.engine import observing
from webtable.registry import game_kind, install_defaults
from webtable.store import Store

EVERY_MODULE = ["emperors_court", "landsknechte", "military_leaders"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server on a database this test can read: (its URL, the database URL)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('playback') / 'games.sqlite3'}"
    port = free_port()
    with server(db, port):
        yield f"http://127.0.0.1:{port}", db


def _bots_game(base_url: str, options: dict[str, Any], seed: int) -> str:
    seats = [{"type": "bot", "bot": "random"}] * 3
    body = {"game": "wallenstein", "players": 3, "seats": seats, "options": options, "seed": seed}
    made = httpx.post(f"{base_url}/api/games", json=body, timeout=30)
    assert made.status_code == 200, made.text
    game_id: str = made.json()["id"]
    deadline = time.monotonic() + TIMEOUT / 1000 * 5
    while httpx.get(f"{base_url}/api/games/{game_id}", timeout=30).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.5)
    return game_id


def engine_views(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``observe(None)`` right after each log entry, replaying ``history`` through the engine."""
    install_defaults()
    kind = game_kind("wallenstein")
    after: list[dict[str, Any]] = []

    def seen(game: Any, event: dict[str, Any]) -> None:
        after.append(game.observe(None))

    with observing(seen):
        for game in kind.replay_steps(history) if kind.replay_steps else [kind.replay(history)]:
            assert len(after) == len(game.log)
            if after:  # the decision's last entry: the state once the decision is applied
                after[-1] = game.observe(None)
    return after


def expected(obs: dict[str, Any]) -> dict[str, Any]:
    """What the page should draw of an observation, in the form ``DRAWN`` reads back."""
    counties = {}
    for key, c in obs["counties"].items():
        owner = c["owner"]
        counties[key] = {
            "owner": owner,
            "armies": c["armies"] if owner is not None and c["armies"] > 0 else 0,
            "buildings": sorted(c["buildings"]),
            "revolt": c["revolt"],
        }
    leaders = obs.get("leaders") or {"county": {}, "statues": {}}
    return {
        "counties": counties,
        "players": [[p["thalers"], p["grain"], p["vp"], p["counties"], p["supply"]] for p in obs["players"]],
        "cards": [a is None for a in obs["action_cards"]],
        "leaders": sorted([int(seat), key] for seat, key in leaders["county"].items() if key is not None),
        "statues": sorted(leaders["statues"]),
    }


# Steps the replay viewer to every entry (its slider, as a person drags it) and reads back what it drew.
DRAWN = """(n) => {
  const slider = document.querySelector('#replay-slider');
  const num = (t) => (t === '' ? null : Number(t));
  const out = [];
  for (let i = 0; i < n; i++) {
    slider.value = String(i);
    slider.dispatchEvent(new Event('input'));
    const map = document.querySelector('#replay-map');
    const counties = {};
    for (const p of map.querySelectorAll('path.county')) {
      const key = p.dataset.county;
      const army = map.querySelector(`g.army[data-county="${key}"] text`);
      counties[key] = {
        owner: num(p.dataset.owner),
        armies: army ? Number(army.textContent) : 0,
        buildings: [...map.querySelectorAll(`g.bldg-icon[data-county="${key}"]`)].map((b) => b.dataset.building).sort(),
        revolt: map.querySelectorAll(`g.revolt-token[data-county="${key}"]`).length,
      };
    }
    const players = [...document.querySelectorAll('#replay-players tr[data-seat]')].map((tr) =>
      [...tr.querySelectorAll('td.num')].map((td) => Number(td.textContent)));
    const cards = [...document.querySelectorAll('#replay-board .action-cards .card')]
      .map((c) => c.classList.contains('hidden'));
    const leaders = [...map.querySelectorAll('g.leader-mark[data-county]')]
      .map((g) => [Number(g.dataset.leader), g.dataset.county]).sort();
    const statues = [...map.querySelectorAll('g.statue-mark[data-county]')].map((g) => g.dataset.county).sort();
    out.push({ counties, players, cards, leaders, statues });
  }
  return out;
}"""


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"modules": EVERY_MODULE}, 11), ({"edition": "2002"}, 12)],
    ids=["2012-every-module", "2002"],
)
def test_each_entry_of_a_replay_shows_the_engines_view_after_it(
    browser: Browser, served: tuple[str, str], options: dict[str, Any], seed: int
) -> None:
    base_url, db = served
    game_id = _bots_game(base_url, options, seed)
    store = Store(db)
    try:
        history = store.history(game_id)
    finally:
        store.close()
    views = engine_views(history)
    assert len(views) > 100
    page = new_page(browser, width=1366, height=768)
    page.goto(f"{base_url}/game/{game_id}")
    page.wait_for_selector("#players table")
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_selector("#replay-players table")
    assert page.evaluate("() => Number(document.querySelector('#replay-slider').max) + 1") == len(views)
    drawn = page.evaluate(DRAWN, len(views))
    changed = 0
    for i, (shown, obs) in enumerate(zip(drawn, views, strict=True)):
        want = expected(obs)
        for part in ("counties", "players", "cards", "leaders", "statues"):
            assert shown[part] == want[part], (i, part, history_event(obs, i))
        changed += i > 0 and shown != drawn[i - 1]
    assert changed > len(views) // 4  # (the board moved as the story went: not one picture throughout)
    assert not page.errors  # type: ignore[attr-defined]


def history_event(obs: dict[str, Any], i: int) -> str:
    return f"entry {i}: year {obs['year']}, {obs['season']}, phase {obs['phase']}"
