"""2002 secrets: plans (blank cards included) until revealed, and the defender's commitment until
the cubes are thrown. The county and event decks and the face-down action cards are tried at random
points of every game kind by the conformance suite (tests/conformance/test_conformance_secrecy.py)."""

from __future__ import annotations

import json
import random

from twin_games import apply_both, views

import wallenstein
from wallenstein.actions import Action
from wallenstein.board import BLANK, N_BOXES


def _plan(g: wallenstein.Game, seat: int, rng: random.Random) -> Action:
    trial = g.clone()
    while trial.phase == "planning" and seat in trial.pending():
        trial.apply(seat, rng.choice(trial.legal_actions(seat)))
    return Action("plan", cards=tuple(trial.s.plans[seat * N_BOXES : (seat + 1) * N_BOXES]))


def test_plans_and_blank_cards_are_hidden_until_revealed() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        base = wallenstein.new_game(4, seed=seed, edition="2002")
        a_plan = _plan(base, 0, rng)
        b_plan = a_plan
        while b_plan == a_plan:
            b_plan = _plan(base, 0, rng)
        assert BLANK in a_plan.cards or BLANK in b_plan.cards
        a, b = base.clone(), base.clone()
        a.apply(0, a_plan)
        b.apply(0, b_plan)
        assert views(a, 0) == views(b, 0)
        assert json.dumps(a.observe(0)) != json.dumps(b.observe(0))  # seat 0 sees its own plan
        for seat in (1, 2, 3):
            r = random.Random(seed * 10 + seat)
            while seat in a.pending() and a.phase == "planning":
                apply_both(a, b, seat, r.choice(a.legal_actions(seat)))
                if a.phase == "planning":
                    assert views(a, 0) == views(b, 0)
        assert a.s.order == b.s.order  # the leader order does not depend on the plans


def test_defenders_commitment_is_unknown_until_the_cubes_are_thrown() -> None:
    """While the defender decides, every view is the same whatever it will commit; after the
    throw the commitment is public in the log and the observations."""
    rng = random.Random(5)
    g = wallenstein.new_game(4, seed=12, edition="2002")
    while not (g.phase == "commit" and g.s.fight[0] == 0 and len(g.legal_actions(g.pending()[0])) >= 3):
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    defender = g.pending()[0]
    before = views(g, -1)
    assert "fight" in g.observe(None) and "committed" not in json.dumps(g.observe(None))
    legal = g.legal_actions(defender)
    assert [a.a for a in legal] == list(range(len(legal)))
    assert g.legal_actions((defender + 1) % 4) == []
    a, b = g.clone(), g.clone()
    a.apply(defender, legal[0])
    b.apply(defender, legal[-1])
    assert views(g, -1) == before  # deciding on a clone changes nothing here
    battle_a = [e for e in a.log if e["e"] == "battle"][-1]
    battle_b = [e for e in b.log if e["e"] == "battle"][-1]
    assert (battle_a["committed"], battle_b["committed"]) == (0, len(legal) - 1)
