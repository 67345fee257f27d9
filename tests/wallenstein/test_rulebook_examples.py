"""The worked examples of the 2012 basic rules, one test each.

Source: seed 000 (``../shared/seeds/000_0e95b3a6bc0d281e.txt``, English 2012 rulebook, basic game;
German text in seed 004). Sections are named as printed; ruling ids (W-nn) refer to
``../shared/design/rulings.md``. Positions are arranged with ``scenario.arranged_game``: an
empty 4-player board, the tower holding 7 armies per player and 10 peasants, an empty tray, each
player with 15 thalers and 55 armies in supply. Colours as in the rulebook: seat 0 red, 1 blue,
2 yellow, 3 purple.

Rulebooks cited: ``../shared/seeds/004_fae1cec4ff72eb0c.txt`` (seed 004).
"""

from __future__ import annotations

import pytest
from scenario import (
    add_markers,
    arranged_game,
    build,
    county,
    entries,
    event_index,
    give,
    give_tile,
    last,
    money,
    plan,
    plan_lineup,
    set_event,
)
from scenario import lueneburg as arrange_lueneburg

import wallenstein
from tabletop.errors import IllegalAction
from wallenstein import Action, board
from wallenstein.battle import attack, revolt
from wallenstein.invariants import check
from wallenstein.order import bid_rank, reveal_bids
from wallenstein.perform import deploy_amount, perform, tax_amount
from wallenstein.state import NEUTRAL, POSITION
from wallenstein.winter import begin_winter, run_winter, score

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
PEASANTS = 4  # tower colour index of the peasants in a 4-player game
START_SUPPLY = 62 - 7  # after the tower fill
START_THALERS = 15


# ---------------------------------------------------------------- bonus tiles and events (W-14)


def test_seed000_bonus_tiles_burgund_tax_under_max5_with_plus1_tile() -> None:
    """Seed 000, "Display bonus tiles", example: Arne collects taxes in Burgund (7), the event
    limits taxes to 5, his "+1 Thaler" tile adds 1: 6 thalers. Event first, then tile (W-14);
    the income comes first and then a revolt marker is added (W-13)."""
    g = arranged_game()
    burgund = give(g, RED, "burgund", 2)
    assert board.BOARD.tax[burgund] == 7
    set_event(g, "tax_max_5")
    give_tile(g, RED, board.T_TAX)
    assert tax_amount(g, RED, burgund) == 6
    plan(g, RED, board.A_TAX, "burgund")
    assert perform(g, RED, board.A_TAX) is False
    assert g.s.thalers[RED] == START_THALERS + 6
    assert g.s.revolts[burgund] == 1
    assert g.s.markers == board.BOARD.revolt_markers - 1
    assert last(g, "action") == {"e": "action", "seat": RED, "action": "tax", "county": "burgund", "amount": 6}
    # The parts on their own: the event alone caps at 5, the tile alone gives 8.
    give_tile(g, BLUE, board.T_GRAIN)
    give(g, BLUE, "trier", 2)
    assert tax_amount(g, BLUE, county("trier")) == 5
    set_event(g, None)
    assert tax_amount(g, RED, burgund) == 8
    check(g)


def test_seed000_event_cards_recruit_reduced_with_6_armies_tile_gives_6() -> None:
    """Seed 000, "The event cards (basic game)": under "Deploy 5 (3) reduced to 3 (2)" the holder
    of the "6 Armies" tile receives 6 armies (W-14: the tile sets the number). Without the tile
    deploy 5 gives 3 armies and deploy 3 gives 2, at the printed costs (3 and 2 thalers)."""
    g = arranged_game()
    set_event(g, "recruit_reduced")
    give_tile(g, RED, board.T_DEPLOY6)
    give_tile(g, BLUE, board.T_TAX)
    red_c = give(g, RED, "anhalt", 1)
    blue_c = give(g, BLUE, "lausitz", 1)
    assert deploy_amount(g, RED, board.A_DEPLOY5) == 6
    assert deploy_amount(g, BLUE, board.A_DEPLOY5) == 3
    assert deploy_amount(g, BLUE, board.A_DEPLOY3) == 2
    assert deploy_amount(g, RED, board.A_DEPLOY3) == 2  # the tile is for "deploy 5" only

    plan(g, RED, board.A_DEPLOY5, "anhalt")
    plan(g, BLUE, board.A_DEPLOY5, "lausitz")
    plan(g, BLUE, board.A_DEPLOY3, "lausitz")
    perform(g, RED, board.A_DEPLOY5)
    perform(g, BLUE, board.A_DEPLOY5)
    perform(g, BLUE, board.A_DEPLOY3)
    assert g.s.armies[red_c] == 1 + 6
    assert g.s.supply[RED] == START_SUPPLY - 1 - 6
    assert g.s.thalers[RED] == START_THALERS - 3
    assert g.s.armies[blue_c] == 1 + 3 + 2
    assert g.s.supply[BLUE] == START_SUPPLY - 1 - 5
    assert g.s.thalers[BLUE] == START_THALERS - 3 - 2
    # Without the event: 5 and 3, and the tile still gives 6.
    set_event(g, None)
    assert deploy_amount(g, BLUE, board.A_DEPLOY5) == 5
    assert deploy_amount(g, BLUE, board.A_DEPLOY3) == 3
    assert deploy_amount(g, RED, board.A_DEPLOY5) == 6
    check(g)


