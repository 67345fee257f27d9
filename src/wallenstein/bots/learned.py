"""A learned static evaluation for the ``ismcts`` bot (``evaluation=learned``).

The hand-made evaluation (:func:`wallenstein.bots.search.seat_values`) adds a seat's projected
points to its money, grain and armies at fixed rates. This one predicts each seat's **final
score** (its VP plus the search's win bonus) from a few cheap public facts of the position, by a
linear model per horizon (the season whose planning starts: the search's roll-outs stop there),
fitted by least squares on positions of heuristic self-play games
(``benchmarks/fit_evaluation.py``, which writes :mod:`wallenstein.bots.evaluation_weights`). No
learning library is needed at play time: a dot product per seat.

The model is fitted on seat features centred over the seats of a position against the centred
final scores, so it predicts who ends ahead of whom, not how many points a game gives in all
(the search only compares seats: :func:`tabletop.ismcts.relative`).

A second set of facts (the board around each seat's counties, its buildings and majorities) was
fitted and screened in the eighth round (docs/bots.md): it played worse at equal budget, so only
this set is kept.
"""

from __future__ import annotations

from wallenstein.bots import evaluation_weights
from wallenstein.bots.heuristic import expected_winter_loss, scorings_left
from wallenstein.bots.search import scoring_points, winter_revolt_loss
from wallenstein.game import Game
from wallenstein.state import WINTER

# One column per fact, in this order (the weights file names them too, and is checked against it).
FEATURES = (
    "vp",  # victory points so far
    "future_scoring",  # the points a winter scoring would give now, times the scorings left
    "thalers",
    "grain",
    "armies",  # armies on the seat's counties
    "counties",
    "winter_loss",  # before the year's winter: the VP its grain shortfall should cost (revolts)
    "grain_short",  # before the year's winter: grain missing for it (counties beyond the stock)
    "supply",  # armies in the seat's supply
    "tower",  # the seat's cubes inside the tower and in its tray (they come back in battles)
    "markers",  # revolt markers on the seat's counties
)
HORIZONS = 6  # the planning of year 1 spring, summer, fall, year 2 spring, summer, fall
WEIGHTS = evaluation_weights.WEIGHTS
if evaluation_weights.FEATURES != FEATURES or len(WEIGHTS) != HORIZONS:
    raise ImportError("evaluation_weights.py does not match the features: rerun benchmarks/fit_evaluation.py --write")


def horizon(g: Game) -> int:
    """Which model scores ``g``: the season index from year 1 spring (0) to year 2 fall (5)."""
    s = g.s
    return max(0, min(HORIZONS - 1, (s.year - 1) * 3 + min(s.season, 2)))


def features(g: Game, points: list[int] | None = None) -> list[list[float]]:
    """Every seat's facts (:data:`FEATURES`) in ``g``, a game not over (``points``: its
    :func:`scoring_points`, when the caller has them)."""
    s = g.s
    P = s.players
    if points is None:
        points = scoring_points(g)
    left = scorings_left(g)
    before_winter = s.season != WINTER
    loss = expected_winter_loss(g) if before_winter else 0.0
    seasons_this_year = 3 - s.season if before_winter else 0
    armies = [0.0] * P
    counties = [0.0] * P
    markers = [0.0] * P
    for c, o in enumerate(s.owner):
        if o >= 0:
            armies[o] += s.armies[c]
            counties[o] += 1
            markers[o] += s.revolts[c]
    out = []
    for p in range(P):
        short = counties[p] - (s.grain[p] + 3.0 * max(0, seasons_this_year - 1) - loss) if before_winter else 0.0
        short = max(0.0, short)
        out.append(
            [
                float(s.vp[p]),
                float(points[p] * left),
                float(s.thalers[p]),
                float(s.grain[p]),
                armies[p],
                counties[p],
                winter_revolt_loss(g, p, short) if short > 0 else 0.0,
                short,
                float(s.supply[p]),
                float(s.inside[p] + s.tray[p]),
                markers[p],
            ]
        )
    return out


def learned_values(g: Game) -> list[float]:
    """Every seat's predicted final score (up to a constant shared by all seats) in ``g``."""
    w = WEIGHTS[horizon(g)]
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in features(g)]


__all__ = [
    "FEATURES",
    "HORIZONS",
    "features",
    "horizon",
    "learned_values",
]
