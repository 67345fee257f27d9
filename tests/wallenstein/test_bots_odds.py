"""Battle odds (wallenstein.bots.odds) against direct simulation with the engine's own battle code."""

from __future__ import annotations

from collections import Counter

import pytest
from scenario import add_markers, arranged_game, county, give, set_event, to_tray

from wallenstein import Game
from wallenstein.battle import attack, revolt
from wallenstein.bots.odds import attack_odds, battle_odds, keep_odds, revolt_odds
from wallenstein.tower import ProbabilisticTower, memoryless_tower

SAMPLES = 3000
TOL = 0.035  # about four standard errors at 3,000 samples


def _position(defended: bool, markers: int = 0, tray: tuple[int, int, int] = (0, 0, 0)) -> Game:
    """Seat 0 in Anhalt (6 armies) next to Kursachsen: seat 1's (3 armies) or neutral."""
    g = arranged_game(players=4)
    g.tower = ProbabilisticTower()
    give(g, 0, "anhalt", 6)
    if defended:
        give(g, 1, "kursachsen", 3)
    if markers:
        add_markers(g, "kursachsen", markers)
    for colour, n in zip((0, 1, 4), tray, strict=True):
        if n:
            to_tray(g, colour, n)
    return g


def _simulate_attack(g: Game, n: int) -> dict[str, float]:
    results: Counter[str] = Counter()
    for k in range(SAMPLES):
        trial = g.clone()
        trial.seed = 1000 + k  # a different chance stream per trial
        results[attack(trial, 0, county("anhalt"), county("kursachsen"), n)] += 1
    return {r: results[r] / SAMPLES for r in ("attacker", "tie", "defender")}


@pytest.mark.parametrize(
    ("defended", "markers", "tray", "n"),
    [
        (True, 0, (0, 0, 0), 5),  # peasants inside the tower ally with the defender (W-19)
        (True, 1, (0, 0, 0), 5),  # a revolt marker: the peasants fight for nobody
        (True, 0, (2, 1, 2), 3),  # the tray drops too, every colour counting for its side
        (False, 0, (0, 0, 0), 3),  # a neutral county: win or tie only (W-20)
        (False, 0, (1, 0, 3), 2),
    ],
)
def test_attack_odds_match_the_engine(defended: bool, markers: int, tray: tuple[int, int, int], n: int) -> None:
    g = _position(defended, markers, tray)
    odds = attack_odds(g, 0, county("anhalt"), county("kursachsen"), n)
    seen = _simulate_attack(g, n)
    assert odds.win + odds.tie + odds.loss == pytest.approx(1.0)
    assert odds.win == pytest.approx(seen["attacker"], abs=TOL)
    assert odds.tie == pytest.approx(seen["tie"], abs=TOL)
    assert odds.loss == pytest.approx(seen["defender"], abs=TOL)
    if not defended:
        assert odds.loss == 0.0


def test_events_and_tiles_enter_the_odds() -> None:
    g = _position(True)
    base = attack_odds(g, 0, county("anhalt"), county("kursachsen"), 4)
    set_event(g, "angry_peasants")  # only changes neutral battles
    assert attack_odds(g, 0, county("anhalt"), county("kursachsen"), 4) == base
    neutral = _position(False)
    calm = attack_odds(neutral, 0, county("anhalt"), county("kursachsen"), 2)
    set_event(neutral, "angry_peasants")
    angry = attack_odds(neutral, 0, county("anhalt"), county("kursachsen"), 2)
    assert angry.win < calm.win
    seen = _simulate_attack(neutral, 2)
    assert angry.win == pytest.approx(seen["attacker"], abs=TOL)


def test_revolt_odds_match_the_engine() -> None:
    g = _position(True, markers=2)
    g.s.owner[county("kursachsen")] = 1
    kept = 0
    for k in range(SAMPLES):
        trial = g.clone()
        trial.seed = 5000 + k
        kept += revolt(trial, county("kursachsen"), extra_peasants=1)
    assert keep_odds(g, county("kursachsen"), extra_peasants=1) == pytest.approx(kept / SAMPLES, abs=TOL)


def test_more_attackers_never_hurt() -> None:
    inside = (7, 7, 10)
    wins = [battle_odds(n, 4, 0, (0, 0, 0), inside).win for n in range(1, 15)]
    assert wins == sorted(wins)
    assert wins[-1] > 0.5 > wins[0]


def test_monte_carlo_agrees_with_the_exact_odds() -> None:
    class Opaque:
        """The memoryless model behind an interface the exact code does not know."""

        def __init__(self) -> None:
            self.model = memoryless_tower()

        def drop(self, inside, dropped, rng):  # type: ignore[no-untyped-def]
            return self.model.drop(inside, dropped, rng)

        def to_json(self) -> dict[str, str]:
            return {"model": "opaque"}

    exact = battle_odds(5, 3, 1, (1, 0, 1), (4, 4, 6), tower=memoryless_tower())
    mc = battle_odds(5, 3, 1, (1, 0, 1), (4, 4, 6), tower=Opaque(), samples=6000, seed=3)
    for a, b in zip(exact, mc, strict=True):
        assert a == pytest.approx(b, abs=0.03)


def test_a_revolt_is_never_a_tie() -> None:
    o = revolt_odds(3, 3, (0, 0), (5, 5))
    assert o.tie == 0.0 and o.win + o.loss == pytest.approx(1.0)
    assert revolt_odds(0, 1, (0, 0), (0, 0)).win == 0.0  # no armies: the county falls
