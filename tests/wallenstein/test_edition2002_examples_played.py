"""The 2002 edition's worked examples played through the public path: the position is arranged in
the first planning, every seat plans (blank cards on the boxes it leaves), the attacker moves and
the defender commits its armies with ``Game.apply``; the actions and the winter scoring examples are
played the same way. ``test_edition2002_examples.py`` checks the same examples on the rule functions.

Sources: ``../shared/seeds/002_de16aeb42e33f8bf.txt`` (the 2002 rules in English, "Battles and
revolts") and ``../shared/seeds/003_67f9527da1ec065b.txt`` (condensed rules, "Battle", "Revolt");
rulings W-18..W-23 in ``../shared/design/rulings.md``.
"""

from __future__ import annotations

import pytest
from scenario import add_markers, build, county, entries, give
from scenario2002 import arranged_2002
from season import finish_season, plan_season, play_until

import wallenstein
from wallenstein import Action
from wallenstein.edition2002 import ARMIES
from wallenstein.invariants import check
from wallenstein.state import NEUTRAL

RED, BLUE, YELLOW = 0, 1, 2
SUPPLY = ARMIES - 7  # after the tower fill
GOLD = 15  # 4 players


def _attack(
    outcome: dict[str, int], attacker: int, origin: str, armies: int, moved: int, defender: int, defending: int
) -> wallenstein.Game:
    """``attacker`` holds ``origin`` with ``armies`` and attacks ``defender``'s Kursachsen
    (``defending`` armies) with ``moved`` in battle A, the season's first action."""
    g = arranged_2002(outcomes=[outcome], planning=True)
    give(g, attacker, origin, armies)
    give(g, defender, "kursachsen", defending)
    plan_season(g, {attacker: {"combat_a": origin}, defender: {"church": "kursachsen"}}, order=("combat_a",))
    play_until(g, lambda game: game.phase == "move" and game.pending() == [attacker])
    g.apply(attacker, Action("move", county("kursachsen"), moved))
    assert g.phase == "commit" and g.pending() == [defender]
    assert [a.a for a in g.legal_actions(defender)] == list(range(defending + 1))  # 0 to all (W-18)
    return g


def test_seed002_combat_result_example_four_blue_three_red() -> None:
    """ "1. Combat result": Blue attacks with 4, Red throws in its 3; 3 blue, 4 red and 1 farmer come
    out: Red with the farmer has 5 against 3 and puts 2 armies back in the land."""
    g = _attack({"1": 3, "0": 4, "peasants": 1}, BLUE, "anhalt", 5, 4, RED, 3)
    g.apply(RED, Action("commit", 3))
    battle = entries(g, "battle")[0]
    assert (battle["attacker_count"], battle["defender_count"], battle["result"]) == (3, 5, "defender")
    s = g.s
    assert (s.owner[county("kursachsen")], s.armies[county("kursachsen")]) == (RED, 2)
    assert s.supply[BLUE] == SUPPLY - 5 + 3 and s.supply[RED] == SUPPLY - 3 + 2
    check(g)


@pytest.mark.parametrize(
    ("commit", "outcome", "result", "left"),
    [
        (6, {"0": 4, "1": 6}, "defender", 2),  # "2. Player versus player": Blue keeps 2
        (6, {"0": 4, "1": 4}, "tie", 0),  # "two less blue armies": the land is devastated
        (4, {"0": 4, "1": 6}, "defender", 2 + 2),  # 2 kept back stay beside the 2 winners
        (2, {"0": 5, "1": 2}, "attacker", 3),  # W-21: the 4 kept back are lost with the land
    ],
)
def test_seed002_player_versus_player_examples(commit: int, outcome: dict[str, int], result: str, left: int) -> None:
    """ "2. Player versus player": Red attacks Blue's land (6 armies, a church, 1 marker) with 5;
    Blue throws in ``commit`` of its 6 (W-18); armies kept back share the land's fate (W-20, W-21)."""
    g = arranged_2002(outcomes=[outcome], planning=True)
    give(g, RED, "mittelmark", 6)
    land = give(g, BLUE, "kursachsen", 6)
    build(g, "kursachsen", "church")
    add_markers(g, "kursachsen", 1)
    plan_season(g, {RED: {"combat_a": "mittelmark"}, BLUE: {"palace": "kursachsen"}}, order=("combat_a",))
    play_until(g, lambda game: game.phase == "move" and game.pending() == [RED])
    g.apply(RED, Action("move", land, 5))
    g.apply(BLUE, Action("commit", commit))
    battle = entries(g, "battle")[0]
    assert (battle["committed"], battle["kept"], battle["result"]) == (commit, 6 - commit, result)
    s = g.s
    assert s.armies[land] == left
    assert s.owner[land] == {"defender": BLUE, "tie": NEUTRAL, "attacker": RED}[result]
    if result == "attacker":
        assert s.supply[BLUE] == SUPPLY - 6 + 2 + 4 and s.revolts[land] == 1  # the marker stays (W-23: free lands only)
    if result == "tie":
        assert (s.buildings[land], s.revolts[land]) == (0, 0)
    check(g)


