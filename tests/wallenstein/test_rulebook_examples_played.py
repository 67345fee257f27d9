"""The worked examples of the 2012 basic rules played through the public path: the position is
arranged in the first planning, then every seat plans through ``Game.apply``, takes its position
(and bonus tile), and the example's moves are applied, so the sequencing (action cards in order,
decisions opening, single options taken automatically, cards leaving boards) is under test too.
``test_rulebook_examples.py`` checks the same examples step by step on the rule functions.

Source: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (English 2012 rulebook, basic game; sections
named as printed), rulings W-nn in ``../shared/design/rulings.md``. Colours as in the rulebook:
seat 0 red, 1 blue, 2 yellow, 3 purple; each seat has 15 thalers and 55 armies in supply.
"""

from __future__ import annotations

import pytest
from scenario import add_markers, arranged_game, build, county, entries, give, last
from scenario import lueneburg as arrange_lueneburg
from season import finish_season, plan_season, play_until

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import BOARD, T_ATTACK, T_DEFEND, T_DEPLOY6, T_GRAIN, T_TAX
from wallenstein.invariants import check
from wallenstein.state import NEUTRAL

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
PEASANTS = 4
START_SUPPLY = 62 - 7
START_THALERS = 15
# Tiles for seats that fight, so that no attack or defence tile changes a battle by accident.
CALM = {BLUE: T_GRAIN, YELLOW: T_TAX}


def _copies(kind: str) -> list[object]:
    """Both printed copies of a duplicated event card, by deck index."""
    return [pytest.param(e.index, id=f"card{e.index}") for e in BOARD.events if e.kind == kind]


def _moves_of(g: wallenstein.Game, seat: int) -> list[Action]:
    play_until(g, lambda game: game.phase == "move" and game.pending() == [seat])
    return g.legal_actions(seat)


# ---------------------------------------------------------------- bonus tiles and events (W-14)


def test_seed000_bonus_tiles_burgund_tax_under_max5_with_plus1_tile() -> None:
    """Seed 000, "Display bonus tiles", example: taxes in Burgund (7) under "max 5" with the "+1 Thaler" tile
    give 6; then the first revolt marker is added (W-13, W-14)."""
    g = arranged_game(planning=True)
    burgund = give(g, RED, "burgund", 2)
    plan_season(g, {RED: {"tax": "burgund"}}, order=("tax",), event="tax_max_5", tiles={RED: T_TAX})
    assert last(g, "action") == {"e": "action", "seat": RED, "action": "tax", "county": "burgund", "amount": 6}
    assert g.s.thalers[RED] == START_THALERS + 6 and g.s.revolts[burgund] == 1
    check(g)


def test_seed000_event_cards_recruit_reduced_with_6_armies_tile_gives_6() -> None:
    """Seed 000, "The event cards": under "recruit reduced" Deploy 5 places 3 and Deploy 3 places 2 at the
    printed prices; the holder of the "6 armies" tile places 6 with Deploy 5 (W-14)."""
    g = arranged_game(planning=True)
    anhalt = give(g, RED, "anhalt", 1)
    lausitz = give(g, BLUE, "lausitz", 1)
    vogtland = give(g, BLUE, "vogtland", 1)
    plans = {RED: {"deploy5": "anhalt"}, BLUE: {"deploy5": "lausitz", "deploy3": "vogtland"}}
    plan_season(g, plans, order=("deploy5", "deploy3"), event="recruit_reduced", tiles={RED: T_DEPLOY6, BLUE: T_TAX})
    s = g.s
    assert (s.armies[anhalt], s.thalers[RED]) == (1 + 6, START_THALERS - 3)
    assert (s.armies[lausitz], s.armies[vogtland], s.thalers[BLUE]) == (1 + 3, 1 + 2, START_THALERS - 3 - 2)
    check(g)


