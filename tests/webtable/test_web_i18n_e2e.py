"""The table in German and the guided first game, end to end in Chromium (issue 15).

A browser whose language is German gets the German lobby, table help and narrated log by default and
plays a whole game against bots by clicking, with no catalogue message missing (``WT.missing``), and so
does a German game with all three modules, one of the 2002 edition and one of League of Six; the
guided first game is played by clicking through its first year, step by step, and can be left; the
rules reference page searches in both languages. At every German decision the visible page is checked
for English words: any word of the English catalogue that the German catalogues never use (so a label
left hard-coded in English, or an English label the server sent, is caught). The help the page draws
for every decision the engines ask (both games, both editions, every module) is checked in English and
German."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from browsing import (
    acks,
    assert_one_screen,
    fill_plan,
    first_plan_stale,
    new_page,
    submit_plan,
    tamper_acts,
    wait_drawn,
)
from playwright.sync_api import Browser, Page
from test_web_e2e import take_turn
from test_web_los_e2e import take_turn as take_league_turn


def german_page(browser: Browser, locale: str = "de-DE") -> Page:
    """A fresh page whose browser language is ``locale`` (no language chosen in the page yet)."""
    return new_page(browser, locale=locale)


def decide_or_over(page: Page) -> bool:
    """Wait until this page must decide (the help panel names the decision) or the game is over.
    Language-neutral: help.js marks the decision shown in ``body.dataset.helpKind``."""
    page.wait_for_function("() => document.querySelector('#final') || document.body.dataset.helpKind")
    return page.locator("#final").count() == 0


def click_decision(page: Page) -> str:
    """Make the pending decision by clicking, as a person would; returns the help kind it was."""
    kind = str(page.evaluate("() => document.body.dataset.helpKind"))
    assert_one_screen(page)
    if page.locator("#los-set").count():
        take_league_turn(page)
    elif page.locator("#plan-fill").count():
        plan(page)
    else:
        take_turn(page)
    return kind


def plan(page: Page) -> None:
    """Plan: a 0-thaler bid by hand (2012; 2002 has no bid), the rest with the fill helper, then submit
    (the bots' plans meanwhile never make it stale)."""
    before = acks(page)
    fill_plan(page)
    submit_plan(page, before)


LOCALES = Path(__file__).resolve().parents[2] / "src" / "webtable" / "static" / "locales"
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")


def words_of(lang: str) -> set[str]:
    """Every word (four letters or more, lower case) of a language's page catalogues."""
    out: set[str] = set()
    for path in (LOCALES / lang).glob("*.json"):
        for msg in json.loads(path.read_text(encoding="utf-8")).values():
            for text in msg.values() if isinstance(msg, dict) else [msg]:
                out.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", " ", str(text))))
    return out


# English words a German page must not show: the English catalogue's words that German never uses.
ENGLISH_ONLY = sorted(words_of("en") - words_of("de"))
# The page's words that are English only: visible text, tooltips, screen-reader labels, placeholders and
# the tab's title. The rules help cites each rulebook by its own section titles (the English rulebook's in
# English): those citations are not the page's words.
ENGLISH_SHOWN = """(english) => {
  const seen = new Set(english);
  const attrs = (name) => Array.from(document.querySelectorAll(`[${name}]`), (e) => e.getAttribute(name)).join(' ');
  const shown = [document.body.innerText, document.title, attrs('title'), attrs('aria-label'), attrs('placeholder')];
  let text = shown.join(' ');
  for (const cite of document.querySelectorAll('.help-source')) text = text.split(cite.innerText).join(' ');
  const words = (text.match(/[A-Za-zÄÖÜäöüß]{4,}/g) || []).map((w) => w.toLowerCase());
  return [...new Set(words)].filter((w) => seen.has(w));
}"""


def english_shown(page: Page) -> list[str]:
    return sorted(page.evaluate(ENGLISH_SHOWN, ENGLISH_ONLY))


def missing(page: Page) -> list[str]:
    return sorted(page.evaluate("() => [...WT.missing]"))


def fill_lobby(page: Page, base_url: str, players: str = "3", **options: Any) -> None:
    """The lobby's form for a game of ``players`` against random bots (``options``: game, edition, setup,
    modules, seed, name), filled in as a person would; the caller creates it."""
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-2")
    if "game" in options:
        page.select_option("#game", options["game"])
    page.select_option("#players", players)
    for field in ("edition", "setup"):
        if field in options:
            page.select_option(f"#{field}", options[field])
    for m in options.get("modules", ()):
        page.check(f"#mod-{m}")
    for seat in range(1, int(players)):
        page.select_option(f"#seat-{seat}", "bot:random")
    if "name" in options:
        page.fill("#name-0", options["name"])
    if "seed" in options:
        page.fill("#seed", options["seed"])


def test_a_german_browser_plays_a_whole_game_in_german(browser: Browser, base_url: str) -> None:
    page = german_page(browser)
    fill_lobby(page, base_url, name="Anna")
    assert page.locator("#create-btn").inner_text() == "Partie erstellen"
    assert page.locator("#lang").input_value() == "de"
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    kinds: set[str] = set()
    helped: set[str] = set()
    english: dict[str, str] = {}  # English word -> the decision where it showed first
    while decide_or_over(page):
        helped.add(page.locator("#help-body summary").first.inner_text())
        for w in english_shown(page):
            english.setdefault(w, str(page.evaluate("() => document.body.dataset.helpKind")))
        kinds.add(click_decision(page))
    for w in english_shown(page):
        english.setdefault(w, "final")
    assert english == {}, f"English words on the German page: {english}"
    assert {"plan", "position"} <= kinds
    assert "Planung: eine Länderkarte je Aktion" in helped and "Wähle deinen Platz in der Spielerreihenfolge" in helped
    log = page.locator("#log").inner_text()
    assert log.count("Wertung, Jahr") == 2 and "Spielende" in log and "Scoring" not in log
    assert missing(page) == []
    assert not page.errors  # type: ignore[attr-defined]
    # The replay of the finished game is narrated in German too.
    page.click("#tab-replay")
    page.click("#replay-load")
    page.wait_for_function("() => Number(document.querySelector('#replay-slider').max) > 0")
    page.focus("#replay-slider")
    page.keyboard.press("End")  # the replay opens at the start; the end holds the scoring
    page.wait_for_function("() => document.querySelector('#replay-log').textContent.includes('Wertung, Jahr')")
    # The rules reference, searchable, in German; switching the page to English is remembered.
    page.goto(base_url + "/rules?q=W-16")
    page.wait_for_selector(".rule:not([hidden])")
    shown = page.locator(".rule:not([hidden]) h3").all_inner_texts()
    assert "Kampf/Bewegung: du musst ziehen" in shown and len(shown) < 6
    assert "Bewegen und Kämpfen (2002): du musst ziehen" in shown  # the edition named once
    page.select_option("#lang", "en")
    page.wait_for_selector(".rule:not([hidden])")
    page.fill("#rules-search", "tower")
    assert "How the tower decides a battle" in page.locator(".rule:not([hidden]) h3").all_inner_texts()
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


# A German game of each other kind, played to its end by clicking: every module's panels and decisions,
# the 2002 edition's own words, League of Six's ring and stores (seeds fixed, so each run meets the same).
GERMAN_GAMES: dict[str, dict[str, Any]] = {
    "modules": dict(
        players="4", setup="draft", modules=("emperors_court", "landsknechte", "military_leaders"), seed="7"
    ),
    "2002": dict(players="3", edition="2002", seed="5"),
    "league_of_six": dict(players="3", game="league_of_six", seed="3"),
}
GERMAN_KINDS = {
    "modules": {"draft", "plan", "position", "favour", "landsknechte", "leader_draft", "leader_move"},
    "2002": {"plan", "commit", "deploy_move"},
    "league_of_six": {"choose", "offer", "rotate", "row"},
}


# The map's one-letter marks and the catalogue messages they come from: buildings (P, K, H), the ring's
# guards and horses (W, P) and the players' figures (R, Ge, Gr, ...).
LETTERS = {
    "wallenstein": {},  # (buildings are drawn pieces, the same in every language: checked below)
    "league_of_six": {"#map text.los-sym": "league_of_six.letter_", "#map text.los-fig-text": "common.colour_initial."},
}


def german_letters(family: str) -> set[str]:
    de: dict[str, object] = {}
    for path in (LOCALES / "de").glob("*.json"):
        de.update(json.loads(path.read_text(encoding="utf-8")))
    # Figures on the influence track show numbers instead of initials.
    return {str(v) for k, v in de.items() if k.startswith(family)} | {str(n) for n in range(100)}


@pytest.mark.parametrize("kind", list(GERMAN_GAMES))
def test_german_games_with_the_modules_the_2002_edition_and_league_of_six(
    browser: Browser, base_url: str, kind: str
) -> None:
    options = GERMAN_GAMES[kind]
    page = german_page(browser)
    fill_lobby(page, base_url, **options)
    assert english_shown(page) == []
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    kinds: set[str] = set()
    english: dict[str, str] = {}
    other_words: set[str] = set()  # the 2002 edition pays in gold: no Taler on its page
    while decide_or_over(page):
        for w in english_shown(page):
            english.setdefault(w, str(page.evaluate("() => document.body.dataset.helpKind")))
        if kind == "2002":
            text = page.locator("body").inner_text()
            other_words |= {line for line in text.splitlines() if "Taler" in line}
        kinds.add(click_decision(page))
    assert other_words == set(), f"2012 words on the 2002 page: {sorted(other_words)[:5]}"
    for w in english_shown(page):
        english.setdefault(w, "final")
    assert english == {}, f"English words on the German page: {english}"
    assert GERMAN_KINDS[kind] <= kinds
    # The one-letter marks on the map are German initials too (a word check cannot see them).
    for marks, family in LETTERS[options.get("game", "wallenstein")].items():
        shown = set(page.locator(marks).all_text_contents())
        assert shown and shown <= german_letters(family), f"{marks}: {shown}"
    if options.get("game", "wallenstein") == "wallenstein":
        drawn = set(page.locator("#map .bldg-icon").evaluate_all("(gs) => gs.map((g) => g.dataset.building)"))
        assert drawn and drawn <= {"palace", "church", "trading_post"}, drawn
    log = page.locator("#log").inner_text()
    assert "Spielende" in log and "Game over" not in log
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


def test_a_stale_decision_is_refused_in_german_and_made_again(browser: Browser, base_url: str) -> None:
    """The server refuses a decision made on a state the game has left for this seat (here a version it
    has not reached): the page says so in its language and the plan, left as it was, can be submitted
    again."""
    page = german_page(browser)
    tampered = first_plan_stale(page)
    fill_lobby(page, base_url, seed="4")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#plan-fill")
    page.wait_for_function("() => Number(document.body.dataset.drawnAcks || 0) === 0")
    before = acks(page)
    fill_plan(page)
    page.locator("#plan-submit:not([disabled])").click()
    stale = page.locator("#plan-stale").inner_text()
    assert tampered and stale.startswith("Das Spiel ist weitergegangen") and english_shown(page) == []
    page.locator("#plan-submit:not([disabled])").click()  # the same plan, checked again, goes through
    wait_drawn(page, before, "planning")
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


def test_lobby_and_socket_refusals_are_worded_in_german(browser: Browser, base_url: str) -> None:
    """The server's refusals reach a German page in German: a lobby form the server refuses (a person's
    name that looks like a bot's), an engine's refusal of a decision sent over the socket (after the
    page's "Abgelehnt" lead-in) and a connection refused for a wrong token, each from its code."""
    page = german_page(browser)
    fill_lobby(page, base_url, name="Robot", seed="4")
    page.click("#create-btn")
    page.wait_for_selector("#create-msg.error")
    lobby = page.locator("#create-msg").inner_text()
    assert lobby == "Platz 1: der Name einer Person darf nicht wie der eines Bots aussehen.", lobby
    assert english_shown(page) == []

    def another_phase(msg: dict[str, Any]) -> bool:
        msg["action"] = {"type": "position", "position": 1}  # as if the page had sent a decision of another phase
        return True

    tamper_acts(page, another_phase)
    page.fill("#name-0", "Anna")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#plan-fill")
    fill_plan(page)
    page.locator("#plan-submit:not([disabled])").click()
    page.wait_for_selector("#turn-msg.error")
    refused = page.locator("#turn-msg").inner_text()
    assert refused == "Abgelehnt, nichts wurde geändert: Das ist keine Entscheidung der laufenden Phase.", refused
    assert english_shown(page) == [] and missing(page) == []

    game = page.url.rsplit("/", 1)[1]
    other = german_page(browser)
    other.goto(base_url + "/")
    other.evaluate(
        f"() => localStorage.setItem('wt:{game}', JSON.stringify({{tokens: {{0: 'no-such-token'}}, local: [0]}}))"
    )
    other.goto(base_url + "/game/" + game)
    other.wait_for_function("() => document.getElementById('status').textContent.includes('Link')")
    assert other.locator("#status").inner_text() == "Dieser Link öffnet keinen Platz dieser Partie."
    assert missing(other) == [] and not page.errors and not other.errors  # type: ignore[attr-defined]


def card_hides_of_spot(page: Page) -> float:
    """The area (px^2) of the part of the table the guide points at that its card covers, within the window."""
    return float(
        page.evaluate("""() => {
        const c = document.querySelector('#guide').getBoundingClientRect();
        const t = document.querySelector('.guide-spot').getBoundingClientRect();
        const x = Math.min(c.right, t.right, innerWidth) - Math.max(c.left, t.left, 0);
        const y = Math.min(c.bottom, t.bottom, innerHeight) - Math.max(c.top, t.top, 0);
        return Math.max(0, x) * Math.max(0, y);
    }""")
    )


# The guide's part of the table within the window: its box cut to the window's (zero: out of sight).
SPOT_IN_VIEW = """() => { const t = document.querySelector('.guide-spot').getBoundingClientRect();
    const x = Math.min(t.right, innerWidth) - Math.max(t.left, 0);
    const y = Math.min(t.bottom, innerHeight) - Math.max(t.top, 0);
    return Math.max(0, x) * Math.max(0, y) / Math.max(1, Math.min(t.width * t.height, innerWidth * innerHeight)); }"""
# Places the old layout's texts named (the player boards "on the right", "Rules help" "below", the winter's
# losses on "this panel", the track, which shows the action cards first): the boards run along the top now,
# the decision and the track sit beside the map on a laptop, below it on a phone.
WRONG_PLACES = {
    "en-GB": ("on the right", "below", "top right", "this panel"),
    "de-DE": ("rechts", "unten", "diese Tafel"),
}


@pytest.mark.parametrize(("width", "height", "locale"), [(1366, 768, "en-GB"), (390, 844, "de-DE")])
def test_the_guided_first_game_is_completed_by_clicking(
    browser: Browser, base_url: str, tmp_path: Path, width: int, height: int, locale: str
) -> None:
    """Every step's part of the table is in view while its card is read (at a laptop's and a phone's size),
    and no step's text points at a place where the part is not."""
    page = new_page(browser, width, height, locale=locale)
    page.goto(base_url + "/")
    page.click("#guide-btn")
    page.wait_for_url("**/game/*")
    steps: list[str] = []
    while True:
        page.wait_for_function(
            "() => document.querySelector('#guide') || document.body.dataset.guide === 'finished'"
            " || (document.body.dataset.helpKind"
            " && document.body.dataset.drawnAcks === (document.body.dataset.acks || '0'))"
        )
        if page.evaluate("() => document.body.dataset.guide") == "finished":
            break
        if page.locator("#guide").count():
            step = page.evaluate("() => document.body.dataset.guide")
            assert page.locator(".guide-spot").count() == 1  # the step points at one part of the table
            assert card_hides_of_spot(page) == 0, step  # and the card leaves that part in sight
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            assert page.evaluate(SPOT_IN_VIEW) >= 0.25, step  # (a quarter at least: the map is taller than a phone)
            text = page.locator("#guide").inner_text()
            assert not [p for p in WRONG_PLACES[locale] if p in text], (step, text)
            page.screenshot(path=str(tmp_path / f"guide-{step}-{width}x{height}.png"))
            if step == "winter":  # told while the fall's grain can still be planned, not after the winter
                assert page.locator("#guide").get_attribute("data-season") == "1 fall"
            steps.append(step)
            page.click("#guide-next")
            continue
        click_decision(page)
    assert steps[0] == "welcome" and steps[-1] == "score"
    assert {"plan", "bids", "position", "actions", "battle", "winter"} <= set(steps)
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


def test_the_guide_can_be_left_at_any_time(browser: Browser, base_url: str) -> None:
    page = german_page(browser)
    page.goto(base_url + "/")
    page.click("#guide-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#guide")
    assert page.locator("#guide h2").inner_text() == "Willkommen bei Wallenstein"
    page.click("#guide-leave")
    assert page.locator("#guide").count() == 0 and page.locator(".guide-spot").count() == 0
    page.reload()
    page.wait_for_function("() => document.body.dataset.helpKind === 'plan'")
    assert page.locator("#guide").count() == 0  # left for good; the game itself goes on
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


def test_on_a_phone_the_guide_is_a_sheet_that_leaves_its_part_in_sight(browser: Browser, base_url: str) -> None:
    """At 390x844 the card is a sheet along the bottom (or the top), at most two fifths of the screen,
    leaving the part it explains in sight (the table is one screen: nothing scrolls); folded it leaves
    only its bar and title."""
    page = new_page(browser, width=390, height=844, locale="en-GB")
    page.goto(base_url + "/")
    page.click("#guide-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#guide")
    page.wait_for_function("() => document.body.dataset.guide === 'welcome'")
    box = """() => { const c = document.querySelector('#guide').getBoundingClientRect();
        const t = document.querySelector('.guide-spot').getBoundingClientRect();
        return {left: c.left, right: c.right, top: c.top, height: c.height, spotTop: t.top, spotBottom: t.bottom}; }"""
    at = page.evaluate(box)
    assert at["left"] > 0 and at["right"] < 390 and at["height"] <= 0.4 * 844 + 1
    assert at["spotTop"] >= 0 and at["spotBottom"] <= at["top"]  # the map, whole, above the card
    page.click("#guide-fold")
    folded = page.evaluate(box)
    assert folded["height"] < at["height"] / 2 and not page.locator("#guide-next").is_visible()
    assert page.locator("#guide h2").is_visible()
    assert page.locator("#guide-fold").get_attribute("aria-expanded") == "false"
    page.click("#guide-fold")
    page.click("#guide-next")
    page.wait_for_function("() => document.body.dataset.guide === 'plan'")
    assert page.locator("#guide-next").is_visible()  # a new step comes unfolded
    at = page.evaluate(box)  # the plan panel, in the lower half: the sheet goes along the top, clear of it
    assert at["top"] + at["height"] <= at["spotTop"] + 1 and at["height"] <= 0.4 * 844 + 1
    assert not page.errors  # type: ignore[attr-defined]


def test_the_league_of_six_legend_names_every_symbol_in_german(browser: Browser, base_url: str) -> None:
    page = german_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#seat-3")
    page.select_option("#game", "league_of_six")
    page.select_option("#players", "3")
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create-btn")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#map .los-town title", state="attached")
    page.click("#legend summary")
    items = page.locator("#legend li").all_inner_texts()
    # Towns both sides, Hussites, tax tile, its number, pointed edge, four goods, guard, horse, figure,
    # counter, influence track, storage row: each drawn as on the ring, with its words.
    assert len(items) == 16 and page.locator("#legend li svg, #legend li .los-space").count() == 16
    assert any("Hussiten" in i for i in items) and any("Wachenzähler" in i for i in items)
    # Tooltips name the printed symbols in words, never by their keys.
    titles = " ".join(page.locator("#map .los-town > title").all_text_contents())
    assert "Wache" in titles and "guard" not in titles and "horse" not in titles
    assert english_shown(page) == [] and missing(page) == []
    assert not page.errors  # type: ignore[attr-defined]


