"""Secrets stay secret (architecture.md, W-11a, W-25): what one seat hides is invisible to the others.

The decks, the face-down action cards and the plans are tried at random points of every game kind
by the conformance suite (tests/conformance/test_conformance_secrecy.py); here are the 2012 game's
own cases: a whole plan with the same bid through the other seats' planning and the positions, and
the bids until they are revealed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from twin_games import apply_both, take_positions, views

import wallenstein
from wallenstein.actions import Action


def _two_plans(g: wallenstein.Game, seat: int, rng: random.Random) -> tuple[Action, Action]:
    """Two different legal whole plans for ``seat`` with the same bid."""
    plans: list[Action] = []
    bid = None
    while len(plans) < 2:
        trial = g.clone()
        first = True
        while trial.phase == "planning" and seat in trial.pending():
            legal = trial.legal_actions(seat)
            choice = next(a for a in legal if a.b == bid) if first and bid is not None else rng.choice(legal)
            if first:
                bid = choice.b
                first = False
            trial.apply(seat, choice)
        base = seat * 11
        cards = tuple(trial.s.plans[base : base + 11])
        if not plans or cards != plans[0].cards:
            plans.append(Action("plan", cards=cards))
    return plans[0], plans[1]


def test_other_seats_and_spectators_cannot_see_a_plan_until_it_is_revealed() -> None:
    for seed in range(5):
        rng = random.Random(seed)
        base = wallenstein.new_game(players=4, seed=seed)
        plan_a, plan_b = _two_plans(base, 0, rng)
        assert plan_a.cards[10] == plan_b.cards[10] and plan_a != plan_b
        a, b = base.clone(), base.clone()
        a.apply(0, plan_a)
        b.apply(0, plan_b)
        assert views(a, 0) == views(b, 0)
        # The other seats plan identically; still nothing differs before the actions begin.
        for seat in (1, 2, 3):
            choice_rng = random.Random(seed * 10 + seat)
            while seat in a.pending() and a.phase == "planning":
                apply_both(a, b, seat, choice_rng.choice(a.legal_actions(seat)))
                assert views(a, 0) == views(b, 0)
        # Position choices (public) until the first action card is performed.

        def alike() -> None:
            assert views(a, 0) == views(b, 0)

        take_positions(a, b, alike)
        # Seat 0 itself does see the difference.
        assert json.dumps(a.observe(0), sort_keys=True) != json.dumps(b.observe(0), sort_keys=True)


def _replay_with(history: list[dict[str, Any]], kind: str, change: Callable[[Any], Any]) -> wallenstein.Game:
    """The game replayed with the first chance outcome of ``kind`` changed (a hidden twin)."""
    h = json.loads(json.dumps(history))
    for entry in h:
        if entry.get("chance") == kind:
            entry["outcome"] = change(entry["outcome"])
            break
    return wallenstein.replay(h)


def test_bids_hidden_until_revealed_then_public() -> None:
    g = wallenstein.new_game(players=3, seed=2)
    g.apply(0, g.legal_actions(0)[0])
    assert g.observe(1)["bids"] == {} and g.observe(None)["bids"] == {}
    assert "my_plan" in g.observe(0) and g.observe(0)["my_plan"]["boxes"]
    assert "my_plan" not in g.observe(None)
    assert g.observe(1)["my_plan"]["boxes"] == {}
