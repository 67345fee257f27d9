"""Speed of random 4-player play: this Wallenstein engine against Catanatron, side by side.

    .venv/bin/python benchmarks/bench_engine.py                 # table, targets, breakdown
    .venv/bin/python benchmarks/bench_engine.py --games 100     # more games, steadier figures
    .venv/bin/python benchmarks/bench_engine.py --json          # the same figures as JSON
    .venv/bin/python benchmarks/bench_engine.py --profile       # plus cProfile, top 25 by tottime

Catanatron (``pip install -e '.[bench]'``) is driven its own fastest standard way: a
``catanatron.Game`` of four ``RandomPlayer``s and ``game.play()``, which validates each action
(``action in playable_actions``) like our ``apply`` does. Its legal actions are generated inside
``apply_action``; ours are computed by ``legal_actions``, so both rates include move generation.

Definitions (the same for both engines):

* a *decision* is one action applied: one ``Game.apply`` call for Wallenstein (decisions with a
  single legal option are taken by the engine itself and are not counted: they are not decisions),
  one entry of ``game.state.actions`` for Catanatron (every executed action, forced ones included:
  Catanatron has no automatic moves, and about 64% of its actions in random play are forced: the
  table also shows its rate of decisions with a real choice, for information);
* the random agent of Wallenstein takes the first pending seat and picks uniformly among its legal
  actions with a seeded ``random.Random``; Catanatron's ``RandomPlayer`` uses the global ``random``
  module, seeded by ``Game(seed=...)``;
* games/s and decisions/s include creating each game; games are played to the end (Catanatron's
  own limit of 1000 turns applies; truncated games are counted and reported);
* clones/s: ``Game.clone()`` against ``Game.copy()`` of mid-game states (half-way through a
  random game), repeated in a tight loop.

Catanatron's random games repeat within a process but not across processes (its decisions/game
varies a little from run to run); ours are fully reproducible from the seeds.

Targets: at least 2x Catanatron's decisions/s and 5x its clones/s.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

from random_play import breakdown, measure_clones, measure_games, midgame, play_random, profile

import wallenstein

TARGET_DECISIONS = 2.0
TARGET_CLONES = 5.0
PLAYERS = 4
CLONE_STATES = 3  # mid-game states cloned per engine
CLONE_SECONDS = 0.4  # clone loop time per state


# ---------------------------------------------------------------------------- Wallenstein
def new_wallenstein(seed: int) -> wallenstein.Game:
    return wallenstein.new_game(players=PLAYERS, seed=seed, log=False)


def play_wallenstein(seed: int) -> int:
    """One random game to the end; returns the number of decisions (apply calls)."""
    return play_random(new_wallenstein, seed)


# ---------------------------------------------------------------------------- Catanatron
def catanatron_available() -> str | None:
    try:
        import catanatron
    except ImportError:
        return None
    try:
        from importlib.metadata import version

        return version("catanatron")
    except Exception:
        return getattr(catanatron, "__version__", "?")


def _catan_game(seed: int) -> Any:
    from catanatron import Color, Game, RandomPlayer

    # Game(seed=0) would draw a random seed (``seed or randrange``): shift by one.
    return Game([RandomPlayer(c) for c in Color][:PLAYERS], seed=seed + 1)


def play_catanatron(seed: int) -> tuple[int, bool]:
    """One random game to the end (or Catanatron's turn limit); (decisions, finished)."""
    game = _catan_game(seed)
    winner = game.play()
    return len(game.state.actions), winner is not None


def catanatron_midgame(seed: int) -> Any:
    half = play_catanatron(seed)[0] // 2
    game = _catan_game(seed)
    while len(game.state.actions) < half:
        game.play_tick()
    return game


def catanatron_forced_share(seeds: list[int]) -> float:
    """Share of Catanatron's executed actions that had a single playable option (not timed)."""
    forced = total = 0
    for seed in seeds:
        game = _catan_game(seed)

        def decide(player: Any, game: Any, actions: Any) -> Any:
            nonlocal forced, total
            total += 1
            forced += len(actions) == 1
            return player.decide(game, actions)

        game.play(decide_fn=decide)
    return forced / total if total else 0.0


def run(games: int, with_catanatron: bool = True) -> dict[str, Any]:
    seeds = list(range(games))
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "games": games,
        "targets": {"decisions_ratio": TARGET_DECISIONS, "clones_ratio": TARGET_CLONES},
    }
    play_wallenstein(10_000)  # warm up imports and caches outside the timings
    ours = measure_games(play_wallenstein, seeds)
    mids = [midgame(new_wallenstein, s) for s in range(CLONE_STATES)]
    ours.update(measure_clones(mids, lambda g: g.clone(), CLONE_SECONDS))
    report["wallenstein"] = ours
    report["breakdown"] = breakdown(new_wallenstein, seeds)

    version = catanatron_available() if with_catanatron else None
    if version is None:
        report["catanatron"] = None
        return report
    play_catanatron(10_000)
    theirs = measure_games(play_catanatron, seeds)
    cmids = [catanatron_midgame(s) for s in range(CLONE_STATES)]
    theirs.update(measure_clones(cmids, lambda g: g.copy(), CLONE_SECONDS))
    theirs["version"] = version
    theirs["forced_share"] = catanatron_forced_share(seeds[: min(len(seeds), 10)])
    report["catanatron"] = theirs
    ratios = {
        "games_per_s": ours["games_per_s"] / theirs["games_per_s"],
        "decisions_per_s": ours["decisions_per_s"] / theirs["decisions_per_s"],
        "clones_per_s": ours["clones_per_s"] / theirs["clones_per_s"],
    }
    report["ratios"] = ratios
    report["targets_met"] = {
        "decisions": ratios["decisions_per_s"] >= TARGET_DECISIONS,
        "clones": ratios["clones_per_s"] >= TARGET_CLONES,
    }
    return report


