"""The county badges are readable like the cardboard's (issue 29): at 1366x768 and 100% zoom every
county's printed tax and grain figures are drawn at 11 px or more, in every county (about a third were
smaller, shrunk to keep clear of the county's borders), and no badge covers another county's badge or
name. Where a county is too small for its badges at that size they lie on a plate that may cross its
border (a few counties)."""

from __future__ import annotations

from typing import Any

from browsing import create_in_lobby, new_page
from playwright.sync_api import Browser

# Each county's figures: their size on the screen (font size times the screen's scale of the text) and
# the box of its badges and of its name, in screen pixels.
MEASURE = """() => [...document.querySelectorAll('#map g.values')].map((g) => {
  const figures = [...g.querySelectorAll('text.value-n')].map((t) =>
    t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize));
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const key = g.dataset.county;
  const name = document.querySelector(`#map text.county-name[data-label="${key}"]`);
  return { key, figures, values: box(g), name: box(name) };
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    """Boxes that overlap by more than a touch (2 px: a crowded county's plate may graze a neighbour's
    name, as Osnabrück's does Paderborn's by about 1 px)."""
    return a[0] < b[2] - 2 and b[0] < a[2] - 2 and a[1] < b[3] - 2 and b[1] < a[3] - 2


def test_every_countys_tax_and_grain_are_readable_at_1366x768(browser: Browser, base_url: str) -> None:
    page = new_page(browser, width=1366, height=768)
    create_in_lobby(page, base_url, ["local", "bot:random", "bot:random", "bot:random"], {0: "Ann"})
    page.wait_for_selector("#plan-fill")
    counties: list[dict[str, Any]] = page.evaluate(MEASURE)
    assert len(counties) == 45
    small = {c["key"]: [round(f, 1) for f in c["figures"]] for c in counties if min(c["figures"]) < 11}
    assert not small, f"figures under 11 px in {len(small)} counties: {small}"
    for c in counties:
        assert len(c["figures"]) == 2
        for other in counties:
            if other is c:
                continue
            assert not _overlap(c["values"], other["values"]), (c["key"], other["key"])
            assert not _overlap(c["values"], other["name"]), (c["key"], "covers the name of", other["key"])
    plated = page.locator("#map .values.plate").count()  # too small a county: on a plate over its border
    assert plated <= 20, plated  # (18 of 45 when written)
    assert not page.errors  # type: ignore[attr-defined]
