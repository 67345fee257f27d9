"""The worked examples of the 2002 edition, one test each.

Sources: seed 002 (``../shared/seeds/002_de16aeb42e33f8bf.txt``, the 2002 rules in English) and
seed 003 (``003_67f9527da1ec065b.txt``, the condensed rules). Sections are named as printed; ruling
ids (W-nn) refer to ``../shared/design/rulings.md``, R-nn to docs/rules/notes-2002.md. Positions
come from ``scenario2002.arranged_2002``: an empty 4-player board, 7 armies per player and 10
farmers inside the tower, an empty tray, 15 gold and 54 armies per player. Seat 0 is red, 1 blue,
2 yellow, 3 purple (the examples' colours).

Rulebooks cited: ``../shared/seeds/003_67f9527da1ec065b.txt`` (seed 003).
"""

from __future__ import annotations

from scenario import add_markers, build, county, give, last, plan
from scenario2002 import arranged_2002, set_event_2002, use_event

import wallenstein
from wallenstein import Action
from wallenstein.board import A_DEPLOY5, A_GRAIN, A_PALACE, A_TRADING, BOARD
from wallenstein.edition2002 import ARMIES, START_GOLD, attack, perform, revolt
from wallenstein.invariants import check
from wallenstein.state import COMMIT, NEUTRAL
from wallenstein.winter import begin_winter, run_winter, score

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
PEASANTS = 4
SUPPLY = ARMIES - 7  # after the tower fill
GOLD = 15


# ---------------------------------------------------------------- battles and revolts


def test_seed002_combat_result_example_four_blue_three_red() -> None:
    """Seed 002, "Battles and revolts", 1. Combat result: 4 blue and 3 red armies go in; 3 blue,
    4 red (one from inside the tower) and 1 green come out. Red, with the farmer, has 5 against 3:
    red puts 2 armies back in the land; 3 blue, 2 red and the green cube go back to the supplies."""
    g = arranged_2002(outcomes=[{"1": 3, "0": 4, "peasants": 1}])
    origin = give(g, BLUE, "anhalt", 5)
    land = give(g, RED, "kursachsen", 3)
    assert land in BOARD.neighbours[origin]
    peasants = g.s.peasants
    assert attack(g, BLUE, origin, land, 4, 3) == "defender"
    s = g.s
    assert s.owner[land] == RED and s.armies[land] == 2
    assert s.armies[origin] == 1
    assert s.supply[BLUE] == SUPPLY - 5 + 3
    assert s.supply[RED] == SUPPLY - 3 + 2
    assert s.peasants == peasants + 1
    assert s.tray == [0] * 5
    assert s.inside[RED] == 7 + 3 - 4 and s.inside[PEASANTS] == 10 - 1
    battle = last(g, "battle")
    assert battle["dropped"] == {"0": 3, "1": 4, "2": 0, "3": 0, "peasants": 0}
    assert (battle["attacker_count"], battle["defender_count"]) == (3, 5)
    check(g)


def test_seed002_player_versus_player_example_red_attacks_blue() -> None:
    """Seed 002, "Battles and revolts", 2. Player versus player: blue is attacked by red; 4 red and
    6 blue come out. Blue, the defender, puts 2 armies back in the land."""
    g = arranged_2002(outcomes=[{"0": 4, "1": 6}])
    origin = give(g, RED, "mittelmark", 6)
    land = give(g, BLUE, "kursachsen", 6)
    assert attack(g, RED, origin, land, 5, 6) == "defender"
    assert g.s.owner[land] == BLUE and g.s.armies[land] == 2
    assert g.s.supply[RED] == SUPPLY - 6 + 4 and g.s.supply[BLUE] == SUPPLY - 6 + 4
    check(g)


