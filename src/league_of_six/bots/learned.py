"""A learned static evaluation for League of Six's ``ismcts`` bot (``evaluation=learned``).

The hand-made evaluation (:func:`league_of_six.bots.heuristic.standing`) adds a seat's projected
civic leader majorities and guards to its influence at fixed rates, the same at every round but
for a "settled" share. This one predicts each seat's **final score** as the search scores a
finished game (influence plus ``WIN`` shared by the winners) from a few cheap public-or-sampled
facts of the position, by a linear model per horizon (the round that starts: the roll-outs stop
there), fitted by least squares on self-play positions (``benchmarks/fit_evaluation.py --game
league``, which writes :mod:`league_of_six.bots.evaluation_weights`). Playing needs no learning
library: a dot product per seat. The recipe is Wallenstein's (:mod:`wallenstein.bots.learned`).

Facts and target are centred over the seats of a position, so the model predicts who ends ahead
of whom (the search only compares seats: :func:`tabletop.ismcts.relative`).
"""

from __future__ import annotations

from league_of_six.bots import evaluation_weights
from league_of_six.cleanup import figures, majorities
from league_of_six.components import KINDS, ROUNDS
from league_of_six.game import Game

# One column per fact, in this order (the weights file names them too, and is checked against it).
FEATURES = (
    "influence",  # influence so far
    "majorities",  # what the civic leader majorities would score if the game ended now (L-06)
    "figures",  # civic leader figures in hand, all kinds
    "lead",  # per kind, figures ahead of (or behind) the best rival, each clipped to +-3, summed
    "cards",  # civic leader cards in hand
    "guards",  # guards in hand (offers, travel, the majorities' tie-break)
)
HORIZONS = ROUNDS  # the start of round 1 .. round 6
WEIGHTS = evaluation_weights.WEIGHTS
if evaluation_weights.FEATURES != FEATURES or len(WEIGHTS) != HORIZONS:
    raise ImportError("evaluation_weights.py does not match the features: rerun benchmarks/fit_evaluation.py")


def horizon(g: Game) -> int:
    """Which model scores ``g``: the round index from round 1 (0) to round 6 (5)."""
    return max(0, min(HORIZONS - 1, g.s.round - 1))


def features(g: Game) -> list[list[float]]:
    """Every seat's facts (:data:`FEATURES`) in ``g``, a game not over."""
    s = g.s
    P = s.players
    held = figures(g)
    cards = [0.0] * P
    for at in s.card_at:
        if at >= 0:
            cards[at] += 1
    maj = [0.0] * P
    lead = [0.0] * P
    for k in range(len(KINDS)):
        counts = [held[p][k] for p in range(P)]
        for p, v in enumerate(majorities(P, counts, s.guards)):
            maj[p] += v
        for p in range(P):
            rival = max(counts[q] for q in range(P) if q != p)
            lead[p] += max(-3, min(3, counts[p] - rival))
    return [
        [float(s.influence[p]), maj[p], float(sum(held[p])), lead[p], cards[p], float(s.guards[p])] for p in range(P)
    ]


def learned_values(g: Game, weights: tuple[tuple[float, ...], ...] = WEIGHTS) -> list[float]:
    """Every seat's predicted final score (up to a constant shared by all seats) in ``g``, by
    ``weights`` (one row per horizon; default the fitted ones)."""
    w = weights[horizon(g)]
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in features(g)]


__all__ = ["FEATURES", "HORIZONS", "features", "horizon", "learned_values"]