@pytest.mark.parametrize(
    ("event", "key", "tile", "action", "amount"),
    [
        ("tax_min_6", "lueneburg", board.T_TAX, board.A_TAX, 6 + 1),  # tax 3 raised to 6, then the tile
        ("tax_min_6", "burgund", None, board.A_TAX, 7),
        ("grain_max_3", "lueneburg", board.T_GRAIN, board.A_GRAIN, 3 + 1),  # grain 5 capped at 3, then the tile
        ("grain_min_4", "burgund", board.T_GRAIN, board.A_GRAIN, 4 + 1),  # grain 2 raised to 4, then the tile
        ("grain_min_4", "lueneburg", None, board.A_GRAIN, 5),
        ("tax_max_5", "lueneburg", board.T_GRAIN, board.A_TAX, 3),  # the grain tile does nothing for taxes
    ],
)
def test_seed000_event_cards_income_limits_then_tile(
    event: str, key: str, tile: int | None, action: int, amount: int
) -> None:
    """Seed 000, "The event cards (basic game)": tax max 5 / min 6, grain max 3 / min 4; the event
    applies first, then the bonus tile (W-14)."""
    g = arranged_game()
    c = give(g, RED, key, 2)
    set_event(g, event)
    if tile is not None:
        give_tile(g, RED, tile)
    plan(g, RED, action, key)
    perform(g, RED, action)
    if action == board.A_TAX:
        assert (g.s.thalers[RED], g.s.grain[RED]) == (START_THALERS + amount, 0)
    else:
        assert (g.s.thalers[RED], g.s.grain[RED]) == (START_THALERS, amount)
    assert g.s.revolts[c] == 1
    check(g)


def test_seed000_event_cards_trade_calms_removes_one_marker() -> None:
    """Seed 000, "The event cards (basic game)": building a trading post removes 1 revolt marker
    from that county (it goes back to the supply)."""
    g = arranged_game()
    c = give(g, RED, "altmark", 2)
    add_markers(g, "altmark", 2)
    set_event(g, "trade_calms")
    plan(g, RED, board.A_TRADING, "altmark")
    perform(g, RED, board.A_TRADING)
    assert g.s.buildings[c] == 0b100
    assert g.s.revolts[c] == 1
    assert g.s.markers == board.BOARD.revolt_markers - 1
    assert g.s.thalers[RED] == START_THALERS - 1
    check(g)


# ---------------------------------------------------------------- building sites


@pytest.mark.parametrize(("action", "cost"), [(board.A_PALACE, 3), (board.A_TRADING, 1)])
def test_seed000_actions_bremen_church_leaves_one_site_for_palace_or_trading_post(action: int, cost: int) -> None:
    """Seed 000, "Plan individual actions", example: a church is built in Bremen (2 sites); one
    site is left, where a palace or a trading post may still be built."""
    g = arranged_game()
    bremen = give(g, RED, "bremen", 2)
    assert board.BOARD.sites[bremen] == 2
    plan(g, RED, board.A_CHURCH, "bremen")
    plan(g, RED, action, "bremen")
    perform(g, RED, board.A_CHURCH)
    assert g.s.buildings[bremen] == 0b010
    assert g.s.thalers[RED] == START_THALERS - 2
    perform(g, RED, action)
    assert g.s.buildings[bremen] == 0b010 | (1 << action)
    assert g.s.thalers[RED] == START_THALERS - 2 - cost
    assert g.s.bsupply[action] == board.BOARD.building_supply[action] - 1
    check(g)


def test_seed000_actions_bremen_refuses_second_church_and_third_building() -> None:
    """Seed 000, "Plan individual actions": each building type at most once per county, only on
    a free site; an action that cannot be performed is skipped (thalers unchanged; W-07)."""
    g = arranged_game()
    bremen = give(g, RED, "bremen", 2)
    build(g, "bremen", "church")
    plan(g, RED, board.A_CHURCH, "bremen")
    perform(g, RED, board.A_CHURCH)  # a second church
    assert g.s.buildings[bremen] == 0b010
    assert g.s.thalers[RED] == START_THALERS
    assert g.s.bsupply[board.A_CHURCH] == board.BOARD.building_supply[board.A_CHURCH] - 1
    assert last(g, "skip")["action"] == "church"

    build(g, "bremen", "palace")
    plan(g, RED, board.A_TRADING, "bremen")
    perform(g, RED, board.A_TRADING)  # a third building on 2 sites
    assert g.s.buildings[bremen] == 0b011
    assert g.s.thalers[RED] == START_THALERS
    assert g.s.bsupply[board.A_TRADING] == board.BOARD.building_supply[board.A_TRADING]
    assert last(g, "skip") == {
        "e": "skip",
        "seat": RED,
        "action": "trading_post",
        "county": "bremen",
        "why": "cannot build",
    }
    check(g)


