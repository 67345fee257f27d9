"""The 2002 edition's rules where they differ from 2012: rulings (W-nn) and the project's own
decisions R-10..R-19 (docs/rules/notes-2002.md), one or more tests each.

Rulebooks cited: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (seed 000).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from scenario import add_markers, arranged_game, build, county, entries, give, last, plan, to_tray
from scenario2002 import arranged_2002, set_event_2002, use_event
from season import finish_season, plan_season, play_until

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import (
    A_COMBAT_A,
    A_DEPLOY1,
    A_DEPLOY3,
    A_DEPLOY5,
    A_GRAIN,
    A_TRADING,
    ACTIONS,
    AUCTION_BOX,
    BLANK,
    BOARD,
    EMPTY,
    N_BOXES,
)
from wallenstein.edition2002 import ARMIES, attack, perform, required_empty
from wallenstein.events2002 import KINDS
from wallenstein.invariants import check
from wallenstein.narrate import narrate_game
from wallenstein.state import NEUTRAL

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
SUPPLY = ARMIES - 7


def _finish_planning(g: wallenstein.Game, rng: random.Random) -> None:
    while g.phase == "planning":
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))


# ---------------------------------------------------------------- planning


def test_r10_ten_boxes_no_bid_blank_cards_up_to_five() -> None:
    g = wallenstein.new_game(4, seed=1, edition="2002")
    boxes = []
    while 0 in g.pending():
        legal = g.legal_actions(0)
        assert all(a.b >= 0 for a in legal if a.a != AUCTION_BOX)
        blank = next((a for a in legal if a.b == BLANK), None)
        act = blank if blank is not None else legal[0]
        boxes.append(act.a)
        g.apply(0, act)
    assert boxes == list(range(10))
    assert g.s.plans[:N_BOXES].count(BLANK) == 5 and g.s.plans[AUCTION_BOX] == EMPTY
    assert "bid" not in g.observe(0)["my_plan"]["boxes"]


def test_r10_whole_plans_and_their_errors() -> None:
    g = wallenstein.new_game(4, seed=1, edition="2002")
    mine = [BOARD.keys[c] for c, o in enumerate(g.s.owner) if o == 0]
    boxes: dict[str, str | None] = dict(zip(("palace", "church", "trading_post", "grain", "tax"), mine, strict=False))
    for name in ("deploy5", "deploy3", "deploy1_move", "combat_a", "combat_b"):
        boxes[name] = "blank"
    with pytest.raises(IllegalAction, match="no bid"):
        g.apply(0, Action.plan(boxes, "money:0"))
    with pytest.raises(IllegalAction, match="every box"):
        g.apply(0, Action.plan({**boxes, "palace": None}, None))
    with pytest.raises(IllegalAction, match="not a card of the 2002 edition"):
        g.apply(0, Action.plan({**boxes, "palace": "money:1"}, None))
    with pytest.raises(IllegalAction, match="only 5 blank"):
        g.apply(0, Action.plan({**boxes, "palace": "blank"}, None))
    g.apply(0, {"type": "plan", "boxes": boxes, "bid": None})
    assert 0 not in g.pending()
    # A 2012 game knows no blank cards.
    g12 = wallenstein.new_game(4, seed=1)
    with pytest.raises(IllegalAction):
        g12.apply(0, Action("plan_card", AUCTION_BOX, BLANK))


def test_r11_few_cards_leave_boxes_empty_and_it_is_public_once_planned() -> None:
    g = wallenstein.new_game(4, seed=2, edition="2002")
    s = g.s
    mine = s.counties_of(0)
    for c in mine[3:]:  # keep 3 counties: 3 + 5 blanks = 8 cards for 10 boxes
        s.supply[0] += s.armies[c]
        s.armies[c] = 0
        s.owner[c] = NEUTRAL
    g.refresh()
    assert required_empty(g, 0) == 2
    rng = random.Random(4)
    while 0 in g.pending():
        assert g.observe(1)["declared_empty"] == {}
        g.apply(0, rng.choice(g.legal_actions(0)))
    empty = [name for i, name in enumerate(ACTIONS) if s.plans[i] == EMPTY]
    assert len(empty) == 2
    for seat in (None, 1, 2, 3):
        assert g.observe(seat)["declared_empty"] == {"0": empty}
    check(g)


# ---------------------------------------------------------------- events


@pytest.mark.parametrize(
    ("kind", "key", "expected"),
    [
        ("crop_failure", "lueneburg", 5 - 2),
        ("good_harvest", "lueneburg", 5 + 2),
        ("crop_failure", "kursachsen", 3),  # another region: no change
    ],
)
def test_r12_regional_harvest_events(kind: str, key: str, expected: int) -> None:
    g = arranged_2002()
    set_event_2002(g, kind, "Brandenburg")
    give(g, RED, key, 2)
    plan(g, RED, A_GRAIN, key)
    perform(g, RED, A_GRAIN)
    assert g.s.grain[RED] == expected


def test_r12_crop_failure_never_below_zero() -> None:
    g = arranged_2002()
    low = min(range(BOARD.n), key=lambda c: (BOARD.grain[c], c))
    assert BOARD.grain[low] <= 2
    set_event_2002(g, "crop_failure", BOARD.regions[BOARD.region_of[low]])
    give(g, RED, BOARD.keys[low], 2)
    plan(g, RED, A_GRAIN, BOARD.keys[low])
    perform(g, RED, A_GRAIN)
    assert g.s.grain[RED] == 0 and last(g, "action")["amount"] == 0


def test_troop_shortage_in_the_region_only() -> None:
    """Seed 003, cards 14-18: 3 gold give 3 armies, 2 gold give 2, in the card's region."""
    g = arranged_2002()
    set_event_2002(g, "troop_shortage", "Sachsen")
    a = give(g, RED, "anhalt", 1)  # Sachsen
    b = give(g, BLUE, "altmark", 1)  # Brandenburg
    for seat, key in ((RED, "anhalt"), (BLUE, "altmark")):
        plan(g, seat, A_DEPLOY5, key)
        plan(g, seat, A_DEPLOY3, key)
        perform(g, seat, A_DEPLOY5)
        perform(g, seat, A_DEPLOY3)
    assert g.s.armies[a] == 1 + 3 + 2 and g.s.armies[b] == 1 + 5 + 3
    assert g.s.thalers[RED] == g.s.thalers[BLUE] == 15 - 5
    check(g)