def test_seed002_empty_country_conquered_gets_a_revolt_marker() -> None:
    """ "Player versus an empty country" (W-23): one farmer defends a free land, nobody commits;
    Red conquers it, takes the card and a revolt marker is added."""
    g = arranged_2002(outcomes=[{"0": 3}], planning=True)
    give(g, RED, "mittelmark", 5)
    land = county("kursachsen")
    plan_season(g, {RED: {"combat_a": "mittelmark"}}, order=("combat_a",))
    play_until(g, lambda game: game.phase == "move" and game.pending() == [RED])
    g.apply(RED, Action("move", land, 3))
    battle = entries(g, "battle")[0]
    assert battle["dropped"]["peasants"] == 1 and battle["result"] == "attacker"
    assert (g.s.owner[land], g.s.armies[land], g.s.revolts[land]) == (RED, 3, 1)
    check(g)


@pytest.mark.parametrize(("outcome", "kept"), [({"0": 3, "peasants": 1}, True), ({"0": 1, "peasants": 1}, False)])
def test_seed003_grain_action_revolt_then_a_marker_when_put_down(outcome: dict[str, int], kept: bool) -> None:
    """Seed 003, "Revolt": collecting grain in a land with a marker pays first, then the farmers (1
    per marker) revolt against the armies the owner commits; put down, a second marker is added;
    a tie or a loss goes to the farmers and the land is laid waste (W-13)."""
    g = arranged_2002(outcomes=[outcome], planning=True)
    land = give(g, RED, "kursachsen", 3)
    add_markers(g, "kursachsen", 1)
    plan_season(g, {RED: {"grain": "kursachsen"}}, order=("grain",))
    assert g.phase == "commit" and g.pending() == [RED]
    assert g.s.grain[RED] > 0  # the income comes first
    g.apply(RED, Action("commit", 3))
    revolt = entries(g, "revolt")[0]
    assert revolt["dropped"]["peasants"] == 1 and revolt["result"] == ("owner" if kept else "peasants")
    assert (g.s.owner[land], g.s.revolts[land]) == ((RED, 2) if kept else (NEUTRAL, 0))
    finish_season(g)
    check(g)


# ---------------------------------------------------------------- actions and winter, played


def test_seed003_insufficient_armies_forfeit_the_whole_action() -> None:
    """Seed 003, "Play": an action the player cannot complete is forfeited whole: recruit 5 with 4
    armies left in the supply places nothing and costs nothing."""
    g = arranged_2002(planning=True)
    land = give(g, RED, "anhalt", SUPPLY - 4)
    plan_season(g, {RED: {"deploy5": "anhalt"}}, order=("deploy5",))
    skips = [(e["seat"], e["why"]) for e in entries(g, "skip") if e["action"] == "deploy5"]
    assert skips == [(RED, "army supply short")]
    assert (g.s.armies[land], g.s.supply[RED], g.s.thalers[RED]) == (SUPPLY - 4, 4, GOLD)
    check(g)


def test_seed002_building_one_city_holds_one_building() -> None:
    """Seed 002, "1. Building": Anhalt has one city; with a church there Red's palace is cancelled
    and costs nothing."""
    g = arranged_2002(planning=True)
    give(g, RED, "anhalt", 1)
    build(g, "anhalt", "church")
    plan_season(g, {RED: {"palace": "anhalt"}}, order=("palace",))
    assert [(e["seat"], e["why"]) for e in entries(g, "skip") if e["action"] == "palace"] == [(RED, "cannot build")]
    assert g.s.thalers[RED] == GOLD and g.s.buildings[county("anhalt")] == 1 << 1  # the church alone
    check(g)


def test_seed003_trade_bonus_pays_for_a_trading_firm() -> None:
    """Seed 003, cards 24-25 (R-13): under the trade bonus a trading firm brings 1 gold instead of
    costing 1, so Red builds one with no gold at all."""
    g = arranged_2002(planning=True)
    give(g, RED, "altmark", 1)
    g.s.thalers[RED] = 0
    plan_season(g, {RED: {"trading_post": "altmark"}}, order=("trading_post",), event="trade_bonus")
    built = [e for e in entries(g, "action") if e["action"] == "trading_post"]
    assert [(e["seat"], e["county"]) for e in built] == [(RED, "altmark")]
    assert g.s.thalers[RED] == 1 and g.s.buildings[county("altmark")] == 1 << 2
    check(g)


def test_seed002_victory_points_shared_palace_majority() -> None:
    """Seed 002, "5. Winter", c, scored by a real winter after the fall: Jörg (Red) and Monica
    (Blue) have one palace each in Brandenburg, more than anyone: 2 VP each (the award minus 1,
    W-27); their shared trading firm majority scores 0; Yellow's sole church majority 2."""
    g = arranged_2002(planning=True)
    g.s.season = 2  # the fall: winter follows
    g.s.grain[:] = [20] * 4  # nobody runs short
    give(g, RED, "altmark", 1)
    give(g, BLUE, "mittelmark", 1)
    give(g, YELLOW, "lueneburg", 1)
    build(g, "altmark", "palace", "trading_post")
    build(g, "mittelmark", "palace", "trading_post")
    build(g, "lueneburg", "church")
    plan_season(g, {})
    finish_season(g)
    detail = entries(g, "score")[0]["detail"]
    assert [d["majorities"] for d in detail] == [2, 2, 2, 0]
    assert [d["counties"] + d["buildings"] for d in detail] == [3, 3, 2, 0]
    check(g)
