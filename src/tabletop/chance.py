"""Counter-based chance, and what each draw is: its sampler and its exact distribution.

Draw number ``n`` of a game with seed ``s`` always uses the same stream, so a game's whole random
state is two integers (seed, counter): clones copy it for free, and results do not depend on
PYTHONHASHSEED or on the process. Each draw gets a fresh :class:`random.Random` seeded from (seed,
counter), so a draw may consume any amount of randomness without shifting later draws.

**Draws.** Rules code draws through ``RecordedGame.draw(kind, draw)`` with one of the :class:`Draw`
classes below. Called with a ``random.Random``, a draw samples its outcome (exactly the calls the
engine always made, so a seed gives the same game as before). It also says what it is, for a chance
source that wants the distribution instead of a sample (OpenSpiel's explicit chance,
:mod:`tabletop.rl.openspiel_chance`): the outcome is built from *picks*, one at a time (a shuffle
card by card, a tower drop colour by colour), and :meth:`Draw.options` gives the outcomes of the next
pick, with their exact probabilities, given the picks so far. The draws hold references to the
game's lists; they are read at once (sampling) or by a source that has stopped the game for good.

**Sources.** A game with no ``chance_source`` (the default) samples from its seed. A source is a
callable ``source(game, kind, draw)`` that returns the outcome; :func:`suspend` raises
:class:`ChanceNeeded` instead, which is how a caller stops a game at a draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from math import comb
from typing import Any, Protocol

_SPREAD = 1 << 32

Picks = tuple[int, ...]
Options = list[tuple[int, float]]  # (outcome of the pick, probability), every probability > 0


def stream(seed: int, counter: int) -> random.Random:
    """The random stream of draw number ``counter`` in a game seeded with ``seed``."""
    return random.Random(seed * _SPREAD + counter)


def binomial(rng: random.Random, n: int, p: float) -> int:
    """Number of successes in ``n`` independent trials of probability ``p`` (exact, small n)."""
    r = rng.random
    return sum(1 for _ in range(n) if r() < p)


def binomial_pmf(n: int, p: float) -> list[float]:
    """P(k successes) for k = 0..n (what :func:`binomial` samples)."""
    return [comb(n, k) * p**k * (1.0 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """The distribution of the sum of two independent counts with distributions ``a`` and ``b``."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def _uniform(items: Sequence[int]) -> Options:
    """Each distinct item with its share of ``items`` (a pick of one of them, uniformly)."""
    counts = Counter(items)
    total = len(items)
    return [(int(v), n / total) for v, n in sorted(counts.items())]


def _left(items: Sequence[int], picks: Picks) -> list[int]:
    """``items`` less one copy of each pick."""
    rest = list(items)
    for p in picks:
        rest.remove(p)
    return rest


class Draw:
    """A chance draw: ``draw(rng)`` samples the outcome; ``options``/``outcome`` describe it."""

    __slots__ = ()

    def __call__(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def options(self, picks: Picks) -> Options | None:
        """The next pick's outcomes and probabilities after ``picks`` (None: the picks are complete)."""
        raise NotImplementedError

    def outcome(self, picks: Picks) -> Any:
        """The draw's outcome, as sampling returns it, from complete ``picks``."""
        return tuple(picks)

    def picks_of(self, outcome: Any) -> Picks:
        """The picks that make ``outcome`` (the inverse of :meth:`outcome`): a recorded draw as picks."""
        return tuple(int(v) for v in outcome)


class Deal(Draw):
    """``k`` cards dealt in order from ``items`` (``k = len(items)``: a shuffle), one at a time."""

    __slots__ = ("items", "k")

    def __init__(self, items: Sequence[int], k: int | None = None) -> None:
        self.items = items
        self.k = len(items) if k is None else k

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.sample(self.items, self.k))

    def options(self, picks: Picks) -> Options | None:
        return None if len(picks) >= self.k else _uniform(_left(self.items, picks))


class Subset(Draw):
    """``k`` different cards of ``items``, sorted (the order they came in is not kept).

    Picked smallest first: with ``r`` still to pick from the ``m`` candidates above the last pick,
    the ``j``-th smallest comes next with probability C(m-1-j, r-1) / C(m, r), so every k-subset has
    probability 1 / C(n, k) and one path of picks.
    """

    __slots__ = ("items", "k")

    def __init__(self, items: Sequence[int], k: int) -> None:
        self.items = items
        self.k = k

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(sorted(rng.sample(self.items, self.k)))

    def options(self, picks: Picks) -> Options | None:
        r = self.k - len(picks)
        if r <= 0:
            return None
        above = sorted(x for x in set(self.items) if not picks or x > picks[-1])
        m = len(above)
        total = comb(m, r)
        return [(int(x), comb(m - 1 - j, r - 1) / total) for j, x in enumerate(above) if m - 1 - j >= r - 1]


