"""League of Six replay details beyond the conformance suite (tests/conformance): user components
travel with the history; corrupt saves and histories are refused with the game's own messages."""

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


def test_corrupt_saves_and_histories_are_rejected() -> None:
    g = play_random(4, 30, checked=False)
    save = json.loads(g.to_json())
    bad_state = json.loads(json.dumps(save))
    bad_state["state"]["influence"][0] += 1
    with pytest.raises(IllegalAction, match="corrupt"):
        league_of_six.Game.from_json(json.dumps(bad_state))
    for text in ("{", "[]", json.dumps({"format": "wallenstein-game"}), json.dumps({**save, "version": 9})):
        with pytest.raises(IllegalAction):
            league_of_six.Game.from_json(text)
    h = g.history
    # A chance outcome that cannot happen (a town besieged twice).
    siege = next(i for i, e in enumerate(h) if e.get("chance") == "siege")
    bad = json.loads(json.dumps(h))
    bad[siege]["outcome"] = [0, 0]
    with pytest.raises(IllegalAction, match="besieged"):
        league_of_six.replay(bad)
    # A chance outcome moved to another place among the decisions.
    last_chance = max(i for i, e in enumerate(h) if "chance" in e)
    moved = json.loads(json.dumps(h))
    entry = moved.pop(last_chance)
    moved.insert(last_chance - 3, entry)
    with pytest.raises(IllegalAction, match="does not replay"):
        league_of_six.replay(moved)
    # A decision that was never legal, unknown options, an extra outcome.
    act = next(i for i, e in enumerate(h) if "action" in e)
    wrong = json.loads(json.dumps(h))
    wrong[act]["action"] = {"type": "offer", "guards": 12}
    with pytest.raises(IllegalAction, match="does not replay"):
        league_of_six.replay(wrong)
    opts = json.loads(json.dumps(h))
    opts[0]["new_game"]["speed"] = "fast"
    with pytest.raises(IllegalAction, match="unknown option"):
        league_of_six.replay(opts)
    extra = [*json.loads(json.dumps(h)), {"chance": "siege", "outcome": [1, 2]}]
    with pytest.raises(IllegalAction, match="left over"):
        league_of_six.replay(extra)
