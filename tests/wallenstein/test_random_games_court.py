"""Random Emperor's Court games reach every part of the court, and whole court plans play like plans
built box by box; every invariant (courtiers and favour cards included) is checked after every step.
The bulk of the random court games is in the conformance suite (tests/conformance)."""

from __future__ import annotations

import random

import wallenstein
from wallenstein.actions import Action
from wallenstein.invariants import check

COURT = ("emperors_court",)


def play_random_court(
    players: int, seed: int, setup: str, whole_plans: bool = False, observe: bool = False
) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, modules=COURT)
    rng = random.Random(seed * 7 + players)
    check(g)
    while not g.over:
        seat = rng.choice(g.pending())
        if whole_plans and g.phase == "planning" and g.observe(seat)["my_plan"]["boxes"] == {}:
            trial = g.clone()
            while seat in trial.pending() and trial.phase == "planning":
                trial.apply(seat, rng.choice(trial.legal_actions(seat)))
            boxes = tuple(trial.s.plans[seat * 11 : seat * 11 + 10])
            bid = trial.s.plans[seat * 11 + 10]
            assert trial.s.court is not None
            court = tuple(trial.s.court.plans[seat * 3 : seat * 3 + 3])
            g.apply(seat, Action.from_json(str(Action.plan(boxes, bid, court=court))))
        else:
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        check(g)
        if observe:
            for viewer in (None, *range(players)):
                g.observe(viewer)
    return g


def test_random_court_games_use_every_part_of_the_court() -> None:
    """Over a batch of games every favour card is taken, every convert kind succeeds, and the court
    decisions come up (the random games reach the court rules, not only the basic game)."""
    taken: set[int] = set()
    converts: set[str] = set()
    kinds: set[str] = set()
    for i in range(40):
        g = play_random_court(3 + i % 3, seed=500 + i, setup="lineup")
        taken |= {e["card"] for e in g.log if e["e"] == "favour"}
        converts |= {
            "tower" if e["card"] == "tower" else "county" for e in g.log if e["e"] == "court_convert" and e["done"]
        }
        kinds |= {h["action"]["type"] for h in g.history[1:] if "action" in h}
    assert taken == set(range(1, 22))
    assert converts == {"tower", "county"}
    assert {"favour", "favour_pass", "favour_county", "favour_event"} <= kinds


def test_whole_court_plans_play_like_box_by_box_plans() -> None:
    for seed in range(6):
        g = play_random_court(3 + seed % 3, seed=2000 + seed, setup="lineup", whole_plans=True)
        assert g.over
