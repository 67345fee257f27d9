"""A deploy with an extra on top, and an army supply too short for the extra (rulings W-05 and W-05a
in ``../shared/design/rulings.md``; ``../shared/seeds/000_0e95b3a6bc0d281e.txt``, "Bonus tiles" and
"Perform actions": perform if able, skip what can be performed only in part).

The printed deploy (5 or 3 armies, fewer under "recruit reduced") is performed when the supply covers
it and the thalers are there; only the extra of the "6 armies" tile (and of a military leader in the
county) is cut to what the supply still holds. Played through ``Game.apply`` from planning, with the
modules too (with Military Leaders the leader stands in the county: his extra army is cut as well).

No other extra lands on a deploy: the one 2012 event about deploys ("recruit reduced") lowers the
printed number, favour 12 is a deploy of its own (placed as far as the supply allows, R-23), and
the 2002 edition has neither tiles nor leaders' armies (its troop shortage lowers the number too).
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario import arranged_game, county, entries, give
from season import plan_season

from wallenstein import Game
from wallenstein.board import T_DEPLOY6, T_GRAIN
from wallenstein.invariants import check

RED = 0
MODULES = [
    pytest.param((), id="basic"),
    pytest.param(("emperors_court",), id="court"),
    pytest.param(("landsknechte", "military_leaders"), id="lk-ml"),
]
START_THALERS = 15
START_SUPPLY = 62 - 7  # after the tower fill


def _red_deploys(modules: tuple[str, ...], supply: int, event: str | None) -> Game:
    """Red holds Burgund with all but ``supply`` armies and plans Deploy 5 there, first action,
    holding the "6 armies" tile."""
    options: dict[str, Any] = {"modules": modules} if modules else {}
    g = arranged_game(planning=True, **options)
    give(g, RED, "burgund", START_SUPPLY - supply)
    plan_season(g, {RED: {"deploy5": "burgund"}}, order=("deploy5",), event=event, tiles={RED: T_DEPLOY6})
    return g


@pytest.mark.parametrize("modules", MODULES)
@pytest.mark.parametrize(
    "event, supply, placed",
    [
        (None, 5, 5),  # W-05a: the printed 5, the tile's sixth army cut
        (None, 6, 6),
        ("recruit_reduced", 4, 4),  # the card places 3 under the event; the tile would make it 6
        ("recruit_reduced", 3, 3),
    ],
)
def test_w05a_printed_deploy_performed_only_the_extra_cut(
    modules: tuple[str, ...], event: str | None, supply: int, placed: int
) -> None:
    g = _red_deploys(modules, supply, event)
    burgund = county("burgund")
    deploys = [e for e in entries(g, "action") if e["action"] == "deploy5"]
    assert [(e["seat"], e["armies"]) for e in deploys] == [(RED, placed)]
    assert g.s.armies[burgund] == START_SUPPLY - supply + placed
    assert g.s.supply[RED] == supply - placed
    if not modules:
        assert g.s.thalers[RED] == START_THALERS - 3  # the price of Deploy 5
    if "military_leaders" in modules:
        assert g.s.mods.leader[RED] == burgund  # his extra army is cut too
    check(g)


@pytest.mark.parametrize("modules", MODULES)
@pytest.mark.parametrize("event, supply", [(None, 4), ("recruit_reduced", 2)])
def test_w05_supply_short_of_the_printed_deploy_skips_it(
    modules: tuple[str, ...], event: str | None, supply: int
) -> None:
    g = _red_deploys(modules, supply, event)
    skips = [e for e in entries(g, "skip") if e["action"] == "deploy5"]
    assert [(e["seat"], e["why"]) for e in skips] == [(RED, "army supply short")]
    assert not [e for e in entries(g, "action") if e["action"] == "deploy5"]
    assert g.s.supply[RED] == supply and g.s.armies[county("burgund")] == START_SUPPLY - supply
    check(g)


@pytest.mark.parametrize(("action", "supply", "placed"), [("deploy5", 5, 5), ("deploy5", 6, 6), ("deploy3", 3, 3)])
def test_w05a_the_military_leaders_extra_army_alone_is_cut(action: str, supply: int, placed: int) -> None:
    """With Military Leaders and no "6 armies" tile: Red's leader stands in Burgund (placed there
    after the first player order, Red's only county) and adds 1 army to a deploy; with a supply of
    exactly the printed number, the printed deploy is performed and only the leader's army is cut."""
    g = arranged_game(planning=True, modules=("military_leaders",))
    burgund = give(g, RED, "burgund", START_SUPPLY - supply)
    plan_season(g, {RED: {action: "burgund"}}, order=(action,), tiles={RED: T_GRAIN})
    assert g.s.mods.leader[RED] == burgund
    deploys = [e for e in entries(g, "action") if e["action"] == action]
    assert [(e["seat"], e["armies"], e.get("leader")) for e in deploys] == [(RED, placed, True)]
    assert g.s.armies[burgund] == START_SUPPLY - supply + placed and g.s.supply[RED] == supply - placed
    assert g.s.thalers[RED] == START_THALERS - {"deploy5": 3, "deploy3": 2}[action]
    check(g)
