"""Bad input gets a clear error and changes nothing, in every registered game kind: malformed and
illegal decisions at random points of a game, the kind's own bad opening decisions (``bad_decisions``),
wrong seats, impossible options, corrupt saves and histories."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from kinds import Game, GameKind, kind_params, kinds, play_random, played

from tabletop.errors import IllegalAction

JUNK: list[Any] = [None, 42, "{not json", "[1, 2]", '{"type": "teleport"}', {}, {"type": None}, b"\xff\xfe", []]


def _snapshot(g: Game) -> tuple[object, int]:
    """What a refused decision must leave unchanged: the state and the length of the history."""
    return g.s.to_dict(), len(g.history)


def _refused(g: Game, seat: Any, action: Any, before: tuple[object, int], match: str | None = None) -> None:
    with pytest.raises(IllegalAction, match=match) as err:
        g.apply(seat, action)
    assert str(err.value)
    assert _snapshot(g) == before


def _spoiled(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The decision's JSON with one field given a value no decision allows."""
    out: list[dict[str, Any]] = []
    for key in action:
        if key != "type":
            out.extend({**action, key: bad} for bad in (10**9, "no such thing", [None]))
    return out


@pytest.mark.parametrize("kind", kind_params())
def test_malformed_and_illegal_decisions_are_refused_and_change_nothing(kind: GameKind) -> None:
    rng = random.Random(17)
    checked: list[int] = []  # the steps where bad decisions were tried

    def try_bad_decisions(g: Game) -> None:  # at about one step in twenty
        if g.over or rng.random() >= 0.05:
            return
        before = _snapshot(g)
        seat = g.pending()[0]
        legal = g.legal_actions(seat)
        for junk in JUNK:
            _refused(g, seat, junk, before)
        for bad in _spoiled(rng.choice(legal).to_json()):
            _refused(g, seat, bad, before)
        for wrong in (-1, g.players, "0", None, True):
            _refused(g, wrong, legal[0], before, "no seat")
        others = [p for p in range(g.players) if p not in g.pending()]
        if others:
            _refused(g, others[0], legal[0], before, "nothing to decide")
        checked.append(len(g.history))

    play_random(kind.make(2, seed=17), rng, try_bad_decisions)
    assert len(checked) >= 5


def _kinds_bad_decisions() -> list[Any]:
    return [pytest.param(k, a, id=f"{k.name}-{i}") for k in kinds() for i, a in enumerate(k.bad_decisions)]


@pytest.mark.parametrize(("kind", "action"), _kinds_bad_decisions())
def test_each_kinds_own_bad_decisions_are_refused_and_change_nothing(kind: GameKind, action: Any) -> None:
    g = kind.new_game(players=4, seed=1)
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(g.pending()[0], action)
    assert str(err.value) and isinstance(err.value, ValueError)
    assert g.to_json() == before


@pytest.mark.parametrize("kind", kind_params())
@pytest.mark.parametrize("players", [0, 2, 6, "4"])
def test_impossible_player_counts_are_refused(kind: GameKind, players: Any) -> None:
    with pytest.raises(IllegalAction):
        kind.new_game(players=players, seed=1, **kind.case(0)[1])


@pytest.mark.parametrize("kind", kind_params())
def test_corrupt_saves_and_histories_are_refused(kind: GameKind) -> None:
    g = played(kind, 1, seed=30)
    save = json.loads(g.to_json())
    for text in ("{", "[]", "null", json.dumps({"format": "chess-game"}), json.dumps({**save, "version": 99})):
        with pytest.raises(IllegalAction):
            kind.load(text)
    # A save whose state was edited: it no longer matches what its history gives.
    edited = json.loads(json.dumps(save))
    field = next(k for k, v in sorted(edited["state"].items()) if isinstance(v, list) and v and isinstance(v[0], int))
    edited["state"][field][0] += 1
    with pytest.raises(IllegalAction):
        kind.load(json.dumps(edited))
    assert kind.load(json.dumps(save)).to_json() == g.to_json()
    h = json.loads(json.dumps(g.history))
    # A decision that was never legal.
    wrong = json.loads(json.dumps(h))
    act = next(i for i, e in enumerate(wrong) if "action" in e)
    wrong[act]["action"] = {"type": "teleport"}
    with pytest.raises(IllegalAction):
        kind.replay(wrong)
    # An unknown option, another game's history, an outcome left over at the end.
    opts = json.loads(json.dumps(h))
    opts[0]["new_game"]["speed"] = "fast"
    with pytest.raises(IllegalAction, match="unknown option"):
        kind.replay(opts)
    # Another game's history is refused as such (not for an option this game lacks).
    for other in kinds():
        theirs = json.loads(json.dumps(other.make(0, seed=1).history))
        if theirs[0]["new_game"].get("game") != h[0]["new_game"].get("game"):
            with pytest.raises(IllegalAction, match=r"not a \w+ history"):
                kind.replay(theirs)
    last_chance = next(e for e in reversed(h) if "chance" in e)
    with pytest.raises(IllegalAction, match="left over"):
        kind.replay([*h, last_chance])
    # A chance outcome moved among the decisions.
    k = max(i for i, e in enumerate(h) if "chance" in e and i > 3 and "action" in h[i - 1])
    moved = json.loads(json.dumps(h))
    moved[k], moved[k - 1] = moved[k - 1], moved[k]
    with pytest.raises(IllegalAction, match="does not replay"):
        kind.replay(moved)
