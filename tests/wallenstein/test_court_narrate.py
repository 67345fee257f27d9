"""Narration of the Emperor's Court, and every rules note R-20..R-29 has its test."""

from __future__ import annotations

import re
from pathlib import Path

from court_scenario import red_at_the_audience

import wallenstein
from tabletop.agents import random_agents
from tabletop.runner import play
from wallenstein import Action
from wallenstein.narrate import narrate, narrate_game
from wallenstein.printed import STANDIN_NOTE

ROOT = Path(__file__).resolve().parents[2]


def test_every_court_event_is_narrated_in_plain_words() -> None:
    for seed in range(6):
        g = play(
            wallenstein.new_game(3 + seed % 3, seed=seed, modules=("emperors_court",)),
            random_agents(3 + seed % 3, seed),
        )
        text = narrate_game(g)
        assert "Modules: Emperor's Court." in text.splitlines()[1]
        # An event without a handler would be shown as "(kind: {...})".
        assert not [line for line in text.splitlines() if line.strip().startswith("(")]
        assert "courtiers enter the Emperor's entrance hall" in text or "nobody sends courtiers" in text
        assert text.count("Favour cards at the Emperor's Court:") == 6


def test_stand_in_amounts_are_named_as_such_in_the_narration() -> None:
    g = red_at_the_audience(16, 10, 2)
    g.apply(0, Action("favour", 16))
    lines = narrate(g.log)
    taken = [line for line in lines if "takes favour #16" in line]
    assert taken and STANDIN_NOTE in taken[0]
    values = {
        "favour": {
            "amounts": {**g.printed("favour")["amounts"], "16": 5},
            "buildings": g.printed("favour")["buildings"],
        }
    }
    g2 = red_at_the_audience(16, 10, 2, printed=values)
    g2.apply(0, Action("favour", 16))
    taken = [line for line in narrate(g2.log) if "takes favour #16" in line]
    assert taken == ["    Red takes favour #16 (5 thalers) for 4 courtiers."]
    assert "      Red receives 5 thalers." in narrate(g2.log)


def test_a_tower_card_bid_is_told_as_a_zero_bid() -> None:
    lines = narrate([{"e": "bids", "bids": {"0": "tower", "1": "money:0", "2": "money:1"}, "bid_order": [2, 1, 0]}])
    assert lines[0] == "Bids revealed: Red a dice tower card (as 0 thalers), Blue 0 thalers, Yellow 1 thaler."
    assert "ties drawn by lot" in lines[1]


def test_every_court_rules_note_has_a_test() -> None:
    notes = (ROOT / "docs" / "rules" / "notes-court.md").read_text(encoding="utf-8")
    ids = sorted(set(re.findall(r"\| (R-\d\d) \|", notes)))
    assert ids == [f"R-{n}" for n in range(20, 30)]
    tests = (ROOT / "tests" / "wallenstein" / "test_court_rules.py").read_text(encoding="utf-8")
    for rid in ids:
        assert f"def test_r{rid[2:]}_" in tests, f"{rid} has no test"
