"""Secrets stay secret (seed 001): guard cards and civic leader cards in hand, even how many."""

from __future__ import annotations

import json
import random

import league_of_six


def _views(g: league_of_six.Game, hidden: set[int]) -> dict[str, str]:
    views = {"spectator": json.dumps(g.observe(None), sort_keys=True)}
    for seat in range(g.players):
        if seat not in hidden:
            views[str(seat)] = json.dumps(g.observe(seat), sort_keys=True)
    return views


def _midgame(seed: int, steps: int) -> league_of_six.Game:
    g = league_of_six.new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_guards_and_cards_in_hand_are_invisible_to_others() -> None:
    for seed in range(6):
        g = _midgame(seed, 30 + 10 * seed)
        assert not g.over
        a, b = g.clone(), g.clone()
        # Same public position, different hands: seat 0 has 5 more guards than seat 1 (same total),
        # and seats 0 and 1 hold each other's civic leader cards.
        b.s.guards[0] += 5
        b.s.guards[1] += 5  # more guards from the bank for both: nobody else can tell
        for c, at in enumerate(b.s.card_at):
            if at in (0, 1):
                b.s.card_at[c] = 1 - at
        assert _views(a, {0, 1}) == _views(b, {0, 1})
        assert a.observe(0) != b.observe(0)  # the seat itself sees its hand
        assert b.observe(0)["hand"]["guards"] == a.observe(0)["hand"]["guards"] + 5


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
