"""The review's calibration: predicted chances to win against how the games ended (docs/research/review.md).

Reads the rows of ``review_positions.py`` (one file per game) and cross-fits by the game's seed: what is
fitted (the shrink of the review's chances towards 1/players, the naive estimate's win rates by VP rank)
is fitted on the even seeds' games to score the odd ones, and the other way round, so no position is
scored by an estimate fitted on its own game. Every prediction is one seat at one position; its outcome
is the seat's share of the win (1, 1/k in a k-way tie, 0). Estimates compared on the scored games:

* ``review``: the raw roll-out estimate (the curve with no correction);
* ``review, as shipped``: the raw share with the review's prior (``tabletop.review.PRIOR`` pseudo-roll-outs
  per seat, :func:`tabletop.review.calibrated`), chosen before the study: nothing fitted;
* ``review, shrunk``: ``(1 - a) p + a / players`` with ``a`` fitted on the other fold (least Brier);
* ``review, tempered``: temperature scaling over the position's seats, ``(p + e) ** t`` normalized
  (``e``: half a roll-out), ``t`` fitted on the other fold;
* ``VP rank``: the naive estimate, the win rate of a seat of that rank by current points (ties share the
  rank), per third of the game and player count, fitted on the other fold and normalized per position;
* ``uniform``: 1 / players.

Prints and writes the Brier scores (mean squared error per prediction, with a standard error by
resampling games), the reliability table (predicted vs observed by bins of 0.1) as JSON, and the
reliability diagram as a PNG:

    .venv/bin/python research/studies/review_calibration.py research/games/review-calibration/*.jsonl \\
        --out research/games/review-calibration/summary.json --plot docs/research/review-calibration.png
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tabletop.review import PRIOR, calibrated

Pred = dict[str, Any]  # one seat at one position: game, seed, players, p, y, rank, third
Estimator = Callable[[Pred], float]
BINS = 10
PLOTTED = ("review", "review, as shipped", "VP rank")  # in the reliability table and diagram
ROLLOUTS = 24  # the roll-outs per estimate in the rows (review_positions.py --rollouts)


def load(path: Path) -> list[list[Pred]]:
    """Every position of the file as its seats' predictions."""
    out: list[list[Pred]] = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        g = json.loads(line)
        n = g["players"]
        share = {w: 1.0 / len(g["winners"]) for w in g["winners"]}
        for pos in g["positions"]:
            third = min(2, int(pos["progress"] * 3))
            out.append(
                [
                    {
                        "seed": g["seed"],
                        "players": n,
                        "p": pos["chances"][s],
                        "y": share.get(s, 0.0),
                        "rank": pos["rank"][s],
                        "third": third,
                    }
                    for s in range(n)
                ]
            )
    return out


def brier(positions: Sequence[list[Pred]], est: Estimator) -> float:
    preds = [(est(x), x["y"]) for pos in positions for x in pos]
    return sum((p - y) ** 2 for p, y in preds) / len(preds)


def brier_error(positions: Sequence[list[Pred]], est: Estimator, rounds: int = 200) -> float:
    """The Brier score's standard error, resampling whole games (their positions are not independent)."""
    by_game: dict[int, list[list[Pred]]] = defaultdict(list)
    for pos in positions:
        by_game[pos[0]["seed"]].append(pos)
    games = list(by_game)
    rng = random.Random(0)
    scores = []
    for _ in range(rounds):
        sample = [pos for g in rng.choices(games, k=len(games)) for pos in by_game[g]]
        scores.append(brier(sample, est))
    mean = sum(scores) / rounds
    return float((sum((s - mean) ** 2 for s in scores) / (rounds - 1)) ** 0.5)


def fit_shrink(train: Sequence[list[Pred]]) -> float:
    """The shrink towards 1/players with the least Brier score on ``train`` (a grid of 0.01)."""
    return min((a / 100 for a in range(0, 101)), key=lambda a: brier(train, _shrunk(a)))


def _shrunk(a: float) -> Estimator:
    return lambda x: (1 - a) * x["p"] + a / x["players"]


def _tempered(t: float, rollouts: int) -> Callable[[list[Pred]], list[float]]:
    """Temperature scaling over a position's seats: ``(p + e) ** t`` normalized, ``e`` half a roll-out."""
    e = 0.5 / rollouts

    def scaled(pos: list[Pred]) -> list[float]:
        raw = [(x["p"] + e) ** t for x in pos]
        total = sum(raw)
        return [r / total for r in raw]

    return scaled


def fit_temperature(train: Sequence[list[Pred]], rollouts: int) -> float:
    """The temperature with the least Brier score on ``train`` (a grid of 0.05 from 0.3 to 1.5)."""

    def score(t: float) -> float:
        f = _tempered(t, rollouts)
        preds = [(q, x["y"]) for pos in train for x, q in zip(pos, f(pos), strict=True)]
        return sum((q - y) ** 2 for q, y in preds) / len(preds)

    return min((t / 100 for t in range(30, 151, 5)), key=score)