def test_r13_trade_bonus_builds_with_no_gold_but_needs_a_free_city() -> None:
    g = arranged_2002()
    set_event_2002(g, "trade_bonus")
    give(g, RED, "anhalt", 1)  # one city
    build(g, "anhalt", "church")
    g.s.thalers[RED] = 0
    plan(g, RED, A_TRADING, "anhalt")
    perform(g, RED, A_TRADING)
    assert g.s.thalers[RED] == 0 and last(g, "skip")["why"] == "cannot build"


def test_church_peace_protects_lands_with_a_church_from_attacks_only() -> None:
    g = arranged_2002()
    set_event_2002(g, "church_peace")
    give(g, RED, "mittelmark", 4)
    give(g, BLUE, "kursachsen", 2)
    build(g, "kursachsen", "church")
    plan(g, RED, A_COMBAT_A, "mittelmark")
    assert perform(g, RED, A_COMBAT_A) is True
    assert all(a.a != county("kursachsen") for a in g.legal_actions(RED))


@pytest.mark.parametrize(("kind", "farmers"), [("combat_weary", 0), ("angry_farmers", 2), ("church_peace", 1)])
def test_free_land_farmers_by_event(kind: str, farmers: int) -> None:
    """Seed 003, cards 20-23: combat-weary farmers add none, angry farmers add 2, otherwise 1."""
    g = arranged_2002(outcomes=[{"0": 2}])
    set_event_2002(g, kind)
    origin = give(g, RED, "mittelmark", 4)
    attack(g, RED, origin, county("kursachsen"), 3, 0)
    battle = last(g, "battle")
    assert battle["dropped"]["peasants"] == farmers and battle["farmers_added"] == farmers
    check(g)


# ---------------------------------------------------------------- R-14 palace guards, W-19, W-20


