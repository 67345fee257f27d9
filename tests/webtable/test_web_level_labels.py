"""The lobby's difficulty levels say how long each thinks and, above the first, its win rate against
the level below, in English and German, and every label fits its seat's choice."""

from __future__ import annotations

from browsing import new_page
from playwright.sync_api import Browser

from wallenstein.bots import LEVELS

FITS = """(select) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;white-space:nowrap;font:' + getComputedStyle(select).font;
    probe.textContent = select.options[select.selectedIndex].textContent; document.body.append(probe);
    const need = probe.getBoundingClientRect().width; probe.remove();
    return need + 30 <= select.getBoundingClientRect().width; }"""


def test_level_labels_say_how_long_each_thinks_and_fit(browser: Browser, base_url: str) -> None:
    for locale, thinks, below in (("en-GB", "thinks", "vs the level below"), ("de-DE", "denkt", "gegen Vorstufe")):
        page = new_page(browser, width=1366, height=768, locale=locale)
        page.goto(base_url + "/")
        page.wait_for_selector("#seat-1")
        page.select_option("#players", "4")
        seat = page.locator(".seat-row select").nth(1)
        for k, level in enumerate(LEVELS):
            seat.select_option("bot:" + level.name)
            text = seat.evaluate("(s) => s.options[s.selectedIndex].textContent")
            assert thinks in text and (below in text) == (k > 0), (locale, text)
            assert seat.evaluate(FITS), (locale, text)
        assert not page.errors  # type: ignore[attr-defined]
