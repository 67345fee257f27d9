"""What stays secret in League of Six: only the future, the order of the shuffled piles. Hands are
public on this table (ruling L-07: every card enters or leaves a hand in view of all); the hidden
twins of the conformance suite (``tests/conformance/league_of_six_kinds.py``) differ only in the piles.

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


def test_observations_show_every_hand_and_no_pile_order() -> None:
    """L-07: every view (each seat, a spectator) shows the same hands, the engine's; the piles show
    how many cards they hold, never which or in what order."""
    g = _midgame(3, 40)
    views = [g.observe(seat) for seat in (None, 0, 1, 2, 3)]
    for seat, obs in zip((None, 0, 1, 2, 3), views, strict=True):
        text = json.dumps(obs)
        assert "guards_issued" not in text and "card_at" not in text and "tax_deck" not in text
        assert obs["hands"] == views[0]["hands"]
        assert [obs["hands"][str(p)]["guards"] for p in range(4)] == g.s.guards
        assert ("hand" in obs) == (seat is not None)
        assert all(isinstance(n, int) for n in obs["civic_leaders"]["piles_left"].values())


def test_l07_a_change_of_hand_is_seen_by_everyone() -> None:
    """L-07, played: a copy in which two seats hold 5 more guards each and each other's civic leader
    cards looks different to every seat and to a spectator (the former hidden twin)."""
    g = _midgame(5, 120)
    a, b = 1, 2
    t = g.clone()
    t.s.guards[a] += 5
    t.s.guards[b] += 5
    for c, at in enumerate(t.s.card_at):
        if at in (a, b):
            t.s.card_at[c] = b if at == a else a
    t.refresh()
    for seat in (None, 0, 1, 2, 3):
        assert g.observe(seat)["hands"] != t.observe(seat)["hands"]
        assert g.observe(seat)["hands"][str(a)]["guards"] + 5 == t.observe(seat)["hands"][str(a)]["guards"]


def test_hands_are_shown_when_the_game_ends() -> None:
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
