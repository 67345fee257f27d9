"""Narration of the Landsknechte and Military Leaders events: every event has its own words, the
modules are named in the header, and stand-in amounts say so."""

from __future__ import annotations

import random
import re

import pytest
from lkml_scenario import BOTH, LK, ML

import wallenstein
from tabletop.testing import play_randomly
from wallenstein.narrate import Narrator, narrate_game
from wallenstein.printed import STANDIN_NOTE


def _played(players: int, seed: int, modules: tuple[str, ...], setup: str = "lineup") -> wallenstein.Game:
    return play_randomly(
        wallenstein.new_game(players=players, seed=seed, setup=setup, modules=modules), random.Random(seed)
    )


@pytest.mark.parametrize(("modules", "setup"), [(LK, "lineup"), (ML, "draft"), (BOTH, "lineup")])
def test_every_module_event_is_told_in_words(modules: tuple[str, ...], setup: str) -> None:
    for seed in range(3):
        g = _played(3 + seed, 60 + seed, modules, setup)
        narrator = Narrator()
        for event in g.log:
            for line in narrator.feed(event):
                assert not line.lstrip().startswith(f"({event['e']}:"), f"no words for {event['e']}"
        text = narrate_game(g)
        header = text.splitlines()[1]
        assert header.startswith("Modules: ")
        if "landsknechte" in modules:
            assert "Landsknechte" in header
        if "military_leaders" in modules:
            assert "Military Leaders" in header and "statues and trophies" in text


def test_stand_in_note_on_every_landsknechte_amount_line() -> None:
    g = _played(3, 5, LK)
    lines = narrate_game(g).splitlines()
    offers = [line for line in lines if "turns up card" in line]
    assert offers and all(STANDIN_NOTE in line for line in offers)
    takes = [line for line in lines if re.match(r"^    \w+ takes \d", line)]
    assert len(takes) == len(offers) and all(STANDIN_NOTE in line for line in takes)


def test_basic_game_narration_names_no_module() -> None:
    g = wallenstein.new_game(players=4, seed=1)
    assert not narrate_game(g).splitlines()[1].startswith("Modules:")