def test_seed000_planning_dirk_burgund_card_covers_one_box_only() -> None:
    """Seed 000, "Plan individual actions", example: Dirk puts his Burgund card on "collect
    taxes", so he can perform no other action in Burgund this round (one card, one box)."""
    g = arranged_game(planning=True)
    give(g, RED, "burgund", 2)
    boxes = {"tax": "burgund", "church": "money:1", "trading_post": "money:2", "grain": "money:3"}
    with pytest.raises(IllegalAction, match="twice"):
        g.apply(RED, Action.plan({**boxes, "palace": "burgund"}, "money:0"))
    assert g.s.plan_fill[RED] == 0
    g.apply(RED, Action.plan({**boxes, "palace": "money:4"}, "money:0"))  # the same plan, legal
    assert g.s.plan_fill[RED] == board.N_BOXES
    check(g)


# ---------------------------------------------------------------- battles


def test_seed000_combat_kursachsen_blue_conquers_yellow_3_to_2() -> None:
    """Seed 000, "Combat result and its consequences", example: Blue moves 4 armies from Anhalt
    into Yellow's Kursachsen (3 armies); the tray is empty. 3 blue, 1 yellow and 1 green come
    out; with no revolt marker the peasant joins the defender; Blue wins 3:2. The yellow, the
    green and 2 blue armies go back to their supplies, 1 blue army stays in Kursachsen and the
    card passes to Blue at once (W-19, W-22)."""
    g = arranged_game(outcomes=[{"1": 3, "2": 1, "peasants": 1}])
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    assert kursachsen in board.BOARD.neighbours[anhalt]
    assert attack(g, BLUE, anhalt, kursachsen, 4) == "attacker"
    battle = last(g, "battle")
    assert battle["dropped"] == {"0": 0, "1": 4, "2": 3, "3": 0, "peasants": 0}
    assert battle["out"] == {"0": 0, "1": 3, "2": 1, "3": 0, "peasants": 1}
    assert (battle["attacker_count"], battle["defender_count"]) == (3, 2)
    s = g.s
    assert s.owner[kursachsen] == BLUE
    assert kursachsen in s.counties_of(BLUE) and kursachsen not in s.counties_of(YELLOW)
    assert s.armies[kursachsen] == 1
    assert s.armies[anhalt] == 1
    assert s.supply[BLUE] == START_SUPPLY - 5 + 2
    assert s.supply[YELLOW] == START_SUPPLY - 3 + 1
    assert s.peasants == 10 + 1
    assert s.tray == [0, 0, 0, 0, 0]
    assert s.inside == [7, 7 + 4 - 3, 7 + 3 - 1, 7, 10 - 1]
    check(g)


def test_seed000_combat_only_peasants_defended_is_a_tie() -> None:
    """Seed 000, "Combat rules", note: the defending side wins but only peasants came out for it:
    a tie (W-20). Kursachsen (Yellow, 3 armies, a church) is devastated: the church goes back,
    the county is neutral; Blue's army that came out goes back to its supply."""
    g = arranged_game(outcomes=[{"1": 1, "peasants": 2}])
    anhalt = give(g, BLUE, "anhalt", 3)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "church")
    assert attack(g, BLUE, anhalt, kursachsen, 2) == "tie"
    battle = last(g, "battle")
    assert (battle["attacker_count"], battle["defender_count"]) == (1, 2)
    s = g.s
    assert s.owner[kursachsen] == NEUTRAL
    assert s.armies[kursachsen] == 0 and s.buildings[kursachsen] == 0
    assert s.bsupply[board.A_CHURCH] == board.BOARD.building_supply[board.A_CHURCH]
    assert s.armies[anhalt] == 1
    assert s.supply[BLUE] == START_SUPPLY - 3 + 1
    assert s.supply[YELLOW] == START_SUPPLY - 3  # its 3 armies are still in the tower
    assert s.peasants == 10 + 2
    assert s.tray == [0, 0, 0, 0, 0]
    assert s.inside == [7, 7 + 2 - 1, 7 + 3, 7, 10 - 2]
    check(g)


def test_seed000_combat_winning_defender_loses_peasants_first() -> None:
    """Seed 000, "Combat result and its consequences": allied peasants are removed first for the
    defender's losses. Yellow 1 army + 1 peasant beat Blue's 1: the peasant is the loss, Yellow
    keeps Kursachsen with 1 army (W-19)."""
    g = arranged_game(outcomes=[{"1": 1, "2": 1, "peasants": 1}])
    anhalt = give(g, BLUE, "anhalt", 3)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    assert attack(g, BLUE, anhalt, kursachsen, 2) == "defender"
    s = g.s
    assert s.owner[kursachsen] == YELLOW
    assert s.armies[kursachsen] == 1
    assert s.supply[YELLOW] == START_SUPPLY - 3
    assert s.supply[BLUE] == START_SUPPLY - 3 + 1
    assert s.peasants == 11
    check(g)