@pytest.mark.parametrize(
    ("event", "key", "tile", "action", "amount"),
    [
        ("tax_min_6", "lueneburg", T_TAX, "tax", 6 + 1),  # tax 3 raised to 6, then the tile
        ("tax_min_6", "burgund", T_DEPLOY6, "tax", 7),
        ("grain_max_3", "lueneburg", T_GRAIN, "grain", 3 + 1),  # grain 5 capped at 3, then the tile
        ("grain_min_4", "burgund", T_GRAIN, "grain", 4 + 1),  # grain 2 raised to 4, then the tile
        ("grain_min_4", "lueneburg", T_DEPLOY6, "grain", 5),
        ("tax_max_5", "lueneburg", T_GRAIN, "tax", 3),  # the grain tile does nothing for taxes
    ],
)
def test_seed000_event_cards_income_limits_then_tile(event: str, key: str, tile: int, action: str, amount: int) -> None:
    """Seed 000, "The event cards": tax max 5 / min 6, grain max 3 / min 4, the event first, then the tile."""
    g = arranged_game(planning=True)
    c = give(g, RED, key, 2)
    plan_season(g, {RED: {action: key}}, order=(action,), event=event, tiles={RED: tile})
    got = (g.s.thalers[RED] - START_THALERS, g.s.grain[RED])
    assert got == ((amount, 0) if action == "tax" else (0, amount))
    assert g.s.revolts[c] == 1
    check(g)


@pytest.mark.parametrize("card", _copies("trade_calms"))
def test_seed000_event_cards_trade_calms_removes_one_marker(card: int) -> None:
    """Seed 000, "The event cards", both copies: building a trading post takes 1 revolt marker off the county."""
    g = arranged_game(planning=True)
    altmark = give(g, RED, "altmark", 2)
    add_markers(g, "altmark", 2)
    plan_season(g, {RED: {"trading_post": "altmark"}}, order=("trading_post",), event=card)
    assert g.s.buildings[altmark] == 0b100 and g.s.revolts[altmark] == 1
    assert g.s.thalers[RED] == START_THALERS - 1
    check(g)


# ---------------------------------------------------------------- building sites


@pytest.mark.parametrize(("action", "bit", "cost"), [("palace", 0b001, 3), ("trading_post", 0b100, 1)])
def test_seed000_actions_bremen_church_leaves_one_site(action: str, bit: int, cost: int) -> None:
    """Seed 000, "Plan individual actions", example: Bremen has 2 sites; with a church there, one site is left
    for a palace or a trading post."""
    g = arranged_game(planning=True)
    bremen = give(g, RED, "bremen", 2)
    build(g, "bremen", "church")
    plan_season(g, {RED: {action: "bremen"}}, order=(action,))
    assert g.s.buildings[bremen] == 0b010 | bit and g.s.thalers[RED] == START_THALERS - cost
    check(g)


@pytest.mark.parametrize(("built", "action"), [(("church",), "church"), (("church", "palace"), "trading_post")])
def test_seed000_actions_bremen_refuses_second_church_and_third_building(built: tuple[str, ...], action: str) -> None:
    """Seed 000, "Plan individual actions": a building type once per county and only on a free site; the
    action is skipped and nothing is paid (W-07)."""
    g = arranged_game(planning=True)
    give(g, RED, "bremen", 2)
    build(g, "bremen", *built)
    plan_season(g, {RED: {action: "bremen"}}, order=(action,))
    skips = [e for e in entries(g, "skip") if e["seat"] == RED]
    assert skips == [{"e": "skip", "seat": RED, "action": action, "county": "bremen", "why": "cannot build"}]
    assert g.s.thalers[RED] == START_THALERS
    check(g)


# ---------------------------------------------------------------- combat (W-16..W-22)


def _blue_attacks_kursachsen(
    outcome: dict[str, int],
    blue: int = 5,
    yellow: int = 3,
    event: str | int | None = None,
    tiles: dict[int, int] = CALM,
) -> tuple[wallenstein.Game, int, int]:
    """Blue holds Anhalt, Yellow Kursachsen; Blue plans combat A from Anhalt, the first action."""
    g = arranged_game(outcomes=[outcome], planning=True)
    anhalt = give(g, BLUE, "anhalt", blue)
    kursachsen = give(g, YELLOW, "kursachsen", yellow)
    plan_season(g, {BLUE: {"combat_a": "anhalt"}, YELLOW: {"grain": "kursachsen"}}, ("combat_a",), event, tiles)
    _moves_of(g, BLUE)
    return g, anhalt, kursachsen


