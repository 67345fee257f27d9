"""Secrets stay secret with the Landsknechte and Military Leaders modules (W-11a, W-25; observe.py).

The modules add only public things (face-up decks, leaders, statues, trophies), so every seat and a
spectator see the same module sections; what the basic game hides (plans, bids before the reveal,
face-down action cards, deck orders) stays hidden through the modules' new phases.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from lkml_scenario import BOTH, LK, ML, drive_to
from test_secrecy import _replay_with, _two_plans
from twin_games import views

import wallenstein


def _module_sections(g: wallenstein.Game, seat: int | None) -> dict[str, Any]:
    obs = g.observe(seat)
    return {k: obs[k] for k in ("landsknechte", "leaders") if k in obs}


@pytest.mark.parametrize("modules", [LK, ML, BOTH], ids=["landsknechte", "leaders", "both"])
def test_module_sections_are_the_same_for_every_seat_and_a_spectator(modules: tuple[str, ...]) -> None:
    for setup in ("lineup", "draft"):
        g = wallenstein.new_game(players=4, seed=31, setup=setup, modules=modules)
        rng = random.Random(5)
        phases = set()
        while not g.over:
            phases.add(g.phase)
            public = _module_sections(g, None)
            assert public, "a module game shows its module sections"
            for seat in range(4):
                assert _module_sections(g, seat) == public
            seat = rng.choice(g.pending())
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        json.dumps(g.observe(None))
        assert phases & {"landsknechte", "leader_place", "leader_move", "leader_draft", "leader_return"}


@pytest.mark.parametrize("modules", [LK, ML, BOTH], ids=["landsknechte", "leaders", "both"])
def test_plans_stay_hidden_through_the_module_phases(modules: tuple[str, ...]) -> None:
    """Two different plans of seat 0 with the same bid: the other seats and a spectator see the same
    thing through planning, positions and the module decisions up to the first action."""
    for seed in range(3):
        rng = random.Random(seed)
        base = wallenstein.new_game(players=4, seed=40 + seed, modules=modules)
        plan_a, plan_b = _two_plans(base, 0, rng)
        a, b = base.clone(), base.clone()
        a.apply(0, plan_a)
        b.apply(0, plan_b)
        for seat in (1, 2, 3):
            while seat in a.pending() and a.phase == "planning":
                act = a.legal_actions(seat)[0]
                a.apply(seat, act)
                b.apply(seat, act)
        seen = set()
        while a.phase != "move" and not a.s.act and a.phase != "planning":
            seen.add(a.phase)
            assert views(a, 0) == views(b, 0)
            seat = a.pending()[0]
            act = a.legal_actions(seat)[0]
            assert act in b.legal_actions(seat)
            a.apply(seat, act)
            b.apply(seat, act)
        assert "position" in seen


def test_face_down_action_cards_stay_hidden_in_the_module_decisions() -> None:
    """W-11a: while the leaders are placed and the Landsknechte benefits chosen, actions 6-10 are still
    face down: reversing them changes no observation."""
    g = wallenstein.new_game(players=4, seed=2, modules=BOTH)
    drive_to(g, "leader_place")
    other = _replay_with(g.history, "action_cards", lambda o: o[:5] + list(reversed(o[5:])))
    assert other.phase == "leader_place" and other.s.action_cards != g.s.action_cards
    for seat in (None, 0, 1, 2, 3):
        assert g.observe(seat) == other.observe(seat)
    obs = g.observe(None)
    assert obs["action_cards"][:5] == [wallenstein.board.ACTIONS[a] for a in g.s.action_cards[:5]]
    assert obs["action_cards"][5:] == [None] * 5
    assert len(obs["bonus_tiles"]) == 5


def test_the_leaders_move_shows_every_revealed_card_and_plan() -> None:
    g = wallenstein.new_game(players=4, seed=5, modules=ML)
    drive_to(g, "leader_move")
    obs = g.observe(1)
    assert None not in obs["action_cards"] and len(obs["action_cards"]) == 10
    assert all(len(shown) >= 10 for shown in obs["plans"].values())


def test_county_deck_order_stays_hidden_during_the_leader_draft() -> None:
    g = wallenstein.new_game(players=3, seed=9, setup="draft", modules=ML)
    drive_to(g, "leader_draft")
    # The first claim took a face-up card and turned up the third card; the rest is face down.
    other = _replay_with(g.history, "county_deck", lambda o: o[:3] + list(reversed(o[3:])))
    assert other.phase == "leader_draft" and other.s.county_deck != g.s.county_deck
    for seat in (None, 0, 1, 2):
        assert g.observe(seat) == other.observe(seat)
