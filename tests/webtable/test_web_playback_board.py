"""The board tells the story (issue 29): stepping through a recorded game one log entry at a time, what
the map and the player boards show equals the engine's public observation right after that entry.

The game is played on a real server by bots to its end; the test reads its history from the server's
database and replays it through the engine itself (each decision applied with the recorded chance, an
observer seeing ``observe(None)`` as each entry is emitted, and once more when the decision is applied,
as the engine's convention defines "after an entry": tabletop.engine). The page's replay viewer is then
stepped to every entry and what it drew is read back from the DOM (each county's owner, army count,
building icons, revolt tokens, leader and statue marks; each player board's figures; the action-card
track) and compared, entry by entry. League of Six the same way: the ring of towns (holders, counters,
figures on the roads, Hussites, tax tiles and their turn), the influence track, the player boards
(influence, wagon, horses, hand) and the round's panel (supply, storage, face-up civic leaders).
Nothing here uses the server's snapshots (views.py): the page draws from them, the test from the engine."""

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


def _bots_game(base_url: str, options: dict[str, Any], seed: int, game: str = "wallenstein") -> str:
    seats = [{"type": "bot", "bot": "random"}] * 3
    body = {"game": game, "players": 3, "seats": seats, "options": options, "seed": seed}
    made = httpx.post(f"{base_url}/api/games", json=body, timeout=30)
    assert made.status_code == 200, made.text
    game_id: str = made.json()["id"]
    deadline = time.monotonic() + TIMEOUT / 1000 * 5
    while httpx.get(f"{base_url}/api/games/{game_id}", timeout=30).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.5)
    return game_id


def engine_views(history: list[dict[str, Any]], game_name: str = "wallenstein") -> list[dict[str, Any]]:
    """``observe(None)`` right after each log entry, replaying ``history`` through the engine."""
    install_defaults()
    kind = game_kind(game_name)
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


def _replay_drawn(
    browser: Browser, served: tuple[str, str], game_id: str, script: str, game: str = "wallenstein"
) -> tuple[list[Any], Any]:
    """The engine's public view after each entry of a finished game, and what the page's replay viewer,
    stepped to each entry, read back by ``script`` (the pages error-free)."""
    base_url, db = served
    store = Store(db)
    try:
        history = store.history(game_id)
    finally:
        store.close()
    views = engine_views(history, game)
    assert len(views) > 100
    page = new_page(browser, width=1366, height=768)
    page.goto(f"{base_url}/game/{game_id}")
    page.wait_for_selector("#players table")
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_selector("#replay-players table")
    assert page.evaluate("() => Number(document.querySelector('#replay-slider').max) + 1") == len(views)
    drawn = page.evaluate(script, len(views))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
    return views, drawn


def _compare(views: list[Any], drawn: list[Any], want: Any, parts: tuple[str, ...]) -> None:
    changed = 0
    for i, (shown, obs) in enumerate(zip(drawn, views, strict=True)):
        wanted = want(obs)
        for part in parts:
            assert shown[part] == wanted[part], (i, part, history_event(obs, i))
        changed += i > 0 and shown != drawn[i - 1]
    assert changed > len(views) // 4  # (the board moved as the story went: not one picture throughout)


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"modules": EVERY_MODULE}, 11), ({"edition": "2002"}, 12)],
    ids=["2012-every-module", "2002"],
)
def test_each_entry_of_a_replay_shows_the_engines_view_after_it(
    browser: Browser, served: tuple[str, str], options: dict[str, Any], seed: int
) -> None:
    game_id = _bots_game(served[0], options, seed)
    views, drawn = _replay_drawn(browser, served, game_id, DRAWN)
    _compare(views, drawn, expected, ("counties", "players", "cards", "leaders", "statues"))


def _held(goods: dict[str, int]) -> dict[str, int]:
    """The goods drawn as chips: those held (none drawn for a good at 0)."""
    return {c: n for c, n in goods.items() if n}


def league_expected(obs: dict[str, Any]) -> dict[str, Any]:
    """What League of Six's page should draw of an observation, in the form ``LEAGUE_DRAWN`` reads back."""
    players = obs["players"]
    conflict = obs.get("conflict")
    towns = {}
    for key, t in obs["towns"].items():
        holder = t["holder"]
        mover = conflict["mover"] if conflict and conflict["town"] == key and conflict["mover"] != holder else None
        towns[key] = {
            "holder": holder,
            "counter": players[holder]["counter"] if holder is not None else None,
            "besieged": t["besieged"],
            "tile": t["tax_tile"],
            "turned": t["turned"] if t["tax_tile"] is not None else None,
            "road": [p for p, pl in enumerate(players) if pl["road"] == key and pl["town"] is None],
            "mover": [] if mover is None else [mover],
        }
    rows = obs["storage"]["rows"]
    in_order = [r for store in ("royal", "civic") for r in rows if r["store"] == store]
    faceup = obs["civic_leaders"]["faceup"]
    return {
        "ring": obs["ring"],
        "towns": towns,
        "track": [[p, pl["influence"]] for p, pl in enumerate(players)],
        "players": [[pl["influence"], _held(pl["wagon"]), pl["horses"], pl["horse_tile"]] for pl in players],
        "hands": [
            [h["guards"], [c["card"] for c in h["civic_leaders"]]]
            for _, h in sorted(obs["hands"].items(), key=lambda kv: int(kv[0]))
        ],
        "supply": _held(obs["supply"]),
        "spaces": [sp["filled_by"] for r in in_order for sp in r["spaces"]],
        "chosen": [r["chosen_by"] for r in in_order],
        "faceup": {k: (c["card"] if c else None) for k, c in faceup.items()},
    }


