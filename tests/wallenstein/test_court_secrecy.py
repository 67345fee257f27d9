"""Emperor's Court secrets: a court board is seen only by its owner until the court step reveals
it; the favour deck shows only its size. And bad court input changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from court_scenario import COURT, court, red_at_the_audience
from twin_games import apply_both, take_positions, views

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import AUCTION_BOX, N_BOXES, TOWER


def _two_court_boards(g: wallenstein.Game, seat: int) -> tuple[Action, Action]:
    """Two legal whole plans for ``seat`` that differ only on the court boxes."""
    trial = g.clone()
    trial.apply(seat, Action("plan_card", AUCTION_BOX, TOWER))
    while trial.plan_size - 3 > trial.s.plan_fill[seat]:
        trial.apply(seat, next(a for a in trial.legal_actions(seat) if a.b != TOWER))
    main = tuple(trial.s.plans[seat * N_BOXES : (seat + 1) * N_BOXES])
    options = [a.b for a in trial.legal_actions(seat)]
    first = Action("plan", cards=(*main, options[0], TOWER, TOWER))
    second = Action("plan", cards=(*main, TOWER, options[0], TOWER))
    return first, second


def test_court_boards_are_secret_until_the_court_step_reveals_them() -> None:
    for seed in range(4):
        base = wallenstein.new_game(4, seed=seed, modules=COURT)
        plan_a, plan_b = _two_court_boards(base, 0)
        a, b = base.clone(), base.clone()
        a.apply(0, plan_a)
        b.apply(0, plan_b)
        assert views(a, 0) == views(b, 0) and a.log == b.log
        assert a.observe(0) != b.observe(0)  # the owner sees its own board
        rng = random.Random(seed)
        for seat in (1, 2, 3):
            while seat in a.pending():
                apply_both(a, b, seat, rng.choice(a.legal_actions(seat)))
                assert views(a, 0) == views(b, 0)

        def alike() -> None:
            assert views(a, 0) == views(b, 0) and a.log == b.log

        take_positions(a, b, alike)
        # The court step has run: now everyone sees the board.
        assert a.observe(1)["court"]["boards"]["0"] != b.observe(1)["court"]["boards"]["0"]


def test_the_favour_deck_is_not_observable() -> None:
    """The undrawn favour cards have no order (each round draws at random from them, R-29) and the
    observation gives only their number."""
    g = wallenstein.new_game(4, seed=7, modules=COURT)
    deck = court(g).deck
    assert deck == sorted(deck) and len(deck) == 18
    view = g.observe(None)["court"]
    assert view["deck_left"] == 18 and "deck" not in view
    assert set(view) == {
        "courtiers",
        "display",
        "deck_left",
        "gone",
        "keeps_favour_4",
        "protected",
        "boards",
        "audience_queue",
        "choosing_for",
    }
    # A different draw of the undrawn cards for summer cannot be told apart in spring.
    h = json.loads(json.dumps(g.history))
    other = wallenstein.replay(h)
    other.s.court.deck = list(reversed(deck))  # type: ignore[union-attr]
    assert other.observe(None) == g.observe(None)


def test_court_view_during_the_audience_shows_the_queue_and_the_choice() -> None:
    g = red_at_the_audience(12, 8, 2)
    view = g.observe(None)["court"]
    assert g.observe(None)["phase"] == "court" and view["audience_queue"][0] == 0
    assert view["courtiers"]["0"] == {"supply": 3, "hall": 0, "audience": 4}
    g.apply(0, Action("favour", 12))
    assert g.observe(2)["court"]["choosing_for"] == 12
    assert g.observe(None)["action_cards"][:5] == g.observe(0)["action_cards"][:5] != []


# ---------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "action",
    [
        {"type": "favour", "card": 5},  # not displayed
        {"type": "favour", "card": 12},  # needs 4 courtiers, seat 0 has 3
        {"type": "favour", "card": 0},
        {"type": "favour", "card": "8"},
        {"type": "favour_county", "county": "anhalt"},  # no favour asks for a county now
        {"type": "favour_event", "remove": "yes"},
        {"type": "favour_pass", "card": 8},
        {"type": "plan_card", "box": "convert3", "card": "tower"},  # not planning now
        "{broken",
    ],
)
def test_bad_court_decisions_are_rejected_and_change_nothing(action: object) -> None:
    g = red_at_the_audience(12, 8, 2, hall=3, supply=4, anhalt=False)
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, action)  # type: ignore[arg-type]
    assert str(err.value)
    assert g.to_json() == before
    with pytest.raises(IllegalAction, match="nothing to decide"):
        g.apply(1, Action("favour_pass"))


@pytest.mark.parametrize(
    "plan",
    [
        '{"type": "plan", "boxes": {}, "bid": "money:0", "court": {"convert4": null}}',
        '{"type": "plan", "boxes": {}, "bid": "money:0", "court": ["tower"]}',
        '{"type": "plan", "boxes": {}, "bid": "money:0", "court": {"convert3": "atlantis"}}',
        '{"type": "plan_card", "box": "convert3", "card": "tower"}',  # the bid comes first
        '{"type": "plan_card", "box": "bid", "card": "tower:2"}',
    ],
)
def test_bad_court_plans_are_rejected(plan: str) -> None:
    g = wallenstein.new_game(4, seed=1, modules=COURT)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(0, plan)
    assert g.to_json() == before


def test_court_module_options() -> None:
    with pytest.raises(IllegalAction, match="listed twice"):
        wallenstein.new_game(4, modules=("emperors_court", "emperors_court"))
    with pytest.raises(IllegalAction, match="unknown module"):
        wallenstein.new_game(4, modules=("emperor",))
    for players in (3, 4, 5):
        for setup in ("lineup", "draft"):
            g = wallenstein.new_game(players, seed=1, setup=setup, modules=COURT)
            assert g.modules == frozenset(COURT) and g.s.court is not None