def test_seed000_combat_kursachsen_blue_conquers_yellow_3_to_2() -> None:
    """Seed 000, "Combat result and its consequences", example: Blue moves 4 of 5 armies from Anhalt into
    Yellow's Kursachsen (3); 3 blue, 1 yellow and 1 peasant come out; Blue wins 3:2, keeps 1 army
    there and takes the card at once; Yellow's grain planned there is lost (W-19, W-22)."""
    g, anhalt, kursachsen = _blue_attacks_kursachsen({"1": 3, "2": 1, "peasants": 1})
    g.apply(BLUE, Action("move", kursachsen, 4))
    battle = entries(g, "battle")[0]
    assert battle["dropped"] == {"0": 0, "1": 4, "2": 3, "3": 0, "peasants": 0}
    assert (battle["attacker_count"], battle["defender_count"], battle["result"]) == (3, 2, "attacker")
    s = g.s
    assert (s.owner[kursachsen], s.armies[kursachsen], s.armies[anhalt]) == (BLUE, 1, 1)
    assert s.supply[BLUE] == START_SUPPLY - 5 + 2 and s.supply[YELLOW] == START_SUPPLY - 3 + 1
    assert [e["why"] for e in entries(g, "skip") if e["seat"] == YELLOW] == ["county lost"]
    check(g)


def test_seed000_combat_only_peasants_defended_is_a_tie() -> None:
    """Seed 000, "Combat rules", note: the defending side wins with peasants only: a tie; Kursachsen and its
    church are laid waste (W-20)."""
    g = arranged_game(outcomes=[{"1": 1, "peasants": 2}], planning=True)
    give(g, BLUE, "anhalt", 3)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "church")
    plan_season(g, {BLUE: {"combat_a": "anhalt"}, YELLOW: {"grain": "kursachsen"}}, ("combat_a",), tiles=CALM)
    _moves_of(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 2))
    assert entries(g, "battle")[0]["result"] == "tie"
    assert (g.s.owner[kursachsen], g.s.buildings[kursachsen]) == (NEUTRAL, 0)
    check(g)


def test_seed000_combat_winning_defender_loses_peasants_first() -> None:
    """Seed 000, "Combat result and its consequences": Yellow's 1 army and 1 peasant beat Blue's 1; the
    peasant is Yellow's loss, so Yellow keeps Kursachsen with 1 army (W-19)."""
    g, _, kursachsen = _blue_attacks_kursachsen({"1": 1, "2": 1, "peasants": 1}, blue=3)
    g.apply(BLUE, Action("move", kursachsen, 2))
    assert entries(g, "battle")[0]["result"] == "defender"
    assert (g.s.owner[kursachsen], g.s.armies[kursachsen]) == (YELLOW, 1)
    check(g)


def test_seed000_combat_player_vs_player_tie_devastates_county() -> None:
    """Seed 000, "Combat result and its consequences": a 2:2 tie lays Kursachsen waste (palace and marker back
    to the supply, card to the deck, Yellow's church planned there lost, W-22); the peasant that came
    out is not allied (1 marker) and stays in the tray (W-19)."""
    g = arranged_game(outcomes=[{"1": 2, "2": 2, "peasants": 1}], planning=True)
    give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "palace")
    add_markers(g, "kursachsen", 1)
    plan_season(g, {BLUE: {"combat_a": "anhalt"}, YELLOW: {"church": "kursachsen"}}, ("combat_a",), tiles=CALM)
    _moves_of(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 4))
    s = g.s
    assert entries(g, "battle")[0]["result"] == "tie"
    assert (s.owner[kursachsen], s.buildings[kursachsen], s.revolts[kursachsen]) == (NEUTRAL, 0, 0)
    assert s.tray[PEASANTS] == 1 and s.markers == BOARD.revolt_markers
    assert [e["why"] for e in entries(g, "skip") if e["seat"] == YELLOW] == ["county lost"]  # W-22
    check(g)


@pytest.mark.parametrize(("event", "peasants"), [(None, 1), ("angry_peasants", 2)])
def test_seed000_combat_neutral_county_peasants_and_angry_peasants_event(event: str | None, peasants: int) -> None:
    """Seed 000, "Armies participating in battle": attacking a neutral county drops 1 peasant, 2 under
    "angry peasants" (W-18); Blue wins 2:0 and holds the county with 2 armies."""
    g = arranged_game(outcomes=[{"1": 2}], planning=True)
    give(g, BLUE, "anhalt", 3)
    target = county("kursachsen")
    plan_season(g, {BLUE: {"combat_a": "anhalt"}}, ("combat_a",), event, CALM)
    _moves_of(g, BLUE)
    g.apply(BLUE, Action("move", target, 2))
    assert entries(g, "battle")[0]["dropped"] == {"0": 0, "1": 2, "2": 0, "3": 0, "peasants": peasants}
    assert (g.s.owner[target], g.s.armies[target]) == (BLUE, 2)
    check(g)


