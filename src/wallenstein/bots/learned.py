"""A learned static evaluation for the ``ismcts`` bot (``evaluation=learned``).

The hand-made evaluation (:func:`wallenstein.bots.search.seat_values`) adds a seat's projected
points to its money, grain and armies at fixed rates. This one predicts each seat's **final
score** (its VP plus the search's win bonus) from a few cheap public facts of the position, by a
linear model per horizon (the season whose planning starts: the search's roll-outs stop there),
fitted by least squares on positions of heuristic self-play games
(``research/fitting/fit_evaluation.py``, which writes :mod:`wallenstein.bots.evaluation_weights`). No
learning library is needed at play time: a dot product per seat.

The model is fitted on seat features centred over the seats of a position against the centred
final scores, so it predicts who ends ahead of whom, not how many points a game gives in all
(the search only compares seats: :func:`tabletop.ismcts.relative`).

``evaluation=learned2`` (:func:`learned2_values`, weights in
:mod:`wallenstein.bots.evaluation_weights2`) is the same kind of model on more facts
(:data:`FEATURES2`: the board around each seat's counties and its buildings and majorities),
fitted by ``research/fitting/fit_evaluation.py --facts extended --write``; the first set and its weights
stay as they were (levels and earlier figures depend on them).
"""

from __future__ import annotations

from wallenstein.board import BOARD
from wallenstein.bots import evaluation_weights, evaluation_weights2, evaluation_weights3
from wallenstein.bots.heuristic import expected_winter_loss, scorings_left
from wallenstein.bots.search import Holdings, holdings, scoring_points, winter_revolt_loss
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
# The second set (evaluation=learned2): the first one's facts and these, all public.
EXTRA_FEATURES = (
    "buildings",  # buildings on the seat's counties
    "majorities",  # the points its region majorities would give at a winter scoring now
    "border_armies",  # its armies on counties next to rivals' armies
    "threat",  # per county of it next to rivals' armies: the most armies on a rival's neighbouring county
    "weak_border",  # its counties next to rivals' armies held by a single army (or none)
    "open_neighbours",  # per county of it: neighbouring counties nobody owns (room to expand)
    "near_majority",  # region majorities (per building kind) it misses by one building
)
FEATURES2 = FEATURES + EXTRA_FEATURES
# evaluation=learned3: the same facts, fitted so that none of these (a seat's holdings, which its own
# decisions add to) counts against it; learned2's self-play correlations priced a building below
# nothing in the first year, a bias a search acts on (research/journal.md, "Eighth round").
HOLDINGS = (*FEATURES[:6], "buildings", "majorities", "border_armies")  # vp .. counties, and these
HORIZONS = 6  # the planning of year 1 spring, summer, fall, year 2 spring, summer, fall
WEIGHTS = evaluation_weights.WEIGHTS
WEIGHTS2 = evaluation_weights2.WEIGHTS
WEIGHTS3 = evaluation_weights3.WEIGHTS
if evaluation_weights.FEATURES != FEATURES or len(WEIGHTS) != HORIZONS:
    raise ImportError("evaluation_weights.py does not match the features: rerun research/fitting/fit_evaluation.py")
if any(m.FEATURES != FEATURES2 or len(m.WEIGHTS) != HORIZONS for m in (evaluation_weights2, evaluation_weights3)):
    raise ImportError(
        "evaluation_weights2.py or 3 does not match the features: "
        "rerun research/fitting/fit_evaluation.py --facts extended [--signs] --write"
    )


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


def extra_features(g: Game, points: list[int], held: Holdings) -> list[list[float]]:
    """Every seat's :data:`EXTRA_FEATURES` in ``g``; ``points`` and ``held``: its
    :func:`scoring_points` and :func:`holdings`."""
    s = g.s
    P = s.players
    owner = s.owner
    armies = s.armies
    neighbours = BOARD.neighbours
    counties = [0.0] * P
    border = [0.0] * P
    threat = [0.0] * P
    weak = [0.0] * P
    room = [0.0] * P
    for c, o in enumerate(owner):
        if o < 0:
            continue
        counties[o] += 1
        hostile = 0
        for n in neighbours[c]:
            on = owner[n]
            if on < 0:
                room[o] += 1
            elif on != o and armies[n] > hostile:
                hostile = armies[n]
        if hostile:
            border[o] += armies[c]
            threat[o] += hostile
            if armies[c] <= 1:
                weak[o] += 1
    near = [0.0] * P
    for region in held[1]:
        for seats in region:
            best = max(seats)
            if best and seats.count(best) == 1:
                for p in range(P):
                    if seats[p] == best - 1:
                        near[p] += 1
    buildings = [held[0][p] - counties[p] for p in range(P)]
    return [
        [
            buildings[p],
            points[p] - held[0][p],  # what is left of a scoring: the majorities
            border[p],
            threat[p],
            weak[p],
            room[p],
            near[p],
        ]
        for p in range(P)
    ]


def features2(g: Game) -> list[list[float]]:
    """Every seat's facts of the second set (:data:`FEATURES2`) in ``g``, a game not over."""
    held = holdings(g)
    points = scoring_points(g, held)
    return [a + b for a, b in zip(features(g, points), extra_features(g, points, held), strict=True)]


def learned_values(g: Game) -> list[float]:
    """Every seat's predicted final score (up to a constant shared by all seats) in ``g``."""
    w = WEIGHTS[horizon(g)]
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in features(g)]


def learned2_values(g: Game, weights: tuple[tuple[float, ...], ...] = WEIGHTS2) -> list[float]:
    """The same by the second set of facts and weights (``evaluation=learned2``; ``learned3`` with
    :data:`WEIGHTS3`)."""
    w = weights[horizon(g)]
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in features2(g)]


__all__ = [
    "EXTRA_FEATURES",
    "FEATURES",
    "FEATURES2",
    "HOLDINGS",
    "HORIZONS",
    "extra_features",
    "features",
    "features2",
    "horizon",
    "learned2_values",
    "learned_values",
]
