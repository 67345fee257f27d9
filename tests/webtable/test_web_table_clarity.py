"""What the browser table shows a person, in Chromium against a real server (issue 17): armies moving
in the playback of others' actions, why "Fill empty boxes" gives a box no action, why a move has no
pass (W-16), the optional turn sound, and the wide tables fitting in German. Each test of a change
failed before it."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from browsing import DECIDING, TIMEOUT, create_in_lobby, my_turn_or_over, new_page
from playwright.sync_api import Browser, Page
from test_web_e2e import take_turn

from webtable.views import apply_merge_patch

# Every army marker the playback sends across the map, recorded as it is added: where from and to,
# how many, and whether it is animated.
RECORD_MOVES = """
window.__moves = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && n.classList.contains('army-moving')) window.__moves.push(
      {from: n.dataset.from, to: n.dataset.to, armies: Number(n.dataset.armies), animated: n.getAnimations().length});
  }
}).observe(document, {childList: true, subtree: true});
"""

# A stand-in AudioContext that counts the tones started (no sound card on a test machine).
STUB_AUDIO = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; this.state = 'running'; }
  resume() { return Promise.resolve(); }
  createOscillator() { return { frequency: {}, connect() {}, start() { window.__tones++; }, stop() {} }; }
  createGain() { return { gain: {}, connect() {} }; }
};
"""


def _frames(page: Page) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: got.append(json.loads(f))))
    return got


def _last_obs(frames: list[dict[str, Any]]) -> dict[str, Any]:
    obs: dict[str, Any] = next(f for f in reversed(frames) if f.get("type") == "state")["obs"]
    return obs


def _told_obs(frames: list[dict[str, Any]], told: int) -> dict[str, Any]:
    """The public observation after log entry ``told``: the entries' "after" merge patches applied in
    turn, as the page does (a null member is absent)."""
    entries: dict[int, dict[str, Any]] = {}
    for f in frames:
        if f.get("type") == "state":
            entries.update({f["log_from"] + i: e for i, e in enumerate(f["log"])})
    snap: Any = {}
    for i in range(told + 1):
        snap = apply_merge_patch(snap, entries[i]["after"])
    obs: dict[str, Any] = snap["obs"]
    return obs


def _armies_drawn(page: Page, obs: dict[str, Any]) -> None:
    """Wait until every army disc on the map (not the moving marker) holds what ``obs`` says."""
    want = {k: str(c["armies"]) for k, c in obs["counties"].items() if c.get("owner") is not None and c.get("armies")}
    page.wait_for_function(
        """(want) => {
          const got = {};
          for (const g of document.querySelectorAll('#map > g:not(#army-anim) .army')) {
            got[g.dataset.county] = g.textContent;
          }
          const keys = Object.keys(want);
          return Object.keys(got).length === keys.length && keys.every((k) => got[k] === want[k]);
        }""",
        arg=want,
    )


def _trips(frames: list[dict[str, Any]]) -> set[tuple[str, str, int]]:
    """Every army trip the public log tells: (from county or "supply", to county, armies)."""
    out: set[tuple[str, str, int]] = set()
    for f in frames:
        for entry in f.get("log", []) if f.get("type") == "state" else []:
            e = entry["event"]
            if e["e"] in ("move", "battle"):
                out.add((e["origin"], e["county"], e["armies"]))
            elif e["e"] == "action" and str(e["action"]).startswith("deploy") and e.get("armies"):
                out.add(("supply", e["county"], e["armies"]))
    return out


def test_armies_move_across_the_map_at_normal_speed_and_not_at_instant(browser: Browser, base_url: str) -> None:
    """Paused, each step plays one entry: a deploy or a move sends a marker with the armies across the
    map (an animation), while the map underneath already shows the exact state; at the instant speed
    no marker moves."""
    page = new_page(browser, playback=True)  # normal speed
    page.add_init_script(RECORD_MOVES)
    frames = _frames(page)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    page.click("#play-pause")
    queued = "() => Number(document.body.dataset.playQueue)"
    for _ in range(20):  # decisions until armies move (each waits behind what was queued, told step by step)
        page.wait_for_function(f"() => {DECIDING}")
        take_turn(page)
        page.wait_for_function(f"() => ({queued})() > 0 || {DECIDING}")
        while not page.evaluate("() => window.__moves.length") and page.evaluate(queued) > 0:
            shown = page.locator("#log > *").count()
            page.click("#play-step")
            assert page.locator("#log > *").count() <= shown + 1  # one entry a step, never more
        if page.evaluate("() => window.__moves.length"):
            break
    moves = page.evaluate("() => window.__moves")
    assert len(moves) == 1 and moves[0]["animated"] == 1, moves
    move = moves[0]
    assert (move["from"], move["to"], move["armies"]) in _trips(frames)
    # Underneath, the map shows the state after the entry being told (issue 29: the board tells the
    # story), not the final one, and the decision waits until the playback reaches it.
    told = page.evaluate("() => document.body.dataset.told")
    if told:  # (more entries queued after the move)
        assert page.locator("#turn-h").inner_text() != "Your move"  # no decision opens while an entry is told
        _armies_drawn(page, _told_obs(frames, int(told)))
        page.click("#play-skip")  # skipping ends what was moving: only the exact map is left
        assert page.locator("#army-anim > *").count() == 0
    my_turn_or_over(page)  # the decision opens: the map shows the last state
    _armies_drawn(page, _last_obs(frames))
    assert page.locator("#army-anim > *").count() == 0
    assert not page.errors  # type: ignore[attr-defined]

    instant = new_page(browser)  # the instant speed (browsing.INSTANT)
    instant.add_init_script(RECORD_MOVES)
    create_in_lobby(instant, base_url, ["local", "bot:random", "bot:random"], seed="21")
    instant.wait_for_selector("#plan-fill")
    take_turn(instant)
    my_turn_or_over(instant)  # the season's actions up to this seat's next decision have been shown
    assert instant.evaluate("() => window.__moves") == []
    assert instant.evaluate("() => document.body.dataset.armyMoves") is None
    assert not instant.errors  # type: ignore[attr-defined]