def test_seed002_player_versus_player_example_two_fewer_blue_devastates() -> None:
    """Same example: "If two less blue armies would have dropped out, the country would have been
    devastated" (4 against 4: the buildings, markers and the card go back; seed 003, Battle)."""
    g = arranged_2002(outcomes=[{"0": 4, "1": 4}])
    origin = give(g, RED, "mittelmark", 6)
    land = give(g, BLUE, "kursachsen", 6)
    build(g, "kursachsen", "church")
    add_markers(g, "kursachsen", 1)
    assert attack(g, RED, origin, land, 5, 6) == "tie"
    s = g.s
    assert s.owner[land] == NEUTRAL and s.armies[land] == 0 and s.buildings[land] == 0 and s.revolts[land] == 0
    assert s.supply[BLUE] == SUPPLY - 6 + 4 and s.supply[RED] == SUPPLY - 6 + 4
    check(g)


def test_seed002_defender_keeps_armies_back_and_they_hold_the_land() -> None:
    """Seed 002, "Player versus player": the defender uses as many armies as he wants. Blue throws
    in 4 of 6: 4 red and 6 blue come out, the 2 winners return beside the 2 kept back."""
    g = arranged_2002(outcomes=[{"0": 4, "1": 6}])
    origin = give(g, RED, "mittelmark", 6)
    land = give(g, BLUE, "kursachsen", 6)
    attack(g, RED, origin, land, 5, 4)
    assert g.s.armies[land] == 2 + 2
    assert last(g, "battle")["kept"] == 2
    check(g)


def test_seed002_note_armies_kept_back_are_lost_with_the_land() -> None:
    """Seed 002, note to "Player versus player" (W-21): a defender that kept armies back and loses
    returns them to its supply too."""
    g = arranged_2002(outcomes=[{"0": 5, "1": 2}])
    origin = give(g, RED, "mittelmark", 6)
    land = give(g, BLUE, "kursachsen", 6)
    assert attack(g, RED, origin, land, 5, 2) == "attacker"
    s = g.s
    assert s.owner[land] == RED and s.armies[land] == 3
    assert s.supply[BLUE] == SUPPLY - 6 + 2 + 4  # the 2 that fought and the 4 kept back
    assert s.supply[RED] == SUPPLY - 6 + 2
    assert s.revolts[land] == 0  # an owned land: no marker for the conqueror (W-23 is for free lands)
    check(g)


def test_seed002_empty_country_conquered_gets_a_revolt_marker() -> None:
    """Seed 002, "Player versus an empty country" (W-23): one farmer defends a free land; the
    conqueror takes the card from the deck and a revolt marker is added."""
    g = arranged_2002(outcomes=[{"0": 3}])
    origin = give(g, RED, "mittelmark", 5)
    land = county("kursachsen")
    markers = g.s.markers
    assert attack(g, RED, origin, land, 3, 0) == "attacker"
    s = g.s
    assert s.owner[land] == RED and s.armies[land] == 3
    assert s.revolts[land] == 1 and s.markers == markers - 1
    assert last(g, "battle")["dropped"]["peasants"] == 1
    check(g)


def test_seed002_revolt_example_two_grain_short_three_farmers() -> None:
    """Seed 002, "4. Revolts": Jörg lacks 2 grain; one land is drawn, which has a revolt marker:
    1 farmer for the marker and 2 for the shortage (supply chart) revolt there (W-26)."""
    g = arranged_2002(outcomes=[{"0": 2, "peasants": 1}])
    s = g.s
    for key in ("anhalt", "altmark", "mittelmark"):
        give(g, RED, key, 2)
        add_markers(g, key, 1)
    s.year_events = [s.year_events[0]]
    loss = g.events[s.year_events[0]].winter_loss
    s.grain[RED] = loss + 1  # 3 lands, 1 grain after the loss: 2 short
    s.season = 3
    begin_winter(g)
    assert s.grain[RED] == 1
    assert run_winter(g) is True  # the owner decides how many armies defend (W-18)
    assert s.phase == COMMIT
    fight = g.observe(None)["fight"]
    assert fight["kind"] == "winter_revolt" and fight["farmers"] == 3 and fight["defender"] == RED
    short = last(g, "supply_short")
    assert short["shortfall"] == 2 and short["extra_peasants"] == 2 and len(short["counties"]) == 1
    land = county(short["counties"][0])
    g.apply(RED, Action("commit", 2))
    rv = last(g, "revolt")
    assert rv["dropped"] == {"0": 2, "1": 0, "2": 0, "3": 0, "peasants": 3}
    assert rv["result"] == "owner" and rv["winter"] is True
    assert g.s.owner[land] == RED and g.s.armies[land] == 1
    check(g)


