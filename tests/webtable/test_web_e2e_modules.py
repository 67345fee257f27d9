"""End to end in a real browser (Playwright driving Chromium) against a real server process: a person
plays, by clicking, a 2002 game and a 2012 game with all three modules against random bots to the
final scores. The module displays, the battle cards and the 2002 commitment must appear, and no
button may be labelled with a decision's JSON form."""

from __future__ import annotations

import re
from typing import Any

from browsing import choose_on_map, create_in_lobby, decide, my_turn_or_over, new_page, submit_plan
from playwright.sync_api import Browser, Page

JSON_LIKE = re.compile(r'[{}\[\]]|"\w+"\s*:|\b(?:plan_card|move_only|favour_county|leader_\w+|landsknechte)\b')


# The person's county card with the most armies among those next to a county not its own (read off the
# map's county titles, "Name: Red, 4 armies"), or null.
STRONGEST_BORDER_COUNTY = """async () => {
  const meta = await (await fetch('/api/meta/wallenstein')).json();
  const title = (k) => document.querySelector(`#map path[data-county='${k}'] title`).textContent;
  let best = null, most = 1;
  for (const b of document.querySelectorAll('#turn-body [data-card]:not(.used)')) {
    const c = meta.counties.find((x) => x.key === b.dataset.card);
    const m = c && title(c.key).match(/; Red, (\\d+) arm/);
    if (!m || !c.neighbours.some((n) => !title(n).includes('; Red,') && !title(n).includes('out of play'))) continue;
    if (Number(m[1]) > most) { most = Number(m[1]); best = c.key; }
  }
  return best;
}"""


class Person:
    """A person at the table: clicks the page's choices and notes what the page showed."""

    def __init__(self, browser: Browser) -> None:
        self.page = new_page(browser)
        self.errors: list[str] = self.page.errors  # type: ignore[attr-defined]
        self.phases: set[str] = set()
        self.labels: set[str] = set()
        self.seen: set[str] = set()  # module displays seen on the page
        self.replay_board = ""

    def create(
        self, base_url: str, edition: str, modules: tuple[str, ...], setup: str = "lineup", seed: int = 1
    ) -> None:
        """Create the game in the lobby with a chosen seed: with it the bots' decisions are fixed too, so
        the game (and what the assertions expect to happen in it) is the same on every run."""
        people_and_bots = ["local", "bot:random", "bot:random", "bot:random"]
        selects = {"edition": edition, "setup": setup}
        modules_ticked = [f"mod-{m}" for m in modules]
        create_in_lobby(self.page, base_url, people_and_bots, {0: "Ann"}, selects, modules_ticked, seed=str(seed))

    def my_turn_or_over(self) -> bool:
        return my_turn_or_over(self.page)

    def look(self) -> None:
        """Note the module displays on the page and every button label of the decision panel."""
        found = self.page.evaluate(
            """() => ({
              court: !!document.querySelector('#modules-body #court .favour, #modules-body #court table'),
              landsknechte: !!document.querySelector('#modules-body #landsknechte .lk-cards'),
              leaders: !!document.querySelector('#modules-body #leaders table'),
              leader_mark: !!document.querySelector('#map .leader-mark'),
              standin: [...document.querySelectorAll('#board .standin, #details .standin, #modules-body .standin')]
                .some((e) => e.textContent === 'stand-in'),
              edition2002: document.querySelector('#board').textContent.includes('2002 edition'),
              battle_card: !!document.querySelector('#log .battle-card'),
              labels: [...document.querySelectorAll('#turn-body button')].map((b) => b.textContent),
            })"""
        )
        self.labels.update(found.pop("labels"))
        self.seen.update(k for k, v in found.items() if v)

    def take_turn(self) -> None:
        """Make this page's pending decision by clicking, the way a person would, noting what the page showed."""
        self.look()
        self.phases.add(decide(self.page, self.by_hand))

    def by_hand(self, page: Page, before: int) -> bool:
        """A plan with an attack in it, an attack or a commitment once its odds show, a choice on the map."""
        if page.locator("#plan-fill").count():
            # One card placed by hand (card, then box), the rest with the helper button.
            if page.locator("#turn-body [data-box='bid']").count():
                page.locator("#turn-body [data-card='money:0']").click()
                page.locator("#turn-body [data-box='bid']").click()
            else:  # 2002: no bid; a blank card covers a box
                page.locator("#turn-body [data-card='blank#1']").click()
                page.locator("#turn-body [data-box='palace']").click()
            # A county card on Combat A, so that the person attacks too (the fill helper puts the
            # county cards on the first boxes).
            county = page.evaluate(STRONGEST_BORDER_COUNTY)
            if county:
                page.locator(f"#turn-body [data-card='{county}']").click()
                page.locator("#turn-body [data-box='combat_a']").click()
            page.click("#plan-fill")
            submit_plan(page, before)
        elif page.locator("#turn-body [data-target]", has_text="Attack").count():
            # An attack, chosen with its button: the odds must show before attacking.
            page.locator("#turn-body [data-target]", has_text="Attack").first.click()
            odds = page.locator("#odds:not(:has-text('estimating'))").inner_text()
            assert "win" in odds and "%" in odds, odds
            self.seen.add("odds")
            page.click("#move-go")
        elif page.locator("#commit-go").count():
            odds = page.locator("#odds:not(:has-text('estimating'))").inner_text()
            assert "%" in odds, odds
            self.seen.add("commit_odds")
            page.click("#commit-go")
        elif page.locator("#map path.target").count():
            choose_on_map(page, before)  # on the map, with the keyboard
        else:
            return False
        return True

    def play_to_the_end(self) -> None:
        while self.my_turn_or_over():
            self.take_turn()
        self.look()
        final = self.page.locator("#final").inner_text()
        assert "Final scores" in final and "winner" in final and "Ann" in final
        assert self.page.locator("#log").inner_text().count("Scoring, year") == 2
        # The replay viewer draws the same displays and battle cards from the chosen view.
        self.page.click("#tab-replay")
        self.page.click("#replay-load")
        self.page.wait_for_function("() => document.querySelector('#replay-pos').textContent.startsWith('view 1 of')")
        self.page.focus("#replay-slider")  # the replay opens at the start: go to the end
        self.page.keyboard.press("End")
        self.page.wait_for_selector("#replay-log .battle-card")
        self.page.locator("#replay-slider").fill("60")
        self.page.wait_for_selector("#replay-board p")
        self.replay_board = self.page.locator("#replay-board").inner_text()
        assert not self.errors


