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

    def to_json(self) -> dict[str, Any]:
        return {"pick": self.n}


class ToyState:
    def __init__(self) -> None:
        self.chance_n = 0
        self.total = 0
        self.dice: list[int] = []

    def to_dict(self) -> dict[str, object]:
        return {"chance_n": self.chance_n, "total": self.total, "dice": list(self.dice)}


class Toy(RecordedGame[ToyState]):
    """Each pick adds to the total, then a die is rolled (a recorded chance outcome)."""

    SAVE_FORMAT = "toy-game"
    TITLE = "Toy"

    def __init__(self, config: dict[str, Any], replay: deque[tuple[str, Any]] | None = None) -> None:
        self._start_record(config, replay, True)
        self.s = ToyState()
        self._roll()

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

    def apply(self, seat: int, action: Any) -> None:
        pick = action if isinstance(action, Pick) else Pick(int(action["pick"]))
        if not 1 <= pick.n <= 3:
            raise IllegalAction("pick 1 to 3")
        self.record(seat, pick)
        self.s.total += pick.n
        self._roll()


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
