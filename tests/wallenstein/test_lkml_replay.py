"""Reproducible module games beyond the conformance suite (tests/conformance): saves taken in the
middle of each module decision, clones that share no module state, user tables in the history."""

from __future__ import annotations

import json
import random

import pytest
from lkml_scenario import BOTH, LK, drive_to

import wallenstein


@pytest.mark.parametrize("phase", ["landsknechte", "leader_place", "leader_move", "leader_return"])
def test_save_mid_decision_and_continue_identically(phase: str) -> None:
    g = wallenstein.new_game(players=4, seed=20, modules=BOTH)  # reaches all four phases
    rng = random.Random(3)

    def pick(game: wallenstein.Game, seat: int) -> wallenstein.Action:
        return rng.choice(game.legal_actions(seat))

    drive_to(g, phase, pick)
    saved = g.to_json()
    loaded = wallenstein.Game.from_json(saved)
    assert loaded.phase == phase and loaded.pending() == g.pending()
    assert loaded.legal_actions(g.pending()[0]) == g.legal_actions(g.pending()[0])
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not g.over:
        seat = rng_a.choice(g.pending())
        g.apply(seat, rng_a.choice(g.legal_actions(seat)))
        seat_b = rng_b.choice(loaded.pending())
        loaded.apply(seat_b, rng_b.choice(loaded.legal_actions(seat_b)))
    assert loaded.to_json() == g.to_json()


def test_module_clone_is_independent() -> None:
    g = wallenstein.new_game(players=4, seed=8, modules=BOTH)
    drive_to(g, "leader_move", lambda game, seat: game.legal_actions(seat)[-1])
    before = g.to_json()
    c = g.clone()
    rng = random.Random(0)
    while not c.over:
        seat = rng.choice(c.pending())
        c.apply(seat, rng.choice(c.legal_actions(seat)))
    assert g.to_json() == before
    assert c.s.mods.statue_supply is not g.s.mods.statue_supply and c.s.mods.lk_top is not g.s.mods.lk_top


def test_a_user_table_travels_with_the_history() -> None:
    table = [{"grain": 7}, {"vp": 8, "thalers": 1}, {"armies": 9}]
    g = wallenstein.new_game(players=3, seed=5, modules=LK, printed={"landsknechte": table})
    rng = random.Random(1)
    while not g.over:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["printed"] == {"landsknechte": table}
    taken = {(e["benefit"], e["amount"]) for e in g.log if e["e"] == "landsknechte_benefit"}
    assert taken and taken <= {("grain", 7), ("vp", 8), ("thalers", 1)} | {("armies", n) for n in range(10)}
    assert wallenstein.replay(h).to_json() == g.to_json()
