"""The learned evaluation's weights (:mod:`wallenstein.bots.learned`): written by
``research/fitting/fit_evaluation.py --games 4000 --write`` (self-play seeds 20000..).
"""

FEATURES = (
    "vp",
    "future_scoring",
    "thalers",
    "grain",
    "armies",
    "counties",
    "winter_loss",
    "grain_short",
    "supply",
    "tower",
    "markers",
)
# One row per horizon (year 1 spring .. year 2 fall), one weight per feature.
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.44489, 0.0, -1.36631, 1.36631, 0.0),
    (0.0, 0.02032, 1.17208, 1.25682, 0.32122, 3.14566, -1.78478, 1.34394, -1.34387, 1.02265, -2.94636),
    (0.0, 0.41688, 1.11159, 1.36212, 0.19525, 1.05126, -0.54083, 0.19468, -1.37654, 1.18129, -1.35895),
    (0.81461, 0.81461, 0.73315, 0.0, 0.09288, 0.2405, -0.43622, 0.56798, -0.82052, 0.72765, 0.0),
    (1.21761, 0.52113, 0.49543, 0.75188, 0.03923, 0.40046, -0.56694, 0.46086, -0.66897, 0.62974, -0.48198),
    (1.19992, 0.74851, 0.31178, 0.11085, -0.01317, 0.63115, -0.28967, -0.22958, -0.4779, 0.49107, -0.19819),
)
