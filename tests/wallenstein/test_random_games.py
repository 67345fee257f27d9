"""Random games across player counts and set-ups, with every invariant checked after every step."""

from __future__ import annotations

import random

import pytest

import wallenstein
from wallenstein.actions import Action
from wallenstein.invariants import check

GAMES = 1020  # across 3/4/5 players and both set-ups
CHUNKS = 34


def play_random(players: int, seed: int, setup: str, whole_plans: bool = False) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup)
    rng = random.Random(seed * 7 + players)
    check(g)
    while not g.over:
        seat = rng.choice(g.pending())
        if whole_plans and g.phase == "planning" and g.observe(seat)["my_plan"]["boxes"] == {}:
            # Build a random legal plan on a clone, one box at a time, then submit it whole.
            trial = g.clone()
            while seat in trial.pending() and trial.phase == "planning":
                trial.apply(seat, rng.choice(trial.legal_actions(seat)))
            plan = _plan_from_planning(trial, seat)
            g.apply(seat, Action.plan({k: v for k, v in plan.items() if k != "bid"}, plan["bid"]))
        else:
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        check(g)
    return g


def _plan_from_planning(g: wallenstein.Game, seat: int) -> dict[str, str | None]:
    from wallenstein.actions import card_name
    from wallenstein.board import ACTIONS, N_BOXES

    base = seat * N_BOXES
    plan = {name: card_name(g.s.plans[base + i]) for i, name in enumerate(ACTIONS)}
    plan["bid"] = card_name(g.s.plans[base + 10])
    return plan


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for i in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players = 3 + i % 3
        setup = "draft" if (i // 3) % 2 else "lineup"
        g = play_random(players, seed=i, setup=setup)
        res = g.result()
        assert res["over"] and res["winners"], "a finished game has winners"
        assert len(res["vp"]) == players


def test_whole_plans_play_like_box_by_box_plans() -> None:
    for seed in range(6):
        g = play_random(3 + seed % 3, seed=1000 + seed, setup="lineup", whole_plans=True)
        assert g.over