def test_seed003_revolt_tie_goes_to_the_farmers() -> None:
    """Seed 003, "Revolt": if the attackers equal or exceed the defenders the revolt succeeds; the
    land is devastated and the armies kept back go to the supply."""
    g = arranged_2002(outcomes=[{"0": 1, "peasants": 1}])
    land = give(g, RED, "anhalt", 4)
    build(g, "anhalt", "palace")
    add_markers(g, "anhalt", 1)
    assert revolt(g, land, 2) is False
    s = g.s
    assert s.owner[land] == NEUTRAL and s.buildings[land] == 0 and s.revolts[land] == 0
    assert s.supply[RED] == SUPPLY - 4 + 1 + 2  # the 1 that came out and the 2 kept back; 1 stays inside
    check(g)


def test_seed003_grain_action_revolt_then_a_marker_when_put_down() -> None:
    """Seed 003, "Grain or Gold": with a marker in the land the farmers revolt (no shortage
    farmers); if the revolt fails, one more marker is added (W-13)."""
    g = arranged_2002(outcomes=[{"0": 3}])
    use_event(g, "church_peace")
    land = give(g, RED, "anhalt", 3)
    add_markers(g, "anhalt", 1)
    plan(g, RED, A_GRAIN, "anhalt")
    assert perform(g, RED, A_GRAIN) is True
    assert g.s.grain[RED] == BOARD.grain[land]  # the income comes first
    assert g.pending() == [RED] and g.legal_actions(RED) == [Action("commit", n) for n in range(4)]
    g.apply(RED, Action("commit", 3))
    rv = [e for e in g.log if e["e"] == "revolt"][-1]
    assert rv["dropped"]["peasants"] == 1 and rv["result"] == "owner"
    assert g.s.revolts[land] == 2 and g.s.armies[land] == 3
    check(g)


# ---------------------------------------------------------------- actions


def test_seed003_insufficient_armies_forfeit_the_whole_action() -> None:
    """Seed 003, "Play": if the player has too few armies to complete an action, it is forfeited
    entirely (recruit 5 with 4 armies in supply: nothing placed, nothing paid)."""
    g = arranged_2002()
    land = give(g, RED, "anhalt", 1)
    g.s.supply[RED] = 4
    g.s.inside[RED] += SUPPLY - 1 - 4  # keep every cube accounted for
    plan(g, RED, A_DEPLOY5, "anhalt")
    assert perform(g, RED, A_DEPLOY5) is False
    assert g.s.armies[land] == 1 and g.s.thalers[RED] == GOLD and g.s.supply[RED] == 4
    assert last(g, "skip")["why"] == "army supply short"
    check(g)


def test_seed002_building_one_city_holds_one_building() -> None:
    """Seed 002, "1. Building": a land with one city takes only one building; a missing tile or a
    second building of a type cancels the action."""
    g = arranged_2002()
    assert BOARD.sites[county("anhalt")] == 1
    give(g, RED, "anhalt", 1)
    build(g, "anhalt", "church")
    plan(g, RED, A_PALACE, "anhalt")
    assert perform(g, RED, A_PALACE) is False
    assert last(g, "skip")["why"] == "cannot build" and g.s.thalers[RED] == GOLD
    check(g)


def test_seed002_neighbours_of_bm_konstanz() -> None:
    """Seed 002, "4. Movements/Battles": the neighbours of Bm. Konstanz are Breisgau, Württemberg
    and Augsburg (W-02: one board for both editions)."""
    assert {BOARD.keys[n] for n in BOARD.neighbours[county("konstanz")]} == {"breisgau", "wuerttemberg", "augsburg"}


