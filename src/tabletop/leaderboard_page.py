"""The text of docs/leaderboard.md, around the tables computed from the stored games
(:mod:`tabletop.leaderboard`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.evaluate import REFERENCE_RATINGS, REFERENCES, SEED, summary
from tabletop.leaderboard import (
    LEVEL_GAMES,
    LEVEL_SEED,
    GameInfo,
    entries,
    eval_path,
    level_path,
    missing,
    stored_games,
    stored_records,
)
from tabletop.levels import PARITY, Level
from tabletop.tournament import GameRecord, wilson

COMMAND = "nice -n 5 python -m tabletop.leaderboard --play"

HEAD = f"""# Leaderboard

Every agent of both games measured by one fixed protocol, and the matches behind the table's
difficulty levels. This page is generated: `python -m tabletop.leaderboard` rewrites it from the
games stored under `research/games/leaderboard/`, and `{COMMAND}` first plays whatever is missing
(every game is appended as it finishes, so a run cut short keeps its games and the next one plays
only the rest). Do not edit it by hand: change `src/tabletop/leaderboard.py` or
`src/tabletop/leaderboard_page.py` and regenerate.

## The protocol

`wallenstein evaluate AGENT` and `league-of-six evaluate AGENT` (`tabletop.evaluate`) seat the agent
at nine tables: 3, 4 and 5 players, against copies of each reference bot: `random`, `heuristic` and
`ismcts:simulations=50` (ISMCTS at a fixed budget of 50 simulations). The full protocol plays every
seat of every table once (3 + 4 + 5 games per reference, 36 games); `--quick` plays one game per
table (9 games, the agent's seat moving from table to table), one of the full protocol's games, so
a full run resumes a quick one. The seeds are published: table (P players, k-th reference) plays
seeds {SEED} + 1000 P + 100 k + i, every seat's agent seeded from the game seed as in a tournament,
so every agent meets the same deals and the same reference bots, and a run is reproducible to the
game (only the measured times differ).

Figures: the agent's win share (a shared win counts 1/k) with its 95% Wilson interval, parity (the
mean of 1/P over the games: about 26%); the **rating**: a Bradley-Terry model on the Elo scale,
the agent's maximum-likelihood rating from every pairwise result between its seat and each other
seat (a better final rank wins, an equal one is half a win) against the references' fixed ratings,
with one virtual draw against each reference as a prior (a sweep stays finite), 95% interval by a
bootstrap over games; the references' ratings come from a joint fit over their own protocol games
(`python -m tabletop.leaderboard --calibrate`), random anchored at 1000. CPU ms per decision is
`time.process_time` around each decision, measured on the shared 2-core development machine while
eight sessions ran on it: the search bots' times are inflated against a quiet machine (docs/bots
gives quiet figures), the budgets (simulations) are what is fixed.

**Size.** The games below are the quick protocol (9 games an agent), all the CPU a shared machine
gave this page: intervals are wide, and only large differences are established. The full protocol
for one agent at about 1 s a decision costs about 36 x 25 decisions, 15 CPU-minutes plus the ISMCTS
reference's own play; `--play` upgrades a row when the entry's protocol is raised to the full one.
"""

NOTES = """## Notes

* Earlier figures were measured on earlier code. The 71.9% (64.8-78.1) of 171 games that
  `ismcts:preset=learned` won against three heuristic bots (docs/bots) was measured before later
  changes to the bots: game 0 of that file (`research/games/ismcts-1s-first-configurations/
  w-1s-learned.jsonl`) replayed with today's code gives the same winner but other scores for the
  heuristic seats (36, 41, 43 VP against 35, 37, 36 then). The tables here are today's code only.
* A level marked "not established" keeps its place as the project's strongest player at about 1 s
  a decision, but its games have not shown it above the level below: the match needs more games
  (`--level-games N`; a game with a 1 s seat costs about a CPU-minute). The thinking times here are
  CPU times on the shared development machine (load average 3 to 30 while they were measured), up to
  twice a quiet machine's for the search bots.
* The `ppo` row needs a trained policy (`ppo:path=model.zip`; no PPO checkpoint ships: the project's
  learned policy is the `learned` bot, docs/research/rl.md).
"""

SUBMIT = f"""## Submitting an agent

1. Make it a bot kind of the game: a class with `reset(seat, seed)` and `act(observation, legal)`
   (docs/development/engine.md, `tabletop.agents.Agent`), registered in the game's `bots` package
   (`BOT_KINDS`), its options through the agent name (`kind:key=value`). It sees only the seat's
   observation and legal actions; a twin-game test (equal observations, other secrets, equal
   decisions) shows it does not peek.
2. Run the protocol: `nice -n 5 wallenstein evaluate KIND:OPTIONS --out my-agent.jsonl` (and
   `league-of-six evaluate ...`); `--quick` first as a smoke test. The games file is resumed if the
   run is cut short; the printed rating is comparable with the table above.
3. Add an `Entry` for it in `src/tabletop/leaderboard.py` and run `{COMMAND} --only KIND:OPTIONS`:
   it plays the same games (same seeds) and rewrites this page. Commit the page and the games file.
