"""League of Six replay details beyond the conformance suite (tests/conformance): user components
travel with the history; an impossible siege outcome is refused with the game's own message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_los_random_games import play_random

import league_of_six
from league_of_six import IllegalAction


def test_user_components_travel_with_the_history() -> None:
    """L-01, L-02: the printed contents (towns, tiles, the civic leader deck) come from a component
    file; a game with a user's file is played to its end through ``apply`` and its history carries
    the file, so the replay deals the same deck."""
    path = Path(__file__).resolve().parent / "los_examples_components.json"
    g = league_of_six.new_game(players=3, seed=4, components=path)
    rng = random.Random(4)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["components"]["name"].startswith("Rulebook worked examples")
    r = league_of_six.replay(h)
    assert r.to_json() == g.to_json() and not r.comp.standin
    assert r.comp.cards == g.comp.cards


def test_an_impossible_siege_outcome_is_refused() -> None:
    """League of Six's own kind of corruption (the conformance suite covers the shapes every game
    shares: broken JSON, other formats and versions, edited states, moved or left-over outcomes,
    unknown options, decisions never legal): a town besieged twice."""
    g = play_random(4, 30, checked=False)
    h = g.history
    siege = next(i for i, e in enumerate(h) if e.get("chance") == "siege")
    bad = json.loads(json.dumps(h))
    bad[siege]["outcome"] = [0, 0]
    with pytest.raises(IllegalAction, match="besieged"):
        league_of_six.replay(bad)
