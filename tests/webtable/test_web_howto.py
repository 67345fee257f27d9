"""How to play (/rules, issue 29) in Chromium: in English and German the page shows every topic with its
text, its contents list leads to each topic, the search finds a term (and a ruling id), a link to a topic
the search hides still lands there, a phone gets the same page without sideways scrolling, and the help
link of a decision at the table opens the page at that decision's topic."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browsing import create_in_lobby, new_page
from playwright.sync_api import Browser, Page
from test_web_i18n_e2e import english_shown, missing

STATIC = Path(__file__).resolve().parents[2] / "src" / "webtable" / "static"
PAGE = (STATIC / "rules.html").read_text(encoding="utf-8")
TOPICS = re.findall(r'<section class="topic[^"]*" id="([\w-]+)"', PAGE)
GAMES = re.findall(r'<section class="game" id="([\w-]+)"', PAGE)
HELP_INDEX = json.loads((STATIC / "help_index.json").read_text(encoding="utf-8"))
HOWTO = {
    lang: json.loads((STATIC / "locales" / lang / "howto.json").read_text(encoding="utf-8")) for lang in ("en", "de")
}


def rules_page(
    browser: Browser, base_url: str, lang: str, path: str = "/rules", width: int = 1366, height: int = 768
) -> Page:
    page = new_page(browser, width=width, height=height)
    page.add_init_script(f"localStorage.setItem('wt:lang', '{lang}')")
    page.goto(base_url + path)
    page.wait_for_selector("body[data-howto-ready]")
    return page


def in_view(page: Page, target: str) -> bool:
    """The element with id ``target`` starts at the top of the window (scrolled to, not merely present)."""
    top = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", target)
    return bool(-2 <= top <= 40)


TOPICS_SHOWN = """() => [...document.querySelectorAll('section.topic')].map((t) => ({
  id: t.id, hidden: Boolean(t.closest('[hidden]')), title: t.querySelector('h3').textContent,
  text: [...t.querySelectorAll('[data-howto]')].map((b) => b.innerText).join(' '),
}))"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_topic_is_shown_and_the_contents_lead_to_each(browser: Browser, base_url: str, lang: str) -> None:
    page = rules_page(browser, base_url, lang)
    assert page.title() == HOWTO[lang]["howto.title"]
    shown: list[dict[str, Any]] = page.evaluate(TOPICS_SHOWN)
    assert [t["id"] for t in shown] == TOPICS and len(TOPICS) >= 25
    for t in shown:
        key = f"howto.{'w' if t['id'].startswith('w-') else 'l'}.{t['id'][2:].replace('2002', 'e2002')}.title"
        assert not t["hidden"] and t["title"] == HOWTO[lang][key], t["id"]
        assert len(t["text"]) > 150 and "###" not in t["text"] and "**" not in t["text"], t["id"]  # markup drawn
    assert page.locator("section.rule").count() == len(HELP_INDEX["entries"])  # the decision summaries stay
    hrefs = page.locator("#toc-list a").evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    assert hrefs == [
        f"#{x}"
        for x in [
            *GAMES[:1],
            *TOPICS[: TOPICS.index("l-overview")],
            GAMES[1],
            *TOPICS[TOPICS.index("l-overview") :],
            GAMES[2],
        ]
    ]
    for target in [*TOPICS, "decisions"]:
        page.locator(f"#toc-list a[href='#{target}']").click()
        page.wait_for_function("(id) => location.hash === '#' + id", arg=target)
        assert in_view(page, target), target
        # the contents mark the topic being read
        page.wait_for_function(
            "(id) => document.querySelector('#toc-list a[aria-current]')?.hash === '#' + id", arg=target
        )
    # the diagrams' labels are in the page's language too
    labels = page.locator("figure.fig svg text[data-i18n]").all_text_contents()
    assert len(labels) > 60 and HOWTO[lang]["howto.fig.tower.result"] in labels
    if lang == "de":
        assert english_shown(page) == []
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


# language -> (term, topics it must find, a topic it must hide, the game part it hides whole or "")
LEAGUE = {"l-round", "l-choose", "l-cleanup"}
SEARCHES = {
    "en": [("Hussites", LEAGUE, "w-battles", "wallenstein"), ("W-11a", {"w-cards"}, "l-taxes", "league-of-six")],
    "de": [("Hussiten", LEAGUE, "w-battles", "wallenstein"), ("W-11a", {"w-cards"}, "l-taxes", "league-of-six")],
}


