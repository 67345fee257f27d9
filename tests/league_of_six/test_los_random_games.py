"""Random games across player counts and town sides, with every invariant checked after every step."""

from __future__ import annotations

import random

import pytest

import league_of_six
from league_of_six.invariants import check

GAMES = 1020  # across 3/4/5 players, white and yellow town sides
CHUNKS = 12


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


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for i in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players = 3 + i % 3
        sides = "yellow" if (i // 3) % 2 else "white"
        g = play_random(players, seed=i, sides=sides)
        res = g.result()
        assert res["over"] and res["winners"], "a finished game has winners"
        assert g.s.round == 6 and len(res["influence"]) == players
        # Every pile card was turned up; the hands were revealed to everyone at the end.
        assert g.observe(None)["hands"] == g.observe(0)["hands"]


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
