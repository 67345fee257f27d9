"""Landsknechte (seed 000, "Landsknechte - Expansion Module 2"; German seed 004; W-05, W-29).

Every rule of the module's section as a named test: the decks with the empty banner on top, the check
for counties in four regions after player order, the benefit from the new top card (each kind), the
player order of the choices, the reset after winter, the stand-in amounts and a user's own table.

Rulebooks cited: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (seed 000),
``../shared/seeds/004_fae1cec4ff72eb0c.txt`` (seed 004).
"""

from __future__ import annotations

import json

import pytest
from lkml_scenario import BOTH, LK, drive_to, module_game
from scenario import give

import wallenstein
from tabletop.errors import IllegalAction
from wallenstein import Action, landsknechte, leaders
from wallenstein.invariants import check
from wallenstein.narrate import narrate_game
from wallenstein.printed import STANDIN_NOTE, standin
from wallenstein.ruleset import ORDER_STEPS, of_modules

STANDIN = standin("landsknechte")
# Counties by region: Brandenburg, Sachsen, Österreich, Bayern, Kurpfalz.
FOUR_REGIONS = ("lueneburg", "anhalt", "boehmen", "augsburg")
THREE_REGIONS = ("mecklenburg", "lausitz", "passau")
FIVE_REGIONS = ("altmark", "vogtland", "salzburg", "baden", "burgund")


def _arranged(holdings: dict[int, tuple[str, ...]], modules: tuple[str, ...] = LK, **kw: object) -> wallenstein.Game:
    g = module_game(modules, planning=True, **kw)  # type: ignore[arg-type]
    for seat, keys in holdings.items():
        for key in keys:
            give(g, seat, key, 2)
    g.refresh()
    return g


def test_seed000_landsknechte_decks_start_with_the_empty_banner_on_top() -> None:
    g = wallenstein.new_game(players=4, seed=1, modules=LK)
    assert g.s.mods.lk_top == [0, 0, 0, 0]
    view = g.observe(None)["landsknechte"]
    assert view["top"] == {"0": 1, "1": 1, "2": 1, "3": 1}
    assert view["cards"][0] == {}  # the empty banner offers nothing
    assert view["cards"][1:] == [landsknechte.card_benefits(g, card) for card in (1, 2, 3)]
    assert view["standin"] is True and view["values"] == STANDIN_NOTE


def test_seed000_landsknechte_check_after_player_order_in_player_order() -> None:
    """Four or more regions: the deck turns and the new top card's benefit is chosen, seat by seat in
    player order, after the positions are taken; fewer regions: the deck stays, no benefit."""
    g = _arranged({0: FOUR_REGIONS, 1: THREE_REGIONS, 2: FIVE_REGIONS, 3: ("kursachsen",)})
    drive_to(g, "landsknechte")
    kinds = [e["e"] for e in g.log]
    assert kinds.index("landsknechte") > max(i for i, k in enumerate(kinds) if k == "position")
    order = g.s.order
    qualifying = [p for p in order if p in (0, 2)]
    assert g.pending() == [qualifying[0]]
    assert g.s.mods.lk_top[qualifying[0]] == 1
    assert [a.to_json() for a in g.legal_actions(qualifying[0])] == [
        {"type": "landsknechte", "benefit": name} for name in ("thalers", "grain", "armies", "vp")
    ]
    thalers = g.s.thalers[qualifying[0]]
    g.apply(qualifying[0], {"type": "landsknechte", "benefit": "thalers"})
    assert g.s.thalers[qualifying[0]] == thalers + STANDIN[0]["thalers"]
    assert g.phase == "landsknechte" and g.pending() == [qualifying[1]]
    g.apply(qualifying[1], {"type": "landsknechte", "benefit": "vp"})
    kinds = [e["e"] for e in g.log]
    assert g.phase != "landsknechte"
    assert "action_card" in kinds[kinds.index("landsknechte_benefit") :]  # on to the basic actions
    assert g.s.mods.lk_top == [1, 0, 1, 0]
    assert g.s.vp[qualifying[1]] == STANDIN[0]["vp"]
    misses = {e["seat"]: e["regions"] for e in g.log if e["e"] == "landsknechte_miss"}
    assert misses == {1: 3, 3: 1}
    check(g)