def test_seed000_combat_player_vs_player_tie_devastates_county() -> None:
    """Seed 000, "Combat result and its consequences": on a tie all armies of both sides in the
    tray go back to their supplies; buildings, armies and revolt markers leave the county and its
    card goes back (neutral). Kursachsen has a revolt marker, so the peasant that came out is not
    allied and stays in the tray (W-19)."""
    g = arranged_game(outcomes=[{"1": 2, "2": 2, "peasants": 1}])
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "palace")
    add_markers(g, "kursachsen", 1)
    assert attack(g, BLUE, anhalt, kursachsen, 4) == "tie"
    s = g.s
    assert s.owner[kursachsen] == NEUTRAL
    assert (s.armies[kursachsen], s.buildings[kursachsen], s.revolts[kursachsen]) == (0, 0, 0)
    assert s.bsupply[board.A_PALACE] == board.BOARD.building_supply[board.A_PALACE]
    assert s.markers == board.BOARD.revolt_markers
    assert s.supply[BLUE] == START_SUPPLY - 5 + 2
    assert s.supply[YELLOW] == START_SUPPLY - 3 + 2
    assert s.tray == [0, 0, 0, 0, 1]
    assert s.peasants == 10
    assert s.inside == [7, 7 + 4 - 2, 7 + 3 - 2, 7, 10 - 1]
    check(g)


@pytest.mark.parametrize(("event", "peasants"), [(None, 1), ("angry_peasants", 2)])
def test_seed000_combat_neutral_county_peasants_and_angry_peasants_event(event: str | None, peasants: int) -> None:
    """Seed 000, "Armies participating in battle": attacking a neutral county drops 1 peasant;
    event "angry peasants": 2 instead (W-18). Blue wins 2:0 and holds the county with 2 armies."""
    g = arranged_game(outcomes=[{"1": 2}])
    set_event(g, event)
    anhalt = give(g, BLUE, "anhalt", 3)
    target = county("kursachsen")
    assert attack(g, BLUE, anhalt, target, 2) == "attacker"
    battle = last(g, "battle")
    assert battle["dropped"] == {"0": 0, "1": 2, "2": 0, "3": 0, "peasants": peasants}
    assert battle["defender"] is None
    s = g.s
    assert s.owner[target] == BLUE and s.armies[target] == 2
    assert s.peasants == 10 - peasants
    assert s.inside[PEASANTS] == 10 + peasants
    check(g)


def _church_peace_position(event: str | None) -> tuple[wallenstein.Game, list[Action]]:
    g = arranged_game()
    set_event(g, event)
    give(g, BLUE, "anhalt", 3)
    give(g, BLUE, "altmark", 1)
    build(g, "altmark", "church")
    give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "church")
    give(g, YELLOW, "mittelmark", 1)
    plan(g, BLUE, board.A_COMBAT_A, "anhalt")
    g.s.order = [BLUE, RED, YELLOW, PURPLE]
    assert perform(g, BLUE, board.A_COMBAT_A) is True
    assert g.pending() == [BLUE]
    return g, g.legal_actions(BLUE)


def test_seed000_event_cards_church_peace_forbids_attack_not_own_move() -> None:
    """Seed 000, "The event cards (basic game)": under church peace counties with a church are safe
    from attacks (W-17); moving into an own county with a church is a plain move (W-16)."""
    g, legal = _church_peace_position("church_peace")
    altmark, kursachsen = county("altmark"), county("kursachsen")
    targets = {a.a for a in legal}
    assert targets == {altmark, county("mittelmark"), county("saechs_lande"), county("wolfenbuettel")}
    assert Action("move", kursachsen, 1) not in legal
    assert Action("move", altmark, 2) in legal
    with pytest.raises(IllegalAction):
        g.apply(BLUE, Action("move", kursachsen, 2))
    assert g.s.owner[kursachsen] == YELLOW and g.s.armies[county("anhalt")] == 3
    check(g)
    # Without the event the church county may be attacked.
    _, legal = _church_peace_position(None)
    assert Action("move", kursachsen, 2) in legal


def test_seed000_event_cards_palace_guard_adds_defender_army() -> None:
    """Seed 000, "The event cards (basic game)": a county with a palace is attacked; the defender
    drops 1 more army from its supply (W-18). Yellow (3 + 1 = 4 dropped) wins 2:1 and keeps 1."""
    g = arranged_game(outcomes=[{"1": 1, "2": 2}])
    set_event(g, "palace_guard")
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "palace")
    assert attack(g, BLUE, anhalt, kursachsen, 4) == "defender"
    battle = last(g, "battle")
    assert battle["dropped"] == {"0": 0, "1": 4, "2": 4, "3": 0, "peasants": 0}
    assert battle["extras"] == {"palace_guard": 1}
    s = g.s
    assert s.armies[kursachsen] == 1
    assert s.supply[YELLOW] == START_SUPPLY - 3 - 1 + 1
    assert s.supply[BLUE] == START_SUPPLY - 5 + 1
    assert s.buildings[kursachsen] == 0b001
    check(g)