def _palace_guard_attack(markers: int, tray_farmers: int, outcome: dict[str, int]) -> wallenstein.Game:
    """Played through ``apply``: under Palace Guards (card 19) Red attacks Blue's Kursachsen (3 armies,
    a palace, ``markers`` revolt markers, ``tray_farmers`` farmers already in the tray) with 3 armies
    from Mittelmark in combat A; Blue throws in 2 of its 3 armies."""
    g = arranged_2002(outcomes=[outcome], planning=True)
    give(g, RED, "mittelmark", 4)
    land = give(g, BLUE, "kursachsen", 3)
    build(g, "kursachsen", "palace")
    add_markers(g, "kursachsen", markers)
    to_tray(g, 4, tray_farmers)
    plan_season(g, {RED: {"combat_a": "mittelmark"}, BLUE: {"church": "kursachsen"}}, ("combat_a",), "palace_guards")
    play_until(g, lambda game: game.pending() == [RED] and game.phase == "move")
    g.apply(RED, Action("move", land, 3))
    assert g.pending() == [BLUE] and g.phase == "commit"
    g.apply(BLUE, Action("commit", 2))
    return g


@pytest.mark.parametrize("markers", [0, 1, 2, 3])
def test_w23a_palace_guard_fights_for_the_defender_whatever_the_markers(markers: int) -> None:
    """Seed 003, event 19: the guard farmer is added "regardless of unrest markers" and fights for
    the defender (W-23a, R-14): 3 attackers against 2 armies + the guard is a tie, the land laid waste."""
    g = _palace_guard_attack(markers, 0, {"0": 3, "1": 2, "peasants": 1})
    battle = last(g, "battle")
    assert battle["farmers_added"] == 1 and battle["dropped"]["peasants"] == 1
    assert (battle["attacker_count"], battle["defender_count"], battle["result"]) == (3, 3, "tie")
    assert g.s.owner[county("kursachsen")] == NEUTRAL and g.s.tray[4] == 0
    check(g)


@pytest.mark.parametrize("markers, defender_count, result", [(1, 4, "defender"), (2, 3, "tie")])
def test_w23a_only_the_guard_fights_with_two_markers(markers: int, defender_count: int, result: str) -> None:
    """A farmer already in the tray comes out with the guard: below 2 markers both fight for Blue
    (W-19); with 2 markers only the guard does and the other stays in the tray (W-23a)."""
    g = _palace_guard_attack(markers, 1, {"0": 3, "1": 2, "peasants": 2})
    battle = last(g, "battle")
    assert (battle["defender_count"], battle["result"]) == (defender_count, result)
    assert g.s.tray[4] == (0 if markers < 2 else 1)
    check(g)


@pytest.mark.parametrize("edition, result", [("2002", "defender"), ("2012", "tie")])
def test_farmer_defending_a_free_land_holds_it_in_2002(edition: str, result: str) -> None:
    """Seed 003, "Battle": when the defenders exceed the attackers ownership does not change, so a
    free land's farmer that beats the attacker has held it (log and narration say so); in 2012 a
    win by peasants alone counts as a tie (seed 000, "Combat", note). Played through ``apply``."""
    g = arranged_game(outcomes=[{"peasants": 1}], planning=True, edition=edition)
    give(g, RED, "mittelmark", 2)
    plan_season(g, {RED: {"combat_a": "mittelmark"}}, ("combat_a",))
    play_until(g, lambda game: game.pending() == [RED] and game.phase == "move")
    g.apply(RED, Action("move", county("altmark"), 1))
    battle = last(g, "battle")
    assert (battle["attacker_count"], battle["defender_count"], battle["result"]) == (0, 1, result)
    assert g.s.owner[county("altmark")] == NEUTRAL and g.s.armies[county("mittelmark")] == 1
    assert ("the peasants hold Altmark" in narrate_game(g)) == (edition == "2002")
    check(g)


def test_w19_farmers_in_the_tray_join_the_defender_below_two_markers() -> None:
    g = arranged_2002(outcomes=[{"0": 3, "1": 2, "peasants": 2}])
    to_tray(g, 4, 2)
    origin = give(g, RED, "mittelmark", 4)
    land = give(g, BLUE, "kursachsen", 3)
    add_markers(g, "kursachsen", 1)
    assert attack(g, RED, origin, land, 3, 3) == "defender"
    # 3 against 2 + 2 farmers: the 3 losses take the 2 farmers first, then 1 army.
    assert g.s.armies[land] == 1 and g.s.supply[BLUE] == SUPPLY - 3 + 1
    check(g)