def fit_rank(train: Sequence[list[Pred]]) -> Callable[[list[Pred]], list[float]]:
    """The naive estimate: win rate by (players, third, rank) on ``train``, normalized per position."""
    tally: dict[tuple[int, int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for pos in train:
        for x in pos:
            t = tally[(x["players"], x["third"], x["rank"])]
            t[0] += x["y"]
            t[1] += 1

    def rates(pos: list[Pred]) -> list[float]:
        raw = []
        for x in pos:
            won, n = tally.get((x["players"], x["third"], x["rank"]), (0.0, 0.0))
            raw.append((won + 1.0 / x["players"]) / (n + 1))  # one pseudo-game at 1/players
        total = sum(raw)
        return [r / total for r in raw]

    return rates


def reliability(positions: Sequence[list[Pred]], est: Estimator) -> list[dict[str, float]]:
    """Mean prediction and observed win share per bin of the prediction."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for pos in positions:
        for x in pos:
            p = est(x)
            bins[min(BINS - 1, int(p * BINS))].append((p, x["y"]))
    return [
        {
            "bin": i / BINS,
            "n": len(b),
            "predicted": sum(p for p, _ in b) / len(b),
            "observed": sum(y for _, y in b) / len(b),
        }
        for i, b in enumerate(bins)
        if b
    ]


def _folds(positions: list[list[Pred]]) -> list[tuple[list[list[Pred]], list[list[Pred]]]]:
    """Two folds by the game's seed: (fit on even seeds, score odd ones) and the other way round."""
    even = [pos for pos in positions if pos[0]["seed"] % 2 == 0]
    odd = [pos for pos in positions if pos[0]["seed"] % 2 == 1]
    return [(even, odd), (odd, even)]


def study(positions: list[list[Pred]]) -> dict[str, Any]:
    """Every position scored by estimates fitted on the other fold's games only (cross-fitting)."""
    scored: list[list[Pred]] = []
    shrinks = []
    temperatures: list[float] = []
    for fit, test in _folds(positions):
        a = fit_shrink(fit)
        shrinks.append(a)
        rank = fit_rank(fit)
        t = fit_temperature(fit, ROLLOUTS)
        temperatures.append(t)
        for pos in test:
            rows = zip(pos, rank(pos), _tempered(t, ROLLOUTS)(pos), strict=True)
            scored.append([{**x, "shrunk": _shrunk(a)(x), "rank_p": r, "tempered": q} for x, r, q in rows])
    estimators: dict[str, Estimator] = {
        "review": lambda x: x["p"],
        "review, as shipped": lambda x: calibrated(x["p"], ROLLOUTS, x["players"], PRIOR),
        "review, shrunk": lambda x: x["shrunk"],
        "review, tempered": lambda x: x["tempered"],
        "VP rank": lambda x: x["rank_p"],
        "uniform": lambda x: 1.0 / x["players"],
    }
    return {
        "positions": {"scored": len(scored), "predictions": sum(len(p) for p in scored)},
        "games": {"scored": len({p[0]["seed"] for p in scored})},
        "shrink_by_fold": shrinks,
        "shrink_all": fit_shrink(positions),
        "temperature_by_fold": temperatures,
        "temperature_all": fit_temperature(positions, ROLLOUTS),
        "brier": {k: round(brier(scored, e), 4) for k, e in estimators.items()},
        "brier_error": {k: round(brier_error(scored, e), 4) for k, e in estimators.items()},
        "reliability": {k: reliability(scored, e) for k, e in estimators.items() if k in PLOTTED},
    }


def plot(results: dict[str, dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(5.2 * len(results), 4.8), dpi=110, squeeze=False)
    styles = {"review": ("#2e6fd8", "o"), "review, as shipped": ("#1b9e77", "s"), "VP rank": ("#d95f02", "^")}
    for ax, (game, r) in zip(axes[0], results.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="#999999", linewidth=0.8, linestyle="--")
        for name, rows in r["reliability"].items():
            colour, marker = styles[name]
            label = f"{name} (Brier {r['brier'][name]:.3f})"
            ax.plot(
                [b["predicted"] for b in rows], [b["observed"] for b in rows], color=colour, marker=marker, label=label
            )
        ax.set_title(f"{game}: {r['positions']['scored']} positions of {r['games']['scored']} unseen games")
        ax.set_xlabel("predicted chance to win")
        ax.set_ylabel("observed share of wins")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.legend(loc="upper left", fontsize=8, title=f"uniform: Brier {r['brier']['uniform']:.3f}", title_fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", type=Path, help="review_positions.py output, one file per game")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--plot", type=Path, required=True)
    args = ap.parse_args()
    results = {f.stem: study(load(f)) for f in args.files}
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    plot(results, args.plot)
    for game, r in results.items():
        print(game, r["positions"], r["games"], "shrink", r["shrink_by_fold"], r["shrink_all"])
        print("  temperature", r["temperature_by_fold"], r["temperature_all"])
        for k in r["brier"]:
            print(f"  {k:15s} Brier {r['brier'][k]:.4f} ± {r['brier_error'][k]:.4f}")


if __name__ == "__main__":
    main()
