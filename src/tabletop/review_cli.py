"""The ``review`` command of both games' command lines (docs/play/review.md):

    wallenstein review GAME.json [--seat N] [--budget standard|quick|thorough] [--chart FILE] [--json FILE]
    league-of-six review GAME.json --seat 2

GAME.json is a saved history (``--histories``, ``narrate``'s input, the table's download) or a save file.
It prints the win chances season by season (or round by round) and, with ``--seat``, that seat's
decisions against the advisor's, the costliest three first; the chart goes to a PNG (matplotlib).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import StrEnum
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tabletop.cli_common import fail
from tabletop.errors import IllegalAction
from tabletop.review import BUDGETS, DecisionReview, GameReview, ReviewParts, review_game


class BudgetName(StrEnum):
    quick = "quick"
    standard = "standard"
    thorough = "thorough"


def read_history(path: Path) -> Any:
    """A history from a history file or a save file (its ``history``); a clear error exit otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise fail(f"{path} is not valid JSON: {exc}") from None
    if isinstance(data, dict) and "history" in data:
        data = data["history"]
    return data


def _pct(value: float, error: float | None = None) -> str:
    return f"{100 * value:.0f}%" if error is None else f"{100 * value:.0f}% ± {100 * error:.0f}"


def curve_table(review: GameReview) -> Table:
    """The chances at the first decision of each season or round, and the result."""
    names = review.names or [f"seat {p}" for p in range(review.players)]
    table = Table(title="Chance to win (spectator's view)")
    table.add_column("when")
    table.add_column("decision", justify="right")
    for name in names:
        table.add_column(name, justify="right")
    last_period = None
    for point in review.curve:
        if point.stage.period == last_period and point is not review.curve[-1]:
            continue
        last_period = point.stage.period
        label = "result" if point is review.curve[-1] and review.result.get("over") else point.stage.label
        table.add_row(label, str(point.index), *(_pct(c) for c in point.chances))
    return table


def changed(played: str, advised: str) -> str:
    """The advised choice as people compare it: for two plans ("plan: box card, ..."), only the boxes
    the advice fills differently."""
    prefix = "plan: "
    if not (played.startswith(prefix) and advised.startswith(prefix)):
        return advised
    mine = set(played.removeprefix(prefix).split(", "))
    other = [box for box in advised.removeprefix(prefix).split(", ") if box not in mine]
    return "plan with " + ", ".join(other)


def decisions_table(title: str, review: GameReview, rows: Sequence[int], score_name: str) -> Table:
    table = Table(title=title)
    for name, justify in (
        ("#", "right"),
        ("when", "left"),
        ("played", "left"),
        ("win", "right"),
        (score_name, "right"),
        ("advised", "left"),
        ("win", "right"),
        ("lost", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for i in rows:
        d: DecisionReview = review.decisions[i]
        advised = "(the same)" if d.same else changed(d.played.text, d.advised.text)
        table.add_row(
            str(d.index),
            d.stage.label,
            d.played.text,
            _pct(d.played.win, d.played.win_error),
            f"{d.played.score:.1f}",
            advised,
            "" if d.same else _pct(d.advised.win, d.advised.win_error),
            "" if d.same else f"{_pct(d.loss, d.loss_error)}, {d.score_loss:+.1f} {score_name}",
        )
    return table


def print_review(console: Console, review: GameReview, score_name: str) -> None:
    budget = review.budget
    console.print(
        f"{review.game}: {review.decisions_total} decisions; budget {budget.simulations} simulations and "
        f"{budget.rollouts} roll-outs a reviewed decision, {budget.curve_rollouts} roll-outs a curve point; "
        f"seed {review.seed}; {review.cpu_seconds:.1f} s of CPU"
    )
    console.print(curve_table(review))
    if review.seat is None:
        return
    if review.costliest:
        console.print(decisions_table("Costliest decisions", review, review.costliest, score_name))
    else:
        console.print("No decision lost anything the review could measure.")
    console.print(
        decisions_table(f"Every decision of seat {review.seat}", review, range(len(review.decisions)), score_name)
    )


def add_review_command(app: typer.Typer, package: str) -> None:
    """Register ``review`` on a game's command line (``package``: "wallenstein", "league_of_six")."""

    @app.command()
    def review(
        game: Annotated[Path, typer.Argument(help="A saved history (or save file) of a game.")],
        seat: Annotated[int | None, typer.Option("--seat", min=0, help="The seat whose decisions to review.")] = None,
        budget: Annotated[BudgetName, typer.Option("--budget", help="How much search.")] = BudgetName.standard,
        seed: Annotated[int, typer.Option("--seed", min=0, help="The review's own seed.")] = 0,
        chart: Annotated[Path | None, typer.Option("--chart", help="PNG to write (default GAME.review.png).")] = None,
        as_json: Annotated[Path | None, typer.Option("--json", help="Also write the review as JSON here.")] = None,
    ) -> None:
        """Review a finished game: every seat's chance to win, and a seat's decisions against the bot's advice."""
        parts: ReviewParts = import_module(f"{package}.review").PARTS
        history = read_history(game)
        try:
            result = review_game(parts, history, seat, BUDGETS[budget.value], seed)
        except IllegalAction as exc:
            raise fail(str(exc)) from None
        console = Console(width=max(Console().width, 150))
        print_review(console, result, parts.score_name)
        if as_json is not None:
            as_json.write_text(json.dumps(result.to_json(), ensure_ascii=False), encoding="utf-8")
        target = chart or game.with_name(game.name.removesuffix(".json") + ".review.png")
        try:
            from tabletop.review_chart import draw_chart

            draw_chart(result, target)
        except ImportError as exc:
            raise fail(str(exc)) from None
        console.print(f"Chart: {target}")


__all__ = ["add_review_command", "print_review", "read_history"]
