"""How to play (/rules, issue 29): the page's text (locales/<lang>/howto.json, drawn by rules.js into the
structure of rules.html) is complete in English and German, every ruling and rules note it cites exists,
and the numbers it states are the rules engine's (src/wallenstein/data, the stand-in tables), so the page
and the engine cannot drift apart unnoticed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from loading import ROOT

STATIC = ROOT / "src" / "webtable" / "static"
PAGE = (STATIC / "rules.html").read_text(encoding="utf-8")
SCRIPT = (STATIC / "rules.js").read_text(encoding="utf-8")
DATA = ROOT / "src" / "wallenstein" / "data"
LANGS = ("en", "de")
# A ruling (W-11a, L-01) or a rules note (R-35, LR-04), as rules.js marks them in the text.
CITED = re.compile(r"\b(?:LR|[WLR])-\d+[a-z]?\b")


def howto(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((STATIC / "locales" / lang / "howto.json").read_text(encoding="utf-8"))
    return data


def data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def text(msg: object) -> str:
    return " ".join(map(str, msg.values())) if isinstance(msg, dict) else str(msg)


def rulings_file() -> Path:
    """The project's own copy of the rulings (the tests never read outside the repository)."""
    return ROOT / "docs" / "rules" / "rulings.md"


def known_ids() -> set[str]:
    """Every ruling id (W-nn, L-nn) and every rules note the docs define: R-nn as a table row of the
    rules notes, LR-nn as the bold lead of a League of Six note."""
    ids = set(re.findall(r"^- ([WL]-\d+[a-z]?) ", rulings_file().read_text(encoding="utf-8"), re.M))
    for doc in (ROOT / "docs").rglob("*.md"):
        body = doc.read_text(encoding="utf-8")
        ids |= set(re.findall(r"^\| (R-\d+) \|", body, re.M)) | set(re.findall(r"\*\*(LR-\d+)\b", body))
    return ids


def test_the_rulings_and_notes_are_found() -> None:
    ids = known_ids()
    # the scanner sees rulings of both games, the 2012 and module notes and League of Six's notes
    assert {"W-01", "W-11a", "W-22a", "L-01", "L-07", "R-01", "R-39", "LR-01", "LR-11"} <= ids


@pytest.mark.parametrize("lang", LANGS)
def test_every_id_the_page_cites_exists(lang: str) -> None:
    ids = known_ids()
    cited = {c for msg in howto(lang).values() for c in CITED.findall(text(msg))}
    assert {"W-11a", "W-29", "L-01"} <= cited  # the brief's must-cites: action cards, stand-ins in both games
    assert sorted(cited - ids) == []


def test_both_languages_cite_the_same_ids_in_each_message() -> None:
    en, de = howto("en"), howto("de")
    assert set(en) == set(de)
    for key in en:
        assert set(CITED.findall(text(en[key]))) == set(CITED.findall(text(de[key]))), key
        # a sentence left in English (a name such as "Winter" may be the same in both)
        assert len(text(en[key])) < 40 or text(en[key]) != text(de[key]), f"{key} untranslated"


def test_every_topic_of_the_page_has_its_text_and_no_message_is_left_over() -> None:
    """rules.html names the texts (data-howto, data-i18n); rules.js asks for a few more by name."""
    asked = set(re.findall(r'data-howto="([\w.]+)"', PAGE)) | set(re.findall(r'data-i18n="(howto\.[\w.]+)"', PAGE))
    asked |= set(re.findall(r"data-i18n-attr=\"[^\"]*?:(howto\.[\w.]+)", PAGE))
    asked |= set(re.findall(r"WT\.t\(\"(howto\.[\w.]+)\"", SCRIPT))
    topics = re.findall(r'<section class="topic[^"]*" id="([\w-]+)"', PAGE)
    assert len(topics) >= 25 and len(set(topics)) == len(topics)
    for lang in LANGS:
        messages = howto(lang)
        assert sorted(asked - set(messages)) == [], lang
        assert sorted(set(messages) - asked) == [], f"{lang}: messages no part of the page uses"
        for key in re.findall(r'data-howto="([\w.]+)"', PAGE):
            assert len(text(messages[key])) > 150, f"{lang} {key} is too short to explain anything"