def engine_decisions() -> list[dict[str, object]]:
    """Every decision the engines asked in the golden games of both games (each edition, all modules,
    the draft), as tests/i18n/test_help.py finds them: game, edition and the legal action types."""
    folder = str(LOCALES.parents[3] / "tests" / "i18n")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location("help_decisions", Path(folder) / "test_help.py")
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(found)
    return [
        {"game": game, "edition": edition, "legal": [{"type": t} for t in types.split(",")]}
        for game in ("wallenstein", "league_of_six")
        for _kind, edition, types in sorted(found.decisions(game))
    ]


HELP_INDEX = json.loads((LOCALES.parent / "help_index.json").read_text(encoding="utf-8"))
# The help box help.js draws for each decision (help.js's own kindOf and forDecision, with all three
# modules in play for 2012, so the Emperor's Court's planning note shows too).
HELP_BOXES = """(cases) => {
  const out = [];
  const host = document.createElement('div');
  document.body.append(host);
  for (const c of cases) {
    const kind = WT.help.kindOf(c.game, c.legal);
    const modules = c.edition === '2012' ? ['emperors_court', 'landsknechte', 'military_leaders'] : [];
    const box = WT.help.box(WT.help.forDecision(kind, { game: c.game, edition: c.edition, modules }));
    host.replaceChildren(box);
    const items = [...box.querySelectorAll('.help-item')].map((d) => ({
      key: d.dataset.help,
      title: d.querySelector('summary').textContent,
      text: d.querySelector('p').textContent,
      source: d.querySelector('.help-source').textContent,
    }));
    out.push({ ...c, kind, items });
  }
  host.remove();
  return out;
}"""


