"""The shared ISMCTS (tabletop.ismcts) on toy games whose best decisions are known."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any

import pytest

from tabletop.ismcts import Settings, search
from tabletop.search_params import TREE_SETTINGS, TreeParams


@dataclass
class Toy:
    """Seat 0 picks ``L`` or ``R``; after ``L`` seat 1 picks one of ``l1``..``l4``; then it is over."""

    moves: list[tuple[int, str]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return len(self.moves) == 2 or (len(self.moves) == 1 and self.moves[0][1] == "R")


class TrapParts:
    """After ``L`` seat 1 has one reply (``l1``) that beats seat 0, three that lose: random
    roll-outs make ``L`` look good (+0.5 on average), a seat-1 tree finds the trap (-1 < 0.2)."""

    def __init__(self, secret: bool = False) -> None:
        self.secret = secret  # seat 0's choice hidden from seat 1

    def players(self, g: Toy) -> int:
        return 2

    def world(self, rng: random.Random, index: int) -> Toy:
        return Toy()

    def actor(self, g: Toy) -> int | None:
        return None if g.over else len(g.moves)

    def candidates(self, g: Toy, seat: int, rng: random.Random) -> list[str]:
        return ["L", "R"] if seat == 0 else ["l2", "l3", "l4", "l1"]

    def available(self, g: Toy, seat: int, action: str) -> bool:
        return True

    def apply(self, g: Toy, seat: int, action: str) -> None:
        g.moves.append((seat, action))

    def public(self, g: Toy, seat: int, action: str) -> bool:
        return not self.secret

    def rollout(self, g: Toy, rng: random.Random) -> None:
        while (p := self.actor(g)) is not None:
            self.apply(g, p, rng.choice(self.candidates(g, p, rng)))

    def scores(self, g: Toy) -> list[float]:
        first = g.moves[0][1]
        if first == "R":
            return [0.2, -0.2]
        return [-1.0, 1.0] if g.moves[1][1] == "l1" else [1.0, -1.0]


def test_the_opponent_tree_finds_the_trap_that_random_rollouts_miss() -> None:
    result = search(TrapParts(), 0, random.Random(1), Settings(iterations=600, exploration=0.7))
    assert result.action == "R"
    # The flat average of random replies would have preferred L: the tree made the difference.
    assert result.root.n[1] > result.root.n[0]


class BothReply(TrapParts):
    """Seat 1 replies after either of seat 0's choices."""

    def actor(self, g: Toy) -> int | None:
        return None if len(g.moves) == 2 else len(g.moves)

    def scores(self, g: Toy) -> list[float]:
        return [0.0, 0.0]


def test_other_seats_widen_as_told() -> None:
    # Barely widening, seat 1 keeps answering L with its first candidate (a losing l2): L looks good.
    narrow = search(TrapParts(), 0, random.Random(1), Settings(iterations=600, exploration=0.7, others=0.01))
    assert narrow.action == "L"
    with pytest.raises(ValueError, match="others"):
        Settings(others=0.0)


def test_the_tree_grows_below_a_decision_only_after_expand_visits() -> None:
    # Never expanding below the root, the search is flat: random replies make the trap L look good.
    flat = search(TrapParts(), 0, random.Random(1), Settings(iterations=600, exploration=0.7, expand=10_000))
    assert flat.action == "L" and flat.nodes == 1
    # After 20 visits of L seat 1's node grows, finds the trap, and R wins again.
    late = search(TrapParts(), 0, random.Random(1), Settings(iterations=600, exploration=0.7, expand=20))
    assert late.action == "R" and late.nodes == 2
    with pytest.raises(ValueError, match="expand"):
        Settings(expand=-1)


def test_a_secret_decision_leaves_the_other_seat_one_information_set() -> None:
    public = search(BothReply(), 0, random.Random(2), Settings(iterations=50))
    secret = search(BothReply(secret=True), 0, random.Random(2), Settings(iterations=50))
    # Seat 1 knows which of L and R was chosen only when it is public: two information sets (plus
    # seat 0's root), else one, reached after either (seen as (HIDDEN, 0)).
    assert public.nodes == 3
    assert secret.nodes == 2


def test_same_rng_same_search_and_the_budget_is_kept() -> None:
    a = search(TrapParts(), 0, random.Random(5), Settings(iterations=37))
    b = search(TrapParts(), 0, random.Random(5), Settings(iterations=37))
    assert (a.action, a.root.n, a.root.total) == (b.action, b.root.n, b.root.total)
    assert a.iterations == 37 and sum(a.root.n) == 37


class Bandit:
    """A one-decision game: candidate ``i`` wins with probability ``p[i]``; only even candidates
    are legal in odd worlds (availability)."""

    def __init__(self, p: list[float]) -> None:
        self.p = p

    def players(self, g: list[int]) -> int:
        return 1

    def world(self, rng: random.Random, index: int) -> list[int]:
        return [index % 2]

    def actor(self, g: list[int]) -> int | None:
        return 0 if len(g) == 1 else None

    def candidates(self, g: list[int], seat: int, rng: random.Random) -> list[int]:
        return list(range(len(self.p)))

    def available(self, g: list[int], seat: int, action: int) -> bool:
        return g[0] == 0 or action % 2 == 0

    def apply(self, g: list[int], seat: int, action: int) -> None:
        g.append(action)

    def public(self, g: list[int], seat: int, action: int) -> bool:
        return True

    def rollout(self, g: list[int], rng: random.Random) -> None:
        g.append(1 if rng.random() < self.p[g[1]] else 0)

    def scores(self, g: list[int]) -> list[float]:
        return [1.0 if g[2] else -1.0]


