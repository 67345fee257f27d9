"""The learned evaluation's weights (:mod:`league_of_six.bots.learned`): written by
``research/fitting/fit_evaluation.py --game league --games 4000 --write`` (self-play seeds 20000..).
"""

FEATURES = (
    "influence",
    "majorities",
    "figures",
    "lead",
    "cards",
    "guards",
)
# One row per horizon (round 1 .. round 6), one weight per feature.
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    (1.68087, -0.01442, 1.64048, 0.06383, 1.18455, 3.11939),
    (1.55463, -0.01103, 1.71747, 0.14481, 0.78122, 2.98141),
    (1.55131, 0.01159, 1.63491, 0.22339, 0.67195, 2.86618),
    (1.54589, 0.14977, 1.65483, 0.14454, 0.21928, 2.37528),
    (1.50415, 0.48797, 1.19832, 0.17929, -0.01267, 1.83143),
)