def help_boxes(browser: Browser, base_url: str, lang: str, cases: list[dict[str, object]]) -> list[dict[str, Any]]:
    """The help box the page draws for each decision of ``cases``, in ``lang`` (chosen in the page)."""
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('wt:lang', '{lang}')")
    page.goto(base_url + "/rules")
    page.wait_for_selector(".rule")
    boxes: list[dict[str, Any]] = page.evaluate(HELP_BOXES, cases)
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]
    page.context.close()
    return boxes


def test_the_help_of_each_decision_kind_is_shown_in_both_languages(browser: Browser, base_url: str) -> None:
    cases = engine_decisions()
    shown = {lang: help_boxes(browser, base_url, lang, cases) for lang in ("en", "de")}
    english_only = set(ENGLISH_ONLY)
    seen: dict[str, dict[str, tuple[str, str]]] = {"en": {}, "de": {}}
    for lang, boxes in shown.items():
        for box in boxes:
            items = box["items"]
            assert items, f"{lang}: no help for {box['game']} {box['legal']} ({box['edition']})"
            assert items[0]["key"].split(".")[2] == box["kind"], box  # the decision's own entry comes first
            if box["kind"] in ("plan", "move", "deploy_move", "commit") and box["edition"] == "2002":
                assert items[0]["key"].endswith(".2002"), f"{box['kind']} in 2002 shows {items[0]['key']}"
            for item in items:
                title, text, source = item["title"], item["text"], item["source"]
                assert not title.startswith("help.") and len(title) > 5 and len(text) > 40, item
                entry = next(e for e in HELP_INDEX["entries"] if e["key"] == item["key"])
                assert all(r in source for r in entry["rulings"]), item  # ruling ids shown
                assert all(s["seed"].split("/")[-1][:3] in source for s in entry["sources"]), item  # seed sections
                seen[lang][item["key"]] = (title, text)
                if lang == "de":
                    words = {w.lower() for w in WORD.findall(title + " " + text)}
                    assert not words & english_only, (
                        f"{item['key']}: English in the German help: {words & english_only}"
                    )
    # Every decision kind of both games met in both languages, with a different (translated) text.
    kinds = {(b["game"], b["kind"]) for b in shown["en"]}
    assert {
        ("wallenstein", k)
        for k in (
            "plan",
            "position",
            "move",
            "deploy_move",
            "commit",
            "draft",
            "favour",
            "landsknechte",
            "leader_place",
            "leader_move",
            "leader_draft",
        )
    } <= kinds
    assert {("league_of_six", k) for k in ("choose", "offer", "rotate", "row", "leader")} <= kinds
    assert seen["en"].keys() == seen["de"].keys()
    for key, (title, text) in seen["en"].items():
        assert seen["de"][key] != (title, text) and seen["de"][key][1] != text, f"{key} is not translated"
