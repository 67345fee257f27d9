"""The Emperor's Court: each favour card's effect and the rules notes R-20..R-29
(docs/rules/notes-court.md), driven through the engine."""

from __future__ import annotations

import pytest
from court_scenario import COURT, court, court_game, run_court, set_display
from scenario import add_markers, build, county, entries, event_index, give, money, plan, to_tray

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import A_COMBAT_A, A_TAX, AUCTION_BOX, BOARD, EMPTY, MONEY, TOWER
from wallenstein.favours import AMOUNT_CARDS, KIND
from wallenstein.order import bid_rank
from wallenstein.printed import STANDIN_NOTE

FAVOUR = Action("favour_pass")


def at_audience(g: wallenstein.Game, seat: int, *cards: int, courtiers: int = 4) -> None:
    """``seat`` alone has ``courtiers`` in the entrance hall; ``cards`` are displayed; court step runs."""
    c = court(g)
    c.hall[seat] = courtiers
    c.supply[seat] = 7 - courtiers
    set_display(g, *cards)
    run_court(g)
    assert g.phase == "court" and g.pending() == [seat]


def take(g: wallenstein.Game, seat: int, card: int, courtiers: int = 4) -> None:
    at_audience(g, seat, card, courtiers=courtiers)
    g.apply(seat, Action("favour", card))


# ---------------------------------------------------------------------------------- the amounts
@pytest.mark.parametrize(
    ("card", "field"),
    [
        (2, "thalers"),
        (9, "thalers"),
        (16, "thalers"),
        (5, "grain"),
        (15, "grain"),
        (20, "grain"),
        (6, "vp"),
        (13, "vp"),
        (19, "vp"),
    ],
)
def test_favours_with_an_amount_give_it_at_once(card: int, field: str) -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    before = getattr(g.s, field)[:]
    take(g, 0, card)
    n = g.printed("favour")["amounts"][str(card)]
    after = getattr(g.s, field)
    assert after[0] == before[0] + n and after[1:] == before[1:]
    effect = entries(g, "favour_effect")[-1]
    assert effect["card"] == card and effect["gained"] == n


@pytest.mark.parametrize("card", [3, 8, 14])
def test_favours_3_8_14_put_armies_into_the_tray(card: int) -> None:
    g = court_game(4)
    supply = g.s.supply[0]
    take(g, 0, card)
    n = g.printed("favour")["amounts"][str(card)]
    assert g.s.tray[0] == n and g.s.supply[0] == supply - n


def test_stand_in_amounts_grow_with_the_card_number_and_say_so() -> None:
    g = court_game(4)
    table = g.printed("favour")
    for kind in ("thalers", "tray_armies", "grain", "vp"):
        cards = [n for n in AMOUNT_CARDS if KIND[n] == kind]
        values = [table["amounts"][str(n)] for n in cards]
        assert values == sorted(values) and len(set(values)) == len(values), kind
    assert table["buildings"] == {"7": "trading_post", "17": "church", "21": "palace"}
    set_display(g, 16, 7, 1)
    shown = g.observe(0)["court"]["display"]
    assert [d.get("standin") for d in shown] == [STANDIN_NOTE, STANDIN_NOTE, None]


def test_user_supplied_printed_values_replace_the_stand_ins() -> None:
    amounts = {str(n): 1 for n in AMOUNT_CARDS} | {"16": 9}
    values = {"favour": {"amounts": amounts, "buildings": {"7": "palace", "17": "church", "21": "trading_post"}}}
    g = court_game(4, printed=values)
    assert not g.is_standin("favour")
    thalers = g.s.thalers[0]
    take(g, 0, 16)
    assert g.s.thalers[0] == thalers + 9
    favour = entries(g, "favour")[-1]
    assert "standin" not in favour and favour["amount"] == 9