def visible_topics(page: Page) -> set[str]:
    return set(page.locator("section.topic:not([hidden])").evaluate_all("(ts) => ts.map((t) => t.id)"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_search_finds_a_term_and_a_link_clears_a_search_that_hides_its_topic(
    browser: Browser, base_url: str, lang: str
) -> None:
    page = rules_page(browser, base_url, lang)
    for term, found, hidden, game in SEARCHES[lang]:
        page.fill("#rules-search", term)
        visible = visible_topics(page)
        assert found <= visible and hidden not in visible, (term, visible)
        for t in visible:  # what is shown really holds the term, and the term is marked there
            assert term.lower() in page.locator(f"#{t}").inner_text().lower()
            assert {m.lower() for m in page.locator(f"#{t} mark").all_inner_texts()} == {term.lower()}
        toc = set(
            page.locator("#toc-list li[data-for]:not([hidden])").evaluate_all("(ls) => ls.map((l) => l.dataset.for)")
        )
        assert visible <= toc and hidden not in toc
        assert page.locator(f"#{game}").is_hidden()
    page.fill("#rules-search", "")
    assert visible_topics(page) == set(TOPICS)
    page.select_option("#rules-game", "league_of_six")
    assert visible_topics(page) == {t for t in TOPICS if t.startswith("l-")}
    # A link to a topic the search hides clears the search and goes there.
    page.fill("#rules-search", SEARCHES[lang][0][0])
    page.evaluate("() => { location.hash = 'w-battles'; }")
    page.wait_for_function("() => document.querySelector('#rules-search').value === ''")
    assert visible_topics(page) == set(TOPICS) and in_view(page, "w-battles")
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


# The smallest label of each diagram in CSS pixels as drawn: its font size times the drawing's scale.
LABEL_SIZES = """() => Object.fromEntries([...document.querySelectorAll('figure.fig')].map((f) => {
  const svg = f.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const px = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  return [f.id, Math.min(...px)];
}))"""


def test_a_phone_gets_the_contents_first_and_no_sideways_scrolling(browser: Browser, base_url: str) -> None:
    page = rules_page(browser, base_url, "de", width=390, height=844)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    # Opened fresh, the page starts with its contents; choosing a topic folds them above the text.
    assert page.locator("#toc-box").evaluate("(d) => d.open")
    page.locator("#toc-list a[href='#w-winter']").click()
    page.wait_for_function("() => location.hash === '#w-winter'")
    assert in_view(page, "w-winter") and not page.locator("#toc-box").evaluate("(d) => d.open")
    # Every diagram's labels are drawn at 11 px or more (a wide one scrolls sideways inside its figure).
    sizes = page.evaluate(LABEL_SIZES)
    assert len(sizes) == page.locator("figure.fig").count() and min(sizes.values()) >= 11, sizes
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    # Opened at a topic (a help link), the contents stay folded and the topic is in view.
    page.goto(f"{base_url}/rules?from=help#w-battles")
    page.wait_for_selector("body[data-howto-ready]")
    assert in_view(page, "w-battles") and not page.locator("#toc-box").evaluate("(d) => d.open")
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


def test_each_decisions_topic_opens_in_view(browser: Browser, base_url: str) -> None:
    """Every decision's help links to /rules#<topic>: opened fresh, the page goes there once drawn."""
    targets = sorted({e["howto"] for e in HELP_INDEX["entries"]})
    assert len(targets) >= 12
    page = rules_page(browser, base_url, "en")
    for target in targets:
        page.goto(f"{base_url}/rules?from=help#{target}")  # a query makes it a new load, not a hash change
        page.wait_for_selector("body[data-howto-ready]")
        assert in_view(page, target), target
    assert missing(page) == [] and not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_help_link_of_a_decision_at_the_table_lands_on_its_topic(
    browser: Browser, base_url: str, lang: str
) -> None:
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('wt:lang', '{lang}')")
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random"])  # the default line-up
    page.wait_for_function("() => document.body.dataset.helpKind")
    kind = str(page.evaluate("() => document.body.dataset.helpKind"))
    entry = next(
        e for e in HELP_INDEX["entries"] if e["game"] == "wallenstein" and e["kind"] == kind and not e["edition"]
    )
    link = page.locator(f"#help-body [data-help='{entry['key']}'] .help-howto a")
    page.click("#dt-help-panel")  # the rules help: a tab of the dock, opened in place (issue 29)
    assert link.get_attribute("href") == f"/rules#{entry['howto']}"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector("body[data-howto-ready]")
    assert rules.url.endswith(f"/rules#{entry['howto']}") and in_view(rules, entry["howto"])
    topic = entry["howto"][2:].replace("2002", "e2002")
    assert rules.locator(f"#{entry['howto']} h3").inner_text() == HOWTO[lang][f"howto.w.{topic}.title"]
    assert missing(page) == [] and missing(rules) == []