# ---------------------------------------------------------------------------- printing
def _fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.2f}"


def print_report(r: dict[str, Any]) -> None:
    ours, theirs = r["wallenstein"], r["catanatron"]
    print(
        f"Random {PLAYERS}-player play, {r['games']} games per engine "
        f"(Python {r['python']} {r['implementation']}, {r['machine']})"
    )
    print()
    rows = [
        ("games/s", "games_per_s"),
        ("decisions/s", "decisions_per_s"),
        ("clones/s", "clones_per_s"),
        ("decisions/game", "decisions_per_game"),
    ]
    name = f"Catanatron {theirs['version']}" if theirs else "Catanatron"
    print(f"{'':16}{'Wallenstein':>14}{name:>18}{'ratio':>9}")
    for label, key in rows:
        a = ours[key]
        if theirs:
            b = theirs[key]
            ratio = f"{a / b:8.2f}x" if key != "decisions_per_game" else ""
            print(f"{label:16}{_fmt(a):>14}{_fmt(b):>18}{ratio:>9}")
        else:
            print(f"{label:16}{_fmt(a):>14}{'n/a':>18}")
    print()
    if theirs is None:
        print("Catanatron is not installed (pip install -e '.[bench]'): no comparison, targets unchecked.")
    else:
        if theirs["unfinished"]:
            print(f"Catanatron games stopped at its 1000-turn limit: {theirs['unfinished']} of {theirs['games']}.")
        share = theirs["forced_share"]
        print(f"Catanatron actions with a single option (counted as decisions there): {100 * share:.1f}%;")
        print(
            f"  its decisions with a real choice: {_fmt(theirs['decisions_per_s'] * (1 - share))}/s "
            f"(ours, which never counts forced moves: {_fmt(ours['decisions_per_s'])}/s)"
        )
        rat, met = r["ratios"], r["targets_met"]
        for key, label, target in (
            ("decisions", "decisions/s", TARGET_DECISIONS),
            ("clones", "clones/s", TARGET_CLONES),
        ):
            got = rat[f"{key}_per_s"]
            verdict = "MET" if met[key] else "NOT MET"
            print(f"target {label:12} >= {target:.0f}x Catanatron: {got:5.2f}x  {verdict}")
    print()
    b = r["breakdown"]
    print(
        f"Wallenstein breakdown (timer around each call, one clone per decision; "
        f"{b['decisions']} decisions, {b['seconds']:.2f} s with timers):"
    )
    print(f"  {'part':16}{'seconds':>9}{'share':>8}{'us/call':>10}")
    for part, v in b["parts"].items():
        print(f"  {part:16}{v['seconds']:9.3f}{100 * v['share']:7.1f}%{v['us_per_call']:10.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="random games per engine (default 100)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    ap.add_argument("--profile", action="store_true", help="profile Wallenstein games: top 25 by tottime")
    ap.add_argument("--no-catanatron", action="store_true", help="measure Wallenstein only")
    ap.add_argument("--strict", action="store_true", help="exit with status 1 if a target is not met")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    report = run(args.games, with_catanatron=not args.no_catanatron)
    if args.profile:
        report["profile"] = profile(play_wallenstein, list(range(min(args.games, 20))))
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print_report(report)
        if args.profile:
            print()
            print(f"cProfile of {min(args.games, 20)} Wallenstein games (top 25 by tottime):")
            print(report["profile"])
    if args.strict and not all((report.get("targets_met") or {"catanatron": False}).values()):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
