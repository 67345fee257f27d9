"""Reproducible module games beyond the conformance suite (tests/conformance, which also saves and
loads a game in each module's decision phases): clones that share no module state, user tables in
the history."""

from __future__ import annotations

import json
import random

from lkml_scenario import BOTH, LK, drive_to

import wallenstein
from tabletop.testing import play_randomly


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
    play_randomly(g, random.Random(1))
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["printed"] == {"landsknechte": table}
    taken = {(e["benefit"], e["amount"]) for e in g.log if e["e"] == "landsknechte_benefit"}
    assert taken and taken <= {("grain", 7), ("vp", 8), ("thalers", 1)} | {("armies", n) for n in range(10)}
    assert wallenstein.replay(h).to_json() == g.to_json()
