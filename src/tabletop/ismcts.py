"""Information-set Monte Carlo tree search (ISMCTS), shared by every game of the table.

Multiple-observer ISMCTS (Cowling, Powley and Whitehouse 2012): the bot keeps **one tree per
seat**; a node of seat ``p``'s tree is an information set of ``p``: the decisions taken since the
root *as ``p`` saw them* (another seat's secret decision, e.g. a Wallenstein plan, is seen only as
"seat q decided"). Each iteration

1. samples a world consistent with the bot's observation (a determinization: the game's own
   determinizer, hidden parts drawn from the bot's rng, other seats' secret plans from an opponent
   model, every future chance outcome from a fresh seed);
2. descends: at each decision the acting seat's node picks among the node's candidates that are
   legal in this world (UCB1 with availability counts), while progressive widening lets a node
   consider only its first ``ceil(widen * visits ** 0.5)`` candidates, best prior first: the huge
   planning decisions start from the heuristic's plan and open further candidates as visits grow;
3. expands one new node (once the decision leading to it has been taken ``expand`` times), then
   plays on with the game's cheap roll-out policy to a horizon (the end of the season, the
   round, ...) where a static evaluation scores every seat;
4. backs each seat's score up through that seat's nodes.

The decision is the root's most visited candidate, or (``confidence``) its first candidate, the
game's prior, unless the most visited one is better by that many standard errors; the other seats'
nodes may widen more slowly (``others``). A game supplies its parts through
:class:`SearchParts`; everything random comes from one ``random.Random`` the caller seeds (the bot's
seed and its decision counter), so a decision is reproducible in any process. The budget is a
number of iterations (results independent of machine load) with an optional time limit.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

G = TypeVar("G")
A = TypeVar("A", bound=Hashable)


class SearchParts(Protocol[G, A]):
    """What a game supplies to the search. ``G`` is the game's state object, ``A`` its action."""

    def world(self, rng: random.Random, index: int) -> G:
        """A fresh determinized game for iteration ``index`` (hidden parts sampled with ``rng``,
        future chance from a seed drawn from it); the search plays on it and throws it away."""
        ...

    def players(self, g: G) -> int:
        """How many seats the game has (one tree each)."""
        ...

    def actor(self, g: G) -> int | None:
        """The seat that decides next, or None when the game is over or the horizon is reached."""
        ...

    def candidates(self, g: G, seat: int, rng: random.Random) -> list[A]:
        """The decisions worth searching for ``seat`` in ``g``, best prior first (the first is the
        roll-out policy's own choice); computed once per node."""
        ...

    def available(self, g: G, seat: int, action: A) -> bool:
        """Whether a node's candidate (made in another world) is legal in ``g``."""
        ...

    def apply(self, g: G, seat: int, action: A) -> None: ...

    def public(self, g: G, seat: int, action: A) -> bool:
        """Whether the other seats see ``action`` (False: a secret decision, e.g. a plan)."""
        ...

    def rollout(self, g: G, rng: random.Random) -> None:
        """Play on with the cheap policy until ``actor`` says None."""
        ...

    def scores(self, g: G) -> Sequence[float]:
        """Every seat's utility in the final (or horizon) position, in [-1, 1]."""
        ...


@dataclass
class Node(Generic[A]):
    """An information set of one seat: its candidates and their statistics."""

    candidates: list[A]
    visits: int = 0
    n: list[int] = field(default_factory=list)  # visits per candidate
    total: list[float] = field(default_factory=list)  # summed scores per candidate
    squares: list[float] = field(default_factory=list)  # summed squared scores per candidate
    avail: list[int] = field(default_factory=list)  # iterations in which a candidate was legal

    def __post_init__(self) -> None:
        k = len(self.candidates)
        self.n = [0] * k
        self.total = [0.0] * k
        self.squares = [0.0] * k
        self.avail = [0] * k


ROOTS = ("ucb", "halving")