def test_w20_farmers_alone_win_keeps_the_land_only_with_armies_kept_back() -> None:
    for kept_back, result in ((0, "tie"), (1, "defender")):
        g = arranged_2002(outcomes=[{"0": 1, "peasants": 2}])
        to_tray(g, 4, 2)
        origin = give(g, RED, "mittelmark", 4)
        land = give(g, BLUE, "kursachsen", 2)
        assert attack(g, RED, origin, land, 3, 2 - kept_back) == result
        assert (g.s.owner[land] == BLUE) == bool(kept_back)
        if kept_back:
            assert g.s.armies[land] == kept_back
        check(g)


@pytest.mark.parametrize(("commit", "result", "owner", "left"), [(2, "tie", NEUTRAL, 0), (1, "defender", BLUE, 1)])
def test_w20_played_farmers_alone_win_holds_the_land_only_with_armies_kept_back(
    commit: int, result: str, owner: int, left: int
) -> None:
    """W-20 (2002) through ``apply``: Red attacks Blue's Kursachsen (2 armies, no marker, 2 farmers
    in the tray) with 3 in battle A; Blue throws in ``commit``. Out come 1 red army and the 2
    farmers, who fight for Blue (W-19): Blue wins with no army of its own. With nothing kept back
    that is a tie and the land is laid waste; the army kept back holds it."""
    g = arranged_2002(outcomes=[{"0": 1, "peasants": 2}], planning=True)
    give(g, RED, "mittelmark", 4)
    land = give(g, BLUE, "kursachsen", 2)
    to_tray(g, 4, 2)
    plan_season(g, {RED: {"combat_a": "mittelmark"}, BLUE: {"church": "kursachsen"}}, ("combat_a",))
    play_until(g, lambda game: game.pending() == [RED] and game.phase == "move")
    g.apply(RED, Action("move", land, 3))
    g.apply(BLUE, Action("commit", commit))
    battle = last(g, "battle")
    assert (battle["attacker_count"], battle["defender_count"], battle["result"]) == (1, 2, result)
    assert (g.s.owner[land], g.s.armies[land]) == (owner, left)
    check(g)


# ---------------------------------------------------------------- R-15 recruit 1


def test_r15_recruit_one_either_or_both() -> None:
    g = arranged_2002()
    use_event(g, "church_peace")
    origin = give(g, RED, "mittelmark", 2)
    give(g, RED, "altmark", 1)
    plan(g, RED, A_DEPLOY1, "mittelmark")
    assert perform(g, RED, A_DEPLOY1) is True
    assert g.s.thalers[RED] == 14
    kinds = {(a.kind, a.b) for a in g.legal_actions(RED)}
    assert kinds == {("stay", -1), ("move", 1), ("move", 2), ("move_only", 1)}
    g.apply(RED, {"type": "move_only", "to": "altmark", "armies": 1})
    assert g.s.armies[origin] == 1 and g.s.armies[county("altmark")] == 2 and g.s.supply[RED] == SUPPLY - 3
    assert [e for e in g.log if e["e"] == "action"][-1]["armies"] == 0
    check(g)


def test_r15_recruit_one_with_an_empty_supply_moves_only_and_skips_without_gold() -> None:
    g = arranged_2002()
    origin = give(g, RED, "mittelmark", 3)
    give(g, RED, "altmark", 1)
    g.s.inside[RED] += g.s.supply[RED]
    g.s.supply[RED] = 0
    plan(g, RED, A_DEPLOY1, "mittelmark")
    assert perform(g, RED, A_DEPLOY1) is True
    assert {a.kind for a in g.legal_actions(RED)} == {"move_only"}
    g2 = arranged_2002()
    give(g2, RED, "mittelmark", 3)
    g2.s.thalers[RED] = 0
    plan(g2, RED, A_DEPLOY1, "mittelmark")
    assert perform(g2, RED, A_DEPLOY1) is False and last(g2, "skip")["why"] == "cannot pay"
    assert g2.s.armies[origin] == 3 and g2.s.supply[RED] == SUPPLY - 3  # nothing deployed


