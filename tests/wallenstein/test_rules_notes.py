"""Tests of the project's own rule decisions, docs/rules/notes.md (R-nn)."""

from __future__ import annotations

import random

import pytest

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import AUCTION_BOX, BOARD, EMPTY, MONEY, N_BOXES
from wallenstein.planning import box_options


def test_r01_bids_only_with_money_the_player_can_pay() -> None:
    g = wallenstein.new_game(players=4, seed=1)
    g.s.thalers[0] = 2
    bids = [a.b for a in g.legal_actions(0)]
    assert all(a.a == AUCTION_BOX for a in g.legal_actions(0))
    assert [b - MONEY for b in bids if b >= MONEY] == [0, 1, 2]
    with pytest.raises(IllegalAction, match="needs that much money"):
        g.apply(0, Action("plan_card", AUCTION_BOX, MONEY + 3))


def test_r02_bid_first_then_the_boxes_in_mat_order() -> None:
    g = wallenstein.new_game(players=3, seed=2)
    boxes = []
    while 1 in g.pending():
        act = g.legal_actions(1)[0]
        boxes.append(act.a)
        g.apply(1, act)
    assert boxes == [AUCTION_BOX, *range(10)]
    with pytest.raises(IllegalAction, match="before any box"):
        g2 = wallenstein.new_game(players=3, seed=2)
        g2.apply(0, g2.legal_actions(0)[0])
        g2.apply(0, Action("plan", cards=tuple(g2.s.plans[:N_BOXES])))


def test_r02_planning_never_dead_ends_with_few_cards() -> None:
    """A player with one county and no money still completes a plan: W-08 empties are offered."""
    g = wallenstein.new_game(players=3, seed=5)
    mine = [c for c, o in enumerate(g.s.owner) if o == 0]
    for c in mine[1:]:
        g.s.supply[0] += g.s.armies[c]
        g.s.armies[c] = 0
        g.s.owner[c] = -1
    g.s.thalers[0] = 0
    steps = 0
    while 0 in g.pending():
        options = box_options(g, 0)
        assert options
        g.apply(0, g.legal_actions(0)[-1])
        steps += 1
    plan = g.s.plans[:N_BOXES]
    assert steps == N_BOXES and plan.count(EMPTY) == N_BOXES - 6  # 1 county + 5 money cards


def test_r03_single_option_decisions_are_not_in_the_history() -> None:
    rng = random.Random(0)
    g = wallenstein.new_game(players=5, seed=3)
    while not g.over:
        seat = rng.choice(g.pending())
        legal = g.legal_actions(seat)
        assert len(legal) >= 2 or g.phase == "planning"
        g.apply(seat, rng.choice(legal))
    decisions = [h for h in g.history if "seat" in h]
    positions = [h for h in decisions if h["action"]["type"] == "position"]
    # Five players: the last bidder's position is forced, so 4 recorded picks per season.
    assert len(positions) == 4 * 6


def test_r04_no_revolt_marker_when_the_supply_is_empty() -> None:
    from wallenstein.board import A_TAX
    from wallenstein.perform import perform

    g = wallenstein.new_game(players=4, seed=1)
    c = next(c for c, o in enumerate(g.s.owner) if o == 0)
    g.s.plans[0 * N_BOXES + A_TAX] = c
    g.s.markers = 0
    before = g.s.thalers[0]
    perform(g, 0, A_TAX)
    assert g.s.thalers[0] == before + BOARD.tax[c]
    assert g.s.revolts[c] == 0


def test_r05_winter_revolts_drawn_from_the_players_own_counties() -> None:
    from wallenstein.winter import begin_winter, run_winter

    g = wallenstein.new_game(players=3, seed=4)
    s = g.s
    mine = [c for c, o in enumerate(s.owner) if o == 0]
    for c in mine[3:]:  # keep three counties
        s.supply[0] += s.armies[c]
        s.armies[c] = 0
        s.owner[c] = -1
    s.grain = [0, 50, 50]  # shortfall 3 for seat 0: 2 revolts, 2 extra peasants each
    s.year_events = [next(i for i, e in enumerate(BOARD.events) if e.winter_loss == 0)]
    s.order = [0, 1, 2]
    begin_winter(g)
    assert run_winter(g)  # two revolts: seat 0 chooses the order
    drawn = [h["outcome"] for h in g.history if h.get("chance") == "winter_revolts"][-1]
    assert len(set(drawn)) == 2 and set(drawn) <= set(mine[:3])
    assert g.pending() == [0] and s.winter_extra == 2
    assert sorted(a.a for a in g.legal_actions(0)) == sorted(drawn)


def test_r06_draft_refresh_only_for_the_same_two_cards() -> None:
    g = wallenstein.new_game(players=3, seed=7, setup="draft")
    kinds = [a.kind for a in g.legal_actions(0)]
    assert "draft_refresh" not in kinds  # no previous pick yet
    g.apply(0, Action("draft_deck"))  # seat 0 takes the deck's top card: the face-up pair stays
    g.apply(0, g.legal_actions(0)[0])
    for seat in (1, 2):
        g.apply(seat, Action("draft_deck"))
        g.apply(seat, g.legal_actions(seat)[0])
    pair = sorted(g.s.faceup)
    assert "draft_refresh" in [a.kind for a in g.legal_actions(0)]
    deck_before = list(g.s.county_deck)
    g.apply(0, Action("draft_refresh"))
    assert g.s.county_deck[-2:] == pair or sorted(g.s.county_deck[-2:]) == pair
    assert sorted(g.s.faceup) == sorted(deck_before[:2])
    assert "draft_refresh" not in [a.kind for a in g.legal_actions(0)]


def test_r07_attack_tile_helps_against_neutral_counties_too() -> None:
    from wallenstein.battle import attack
    from wallenstein.board import T_ATTACK

    g = wallenstein.new_game(players=4, seed=1, tower=wallenstein.ScriptedTower([[0, 0, 0, 0, 0]]))
    s = g.s
    origin = next(c for c, o in enumerate(s.owner) if o == 0 and s.armies[c] >= 3)
    target = next((t for t in BOARD.neighbours[origin] if s.owner[t] == -1), None)
    if target is None:
        target = BOARD.neighbours[origin][0]
        s.supply[s.owner[target]] += s.armies[target]
        s.armies[target] = 0
        s.owner[target] = -1
    s.tiles = [T_ATTACK, 0, 1, 2, 3]
    s.position[0] = 0
    g.tower.push({"0": 3})  # type: ignore[attr-defined]
    supply = s.supply[0]
    attack(g, 0, origin, target, 2)
    battle = g.log[-1]
    assert battle["dropped"]["0"] == 3 and battle["extras"] == {"attack_tile": 1}
    assert s.owner[target] == 0 and s.armies[target] == 3  # 3 out, the peasant stayed inside: 3:0
    assert s.supply[0] == supply - 1