def test_seed000_bonus_tiles_attack_and_defend_tiles_add_one_army_each() -> None:
    """Seed 000, "Display bonus tiles": "+1 army when attacking" / "+1 army when defending" drop 1
    extra army from the holder's supply (W-18). Blue 4+1 vs Yellow 3+1; 3 blue and 1 yellow come
    out: Blue wins 3:1 and puts 2 armies in Kursachsen."""
    g = arranged_game(outcomes=[{"1": 3, "2": 1}])
    give_tile(g, BLUE, board.T_ATTACK)
    give_tile(g, YELLOW, board.T_DEFEND)
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    assert attack(g, BLUE, anhalt, kursachsen, 4) == "attacker"
    battle = last(g, "battle")
    assert battle["dropped"] == {"0": 0, "1": 5, "2": 4, "3": 0, "peasants": 0}
    assert battle["extras"] == {"attack_tile": 1, "defend_tile": 1}
    s = g.s
    assert s.owner[kursachsen] == BLUE and s.armies[kursachsen] == 2
    assert s.supply[BLUE] == START_SUPPLY - 5 - 1 + 1
    assert s.supply[YELLOW] == START_SUPPLY - 3 - 1 + 1
    check(g)


# ---------------------------------------------------------------- revolts from income (W-13)


def _lueneburg(outcome: dict[str, int], tray: bool) -> tuple[wallenstein.Game, int]:
    g = arranged_game(outcomes=[outcome])
    c = arrange_lueneburg(g, tray)
    plan(g, RED, board.A_TAX, "lueneburg")
    return g, c


def test_seed000_combat_lueneburg_tax_revolt_subdued_adds_marker() -> None:
    """Seed 000, "Combat rules", example: Dirk collects taxes in Lüneburg with 2 revolt markers:
    his 4 armies, 2 peasants and the tray (here 2 yellow, 1 peasant) are dropped. He wins 3:1,
    keeps the county with 2 armies and a third marker is added; the taxes are kept (W-13). The
    yellow cube that came out is no party and stays in the tray (W-19)."""
    g, lueneburg = _lueneburg({"0": 3, "2": 1, "peasants": 1}, tray=True)
    perform(g, RED, board.A_TAX)
    rev = last(g, "revolt")
    assert rev["dropped"] == {"0": 4, "1": 0, "2": 2, "3": 0, "peasants": 3}
    assert (rev["owner_count"], rev["peasant_count"], rev["result"]) == (3, 1, "owner")
    s = g.s
    assert s.thalers[RED] == START_THALERS + 3
    assert s.owner[lueneburg] == RED
    assert s.armies[lueneburg] == 2
    assert s.revolts[lueneburg] == 3
    assert s.markers == board.BOARD.revolt_markers - 3
    assert s.supply[RED] == START_SUPPLY - 4 + 1
    assert s.tray == [0, 0, 1, 0, 0]
    assert s.peasants == 10 - 1 - 2 + 1
    assert s.inside == [7 + 4 - 3, 7, 7 + 2 - 1, 7, 10 + 3 - 1]
    check(g)


@pytest.mark.parametrize("outcome", [{"0": 1, "peasants": 2}, {"0": 2, "peasants": 2}], ids=["lost", "tie"])
def test_seed000_combat_lueneburg_tax_revolt_lost_devastates_income_kept(outcome: dict[str, int]) -> None:
    """Seed 000, "Combat result and its consequences", revolt: if the peasants win or tie, the
    county is devastated (buildings and markers removed, card back: neutral) and no marker is
    added. The taxes collected before the revolt are kept (W-13)."""
    g, lueneburg = _lueneburg(outcome, tray=False)
    perform(g, RED, board.A_TAX)
    assert last(g, "revolt")["result"] == "peasants"
    s = g.s
    assert s.thalers[RED] == START_THALERS + 3
    assert s.owner[lueneburg] == NEUTRAL
    assert (s.armies[lueneburg], s.buildings[lueneburg], s.revolts[lueneburg]) == (0, 0, 0)
    assert s.markers == board.BOARD.revolt_markers
    assert s.bsupply[board.A_CHURCH] == board.BOARD.building_supply[board.A_CHURCH]
    assert s.supply[RED] == START_SUPPLY - 4 + outcome["0"]
    assert s.peasants == 10
    assert s.tray == [0, 0, 0, 0, 0]
    check(g)


# ---------------------------------------------------------------- winter (W-26)


def test_seed000_combat_anhalt_winter_revolt_three_peasants() -> None:
    """Seed 000, "Revolts in winter", example: Arne lacks 2 grain; Anhalt (1 revolt marker)
    revolts with 2 extra peasants from the supply chart: 3 peasants fight. Arne wins 2:1. (That
    no marker is added in winter is tested through a real winter in test_rulebook_examples_played.)"""
    g = arranged_game(outcomes=[{"0": 2, "peasants": 1}])
    anhalt = give(g, RED, "anhalt", 2)
    add_markers(g, "anhalt", 1)
    row = board.BOARD.supply_row(2)
    assert row is not None
    assert revolt(g, anhalt, extra_peasants=row.extra_peasants, winter=True) is True
    rev = last(g, "revolt")
    assert rev["dropped"] == {"0": 2, "1": 0, "2": 0, "3": 0, "peasants": 3}
    assert rev["winter"] is True
    assert g.s.armies[anhalt] == 1
    check(g)


