"""Bad input in the Landsknechte and Military Leaders decisions: a clear IllegalAction, nothing changed."""

from __future__ import annotations

import json
import random

import pytest
from lkml_scenario import BOTH, LK, ML, drive_to

import wallenstein
from wallenstein import Action, IllegalAction
from wallenstein.board import BOARD


def _at(
    phase: str, modules: tuple[str, ...] = BOTH, seed: int = 20, printed: dict[str, object] | None = None
) -> wallenstein.Game:
    """A game in ``phase``: random play from the first seed (``seed``, ``seed`` + 1, ...) that gets there."""
    for tried in range(seed, seed + 30):
        g = wallenstein.new_game(players=4, seed=tried, modules=modules, printed=printed)
        rng = random.Random(3)
        while not g.over and g.phase != phase:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        if not g.over:
            return g
    raise AssertionError(f"no game reached {phase!r}")


def _rejected(g: wallenstein.Game, seat: object, action: object, match: str = "") -> None:
    before = g.to_json()
    with pytest.raises(IllegalAction, match=match) as err:
        g.apply(seat, action)  # type: ignore[arg-type]
    assert str(err.value)
    assert g.to_json() == before


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ('{"type": "landsknechte"}', "takes fields"),
        ('{"type": "landsknechte", "benefit": "gold"}', "unknown Landsknechte benefit"),
        ('{"type": "landsknechte", "benefit": 3}', "unknown Landsknechte benefit"),
        ('{"type": "landsknechte", "benefit": "vp", "extra": 1}', "takes fields"),
        ('{"type": "leader_place", "county": "atlantis"}', "unknown county"),
        ('{"type": "leader_move"}', "takes fields"),
        ('{"type": "leader_draft", "place": "yes"}', "true or false"),
        ('{"type": "leader_draft", "place": 1}', "true or false"),
        ('{"type": "leader_place", "county": "mark"}', "not a decision of the landsknechte phase"),
    ],
)
def test_malformed_or_wrong_phase_decisions_in_the_landsknechte_phase(action: str, match: str) -> None:
    g = _at("landsknechte")
    _rejected(g, g.pending()[0], action, match)


def test_a_benefit_the_card_does_not_show_is_refused() -> None:
    g = _at("landsknechte", LK, printed={"landsknechte": [{"vp": 1, "grain": 1}, {"vp": 2}, {"vp": 3}]})
    _rejected(g, g.pending()[0], {"type": "landsknechte", "benefit": "thalers"}, "not allowed now")


def test_leader_placed_in_a_county_of_another_player_is_refused() -> None:
    g = _at("leader_place", ML)
    seat = g.pending()[0]
    other = next(c for c, o in enumerate(g.s.owner) if o not in (seat, -1, -2))
    _rejected(g, seat, {"type": "leader_place", "county": BOARD.keys[other]}, "not allowed now")
    neutral = g.s.owner.index(-1)
    _rejected(g, seat, Action("leader_place", neutral), "not allowed now")


def test_leader_move_to_its_own_county_or_abroad_is_refused() -> None:
    g = _at("leader_move", ML, seed=5)
    seat = g.pending()[0]
    here = g.s.mods.leader[seat]
    _rejected(g, seat, {"type": "leader_move", "county": BOARD.keys[here]}, "not allowed now")
    foreign = next(c for c, o in enumerate(g.s.owner) if o >= 0 and o != seat)
    _rejected(g, seat, Action("leader_move", foreign), "not allowed now")
    _rejected(g, seat, {"type": "leader_place", "county": BOARD.keys[here]}, "not a decision of the leader_move")


def test_out_of_turn_and_wrong_seat_in_module_phases() -> None:
    for phase in ("landsknechte", "leader_place", "leader_move"):
        g = _at(phase, seed=20)
        waiting = g.pending()
        assert len(waiting) == 1
        other = next(s for s in range(4) if s not in waiting)
        _rejected(g, other, g.legal_actions(waiting[0])[0], "nothing to decide")
        for seat in (-1, 4, None, "1"):
            _rejected(g, seat, g.legal_actions(waiting[0])[0], "no seat")


def test_leader_draft_decisions_only_in_the_leader_draft() -> None:
    g = wallenstein.new_game(players=3, seed=4, setup="draft", modules=ML)
    _rejected(g, 0, {"type": "leader_draft", "place": True}, "not a decision of the draft_pick")
    drive_to(g, "leader_draft")
    _rejected(g, g.pending()[0], {"type": "draft_deck"}, "not a decision of the leader_draft")


def test_module_decisions_refused_in_a_basic_game_and_unknown_modules() -> None:
    g = wallenstein.new_game(players=4, seed=1)
    _rejected(g, 0, {"type": "landsknechte", "benefit": "vp"}, "not a decision of the planning")
    with pytest.raises(IllegalAction, match="unknown module"):
        wallenstein.new_game(players=4, modules=["landsknecht"])
    with pytest.raises(IllegalAction, match="listed twice"):
        wallenstein.new_game(players=4, modules=["landsknechte", "landsknechte"])
    with pytest.raises(IllegalAction, match="list of module names"):
        wallenstein.new_game(players=4, modules="landsknechte")


def test_corrupt_module_save_is_refused() -> None:
    g = _at("leader_move", ML, seed=5)
    text = g.to_json()
    data = json.loads(text)
    data["state"]["mods"]["statue_supply"][0] += 1
    with pytest.raises(IllegalAction, match="corrupt"):
        wallenstein.Game.from_json(json.dumps(data))
