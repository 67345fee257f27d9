"""Throughput of studies (simulate/tournament --out) on each backend, Ray's overhead, and how the
cost grows with the number of games.

    .venv/bin/python benchmarks/bench_cluster.py                       # 200 heuristic games per run
    .venv/bin/python benchmarks/bench_cluster.py --games 100 --growth 1000 --json
    .venv/bin/python benchmarks/bench_cluster.py --growth 1000 10000 100000   # measure them all (hours)

What it measures, on this machine, in one run:

* the same study (Wallenstein 2012, 4 heuristic bots, from seed 0) on local processes and on Ray,
  with 1 and 2 workers, interleaved over ``--rounds`` rounds (median kept): wall-clock seconds from
  the first batch to the last row, with the workers already started, and games/s; start-up (a
  process pool's spawn with its first game, ``ray.init``) measured apart;
* Ray's overhead: its games/s against local processes with as many workers;
* growth: a study of random games (process backend, every worker, start-up included) at each size
  of ``--growth`` that is measured, written to a results file: seconds, games/s, bytes per row, and
  the time to read the file back (what ``report``, ``analyze`` and a resume do). Sizes above the largest measured one
  are projected linearly from it and marked "projected".
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tabletop.backends import ProcessBackend, RayBackend, run_study
from tabletop.results import ResultFile, Study, read_rows
from wallenstein.bots.tournament import WallensteinTournament

HEURISTIC = ("heuristic",) * 4
RANDOM = ("random",) * 4


def timed_run(study: Study, backend: Any) -> tuple[float, int]:
    start = time.perf_counter()
    rows = run_study(study, backend)
    return time.perf_counter() - start, len(rows)


def startup_seconds(kind: str, workers: int) -> float:
    """Start-up of a backend: a spawned pool running one trivial game batch, or ray.init."""
    start = time.perf_counter()
    if kind == "process":
        run_study(Study(WallensteinTournament(), RANDOM, 0, workers), ProcessBackend(workers), size=1)
    else:
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        ray.shutdown()
    return time.perf_counter() - start


def throughput(games: int, workers: list[int], rounds: int) -> list[dict[str, Any]]:
    """Each backend and worker count ``rounds`` times, interleaved (process, Ray, process, Ray...), so
    that a change in the machine's load falls on both; the median round is kept."""
    import ray

    study = Study(WallensteinTournament(), HEURISTIC, 0, games)
    warm = Study(WallensteinTournament(), RANDOM, 0, max(workers))
    ray.init(num_cpus=max(workers), include_dashboard=False, log_to_driver=False, configure_logging=False)
    seconds: dict[tuple[str, int], list[float]] = {}
    try:
        for _ in range(rounds):
            for w in workers:
                for kind in ("process", "ray"):
                    backend: Any = ProcessBackend(w) if kind == "process" else RayBackend(w)
                    run_study(warm, backend, size=1)  # start the workers
                    seconds.setdefault((kind, w), []).append(timed_run(study, backend)[0])
                    backend.close()
    finally:
        ray.shutdown()
    out = []
    for (kind, w), times in seconds.items():
        median = sorted(times)[len(times) // 2]
        out.append(
            {
                "backend": kind,
                "workers": w,
                "games": games,
                "seconds": median,
                "games_per_s": games / median,
                "rounds": [round(games / t, 2) for t in times],
            }
        )
    return out


def growth(sizes: list[int], measure_up_to: int, workers: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    for size in sorted(sizes):
        if size <= measure_up_to:
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "results.jsonl"
                study = Study(WallensteinTournament(), RANDOM, 0, size)
                results = ResultFile(path, study)
                start = time.perf_counter()
                pool = ProcessBackend(workers)
                run_study(study, pool, on_rows=results.write)
                seconds = time.perf_counter() - start  # start-up included: a study pays it once
                pool.close()
                results.close()
                start = time.perf_counter()
                rows = sum(1 for _ in read_rows(path))
                read = time.perf_counter() - start
                row_bytes = path.stat().st_size / rows
            last = {
                "games": size,
                "seconds": seconds,
                "games_per_s": size / seconds,
                "bytes_per_row": row_bytes,
                "file_mb": size * row_bytes / 1e6,
                "read_s": read,
                "how": "measured",
            }
            out.append(last)
        elif last is not None:
            k = size / last["games"]
            out.append(
                {
                    "games": size,
                    "seconds": last["seconds"] * k,
                    "games_per_s": last["games_per_s"],
                    "bytes_per_row": last["bytes_per_row"],
                    "file_mb": size * last["bytes_per_row"] / 1e6,
                    "read_s": last["read_s"] * k,
                    "how": "projected",
                }
            )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="heuristic games per throughput run")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds per backend (the median is kept)")
    ap.add_argument("--growth", type=int, nargs="+", default=[1000], help="study sizes to measure (random games)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    sizes = sorted(set(args.growth) | {1000, 10_000, 100_000})
    report = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}",
        "startup_s": {
            f"{kind} x{w}": startup_seconds(kind, w)
            for kind in ("process", "ray")
            for w in args.workers
            if w > 1 or kind == "ray"
        },
        "throughput": throughput(args.games, args.workers, args.rounds),
        "growth": growth(sizes, max(args.growth), max(args.workers)),
    }
    rate = {(r["backend"], r["workers"]): r["games_per_s"] for r in report["throughput"]}
    report["ray_overhead"] = {
        f"x{w}": 1 - rate["ray", w] / rate["process", w] for w in args.workers if ("ray", w) in rate
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"Machine: {report['machine']}")
    print("Start-up: " + ", ".join(f"{k} {v:.1f} s" for k, v in report["startup_s"].items()))
    print(f"Throughput, {args.games} games of Wallenstein 2012, 4 heuristic bots (start-up excluded):")
    for r in report["throughput"]:
        rounds = ", ".join(f"{x:.1f}" for x in r["rounds"])
        print(f"  {r['backend']:7} x{r['workers']}: {r['games_per_s']:6.1f} games/s (median of rounds: {rounds})")
    for k, v in report["ray_overhead"].items():
        print(f"  Ray overhead {k}: {100 * v:+.0f}% (share of local-process throughput lost)")
    print(f"Growth, random games, process backend x{max(args.workers)}:")
    for g in report["growth"]:
        print(
            f"  {g['games']:>7,} games: {g['seconds']:8.1f} s ({g['games_per_s']:.1f} games/s),"
            f" file {g['file_mb']:.1f} MB ({g['bytes_per_row']:.0f} B/row), read back {g['read_s']:.2f} s  [{g['how']}]"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