@pytest.mark.parametrize("benefit", ["thalers", "grain", "armies", "vp"])
@pytest.mark.parametrize("card", [1, 2, 3])
def test_landsknechte_each_benefit_of_each_card(benefit: str, card: int) -> None:
    g = _arranged({1: FIVE_REGIONS})
    g.s.season = card - 1  # the deck has turned card - 1 times this year
    g.s.mods.lk_top[1] = card - 1
    drive_to(g, "landsknechte")
    s = g.s
    amount = STANDIN[card - 1][benefit]
    field = {"thalers": s.thalers, "grain": s.grain, "armies": s.tray, "vp": s.vp}[benefit]
    before, supply = field[1], s.supply[1]
    action = Action("landsknechte", landsknechte.BENEFITS.index(benefit))
    assert action in g.legal_actions(1)
    landsknechte.apply_benefit(g, 1, action)  # the rule alone (the API then goes on to the actions)
    field = {"thalers": s.thalers, "grain": s.grain, "armies": s.tray, "vp": s.vp}[benefit]
    assert field[1] - before == amount
    assert s.supply[1] == supply - (amount if benefit == "armies" else 0)  # tray armies come from supply
    taken = [e for e in g.log if e["e"] == "landsknechte_benefit"][-1]
    assert taken == {
        "e": "landsknechte_benefit",
        "seat": 1,
        "benefit": benefit,
        "amount": amount,
        "standin": True,
    }
    check(g)


def test_landsknechte_armies_into_the_tray_only_as_many_as_the_supply_holds() -> None:
    """W-05 / R-32: armies that the supply cannot give are not added."""
    g = _arranged({2: FOUR_REGIONS})
    g.s.season, g.s.mods.lk_top[2] = 2, 2  # fall: card 4 comes up
    drive_to(g, "landsknechte")
    s = g.s
    s.inside[2] += s.supply[2] - 1  # park all but one army in the tower (keeps every cube counted)
    s.supply[2] = 1
    tray = s.tray[2]
    landsknechte.apply_benefit(g, 2, Action.from_json({"type": "landsknechte", "benefit": "armies"}))
    assert STANDIN[2]["armies"] > 1
    assert s.tray[2] == tray + 1 and s.supply[2] == 0
    check(g)


def test_landsknechte_decks_reset_after_winter() -> None:
    g = _arranged({0: FIVE_REGIONS, 1: FOUR_REGIONS}, seed=3, scripted=False)
    drive_to(g, lambda game: game.s.season == 2 and game.phase == "planning")  # fall of year 1
    turned = g.s.mods.lk_top[:]
    assert max(turned) >= 1, "some deck turned during year 1"
    assert g.observe(None)["landsknechte"]["top"] == {str(p): t + 1 for p, t in enumerate(turned)}
    drive_to(g, lambda game: game.s.year == 2)
    assert [e["e"] for e in g.log].count("winter") == 1
    assert g.s.mods.lk_top == [0, 0, 0, 0]
    check(g)


def test_landsknechte_a_card_with_one_benefit_is_taken_without_asking() -> None:
    """R-03: a decision with one option is taken automatically; a user table replaces the stand-in."""
    table = [{"vp": 5}, {"vp": 6}, {"thalers": 9}]
    g = _arranged({0: FOUR_REGIONS}, printed={"landsknechte": table})
    vp = g.s.vp[0]
    drive_to(g, lambda game: any(e["e"] == "landsknechte_benefit" for e in game.log))
    assert g.s.vp[0] == vp + 5
    assert not any(e.get("action", {}).get("type") == "landsknechte" for e in g.history[1:])
    view = g.observe(0)["landsknechte"]
    assert view["standin"] is False and view["cards"][1] == {"vp": 5}
    text = narrate_game(g)
    assert "takes 5 VP." in text and STANDIN_NOTE not in text


@pytest.mark.parametrize(
    "table",
    [
        [{"vp": 1}, {"vp": 2}],
        [{"vp": 1}, {"vp": 2}, {"gold": 3}],
        [{"vp": 1}, {"vp": 2}, {"vp": 0}],
        [{"vp": 1}, {"vp": 2}, {"vp": True}],
        [{"vp": 1}, {}, {"vp": 2}],
        {"cards": []},
    ],
)
def test_landsknechte_bad_user_tables_are_rejected(table: object) -> None:
    with pytest.raises(IllegalAction, match="landsknechte"):
        wallenstein.new_game(players=4, seed=1, modules=LK, printed={"landsknechte": table})


def test_landsknechte_stand_in_amounts_say_so_wherever_shown() -> None:
    g = _arranged({0: FOUR_REGIONS})
    drive_to(g, "landsknechte")
    g.apply(0, {"type": "landsknechte", "benefit": "grain"})
    lines = [line for line in narrate_game(g).splitlines() if "Landsknechte:" in line or "takes 2 grain" in line]
    assert lines and all(STANDIN_NOTE in line for line in lines if "turns up" in line or "takes" in line)
    for seat in (None, 0, 1):
        assert g.observe(seat)["landsknechte"]["values"] == STANDIN_NOTE
    assert json.loads(json.dumps(g.observe(None)))["landsknechte"]["standin"] is True


def test_landsknechte_check_comes_before_the_court_and_after_the_leader_placement() -> None:
    """Seed 000: the Landsknechte step comes before any Emperor's Court action (the court engineer
    appends its step after it); the line-up leader placement comes first (R-34)."""
    assert of_modules(ORDER_STEPS, frozenset(LK)) == (landsknechte.check_step,)
    assert of_modules(ORDER_STEPS, frozenset(BOTH)) == (leaders.place_step, landsknechte.check_step)
