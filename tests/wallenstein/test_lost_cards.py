"""A planned action is lost for the season once its card leaves the planner's board, even when the
county comes back later in the season (rulings W-22 and W-22a in ``../shared/design/rulings.md``;
``../shared/seeds/000_0e95b3a6bc0d281e.txt``, "Perform actions", note on conquered counties;
``../shared/seeds/003_67f9527da1ec065b.txt``, "Battle": the defender's action for that land is lost).

Every case is played through ``Game.apply`` from an arranged position in planning, in both editions
and with the modules: Blue takes Red's Kursachsen with combat A (or lays it waste), Red wins it back
from Lausitz with combat B, and Red's action planned in Kursachsen comes later in the season. A
combat can be the lost action too: Blue and Red fight over Kursachsen in the same combat (Blue
earlier in player order), and Red's other combat was planned in Kursachsen.

A county lost in a revolt cannot come back with an action still planned in it: a revolt comes with
the income action planned there (or in winter, after the season's actions) and a card covers one
box, so the card that leaves the board was on the box just performed. The test of that case checks
what W-22a still changes there: the loss is recorded and public, and the income stays collected.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from scenario import add_markers, arranged_game, county, entries, give
from season import finish_season, plan_season, play_until

from wallenstein import Action, Game
from wallenstein.determinize import rebuild
from wallenstein.invariants import check
from wallenstein.state import State

RED, BLUE = 0, 1
KURSACHSEN = "kursachsen"
KINDS = [
    pytest.param("2012", (), id="2012"),
    pytest.param("2012", ("emperors_court",), id="2012-court"),
    pytest.param("2012", ("landsknechte", "military_leaders"), id="2012-lk-ml"),
    pytest.param("2002", (), id="2002"),
]
LATER = ["palace", "church", "trading_post", "grain", "tax", "deploy5", "deploy3", "deploy1_move"]


def _game(edition: str, modules: tuple[str, ...], outcomes: list[dict[str, int]]) -> Game:
    options: dict[str, Any] = {"edition": edition}
    if modules:
        options["modules"] = modules
    return arranged_game(outcomes=outcomes, planning=True, **options)


def _fight_until_move(g: Game, seat: int) -> None:
    """Take the other seats' decisions (commitments, module steps) until ``seat`` must move."""
    play_until(g, lambda game: game.phase == "move" and game.pending() == [seat])


def _assert_lost(g: Game, action: str) -> None:
    skips = [e for e in entries(g, "skip") if e["seat"] == RED and e["action"] == action]
    assert skips == [{"e": "skip", "seat": RED, "action": action, "county": KURSACHSEN, "why": "county lost"}]
    assert not [e for e in entries(g, "action") if e["seat"] == RED and e["action"] == action]


def _next_season_offers_the_card(g: Game) -> None:
    """The loss lasts for the season only: Red holds the card and may plan it again."""
    assert g.phase == "planning" and g.s.owner[county(KURSACHSEN)] == RED
    assert county(KURSACHSEN) in {a.b for a in g.legal_actions(RED)}


def _taken_and_won_back(
    edition: str, modules: tuple[str, ...], later: str, outcomes: list[dict[str, int]], between: int
) -> Game:
    """``_won_back``, then the season is played to its end."""
    g = _won_back(edition, modules, later, outcomes, between)
    finish_season(g)
    return g


def _won_back(
    edition: str,
    modules: tuple[str, ...],
    later: str,
    outcomes: list[dict[str, int]],
    between: int,
    pause: bool = False,
) -> Game:
    """Red plans combat B from Lausitz and ``later`` in Kursachsen; Blue attacks Kursachsen with 4
    in combat A (the tower gives ``outcomes``; Kursachsen's owner is then ``between``) and Red
    attacks it with 4 in combat B and takes it; the game stops there. With ``pause`` Blue's
    deploy 1 and move from Tirol comes between combat B and ``later``, and the game stops at
    Blue's move decision, before ``later`` (otherwise nothing may stop it before the season ends)."""
    g = _game(edition, modules, outcomes)
    kursachsen = give(g, RED, KURSACHSEN, 3)
    give(g, RED, "lausitz", 5)
    give(g, BLUE, "anhalt", 5)
    blue = {"combat_a": "anhalt"}
    if pause:
        give(g, BLUE, "tirol", 1)
        give(g, BLUE, "salzburg", 1)  # a county of its own to move to, so the move is a decision
        blue["deploy1_move"] = "tirol"
    between_actions = ("deploy1_move",) if pause else ()
    plan_season(
        g,
        {RED: {"combat_b": "lausitz", later: KURSACHSEN}, BLUE: blue},
        order=("combat_a", "combat_b", *between_actions, later),
    )
    _fight_until_move(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 4))
    _fight_until_move(g, RED)
    assert g.s.owner[kursachsen] == between
    g.apply(RED, Action("move", kursachsen, 4))
    play_until(g, lambda game: game.s.owner[kursachsen] == RED or game.phase != "commit")
    assert g.s.owner[kursachsen] == RED
    if pause:
        play_until(g, lambda game: game.phase == "move" and game.pending() == [BLUE])
        assert not entries(g, "skip")  # ``later`` is still to come
    return g


