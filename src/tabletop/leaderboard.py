"""The leaderboard (docs/leaderboard.md): every agent of both games measured by the evaluation
protocol (:mod:`tabletop.evaluate`), and the head-to-head matches behind the difficulty levels.

    nice -n 5 python -m tabletop.leaderboard --play             # play what is missing, write the page
    python -m tabletop.leaderboard                               # rewrite the page from the stored games
    nice -n 5 python -m tabletop.leaderboard --play --only learned   # one agent (e.g. when it lands)

Every game is kept, one JSON line each, under ``research/games/leaderboard/<game>/`` (``eval-*.jsonl``:
protocol games; ``levels-*.jsonl``: a level against three of the level below), so a run cut short
keeps what it played, the next ``--play`` plays only the rest, and the page is regenerated from
the files without playing. The page's text around the tables is in :mod:`tabletop.leaderboard_page`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from itertools import pairwise
from pathlib import Path
from typing import Any

from tabletop.evaluate import REFERENCE_RATINGS, REFERENCES, EvalGame, Protocol, evaluate, game_json, read_games
from tabletop.ladder import match, read_records, record_json
from tabletop.levels import Level
from tabletop.tournament import GameRecord, TournamentGame

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "research" / "games" / "leaderboard"
PAGE = ROOT / "docs" / "leaderboard.md"
LEVEL_SEED = 30_260_000  # the head-to-head matches' seeds (game i: LEVEL_SEED + i)
LEVEL_GAMES = 40  # games per head-to-head match (fewer where the clock stopped it: the page says)


@dataclass(frozen=True)
class Entry:
    """An agent on the leaderboard: its name, what it is, and the protocol size it is measured at."""

    agent: str
    about: str
    protocol: Protocol = field(default_factory=lambda: Protocol(quick=True))
    pending: str = ""  # why it is not measured yet (then the page shows the command that fills it)


SHARED: tuple[Entry, ...] = (
    Entry("random", "uniform among the legal actions (reference)"),
    Entry("heuristic", "rule-based (reference)"),
    Entry("ismcts:simulations=50", "ISMCTS at 50 simulations (reference)"),
    Entry("search:simulations=32", "flat Monte Carlo search, 32 simulations"),
    Entry("ismcts:preset=ladder", "ISMCTS, the first version's tree (200 W / 100 L simulations)"),
    Entry("search", "flat Monte Carlo search at its default budget (about 1 s)"),
    Entry("ismcts", "ISMCTS at its default budget (400 simulations)"),
    Entry("ismcts:preset=learned", "ISMCTS with the learned evaluation at about 1 s"),
    Entry("ppo:path=policy.zip", "the PPO baseline", pending="no PPO checkpoint ships (docs/research/rl.md)"),
    Entry("learned", "the learned policy (no search at play time)", pending="**to come**: the `learned` kind"),
)
EXTRA: dict[str, tuple[Entry, ...]] = {
    "wallenstein": (Entry("ismcts:preset=learned:simulations=100", "ISMCTS, learned evaluation, 100 simulations"),),
    "league_of_six": (),
}


@dataclass(frozen=True)
class GameInfo:
    """One game's place on the page: its command, title, score and where its parts live."""

    name: str  # records folder and REFERENCE_RATINGS key
    command: str
    title: str
    score: str
    spec: Callable[[], TournamentGame]
    levels: Callable[[], tuple[Level, ...]]
    kinds: Callable[[], dict[str, Any]]


def _spec(module: str, name: str) -> Callable[[], Any]:
    """Import on first use: the page and the command line load without the games' bots."""
    return lambda: getattr(import_module(module), name)


GAMES: dict[str, GameInfo] = {
    "wallenstein": GameInfo(
        "wallenstein",
        "wallenstein",
        "Wallenstein (2012 basic game, line-up set-up)",
        "VP",
        _spec("wallenstein.bots.tournament", "WALLENSTEIN"),
        _spec("wallenstein.bots", "LEVELS"),
        _spec("wallenstein.bots", "BOT_KINDS"),
    ),
    "league_of_six": GameInfo(
        "league_of_six",
        "league-of-six",
        "League of Six (stand-in set)",
        "influence",
        _spec("league_of_six.bots.tournament", "LEAGUE"),
        _spec("league_of_six.bots", "LEVELS"),
        _spec("league_of_six.bots", "BOT_KINDS"),
    ),
}


def entries(game: str) -> tuple[Entry, ...]:
    return SHARED + EXTRA[game]


def slug(agent: str) -> str:
    """A file name for an agent name: ``ismcts:preset=ladder`` -> ``ismcts-preset-ladder``."""
    return re.sub(r"[^a-z0-9]+", "-", agent.lower()).strip("-")


def eval_path(game: str, agent: str) -> Path:
    return RECORDS / game / f"eval-{slug(agent)}.jsonl"


def level_path(game: str, level: Level) -> Path:
    return RECORDS / game / f"levels-{level.name}.jsonl"


def stored_games(path: Path) -> list[EvalGame]:
    return read_games(path.read_text().splitlines()) if path.exists() else []


