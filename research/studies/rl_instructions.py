"""Instructions per step of the RL loops, counted by valgrind's cachegrind: a measure the shared
machine's load does not move (docs/research/rl.md "Speed").

    .venv/bin/python research/studies/rl_instructions.py                      # Wallenstein, 2 games, every row
    .venv/bin/python research/studies/rl_instructions.py --rows engine observed --src /tmp/before/src
    .venv/bin/python research/studies/rl_instructions.py --timed 5 --games 10  # the same rows timed instead

Each row runs in its own process under ``valgrind --tool=cachegrind`` (``PYTHONHASHSEED=0``, one BLAS
thread, address randomisation off: repeated runs agree to 0.01%); a run that only imports and builds
the environment is subtracted and the rest divided by the row's steps. ``--timed N`` runs the rows
without valgrind and prints CPU microseconds per step (the best of N passes).

Rows, 4 players, seeds ``0..games-1``: ``engine`` (bench_rl.py's engine loop), ``observed`` (the
issue's AEC observed loop), ``free`` (the same with a blank vector instead of the encoder's). What-if
rows of Wallenstein's encoder (their vectors are wrong: they measure, nothing else): ``floor`` (every
full encode a bare zero vector; planning's in-place updates real), ``ideal`` (every full encode one
allocation and two scatters by fixed index arrays, no Python), ``nofirst`` / ``noout`` (only a seat's
first vector of a planning phase / only the vectors outside planning a zero vector), ``noboard`` (the
county and seat blocks skipped).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
# The benchmarks' random game loop, shared with bench_rl.py (benchmarks/ is no package).
sys.path.insert(0, str(HERE.parents[1] / "benchmarks"))
from random_play import play_random  # noqa: E402

ROWS = ("engine", "observed", "free", "floor", "ideal", "nofirst", "noout", "noboard")


def _setup(game: str, row: str) -> tuple[Any, Any]:
    """The game's ``new_game`` and an AEC env, patched as ``row`` asks."""
    if game == "wallenstein":
        import wallenstein as package
        from wallenstein import rl
    else:
        import league_of_six as package
        from league_of_six import rl
    env = rl.env(players=4)
    size = rl.SPEC.obs_size
    rs = np.random.default_rng(0)  # (made for every row, so the import run subtracts it)
    ones = np.sort(rs.choice(size, 150, replace=False))  # about a full vector's ones and values
    at = np.sort(rs.choice(size, 60, replace=False))
    val = rs.random(60).astype(np.float32)
    if row == "free":
        blank = np.zeros(size, dtype=np.float32)
        env._encode = lambda _g, _s: blank.copy()
    elif row in ROWS[3:]:
        if game != "wallenstein":
            raise SystemExit(f"row {row} is Wallenstein's only")
        from wallenstein.rl import fast_encoding
        from wallenstein.state import PLANNING

        if row == "noboard":
            fast_encoding._Memo.board = lambda self, vec, s, me: None  # type: ignore[method-assign]
            fast_encoding._Memo.seats = lambda self, vec, s, me: None  # type: ignore[method-assign]
        else:
            real = fast_encoding.encode_game

            def encode_game(g: Any, seat: Any, memo: Any = None) -> Any:
                if row == "ideal":
                    v = np.zeros(size, dtype=np.float32)
                    v[ones] = 1.0
                    v[at] = val
                    return v
                if row == "floor" or (row == "nofirst") == (g.s.phase == PLANNING):
                    return np.zeros(size, dtype=np.float32)
                return real(g, seat, memo)

            fast_encoding.encode_game = encode_game  # type: ignore[assignment]
    return package.new_game, env


def _once(game: str, row: str, games: int, new_game: Any, env: Any) -> int:
    if row == "import":
        return 0
    if row == "engine":
        return sum(play_random(lambda s: new_game(players=4, seed=s, log=False), s) for s in range(games))
    n = 0
    for seed in range(games):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
    return n


def _child(game: str, row: str, games: int, timed: int) -> None:
    new_game, env = _setup(game, row)
    if not timed:
        print("STEPS", _once(game, row, games, new_game, env))
        return
    best = float("inf")
    for _ in range(timed):
        t = time.process_time()
        n = _once(game, row, games, new_game, env)
        best = min(best, time.process_time() - t)
    print("STEPS", n, "CPU_US", round(best / n * 1e6, 2))


def _run(args: argparse.Namespace, row: str) -> tuple[int, int]:
    """(instructions, steps) of one row in its own process (instructions 0 when timed)."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if args.src:
        env["PYTHONPATH"] = args.src
    cmd = [sys.executable, __file__, "--child", row, "--game", args.game, "--games", str(args.games)]
    if args.timed:
        cmd += ["--timed", str(args.timed)]
    else:
        out_file = "--cachegrind-out-file=/dev/null"
        cmd = ["setarch", "-R", "valgrind", "--tool=cachegrind", "--cache-sim=no", out_file, *cmd]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    text = out.stdout + out.stderr
    steps = re.search(r"STEPS (\d+)", text)
    if steps is None:
        raise SystemExit(f"row {row} failed:\n{text}")
    if args.timed:
        cpu_us = re.findall(r"CPU_US (\S+)", text)[0]
        print(f"{row:10s} {int(steps.group(1)):6d} steps  {cpu_us} CPU us per step", flush=True)
        return 0, int(steps.group(1))
    refs = re.search(r"I\s+refs:\s+([\d,]+)", text)
    assert refs is not None, text
    return int(refs.group(1).replace(",", "")), int(steps.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("wallenstein", "league_of_six"), default="wallenstein")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--rows", nargs="+", choices=ROWS, default=list(ROWS))
    ap.add_argument("--src", help="PYTHONPATH for the measured runs (another tree's src: before/after)")
    ap.add_argument("--timed", type=int, default=0, help="time N passes instead of counting instructions")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.game, args.child, args.games, args.timed)
        return 0
    if args.timed:
        for row in args.rows:
            _run(args, row)
        return 0
    base, _ = _run(args, "import")
    engine = None
    for row in args.rows:
        refs, steps = _run(args, row)
        per = (refs - base) / steps
        engine = per if row == "engine" else engine
        ratio = f"  {engine / per:.3f}x the engine's rate" if engine and row != "engine" else ""
        print(f"{row:10s} {steps:6d} steps  {per:10,.0f} instructions per step{ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
