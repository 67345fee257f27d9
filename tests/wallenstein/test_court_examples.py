"""The worked examples of the Emperor's Court (seed 000 "Emperor's Court", German seed 004
"Am Kaiserhof"), each a named test driven through the engine.

Rulebooks cited: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (seed 000),
``../shared/seeds/004_fae1cec4ff72eb0c.txt`` (seed 004).
"""

from __future__ import annotations

from court_scenario import COURT, court, court_game, run_court, set_display
from scenario import arranged_game, county, entries, give, money, to_tray
from season import plan_season

import wallenstein
from wallenstein import Action, ScriptedTower
from wallenstein.board import BOARD, TOWER

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3  # Dirk, Frank/Jens, Barbara, Anika


def test_seed000_court_setup_tower_fill_gives_courtiers() -> None:
    """2 peasants, 2 of Frank's (blue), 2 of Dirk's (red) and 1 of Anika's (purple) armies fall into
    the tray at the initial fill: Frank and Dirk send 2 courtiers each to the entrance hall, Anika 1;
    the armies go back to their supplies."""
    fill = {"0": 2, "1": 2, "3": 1, "peasants": 2}
    g = wallenstein.new_game(4, seed=3, modules=COURT, tower=ScriptedTower([fill]))
    c = court(g)
    assert c.hall == [2, 2, 0, 1]
    assert c.supply == [5, 5, 7, 6]
    s = g.s
    assert s.tray == [0, 0, 0, 0, 0]
    assert s.inside == [5, 5, 7, 6, 8]
    on_board = [sum(a for cc, a in enumerate(s.armies) if s.owner[cc] == p) for p in range(4)]
    assert [s.supply[p] + on_board[p] + s.inside[p] for p in range(4)] == [62] * 4
    assert entries(g, "courtiers")[0]["hall"] == {"0": 2, "1": 2, "2": 0, "3": 1}


def test_seed000_court_favour_display_sorted_onto_the_spaces() -> None:
    """Favour cards 10, 8 and 2 drawn: 10 on the 4-courtier space, 8 on 3, 2 on 2."""
    g = wallenstein.new_game(4, seed=1, modules=COURT)
    history = g.history
    for entry in history:
        if entry.get("chance") == "favours":
            entry["outcome"] = [2, 8, 10]
            break
    r = wallenstein.replay(history)
    assert court(r).display == [10, 8, 2]
    shown = r.observe(None)["court"]["display"]
    assert [(d["courtiers"], d["card"]) for d in shown] == [(4, 10), (3, 8), (2, 2)]


def _barbara_board(g: wallenstein.Game) -> None:
    """Barbara (yellow): Vogtland on convert 3, a dice tower card on convert 2, a money card on 1."""
    court(g).plans[YELLOW * 3 : YELLOW * 3 + 3] = [county("vogtland"), TOWER, money(0)]


def test_seed000_court_vogtland_convert_3() -> None:
    """Barbara removes 3 of her 4 armies from Vogtland and sends 3 courtiers; 1 army stays."""
    g = court_game(4)
    give(g, YELLOW, "vogtland", 4)
    court(g).plans[YELLOW * 3] = county("vogtland")
    supply = g.s.supply[YELLOW]
    run_court(g)
    assert g.s.armies[county("vogtland")] == 1
    assert g.s.supply[YELLOW] == supply + 3
    c = court(g)
    assert c.hall[YELLOW] + c.audience[YELLOW] == 3 and c.supply[YELLOW] == 4  # (the audience may have begun)
    convert = next(e for e in entries(g, "court_convert") if e["seat"] == YELLOW)
    assert convert["box"] == "convert3" and convert["card"] == "vogtland" and convert["done"]


def test_seed000_court_tray_convert_2() -> None:
    """A dice tower card on convert 2: Barbara takes 2 of her armies out of the tray for 2 courtiers."""
    g = court_game(4)
    to_tray(g, YELLOW, 2)
    to_tray(g, RED, 1)
    court(g).plans[YELLOW * 3 + 1] = TOWER
    run_court(g)
    assert g.s.tray[YELLOW] == 0 and g.s.tray[RED] == 1
    assert court(g).hall[YELLOW] + court(g).audience[YELLOW] == 2


def test_seed000_court_money_card_box_does_nothing() -> None:
    g = court_game(4)
    give(g, YELLOW, "vogtland", 4)
    court(g).plans[YELLOW * 3 : YELLOW * 3 + 3] = [money(4), money(0), money(2)]
    thalers = g.s.thalers[:]
    run_court(g)
    assert court(g).hall == [0, 0, 0, 0] and g.s.thalers == thalers  # the coins are ignored
    assert g.s.armies[county("vogtland")] == 4


