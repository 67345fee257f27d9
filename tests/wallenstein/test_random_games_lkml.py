"""Random games with the Landsknechte and Military Leaders modules, alone and together, across 3/4/5
players and both set-ups, with every invariant (wallenstein.invariants, statues, trophies, leaders and
decks included) checked after every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from lkml_scenario import BOTH, LK, ML

import wallenstein
from wallenstein.invariants import check

COMBOS = {"landsknechte": LK, "military_leaders": ML, "both": BOTH}


def play_random_modules(
    players: int, seed: int, setup: str, modules: tuple[str, ...], checks: bool = True
) -> tuple[wallenstein.Game, Counter[str]]:
    """A game between uniform random choices; returns it and the count of decisions by kind."""
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, modules=modules)
    rng = random.Random(seed * 7 + players)
    kinds: Counter[str] = Counter()
    if checks:
        check(g)
    returned = False
    while not g.over:
        seat = rng.choice(g.pending())
        action = rng.choice(g.legal_actions(seat))
        kinds[action.kind] += 1
        g.apply(seat, action)
        if checks:
            check(g)
            s = g.s
            if "military_leaders" in modules and s.year == 2 and not returned:
                returned = True  # after the first winter every seat with a county has its leader back
                for p in range(players):
                    assert (s.mods.leader[p] >= 0) == (p in s.owner), f"seat {p}'s leader did not come back"
    return g, kinds


def _case(i: int) -> tuple[int, str]:
    return 3 + i % 3, "draft" if (i // 3) % 2 else "lineup"


@pytest.mark.parametrize("combo", sorted(COMBOS))
def test_module_decisions_come_up_and_leaders_come_back(combo: str) -> None:
    """The random games reach the module decisions, and after the first winter every seat with a
    county has its leader back (checked inside ``play_random_modules``). The invariants of many more
    module games are checked by the conformance suite (tests/conformance)."""
    modules = COMBOS[combo]
    kinds: Counter[str] = Counter()
    for i in range(12):
        players, setup = _case(i)
        kinds += play_random_modules(players, seed=50_000 + i, setup=setup, modules=modules)[1]
    if "landsknechte" in modules:
        assert kinds["landsknechte"] > 0
    if "military_leaders" in modules:
        assert kinds["leader_move"] > 0
        assert kinds["leader_place"] + kinds["leader_draft"] > 0


def test_module_set_up_draws_the_same_chance_as_the_basic_game() -> None:
    """The modules draw nothing at set-up: the same seed gives the same tower fill, year events, action
    cards and bonus tiles as the basic game (so module games stay comparable to basic ones)."""
    for players in (3, 4, 5):
        base = wallenstein.new_game(players=players, seed=77)
        for modules in COMBOS.values():
            g = wallenstein.new_game(players=players, seed=77, modules=modules)
            assert g.history[1:] == base.history[1:]
            assert [e for e in g.log if not e["e"].startswith(("leader", "landsknechte"))] == base.log