def _place(page: Page, card: str, box: str) -> None:
    page.locator(f"#turn-body [data-card='{card}']").click()
    page.locator(f"#turn-body [data-box='{box}']").click()


def _slots(page: Page) -> dict[str, str]:
    """What each box of the planning mat holds, as shown."""
    slots: dict[str, str] = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#turn-body [data-box]')]"
        ".map((b) => [b.dataset.box, b.querySelector('.slot').textContent]))"
    )
    return slots


def test_fill_empty_boxes_says_why_a_box_gets_no_action(browser: Browser, base_url: str) -> None:
    """Spring: a bid of 4 and two costly boxes planned by hand leave too little money, and "Fill empty
    boxes" gives the boxes it cannot pay no action and says so. Summer: every county of 2 or more
    armies planned by hand, the combat boxes get no action, with the reason (W-16); in English and in
    German. The fill never plans beyond the thalers held."""
    page = new_page(browser)
    frames = _frames(page)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random", "bot:random"], seed="21")
    page.wait_for_selector("#plan-fill")
    obs = _last_obs(frames)
    mine = [k for k, c in obs["counties"].items() if c["owner"] == 0]
    thalers = obs["players"][0]["thalers"]
    _place(page, "money:4", "bid")
    _place(page, mine[0], "palace")
    _place(page, mine[1], "deploy5")
    page.click("#plan-fill")
    notes = page.locator("#plan-fill-notes li").all_inner_texts()
    slots = _slots(page)
    money_boxes = [b for b, c in slots.items() if b != "bid" and c.split()[0].isdigit()]
    assert money_boxes and len(notes) == len(money_boxes), (notes, slots)  # each box without action is told
    # This seed (4 players, 15 thalers): after a bid of 4, the palace, 5 armies, the church, the trading
    # post and 3 armies, nothing is left for "Deploy 1 army and move".
    assert any(n.startswith("Deploy 1 army and move: ") and "no money left for it" in n for n in notes), notes
    costs = {a["name"]: a["cost"] for a in httpx.get(base_url + "/api/meta/wallenstein").json()["actions"]}
    assert 4 + sum(costs[b] for b, c in slots.items() if b != "bid" and b not in money_boxes) <= thalers
    page.locator("#plan-submit:not([disabled])").click()
    page.wait_for_function("() => !document.querySelector('#plan-fill')")

    while my_turn_or_over(page) and not page.locator("#plan-fill").count():
        take_turn(page)  # the spring's moves, up to the summer's planning
    obs = _last_obs(frames)
    mine = [k for k, c in obs["counties"].items() if c["owner"] == 0]
    strong = [k for k in mine if obs["counties"][k]["armies"] >= 2]
    hand_boxes = ["tax", "grain", "trading_post", "deploy1_move", "church", "deploy3", "palace", "deploy5"]
    # This seed's summer: 6 counties of 2 or more armies (two money cards go by hand, two are left
    # for the combats after the bid's), and counties of 1 army.
    assert len(strong) == 6 < len(mine), (strong, mine)

    def plan_by_hand_and_fill() -> list[str]:
        # The counties of 2 or more armies, then money cards, on every box but the bid and the combats:
        # only counties of 1 army are left for those.
        cards = strong + [f"money:{4 - i}" for i in range(len(hand_boxes) - len(strong))]
        for card, box in zip(cards, hand_boxes, strict=True):
            _place(page, card, box)
        page.click("#plan-fill")
        slots = _slots(page)
        assert all(slots[b].split()[0].isdigit() for b in ("combat_a", "combat_b")), slots  # a money card
        notes: list[str] = page.locator("#plan-fill-notes li").all_inner_texts()
        return notes

    notes = plan_by_hand_and_fill()
    assert any(
        n.startswith("Combat/Movement A: ") and "no county of yours left holds 2 or more armies" in n for n in notes
    ), notes
    assert any(n.startswith("Combat/Movement B: ") for n in notes)
    assert page.locator("#plan-fill-notes").is_visible()
    page.evaluate("() => localStorage.setItem('wt:lang', 'de')")
    page.reload()
    page.wait_for_selector("#plan-fill")
    page.get_by_role("button", name="Leeren", exact=True).click()
    notes = plan_by_hand_and_fill()
    assert any(
        n.startswith("Kampf/Bewegung A: ") and "keines deiner übrigen Länder hat 2 oder mehr Armeen" in n for n in notes
    ), notes
    assert page.locator("#plan-fill-notes p").inner_text().startswith("„Auffüllen“ hat")
    assert page.evaluate("() => [...WT.missing]") == []
    assert not page.errors  # type: ignore[attr-defined]