def test_seed003_trade_bonus_pays_for_a_trading_firm() -> None:
    """Seed 003, cards 24-25: building a trading firm produces 1 gold instead of costing 1 (R-13)."""
    g = arranged_2002()
    set_event_2002(g, "trade_bonus")
    give(g, RED, "altmark", 1)
    g.s.thalers[RED] = 0
    plan(g, RED, A_TRADING, "altmark")
    perform(g, RED, A_TRADING)
    assert g.s.thalers[RED] == 1 and g.s.buildings[county("altmark")] == 4
    check(g)


# ---------------------------------------------------------------- winter scoring


def test_seed002_victory_points_shared_palace_majority() -> None:
    """Seed 002, "5. Winter", c: Jörg and Monica have the same number of palaces in Brandenburg,
    more than anyone: 2 VP each (3 for a sole majority); a shared trading firm majority gives 0."""
    g = arranged_2002()
    give(g, RED, "altmark", 1)  # Jörg
    give(g, BLUE, "mittelmark", 1)  # Monica
    give(g, YELLOW, "lueneburg", 1)
    build(g, "altmark", "palace", "trading_post")
    build(g, "mittelmark", "palace", "trading_post")
    build(g, "lueneburg", "church")
    detail = score(g)
    assert [d["majorities"] for d in detail] == [2, 2, 2, 0]
    assert [d["counties"] + d["buildings"] for d in detail] == [3, 3, 2, 0]
    # Had Jörg been alone with the palace majority: 3.
    g2 = arranged_2002()
    give(g2, RED, "altmark", 1)
    give(g2, BLUE, "mittelmark", 1)
    build(g2, "altmark", "palace")
    build(g2, "mittelmark", "church")
    assert [d["majorities"] for d in score(g2)] == [3, 2, 0, 0]


# ---------------------------------------------------------------- set-up and the year


def test_seed002_game_preparation() -> None:
    """Seed 002, "Game preparation": 18/15/13 gold for 3/4/5 players, 5 blank cards, 61 armies (one
    cube of 62 counts grain, W-03), 7 armies of each player and 10 farmers into the tower."""
    for players in (3, 4, 5):
        g = wallenstein.new_game(players, seed=players, edition="2002")
        assert g.s.thalers == [START_GOLD[players]] * players
        assert START_GOLD[players] == {3: 18, 4: 15, 5: 13}[players]
        fill = g.log[[e["e"] for e in g.log].index("tower_fill")]
        assert fill["dropped"] == {**{str(p): 7 for p in range(players)}, "peasants": 10}
        groups = {3: 9, 4: 8, 5: 7}[players]
        assert all(g.observe(None)["players"][p]["counties"] == groups for p in range(players))
        assert g.legal_actions(0)[-1].b != -1 and any(a.to_json()["card"] == "blank" for a in g.legal_actions(0))
        check(g)


def test_seed002_event_cards_one_of_four_three_two_then_winter_loss() -> None:
    """Seed 002, "1. Year start" and "2. Spring" d: four events per year; spring draws one of four,
    summer one of three, autumn one of two; the fourth card's grain loss applies in winter."""
    import random

    g = wallenstein.new_game(4, seed=3, edition="2002")
    rng = random.Random(0)
    year = list(g.s.year_events)
    assert len(year) == 4
    seen: list[int] = []
    while not g.over:
        if g.s.event >= 0 and g.s.event not in seen:
            seen.append(g.s.event)
            assert len(g.s.year_events) == 4 - (len(seen) - 1)
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        winter = [e for e in g.log if e["e"] == "winter"]
        if winter:
            left = [e for e in year if e not in seen]
            assert len(seen) == 3 and len(left) == 1
            assert winter[0]["grain_loss"] == g.events[left[0]].winter_loss
            assert winter[0]["standin"] is True
            break
    assert [e for e in g.log if e["e"] == "winter"]
