"""Fit the ``ismcts`` bot's learned evaluation (``evaluation=learned``, :mod:`wallenstein.bots.learned`).

Plays self-play games (seeds 20000...; Wallenstein 2012, 4 players) with the search's roll-out
policy, each seat planning as the heuristic or, at random, with the opponent model's noise (so the
positions spread like the search's roll-outs do), and takes every seat's facts
(:data:`wallenstein.bots.learned.FEATURES`) at the start of each season's planning, the search's
horizon. The target is the seat's final score as the search scores a finished game (VP, plus
``WIN`` shared by the winners). Per horizon, a least-squares fit (a little ridge) of the centred
targets on the centred facts (centred over the seats of a position: the search only compares
seats). Prints each horizon's R^2 on held-out games, and writes the weights module.

    .venv/bin/python research/fitting/fit_evaluation.py --games 2000 --write   # ~4 min
    .venv/bin/python research/studies/eval_calibration.py --game wallenstein --games 200 --evaluation learned

A second set of Wallenstein facts (``--facts extended``, ``evaluation=learned2/3``) was fitted and
screened in the eighth round and deleted with its option (research/journal.md): this script fits the
first set.

``--game league`` fits League of Six's (:mod:`league_of_six.bots.learned`, 4 players, stand-in set)
the same way: positions at the start of every round, the roll-out policy (the heuristic with the
roll-outs' noise) for a random half of the seats, the final influence plus ``WIN`` as the target.

    .venv/bin/python research/fitting/fit_evaluation.py --game league --games 3000 --write
    .venv/bin/python research/studies/eval_calibration.py --game league --games 200 --evaluation learned

``--guard-weight X`` (League of Six) adds each horizon's held-out R^2 with the guard's weight set to
``X`` and the others as fitted (``ismcts:guard_weight=X``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

import wallenstein
from wallenstein.bots.heuristic import DEFAULT, decide
from wallenstein.bots.ismcts import WIN
from wallenstein.bots.learned import FEATURES, HORIZONS, features, horizon
from wallenstein.bots.rollout import policy
from wallenstein.bots.search import MODEL_NOISE
from wallenstein.game import Game
from wallenstein.state import PLANNING

SRC = Path(__file__).resolve().parents[2] / "src"
WEIGHTS_FILE = SRC / "wallenstein" / "bots" / "evaluation_weights.py"
LEAGUE_WEIGHTS_FILE = SRC / "league_of_six" / "bots" / "evaluation_weights.py"
FIRST_SEED = 20000
Snap = tuple[int, list[list[float]], list[float]]


def play(seed: int, facts: Callable[[Game], list[list[float]]] = features) -> list[Snap]:
    """One self-play game: (horizon, every seat's facts, every seat's final score) per season start."""
    rng = random.Random(f"fit-evaluation/{seed}")
    g = wallenstein.new_game(players=4, seed=seed, log=False)
    P = g.s.players
    values = [replace(DEFAULT, noise=MODEL_NOISE) if rng.random() < 0.5 else DEFAULT for _ in range(P)]
    seen: set[tuple[int, int]] = set()
    snaps: list[tuple[int, list[list[float]]]] = []
    while not g.over:
        s = g.s
        if s.phase == PLANNING and (s.year, s.season) not in seen:
            seen.add((s.year, s.season))
            snaps.append((horizon(g), facts(g)))
        p = g.pending()[0]
        legal = g.legal_actions(p)
        act = decide(g, p, legal, values[p], rng) if s.phase == PLANNING else policy(g, p, legal, values[p])
        g.apply(p, act)
    winners = g.result()["winners"]
    final = [float(g.s.vp[p]) + (WIN / len(winners) if p in winners else 0.0) for p in range(P)]
    return [(k, f, final) for k, f in snaps]


def play_league(seed: int) -> list[Snap]:
    """One League of Six self-play game: (horizon, every seat's facts, final score) per round start."""
    import league_of_six
    from league_of_six.bots.heuristic import DEFAULT as L_DEFAULT
    from league_of_six.bots.heuristic import decide as l_decide
    from league_of_six.bots.learned import features as l_features
    from league_of_six.bots.learned import horizon as l_horizon
    from league_of_six.bots.search import ROLLOUT_NOISE
    from league_of_six.bots.search import WIN as L_WIN

    rng = random.Random(f"fit-evaluation/league/{seed}")
    g = league_of_six.new_game(players=4, seed=seed, log=False)
    P = g.s.players
    values = [replace(L_DEFAULT, noise=ROLLOUT_NOISE) if rng.random() < 0.5 else L_DEFAULT for _ in range(P)]
    seen: set[int] = set()
    snaps: list[tuple[int, list[list[float]]]] = []
    while not g.over:
        if g.s.round not in seen:
            seen.add(g.s.round)
            snaps.append((l_horizon(g), l_features(g)))
        p = g.pending()[0]
        g.apply(p, l_decide(g, p, g.legal_actions(p), values[p], rng))
    winners = g.result()["winners"]
    final = [float(g.s.influence[p]) + (L_WIN / len(winners) if p in winners else 0.0) for p in range(P)]
    return [(k, f, final) for k, f in snaps]


def centred(rows: list[tuple[list[list[float]], list[float]]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for f, y in rows:
        x = np.asarray(f)
        t = np.asarray(y)
        xs.append(x - x.mean(axis=0))
        ys.append(t - t.mean())
    return np.concatenate(xs), np.concatenate(ys)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, keep: Sequence[int] = ()) -> np.ndarray:
    """Least squares with a small ridge (scaled by the data) on centred data: the weights. The
    columns in ``keep`` may not get a negative weight: one that would is left out (weight 0) and
    the rest refitted, until none does (an active-set approximation of the constrained fit)."""
    a = x.T @ x
    if not np.trace(a):  # no fact differs between the seats (League of Six's first round): no model
        return np.zeros(a.shape[0])
    a += ridge * np.trace(a) / a.shape[0] * np.eye(a.shape[0])
    b = x.T @ y
    used = list(range(a.shape[0]))
    while True:
        w = np.zeros(a.shape[0])
        w[used] = np.linalg.solve(a[np.ix_(used, used)], b[used])
        bad = [i for i in keep if i in used and w[i] < 0]
        if not bad:
            return w
        used.remove(min(bad, key=lambda i: w[i]))


def row_lines(w: tuple[float, ...]) -> list[str]:
    """One weights row of the generated module, wrapped when it would pass the line length."""
    if len(f"    {w!r},") <= 120:
        return [f"    {w!r},"]
    return ["    (", *(f"        {v!r}," for v in w), "    ),"]  # one value a line, as ruff formats it


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("wallenstein", "league"), default="wallenstein")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--holdout", type=float, default=0.2, help="share of the games held out for the R^2")
    ap.add_argument("--write", action="store_true", help="write the weights module (fitted on all games)")
    ap.add_argument("--guard-weight", type=float, help="League of Six: also the R^2 with a guard's weight set to this")
    args = ap.parse_args()
    if args.guard_weight is not None and (args.game != "league" or args.write):
        ap.error("--guard-weight: League of Six only, and not with --write")
    league = args.game == "league"
    names: tuple[str, ...]
    player: Callable[[int], list[Snap]]
    if league:
        from league_of_six.bots import learned as l_learned

        names, horizons, out_file, player = l_learned.FEATURES, l_learned.HORIZONS, LEAGUE_WEIGHTS_FILE, play_league
    else:
        names, horizons, out_file, player = FEATURES, HORIZONS, WEIGHTS_FILE, play
    by: list[list[list[tuple[list[list[float]], list[float]]]]] = [[] for _ in range(horizons)]
    for i in range(args.games):
        per_game: list[list[tuple[list[list[float]], list[float]]]] = [[] for _ in range(horizons)]
        for k, f, final in player(FIRST_SEED + i):
            per_game[k].append((f, final))
        for k in range(horizons):
            by[k].append(per_game[k])
    cut = int(args.games * (1 - args.holdout))
    weights = []
    fixed = args.guard_weight is not None
    head = "| horizon | positions | R^2 held out | R^2 of the plain evaluation's projected points |"
    print(head + " R^2, guard set |" * fixed)
    print("| --- | --- | --- | --- |" + " --- |" * fixed)
    for k in range(horizons):
        train = [r for game in by[k][:cut] for r in game]
        test = [r for game in by[k][cut:] for r in game]
        x, y = centred(train)
        xt, yt = centred(test)
        w = fit(x, y)
        r2 = 1 - float(((xt @ w - yt) ** 2).sum() / (yt**2).sum())
        # Wallenstein: VP plus the scorings left; League of Six: influence plus the majorities now.
        proj = xt[:, 0] + xt[:, 1]
        r2p = 1 - float(((proj - yt) ** 2).sum() / (yt**2).sum())
        row = f"| {k} | {len(train) + len(test)} | {r2:.3f} | {r2p:.3f} |"
        if fixed:
            wg = w.copy()
            wg[names.index("guards")] = args.guard_weight if k else 0.0
            row += f" {1 - float(((xt @ wg - yt) ** 2).sum() / (yt**2).sum()):.3f} |"
        print(row)
        xa, ya = centred(train + test)
        weights.append(tuple(round(float(v), 5) + 0.0 for v in fit(xa, ya)))
    for name, col in zip(names, zip(*weights, strict=True), strict=True):
        print(f"{name:>16}: " + " ".join(f"{v:+.3f}" for v in col))
    if args.write:
        pkg = "league_of_six" if league else "wallenstein"
        flag = " --game league" if league else ""
        rows = "round 1 .. round 6" if league else "year 1 spring .. year 2 fall"
        lines = [
            f'"""The learned evaluation\'s weights (:mod:`{pkg}.bots.learned`): written by',
            f"``research/fitting/fit_evaluation.py{flag} --games {args.games} --write``"
            f" (self-play seeds {FIRST_SEED}..).",
            '"""',
            "",
            "FEATURES = (",
            *(f'    "{name}",' for name in names),
            ")",
            f"# One row per horizon ({rows}), one weight per feature.",
            "WEIGHTS: tuple[tuple[float, ...], ...] = (",
            *(line for w in weights for line in row_lines(w)),
            ")",
            "",
        ]
        out_file.write_text("\n".join(lines))
        print(f"wrote {out_file}")


if __name__ == "__main__":
    main()