class Choice(Draw):
    """One card of ``items``, uniformly; the outcome is the card itself."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[int]) -> None:
        self.items = items

    def __call__(self, rng: random.Random) -> int:
        return rng.choice(self.items)

    def options(self, picks: Picks) -> Options | None:
        return None if picks else _uniform(self.items)

    def outcome(self, picks: Picks) -> int:
        return picks[0]

    def picks_of(self, outcome: Any) -> Picks:
        return (int(outcome),)


class Tops(Draw):
    """One card of each pile, uniformly (``empty`` for an empty pile), pile by pile."""

    __slots__ = ("empty", "piles")

    def __init__(self, piles: Sequence[Sequence[int]], empty: int = -1) -> None:
        self.piles = piles
        self.empty = empty

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.choice(p) if p else self.empty for p in self.piles)

    def options(self, picks: Picks) -> Options | None:
        if len(picks) >= len(self.piles):
            return None
        pile = self.piles[len(picks)]
        return _uniform(pile) if pile else [(self.empty, 1.0)]


class Replenished(Draw):
    """``k`` cards dealt from ``deck``; when it holds fewer, the ``used`` pile is shuffled in for the
    rest: the deck's cards and a random subset of the used ones, in a random order."""

    __slots__ = ("deck", "k", "used")

    def __init__(self, deck: Sequence[int], used: Sequence[int], k: int) -> None:
        self.deck = deck
        self.used = used
        self.k = k

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        if len(self.deck) >= self.k:
            return tuple(rng.sample(self.deck, self.k))
        drawn = list(self.deck) + rng.sample(self.used, self.k - len(self.deck))
        rng.shuffle(drawn)
        return tuple(drawn)

    def _parts(self, picks: Picks) -> tuple[Subset | None, Picks, Deal]:
        """The used cards' subset (None when the deck is enough), its picks, and the final deal."""
        extra = self.k - len(self.deck)
        if extra <= 0:
            return None, (), Deal(self.deck, self.k)
        chosen = picks[:extra]
        return Subset(self.used, extra), chosen, Deal(list(self.deck) + list(chosen))

    def options(self, picks: Picks) -> Options | None:
        subset, chosen, deal = self._parts(picks)
        if subset is not None and len(chosen) < subset.k:
            return subset.options(chosen)
        return deal.options(picks[len(chosen) :])

    def outcome(self, picks: Picks) -> tuple[int, ...]:
        chosen = self._parts(picks)[1]
        return tuple(picks[len(chosen) :])

    def picks_of(self, outcome: Any) -> Picks:
        if len(self.deck) >= self.k:
            return tuple(outcome)
        used = set(self.used)
        return (*sorted(v for v in outcome if v in used), *outcome)


class CountModel(Protocol):
    def drop(self, inside: Sequence[int], dropped: Sequence[int], rng: random.Random) -> list[int]: ...


class TowerDrop(Draw):
    """Cubes dropped into a tower: how many of each colour come out, colour by colour (the model's
    ``count_distribution(inside, dropped)`` gives a colour's exact distribution)."""

    __slots__ = ("dropped", "inside", "model")

    def __init__(self, model: CountModel, inside: Sequence[int], dropped: Sequence[int]) -> None:
        self.model = model
        self.inside = inside
        self.dropped = dropped

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(self.model.drop(self.inside, self.dropped, rng))

    def options(self, picks: Picks) -> Options | None:
        c = len(picks)
        if c >= len(self.inside):
            return None
        counts = getattr(self.model, "count_distribution", None)
        if counts is None:
            raise ValueError(f"the tower model {self.model!r} gives no distribution for explicit chance")
        dist: list[float] = counts(self.inside[c], self.dropped[c])
        return [(k, p) for k, p in enumerate(dist) if p > 0.0]


class ChanceNeeded(Exception):
    """Raised by :func:`suspend`: the game stopped at draw ``kind`` (a :class:`Draw`)."""

    def __init__(self, kind: str, draw: Draw) -> None:
        super().__init__(kind)
        self.kind = kind
        self.draw = draw


ChanceSource = Callable[[Any, str, Any], Any]
"""``source(game, kind, draw)``: the outcome of ``game``'s draw ``kind`` (instead of sampling it)."""


def suspend(game: Any, kind: str, draw: Any) -> Any:
    """A chance source that never answers: it stops the game at the draw (:class:`ChanceNeeded`)."""
    if not isinstance(draw, Draw):
        raise TypeError(f"the {kind!r} draw is no Draw: explicit chance cannot describe it")
    raise ChanceNeeded(kind, draw)


def forced(draw: Draw, picks: Picks) -> tuple[Picks, Options | None]:
    """``picks`` extended by every pick that has a single outcome, and the next options (None: done)."""
    options = draw.options(picks)
    while options is not None and len(options) == 1:
        picks = (*picks, options[0][0])
        options = draw.options(picks)
    return picks, options


__all__ = [
    "ChanceNeeded",
    "ChanceSource",
    "Choice",
    "Deal",
    "Draw",
    "Options",
    "Picks",
    "Replenished",
    "Subset",
    "Tops",
    "TowerDrop",
    "binomial",
    "binomial_pmf",
    "convolve",
    "forced",
    "stream",
    "suspend",
]