# ---------------------------------------------------------------- R-16 commitments (W-18)


def test_r16_defender_commits_after_the_attack_is_announced() -> None:
    g = arranged_2002(outcomes=[{"0": 2, "1": 1}])
    use_event(g, "church_peace")
    origin = give(g, RED, "mittelmark", 4)
    land = give(g, BLUE, "kursachsen", 3)
    plan(g, RED, A_COMBAT_A, "mittelmark")
    g.s.act = g.s.action_cards.index(A_COMBAT_A)
    assert perform(g, RED, A_COMBAT_A) is True
    g.apply(RED, Action("move", land, 3))
    assert g.phase == "commit" and g.pending() == [BLUE]
    assert g.legal_actions(BLUE) == [Action("commit", n) for n in range(4)]
    fight = g.observe(YELLOW)["fight"]
    assert fight == {
        "kind": "attack",
        "county": "kursachsen",
        "defender": BLUE,
        "defender_armies": 3,
        "attacker": RED,
        "origin": "mittelmark",
        "armies": 3,
    }
    assert g.s.armies[origin] == 4  # the attackers are thrown with the defenders
    with pytest.raises(IllegalAction):
        g.apply(BLUE, Action("commit", 4))
    g.apply(BLUE, {"type": "commit", "armies": 1})
    battle = last(g, "battle")
    assert battle["committed"] == 1 and battle["kept"] == 2 and battle["result"] == "attacker"
    assert g.s.owner[land] == RED and g.s.supply[BLUE] == SUPPLY - 3 + 1 + 2
    check(g)


# ---------------------------------------------------------------- R-17 order (W-12)


def test_r17_draft_follows_the_shuffled_leader_order() -> None:
    g = wallenstein.new_game(5, seed=7, setup="draft", edition="2002")
    order = next(e for e in g.log if e["e"] == "leaders")["order"]
    assert g.history[1]["chance"] == "leader_order"
    rng = random.Random(1)
    picks = []
    while g.phase in ("draft_pick", "draft_group"):
        seat = g.pending()[0]
        if g.phase == "draft_pick":
            picks.append(seat)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert picks[:10] == order * 2
    assert order != list(range(5))  # this seed's shuffle is not the seat order


def test_r17_leaders_shuffled_after_planning_then_the_event() -> None:
    g = wallenstein.new_game(4, seed=5, edition="2002")
    _finish_planning(g, random.Random(0))
    kinds = [h.get("chance") for h in g.history if "chance" in h]
    i = kinds.index("leader_order", 1)
    assert kinds[i + 1] == "event"
    assert "bonus_tiles" not in kinds and not g.s.bid_order
    assert g.s.order == next(e for e in reversed(g.log) if e["e"] == "leaders")["order"]


# ---------------------------------------------------------------- R-18 tie-break (W-28)


def test_r18_tie_break_by_palaces_churches_firms_then_shared() -> None:
    g = arranged_2002()
    give(g, RED, "altmark", 1)
    give(g, BLUE, "mittelmark", 1)
    give(g, YELLOW, "lueneburg", 1)
    build(g, "altmark", "palace")
    build(g, "mittelmark", "church", "trading_post")
    build(g, "lueneburg", "palace")
    g.s.vp = [10, 10, 10, 3]
    g.s.thalers = [0, 50, 0, 0]
    g.s.phase = 6  # over
    res = g.result()
    assert res["buildings"][:3] == [[1, 0, 0], [0, 1, 1], [1, 0, 0]]
    assert res["winners"] == [RED, YELLOW]  # palaces first; gold does not count
    text = wallenstein.narrate.Narrator("2002").feed({"e": "game_over", **res})
    assert any("Shared win: Red and Yellow" in line for line in text)


