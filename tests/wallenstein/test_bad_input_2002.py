"""2002 bad input: a clear IllegalAction and nothing changed."""

from __future__ import annotations

import random

import pytest

import wallenstein
from wallenstein import IllegalAction


def _game() -> wallenstein.Game:
    return wallenstein.new_game(players=4, seed=1, edition="2002")


@pytest.mark.parametrize(
    "action",
    [
        '{"type": "plan_card", "box": "bid", "card": "blank"}',  # no bid in 2002
        '{"type": "plan_card", "box": "palace", "card": "money:2"}',  # no money cards in 2002
        '{"type": "plan_card", "box": "church", "card": "blank"}',  # boxes in mat order: palace first
        '{"type": "plan_card", "box": "palace", "card": "blanc"}',
        '{"type": "position", "position": 1}',  # no positions in 2002
        '{"type": "commit", "armies": 1}',  # nothing to defend
        '{"type": "commit", "armies": -1}',
        '{"type": "commit"}',
        '{"type": "move_only", "to": "anhalt"}',
        '{"type": "plan", "boxes": {}, "bid": null}',
    ],
)
def test_bad_2002_actions_are_rejected_and_change_nothing(action: str) -> None:
    g = _game()
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, action)
    assert str(err.value)
    assert g.to_json() == before


def test_blank_cards_run_out_with_a_clear_message() -> None:
    g = _game()
    blank = {"type": "plan_card", "box": "palace", "card": "blank"}
    names = ["palace", "church", "trading_post", "grain", "tax", "deploy5"]
    for name in names[:5]:
        g.apply(0, {**blank, "box": name})
    before = g.to_json()
    with pytest.raises(IllegalAction, match="blank cards are planned"):
        g.apply(0, {**blank, "box": "deploy5"})
    assert g.to_json() == before


def test_wrong_commitments_and_wrong_seats_in_a_fight() -> None:
    rng = random.Random(2)
    g = wallenstein.new_game(4, seed=3, edition="2002")
    while g.phase != "commit":
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    defender = g.pending()[0]
    too_many = len(g.legal_actions(defender))
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(defender, {"type": "commit", "armies": too_many})
    with pytest.raises(IllegalAction, match="nothing to decide"):
        g.apply((defender + 1) % 4, {"type": "commit", "armies": 0})
    with pytest.raises(IllegalAction):
        g.apply(defender, {"type": "move", "to": "anhalt", "armies": 1})
    assert g.to_json() == before


@pytest.mark.parametrize(
    "options",
    [
        {"edition": "2002", "modules": ["emperors_court"]},
        {"edition": "2002", "printed": {"events_2002": {"winter_loss": "x", "regions": {}}}},
        {"edition": "2002", "printed": {"events_2002": None}},
        {"edition": "2003"},
    ],
)
def test_bad_2002_options(options: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        wallenstein.new_game(4, seed=1, **options)  # type: ignore[arg-type]


def test_corrupt_2002_history_is_rejected() -> None:
    g = _game()
    h = g.history
    bad = [dict(e) for e in h]
    i = next(k for k, e in enumerate(bad) if e.get("chance") == "leader_order")
    bad[i] = {"chance": "leader_order", "outcome": [0, 0, 1, 2]}
    with pytest.raises(IllegalAction, match="leader order"):
        wallenstein.replay(bad)