def test_seed000_winter_arne_two_short_one_revolt_no_marker_added() -> None:
    """Seed 000, "Winter game round": grain loss from the remaining event card, then shortfall =
    counties - grain (W-26). Arne holds Anhalt and Altmark (1 marker each) and 1 grain; the card
    takes 1: 2 short, so one county (drawn at random) revolts with 1 + 2 = 3 peasants. He wins
    and the marker count stays 1."""
    g = arranged_game(outcomes=[{"0": 2, "peasants": 1}])
    for key in ("anhalt", "altmark"):
        give(g, RED, key, 2)
        add_markers(g, key, 1)
    g.s.grain = [1, 0, 0, 0]
    g.s.year_events = [event_index("recruit_reduced")]  # winter loss 1
    begin_winter(g)
    assert g.s.grain[RED] == 0
    assert run_winter(g) is False
    short = last(g, "supply_short")
    assert (short["shortfall"], short["extra_peasants"]) == (2, 2)
    assert len(short["counties"]) == 1
    hit = county(short["counties"][0])
    rev = last(g, "revolt")
    assert rev["county"] == short["counties"][0]
    assert rev["dropped"] == {"0": 2, "1": 0, "2": 0, "3": 0, "peasants": 3}
    assert g.s.armies[hit] == 1
    assert g.s.revolts == [1 if c in (county("anhalt"), county("altmark")) else 0 for c in range(board.BOARD.n)]
    assert len(entries(g, "revolt")) == 1
    check(g)


def test_seed000_winter_dirk_nine_counties_seven_grain() -> None:
    """Seed 000, "Winter game round", supply chart example: Dirk has 9 counties and 7 grain: 2 not
    supplied, 1 revolt, 2 extra peasants (with 1 marker there: 3 peasants). The peasants win:
    Dirk loses the county and scores no point for it."""
    g = arranged_game(outcomes=[{"0": 1, "peasants": 3}])
    keys = ["anhalt", "altmark", "lueneburg", "mecklenburg", "vorpommern", "neumark", "lausitz", "vogtland", "passau"]
    for key in keys:
        give(g, RED, key, 1)
        add_markers(g, key, 1)
    g.s.grain = [7, 0, 0, 0]
    g.s.year_events = [event_index("tax_max_5")]  # winter loss 0
    begin_winter(g)
    assert run_winter(g) is False
    short = last(g, "supply_short")
    assert (short["seat"], short["shortfall"], short["extra_peasants"], len(short["counties"])) == (RED, 2, 2, 1)
    rev = last(g, "revolt")
    assert rev["dropped"]["peasants"] == 3
    assert rev["result"] == "peasants"
    assert g.s.owner[county(short["counties"][0])] == NEUTRAL
    detail = score(g)
    assert detail[RED] == {"counties": 8, "buildings": 0, "majorities": 0}
    assert g.s.vp == [8, 0, 0, 0]
    check(g)


@pytest.mark.parametrize(
    ("short", "row"),
    [
        (0, None),
        (1, (1, 1)),
        (2, (1, 2)),
        (3, (2, 2)),
        (4, (2, 2)),
        (5, (2, 3)),
        (6, (2, 3)),
        (7, (3, 3)),
        (12, (3, 3)),
    ],
)
def test_seed000_winter_supply_chart_rows(short: int, row: tuple[int, int] | None) -> None:
    """Seed 000, "Winter game round", supply chart: unsupplied counties -> revolting counties /
    extra peasants: 1 -> 1/1, 2 -> 1/2, 3-4 -> 2/2, 5-6 -> 2/3, 7+ -> 3/3."""
    got = board.BOARD.supply_row(short)
    assert (None if got is None else (got.revolts, got.extra_peasants)) == row


def test_seed000_winter_two_revolts_player_chooses_order() -> None:
    """Seed 000, "Winter game round": 3 short gives 2 revolting counties with 2 extra peasants each;
    a player with more than one revolt decides their order (W-26)."""
    g = arranged_game(outcomes=[{"0": 3, "peasants": 1}, {"0": 3, "peasants": 1}])
    keys = ["anhalt", "altmark", "lueneburg"]
    for key in keys:
        give(g, RED, key, 3)
    g.s.year_events = [event_index("tax_max_5")]
    begin_winter(g)
    assert run_winter(g) is True
    assert g.pending() == [RED]
    drawn = sorted(county(k) for k in last(g, "supply_short")["counties"])
    assert len(drawn) == 2
    assert g.legal_actions(RED) == [Action("revolt_next", c) for c in drawn]
    g.apply(RED, Action("revolt_next", drawn[1]))
    revolts = entries(g, "revolt")
    assert [r["county"] for r in revolts] == [board.BOARD.keys[drawn[1]], board.BOARD.keys[drawn[0]]]
    assert all(r["dropped"]["peasants"] == 2 for r in revolts)
    check(g)