@dataclass(frozen=True)
class Settings:
    """The search's knobs (see the module doc)."""

    iterations: int = 400
    max_seconds: float | None = None
    exploration: float = 0.5  # UCB1 constant for scores in [-1, 1]
    widen: float = 1.0  # progressive widening: ceil(widen * visits ** 0.5) candidates considered
    max_depth: int = 64  # tree decisions per iteration at most (the horizon usually stops sooner)
    # The root keeps its first candidate (the game's prior: the roll-out policy's own choice) unless
    # the most visited one has a better mean by this many standard errors (0: most visited wins).
    confidence: float = 0.0
    # Widening of the other seats' nodes (None: ``widen``). Small: they play their prior (the
    # roll-out policy's choice, the opponent model) until visits show another choice is better.
    others: float | None = None
    # How the root spends its budget: "ucb" (UCB1 with widening, as every other node) or "halving"
    # (sequential halving over all the root's candidates with common random numbers: in each sampled
    # world every surviving candidate gets one iteration from the same world, chance seed and
    # generator state, so candidates are compared on the same luck; the tree below is ISMCTS).
    root: str = "ucb"
    # Expansion threshold: a node below the root is added only once the decision leading to it has
    # been taken this many times; until then the roll-out policy plays from there. With few visits
    # per candidate (the halving root's), a young node's exploration of weak replies would add noise
    # to its parent's mean, and the candidates would no longer meet the same play after them.
    expand: int = 0
    # Halving root only: end the decision after a halving round (before the last) once the leading
    # candidate beats every other surviving one by this many standard errors of their differences
    # in shared worlds (0: never). A clear decision then costs less; the bot may spend what it saved
    # on a later, closer one (League of Six's ``carry``).
    stop: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("simulations must be at least 1")
        if self.max_seconds is not None and self.max_seconds <= 0:
            raise ValueError("max_seconds must be positive")
        if (
            self.exploration < 0
            or self.widen <= 0
            or self.confidence < 0
            or (self.others is not None and self.others <= 0)
        ):
            raise ValueError("exploration and confidence must be at least 0, widen and others positive")
        if self.expand < 0 or self.stop < 0:
            raise ValueError("expand and stop must be at least 0")
        if self.root not in ROOTS:
            raise ValueError(f"root must be one of {ROOTS}, not {self.root!r}")
        if self.stop > 0 and self.root != "halving":
            raise ValueError("stop ends a halving root's decision early: it needs root=halving")


@dataclass
class Result(Generic[A]):
    """The chosen action and what the search saw (for tests, benchmarks and curious people)."""

    action: A
    iterations: int
    root: Node[A]
    nodes: int


HIDDEN = "hidden"


def search(parts: SearchParts[G, A], seat: int, rng: random.Random, settings: Settings) -> Result[A]:
    """Run ISMCTS for ``seat`` and return the root's choice (see the module doc)."""
    if settings.root == "halving":
        return _halving(parts, seat, rng, settings)
    trees: list[dict[tuple[Any, ...], Node[A]]] = []
    start = time.perf_counter()
    root: Node[A] | None = None
    done = 0
    for it in range(settings.iterations):
        g = parts.world(rng, it)
        first = parts.actor(g)
        if first != seat:
            raise ValueError(f"the determinized game waits for seat {first}, not the searching seat {seat}")
        if root is None:
            cands = parts.candidates(g, seat, rng)
            if not cands:
                raise ValueError("no candidate decision at the root")
            root = Node(cands)
        if not trees:
            trees = [{} for _ in range(parts.players(g))]
            trees[seat][()] = root
        _iterate(parts, g, seat, trees, rng, settings)
        done += 1
        if len(root.candidates) == 1:
            break
        if settings.max_seconds is not None and time.perf_counter() - start > settings.max_seconds:
            break
    assert root is not None
    best = max(range(len(root.candidates)), key=lambda i: (root.n[i], _mean(root, i), -i))
    if best and settings.confidence > 0 and not _better(root, best, 0, settings.confidence):
        best = 0
    return Result(root.candidates[best], done, root, sum(len(t) for t in trees))