# League of Six: the ring (each town's holder and its counter, the figures on its road or challenging it,
# the Hussites, the tax tile and its turn), the influence track, the player boards (influence, wagon,
# horses, hand) and the round's panel (supply, storage spaces filled, rows chosen, face-up civic leaders).
LEAGUE_DRAWN = """(n) => {
  const slider = document.querySelector('#replay-slider');
  const seats = (root, role) => [...root.querySelectorAll(`g.los-figure[data-role="${role}"]`)]
    .map((f) => Number(f.dataset.seat)).sort();
  const seatOr = (v) => (v === '' || v === undefined ? null : Number(v));
  const chips = (root) => Object.fromEntries([...root.querySelectorAll('.los-chip')]
    .map((c) => [c.dataset.good, Number(c.textContent)]));
  const out = [];
  for (let i = 0; i < n; i++) {
    slider.value = String(i);
    slider.dispatchEvent(new Event('input'));
    const map = document.querySelector('#replay-map');
    const ring = [];
    const towns = {};
    for (const g of map.querySelectorAll('g.los-town')) {
      const key = g.dataset.town;
      ring.push(key);
      const tile = g.querySelector('g.los-tile');
      const holder = seats(g, 'holder');
      const counter = g.querySelector('text.los-counter');
      towns[key] = {
        holder: holder.length ? holder[0] : null,
        counter: counter ? Number(counter.textContent) : null,
        besieged: g.querySelector('polygon.los-hex').getAttribute('fill') === 'url(#los-siege)',
        tile: tile ? Number(tile.dataset.tile) : null,
        turned: tile ? seatOr(tile.dataset.turned) : null,
        road: seats(g, 'road'),
        mover: seats(g, 'mover'),
      };
    }
    const track = [...map.querySelectorAll('g.los-track g.los-figure')]
      .map((f) => [Number(f.dataset.seat), Number(f.textContent)]).sort((a, b) => a[0] - b[0]);
    const rows = [...document.querySelectorAll('#replay-players tr[data-seat]')];
    const players = rows.map((tr) => {
      const [infl, horses] = [...tr.querySelectorAll('td.num')].map((td) => td.textContent);
      const [h, tile] = horses.split(' · ');
      return [Number(infl), chips(tr), Number(h), tile === undefined ? null : Number(tile)];
    });
    const hands = rows.map((tr) => {
      const hand = document.querySelector(`#replay-players [data-hand="${tr.dataset.seat}"]`);
      return [Number(hand.dataset.guards), hand.dataset.cards ? hand.dataset.cards.split(' ').map(Number) : []];
    });
    const board = document.querySelector('#replay-board');
    out.push({
      ring, towns, track, players, hands,
      supply: chips(board.querySelector('.los-supply')),
      spaces: [...board.querySelectorAll('.los-space')].map((sp) => seatOr(sp.dataset.filledBy)),
      chosen: [...board.querySelectorAll('[data-chosen-by]')].map((td) => seatOr(td.dataset.chosenBy)),
      faceup: Object.fromEntries([...board.querySelectorAll('[data-pile]')]
        .map((c) => [c.dataset.pile, seatOr(c.dataset.card)])),
    });
  }
  return out;
}"""

LEAGUE_PARTS = ("ring", "towns", "track", "players", "hands", "supply", "spaces", "chosen", "faceup")


def test_each_entry_of_a_league_of_six_replay_shows_the_engines_view_after_it(
    browser: Browser, served: tuple[str, str]
) -> None:
    """League of Six the same way: the ring, the influence track, the player boards and the round's panel."""
    game_id = _bots_game(served[0], {}, 13, game="league_of_six")
    views, drawn = _replay_drawn(browser, served, game_id, LEAGUE_DRAWN, "league_of_six")
    _compare(views, drawn, league_expected, LEAGUE_PARTS)
    # Every part of the board took part in the story: towns were held and lost, goods went to the
    # wagons and the stores, the civic leaders' piles were taken from.
    for part in ("towns", "players", "spaces", "faceup"):
        assert len({repr(d[part]) for d in drawn}) > 3, part


def history_event(obs: dict[str, Any], i: int) -> str:
    if obs.get("game") == "league_of_six":
        return f"entry {i}: round {obs['round']}, phase {obs['phase']}"
    return f"entry {i}: year {obs['year']}, {obs['season']}, phase {obs['phase']}"