def test_each_decision_help_links_to_a_topic_of_the_page() -> None:
    index = json.loads((STATIC / "help_index.json").read_text(encoding="utf-8"))
    topics = set(re.findall(r'<section class="topic[^"]*" id="([\w-]+)"', PAGE))
    for entry in index["entries"]:
        assert entry["howto"] in topics, entry["key"]
        game = 'id="wallenstein"' if entry["game"] == "wallenstein" else 'id="league-of-six"'
        section = PAGE[PAGE.index(game) :]
        assert f'id="{entry["howto"]}"' in section[: section.index("</section>\n  </section>")], entry["key"]


def table_rows(table_id: str) -> list[tuple[str, list[str]]]:
    """(the row's data attribute value, its cells' text) for each body row of a table in rules.html."""
    body = PAGE[PAGE.index(f'id="{table_id}"') :]
    body = body[: body.index("</table>")]
    rows = re.findall(r'<tr data-[\w-]+="([^"]+)">(.*?)</tr>', body)
    return [
        (attr, [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", cells)]) for attr, cells in rows
    ]


def test_the_supply_chart_is_the_engines() -> None:
    chart = data("wallenstein.json")["supply_chart"]["rows"]
    shown = table_rows("supply-chart")
    assert len(shown) == len(chart)
    for (attr, cells), row in zip(shown, chart, strict=True):
        assert attr == f"{row['short_min']}-{row['short_max'] or ''}"
        assert [int(cells[1]), int(cells[2])] == [row["revolts"], row["extra_peasants"]]


def test_the_event_table_is_the_engines() -> None:
    cards = data("wallenstein.json")["events_2012"]["cards"]
    shown = sorted((attr, int(cells[1])) for attr, cells in table_rows("events-2012"))
    assert shown == sorted((c["id"], c["winter_loss"]) for c in cards)


def english(key: str) -> str:
    return text(howto("en")[key])


def test_set_up_numbers_are_the_engines() -> None:
    facts = data("wallenstein.json")
    comp = facts["components"]
    start, setup, e2002 = comp["start_thalers"], english("howto.w.setup.body"), english("howto.w.e2002.body")
    new, old = start["2012"], start["2002"]
    assert f"{new['3']} thalers with three players, {new['4']} with four, {new['5']} with five" in setup
    assert f"Starting gold: {old['3']} with three players, {old['4']} with four, {old['5']} with five" in e2002
    assert (
        f"{comp['armies_per_player']['2012']} armies" in setup
        and f"{comp['armies_per_player']['2002']} armies" in e2002
    )
    fill = comp["tower_initial_fill"]
    assert f"{fill['per_player']} armies of every player and {fill['peasants']} peasants" in setup
    groups, words = comp["start_groups"], {7: "seven", 8: "eight", 9: "nine"}
    assert all(g[:5] == [5, 4, 4, 3, 3] and set(g[5:]) == {2} for g in groups.values())
    assert f"{words[len(groups['3'])]} groups with three players, {words[len(groups['4'])]} with four" in setup
    assert f"{words[len(groups['5'])]} with five" in setup
    out = [c["name"] for c in facts["counties"] if c["three_player_excluded"]]
    assert len(out) == 8 and all(name in setup for name in out)
    actions = english("howto.w.actions.body")
    assert (
        f"{comp['palaces']} palaces, {comp['churches']} churches and {comp['trading_posts']} trading posts" in actions
    )
    assert f"the {comp['revolt_markers']} markers" in english("howto.w.revolts.body")
    assert len(facts["regions"]) == 5 and all(r in english("howto.w.overview.body") for r in facts["regions"])


def test_stand_in_values_are_the_engines() -> None:
    """The Landsknechte and favour amounts the page gives are the stand-in tables the engine loads (W-29)."""
    second, third, fourth = data("standin_landsknechte.json")["table"]
    assert (
        f"the second card gives {second['thalers']} thalers, {second['grain']} grain, {second['armies']} army"
        f" or {second['vp']} point; the third {third['thalers']}, {third['grain']}, {third['armies']} or"
        f" {third['vp']}; the fourth {fourth['thalers']}, {fourth['grain']}, {fourth['armies']} or {fourth['vp']}"
    ) in english("howto.w.landsknechte.body")
    favour = data("standin_favour.json")["table"]["amounts"]
    court = english("howto.w.court.body")
    for kind, unit in (((2, 9, 16), "thalers"), ((5, 15, 20), "grain"), ((6, 13, 19), "point"), ((3, 8, 14), "armies")):
        first, *rest = kind
        phrase = f"#{first} {'gives ' if first == 2 else ''}{favour[str(first)]} {unit}, " + ", ".join(
            f"#{n} {favour[str(n)]}" for n in rest
        )
        assert phrase in court, phrase
