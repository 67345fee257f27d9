"""Rulings of docs/rules/rulings.md played through the public path (``Game.apply`` from an
arranged position, ``observe``, ``result``), for those the other played tests do not already cover:
W-01, W-02, W-03, W-04, W-06, W-07, W-10, W-12, W-15 (both editions), W-16 (both editions), W-17
(both editions: church peace stops attacks, not revolts), W-24, W-25, W-27 and W-28. The last test
checks that every ruling, Wallenstein's and League of Six's, is named by a test function that plays
the game through ``apply``.

Rulebooks: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (2012), ``../shared/seeds/002_de16aeb42e33f8bf.txt``
and ``../shared/seeds/003_67f9527da1ec065b.txt`` (2002).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from scenario import arranged_game, build, county, entries, give
from season import finish_season, plan_season, play_until

import wallenstein
from wallenstein import Action
from wallenstein.board import BOARD, T_DEPLOY6, T_GRAIN
from wallenstein.invariants import check

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
PEASANTS = 4
RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rules" / "rulings.md"  # the project's own copy


@pytest.mark.parametrize(("edition", "armies"), [("2012", 62), ("2002", 61)])
def test_w03_armies_per_player_are_all_accounted_for_in_every_view(edition: str, armies: int) -> None:
    """W-03: 62 armies per player in 2012, 61 in 2002; every view adds them up the same way."""
    g = wallenstein.new_game(players=4, seed=6, edition=edition)
    rng = random.Random(6)
    for _ in range(150):
        seen = g.observe(None)
        for p in range(4):
            board = sum(c["armies"] for c in seen["counties"].values() if c["owner"] == p)
            tower = seen["tower"]["inside"][str(p)] + seen["tower"]["tray"][str(p)]
            assert board + tower + seen["players"][p]["supply"] == armies
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))


def test_w01_editions_and_modules() -> None:
    """W-01: 2012 is the default edition; its three modules combine freely and each plays its part
    (a year of random decisions through ``apply``); the 2002 edition takes no module."""
    assert wallenstein.new_game(players=4, seed=1).observe(None)["edition"] == "2012"
    with pytest.raises(wallenstein.IllegalAction):
        wallenstein.new_game(players=4, seed=1, edition="2002", modules=["emperors_court"])
    modules = ["emperors_court", "landsknechte", "military_leaders"]
    g = wallenstein.new_game(players=4, seed=1, modules=modules)
    rng = random.Random(1)
    while g.s.year == 1:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    kinds = {e["e"] for e in g.log}
    assert {"audience", "leader_place"} <= kinds and kinds & {"landsknechte_benefit", "landsknechte_miss"}
    assert g.observe(None)["modules"] == modules


def test_w02_county_values_and_neighbours_are_the_same_in_both_editions() -> None:
    """W-02: Red collects taxes in Burgund (7, as in seed 000's example) and then must march from
    Köln: in both editions the same amount comes in and the same neighbours are offered."""
    seen = []
    for edition in ("2012", "2002"):
        g = arranged_game(planning=True, edition=edition)
        give(g, RED, "burgund", 1)
        koeln = give(g, RED, "koeln", 4)
        plan_season(g, {RED: {"tax": "burgund", "combat_a": "koeln"}}, order=("tax", "combat_a"))
        taxes = [e["amount"] for e in entries(g, "action") if e["action"] == "tax"]
        assert g.phase == "move" and g.pending() == [RED]
        seen.append((taxes, {a.a for a in g.legal_actions(RED)}))
        check(g)
    assert seen[0] == seen[1] == ([7], set(BOARD.neighbours[koeln]))


def test_w04_grain_is_not_capped_at_the_printed_track() -> None:
    """W-04: the printed grain track ends at 18, but grain goes on: 17 + Burgund's 2 + the tile."""
    g = arranged_game(planning=True)
    give(g, RED, "burgund", 2)
    g.s.grain[RED] = 17
    plan_season(g, {RED: {"grain": "burgund"}}, order=("grain",), tiles={RED: T_GRAIN})
    assert g.s.grain[RED] == 17 + BOARD.grain[county("burgund")] + 1 > 18
    check(g)


def test_w06_fewer_peasant_cubes_than_asked_adds_what_is_there() -> None:
    """W-06: with the peasants' supply empty, an attack on a neutral county drops no peasant."""
    g = arranged_game(outcomes=[{"1": 2}], planning=True)
    give(g, BLUE, "anhalt", 3)
    s = g.s
    s.inside[PEASANTS] += s.peasants  # every peasant cube is in the tower
    s.peasants = 0
    plan_season(g, {BLUE: {"combat_a": "anhalt"}}, order=("combat_a",), tiles={BLUE: T_GRAIN})
    play_until(g, lambda game: game.phase == "move")
    g.apply(BLUE, Action("move", county("kursachsen"), 2))
    assert entries(g, "battle")[0]["dropped"]["peasants"] == 0
    check(g)


def test_w07_a_building_missing_from_the_supply_skips_the_action() -> None:
    """W-07: the 28 palaces all stand on the board: Red's palace action is skipped, nothing paid."""
    g = arranged_game(planning=True)
    give(g, RED, "anhalt", 2)
    holders = [c for c in range(BOARD.n) if g.s.owner[c] == -1][: BOARD.building_supply[0]]
    for c in holders:
        give(g, PURPLE, BOARD.keys[c], 1)
        build(g, BOARD.keys[c], "palace")
    assert g.s.bsupply[0] == 0
    plan_season(g, {RED: {"palace": "anhalt"}}, order=("palace",))  # Purple covers its boxes with its cards
    skips = [e for e in entries(g, "skip") if e["seat"] == RED]
    assert [(e["action"], e["why"]) for e in skips] == [("palace", "cannot build")]
    assert g.s.thalers[RED] == 15
    check(g)


def test_w10_the_event_is_drawn_after_planning_from_the_four_face_up_cards() -> None:
    """W-10: players plan knowing the year's four cards but not the season's; it is one of them,
    drawn once the plans are in."""
    g = wallenstein.new_game(players=4, seed=12)
    rng = random.Random(12)
    year = [e["card"] for e in g.observe(0)["events"]["year"]]
    while g.phase == "planning":
        assert g.observe(None)["events"]["current"] is None
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert g.observe(None)["events"]["current"]["card"] in year


def test_w12_player_order_2012_draft_from_seat_0_and_2002_leaders_shuffled_after_planning() -> None:
    """W-12: the 2012 draft starts with seat 0; in 2002 the leader cards are shuffled after the
    planning (their order is logged after the last plan), before the event."""
    assert wallenstein.new_game(players=4, seed=2, setup="draft").pending() == [0]
    g = wallenstein.new_game(players=4, seed=2, edition="2002")
    rng = random.Random(2)
    while g.phase == "planning":
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    kinds = [e["e"] for e in g.log]
    last_leaders = len(kinds) - 1 - kinds[::-1].index("leaders")
    assert kinds.index("event", last_leaders) > last_leaders


@pytest.mark.parametrize(("thalers", "moves"), [(0, False), (1, True)])
def test_w15_deploy1_pays_then_may_move_and_is_skipped_whole_without_the_thaler(thalers: int, moves: bool) -> None:
    """W-15 (2012): Deploy 1 pays 1 thaler and places 1 army, then the player may move to one own
    neighbour (or stay); without the thaler the whole action, move included, is skipped."""
    g = arranged_game(planning=True)
    anhalt = give(g, RED, "anhalt", 3)
    give(g, RED, "altmark", 1)
    g.s.thalers[RED] = thalers
    plan_season(g, {RED: {"deploy1_move": "anhalt", "palace": "altmark"}}, order=("deploy1_move",))
    if moves:
        legal = g.legal_actions(RED)
        assert Action("stay") in legal and Action("move", county("altmark"), 3) in legal
        g.apply(RED, Action("move", county("altmark"), 3))
        assert (g.s.armies[anhalt], g.s.armies[county("altmark")], g.s.thalers[RED]) == (1, 4, 0)
    else:
        assert g.phase != "move"
        skips = [(e["action"], e["why"]) for e in entries(g, "skip") if e["action"] == "deploy1_move"]
        assert skips == [("deploy1_move", "cannot pay")]
        assert g.s.armies[anhalt] == 3
    check(g)


@pytest.mark.parametrize(
    ("choice", "origin", "altmark", "supply"),
    [
        ({"type": "move", "to": "altmark", "armies": 2}, 1, 3, -1),  # deploy 1, then move 2
        ({"type": "move_only", "to": "altmark", "armies": 1}, 1, 2, 0),  # move without deploying
        ({"type": "stay"}, 3, 1, -1),  # deploy only
        (None, 2, 1, 0),  # no gold: skipped
    ],
)
def test_w15_2002_recruit_one_pays_one_gold_then_deploys_moves_or_both(
    choice: dict[str, object] | None, origin: int, altmark: int, supply: int
) -> None:
    """W-15 (2002): "1 gold: recruit 1 army and/or move" pays 1 gold, then deploys 1 army in the
    land, moves armies to one own neighbour, or does both; without the gold it is skipped."""
    g = arranged_game(planning=True, edition="2002")
    mittelmark = give(g, RED, "mittelmark", 2)
    give(g, RED, "altmark", 1)
    g.s.thalers[RED] = 0 if choice is None else 1
    before = g.s.supply[RED]
    plan_season(g, {RED: {"deploy1_move": "mittelmark", "palace": "altmark"}}, order=("deploy1_move",))
    if choice is None:
        assert [(e["action"], e["why"]) for e in entries(g, "skip") if e["seat"] == RED][:1] == [
            ("deploy1_move", "cannot pay")
        ]
    else:
        assert g.phase == "move" and g.pending() == [RED]
        assert {a.kind for a in g.legal_actions(RED)} == {"stay", "move", "move_only"}
        g.apply(RED, choice)
    assert (g.s.armies[mittelmark], g.s.armies[county("altmark")]) == (origin, altmark)
    assert g.s.supply[RED] - before == supply and g.s.thalers[RED] == 0
    check(g)


@pytest.mark.parametrize("edition", ["2012", "2002"])
def test_w16_combat_moves_at_least_one_and_leaves_one(edition: str) -> None:
    """W-16: from a county with 4 armies the player must move 1 to 3 armies to one neighbour (own
    or attackable); there is no "stay"."""
    g = arranged_game(planning=True, edition=edition)
    anhalt = give(g, RED, "anhalt", 4)
    plan_season(g, {RED: {"combat_a": "anhalt"}}, order=("combat_a",))
    legal = g.legal_actions(RED)
    assert {a.kind for a in legal} == {"move"}
    assert {a.b for a in legal} == {1, 2, 3}
    assert {a.a for a in legal} == set(BOARD.neighbours[anhalt])
    check(g)


@pytest.mark.parametrize("edition", ["2012", "2002"])
def test_w17_church_peace_forbids_attacks_on_church_counties_not_revolts(edition: str) -> None:
    """W-17 under the church peace event: Yellow's Kursachsen (a church, 1 revolt marker) cannot
    be chosen as Blue's destination, but Yellow's grain there still sets off a revolt (W-13)."""
    g = arranged_game(outcomes=[{"2": 2}], planning=True, edition=edition)
    anhalt = give(g, BLUE, "anhalt", 3)
    give(g, BLUE, "altmark", 1)  # Blue's own neighbour: its move there is no battle
    kursachsen = give(g, YELLOW, "kursachsen", 1)
    build(g, "kursachsen", "church")
    g.s.markers -= 1
    g.s.revolts[kursachsen] = 1
    plans = {BLUE: {"combat_a": "anhalt", "palace": "altmark"}, YELLOW: {"grain": "kursachsen"}}
    plan_season(g, plans, order=("combat_a", "grain"), event="church_peace")
    play_until(g, lambda game: game.phase == "move" and game.pending() == [BLUE])
    targets = {a.a for a in g.legal_actions(BLUE)}
    assert kursachsen in BOARD.neighbours[anhalt] and kursachsen not in targets and targets
    with pytest.raises(wallenstein.IllegalAction):
        g.apply(BLUE, Action("move", kursachsen, 1))
    g.apply(BLUE, Action("move", county("altmark"), 1))
    play_until(g, lambda game: bool(entries(game, "revolt")))
    assert [(r["county"], r["result"]) for r in entries(g, "revolt")] == [("kursachsen", "owner")]
    check(g)


def test_w24_a_player_without_counties_still_plans_bids_and_takes_a_position() -> None:
    """W-24: Purple holds no county; it plans money cards, bids and takes a place in player order."""
    g = arranged_game(planning=True)
    give(g, RED, "anhalt", 2)
    assert [a.b - 100 for a in g.legal_actions(PURPLE)] == [0, 1, 2, 3, 4, -101]  # money cards, or none
    plan_season(g, {})
    assert PURPLE in [e["seat"] for e in entries(g, "position")] and PURPLE in g.s.order
    check(g)


@pytest.mark.parametrize("edition", ["2012", "2002"])
def test_w25_the_tower_content_per_colour_is_the_same_in_every_view(edition: str) -> None:
    """W-25: what is inside the tower can be counted, so every seat and a spectator see the same
    per-colour counts, and the tray is public: checked after every battle of a year played through
    ``apply``."""
    g = wallenstein.new_game(players=4, seed=4, edition=edition)
    rng = random.Random(4)
    battles = 0
    while g.s.year == 1:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        if len(entries(g, "battle")) > battles:
            battles = len(entries(g, "battle"))
            views = [g.observe(seat)["tower"] for seat in (None, 0, 1, 2, 3)]
            assert all(v == views[0] for v in views)
            assert list(views[0]["inside"].values()) == g.s.inside and list(views[0]["tray"].values()) == g.s.tray
    assert battles > 3


def test_w27_majorities_through_a_real_winter() -> None:
    """W-27 (seed 000, "Scoring"): after the fall, winter scores 1 VP per county and building and the
    region majorities; only players with a building of the type take part, a tie scores the award
    minus 1. Red and Blue tie on palaces in Sachsen (2 each), Yellow has none there."""
    g = arranged_game(planning=True)
    g.s.season = 2
    for seat, key in ((RED, "anhalt"), (BLUE, "kursachsen"), (YELLOW, "lausitz")):
        give(g, seat, key, 2)
    build(g, "anhalt", "palace")
    build(g, "kursachsen", "palace", "church")
    g.s.grain[:3] = [5, 5, 5]
    plans = {RED: {"deploy3": "anhalt"}, BLUE: {"deploy3": "kursachsen"}, YELLOW: {"deploy3": "lausitz"}}
    plan_season(g, plans, winter_card=next(e.index for e in BOARD.events if e.winter_loss == 0))
    finish_season(g)
    detail = entries(g, "score")[0]["detail"]
    assert detail[RED] == {"counties": 1, "buildings": 1, "majorities": 3 - 1}
    assert detail[BLUE] == {"counties": 1, "buildings": 2, "majorities": (3 - 1) + 2}
    assert detail[YELLOW] == {"counties": 1, "buildings": 0, "majorities": 0}


def test_w28_2012_ties_go_to_most_thalers_then_shared() -> None:
    """W-28 (2012): most VP wins; a tie goes to the most thalers, and a tie in both is shared. The
    last fall is played and the second winter scores (the end of the game)."""
    g = arranged_game(planning=True)
    s = g.s
    s.year, s.season = 2, 2
    s.vp = [10, 10, 10, 3]
    s.thalers = [7, 9, 9, 30]
    plan_season(g, {}, winter_card=next(e.index for e in BOARD.events if e.winter_loss == 0))
    finish_season(g)
    assert g.over
    res = g.result()
    assert res["vp"] == [10, 10, 10, 3] and res["winners"] == [BLUE, YELLOW]
    assert entries(g, "game_over")[0]["winners"] == [BLUE, YELLOW]


def _functions(path: Path) -> dict[str, tuple[str, set[str]]]:
    """The module-level functions of a test or helper module: name -> (source, names it calls)."""
    src = path.read_text(encoding="utf-8")
    out = {}
    for node in ast.parse(src).body:
        if isinstance(node, ast.FunctionDef):
            calls = {n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            out[node.name] = (ast.get_source_segment(src, node) or "", calls)
    return out


def _playing(functions: dict[str, tuple[str, set[str]]]) -> set[str]:
    """The functions that apply a decision (``.apply(``), directly or through functions they call."""
    playing = {name for name, (src, _) in functions.items() if ".apply(" in src}
    grown = True
    while grown:
        grown = False
        for name, (_, calls) in functions.items():
            if name not in playing and calls & playing:
                playing.add(name)
                grown = True
    return playing


def _cites(name: str, src: str, ruling: str) -> bool:
    """``src`` names the ruling (W-22a), or the test's name does (test_w22a_..., test_w05_w14_...)."""
    short = ruling.replace("-", "").lower()
    return bool(re.search(rf"\b{re.escape(ruling)}\b", src) or re.search(rf"(?:^|_){short}(?:_|$)", name))


def test_every_ruling_is_cited_by_a_test_that_plays_the_game() -> None:
    """Every ruling (W-nn for Wallenstein, L-nn for League of Six) is named by a test function that
    plays through ``Game.apply`` (itself or through the helpers it calls), not only by a module."""
    rulings = set(re.findall(r"^- ([WL]-\d+a?)\b", RULINGS.read_text(encoding="utf-8"), re.M))
    assert len(rulings) > 35
    tests = Path(__file__).resolve().parents[1]
    folders = [tests / "wallenstein", tests / "league_of_six", tests / "conformance"]
    helpers: dict[str, tuple[str, set[str]]] = {}
    for folder in folders:
        for path in folder.glob("*.py"):
            if not path.name.startswith("test_"):
                for name, value in _functions(path).items():
                    helpers.setdefault(name, value)
    cited: set[str] = set()
    for folder in folders:
        for path in folder.glob("test_*.py"):
            functions = _functions(path)
            playing = _playing({**helpers, **functions})
            for name, (src, _) in functions.items():
                if name.startswith("test_") and name in playing:
                    cited |= {r for r in rulings if _cites(name, src, r)}
    assert sorted(rulings - cited) == []


@pytest.mark.parametrize("tile", [T_DEPLOY6])
def test_w05_w14_tile_sets_the_deploy_whatever_the_event(tile: int) -> None:
    """W-05, W-14: the "6 armies" tile gives 6 under "recruit reduced" too (played; see also
    test_deploy_supply.py for a short supply, W-05a)."""
    g = arranged_game(planning=True)
    anhalt = give(g, RED, "anhalt", 1)
    plan_season(g, {RED: {"deploy5": "anhalt"}}, order=("deploy5",), event="recruit_reduced", tiles={RED: tile})
    assert g.s.armies[anhalt] == 1 + 6
    check(g)