@pytest.mark.parametrize(
    ("red", "winners"),
    [(("palace", "church"), [RED]), (("palace",), [RED, YELLOW])],
)
def test_w28_played_2002_ties_go_to_palaces_churches_firms_then_shared(
    red: tuple[str, ...], winners: list[int]
) -> None:
    """W-28 (2002) through ``apply``: the last fall is played and the second winter scores; Red,
    Blue and Yellow end level on VP. Blue has the most gold but no palace; Red and Yellow have a
    palace each, so churches decide (Red's church wins), or, with no church either, they share."""

    def last_fall(vp: list[int]) -> wallenstein.Game:
        g = arranged_2002(planning=True)
        s = g.s
        s.year, s.season = 2, 2
        for seat, key, kinds in ((RED, "altmark", red), (BLUE, "mittelmark", ("church", "trading_post")),
                                 (YELLOW, "lueneburg", ("palace",))):  # fmt: skip
            give(g, seat, key, 1)
            build(g, key, *kinds)
        s.grain[:] = [20] * 4  # nobody runs short in winter
        s.thalers[BLUE] = 50
        s.vp[:] = vp
        plan_season(g, {})
        finish_season(g)
        assert g.over
        return g

    scored = last_fall([0] * 4).s.vp  # what the fall and the winter score, so that the game ends level
    g = last_fall([20 - scored[p] for p in range(3)] + [0])
    res = g.result()
    assert res["vp"][:3] == [20, 20, 20] and res["thalers"][BLUE] > max(res["thalers"][RED], res["thalers"][YELLOW])
    assert res["winners"] == winners and entries(g, "game_over")[0]["winners"] == winners


# ---------------------------------------------------------------- R-19 stand-in event values (W-29)


def _user_table(loss: int) -> dict[str, object]:
    order = ["Bayern", "Sachsen", "Kurpfalz", "Brandenburg", "Österreich"]
    return {
        "events_2002": {
            "winter_loss": [loss] * 25,
            "regions": {k: order for k in ("crop_failure", "good_harvest", "troop_shortage")},
        }
    }


def test_r19_stand_in_is_marked_and_a_user_table_replaces_it(tmp_path: Path) -> None:
    """W-29: the 2002 event values are a stand-in that says so wherever shown; a user's file replaces
    them, and a first year played through ``apply`` loses the file's grain in winter."""
    g = wallenstein.new_game(4, seed=1, edition="2002")
    assert g.is_standin("events_2002")
    assert all(e["standin"] is True for e in g.observe(None)["events"]["year"])
    assert "stand-in" in narrate_game(g)
    f = tmp_path / "printed.json"
    f.write_text(json.dumps(_user_table(9)), encoding="utf-8")  # no stand-in card loses 9
    u = wallenstein.new_game(4, seed=1, edition="2002", printed=f)
    assert not u.is_standin("events_2002")
    assert all(e["standin"] is False and e["winter_loss"] == 9 for e in u.observe(None)["events"]["year"])
    assert "stand-in" not in narrate_game(u)
    first = KINDS.index("crop_failure")
    assert BOARD.regions[u.events[first].region] == "Bayern"
    rng = random.Random(1)
    while not entries(u, "winter"):
        seat = rng.choice(u.pending())
        u.apply(seat, rng.choice(u.legal_actions(seat)))
    assert entries(u, "winter")[0]["grain_loss"] == 9
    r = wallenstein.replay(json.loads(json.dumps(u.history)))
    assert r.to_json() == u.to_json()


@pytest.mark.parametrize(
    "table",
    [
        {"winter_loss": [1] * 24, "regions": {}},
        {"winter_loss": [1] * 25},
        {"winter_loss": [-1] + [1] * 24, "regions": {}},
        {
            "winter_loss": [1] * 25,
            "regions": {"crop_failure": ["Bayern"] * 5, "good_harvest": [], "troop_shortage": []},
        },
        [1, 2],
    ],
)
def test_r19_malformed_event_tables_are_rejected(table: object) -> None:
    with pytest.raises(IllegalAction, match="events_2002"):
        wallenstein.new_game(4, seed=1, edition="2002", printed={"events_2002": table})


def test_w23_no_marker_when_the_supply_is_empty() -> None:
    g = arranged_2002(outcomes=[{"0": 3}])
    origin = give(g, RED, "mittelmark", 5)
    add_markers(g, "mittelmark", g.s.markers)
    attack(g, RED, origin, county("kursachsen"), 3, 0)
    assert g.s.owner[county("kursachsen")] == RED and g.s.revolts[county("kursachsen")] == 0
    check(g)