@pytest.mark.parametrize(
    "bad",
    [
        {"amounts": {}, "buildings": {}},
        {"amounts": {str(n): 0 for n in AMOUNT_CARDS}, "buildings": {"7": "palace", "17": "church", "21": "palace"}},
        {"amounts": {str(n): 2 for n in AMOUNT_CARDS}, "buildings": {"7": "castle", "17": "church", "21": "palace"}},
        {"amounts": {str(n): 2 for n in AMOUNT_CARDS}},
        [1, 2, 3],
    ],
)
def test_a_bad_favour_table_is_rejected(bad: object) -> None:
    with pytest.raises(IllegalAction, match="favour"):
        wallenstein.new_game(4, seed=1, modules=COURT, printed={"favour": bad})


# ---------------------------------------------------------------------------------- R-20 planning
def test_r20_court_boxes_follow_the_main_plan_and_tower_cards_are_offered() -> None:
    g = wallenstein.new_game(3, seed=2, modules=COURT)
    bid_options = [a.b for a in g.legal_actions(0)]
    assert TOWER in bid_options and bid_options[-1] == TOWER
    g.apply(0, Action("plan_card", AUCTION_BOX, TOWER))
    used = 1
    while 0 in g.pending():
        legal = g.legal_actions(0)
        towers = [a for a in legal if a.b == TOWER]
        assert bool(towers) == (used < 3)
        act = towers[0] if towers else legal[0]
        used += act.b == TOWER
        g.apply(0, act)
    board = g.observe(0)["my_plan"]["boxes"]
    assert list(board)[-3:] == ["convert3", "convert2", "convert1"]
    assert list(board.values()).count("tower") == 3


def test_r20_a_tower_card_bid_is_a_zero_card_that_pays_nothing() -> None:
    assert bid_rank(TOWER) == bid_rank(MONEY + 0)
    assert bid_rank(TOWER) > bid_rank(county("anhalt"))
    g = wallenstein.new_game(3, seed=4, modules=COURT)
    thalers = g.s.thalers[:]
    for seat in range(3):
        g.apply(seat, Action("plan_card", AUCTION_BOX, TOWER))
        while seat in g.pending():
            g.apply(seat, next(a for a in g.legal_actions(seat) if a.b != TOWER))
    assert g.s.thalers == thalers
    assert g.observe(None)["bids"] == {"0": "tower", "1": "tower", "2": "tower"}


def test_r20_whole_plans_with_court_boxes_and_their_errors() -> None:
    g = wallenstein.new_game(4, seed=1, modules=COURT)
    mine = [c for c, o in enumerate(g.s.owner) if o == 0]
    boxes = [mine[0], mine[1], mine[2], mine[3], mine[4], mine[5], mine[6], MONEY + 1, MONEY + 2, TOWER]
    good = Action.plan(boxes, MONEY + 0, court=[mine[7], TOWER, MONEY + 3])
    text = str(good)
    assert '"court": {"convert3"' in text and Action.from_json(text) == good
    with pytest.raises(IllegalAction, match="court boxes"):
        g.apply(0, Action.plan(boxes, MONEY + 0))
    with pytest.raises(IllegalAction, match="3 dice tower cards"):
        g.apply(0, Action.plan(boxes, TOWER, court=[mine[7], TOWER, TOWER]))
    with pytest.raises(IllegalAction, match="used twice"):
        g.apply(0, Action.plan(boxes, MONEY + 0, court=[mine[0], TOWER, MONEY + 3]))
    with pytest.raises(IllegalAction, match="W-08"):
        g.apply(0, Action.plan(boxes, MONEY + 0, court=[mine[7], TOWER, EMPTY]))
    g.apply(0, good)
    assert g.observe(0)["my_plan"]["boxes"]["convert3"] == BOARD.keys[mine[7]]
    basic = wallenstein.new_game(4, seed=1)
    with pytest.raises(IllegalAction, match="Emperor's Court module"):
        basic.apply(0, Action("plan_card", AUCTION_BOX, TOWER))
    with pytest.raises(IllegalAction, match="10 boxes and the bid"):
        basic.apply(0, good)


