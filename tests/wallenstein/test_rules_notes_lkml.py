"""Tests of the Landsknechte and Military Leaders rules notes, docs/rules/notes-landsknechte-leaders.md
(R-30..R-39). Related rule tests live in test_landsknechte_rules.py and test_leaders_rules.py."""

from __future__ import annotations

import random

from lkml_scenario import BOTH, LK, ML, drive_to, module_game
from scenario import give

import wallenstein
from tabletop.testing import play_randomly
from wallenstein import Action, landsknechte, leaders
from wallenstein.battle import revolt
from wallenstein.board import A_DEPLOY1, BOARD
from wallenstein.invariants import check
from wallenstein.narrate import narrate_game
from wallenstein.perform import perform
from wallenstein.printed import STANDIN_NOTE
from wallenstein.state import LEADER_RETURN, WINTER

K = BOARD.index
FOUR_REGIONS = ("lueneburg", "anhalt", "boehmen", "augsburg")


def _random_game(players: int, seed: int, modules: tuple[str, ...], setup: str = "lineup") -> wallenstein.Game:
    return play_randomly(
        wallenstein.new_game(players=players, seed=seed, setup=setup, modules=modules), random.Random(seed)
    )


def test_r30_every_seat_is_checked_once_per_season_in_player_order_never_in_winter() -> None:
    for seed in range(3):
        g = _random_game(4, 300 + seed, LK)
        seasons = 0
        checked: list[int] = []
        order: dict[int, int] = {}
        for e in [*g.log, {"e": "end"}]:
            if e["e"] in ("season", "winter", "end") and checked:
                assert checked == sorted(order, key=lambda p: order[p]), "checks follow player order"
                seasons += 1
                checked = []
            if e["e"] == "season":
                order = {}
            elif e["e"] == "position":
                order[e["seat"]] = e["position"]
            elif e["e"] in ("landsknechte", "landsknechte_miss"):
                assert len(order) == 4, "the check comes after player order"
                checked.append(e["seat"])
        assert seasons == 6


def test_r31_a_fourth_turn_would_bring_up_the_banner_with_nothing() -> None:
    g = module_game(LK)
    for key in FOUR_REGIONS:
        give(g, 0, key, 1)
    g.s.mods.lk_top[0] = 3
    assert landsknechte.check_step(g) is False  # nothing to choose
    assert g.s.mods.lk_top[0] == 0
    turned = [e for e in g.log if e["e"] == "landsknechte"][-1]
    assert turned["card"] == 1 and turned["offered"] == {}
    assert "which offers nothing" in narrate_game(g)
    obs = g.observe(None)["landsknechte"]
    assert obs["values"] == STANDIN_NOTE and obs["cards"][0] == {}


def test_r32_an_empty_supply_places_no_army_in_the_tray() -> None:
    g = module_game(LK, planning=True)
    for key in FOUR_REGIONS:
        give(g, 1, key, 1)
    g.refresh()
    drive_to(g, "landsknechte")
    s = g.s
    s.inside[1] += s.supply[1]
    s.supply[1] = 0
    tray = list(s.tray)
    landsknechte.apply_benefit(g, 1, Action("landsknechte", landsknechte.BENEFITS.index("armies")))
    assert s.tray == tray
    assert [e for e in g.log if e["e"] == "landsknechte_benefit"][-1]["amount"] == 0
    check(g)


def test_r33_decks_reset_after_the_first_winter_only() -> None:
    g = _random_game(5, 17, LK)
    year2 = max(i for i, e in enumerate(g.log) if e["e"] == "year")
    turns = [0] * 5
    for e in g.log[year2:]:
        if e["e"] == "landsknechte":
            turns[e["seat"]] += 1
    assert sum(turns) > 0
    assert g.s.mods.lk_top == turns  # the second year's turns: reset once, and not after the last winter