def test_progressive_widening_opens_candidates_with_visits_and_finds_the_best() -> None:
    p = [0.3, 0.2, 0.35, 0.1, 0.8, 0.25, 0.3, 0.2, 0.3]
    few = search(Bandit(p), 0, random.Random(3), Settings(iterations=3))
    assert sum(1 for n in few.root.n if n) <= 2  # ceil(sqrt(visits + 1)) candidates at most
    many = search(Bandit(p), 0, random.Random(3), Settings(iterations=800))
    assert many.action == 4
    # Odd candidates are legal in half of the worlds only: their availability counts say so.
    assert many.root.avail[1] < many.root.avail[0]


def test_a_world_waiting_for_another_seat_is_an_error() -> None:
    class Wrong(TrapParts):
        def actor(self, g: Toy) -> int | None:
            return 1

    with pytest.raises(ValueError, match="waits for seat 1"):
        search(Wrong(), 0, random.Random(0), Settings(iterations=2))


def test_confidence_keeps_the_prior_choice_without_evidence() -> None:
    # Candidate 2 is clearly better: it replaces the prior's choice (UCB leaves the prior few visits).
    clear = search(Bandit([0.3, 0.2, 0.9]), 0, random.Random(4), Settings(iterations=300, confidence=1.0))
    assert clear.action == 2
    # A hair better, on few visits: without the rule the noise decides; with it the prior stays.
    close = [search(Bandit([0.5, 0.3, 0.52]), 0, random.Random(k), Settings(iterations=40)) for k in range(12)]
    kept = [
        search(Bandit([0.5, 0.3, 0.52]), 0, random.Random(k), Settings(iterations=40, confidence=3.0))
        for k in range(12)
    ]
    assert any(r.action == 2 for r in close)
    assert all(r.action == 0 for r in kept)
    with pytest.raises(ValueError, match="confidence"):
        Settings(confidence=-1.0)


class AllLegal(Bandit):
    def available(self, g: list[int], seat: int, action: int) -> bool:
        return True


def test_the_halving_root_compares_candidates_on_the_same_luck() -> None:
    # Equal candidates: with common random numbers each world gives every candidate the same score,
    # so their sums are equal wherever they were played equally often, and the prior's choice stays.
    even = search(AllLegal([0.5] * 4), 0, random.Random(3), Settings(iterations=40, root="halving"))
    assert even.root.n == [15, 15, 5, 5] and even.iterations == 40
    assert even.root.total[0] == even.root.total[1] and even.root.total[2] == even.root.total[3]
    assert even.action == 0
    # Unequal ones: the best of nine found on a small budget, unavailable candidates skipped.
    p = [0.3, 0.2, 0.35, 0.1, 0.8, 0.25, 0.3, 0.2, 0.3]
    best = search(Bandit(p), 0, random.Random(3), Settings(iterations=60, root="halving", confidence=1.0))
    assert best.action == 4 and best.iterations <= 60
    with pytest.raises(ValueError, match="root"):
        Settings(root="flat")


def test_the_halving_root_stops_early_on_a_clear_decision_only() -> None:
    # One candidate far ahead: the first halving round shows it, the rest of the budget is left.
    clear = Settings(iterations=400, root="halving", stop=2.0)
    a = search(AllLegal([0.05, 0.05, 0.95, 0.05]), 0, random.Random(6), clear)
    b = search(AllLegal([0.05, 0.05, 0.95, 0.05]), 0, random.Random(6), clear)
    assert a.action == 2 and a.iterations < 400
    assert (a.iterations, a.root.n, a.root.total) == (b.iterations, b.root.n, b.root.total)
    # Equal candidates (common random numbers: equal scores in every world) are never clear.
    even = search(AllLegal([0.5] * 4), 0, random.Random(3), Settings(iterations=40, root="halving", stop=0.1))
    assert even.iterations == 40 and even.root.n == [15, 15, 5, 5]
    # Without the option the clear decision spends its whole budget.
    full = search(AllLegal([0.05, 0.05, 0.95, 0.05]), 0, random.Random(6), Settings(iterations=400, root="halving"))
    assert full.iterations == 400 and full.action == 2
    with pytest.raises(ValueError, match="stop"):
        Settings(stop=-1.0)


def test_a_bots_parameters_give_the_tree_every_setting_they_share_with_it() -> None:
    """search_params passes its tree options to Settings by name: each is a Settings field, and each
    value set on the parameters (not the default) reaches the tree."""
    changed: dict[str, Any] = {"max_seconds": 2.5, "exploration": 0.9, "widen": 2.0, "confidence": 0.5}
    changed |= {"others": 0.7, "root": "halving", "expand": 3, "stop": 1.5}
    assert set(changed) == set(TREE_SETTINGS) <= {f.name for f in fields(Settings)}
    settings = TreeParams(simulations=77, **changed).search_settings()
    assert settings.iterations == 77
    assert {name: getattr(settings, name) for name in TREE_SETTINGS} == changed