@pytest.mark.parametrize("card", _copies("church_peace"))
def test_seed000_event_cards_church_peace_forbids_attack_not_own_move(card: int) -> None:
    """Seed 000, "The event cards", both copies: counties with a church cannot be attacked this round (W-17);
    moving into an own county with a church is a plain move (W-16)."""
    g = arranged_game(planning=True)
    give(g, BLUE, "anhalt", 3)
    altmark = give(g, BLUE, "altmark", 1)
    build(g, "altmark", "church")
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "church")
    give(g, YELLOW, "mittelmark", 1)
    plans = {BLUE: {"combat_a": "anhalt", "palace": "altmark"}, YELLOW: {"grain": "kursachsen", "tax": "mittelmark"}}
    plan_season(g, plans, ("combat_a",), card, CALM)
    legal = _moves_of(g, BLUE)
    assert Action("move", kursachsen, 1) not in legal and Action("move", altmark, 2) in legal
    with pytest.raises(IllegalAction):
        g.apply(BLUE, Action("move", kursachsen, 2))
    g.apply(BLUE, Action("move", altmark, 2))
    assert not entries(g, "battle") and g.s.armies[altmark] == 3
    check(g)


@pytest.mark.parametrize("card", _copies("palace_guard"))
def test_seed000_event_cards_palace_guard_adds_defender_army(card: int) -> None:
    """Seed 000, "The event cards", both copies: Yellow's Kursachsen has a palace; attacked, Yellow drops 1 more
    army from its supply (3 + 1) and wins 2:1, keeping 1 army (W-18)."""
    g = arranged_game(outcomes=[{"1": 1, "2": 2}], planning=True)
    give(g, BLUE, "anhalt", 5)
    kursachsen = give(g, YELLOW, "kursachsen", 3)
    build(g, "kursachsen", "palace")
    plan_season(g, {BLUE: {"combat_a": "anhalt"}, YELLOW: {"grain": "kursachsen"}}, ("combat_a",), card, CALM)
    _moves_of(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 4))
    battle = entries(g, "battle")[0]
    assert battle["dropped"] == {"0": 0, "1": 4, "2": 4, "3": 0, "peasants": 0}
    assert battle["extras"] == {"palace_guard": 1} and battle["result"] == "defender"
    assert g.s.armies[kursachsen] == 1
    check(g)


def test_seed000_bonus_tiles_attack_and_defend_tiles_add_one_army_each() -> None:
    """Seed 000, "Display bonus tiles": Blue attacks with 4 + 1 (attack tile), Yellow defends with 3 + 1
    (defence tile); 3 blue and 1 yellow come out: Blue wins and puts 2 armies in Kursachsen."""
    g, _, kursachsen = _blue_attacks_kursachsen({"1": 3, "2": 1}, tiles={BLUE: T_ATTACK, YELLOW: T_DEFEND})
    g.apply(BLUE, Action("move", kursachsen, 4))
    battle = entries(g, "battle")[0]
    assert battle["dropped"] == {"0": 0, "1": 5, "2": 4, "3": 0, "peasants": 0}
    assert battle["extras"] == {"attack_tile": 1, "defend_tile": 1}
    assert (g.s.owner[kursachsen], g.s.armies[kursachsen]) == (BLUE, 2)
    check(g)


# ---------------------------------------------------------------- revolts from income (W-13)


