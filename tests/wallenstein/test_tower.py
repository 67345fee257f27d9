"""Tower models: scripted outcomes, JSON specs, conservation, and the long-run statistics."""

from __future__ import annotations

import random

import pytest

import wallenstein
from wallenstein.tower import (
    ProbabilisticTower,
    ScriptedTower,
    Tower,
    as_vector,
    default_tower,
    memoryless_tower,
    tower_from_json,
)

RNG = random.Random(0)


# ---------------------------------------------------------------------------- scripted tower
def test_scripted_tower_returns_its_outcomes_in_order() -> None:
    t = ScriptedTower([[1, 0, 2], {"0": 3, "peasants": 1}])
    t.push([0, 0, 0])
    assert t.drop([0, 0, 0], [1, 1, 2], RNG) == [1, 0, 2]
    assert t.drop([0, 1, 0], [3, 0, 1], RNG) == [3, 0, 1]
    assert t.drop([0, 1, 0], [0, 0, 0], RNG) == [0, 0, 0]
    assert t.used == 3


def test_scripted_tower_running_out_of_script_raises() -> None:
    t = ScriptedTower([[0, 0]])
    t.drop([0, 0], [1, 0], RNG)
    with pytest.raises(RuntimeError, match="no outcome left"):
        t.drop([0, 0], [1, 0], RNG)
    with pytest.raises(RuntimeError):
        ScriptedTower().drop([0], [1], RNG)


def test_scripted_tower_json_is_marked_scripted() -> None:
    assert ScriptedTower().to_json() == {"model": "scripted"}


# ---------------------------------------------------------------------------- outcome forms
def test_outcome_as_a_map_fills_missing_colours_with_zero() -> None:
    assert as_vector({"0": 3, "2": 1, "peasants": 2}, 5) == [3, 0, 1, 0, 2]
    assert as_vector({}, 4) == [0, 0, 0, 0]
    assert as_vector({"peasants": 1}, 3) == [0, 0, 1]


def test_outcome_as_a_list_is_taken_as_is() -> None:
    assert as_vector([1, 2, 0, 4], 4) == [1, 2, 0, 4]
    assert as_vector((1, 0), 2) == [1, 0]


@pytest.mark.parametrize("outcome", [[1, 2, 3], [1, 2, 3, 4, 5, 6]])
def test_outcome_list_of_the_wrong_width_is_rejected(outcome: list[int]) -> None:
    with pytest.raises(ValueError, match="needs 5 counts"):
        as_vector(outcome, 5)


@pytest.mark.parametrize("key", ["4", "7", "-1"])
def test_outcome_map_with_an_unknown_colour_is_rejected(key: str) -> None:
    with pytest.raises(ValueError, match="no colour"):
        as_vector({key: 1}, 4)  # colours 0..2 and the peasants (index 3)


# ---------------------------------------------------------------------------- probabilities
@pytest.mark.parametrize(("pd", "pi"), [(1.5, 0.3), (-0.1, 0.3), (0.6, 1.01), (0.6, -1e-9)])
def test_impossible_probabilities_are_rejected(pd: float, pi: float) -> None:
    with pytest.raises(wallenstein.IllegalAction, match=r"\[0, 1\]"):
        ProbabilisticTower(pd, pi)
    with pytest.raises(wallenstein.IllegalAction):
        tower_from_json({"model": "probabilistic", "p_drop": pd, "p_inside": pi})


def test_edge_probabilities_are_allowed_and_behave() -> None:
    rng = random.Random(1)
    assert ProbabilisticTower(1.0, 0.0).drop([5, 2], [3, 4], rng) == [3, 4]  # all dropped out, none inside
    assert ProbabilisticTower(0.0, 1.0).drop([5, 2], [3, 4], rng) == [5, 2]  # the inside empties, drops stay
    assert ProbabilisticTower(0.0, 0.0).drop([5, 2], [3, 4], rng) == [0, 0]


def test_defaults() -> None:
    t = default_tower()
    assert t.p_drop == pytest.approx(2 / 3) and t.p_inside == pytest.approx(1 / 3)
    m = memoryless_tower()
    assert m.p_drop == pytest.approx(2 / 3) and m.p_inside == 0.0
    assert memoryless_tower(0.5).p_drop == 0.5


def test_impossible_outcome_is_rejected_by_tower_drop() -> None:
    t = Tower(3, ScriptedTower([[2, 0, 0]]))
    with pytest.raises(ValueError, match="impossible"):
        t.drop([1, 0, 0])  # two cubes cannot come out of a tower holding one
    assert t.inside == [0, 0, 0]
    t = Tower(2, ScriptedTower([[-1, 0]]))
    with pytest.raises(ValueError, match="impossible"):
        t.drop([1, 0])


# ---------------------------------------------------------------------------- JSON specs
@pytest.mark.parametrize(
    "model",
    [
        default_tower(),
        ProbabilisticTower(0.6, 0.25),
        ProbabilisticTower(1.0, 0.0),
        memoryless_tower(),
        memoryless_tower(0.5),
    ],
)
def test_tower_from_json_round_trip(model: ProbabilisticTower) -> None:
    spec = model.to_json()
    rebuilt = tower_from_json(spec)
    assert isinstance(rebuilt, ProbabilisticTower)
    assert rebuilt.to_json() == spec
    assert (rebuilt.p_drop, rebuilt.p_inside) == (model.p_drop, model.p_inside)