def test_r20_planning_never_dead_ends_with_one_county() -> None:
    g = wallenstein.new_game(3, seed=2, modules=COURT)
    s = g.s
    mine = [c for c, o in enumerate(s.owner) if o == 1]
    for c in mine[1:]:
        s.supply[1] += s.armies[c]
        s.armies[c] = 0
        s.owner[c] = -1
    g.refresh()
    steps = 0
    while 1 in g.pending():
        g.apply(1, g.legal_actions(1)[-1])  # EMPTY whenever allowed
        steps += 1
    assert steps == 14
    cards = g.s.plans[11:22] + court(g).plans[3:6]
    assert cards.count(EMPTY) == 14 - (1 + 5 + 3)


def test_r20_a_tower_card_on_an_action_box_is_no_action() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 3)
    g.s.plans[0 * 11 + A_TAX] = TOWER
    thalers = g.s.thalers[0]
    run_court(g)
    assert g.s.thalers[0] == thalers and not entries(g, "action")


# ---------------------------------------------------------------------------------- R-21 converts
def test_r21_converts_are_all_or_nothing() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 3)  # convert 3 needs 4 armies: one must stay
    to_tray(g, 0, 1)  # convert 2 from the tray needs 2
    give(g, 1, "vogtland", 5)
    court(g).supply[1] = 2  # convert 3 needs 3 courtiers
    court(g).hall[1] = 5
    court(g).plans[0:3] = [county("anhalt"), TOWER, TOWER]
    court(g).plans[3:6] = [county("vogtland"), money(0), EMPTY]
    run_court(g)
    why = {(e["seat"], e["box"]): e["why"] for e in entries(g, "court_convert")}
    assert why[(0, "convert3")] == "armies short"
    assert why[(0, "convert2")] == "tray short"
    assert why[(0, "convert1")] is None  # one army from the tray is there
    assert why[(1, "convert3")] == "courtiers short"
    assert g.s.armies[county("anhalt")] == 3 and g.s.armies[county("vogtland")] == 5
    assert g.s.tray[0] == 0


# ---------------------------------------------------------------------------------- R-22 audience
def test_r22_audience_order_ties_by_player_order_and_early_end() -> None:
    g = court_game(5)
    c = court(g)
    c.hall = [3, 4, 3, 2, 3]
    c.supply = [7 - n for n in c.hall]
    set_display(g, 12, 6, 2)
    g.s.order = [4, 3, 2, 1, 0]
    run_court(g)
    # Blue (4) first, then the three with 3 in player order: 4, 2, 0; Purple (2) last.
    assert c.queue == [1, 4, 2, 0, 3]
    for seat, card in ((1, 12), (4, 6), (2, 2)):
        assert g.pending() == [seat]
        g.apply(seat, Action("favour", card))
        if card == 12:
            g.apply(seat, Action("favour_county", county("anhalt")))  # where its 3 armies go
    # The display is empty: Red and Purple get no turn and keep their courtiers in the hall.
    assert [e["seat"] for e in entries(g, "audience")] == [1, 4, 2]
    assert c.hall[0] == 3 and c.hall[3] == 2
    assert not entries(g, "favour_pass")


def test_r22_a_seat_may_pass_and_courtiers_carry_over_to_later_rounds() -> None:
    g = court_game(3)
    at_audience(g, 0, 10, 8, 2, courtiers=5)
    assert g.legal_actions(0)[-1] == Action("favour_pass")
    g.apply(0, Action("favour_pass"))
    assert court(g).hall[0] == 5  # back in the entrance hall for the next round
    assert g.phase == "planning"  # the (empty) round went on to the next one


def test_r22_a_seat_that_can_pay_nothing_is_not_asked() -> None:
    g = court_game(4)
    c = court(g)
    c.hall = [1, 0, 0, 0]
    c.supply = [6, 7, 7, 7]
    set_display(g, 10, 8, 2)
    n = len(g.history)
    run_court(g)
    assert g.phase == "planning" and len(g.history) > n
    assert not [h for h in g.history[n:] if "seat" in h]  # no decision recorded
    assert c.hall == [1, 0, 0, 0]