@pytest.mark.parametrize("edition, modules", KINDS)
@pytest.mark.parametrize("later", LATER)
def test_w22a_conquered_then_won_back_action_stays_lost(edition: str, modules: tuple[str, ...], later: str) -> None:
    """Blue conquers Kursachsen with combat A (3 to 1), Red wins it back with combat B (3 to 1);
    Red's ``later`` action planned in Kursachsen is lost."""
    g = _taken_and_won_back(edition, modules, later, [{"1": 3, "0": 1}, {"0": 3, "1": 1}], BLUE)
    _assert_lost(g, later)
    check(g)
    _next_season_offers_the_card(g)


@pytest.mark.parametrize("edition, modules", KINDS)
@pytest.mark.parametrize("later", LATER)
def test_w22a_laid_waste_then_reconquered_action_stays_lost(edition: str, modules: tuple[str, ...], later: str) -> None:
    """Blue's attack ends in a tie (2 to 2): Kursachsen is laid waste; Red conquers the neutral
    county with combat B; Red's ``later`` action there is lost."""
    g = _taken_and_won_back(edition, modules, later, [{"1": 2, "0": 2}, {"0": 2}], -1)
    _assert_lost(g, later)
    check(g)
    _next_season_offers_the_card(g)


COMBATS = [
    pytest.param("combat_a", "combat_b", id="combat_b-lost"),
    pytest.param("combat_b", "combat_a", id="combat_a-lost"),
]


def _blue_before_red(arrange: Callable[[int], Game], seeds: int = 40) -> Game:
    """``arrange(seed)`` for the first seed whose player order (drawn after planning: bid ties and
    positions in 2012, the leader cards in 2002) puts Blue before Red."""
    for seed in range(seeds):
        g = arrange(seed)
        if g.s.order.index(BLUE) < g.s.order.index(RED):
            return g
    raise AssertionError("no seed puts Blue before Red")


@pytest.mark.parametrize("edition, modules", KINDS)
@pytest.mark.parametrize("fight, later", COMBATS)
@pytest.mark.parametrize(
    "outcomes, between",
    [
        pytest.param([{"1": 3, "0": 1}, {"0": 3, "1": 1}], BLUE, id="conquered"),
        pytest.param([{"1": 2, "0": 2}, {"0": 2}], -1, id="laid-waste"),
    ],
)
def test_w22a_a_combat_planned_in_a_county_won_back_stays_lost(
    edition: str, modules: tuple[str, ...], fight: str, later: str, outcomes: list[dict[str, int]], between: int
) -> None:
    """In the same combat (``fight``) Blue attacks Red's Kursachsen from Anhalt (conquers it 3 to 1,
    or ties 2 to 2 and lays it waste) and Red, later in player order, takes it back from Lausitz;
    Red's other combat (``later``), planned in Kursachsen, is lost."""

    def arrange(seed: int) -> Game:
        options: dict[str, Any] = {"edition": edition, "seed": seed}
        if modules:
            options["modules"] = modules
        g = arranged_game(outcomes=outcomes, planning=True, **options)
        give(g, RED, KURSACHSEN, 3)
        give(g, RED, "lausitz", 5)
        give(g, BLUE, "anhalt", 5)
        plans = {RED: {fight: "lausitz", later: KURSACHSEN}, BLUE: {fight: "anhalt"}}
        plan_season(g, plans, order=(fight, later))
        return g

    g = _blue_before_red(arrange)
    kursachsen = county(KURSACHSEN)
    _fight_until_move(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 4))
    _fight_until_move(g, RED)
    assert g.s.owner[kursachsen] == between and g.s.lost[RED] == 1 << kursachsen
    g.apply(RED, Action("move", kursachsen, 4))
    play_until(g, lambda game: game.s.owner[kursachsen] == RED or game.phase != "commit")
    assert g.s.owner[kursachsen] == RED and g.s.armies[kursachsen] >= 2  # it could march if it were not lost
    finish_season(g)
    _assert_lost(g, later)
    check(g)
    _next_season_offers_the_card(g)