def test_a_move_says_why_it_has_no_pass(browser: Browser, base_url: str) -> None:
    """A Combat/Movement move has no "stay" button and says why (compulsory, ruling W-16); the move of
    "Deploy 1 army and move" may stay and says nothing of the kind."""
    page = new_page(browser)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"], seed="21")
    seen: dict[str, bool] = {}
    while my_turn_or_over(page) and len(seen) < 2:
        phase = page.locator("#turn-body").get_attribute("data-phase")
        if phase == "move":
            stay = page.locator("#turn-body button[data-action='stay']").count()
            no_pass = page.locator("#no-pass")
            if stay:
                assert no_pass.count() == 0
                seen["deploy1"] = True
            else:
                assert "Combat/Movement is compulsory" in no_pass.inner_text()
                assert "(ruling W-16)" in no_pass.inner_text()
                seen["combat"] = True
        take_turn(page)
    assert seen == {"deploy1": True, "combat": True}
    assert not page.errors  # type: ignore[attr-defined]


def test_the_turn_sound_is_off_by_default_and_a_kept_choice(browser: Browser, base_url: str) -> None:
    """The tone that says "your turn" is off at first; ticked, it plays once (so the person hears it),
    the choice is kept over a reload and the tone plays when the page finds it is this seat's turn;
    unticked, no tone."""
    page = new_page(browser)
    page.add_init_script(STUB_AUDIO)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"])
    page.wait_for_selector("#plan-fill")
    assert page.title().startswith("●")  # the tab says it is this seat's turn ...
    assert not page.is_checked("#sound")
    assert page.evaluate("() => window.__tones") == 0  # ... without a sound
    page.check("#sound")
    assert page.evaluate("() => window.__tones") == 1  # a sample of the tone when it is ticked
    page.reload()
    page.wait_for_selector("#plan-fill")
    assert page.is_checked("#sound")
    page.wait_for_function("() => window.__tones === 1")  # this seat's turn, found on opening the page
    page.uncheck("#sound")
    page.reload()
    page.wait_for_selector("#plan-fill")
    assert not page.is_checked("#sound")
    time.sleep(0.3)
    assert page.evaluate("() => window.__tones") == 0
    assert not page.errors  # type: ignore[attr-defined]


OUTSIDE = """(sel) => [...document.querySelectorAll(sel + ' th, ' + sel + ' td')].filter((c) => {
  const r = c.getBoundingClientRect(); const p = c.closest('.panel').getBoundingClientRect();
  return r.width > 0 && !c.closest('details:not([open])') && (r.right > p.right + 1 || r.left < p.left - 1);
}).map((c) => c.textContent)"""


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_the_wide_tables_keep_every_column_in_german_and_english(browser: Browser, base_url: str, locale: str) -> None:
    """At 1440 and 1400 px, five players: the Players table keeps its last column ("Platz · Vorteil"),
    and after the game the regions, forecast, winter score tables and the final scores keep their VP
    column, in German as in English. A finished bot game watched from its start shows them all."""
    seats = [
        {"type": "bot", "bot": "random", "name": n} for n in ("Annemarie", "Bartholomäus", "Cid", "Dörte", "Eberhard")
    ]
    gid = httpx.post(base_url + "/api/games", json={"game": "wallenstein", "seats": seats, "seed": 3}).json()["id"]
    page = new_page(browser, width=1440, height=900, locale=locale)
    page.goto(f"{base_url}/game/{gid}")
    page.wait_for_selector("#players table")
    page.click("#dt-dock-standings")  # the regions and forecast tab of the dock
    for width in (1440, 1400):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(OUTSIDE, "#players") == [], f"the Players table lost a column at {width} px"
        assert page.evaluate(OUTSIDE, "#standings-body") == [], f"a Season table lost a column at {width} px"
    deadline = time.monotonic() + TIMEOUT / 1000
    while httpx.get(f"{base_url}/api/games/{gid}").json()["status"] != "over" and time.monotonic() < deadline:
        time.sleep(0.2)
    page.reload()  # the whole game at once: the last winter's score table opens in the report panel
    page.wait_for_selector("#final")
    page.wait_for_function("() => document.querySelectorAll('#report-body table').length >= 1")
    page.click("#dt-dock-standings")
    for width in (1440, 1400):
        page.set_viewport_size({"width": width, "height": 900})
        for panel in ("#players", "#board", "#standings-body", "#report", "#turn"):
            assert page.evaluate(OUTSIDE, panel) == [], f"{panel} lost a column at {width} px ({locale})"
    assert page.evaluate("() => [...WT.missing]") == []
    assert not page.errors  # type: ignore[attr-defined]