def test_seed000_winter_scoring_counties_buildings_majorities() -> None:
    """Seed 000, "Scoring": 1 VP per county and per building; most palaces / churches / trading
    posts in a region 3 / 2 / 1, tied leaders the award minus 1 (a trading-post tie scores 0);
    only players with at least one building of the type take part (W-27)."""
    g = arranged_game()
    holdings: list[tuple[int, str, tuple[str, ...]]] = [  # (owner, county, its buildings), one army in each
        # Brandenburg: Red 2 palaces, 2 churches, 1 trading post; Blue 1/1/1; Yellow 0/0/1.
        (RED, "altmark", ("palace", "church")),
        (RED, "holstein", ("palace", "church", "trading_post")),
        (RED, "boehmen", ()),  # no buildings anywhere in Österreich: nobody scores there
        (BLUE, "mittelmark", ("palace", "trading_post")),
        (BLUE, "osnabrueck", ("church",)),
        (YELLOW, "mecklenburg", ("trading_post",)),
        (PURPLE, "lueneburg", ()),
        # Sachsen: Blue and Yellow tie on palaces and churches; Purple alone has a trading post.
        (BLUE, "kursachsen", ("church",)),
        (BLUE, "anhalt", ("palace",)),
        (YELLOW, "vogtland", ("church",)),
        (YELLOW, "lausitz", ("palace",)),
        (PURPLE, "wolfenbuettel", ("trading_post",)),
        # Bayern: Purple's lone church.
        (PURPLE, "augsburg", ("church",)),
    ]
    for owner, key, buildings in holdings:
        give(g, owner, key, 1)
        build(g, key, *buildings)
    g.s.vp = [1, 0, 0, 0]
    detail = score(g)
    assert detail == [
        {"counties": 3, "buildings": 5, "majorities": 3 + 2 + 0},
        {"counties": 4, "buildings": 5, "majorities": 0 + 0 + 0 + (3 - 1) + (2 - 1)},
        {"counties": 3, "buildings": 3, "majorities": 0 + (3 - 1) + (2 - 1)},
        {"counties": 3, "buildings": 2, "majorities": 1 + 2},
    ]
    assert g.s.vp == [1 + 13, 12, 9, 8]
    check(g)


# ---------------------------------------------------------------- set-up


def test_seed000_setup_three_players_tower_fill_31_cubes() -> None:
    """Seed 000, "The dice tower", example: with 3 players 31 cubes (7 per player + 10 peasants)
    are dropped into the tower; cubes that come out go back to their supplies."""
    tower = wallenstein.ScriptedTower([{"0": 2, "2": 1, "peasants": 3}])
    g = wallenstein.new_game(players=3, seed=0, tower=tower)
    fill = last(g, "tower_fill")
    assert fill["dropped"] == {"0": 7, "1": 7, "2": 7, "peasants": 10}
    assert sum(fill["dropped"].values()) == 31
    s = g.s
    assert s.inside == [5, 7, 6, 7]
    assert s.tray == [0, 0, 0, 0]
    placed = sum(board.BOARD.start_groups[3])
    assert s.supply == [62 - placed - 5, 62 - placed - 7, 62 - placed - 6]
    assert s.peasants == 20 - 7
    check(g)


# ---------------------------------------------------------------- player order (W-09)


@pytest.mark.parametrize(
    ("bids", "order", "paid"),
    [
        ((money(1), "anhalt", money(4), board.EMPTY, money(0)), [2, 0, 1, 4, 3], [1, 0, 4, 0, 0]),
        ((money(2), money(3), "anhalt", money(0), money(4)), [4, 1, 0, 2, 3], [2, 3, 0, 0, 4]),
    ],
)
def test_seed000_player_order_bid_ranks_and_payment(
    bids: tuple[int | str, ...], order: list[int], paid: list[int]
) -> None:
    """Seed 000, "Determine player order": bids pay their value, county bids pay nothing; money
    4, 3, 2, 1 come first, then county cards, then the 0 card, then no card (W-09)."""
    g = arranged_game(players=5)
    for seat, bid in enumerate(bids):
        if isinstance(bid, str):
            give(g, seat, bid, 1)
            bid = county(bid)
        g.s.plans[seat * board.N_BOXES + board.AUCTION_BOX] = bid
    reveal_bids(g)
    assert g.s.bid_order == order
    assert g.s.thalers == [12 - p for p in paid]
    assert g.s.phase == POSITION
    ranks = [bid_rank(board.MONEY + v) for v in (4, 3, 2, 1)] + [
        bid_rank(county("anhalt")),
        bid_rank(board.MONEY),
        bid_rank(board.EMPTY),
    ]
    assert ranks == sorted(set(ranks))
    check(g)


