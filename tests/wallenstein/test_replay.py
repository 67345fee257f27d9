"""Wallenstein replay details beyond the conformance suite (tests/conformance, which checks history
heads, saves and replays for every game kind): no tower model is needed to replay, cached decisions
are forgotten after a hand edit, a recorded bid tie is replayed."""

from __future__ import annotations

import json

from scenario import plan_lineup
from test_random_games import play_random

import wallenstein
from wallenstein.board import MONEY
from wallenstein.invariants import check


def test_replay_needs_no_generator_and_no_tower_model() -> None:
    """Chance outcomes come from the history: a game with a different seed in its header but the
    same recorded outcomes replays identically (the generator is never asked)."""
    g = play_random(4, 5, "lineup")
    h = json.loads(json.dumps(g.history))
    h[0]["new_game"]["tower"] = {"model": "memoryless"}
    r = wallenstein.replay(h)
    assert r.s.to_dict() == g.s.to_dict()


def test_refresh_forgets_cached_decisions_after_a_hand_edit() -> None:
    g = wallenstein.new_game(players=4, seed=1)
    before = g.legal_actions(0)
    mine = [c for c, o in enumerate(g.s.owner) if o == 0]
    g.s.owner[mine[0]] = -1  # a hand edit (tests and studies arrange states like this)
    g.s.supply[0] += g.s.armies[mine[0]]
    g.s.armies[mine[0]] = 0
    assert g.legal_actions(0) == before  # still the cached list
    g.refresh()
    assert len(g.legal_actions(0)) == len(before) - 1


def test_a_recorded_bid_tie_outcome_is_replayed() -> None:
    """Seed 000 (``../shared/seeds/000_0e95b3a6bc0d281e.txt``), "Determine player order": the tie
    draw is a chance outcome; a history with the other outcome replays to the other bid order (W-09)."""
    g = wallenstein.new_game(players=4, seed=3)
    for seat in range(4):
        plan_lineup(g, seat, MONEY + 2)
    assert g.phase == "position"
    history = g.history
    ties = [h for h in history if h.get("chance") == "bid_tie"]
    assert len(ties) == 1 and sorted(ties[0]["outcome"]) == [0, 1, 2, 3]
    assert g.s.bid_order == list(ties[0]["outcome"])
    flipped = list(reversed(ties[0]["outcome"]))
    ties[0]["outcome"] = flipped
    h = wallenstein.replay(history)
    assert h.s.bid_order == flipped
    assert h.pending() == [flipped[0]]
    check(h)