@pytest.mark.parametrize("edition, modules", KINDS)
def test_w22a_a_county_lost_in_a_revolt_and_reconquered_is_recorded_as_lost(
    edition: str, modules: tuple[str, ...]
) -> None:
    """Red collects taxes in Kursachsen (1 army, 1 revolt marker): the income is paid, then the
    peasants win the revolt (1 against 0) and the county is laid waste (W-13); Red conquers it back
    with combat B from Lausitz. Its card left Red's board, which every seat sees, and the tax stays
    collected (it was the action planned there)."""
    g = _game(edition, modules, [{"peasants": 1}, {"0": 3}])
    kursachsen = give(g, RED, KURSACHSEN, 1)
    give(g, RED, "lausitz", 5)
    add_markers(g, KURSACHSEN, 1)
    give(g, BLUE, "tirol", 1)
    give(g, BLUE, "salzburg", 1)  # Blue's deploy 1 and move after combat B: a decision that stops the game there
    plans = {RED: {"tax": KURSACHSEN, "combat_b": "lausitz"}, BLUE: {"deploy1_move": "tirol"}}
    plan_season(g, plans, order=("tax", "combat_b", "deploy1_move"))
    _fight_until_move(g, RED)
    revolt = entries(g, "revolt")
    assert [(r["county"], r["result"]) for r in revolt] == [(KURSACHSEN, "peasants")]
    assert g.s.owner[kursachsen] == -1 and g.s.lost[RED] == 1 << kursachsen
    g.apply(RED, Action("move", kursachsen, 4))
    play_until(g, lambda game: game.phase == "move" and game.pending() == [BLUE])
    assert g.s.owner[kursachsen] == RED
    for seat in (None, *range(g.players)):
        assert g.observe(seat)["lost_cards"] == {str(RED): [KURSACHSEN]}
    taxes = [e for e in entries(g, "action") if e["seat"] == RED and e["action"] == "tax"]
    assert [e["county"] for e in taxes] == [KURSACHSEN] and not entries(g, "skip")
    finish_season(g)
    check(g)
    _next_season_offers_the_card(g)


def test_lost_cards_travel_in_the_state_dict_and_saves_keep_their_form_otherwise() -> None:
    """The lost-card list is part of the state while a card is off its board (clones and state
    dicts carry it), and left out of the dict otherwise, so saves written before W-22a still load."""
    g = _game("2012", (), [{"1": 3, "0": 1}, {"0": 2}])
    kursachsen = give(g, RED, KURSACHSEN, 3)
    give(g, RED, "lausitz", 5)
    give(g, BLUE, "anhalt", 5)
    assert "lost" not in g.s.to_dict()
    plans = {RED: {"tax": KURSACHSEN, "combat_b": "lausitz"}, BLUE: {"combat_a": "anhalt"}}
    plan_season(g, plans, order=("combat_a", "combat_b", "tax"))
    _fight_until_move(g, BLUE)
    g.apply(BLUE, Action("move", kursachsen, 4))
    _fight_until_move(g, RED)  # Red's combat B waits: Kursachsen's card is off Red's board
    assert g.s.lost[RED] == 1 << kursachsen and g.clone().s.lost == g.s.lost
    data = json.loads(json.dumps(g.s.to_dict()))
    assert data["lost"] == [1 << kursachsen, 0, 0, 0]
    assert State.from_dict(data).to_dict() == g.s.to_dict()
    del data["lost"]
    assert State.from_dict(data).lost == [0, 0, 0, 0]
    g.apply(RED, next(a for a in g.legal_actions(RED) if g.s.owner[a.a] == -1))  # into a neutral county
    finish_season(g)
    assert "lost" not in g.s.to_dict()  # a new season: every card is back where it is


@pytest.mark.parametrize("edition, modules", KINDS)
def test_w22a_lost_cards_are_public_and_determinized_worlds_keep_the_action_lost(
    edition: str, modules: tuple[str, ...]
) -> None:
    """After Blue's conquest and Red's reconquest every seat and spectators see which cards left
    which board (Kursachsen left Red's board, then Blue's), and a world a bot rebuilds from any
    seat's observation skips Red's tax planned in Kursachsen as the real game does."""
    g = _won_back(edition, modules, "tax", [{"1": 3, "0": 1}, {"0": 3, "1": 1}], BLUE, pause=True)
    lost = {"0": [KURSACHSEN], "1": [KURSACHSEN]}
    for seat in (None, *range(g.players)):
        assert g.observe(seat)["lost_cards"] == lost
    for seat in range(g.players):
        world = rebuild(g.observe(seat), random.Random(seat), seed=seat)
        assert world.s.lost == g.s.lost
        world.logging = True  # rebuilt worlds do not log; this one must show what it skipped
        finish_season(world)
        assert not [e for e in entries(world, "action") if e["seat"] == RED and e["county"] == KURSACHSEN]
        if seat == RED:  # Red knows its own plan: the tax is there, and skipped
            assert {"e": "skip", "seat": RED, "action": "tax", "county": KURSACHSEN, "why": "county lost"} in entries(
                world, "skip"
            )
    finish_season(g)
    _assert_lost(g, "tax")
    assert g.observe(None)["lost_cards"] == {}  # a new season: every card is back on its board