"""


def _pct(rate: dict[str, Any]) -> str:
    lo, hi = rate["ci95"]
    return f"{100 * rate['win_rate']:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})"


def agent_row(info: GameInfo, entry: Any) -> tuple[float | None, str]:
    """One agent's rating and row: its figures from the stored games, or why it has none and the
    command that fills it (rating None)."""
    why = missing(info, entry)
    games = stored_games(eval_path(info.name, entry.agent))
    if why or not games:
        reason = why or "not played yet"
        fill = f"`{COMMAND} --game {info.name} --only {entry.agent}`"
        return None, f"| `{entry.agent}` | {entry.about} | 0 | {reason}: {fill} | | | | | |"
    s = summary(games, REFERENCE_RATINGS[info.name])
    wanted = len(entry.protocol.games())
    count = f"{len(games)}" if len(games) == wanted else f"{len(games)} of {wanted}"
    refs = [_pct(s["references"][r]) if r in s["references"] else "-" for r in REFERENCES]
    lo, hi = s["rating95"]
    rating = f"**{s['rating']:.0f}** ({lo:.0f}-{hi:.0f})"
    cells = [f"`{entry.agent}`", entry.about, count, *refs, _pct(s["all"]), rating, f"{s['ms_per_decision']:.1f}"]
    return float(s["rating"]), "| " + " | ".join(cells) + " |"


def agents_table(info: GameInfo) -> str:
    head = (
        "| agent | what it is | games | vs random | vs heuristic | vs ISMCTS (50) | all | rating (95%) |"
        " CPU ms / decision |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    )
    rows = [agent_row(info, e) for e in entries(info.name)]
    rated = sorted((r for r in rows if r[0] is not None), key=lambda r: -(r[0] or 0.0))
    return "\n".join([head, *(row for _, row in rated), *(row for rating, row in rows if rating is None)])


def level_match(upper: Level, records: Sequence[GameRecord]) -> dict[str, Any]:
    """``upper``'s win share in its level match (one seat against three of the level below)."""
    wins = 0.0
    decisions = 0
    seconds = 0.0
    games = [r for r in records if r.names.count(upper.agent) == 1]
    for r in games:
        seat = r.names.index(upper.agent)
        wins += 1.0 / len(r.winners) if seat in r.winners else 0.0
        decisions += r.decisions[seat]
        seconds += r.seconds[seat]
    lo, hi = wilson(wins, len(games))
    rate = wins / len(games) if games else 0.0
    ms = 1000.0 * seconds / decisions if decisions else 0.0
    return {"games": len(games), "win_rate": rate, "ci95": [lo, hi], "ms_per_decision": ms}


def levels_table(info: GameInfo) -> str:
    lines = [
        "| level | agent | thinks (CPU ms / decision) | games against 3 of the level below | win rate (95% CI) |"
        " above parity (25%)? |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    levels = info.levels()
    for k, level in enumerate(levels):
        if k == 0:
            lines.append(f"| {level.name} | `{level.agent}` | {level.ms_per_decision:.1f} | - | - | - |")
            continue
        m = level_match(level, stored_records(level_path(info.name, level)))
        verdict = "**yes**" if m["games"] and m["ci95"][0] > PARITY else "not established"
        lines.append(
            f"| {level.name} | `{level.agent}` | {m['ms_per_decision']:.1f} | {m['games']} |"
            f" {_pct(m) if m['games'] else '-'} | {verdict} |"
        )
    return "\n".join(lines)


def levels_text(games: Sequence[GameInfo]) -> str:
    parts = [
        "## Difficulty levels",
        "",
        "The table's levels (`LEVELS` in each game's `bots` package, shown in the lobby with how long each"
        " thinks and its edge) climb by measured strength: each level plays one seat against three bots of"
        f" the level below, 4 players, seats rotating, seeds {LEVEL_SEED} + i ({LEVEL_GAMES} games or more"
        " where a match needed more to tell the levels apart; fewer where the shared machine's CPU ran out:"
        " the games column says). A level is clearly above"
        " the one below when its win rate's 95% interval lies above parity (25%). The top level is the"
        " strongest player the project has at about 1 s a decision (`ismcts:preset=learned`). Regenerate"
        f" with `{COMMAND} --only levels`.",
    ]
    for info in games:
        parts += ["", f"### {info.title}", "", levels_table(info)]
    return "\n".join(parts)


def page(games: Sequence[GameInfo]) -> str:
    parts = [HEAD]
    for info in games:
        ratings = ", ".join(f"`{k}` {v:.0f}" for k, v in REFERENCE_RATINGS[info.name].items())
        parts += [
            f"## {info.title}",
            "",
            f"`{info.command} evaluate AGENT`; references' ratings: {ratings}. Best rating first.",
            "",
            agents_table(info),
            "",
        ]
    parts += [levels_text(games), "", NOTES, SUBMIT]
    return "\n".join(parts)


__all__ = ["agents_table", "level_match", "levels_table", "page"]