def test_tower_from_json_specs() -> None:
    assert tower_from_json(None).to_json() == default_tower().to_json()
    assert tower_from_json({}).to_json() == default_tower().to_json()
    assert tower_from_json({"model": "memoryless"}).to_json() == memoryless_tower().to_json()
    spec = tower_from_json({"model": "memoryless", "p_drop": 0.5}).to_json()
    assert spec == {"model": "probabilistic", "p_drop": 0.5, "p_inside": 0.0}
    assert tower_from_json({"p_inside": 0.2}).to_json()["p_inside"] == 0.2


@pytest.mark.parametrize(
    "spec",
    [{"model": "marble_run"}, {"model": "scripted"}, {"model": None}, {"model": "probabilistic", "p_drp": 0.5}],
)
def test_tower_from_json_rejects_unknown_models_and_options(spec: dict[str, object]) -> None:
    with pytest.raises(wallenstein.IllegalAction, match="unknown tower"):
        tower_from_json(spec)


@pytest.mark.parametrize("spec", [[0.6, 0.3], "probabilistic", 3])
def test_tower_from_json_rejects_non_objects(spec: object) -> None:
    with pytest.raises(wallenstein.IllegalAction, match="must be an object"):
        tower_from_json(spec)  # type: ignore[arg-type]


def test_new_game_takes_a_model_or_a_spec() -> None:
    g = wallenstein.new_game(players=4, seed=3, tower={"model": "probabilistic", "p_drop": 0.6, "p_inside": 0.25})
    assert g.config["tower"] == {"model": "probabilistic", "p_drop": 0.6, "p_inside": 0.25}
    g = wallenstein.new_game(players=4, seed=3, tower={"model": "memoryless"})
    assert g.config["tower"]["p_inside"] == 0.0
    g = wallenstein.new_game(players=3, seed=3, tower=ProbabilisticTower(0.5, 0.5))
    assert g.config["tower"] == {"model": "probabilistic", "p_drop": 0.5, "p_inside": 0.5}
    assert wallenstein.new_game(players=4, seed=3).config["tower"] == default_tower().to_json()
    with pytest.raises(wallenstein.IllegalAction, match="unknown tower model"):
        wallenstein.new_game(players=4, seed=3, tower={"model": "marble_run"})
    with pytest.raises(wallenstein.IllegalAction):
        wallenstein.new_game(players=4, seed=3, tower={"model": "probabilistic", "p_drop": 2})


# ---------------------------------------------------------------------------- conservation
@pytest.mark.parametrize("model", [default_tower(), memoryless_tower(), ProbabilisticTower(0.3, 0.9)])
def test_tower_drop_conserves_cubes(model: ProbabilisticTower) -> None:
    t = Tower(5, model, seed=11)
    rng = random.Random(12)
    for _ in range(500):
        before = t.inside[:]
        cubes = [rng.randint(0, 4) for _ in range(5)]
        out = t.drop(cubes)
        for c in range(5):
            assert 0 <= out[c] <= before[c] + cubes[c]
            assert t.inside[c] + out[c] == before[c] + cubes[c]


def test_tower_is_deterministic_for_a_seed() -> None:
    def run(seed: int) -> list[list[int]]:
        t = Tower(3, seed=seed)
        return [t.drop([3, 2, 1]) for _ in range(20)]

    assert run(5) == run(5)
    assert run(5) != run(6)


# ---------------------------------------------------------------------------- statistics
@pytest.mark.parametrize("n", [3, 8])
def test_default_model_long_run(n: int) -> None:
    """Out per throw tends to 1 and the content to n (1 - 2/3) / (1/3) = n (fixed seed, generous tolerance)."""
    t = Tower(1, seed=100 + n)
    for _ in range(100):  # burn-in
        t.drop([n])
    drops = 10_000
    out = inside = 0
    for _ in range(drops):
        out += t.drop([n])[0]
        inside += t.inside[0]
    assert out / (drops * n) == pytest.approx(1.0, abs=0.03)
    assert inside / drops == pytest.approx(n, rel=0.08)


def test_default_model_first_drop_returns_two_thirds() -> None:
    n, reps = 10, 3_000
    total = sum(Tower(1, seed=s).drop([n])[0] for s in range(reps))
    assert total / (n * reps) == pytest.approx(2 / 3, abs=0.02)


def test_memoryless_model_never_lets_inside_cubes_out() -> None:
    t = Tower(3, memoryless_tower(), seed=7)
    rng = random.Random(8)
    out_total = thrown = 0
    for _ in range(2_000):
        before = t.inside[:]
        cubes = [rng.randint(0, 5) for _ in range(3)]
        out = t.drop(cubes)
        assert all(o <= d for o, d in zip(out, cubes, strict=True))  # only this drop's cubes can come out
        assert all(after >= b for after, b in zip(t.inside, before, strict=True))  # the content never shrinks
        out_total += sum(out)
        thrown += sum(cubes)
    assert out_total / thrown == pytest.approx(2 / 3, abs=0.02)
    # a full tower gives nothing back when nothing is dropped
    assert t.drop([0, 0, 0]) == [0, 0, 0]
    assert sum(t.inside) == thrown - out_total