def test_r34_line_up_leaders_stand_before_the_landsknechte_check() -> None:
    g = wallenstein.new_game(players=4, seed=20, modules=BOTH)
    rng = random.Random(3)
    drive_to(g, lambda game: any(e["e"].startswith("landsknechte") for e in game.log),
             lambda game, seat: rng.choice(game.legal_actions(seat)))  # fmt: skip
    kinds = [e["e"] for e in g.log]
    first_check = min(i for i, k in enumerate(kinds) if k.startswith("landsknechte"))
    assert kinds[:first_check].count("leader_place") == 4
    assert all(c >= 0 for c in g.s.mods.leader)


def test_r35_deploy_1_with_a_single_army_left_still_deploys_and_moves() -> None:
    g = module_game(ML)
    s = g.s
    c = give(g, 0, "kursachsen", 2)
    give(g, 0, "anhalt", 1)
    g.s.mods.leader[0] = c
    s.inside[0] += s.supply[0] - 1
    s.supply[0] = 1
    s.plans[A_DEPLOY1] = c
    assert perform(g, 0, A_DEPLOY1) is True  # deployed, and the move decision opens
    assert s.armies[c] == 3 and s.supply[0] == 0
    assert [e for e in g.log if e["e"] == "action"][-1]["armies"] == 1
    check(g)


def test_r36_statues_come_without_a_decision_and_after_every_season() -> None:
    g = _random_game(4, 23, ML)
    moves = [a for a in g.history[1:] if a.get("action", {}).get("type") == "leader_move"]
    assert moves and all(set(a["action"]) == {"type", "county"} for a in moves)
    seasons = 0
    seen = False
    for e in g.log:
        if e["e"] in ("leader_move", "leader_stays"):
            seen = True
        elif e["e"] in ("season", "winter") and seen:
            seasons += 1
            seen = False
    assert seasons == 6  # the move follows the tenth action of all six seasons, the last fall included


def test_r37_a_county_never_holds_statues_of_two_players() -> None:
    g = module_game(ML)
    s = g.s
    give(g, 1, "kursachsen", 2)
    give(g, 1, "anhalt", 2)
    s.mods.statues[K("kursachsen")] = 2
    s.mods.statue_owner[K("kursachsen")] = 0
    s.mods.statue_supply[0] -= 2
    s.mods.leader[1] = K("anhalt")
    s.order = [1, 0, 2, 3]
    assert leaders.move_step(g)
    leaders.apply_move(g, 1, Action("leader_move", K("kursachsen")))
    assert s.mods.trophies[1 * 4 + 0] == 2
    assert leaders.move_step(g) is False  # the round of moves ends; the next season's follows
    assert leaders.move_step(g)
    leaders.apply_move(g, 1, Action("leader_move", K("anhalt")))
    assert s.mods.statues[K("kursachsen")] == 1 and s.mods.statue_owner[K("kursachsen")] == 1
    check(g)


def test_r38_a_winter_revolt_takes_the_leader_who_returns_after_scoring() -> None:
    g = module_game(ML, outcomes=[[0, 0, 0, 0, 1]])
    s = g.s
    c = give(g, 0, "kursachsen", 1)
    give(g, 0, "anhalt", 2)
    s.mods.leader[0] = c
    s.season = WINTER
    assert revolt(g, c, extra_peasants=1, winter=True) is False
    assert s.mods.leader[0] == -1
    s.order = [0, 1, 2, 3]
    g.arrange("winter")  # Red's only county is Anhalt: placed without asking
    assert s.mods.leader[0] == K("anhalt") and s.year == 2
    assert [e for e in g.log if e["e"] == "leader_place"][-1]["returning"] is True
    assert s.phase != LEADER_RETURN
    check(g)


def test_r39_statue_points_count_before_the_winner_is_decided() -> None:
    g = module_game(ML)
    s = g.s
    s.vp = [10, 10, 3, 3]
    s.thalers = [9, 5, 0, 0]  # Red would win on thalers
    s.mods.statues[K("burgund")] = 1  # a statue of Blue in a neutral county
    s.mods.statue_owner[K("burgund")] = 1
    s.mods.statue_supply[1] -= 1
    s.year, s.season = 2, WINTER
    s.year_events = []
    g.arrange("scoring")
    assert g.over
    assert g.result()["winners"] == [1] and s.vp[:2] == [10, 11]
    assert [e["e"] for e in g.log][-2:] == ["leader_points", "game_over"]
