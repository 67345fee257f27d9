"""The bots' ladder (a seat-rotated round-robin) or one line-up's match, written game by game.

    # the ladder of docs/bots/wallenstein.md (every combination of 4 kinds, each seat of each line-up):
    .venv/bin/python research/studies/ladder.py --game wallenstein --out ladder.jsonl --cycles 1 \\
        random heuristic search ismcts:simulations=100 ismcts:simulations=400
    # one line-up (e.g. a target's match): --lineup and the four names
    .venv/bin/python research/studies/ladder.py --game wallenstein --out match.jsonl --games 100 --lineup \\
        ismcts heuristic heuristic heuristic
    # the standings of a file written so far (a run cut short keeps every finished game):
    .venv/bin/python research/studies/ladder.py --summarize ladder.jsonl
    # the same ladder command again with --resume plays only the games not in --out yet
    # a paired match: each game also played with --versus in the first name's place (same seeds and
    # seats, so only that bot differs); prints the paired difference of win shares and scores:
    .venv/bin/python research/studies/ladder.py --game wallenstein --out pair.jsonl --games 40 --lineup \
        ismcts heuristic heuristic heuristic --versus search --resume
    .venv/bin/python research/studies/ladder.py --summarize pair.jsonl ismcts --versus search

Every finished game is appended to ``--out`` as one JSON line; the standings (Bradley-Terry
ratings with bootstrap 95% intervals, win rates with Wilson intervals, CPU ms per decision) are
printed as a Markdown table at the end. See :mod:`tabletop.ladder`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from league_of_six.bots.tournament import LEAGUE
from tabletop.ladder import ladder, markdown, match, paired, read_records, record_json, standings
from tabletop.tournament import GameRecord, TournamentGame, tournament
from wallenstein.bots.tournament import WALLENSTEIN

GAMES: dict[str, tuple[TournamentGame, str]] = {"wallenstein": (WALLENSTEIN, "VP"), "league": (LEAGUE, "influence")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="bot names (kind[:option=value...])")
    ap.add_argument("--game", choices=sorted(GAMES), default="wallenstein")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--cycles", type=int, default=1, help="ladder: games per line-up = players * cycles")
    ap.add_argument("--lineup", action="store_true", help="play the names as one line-up (seats rotating)")
    ap.add_argument("--games", type=int, default=0, help="with --lineup: games to play")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, help="JSON lines, one per finished game (appended)")
    ap.add_argument("--summarize", type=Path, help="print the standings of a file of games and stop")
    ap.add_argument("--resume", action="store_true", help="skip the games already in --out")
    ap.add_argument(
        "--versus", action="append", default=[], help="--lineup: each game again with this bot in seat 1's place"
    )
    ap.add_argument("--json", action="store_true", help="print the standings as JSON")
    args = ap.parse_args()
    spec, score = GAMES[args.game]
    if args.summarize is not None:
        records = read_records(args.summarize.read_text().splitlines())
    else:
        if args.resume and args.out is None:
            ap.error("--resume needs --out")
        out = args.out.open("a") if args.out is not None else None

        def keep(rec: GameRecord) -> None:
            if out is not None:
                out.write(record_json(rec) + "\n")
                out.flush()

        done = read_records(args.out.read_text().splitlines()) if args.resume and args.out.exists() else []
        if args.lineup:
            games = args.games or len(args.names)
            if args.workers > 1:  # a plain tournament in parallel (no pairing, no resume)
                if args.versus or args.resume:
                    ap.error("--versus and --resume play one process: leave out --workers")
                records = tournament(spec, args.names, games, args.seed, args.workers, keep).records
            else:
                records = match(spec, args.names, games, args.seed, args.versus, keep, done)
        else:
            records = ladder(spec, args.names, args.players, args.cycles, args.seed, args.workers, keep, done)
        if out is not None:
            out.close()
    table = standings(records)
    pairs = {v: paired(records, args.names[0], v) for v in args.versus} if args.names else {}
    if args.json:
        print(json.dumps({"standings": table, "paired": pairs} if pairs else table))
        return
    print(f"{len(records)} games")
    print(markdown(table, score))
    for v, d in pairs.items():
        w, s = d["win_diff"], d["score_diff"]
        print(
            f"\npaired, `{args.names[0]}` minus `{v}` on the same {d['pairs']} seeds and seats: win share"
            f" {w[0]:+.3f} (95% {w[1]:+.3f} to {w[2]:+.3f}), {score} {s[0]:+.2f} (95% {s[1]:+.2f} to {s[2]:+.2f})"
        )


if __name__ == "__main__":
    main()
