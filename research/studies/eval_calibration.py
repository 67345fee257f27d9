"""How well the ISMCTS static evaluation predicts the final result, horizon by horizon.

Plays heuristic games (seeds 1000...) and, at the start of every Wallenstein season's planning or
League of Six round, takes each seat's margin by the evaluation the search uses at its horizon
(``wallenstein.bots.search.seat_values``, ``league_of_six.bots.heuristic.standing``: the seat's value
minus the best rival's). Prints per horizon: how often the seat the evaluation puts first wins, how
often the seat ahead on points does, and the correlation of ``tanh(margin / 8)`` (the search's
score) with winning; then the win frequency per score band. A search whose roll-outs stop where
the evaluation says little about the result is steered by noise there.

    .venv/bin/python research/studies/eval_calibration.py --game wallenstein --games 200
    .venv/bin/python research/studies/eval_calibration.py --game wallenstein --games 200 --winter   # evaluation=winter
    .venv/bin/python research/studies/eval_calibration.py --game wallenstein --games 200 --evaluation learned
    .venv/bin/python research/studies/eval_calibration.py --game league --games 200 --evaluation learned
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

Row = tuple[int, float, bool, float]  # (horizon index, evaluation margin, won, points margin)


def _margins(vals: list[float]) -> list[float]:
    return [vals[p] - max(vals[q] for q in range(len(vals)) if q != p) for p in range(len(vals))]


def _play(
    game: Any,
    decide: Callable[..., Any],
    key: Callable[[Any], Any],
    value: Callable[[Any], list[float]],
    points: Callable[[Any], list[float]],
) -> list[Row]:
    seen: set[Any] = set()
    snaps: list[tuple[int, list[float], list[float]]] = []
    while not game.over:
        k = key(game)
        if k is not None and k not in seen:
            seen.add(k)
            snaps.append((len(seen), _margins(value(game)), _margins(points(game))))
        p = game.pending()[0]
        game.apply(p, decide(game, p, game.legal_actions(p)))
    winners = game.result()["winners"]
    return [(k, m[p], p in winners, v[p]) for k, m, v in snaps for p in range(len(m))]


def rows(name: str, games: int, evaluation: str = "plain") -> list[Row]:
    out: list[Row] = []
    for seed in range(1000, 1000 + games):
        if name == "wallenstein":
            import wallenstein
            from wallenstein.bots.heuristic import decide as w_decide
            from wallenstein.bots.learned import learned_values
            from wallenstein.bots.search import seat_values
            from wallenstein.state import PLANNING

            def value(g: Any) -> list[float]:
                if evaluation == "learned":
                    return learned_values(g)
                return seat_values(g, winter=evaluation == "winter")

            g: Any = wallenstein.new_game(players=4, seed=seed, log=False)
            out += _play(
                g,
                w_decide,
                lambda g: (g.s.year, g.s.season) if g.s.phase == PLANNING else None,
                value,
                lambda g: [float(x) for x in g.s.vp],
            )
        else:
            import league_of_six
            from league_of_six.bots.heuristic import decide as l_decide
            from league_of_six.bots.heuristic import standing
            from league_of_six.bots.learned import learned_values as l_learned

            g = league_of_six.new_game(players=4, seed=seed, log=False)
            l_value = l_learned if evaluation == "learned" else standing
            out += _play(g, l_decide, lambda g: g.s.round, l_value, lambda g: [float(x) for x in g.s.influence])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("wallenstein", "league"), default="wallenstein")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--winter", action="store_true", help="Wallenstein: the ismcts evaluation=winter variant")
    ap.add_argument(
        "--evaluation",
        choices=("plain", "winter", "learned"),
        default="plain",
        help="learned: both games; winter: Wallenstein",
    )
    args = ap.parse_args()
    data = rows(args.game, args.games, "winter" if args.winter else args.evaluation)
    by: dict[int, list[Row]] = defaultdict(list)
    for r in data:
        by[r[0]].append(r)
    print("| horizon | seats | evaluation's leader wins | points leader wins | corr(tanh(margin/8), win) |")
    print("| --- | --- | --- | --- | --- |")
    for k in sorted(by):
        rs = by[k]
        lead = [w for _, m, w, _ in rs if m > 0]
        ahead = [w for _, _, w, v in rs if v > 0]
        xs = [math.tanh(m / 8) for _, m, _, _ in rs]
        ys = [1.0 if w else 0.0 for _, _, w, _ in rs]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
        var = sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys)
        corr = cov / math.sqrt(var) if var else 0.0

        def rate(ws: list[bool]) -> str:
            return f"{sum(ws) / len(ws):.2f} of {len(ws)}" if ws else "-"

        print(f"| {k} | {len(rs)} | {rate(lead)} | {rate(ahead)} | {corr:.2f} |")
    bands: dict[float, list[int]] = defaultdict(lambda: [0, 0])
    for _, m, w, _ in data:
        b = max(-3, min(3, round(math.tanh(m / 8) * 3))) / 3
        bands[b][0] += 1
        bands[b][1] += w
    print("\n| score band | seats | win frequency |\n| --- | --- | --- |")
    for b in sorted(bands):
        print(f"| {b:+.2f} | {bands[b][0]} | {bands[b][1] / bands[b][0]:.2f} |")


if __name__ == "__main__":
    main()
