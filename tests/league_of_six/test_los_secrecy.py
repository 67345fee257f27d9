"""Secrets stay secret (seed 001): guard cards and civic leader cards in hand, even how many.

Rulebooks cited: ``../shared/seeds/001_7c0a9294b8c55757.txt`` (seed 001).
"""

from __future__ import annotations

import json
import random

import league_of_six


def _midgame(seed: int, steps: int) -> league_of_six.Game:
    g = league_of_six.new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_observations_hold_no_hand_of_another_seat_and_no_pile_order() -> None:
    g = _midgame(3, 40)
    for seat in (None, 0, 1, 2, 3):
        obs = g.observe(seat)
        text = json.dumps(obs)
        assert "guards_issued" not in text and "card_at" not in text
        if seat is None:
            assert "hand" not in obs and "hands" not in obs
        else:
            assert obs["hand"]["guards"] == g.s.guards[seat]
        for p in obs["players"]:
            assert "guards" not in p and "civic_leaders" not in p
        # Piles show how many cards are left, never which.
        assert all(isinstance(n, int) for n in obs["civic_leaders"]["piles_left"].values())


def test_hands_are_revealed_when_the_game_ends() -> None:
    g = _midgame(1, 10_000)
    assert g.over
    obs = g.observe(2)
    assert [obs["hands"][str(p)]["guards"] for p in range(4)] == g.s.guards
    assert g.result()["guards"] == g.s.guards


def test_result_hides_guards_until_the_end() -> None:
    g = _midgame(2, 10)
    assert g.result()["guards"] is None


def test_views_name_the_stand_in_set() -> None:
    g = league_of_six.new_game(players=3, seed=0)
    meta = g.observe(None)["components"]
    assert meta["set"] == "stand-in set" and meta["standin"] is True
