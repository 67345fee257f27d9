"""The tournament command shared by every game's command line: progress bar, JSON or a table."""

from __future__ import annotations

import json
from collections.abc import Sequence

import typer
from rich.console import Console
from rich.table import Table

from tabletop.cli_common import progress_bar
from tabletop.tournament import TournamentGame, tournament


def run_tournament_command(
    spec: TournamentGame,
    names: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    as_json: bool,
    title: str,
    score: str = "VP",
) -> None:
    """Play the tournament and print it (``--json``: ``{"agents": {name: {...}}}``).

    Raises IllegalAction (an unknown agent, a bad option) for the caller to report."""
    progress = progress_bar(as_json)
    with progress:
        task = progress.add_task("playing", total=games)
        report = tournament(spec, list(names), games, seed, workers, on_game=lambda _: progress.advance(task))
    summary = report.summary()
    if as_json:
        typer.echo(json.dumps({"agents": summary}))
        return
    out = Console(highlight=False)
    out.print(
        f"{title}: {games} games, {len(names)} players, seeds {seed}..{seed + games - 1},"
        f" seats rotating: {', '.join(names)}",
        soft_wrap=True,
    )
    table = Table(show_edge=False)
    for col in ("Agent", "Win %", "95% CI", f"Mean {score}", "Rating", "ms/decision"):
        table.add_column(col, justify="left" if col == "Agent" else "right")
    for name, row in summary.items():
        lo, hi = row["ci95"]
        table.add_row(
            name,
            f"{100 * row['win_rate']:.1f}",
            f"{100 * lo:.1f}-{100 * hi:.1f}",
            f"{row['mean_vp']:.2f}",
            f"{row['rating']:.0f}",
            f"{row['ms_per_decision']:.1f}",
        )
    out.print(table)
    out.print(
        f"Win % per seat played (parity {100 / len(names):.0f}%); rating: Bradley-Terry on the Elo scale"
        " (mean 1500); ms/decision: the agent's CPU time.",
        soft_wrap=True,
    )
