"""What the board that tells the story costs the table (webtable.views: an ``after`` patch per log entry).

    PYTHONPATH=src .venv/bin/python benchmarks/bench_story.py            # table
    PYTHONPATH=src .venv/bin/python benchmarks/bench_story.py --json     # the same figures as JSON

For each game (Wallenstein 2012, 2012 with all three modules, 2002, League of Six; 4 players) a whole
game of heuristic bots is played and its decisions kept; then the table's own work for those decisions
is timed both ways, best of ``--repeat``: a decision applied on a clone (rooms.Room.act) with nobody
watching, and the same with a chapter watching and the storyboard told (the snapshot per entry, the
decision's closing snapshot, the merge patches). Also per entry: ``observe(None)``, the public board
(Wallenstein's standings) and the patch alone; and the bots' own thinking time for the whole game,
for scale. Times are this process's CPU time (the cores may be shared). Wallenstein's public board is
kept by its inputs (webtable.wallenstein_standings): each timed run starts with nothing kept, and the
public board's per-call figure is the cost of computing it afresh. Reproducible: seeded games; times
vary with the machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from typing import Any

from tabletop.agents import derive_seed
from webtable import wallenstein_standings
from webtable.registry import GameKind, TableGame, bot_kind, game_kind, install_defaults
from webtable.views import Chapter, Storyboard, merge_patch, new_told_game, public_snapshot, watch

GAMES = [
    ("wallenstein", {}),
    ("wallenstein", {"modules": ["emperors_court", "landsknechte", "military_leaders"]}),
    ("wallenstein", {"edition": "2002"}),
    ("league_of_six", {}),
]
PLAYERS = 4


def forget_kept() -> None:
    """Start a timing with no public board kept (as a server that just started; older code keeps none)."""
    kept = getattr(wallenstein_standings, "_KEPT", None)
    if kept is not None:
        kept.clear()


def bot_game(kind: GameKind, options: dict[str, Any], seed: int) -> tuple[list[tuple[int, Any]], float]:
    """A whole game of heuristic bots: its decisions, and the seconds the bots thought."""
    game = kind.new_game(PLAYERS, seed, options)
    bots = [bot_kind("heuristic", kind.name).make(kind.name, p, derive_seed(seed, p)) for p in range(PLAYERS)]
    decisions = []
    thinking = 0.0
    while not game.over:
        seat = game.pending()[0]
        start = time.process_time()
        action = bots[seat].act(game.observe(seat), list(game.legal_actions(seat)))
        thinking += time.process_time() - start
        game.apply(seat, action)
        decisions.append((seat, action))
    return decisions, thinking


def table_time(kind: GameKind, options: dict[str, Any], seed: int, decisions: list[Any], told: bool) -> float:
    """Seconds the table spends on the decisions (clone, apply; with ``told``, the story too)."""
    game: TableGame
    forget_kept()
    if told:
        game, story = new_told_game(kind, PLAYERS, seed, options)
    else:
        game, story = kind.new_game(PLAYERS, seed, options), Storyboard()
    start = time.process_time()
    for seat, action in decisions:
        trial = game.clone()
        if told:
            chapter = Chapter(kind)
            with watch(trial, chapter):
                trial.apply(seat, action)
            story.told(trial, chapter)
        else:
            trial.apply(seat, action)
        game = trial
    return time.process_time() - start


def per_entry(kind: GameKind, options: dict[str, Any], seed: int, decisions: list[Any]) -> dict[str, float]:
    """Mean microseconds per call of observe(None), the public board and a patch, over the game's states."""
    game = kind.new_game(PLAYERS, seed, options)
    states = []
    step = max(1, len(decisions) // 60)
    for k, (seat, action) in enumerate(decisions):
        if k % step == 0:
            states.append(game.clone())
        game.apply(seat, action)
    board = kind.public_board

    def mean(f: Any) -> float:
        start = time.process_time()
        for g in states:
            forget_kept()
            f(g)
        return (time.process_time() - start) / len(states) * 1e6

    snaps = [public_snapshot(kind, g) for g in states]
    pairs = list(itertools.pairwise(snaps))
    start = time.process_time()
    for old, new in pairs:
        merge_patch(old, new)
    patch_us = (time.process_time() - start) / max(1, len(pairs)) * 1e6
    return {
        "observe_us": mean(lambda g: g.observe(None)),
        "board_us": mean(board) if board is not None else 0.0,
        "snapshot_us": mean(lambda g: public_snapshot(kind, g)),
        "patch_us": patch_us,
    }


def measure(name: str, options: dict[str, Any], seed: int, repeat: int) -> dict[str, Any]:
    kind = game_kind(name)
    decisions, thinking = bot_game(kind, options, seed)
    plain = min(table_time(kind, options, seed, decisions, False) for _ in range(repeat))
    told = min(table_time(kind, options, seed, decisions, True) for _ in range(repeat))
    game, story = new_told_game(kind, PLAYERS, seed, options)
    for seat, action in decisions:
        trial = game.clone()
        chapter = Chapter(kind)
        with watch(trial, chapter):
            trial.apply(seat, action)
        story.told(trial, chapter)
        game = trial
    patch_bytes = sum(len(json.dumps(a, separators=(",", ":"))) for a in story.afters)
    return {
        "game": name,
        "options": options,
        "decisions": len(decisions),
        "entries": len(game.log),
        "bots_s": round(thinking, 3),
        "table_s": round(plain, 4),
        "table_told_s": round(told, 4),
        "story_s": round(told - plain, 4),
        "story_ms_per_entry": round((told - plain) / max(1, len(game.log)) * 1e3, 3),
        "after_kb": round(patch_bytes / 1024, 1),
        **{k: round(v, 1) for k, v in per_entry(kind, options, seed, decisions).items()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    install_defaults()
    rows = [measure(name, options, args.seed, args.repeat) for name, options in GAMES]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    head = ["game", "decisions", "entries", "bots_s", "table_s", "table_told_s", "story_ms_per_entry"]
    head += ["observe_us", "board_us", "snapshot_us", "patch_us", "after_kb"]
    print(" | ".join(head))
    for row in rows:
        label = f"{row['game']} {json.dumps(row['options'], separators=(',', ':'))}"
        print(" | ".join([label, *(str(row[k]) for k in head[1:])]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
