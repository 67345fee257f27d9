"""Random League of Six games reach the rarer rules (conflicts, bonuses, lost goods). The invariants of
many random games are checked after every step by the conformance suite (tests/conformance)."""

from __future__ import annotations

import random

import league_of_six
from league_of_six.invariants import check


def play_random(players: int, seed: int, sides: str = "white", checked: bool = True) -> league_of_six.Game:
    g = league_of_six.new_game(players=players, seed=seed, sides=sides)
    rng = random.Random(seed * 7 + players)
    if checked:
        check(g)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        if checked:
            check(g)
    return g


def test_games_have_conflicts_bonuses_and_lost_goods() -> None:
    """The random games reach the rarer rules, so the invariants above are tested on them."""
    seen: set[str] = set()
    for seed in range(40):
        g = play_random(3 + seed % 3, seed=5000 + seed, checked=False)
        for e in g.log:
            kind = e["e"]
            seen.add(kind)
            if kind == "choose" and e["cost"] > e["guards"] + e["influence"] // 2:
                seen.add("waived")
            if kind == "accept" and e["influence"]:
                seen.add("bought_guards")
            if kind == "bonus" and e.get("card"):
                seen.add("civic_card")
            if kind == "collect" and any(e["short"]):
                seen.add("goods_short")
    assert {"offer", "accept", "bonus", "lost", "civic_card", "bought_guards", "final"} <= seen