def _halving(parts: SearchParts[G, A], seat: int, rng: random.Random, settings: Settings) -> Result[A]:
    """Sequential halving at the root with common random numbers (``Settings.root``)."""
    start = time.perf_counter()
    first = parts.world(rng, 0)
    if parts.actor(first) != seat:
        raise ValueError(f"the determinized game waits for seat {parts.actor(first)}, not the searching seat {seat}")
    cands = parts.candidates(first, seat, rng)
    if not cands:
        raise ValueError("no candidate decision at the root")
    root: Node[A] = Node(cands)
    trees: list[dict[tuple[Any, ...], Node[A]]] = [{} for _ in range(parts.players(first))]
    trees[seat][()] = root
    alive = list(range(len(cands)))
    per_world: list[dict[int, float]] = [{} for _ in cands]  # candidate -> {world: score}
    rounds = max(1, (len(alive) - 1).bit_length())
    done = world = 0
    out_of_time = len(cands) == 1
    score: dict[int, float] = {}
    for r in range(rounds):
        if out_of_time:
            break
        share = max(1, (settings.iterations - done) // (len(alive) * (rounds - r)))
        for _ in range(share):
            base = first if world == 0 else parts.world(rng, world)
            state = rng.getstate()
            for i in alive:
                if done >= settings.iterations:
                    break
                g = _copy(parts, base)
                if not parts.available(g, seat, cands[i]):
                    continue
                rng.setstate(state)
                per_world[i][world] = _iterate(parts, g, seat, trees, rng, settings, force=i)
                done += 1
            world += 1
            out_of_time = done >= settings.iterations or (
                settings.max_seconds is not None and time.perf_counter() - start > settings.max_seconds
            )
            if out_of_time:
                break
        score = {i: _mean(root, i) for i in alive}
        if len(alive) > 1:
            alive.sort(key=lambda i: (-score[i], i))
            if settings.stop > 0 and r < rounds - 1 and _clear(per_world, alive, settings.stop):
                alive = alive[:1]
                break
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    best = alive[0] if len(alive) == 1 else max(alive, key=lambda i: (score[i], -i))
    if best and settings.confidence > 0 and not _paired_better(per_world[best], per_world[0], settings.confidence):
        best = 0
    return Result(cands[best], done, root, sum(len(t) for t in trees))


def _copy(parts: SearchParts[G, A], g: G) -> G:
    """A copy of a world to play on (the game's own ``copy`` where it has one)."""
    own = getattr(parts, "copy", None)
    return own(g) if own is not None else copy.deepcopy(g)


def _clear(per_world: list[dict[int, float]], alive: list[int], z: float) -> bool:
    """Whether ``alive[0]`` beats every other of ``alive`` by ``z`` paired standard errors (at least
    two shared worlds each: a comparison without evidence is never clear)."""
    lead = per_world[alive[0]]
    return all(sum(w in lead for w in per_world[i]) >= 2 and _paired_better(lead, per_world[i], z) for i in alive[1:])


def _paired_better(a: dict[int, float], b: dict[int, float], z: float) -> bool:
    """Whether ``a`` beats ``b`` by ``z`` standard errors of their differences in shared worlds."""
    d = [a[w] - b[w] for w in a if w in b]
    n = len(d)
    if n < 2:
        return True  # ``b`` was left behind early: the halving already compared them
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > z * math.sqrt(var / n)


def _better(node: Node[A], i: int, j: int, z: float) -> bool:
    """Whether candidate ``i``'s mean beats ``j``'s by ``z`` standard errors (Welch)."""
    if node.n[i] < 2 or node.n[j] < 2:
        return node.n[j] < 2 <= node.n[i]  # a candidate the search left (almost) unvisited is no rival
    se2 = 0.0
    for k in (i, j):
        n = node.n[k]
        mean = node.total[k] / n
        var = max(0.0, node.squares[k] / n - mean * mean) * n / (n - 1)
        se2 += var / n
    return _mean(node, i) - _mean(node, j) > z * math.sqrt(se2)


def _mean(node: Node[A], i: int) -> float:
    return node.total[i] / node.n[i] if node.n[i] else -math.inf


def _iterate(
    parts: SearchParts[G, A],
    g: G,
    seat: int,
    trees: list[dict[tuple[Any, ...], Node[A]]],
    rng: random.Random,
    settings: Settings,
    force: int = -1,
) -> float:
    """One iteration on world ``g``; ``force``: the root candidate to play. Returns ``seat``'s score."""
    P = len(trees)
    paths: list[tuple[Any, ...]] = [()] * P
    visited: list[tuple[Node[A], int, int]] = []  # (node, candidate index, actor)
    expanded = False
    for _ in range(settings.max_depth):
        p = parts.actor(g)
        if p is None:
            break
        tree = trees[p]
        node = tree.get(paths[p])
        if node is None:
            if expanded or (visited and visited[-1][0].n[visited[-1][1]] < settings.expand):
                break  # one new node per iteration, none on a path still young: the roll-out plays on
            cands = parts.candidates(g, p, rng)
            if not cands:
                break
            node = tree[paths[p]] = Node(cands)
            expanded = True
        widen = settings.widen if p == seat or settings.others is None else settings.others
        if force >= 0 and not visited:
            i = force
            node.avail[i] += 1
        else:
            i = _select(parts, g, p, node, settings.exploration, widen)
        if i < 0:
            break  # none of the node's candidates is legal in this world: roll out from here
        action = node.candidates[i]
        visited.append((node, i, p))
        public = parts.public(g, p, action)
        parts.apply(g, p, action)
        seen = action if public else (HIDDEN, p)
        for q in range(P):
            paths[q] = (*paths[q], action if q == p else seen)
    parts.rollout(g, rng)
    scores = parts.scores(g)
    for node, i, p in visited:
        node.visits += 1
        node.n[i] += 1
        node.total[i] += scores[p]
        node.squares[i] += scores[p] * scores[p]
    return scores[seat]


def _select(parts: SearchParts[G, A], g: G, p: int, node: Node[A], c: float, widen: float) -> int:
    """UCB1 over the node's widened candidates that are legal here (availability counts); an
    unvisited one first, in prior order. -1 if none is legal."""
    width = min(len(node.candidates), max(1, math.ceil(widen * math.sqrt(node.visits + 1))))
    best, best_val = -1, -math.inf
    for i in range(width):
        if not parts.available(g, p, node.candidates[i]):
            continue
        node.avail[i] += 1
        n = node.n[i]
        if n == 0:
            if best_val < math.inf:
                best, best_val = i, math.inf
            continue
        val = node.total[i] / n + c * math.sqrt(math.log(node.avail[i]) / n)
        if val > best_val:
            best, best_val = i, val
    return best


def squash(x: float, scale: float) -> float:
    """A score difference mapped into [-1, 1] (about linear below ``scale``)."""
    return math.tanh(x / scale)


def relative(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's value minus the best rival's, squashed into [-1, 1]: every seat's score."""
    P = len(values)
    return [squash(values[p] - max(values[q] for q in range(P) if q != p), scale) for p in range(P)]


__all__ = ["HIDDEN", "ROOTS", "Node", "Result", "SearchParts", "Settings", "relative", "search", "squash"]