@pytest.mark.parametrize(
    ("outcome", "tray", "kept"),
    [
        ({"0": 3, "2": 1, "peasants": 1}, True, True),  # the example: Dirk wins 3:1
        ({"0": 1, "peasants": 2}, False, False),  # the peasants win
        ({"0": 2, "peasants": 2}, False, False),  # a tie goes to the peasants
    ],
    ids=["subdued", "lost", "tie"],
)
def test_seed000_combat_lueneburg_tax_revolt(outcome: dict[str, int], tray: bool, kept: bool) -> None:
    """Seed 000, "Combat rules", example: taxes in Lüneburg (2 markers, a church) set off a revolt after the
    income; 4 armies, 2 peasants and the tray are dropped. Put down: 2 armies stay and a third
    marker is added; lost or tied: the county is laid waste; the taxes are kept either way (W-13)."""
    g = arranged_game(outcomes=[outcome], planning=True)
    lueneburg = arrange_lueneburg(g, tray)
    plan_season(g, {RED: {"tax": "lueneburg"}}, order=("tax",), tiles={RED: T_DEPLOY6})
    revolt = entries(g, "revolt")[0]
    assert revolt["dropped"]["0"] == 4 and revolt["dropped"]["peasants"] == 2 + tray
    s = g.s
    assert s.thalers[RED] == START_THALERS + BOARD.tax[lueneburg]
    if kept:
        assert (s.owner[lueneburg], s.armies[lueneburg], s.revolts[lueneburg]) == (RED, 2, 3)
        assert s.tray == [0, 0, 1, 0, 0]
    else:
        assert (s.owner[lueneburg], s.buildings[lueneburg], s.revolts[lueneburg]) == (NEUTRAL, 0, 0)
    check(g)


# ---------------------------------------------------------------- winter (W-26)


def _fall(outcomes: list[dict[str, int]]) -> wallenstein.Game:
    g = arranged_game(outcomes=outcomes, planning=True)
    g.s.season = 2  # the fall: winter follows
    return g


def _card(kind: str, loss: int) -> int:
    return next(e.index for e in BOARD.events if (e.kind, e.winter_loss) == (kind, loss))


def test_seed000_winter_arne_two_short_one_revolt_three_peasants_no_marker_added() -> None:
    """Seed 000, "Winter game round" and the Anhalt example: Arne holds Anhalt and Altmark (1 marker each)
    with 1 grain; the year's last card takes 1: 2 short, so one county drawn at random revolts with
    1 + 2 = 3 peasants. He wins 2:1 and the marker stays 1: none is added in winter (W-26)."""
    g = _fall([{"0": 2, "peasants": 1}])
    for key in ("anhalt", "altmark"):
        give(g, RED, key, 2)
        add_markers(g, key, 1)
    g.s.grain[RED] = 1
    plan_season(g, {RED: {"palace": "anhalt", "church": "altmark"}}, winter_card=_card("recruit_reduced", 1))
    finish_season(g)
    short = entries(g, "supply_short")
    assert [(e["seat"], e["shortfall"], e["extra_peasants"], len(e["counties"])) for e in short] == [(RED, 2, 2, 1)]
    revolt = entries(g, "revolt")
    assert [(r["county"], r["winter"], r["dropped"]["peasants"], r["result"]) for r in revolt] == [
        (short[0]["counties"][0], True, 3, "owner")
    ]
    assert g.s.armies[county(short[0]["counties"][0])] == 1
    winter = next(i for i, e in enumerate(g.log) if e["e"] == "winter")
    assert not [e for e in g.log[winter:] if e["e"] == "marker"]  # markers go only at the year's end
    check(g)


def test_seed000_winter_dirk_nine_counties_seven_grain_scores_eight() -> None:
    """Seed 000, "Supply chart", example: Dirk has 9 counties and 7 grain: 2 unsupplied, 1 revolt, 2 extra
    peasants (with 1 marker: 3). The peasants win: he loses the county and scores 8 counties."""
    keys = ["anhalt", "altmark", "lueneburg", "mecklenburg", "vorpommern", "neumark", "lausitz", "vogtland", "passau"]
    g = _fall([{"0": 1, "peasants": 3}])
    for key in keys:
        give(g, RED, key, 1)
        add_markers(g, key, 1)
    g.s.grain[RED] = 7
    boxes = ("palace", "church", "trading_post", "deploy5", "deploy3", "deploy1_move", "combat_a", "combat_b")
    plans = {RED: dict(zip(boxes, keys, strict=False))}
    plan_season(g, plans, event="tax_min_6", winter_card=_card("tax_max_5", 0))  # no marker moves in the fall
    finish_season(g)
    short = entries(g, "supply_short")
    assert [(e["shortfall"], e["extra_peasants"], len(e["counties"])) for e in short] == [(2, 2, 1)]
    assert [(r["dropped"]["peasants"], r["result"]) for r in entries(g, "revolt")] == [(3, "peasants")]
    score = last(g, "score")
    assert score["detail"][RED]["counties"] == 8
    check(g)
