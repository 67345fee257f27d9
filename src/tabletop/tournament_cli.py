"""The simulate, tournament and report commands shared by every game's command line: the study
options (backend, address, workers, results file), the progress bar, and the summaries (JSON or a
table), always computed from result rows (:mod:`tabletop.results`), so ``report`` recomputes them
later from the file."""

from __future__ import annotations

import json
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tabletop.backends import make_backend, run_study
from tabletop.cli_common import fail, progress_bar, speed, tally_rows
from tabletop.errors import IllegalAction
from tabletop.results import ResultFile, Study, read_files, read_rows, to_record
from tabletop.tournament import Report


class BackendName(StrEnum):
    process = "process"
    ray = "ray"


BackendOpt = Annotated[
    BackendName,
    typer.Option("--backend", case_sensitive=False, help="Where games run: local processes, or Ray (the [ray] extra)."),
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", help="A running Ray cluster to join (e.g. auto, or HEAD:6379); default: a local one."),
]
WorkersOpt = Annotated[
    int, typer.Option("--workers", "-w", min=1, help="Games played at once (processes, or Ray tasks in flight).")
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Results file (JSON Lines, one row per game); an existing one is resumed."),
]

HistoriesOpt = Annotated[
    bool,
    typer.Option("--histories", help="Keep each game's whole history in its row (replayable; for `dataset`)."),
]

FilesArg = Annotated[list[Path], typer.Argument(help="Result files (JSON Lines) written by simulate/tournament --out.")]
ReportDirOpt = Annotated[Path, typer.Option("--out", "-o", help="Folder for the report (index.html, plots, CSV).")]


