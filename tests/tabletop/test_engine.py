"""tabletop.engine on a toy game: recorded chance, history, replay, saves, corruption checks."""

from __future__ import annotations

import json
from collections import deque
from typing import Any, NamedTuple

import pytest

from tabletop.engine import RecordedGame
from tabletop.errors import IllegalAction


class Pick(NamedTuple):
    n: int
    kind: str = "pick"

    def to_json(self) -> dict[str, Any]:
        return {"pick": self.n}

    @classmethod
    def from_json(cls, data: Any) -> Pick:
        if not isinstance(data, dict) or set(data) != {"pick"} or type(data["pick"]) is not int:
            raise IllegalAction(f"a pick is {{'pick': n}}, not {data!r}")
        return cls(data["pick"])


PLAY, OVER = 0, 1


class ToyState:
    def __init__(self) -> None:
        self.players = 1
        self.phase = PLAY
        self.chance_n = 0
        self.total = 0
        self.dice: list[int] = []

    def clone(self) -> ToyState:
        c = ToyState()
        c.phase, c.chance_n, c.total, c.dice = self.phase, self.chance_n, self.total, list(self.dice)
        return c

    def to_dict(self) -> dict[str, object]:
        return {"phase": self.phase, "chance_n": self.chance_n, "total": self.total, "dice": list(self.dice)}


class Toy(RecordedGame[ToyState, Pick]):
    """Each pick (1 to 3) adds to the total, then a die is rolled (a recorded chance outcome); the
    game ends when the total reaches 10. A total of 9 leaves one pick, which the engine takes."""

    SAVE_FORMAT = "toy-game"
    TITLE = "Toy"
    ACTION = Pick
    PHASES = ("play", "over")
    OVER = OVER

    def __init__(self, config: dict[str, Any], replay: deque[tuple[str, Any]] | None = None) -> None:
        self._start_record(config, replay, True)
        self.s = ToyState()
        self._roll()
        self._settle()

    @classmethod
    def _build(cls, options: dict[str, Any], replay: deque[tuple[str, Any]], log: bool) -> Toy:
        if not isinstance(options.get("seed"), int):
            raise IllegalAction("seed must be an integer")
        return cls({"seed": options["seed"]}, replay)

    def _roll(self) -> None:
        die = self.draw("die", lambda rng: rng.randint(1, 6))
        if not 1 <= die <= 6:
            raise self.corrupt(f"a die shows {die}")
        self.s.dice.append(die)
        self.emit("roll", die=die)

    def pending(self) -> list[int]:
        return [] if self.over else [0]

    def _sole_seat(self) -> int:
        return -1 if self.over else 0

    def _compute_legal(self, seat: int) -> list[Pick]:
        return [Pick(n) for n in range(1, min(3, 10 - self.s.total) + 1)]

    def _do(self, seat: int, action: Pick) -> None:
        self.s.total += action.n
        self._roll()
        if self.s.total >= 10:
            self.s.phase = OVER


def _played() -> Toy:
    g = Toy({"seed": 5})
    for n in (1, 3, 2):
        g.apply(0, Pick(n))
    return g


def test_history_replays_and_saves_restore() -> None:
    g = _played()
    h = g.history
    assert h[0] == {"new_game": {"seed": 5}} and [e.get("chance") for e in h[1::2]] == ["die"] * 4
    r = Toy.from_history(json.loads(json.dumps(h)))
    assert r.s.to_dict() == g.s.to_dict() and r.log == g.log
    assert Toy.from_json(g.to_json()).to_json() == g.to_json()
    assert g.s.dice == Toy({"seed": 5}).s.dice[:1] + g.s.dice[1:]  # same seed, same first roll


def test_corrupt_histories_and_saves_are_rejected() -> None:
    g = _played()
    h = g.history
    bad = json.loads(json.dumps(h))
    bad[1]["outcome"] = 9
    with pytest.raises(IllegalAction, match="a die shows 9"):
        Toy.from_history(bad)
    moved = json.loads(json.dumps(h))
    moved[2], moved[3] = moved[3], moved[2]  # a roll recorded before the decision that caused it
    with pytest.raises(IllegalAction, match="chance outcome"):
        Toy.from_history(moved)
    with pytest.raises(IllegalAction, match="left over"):
        Toy.from_history([*h, {"chance": "die", "outcome": 1}])
    with pytest.raises(IllegalAction, match="neither"):
        Toy.from_history([*h, {"oops": 1}])
    with pytest.raises(IllegalAction, match="history options"):
        Toy.from_history([{"new_game": {"seed": "x"}}])
    save = json.loads(g.to_json())
    save["state"]["total"] = 99
    with pytest.raises(IllegalAction, match="corrupt"):
        Toy.from_json(json.dumps(save))
    with pytest.raises(IllegalAction, match="not a Toy save"):
        Toy.from_json(json.dumps({"format": "other"}))


def test_the_base_checks_seats_and_actions_and_changes_nothing_when_it_refuses() -> None:
    g = _played()
    before = g.to_json()
    for seat in (1, -1, True, "0"):
        with pytest.raises(IllegalAction, match="no seat"):
            g.apply(seat, Pick(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not allowed now; legal: Pick") as refused:
        g.apply(0, Pick(4))
    assert refused.value.code == "not_allowed"
    with pytest.raises(IllegalAction, match="a pick is"):
        g.apply(0, {"take": 1})
    assert g.to_json() == before
    g.apply(0, {"pick": 2})  # JSON data is parsed by the game's ACTION
    assert g.s.total == 8 and g.history[-2] == {"seat": 0, "action": {"pick": 2}}


def test_a_single_option_is_taken_by_the_engine_and_not_recorded() -> None:
    g = Toy({"seed": 5})
    for n in (3, 3, 3):
        g.apply(0, Pick(n))
    # At 9 the only pick is 1: the engine takes it (one more roll), the history holds 3 decisions.
    assert g.over and g.s.total == 10 and len(g.s.dice) == 5
    assert [e["action"] for e in g.history if "action" in e] == [{"pick": 3}] * 3
    assert Toy.from_history(g.history).to_json() == g.to_json()
    with pytest.raises(IllegalAction, match="the game is over") as refused:
        g.apply(0, Pick(1))
    assert refused.value.code == "game_over" and g.legal_actions(0) == []


def test_clone_is_independent_and_arrange_goes_on_from_a_hand_made_position() -> None:
    g = _played()
    c = g.clone()
    c.apply(0, Pick(3))
    assert (g.s.total, len(g.s.dice), len(g.history)) == (6, 4, 8)
    # 9, then the forced 1: one decision recorded, two rolls
    assert (c.s.total, len(c.s.dice), len(c.history)) == (10, 6, 8 + 1 + 2)
    assert g.legal_actions(0) == [Pick(1), Pick(2), Pick(3)]
    g.s.total = 9  # a position set up by hand: cached legal actions are stale until arranged
    g.arrange()
    assert g.over and g.s.total == 10
    with pytest.raises(ValueError, match="no point 'dawn'"):
        g.arrange("dawn")