# ---------------------------------------------------------------------------------- R-23 short supply
def test_r23_armies_into_the_tray_as_far_as_the_supply_allows() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", g.s.supply[0] - 1)  # one army left in supply
    take(g, 0, 14)
    assert g.s.tray[0] == 1 and g.s.supply[0] == 0
    assert entries(g, "favour_effect")[-1]["gained"] == 1


def test_r23_favour_12_with_a_short_supply() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", g.s.supply[0] - 2)
    take(g, 0, 12)
    g.apply(0, Action("favour_county", county("altmark")))
    assert g.s.owner[county("altmark")] == 0 and g.s.armies[county("altmark")] == 2
    g2 = court_game(4)
    give(g2, 0, "anhalt", g2.s.supply[0])
    take(g2, 0, 12)
    assert entries(g2, "favour_effect")[-1]["result"] == "no effect"
    assert g2.phase == "planning"


# ---------------------------------------------------------------------------------- R-24 favour 4
def test_r24_favour_4_removes_a_marker_from_a_chosen_county() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    give(g, 0, "altmark", 2)
    add_markers(g, "anhalt", 2)
    add_markers(g, "altmark", 1)
    markers = g.s.markers
    take(g, 0, 4)
    assert g.legal_actions(0) == [Action("favour_county", county("altmark")), Action("favour_county", county("anhalt"))]
    g.apply(0, Action("favour_county", county("anhalt")))
    assert g.s.revolts[county("anhalt")] == 1 and g.s.markers == markers + 1
    assert court(g).parry[0] == 0


def test_r24_favour_4_kept_parries_the_next_marker() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    take(g, 0, 4)
    assert court(g).parry[0] == 1
    assert g.observe(1)["court"]["keeps_favour_4"] == [0]
    # Next round: Red collects taxes in Anhalt; the marker it would get is parried.
    g2 = court_game(4)
    give(g2, 0, "anhalt", 2)
    court(g2).parry[0] = 1
    set_display(g2, 10, 8, 2)
    court(g2).deck.remove(4)
    court(g2).gone.append(4)
    plan(g2, 0, A_TAX, "anhalt")
    markers = g2.s.markers
    run_court(g2)
    assert g2.s.revolts[county("anhalt")] == 0 and g2.s.markers == markers
    assert court(g2).parry[0] == 0
    assert entries(g2, "parry")[0]["county"] == "anhalt"


# ---------------------------------------------------------------------------------- R-25 favour 1
@pytest.mark.parametrize("remove", [True, False])
def test_r25_favour_1_removes_the_event_or_not(remove: bool) -> None:
    g = court_game(4)
    give(g, 0, "altmark", 2)  # Altmark pays 6 taxes; "tax max 5" caps it while the event stands
    ev = event_index("tax_max_5")
    g.s.year_events = [ev, *[e for e in g.s.year_events if e != ev][:3]]
    g.s.event = ev
    plan(g, 0, A_TAX, "altmark")
    thalers = g.s.thalers[0]
    take(g, 0, 1)
    assert g.legal_actions(0) == [Action("favour_event", 0), Action("favour_event", 1)]
    g.apply(0, Action("favour_event", int(remove)))
    tax = entries(g, "action")[0]["amount"]
    assert tax == (6 if remove else 5)
    assert g.s.thalers[0] == thalers + tax
    assert ev not in g.s.year_events  # gone either way at the end of the round