def test_seed000_player_order_ties_drawn_at_random() -> None:
    """Seed 000, "Determine player order": tied bids are drawn from the bag (W-09). Red and Yellow
    both bid 2: they follow Blue's 3 in either order, and Purple's 0 comes last."""
    seen = set()
    for seed in range(24):
        g = arranged_game(seed=seed)
        for seat, v in enumerate((2, 3, 2, 0)):
            g.s.plans[seat * board.N_BOXES + board.AUCTION_BOX] = money(v)
        reveal_bids(g)
        order = g.s.bid_order
        assert order[0] == BLUE and order[3] == PURPLE
        assert sorted(order[1:3]) == [RED, YELLOW]
        seen.add(tuple(order))
    assert seen == {(BLUE, RED, YELLOW, PURPLE), (BLUE, YELLOW, RED, PURPLE)}


def test_seed000_player_order_positions_in_bid_order_unclaimed_skipped() -> None:
    """Seed 000, "Determine player order": in bid order each player takes a free position 1..5
    with its bonus tile; unclaimed positions are disregarded (W-09)."""
    g = wallenstein.new_game(players=4, seed=5)
    bids = {RED: money(1), BLUE: money(3), YELLOW: g.s.counties_of(YELLOW)[0], PURPLE: money(0)}
    for seat, bid in bids.items():
        plan_lineup(g, seat, bid)
    assert g.phase == "position"
    assert g.s.bid_order == [BLUE, RED, YELLOW, PURPLE]
    assert g.s.thalers == [15 - 1, 15 - 3, 15, 15]
    tiles = list(g.s.tiles)
    picks = [(BLUE, 5), (RED, 2), (YELLOW, 1), (PURPLE, 4)]
    free = [1, 2, 3, 4, 5]
    for seat, pos in picks:
        assert g.pending() == [seat]
        assert [a.a + 1 for a in g.legal_actions(seat)] == free
        g.apply(seat, Action("position", pos - 1))
        free.remove(pos)
    assert g.s.order == [YELLOW, RED, PURPLE, BLUE]
    taken = entries(g, "position")
    assert [(e["seat"], e["position"], e["tile"]) for e in taken] == [
        (seat, pos, board.BONUS_TILES[tiles[pos - 1]]) for seat, pos in picks
    ]
    check(g)


# ---------------------------------------------------------------- lost counties (W-22)


def test_seed000_combat_conquered_county_loses_planned_action() -> None:
    """Seed 000, "Perform actions", note: a conquered county's card goes to the conqueror at once,
    even from the loser's mat; Yellow's tax planned in Kursachsen is lost (W-22). Played through
    the public API: combat A first, then taxes."""
    g = arranged_game(outcomes=[{"1": 3, "2": 1, "peasants": 1}], planning=True)
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    g.s.action_cards = [
        board.A_COMBAT_A,
        board.A_TAX,
        *(a for a in range(10) if a not in (board.A_COMBAT_A, board.A_TAX)),
    ]
    cash: dict[str, str | None] = {
        "palace": "money:1",
        "church": "money:2",
        "trading_post": "money:3",
        "grain": "money:4",
    }
    g.apply(RED, Action.plan(cash, "money:0"))
    g.apply(PURPLE, Action.plan(cash, "money:0"))
    g.apply(BLUE, Action.plan({**cash, "combat_a": "anhalt"}, "money:0"))
    g.apply(YELLOW, Action.plan({**cash, "tax": "kursachsen"}, "money:0"))
    harmless = {board.T_TAX, board.T_GRAIN, board.T_DEPLOY6}
    while g.phase == "position":
        seat = g.pending()[0]
        free = [a.a for a in g.legal_actions(seat)]
        want = [p for p in free if (g.s.tiles[p] in harmless) == (seat in (BLUE, YELLOW))]
        g.apply(seat, Action("position", (want or free)[0]))
    assert g.phase == "move" and g.pending() == [BLUE]
    g.apply(BLUE, Action("move", kursachsen, 4))
    s = g.s
    assert s.owner[kursachsen] == BLUE and s.armies[kursachsen] == 1 and s.armies[anhalt] == 1
    skips = [e for e in entries(g, "skip") if e["action"] == "tax"]
    assert skips == [{"e": "skip", "seat": YELLOW, "action": "tax", "county": "kursachsen", "why": "county lost"}]
    assert not [e for e in entries(g, "action") if e["action"] == "tax"]
    assert s.thalers[YELLOW] == START_THALERS
    assert s.thalers[BLUE] == START_THALERS
    assert s.revolts[kursachsen] == 0
    assert g.phase == "planning" and s.season == 1
    check(g)


def test_seed000_combat_devastated_county_loses_planned_action() -> None:
    """Seed 000, "Combat result and its consequences": a tie sends the county card back to the
    supply, so Yellow's grain planned in Kursachsen is lost too (W-22)."""
    g = arranged_game(outcomes=[{"1": 2, "2": 2}])
    anhalt = give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    plan(g, YELLOW, board.A_GRAIN, "kursachsen")
    assert attack(g, BLUE, anhalt, kursachsen, 4) == "tie"
    perform(g, YELLOW, board.A_GRAIN)
    assert g.s.grain[YELLOW] == 0
    assert last(g, "skip")["why"] == "county lost"
    assert g.s.revolts[kursachsen] == 0
    check(g)
