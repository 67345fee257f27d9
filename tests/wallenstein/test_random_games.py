"""Random games that submit whole plans (``Action.plan``) instead of one box at a time, with every
invariant checked after every step. The bulk of the random games of every edition and module is in
the conformance suite (tests/conformance/test_conformance_invariants.py)."""

from __future__ import annotations

import random

import wallenstein
from wallenstein.actions import Action
from wallenstein.invariants import check


def play_random(
    players: int, seed: int, setup: str, whole_plans: bool = False, modules: tuple[str, ...] = ()
) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, modules=modules)
    rng = random.Random(seed * 7 + players)
    check(g)
    while not g.over:
        seat = rng.choice(g.pending())
        if whole_plans and g.phase == "planning" and g.observe(seat)["my_plan"]["boxes"] == {}:
            # Build a random legal plan on a clone, one box at a time, then submit it whole.
            trial = g.clone()
            while seat in trial.pending() and trial.phase == "planning":
                trial.apply(seat, rng.choice(trial.legal_actions(seat)))
            g.apply(seat, _whole_plan(trial, seat))
        else:
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        check(g)
    return g


def _whole_plan(trial: wallenstein.Game, seat: int) -> Action:
    """The plan ``seat`` has built box by box in ``trial``, as one decision (court boards included)."""
    court = trial.s.court
    if court is None:
        plan = _plan_from_planning(trial, seat)
        return Action.plan({k: v for k, v in plan.items() if k != "bid"}, plan["bid"])
    boxes = tuple(trial.s.plans[seat * 11 : seat * 11 + 10])
    bid = trial.s.plans[seat * 11 + 10]
    boards = tuple(court.plans[seat * 3 : seat * 3 + 3])
    return Action.from_json(str(Action.plan(boxes, bid, court=boards)))


def _plan_from_planning(g: wallenstein.Game, seat: int) -> dict[str, str | None]:
    from wallenstein.actions import card_name
    from wallenstein.board import ACTIONS, N_BOXES

    base = seat * N_BOXES
    plan = {name: card_name(g.s.plans[base + i]) for i, name in enumerate(ACTIONS)}
    plan["bid"] = card_name(g.s.plans[base + 10])
    return plan


def test_whole_plans_play_like_box_by_box_plans() -> None:
    for seed in range(6):
        g = play_random(3 + seed % 3, seed=1000 + seed, setup="lineup", whole_plans=True)
        assert g.over