# ---------------------------------------------------------------------------------- R-26 favour 12
def test_r26_favour_12_own_or_any_neutral_county_in_play() -> None:
    g = court_game(3)
    give(g, 0, "anhalt", 2)
    give(g, 1, "altmark", 2)
    take(g, 0, 12)
    targets = {BOARD.keys[a.a] for a in g.legal_actions(0)}
    assert "anhalt" in targets and "altmark" not in targets
    assert "burgund" not in targets  # out of play with 3 players
    assert "kaernten" in targets  # far away, neutral
    g.apply(0, Action("favour_county", county("kaernten")))
    assert g.s.owner[county("kaernten")] == 0 and g.s.armies[county("kaernten")] == 3
    assert g.s.revolts[county("kaernten")] == 0


# ---------------------------------------------------------------------------------- R-27 buildings
@pytest.mark.parametrize(("card", "kind"), [(7, "trading_post"), (17, "church"), (21, "palace")])
def test_r27_favours_7_17_21_build_free(card: int, kind: str) -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)  # one site
    give(g, 0, "mittelmark", 2)  # three sites
    build(g, "anhalt", "church")
    thalers = g.s.thalers[0]
    take(g, 0, card)
    assert g.phase == "planning"  # Mittelmark is the only county that fits: taken without asking
    assert entries(g, "favour_effect")[-1]["building"] == kind
    assert g.s.buildings[county("mittelmark")] != 0 and g.s.thalers[0] == thalers


def test_r27_no_county_to_build_in_means_no_effect_and_trade_calms_does_not_apply() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    build(g, "anhalt", "church")  # Anhalt's only site is used
    take(g, 0, 7)
    assert entries(g, "favour_effect")[-1]["result"] == "no effect"
    g2 = court_game(4)
    give(g2, 0, "mittelmark", 2)
    add_markers(g2, "mittelmark", 1)
    g2.s.event = event_index("trade_calms")
    g2.s.year_events = [g2.s.event]
    take(g2, 0, 7)
    assert g2.s.revolts[county("mittelmark")] == 1


# ---------------------------------------------------------------------------------- R-28 protection
@pytest.mark.parametrize("card", [10, 11, 18, None])
def test_r28_protection_from_attacks_for_the_round(card: int | None) -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    give(g, 1, "kursachsen", 5)
    plan(g, 1, A_COMBAT_A, "kursachsen")
    g.s.action_cards = [A_COMBAT_A, *[a for a in range(10) if a != A_COMBAT_A]]
    if card is None:
        run_court(g)
    else:
        take(g, 0, card)
        assert g.observe(2)["court"]["protected"] == [0]
    assert g.phase == "move" and g.pending() == [1]
    targets = {BOARD.keys[a.a] for a in g.legal_actions(1)}
    assert ("anhalt" in targets) == (card is None)
    assert "vogtland" in targets  # neutral counties may still be attacked


def test_r28_protection_ends_with_the_round() -> None:
    g = court_game(4)
    give(g, 0, "anhalt", 2)
    take(g, 0, 10)
    assert g.phase == "planning"  # the empty round is over
    assert g.observe(1)["court"]["protected"] == []
    from wallenstein.battle import can_attack

    assert can_attack(g, county("anhalt"))


# ---------------------------------------------------------------------------------- R-29 favour deck
def test_r29_three_new_favour_cards_each_round_never_repeated() -> None:
    import random

    g = wallenstein.new_game(4, seed=9, modules=COURT)
    rng = random.Random(3)
    while not g.over:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    shown = [d["card"] for e in entries(g, "favours") for d in e["display"]]
    assert len(entries(g, "favours")) == 6 and len(shown) == 18 == len(set(shown))
    assert len(court(g).deck) == 3


def test_r20_a_fourth_tower_card_is_refused_with_a_clear_message() -> None:
    g = wallenstein.new_game(4, seed=3, modules=COURT)
    g.apply(0, Action("plan_card", AUCTION_BOX, TOWER))
    g.apply(0, Action("plan_card", 0, TOWER))
    g.apply(0, Action("plan_card", 1, TOWER))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="all 3 dice tower cards are already planned"):
        g.apply(0, Action("plan_card", 2, TOWER))
    assert g.to_json() == before