def stored_records(path: Path) -> list[GameRecord]:
    return read_records(path.read_text().splitlines()) if path.exists() else []


def _appender(path: Path, line: Callable[[Any], str]) -> Callable[[Any], None]:
    path.parent.mkdir(parents=True, exist_ok=True)

    def write(item: Any) -> None:
        with path.open("a") as f:
            f.write(line(item) + "\n")

    return write


def missing(info: GameInfo, entry: Entry) -> str:
    """Why ``entry`` cannot be played here ("" when it can)."""
    kind, _, options = entry.agent.partition(":")
    if kind not in info.kinds():
        return entry.pending or f"no `{kind}` bot kind here"
    if kind == "ppo" and not Path(options.removeprefix("path=")).exists():
        return entry.pending
    return ""


def play_entry(info: GameInfo, entry: Entry, say: Callable[[str], None]) -> None:
    """Play the protocol games of ``entry`` not stored yet (appended game by game)."""
    if missing(info, entry):
        say(f"{info.name}: {entry.agent}: skipped ({missing(info, entry)})")
        return
    path = eval_path(info.name, entry.agent)
    done = stored_games(path)
    say(f"{info.name}: {entry.agent}: {len(done)} games stored, playing the rest of {len(entry.protocol.games())}")
    evaluate(info.spec(), entry.agent, entry.protocol, done=done, on_game=_appender(path, game_json))


def play_level(info: GameInfo, upper: Level, lower: Level, games: int, say: Callable[[str], None]) -> None:
    """``upper`` against three of ``lower`` (seats rotating), up to ``games`` games."""
    path = level_path(info.name, upper)
    done = [r for r in stored_records(path) if r.names.count(upper.agent) == 1]
    say(f"{info.name}: level {upper.name} vs {lower.name}: {len(done)} games stored, playing up to {games}")
    lineup = (upper.agent, lower.agent, lower.agent, lower.agent)
    match(info.spec(), lineup, games, LEVEL_SEED, done=done, on_game=_appender(path, record_json))


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--play", action="store_true", help="play the games not stored yet, then write the page")
    ap.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game (repeatable)")
    ap.add_argument("--only", action="append", default=[], help="only this agent, or 'levels' (repeatable)")
    ap.add_argument("--level-games", type=int, default=LEVEL_GAMES, help="games per head-to-head match")
    ap.add_argument("--calibrate", action="store_true", help="print the references' ratings from their games")
    ap.add_argument("--print-levels", action="store_true", help="print each game's LEVELS from the level matches")
    ap.add_argument("--out", type=Path, default=PAGE, help="the page to write")
    args = ap.parse_args(argv)
    games = [GAMES[g] for g in (args.game or sorted(GAMES, reverse=True))]
    if args.calibrate or args.print_levels:
        for info in games:
            print(info.name, calibrated(info) if args.calibrate else "\n" + levels_code(info))
        return
    if args.play:
        for info in games:
            play_all(info, args.only, args.level_games, say)
    from tabletop.leaderboard_page import page

    args.out.write_text(page([GAMES[g] for g in sorted(GAMES, reverse=True)]))
    say(f"wrote {args.out}")


def play_all(info: GameInfo, only: list[str], level_games: int, say: Callable[[str], None]) -> None:
    """Play what ``only`` names (everything when empty): agents by name or kind, ``levels`` (every
    level match) or ``level:NAME`` (one level's match against the level below)."""
    levels = info.levels()
    for lower, upper in pairwise(levels):
        if not only or "levels" in only or f"level:{upper.name}" in only:
            play_level(info, upper, lower, level_games, say)
    for entry in entries(info.name):
        if not only or entry.agent in only:
            play_entry(info, entry, say)


def levels_code(info: GameInfo) -> str:
    """The game's ``LEVELS`` with the figures of the stored level matches, as Python to paste into its
    ``bots`` package (the beginner keeps its time: it has no match of its own)."""
    from tabletop.leaderboard_page import level_match

    levels = info.levels()
    lines = [f"    Level({levels[0].name!r}, {levels[0].agent!r}, {levels[0].ms_per_decision}),"]
    for level in levels[1:]:
        m = level_match(level, stored_records(level_path(info.name, level)))
        edge = (round(m["win_rate"], 4), round(m["ci95"][0], 4), round(m["ci95"][1], 4))
        ms = round(m["ms_per_decision"], 1)
        lines.append(f"    Level({level.name!r}, {level.agent!r}, {ms}, {edge}, {m['games']}),")
    return "\n".join(lines)


def calibrated(info: GameInfo) -> dict[str, float]:
    """The references' ratings from their own stored protocol games (:func:`tabletop.evaluate.calibrate`)."""
    from tabletop.evaluate import calibrate

    games = [g for ref in REFERENCES for g in stored_games(eval_path(info.name, ref))]
    return calibrate(games) if games else dict(REFERENCE_RATINGS[info.name])


__all__ = ["GAMES", "LEVEL_GAMES", "LEVEL_SEED", "Entry", "GameInfo", "entries", "eval_path", "level_path", "main"]

if __name__ == "__main__":
    main()
