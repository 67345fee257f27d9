"""Bad input gets a clear error and changes nothing: whole plans, options, saves and decisions in JSON.
Malformed and illegal decisions at the start of a game are in the conformance suite
(tests/conformance/wallenstein_kinds.py, ``BAD_DECISIONS_2012``)."""

from __future__ import annotations

import json

import pytest

import wallenstein
from wallenstein import Action, IllegalAction


def _game() -> wallenstein.Game:
    return wallenstein.new_game(players=4, seed=1)


def test_plan_rules_checked_for_whole_plans() -> None:
    g = _game()
    before = g.to_json()
    mine = [c for c, o in enumerate(g.s.owner) if o == 0]
    cards = [*mine, 100, 101]  # 8 counties + 2 money cards on the 10 boxes
    with pytest.raises(IllegalAction, match="twice"):
        g.apply(0, Action("plan", cards=(*cards[:9], cards[0], 102)))
    with pytest.raises(IllegalAction, match="needs that much money"):
        g.s.thalers[0] = 3
        g.apply(0, Action("plan", cards=(*cards, 104)))
    g.s.thalers[0] = 15
    with pytest.raises(IllegalAction, match="W-08"):
        g.apply(0, Action("plan", cards=(*cards[:9], -1, 102)))
    assert g.to_json() == before
    g.apply(0, Action("plan", cards=(*cards, 104)))
    assert 0 not in g.pending()


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 6},
        {"players": "4"},
        {"seed": -1},
        {"seed": "x"},
        {"setup": "random"},
        {"edition": "1999"},
        {"edition": "2002", "modules": ["landsknechte"]},  # modules are 2012-only (W-01)
        {"modules": ["dragons"]},
        {"modules": "landsknechte"},
        {"tower": {"model": "dice"}},
        {"tower": {"model": "probabilistic", "p_drop": 2}},
        {"tower": 3},
    ],
)
def test_impossible_options_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        wallenstein.new_game(**options)  # type: ignore[arg-type]


def test_a_save_with_an_impossible_tower_outcome_or_card_is_refused() -> None:
    """Wallenstein's own kinds of corruption (the conformance suite covers the shapes every game
    shares: broken JSON, other formats and versions, edited states, moved or left-over outcomes)."""
    g = _game()
    for seat in range(4):
        g.apply(seat, g.legal_actions(seat)[0])
    good = g.to_json()
    bad_history = json.loads(good)
    bad_history["history"][-1]["action"] = {"type": "plan_card", "box": "bid", "card": "atlantis"}
    bad_chance = json.loads(good)
    for entry in bad_chance["history"]:
        if entry.get("chance") == "tower":
            entry["outcome"] = [99, 0, 0, 0, 0]
            break
    with pytest.raises(IllegalAction, match="atlantis"):
        wallenstein.Game.from_json(json.dumps(bad_history))
    with pytest.raises(IllegalAction, match="tower outcome"):
        wallenstein.Game.from_json(json.dumps(bad_chance))
    assert wallenstein.Game.from_json(good).to_json() == good


def test_action_json_round_trip() -> None:
    g = wallenstein.new_game(players=5, seed=3, setup="draft")
    seen = 0
    import random

    rng = random.Random(0)
    while not g.over and seen < 400:
        seat = rng.choice(g.pending())
        for a in g.legal_actions(seat):
            assert Action.from_json(a.to_json()) == a
            assert Action.from_json(json.dumps(a.to_json())) == a
        g.apply(seat, rng.choice(g.legal_actions(seat)).to_json())
        seen += 1
