"""What the two games' command lines share: their common options, error exits, the progress bar, a
simulation's tally and table, a narrated story with coloured seat names, and reading a saved history.

Typer and Rich are imported here, so only the command-line modules import this one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tabletop.errors import IllegalAction
from tabletop.tournament import wilson

PlayersOpt = Annotated[int, typer.Option("--players", "-p", min=3, max=5, help="Number of players (3 to 5).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", min=0, help="Game seed (a non-negative integer).")]
GamesOpt = Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games to play.")]
RotatingGamesOpt = Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games (seats rotate).")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
NumbersJsonOpt = Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")]
SummaryJsonOpt = Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]
HistoryOpt = Annotated[Path | None, typer.Option("--history", help="Also save the game's history (JSON) to this file.")]


def agents_option(simulations: int) -> Any:
    """The ``--agents`` option of a tournament (``simulations``: the example of a search option)."""
    return typer.Option(
        "--agents",
        "-a",
        help=f"Agents by seat, comma-separated: random, heuristic, search (options: search:simulations={simulations}).",
    )


HistoryFileArg = Annotated[Path, typer.Argument(help="A history JSON file (Game.history) to replay and tell.")]


def make_app(name: str, help: str) -> typer.Typer:
    """A game's command group: no completion install, help when called bare, short tracebacks."""
    return typer.Typer(
        name=name, help=help, add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False
    )


def fail(message: str) -> typer.Exit:
    """Print ``Error: message`` on stderr; raise the returned Exit (code 2, a usage error)."""
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code=2)


class RateColumn(ProgressColumn):
    """Games per second (of the games played in this run, not those resumed from a file)."""

    def render(self, task: Task) -> Text:
        rate = task.finished_speed or task.speed
        return Text(f"{rate:,.1f} games/s" if rate else "- games/s", style="progress.data.speed")


def progress_bar(quiet: bool) -> Progress:
    """A transient progress bar on stderr (games, games/s, elapsed time, ETA), off when quiet or
    when stderr is not a terminal."""
    err = Console(stderr=True)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )


def tally_rows(rows: Sequence[Mapping[str, Any]], players: int, means: Mapping[str, str]) -> dict[str, Any]:
    """Per seat, the wins (shared wins fractionally) and win rates of result rows
    (:mod:`tabletop.results`), and the means of ``result()`` fields: ``means`` maps an output key to
    a key of ``result()`` whose per-seat values are averaged (e.g. ``{"mean_vp": "vp"}``)."""
    games = len(rows)
    wins = [0.0] * players
    sums = {key: [0.0] * players for key in means}
    shared = 0
    decisions = 0
    for row in rows:
        decisions += sum(row["decisions"])
        result, winners = row["result"], row["winners"]
        if len(winners) > 1:
            shared += 1
        for p in winners:
            wins[p] += 1 / len(winners)
        for key, field in means.items():
            for p in range(players):
                sums[key][p] += result[field][p]
    n = max(games, 1)
    return {
        "wins": wins,
        "win_rate": [w / n for w in wins],
        "ci95": [list(wilson(w, games)) for w in wins],
        "shared_wins": shared,
        **{key: [v / n for v in values] for key, values in sums.items()},
        "decisions": decisions,
        "mean_decisions": decisions / n,
    }


def speed(games: int, decisions: int, seconds: float) -> dict[str, Any]:
    """Games and decisions per second of a run that played ``games`` new games in ``seconds``."""
    return {
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 3) if seconds > 0 and games else None,
        "decisions_per_s": round(decisions / seconds, 1) if seconds > 0 and games else None,
    }


def print_simulation(
    stats: Mapping[str, Any], headline: Sequence[str], columns: Sequence[tuple[str, str]], styles: Mapping[str, str]
) -> None:
    """The human-readable summary of :func:`tally_rows` and :func:`speed`: headline lines, a table of seats with their
    wins and the ``columns`` (title, stats key) of per-seat means, then shared wins, decisions and speed."""
    out = Console(highlight=False)
    for line in headline:
        out.print(line, soft_wrap=True)
    table = Table(show_edge=False)
    table.add_column("Seat")
    table.add_column("Wins", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("95% CI", justify="right")
    for title, _ in columns:
        table.add_column(title, justify="right")
    for p, colour in enumerate(stats["seats"]):
        table.add_row(
            Text(colour.capitalize(), style=styles.get(colour, "")),
            f"{stats['wins'][p]:g}",
            f"{100 * stats['win_rate'][p]:.1f}",
            f"{100 * stats['ci95'][p][0]:.1f}-{100 * stats['ci95'][p][1]:.1f}",
            *(f"{stats[key][p]:.2f}" for _, key in columns),
        )
    out.print(table)
    out.print(f"Shared wins: {stats['shared_wins']} game(s), counted fractionally.", soft_wrap=True)
    out.print(f"Decisions: {stats['mean_decisions']:.1f} per game ({stats['decisions']} in all).", soft_wrap=True)
    gps, dps = stats["games_per_s"], stats["decisions_per_s"]
    speed = f"{gps:.1f} games/s, {dps:,.0f} decisions/s" if gps is not None else "no new game played"
    out.print(f"Speed: {speed} ({stats['seconds']:.2f} s).", soft_wrap=True)


def print_story(text: str, styles: Mapping[str, str]) -> None:
    """A narrated game: '===' lines bold and underlined, '---' lines bold, seat colours coloured."""
    out = Console(highlight=False)
    for line in text.splitlines():
        styled = Text(line)
        if line.startswith("==="):
            styled.stylize("bold underline")
        elif line.startswith("---"):
            styled.stylize("bold")
        for colour, style in styles.items():
            styled.highlight_regex(rf"\b{colour.capitalize()}\b", style)
        out.print(styled, soft_wrap=True)


def save_history(path: Path, history: Any) -> None:
    path.write_text(json.dumps(history, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load_history(path: Path, replay: Callable[[Any], Any], row: int | None = None) -> Any:
    """Read a history file (or with ``row`` that game of a results file) and replay it; any problem
    becomes a clear error exit."""
    from tabletop.watching import history_from

    try:
        return replay(history_from(path, row))
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise fail(f"{path} is not valid JSON: {exc}") from None
    except IllegalAction as exc:
        raise fail(str(exc)) from None


class Lang(StrEnum):
    """A narration language (tabletop.i18n.LANGUAGES)."""

    en = "en"
    de = "de"


LangOpt = Annotated[
    Lang, typer.Option("--lang", help="Language of the narration: en (English, default) or de (Deutsch).")
]
# Seat colours as the German narration names them, so print_story colours them too.
COLOUR_WORDS_DE = {
    "red": "rot",
    "blue": "blau",
    "yellow": "gelb",
    "purple": "lila",
    "black": "schwarz",
    "green": "grün",
}


def story_styles(styles: Mapping[str, str], lang: Lang) -> dict[str, str]:
    """``styles`` keyed by the colour words of ``lang`` as well as the English ones."""
    if lang is Lang.en:
        return dict(styles)
    return {**styles, **{COLOUR_WORDS_DE[c]: s for c, s in styles.items() if c in COLOUR_WORDS_DE}}