def no_json(labels: set[str]) -> list[str]:
    return sorted(label for label in labels if JSON_LIKE.search(label))


def test_a_person_plays_the_2002_edition_against_bots(browser: Browser, base_url: str) -> None:
    ann = Person(browser)
    ann.create(base_url, "2002", ())
    ann.play_to_the_end()
    assert {"planning", "move", "commit"} <= ann.phases  # the defender's commitment was a decision
    assert {"edition2002", "standin", "battle_card", "odds", "commit_odds"} <= ann.seen
    assert any(label.startswith("Throw in") for label in ann.labels)
    assert not no_json(ann.labels), no_json(ann.labels)
    log = ann.page.locator("#log").inner_text()
    assert "gold" in log and "thaler" not in log  # the 2002 edition's words
    assert "2002 edition" in ann.replay_board


def test_a_person_plays_all_three_modules_against_bots(browser: Browser, base_url: str) -> None:
    ann = Person(browser)
    ann.create(base_url, "2012", ("emperors_court", "landsknechte", "military_leaders"))
    ann.play_to_the_end()
    assert {"planning", "position", "court", "leader_place", "leader_move", "move"} <= ann.phases
    assert {"court", "landsknechte", "leaders", "leader_mark", "standin", "battle_card", "odds"} <= ann.seen
    assert any(label.startswith("Take favour #") for label in ann.labels)
    assert any(label.startswith("Place the leader in") for label in ann.labels) or "leader_place" in ann.phases
    assert not no_json(ann.labels), no_json(ann.labels)
    assert "The Emperor's Court" in ann.replay_board and "Military leaders" in ann.replay_board
    # The module displays fit a phone (a spectator's page of the same game).
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(ann.page.url)
    phone.wait_for_selector("#modules-body #court", state="attached")
    phone.click("#dt-dock-modules")  # the module displays are a tab of the dock, opened in place
    phone.wait_for_selector("#modules-body #court")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 400


def test_a_person_drafts_counties_and_decides_where_the_leader_stands(browser: Browser, base_url: str) -> None:
    ann = Person(browser)
    ann.create(base_url, "2012", ("military_leaders",), setup="draft")
    while ann.my_turn_or_over() and ann.page.locator("#turn-body").get_attribute("data-phase") != "planning":
        ann.take_turn()
    assert {"draft_pick", "draft_group", "leader_draft"} <= ann.phases
    assert any(label.startswith(("Put the leader in", "Keep the leader")) for label in ann.labels)
    ann.look()
    assert "leader_mark" in ann.seen  # every seat's leader stands on the map once the draft is over
    assert not no_json(ann.labels), no_json(ann.labels)
    assert not ann.errors


def test_no_decision_label_is_json(browser: Browser, base_url: str) -> None:
    """Every decision of every edition and module, labelled by the page's own describe()."""
    from wallenstein import actions
    from wallenstein.actions import Action

    examples: list[dict[str, Any]] = [
        {"type": "plan_card", "box": "convert3", "card": "tower"},
        {"type": "plan", "boxes": {}, "bid": None},
        {"type": "position", "position": 2},
        {"type": "move", "to": "mark", "armies": 2},
        {"type": "move_only", "to": "mark", "armies": 1},
        {"type": "stay"},
        {"type": "commit", "armies": 0},
        {"type": "draft_take", "county": "mark"},
        {"type": "draft_deck"},
        {"type": "draft_refresh"},
        {"type": "draft_group", "armies": 3},
        {"type": "revolt_next", "county": "mark"},
        {"type": "favour", "card": 8},
        {"type": "favour_pass"},
        {"type": "favour_county", "county": "mark"},
        {"type": "favour_event", "remove": True},
        {"type": "favour_event", "remove": False},
        {"type": "landsknechte", "benefit": "armies"},
        {"type": "leader_place", "county": "mark"},
        {"type": "leader_move", "county": "mark"},
        {"type": "leader_draft", "place": True},
        {"type": "leader_draft", "place": False},
    ]
    for ex in examples:
        Action.from_json(ex)  # each example is a real decision
    kinds = {v for k, v in vars(actions).items() if k.isupper() and isinstance(v, str) and k != "PLAN_SEQUENCE"}
    assert kinds == {ex["type"] for ex in examples}  # every kind of decision the engine knows
    ann = Person(browser)
    ann.create(base_url, "2012", ())
    ann.page.wait_for_selector("#plan-fill")
    labels: list[str] = ann.page.evaluate(
        "(xs) => xs.map((a) => window.GamePages.wallenstein.describe(a, null))", examples
    )
    assert len(labels) == len(examples)
    assert all(labels), labels
    assert not [label for label in labels if " · " in label], labels  # none falls back to the generic form
    assert not no_json(set(labels)), no_json(set(labels))