def test_seed000_court_audience_with_favour_cards_10_8_2() -> None:
    """Barbara (5 courtiers: money, tower card, Vogtland) goes first and takes #8 for 3 courtiers;
    Dirk (second most) takes #2 for 2; Jens and Anika tie, Jens is ahead in player order and goes
    first, but neither can pay the 4 courtiers of #10; both still move to the audience hall."""
    g = court_game(4)
    give(g, YELLOW, "vogtland", 4)
    give(g, RED, "anhalt", 2)
    give(g, BLUE, "bremen", 2)
    give(g, PURPLE, "baden", 2)
    to_tray(g, YELLOW, 2)
    _barbara_board(g)
    c = court(g)
    c.hall = [3, 2, 0, 2]  # Dirk 3, Jens 2, Anika 2 from earlier rounds
    c.supply = [4, 5, 7, 5]
    set_display(g, 10, 8, 2)
    g.s.order = [BLUE, RED, PURPLE, YELLOW]  # Jens ahead of Anika
    run_court(g)
    # Step 1 is done: Barbara has sent 5 courtiers; the audience begins with her.
    assert g.phase == "court" and g.pending() == [YELLOW]
    assert g.s.armies[county("vogtland")] == 1 and g.s.tray[YELLOW] == 0
    assert c.audience[YELLOW] == 5 and c.hall == [3, 2, 0, 2]
    assert g.legal_actions(YELLOW) == [
        Action("favour", 2),
        Action("favour", 8),
        Action("favour", 10),
        Action("favour_pass"),
    ]
    tray = g.s.tray[YELLOW]
    g.apply(YELLOW, Action("favour", 8))
    assert c.supply[YELLOW] == 2 + 3 and c.audience[YELLOW] == 2
    assert g.s.tray[YELLOW] == tray + g.printed("favour")["amounts"]["8"]  # favour 8: armies into the tray
    # Dirk has the second most courtiers (3): #10 asks 4, so only #2 is within his reach.
    assert g.pending() == [RED]
    assert g.legal_actions(RED) == [Action("favour", 2), Action("favour_pass")]
    thalers = g.s.thalers[RED]
    g.apply(RED, Action("favour", 2))
    assert g.s.thalers[RED] == thalers + g.printed("favour")["amounts"]["2"]
    # Jens and Anika cannot pay #10: no decision, the step ends, the round goes on.
    assert g.phase != "court"
    audience = [e["seat"] for e in entries(g, "audience")]
    assert audience == [YELLOW, RED, BLUE, PURPLE]
    assert [e["card"] for e in entries(g, "favour")] == [8, 2]
    end = entries(g, "court_end")[0]
    assert end["discarded"] == [10]
    # Unspent courtiers return to the entrance hall (W-30): Barbara 2, Dirk 1, Jens 2, Anika 2.
    assert c.hall == [1, 2, 2, 2]
    assert c.audience == [0, 0, 0, 0]
    assert 10 in c.gone and 8 in c.gone and 2 in c.gone


def test_seed000_court_board_planned_and_revealed_through_the_public_api() -> None:
    """The court boards are planned with the main plan (after the bid and the ten boxes) and the
    reveal follows player order, each seat's convert 3, 2, 1 in turn."""
    g = wallenstein.new_game(4, seed=5, modules=COURT)
    boxes = []
    while 0 in g.pending():
        act = g.legal_actions(0)[0]
        boxes.append(act.a)
        g.apply(0, act)
    assert boxes == [10, *range(10), 11, 12, 13]
    for seat in (1, 2, 3):
        while seat in g.pending():
            g.apply(seat, g.legal_actions(seat)[-1])
    while g.phase == "position":
        g.apply(g.pending()[0], g.legal_actions(g.pending()[0])[0])
    converts = entries(g, "court_convert")
    order = g.s.order
    assert [(e["seat"], e["box"]) for e in converts] == [
        (p, b) for p in order for b in ("convert3", "convert2", "convert1")
    ]
    mine = g.observe(1)["court"]["boards"]
    assert set(mine) == {"0", "1", "2", "3"}  # all revealed now
    assert BOARD.keys  # the board is loaded


def test_seed000_court_barbaras_three_court_boxes_played_through_apply() -> None:
    """The three convert examples through ``apply``: Barbara plans Vogtland (4 armies) on convert 3,
    a dice tower card on convert 2 (2 yellow armies in the tray) and a money card on convert 1. After
    player order the court step reveals them: 3 armies leave Vogtland and 2 the tray, back to the
    supply, and 5 courtiers go to the entrance hall; the money card does nothing."""
    g = arranged_game(planning=True, modules=COURT)
    vogtland = give(g, YELLOW, "vogtland", 4)
    to_tray(g, YELLOW, 2)
    supply = g.s.supply[YELLOW]
    plans = {YELLOW: {"convert3": "vogtland", "convert2": "tower", "convert1": "money:2"}}
    plan_season(g, plans)
    converts = {e["box"]: (e["card"], e["done"]) for e in entries(g, "court_convert") if e["seat"] == YELLOW}
    assert converts == {"convert3": ("vogtland", True), "convert2": ("tower", True), "convert1": ("money:2", False)}
    assert g.s.armies[vogtland] == 1 and g.s.supply[YELLOW] == supply + 3 + 2  # the armies go back to supply
    assert g.s.tray[YELLOW] == 0
    c = court(g)
    assert c.hall[YELLOW] + c.audience[YELLOW] == 5