def play_study(
    study: Study, backend: str, workers: int, address: str | None, out: Path | None, quiet: bool
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play the study's games not yet in ``out`` with a progress bar; returns every row of the study
    (from the file when there is one) and the speed of the games played now (:func:`speed`). A
    resumed study says what it found; an interrupted one (Ctrl-C, or ``kill``: SIGTERM) says what
    it kept and exits with 130.

    Raises IllegalAction (an unknown agent, a bad option, a file of another study) for the caller."""
    results = ResultFile(out, study) if out is not None else None
    done = set(results.done) if results is not None else set()
    done &= set(range(study.games))
    if results is not None and done and not quiet:  # --quiet and --json print nothing but the result
        say_resumed(out, len(done), study.games)
    runner = make_backend(backend, workers, address)
    start = time.perf_counter()
    arrived_now = [0]
    try:
        with progress_bar(quiet) as progress, stop_on_sigterm():
            task = progress.add_task("playing", total=study.games, completed=len(done))

            def arrived(rows: list[dict[str, Any]]) -> None:
                if results is not None:
                    results.write(rows)
                arrived_now[0] += len(rows)
                progress.advance(task, len(rows))

            new = run_study(study, runner, done, on_rows=arrived)
    except KeyboardInterrupt:
        kept = len(results.done & set(range(study.games))) if results is not None else arrived_now[0]
        raise say_interrupted(out, kept, study.games) from None
    finally:
        runner.close()
        if results is not None:
            results.close()
    pace = speed(len(new), sum(sum(r["decisions"]) for r in new), time.perf_counter() - start)
    if out is None:
        return new, pace
    rows = [r for r in read_rows(out) if r["index"] < study.games]
    rows.sort(key=lambda r: int(r["index"]))
    return rows, pace


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While playing, ``kill`` (SIGTERM) stops the study as Ctrl-C does, so it says what it kept."""

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def say_resumed(out: Path | None, kept: int, games: int) -> None:
    if kept >= games:
        typer.echo(f"All {games} games are already in {out}: nothing to play.", err=True)
    else:
        typer.echo(f"Resuming {out}: {kept} of {games} games are there; playing the other {games - kept}.", err=True)


def say_interrupted(out: Path | None, kept: int, games: int) -> typer.Exit:
    """The message of a study stopped by the user, and the exit that ends the command (status 130)."""
    if out is None:
        typer.echo(f"Interrupted: {kept} of {games} games played, none kept (--out FILE keeps them).", err=True)
    else:
        typer.echo(
            f"Interrupted: {kept} of {games} games are kept in {out}; the same command resumes with the other"
            f" {games - kept}.",
            err=True,
        )
    return typer.Exit(130)


def agent_summary(rows: Sequence[dict[str, Any]], lineup: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per agent: win rate with its 95% interval, mean score, rating and ms per decision."""
    records = [to_record(r) for r in rows]
    return Report(list(lineup), len(records), rows[0]["base_seed"] if rows else 0, records).summary()


def print_agents(summary: dict[str, dict[str, Any]], head: str, players: int, score: str) -> None:
    out = Console(highlight=False)
    out.print(head, soft_wrap=True)
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
        f"Win % per seat played (parity {100 / players:.0f}%); rating: Bradley-Terry on the Elo scale"
        " (mean 1500); ms/decision: the agent's wall-clock time.",
        soft_wrap=True,
    )


def run_tournament_command(
    study: Study,
    backend: str,
    workers: int,
    address: str | None,
    out: Path | None,
    as_json: bool,
    title: str,
    score: str = "VP",
) -> None:
    """Play the tournament and print it (``--json``: ``{"agents": {name: {...}}}``).

    Raises IllegalAction (an unknown agent, a bad option) for the caller to report."""
    rows, _ = play_study(study, backend, workers, address, out, as_json)
    summary = agent_summary(rows, study.lineup)
    if as_json:
        typer.echo(json.dumps({"agents": summary}))
        return
    games, names, seed = study.games, study.lineup, study.seed
    head = (
        f"{title}: {games} games, {len(names)} players, seeds {seed}..{seed + games - 1},"
        f" seats rotating: {', '.join(names)}"
    )
    print_agents(summary, head, len(names), score)


def report_command(paths: Sequence[Path], as_json: bool, score: str = "VP") -> None:
    """Summaries of result files (``wallenstein report results.jsonl``), one per study in them: per
    agent (win rate, 95% interval, mean score, rating) and per seat (win rate, 95% interval)."""
    try:
        rows = read_files(paths)
    except IllegalAction as exc:
        raise fail(str(exc)) from None
    if not rows:
        raise fail("no result rows in " + ", ".join(map(str, paths)))
    studies: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        key = json.dumps([row["game"], row["options"], row["lineup"], row["base_seed"]], sort_keys=True)
        studies.setdefault(key, []).append(row)
    out: list[dict[str, Any]] = []
    for group in studies.values():
        first = group[0]
        players = len(first["agents"])
        seats = tally_rows(group, players, {})
        out.append(
            {
                "game": first["game"],
                "options": first["options"],
                "lineup": first["lineup"],
                "base_seed": first["base_seed"],
                "games": len(group),
                "agents": agent_summary(group, first["lineup"]),
                "seats": {"win_rate": seats["win_rate"], "ci95": seats["ci95"], "shared_wins": seats["shared_wins"]},
            }
        )
    if as_json:
        typer.echo(json.dumps({"studies": out}, ensure_ascii=False))
        return
    console = Console(highlight=False)
    for study in out:
        options = ", ".join(f"{k} {v}" for k, v in study["options"].items() if v not in (None, [], ""))
        head = f"{study['game']} ({options}): {study['games']} games from seed {study['base_seed']}"
        print_agents(study["agents"], head, len(study["lineup"]), score)
        seats = study["seats"]
        cells = [
            f"seat {p + 1} {100 * r:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
            for p, (r, (lo, hi)) in enumerate(zip(seats["win_rate"], seats["ci95"], strict=True))
        ]
        console.print("Win % by seat (95% CI): " + "; ".join(cells), soft_wrap=True)
        console.print()


def add_result_commands(app: typer.Typer, title: str, score: str) -> None:
    """The ``report`` and ``analyze`` commands of a game's command line (``title``: the game's name
    in the report; ``score``: what its score is called)."""

    @app.command()
    def report(
        files: FilesArg, as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False
    ) -> None:
        """Summarise result files: win rates with 95% intervals and ratings, per agent and per seat."""
        report_command(files, as_json, score)

    @app.command()
    def analyze(files: FilesArg, out: ReportDirOpt) -> None:
        """Write the balance report of result files: HTML with plots, and every figure as CSV."""
        from tabletop.analysis import analyze_command

        analyze_command(files, out, title)


def add_dataset_command(app: typer.Typer, package: str) -> None:
    """The ``dataset`` command of a game's command line (``package``: the game's, e.g. "wallenstein")."""

    @app.command()
    def dataset(
        files: FilesArg,
        dataset_id: Annotated[
            str,
            typer.Option("--id", help="Its Minari id, namespace/name-vN (e.g. wallenstein/heuristic-v0)."),
        ],
        path: Annotated[
            Path | None, typer.Option("--path", help="Minari's datasets folder (default: MINARI_DATASETS_PATH).")
        ] = None,
        reward: Annotated[str, typer.Option("--reward", help="Final reward: win (share of the win) or vp.")] = "win",
    ) -> None:
        """Write every seat's trajectories in games kept with --histories as a Minari dataset."""
        from importlib import import_module

        try:
            from tabletop.rl.dataset import row_episodes, write_minari

            spec = import_module(f"{package}.rl").SPEC
        except ImportError as exc:
            raise fail(f"datasets need the [rl] extra (pip install -e '.[rl]'): {exc}") from None
        replay = import_module(f"{package}.game").Game.replay_steps
        try:
            episodes = list(row_episodes(spec, replay, read_files(files), reward))
            names = ", ".join(str(f) for f in files)
            written = write_minari(spec, dataset_id, episodes, f"every seat's trajectories in {names}", path)
        except (IllegalAction, ValueError) as exc:
            raise fail(str(exc)) from None
        typer.echo(f"{dataset_id}: {written.total_episodes} episodes, {written.total_steps} steps")
